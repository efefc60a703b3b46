"""Studio frame time: a busy table with every overlay on against an empty table, offscreen.

Renders at 1280x720 (or --size) through the shared offscreen renderer: an empty play area,
then 6 ships and 4 obstacles with all overlays, the ships moving every frame (so each frame
pays for ``Scene.update`` as well as the render and the read-back into numpy). With
``--skirmish`` it also plays the bundled skirmish and renders its replay through the Timeline
at 30 frames per second of playback, all overlays and trails on. Prints milliseconds per
frame, frames per second and the ratio to the empty frame.
Usage: python bench/bench_studio.py [--frames N] [--size WxH] [--camera top|table] [--skirmish]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path, template_outline
from engine.rulesets.attack_wing.params import PLAY_AREA_MM
from engine.view import ShipView, TableView, TemplateView
from engine.view_attack_wing import AttackView, AttackWingTable, ObstacleView
from studio.offscreen import display_name
from studio.overlays import OVERLAYS
from studio.snapshot import Renderer, shared_renderer

A = PLAY_AREA_MM

FLEET = (
    ("ent", "Federation", "Galaxy Class", 5, 0, Pose(180, 160, 20)),
    ("def", "Federation", "Defiant Class", 3, 0, Pose(330, 120, 0)),
    ("akr", "Federation", "Akira Class", 5, 0, Pose(480, 150, 340)),
    ("kt", "Klingon", "K'T'Inga Class", 4, 1, Pose(700, 760, 180)),
    ("bop", "Klingon", "Klingon Bird-of-Prey", 3, 1, Pose(560, 780, 200)),
    ("vor", "Klingon", "Vor'cha Class", 5, 1, Pose(420, 740, 160)),
)
OBSTACLES = (
    ObstacleView("a", ((300, 400), (360, 380), (390, 440), (340, 480), (290, 450))),
    ObstacleView("b", ((600, 380), (660, 400), (650, 450), (590, 440))),
    ObstacleView("c", ((150, 600), (200, 590), (215, 640), (160, 655))),
    ObstacleView("d", ((720, 220), (790, 240), (780, 300), (730, 290))),
)
BANK = Maneuver("right-bank", 2)


def busy_view(frame: int, frames: int) -> TableView:
    t = (frame % frames) / max(frames - 1, 1)
    ships, templates = [], []
    for sid, faction, cls, hull, player, start in FLEET:
        path = maneuver_path(start, BANK)
        outline = template_outline(start, BANK)
        assert outline is not None
        templates.append(TemplateView(tuple(outline.exterior.coords)[:-1], "white", sid))
        rear = 90.0 if hull >= 5 else None
        ships.append(ShipView(sid, sid, faction, cls, "small", path.pose_at(t), player, 90.0, rear,
                              hull=hull, hull_max=hull, shields=3, shields_max=3, active=sid == "ent"))
    a, d = ships[0].pose, ships[3].pose
    attack = AttackView("ent", "kt", (a.x, a.y + 20), (d.x, d.y - 20), 3, obstructed=True)
    return TableView(A, A, ships=tuple(ships), templates=tuple(templates), selected="ent",
                     part=AttackWingTable(obstacles=OBSTACLES, attack=attack))


def timed_frames(render: Callable[[int], object], frames: int) -> list[float]:
    render(0)  # warm: build nodes, load models, compile state
    out = []
    for i in range(frames):
        t0 = time.perf_counter()
        render(i)
        out.append(time.perf_counter() - t0)
    return out


def ms(v: list[float]) -> str:
    m = statistics.median(v)
    return f"median {1000 * m:6.2f} ms  ({1 / m:6.1f} fps)"


def skirmish(renderer: Renderer, size: tuple[int, int], camera: str, frames: int) -> list[float]:
    """Frame times of the bundled skirmish's replay (seed 1) from round 2 on, at 30 fps."""
    from engine.rulesets.attack_wing.play import play, setup_from_scenario
    from engine.rulesets.attack_wing.reducer import initial_state
    from engine.rulesets.attack_wing.ruleset import RULESET
    from engine.rulesets.attack_wing.scenario import load_scenario
    from engine.timeline import TableGeometry, Timeline

    scenario = load_scenario("skirmish")
    setup = setup_from_scenario(scenario)
    result = play(scenario, 1)
    table = TableGeometry((setup.area.width, setup.area.height), setup.obstacles, setup.planets)
    timeline = Timeline(RULESET, result.events, initial_state(1), table)
    start = next(timeline.start_of(i) for i, e in enumerate(result.events) if e.type == "ship_moved")
    every = set(OVERLAYS)

    def frame(i: int) -> object:
        m = timeline.moment(start + i / 30.0)
        return renderer.render(m.view, size, camera, every)

    return timed_frames(frame, frames)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--camera", default="top")
    parser.add_argument("--skirmish", action="store_true", help="also render the bundled skirmish's replay")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    renderer = shared_renderer()
    empty = TableView(A, A)
    every = set(OVERLAYS)

    base = timed_frames(lambda i: renderer.render(empty, (w, h), args.camera, set()), args.frames)
    busy = timed_frames(lambda i: renderer.render(busy_view(i, args.frames), (w, h), args.camera, every),
                        args.frames)
    views = [busy_view(i, args.frames) for i in range(args.frames)]
    upd = timed_frames(lambda i: renderer.scene.update(views[i], every), args.frames)

    print(f"display {display_name()}, {w}x{h}, camera {args.camera}, {args.frames} frames each")
    print(f"  empty table                         {ms(base)}")
    ratio = statistics.median(busy) / statistics.median(base)
    print(f"  6 ships, 4 obstacles, all overlays  {ms(busy)}  ratio {ratio:.2f}x")
    print(f"    of which Scene.update (ships move) median {1000 * statistics.median(upd):6.3f} ms")
    if args.skirmish:
        sk = skirmish(renderer, (w, h), args.camera, args.frames)
        ratio = statistics.median(sk) / statistics.median(base)
        print(f"  bundled skirmish, all overlays      {ms(sk)}  ratio {ratio:.2f}x")


if __name__ == "__main__":
    main()

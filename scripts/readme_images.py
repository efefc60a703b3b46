"""Render the README's pictures from a bundled game: python scripts/readme_images.py"""

from __future__ import annotations

import tempfile
from pathlib import Path

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from studio.snapshot import render_view, save_png

OUT = Path(__file__).resolve().parent.parent / "docs" / "images"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    print(ship_lineup())
    print(dial_plate())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "skirmish.trek"
        play(load_scenario("skirmish"), 3, path)
        timeline = load_timeline(path).timeline
    # the third attack of the game, half way through its dice
    attacks = [i for i, e in enumerate(timeline.events) if isinstance(e, ev.DiceRolled)]
    moment = timeline.moment(timeline.start_of(attacks[4]) + 0.3)
    frame = render_view(moment.view, size=(960, 540), camera="top",
                        overlays={"templates", "attack", "trails", "ranges"})
    save_png(frame, OUT / "skirmish-top.png")
    print(OUT / "skirmish-top.png")
    # the hero image: the demo's screenshot, the attack that did the most damage, HUD and all
    from studio.video import render_screenshot
    from trek.demo_cmd import biggest_attack

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "skirmish.trek"
        play(load_scenario("skirmish"), 3, path)
        loaded = load_timeline(path)
        print(render_screenshot(loaded, biggest_attack(loaded.timeline), OUT / "battle-report.png",
                                size=(1280, 720), camera="director"))
        attack_clip(loaded)
    alliance()


def attack_clip(loaded: LoadedReplay) -> None:
    """A frame of `trek render --attack N`: the defender's roll, the dice in their inset."""
    from studio.frame_plan import attacks
    from studio.video import FrameRenderer

    tl = loaded.timeline
    a = attacks(tl)[3]
    roll = next(i for i in range(a, len(tl)) if getattr(tl.events[i], "kind", "") == "defense")
    with FrameRenderer(loaded, (960, 540), pip=True) as fr:
        save_png(fr.game_frame(tl.start_of(roll + 1) - 0.05), OUT / "attack-clip.png")
    print(OUT / "attack-clip.png")


def alliance() -> None:
    """The Alliance mission: its sensor data sites on the table, an Enemy AI ship choosing."""
    from engine.rulesets.alliance import events as ae
    from engine.rulesets.alliance.play import play_mission
    from studio.video import render_screenshot

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "act1.trek"
        play_mission("alliance-act1", 2, 3, path)
        loaded = load_timeline(path)
        at = next(i for i, e in enumerate(loaded.timeline.events) if isinstance(e, ae.EnemyActionRule))
        print(render_screenshot(loaded, at, OUT / "alliance-mission.png", size=(960, 540)))


LINEUP: tuple[tuple[str, str], ...] = (
    ("Galaxy Class", "Federation"), ("Sovereign Class", "Federation"), ("Excelsior Class", "Federation"),
    ("Constitution Class", "Federation"), ("Intrepid Class", "Federation"), ("Miranda Class", "Federation"),
    ("Nebula Class", "Federation"), ("Defiant Class", "Federation"), ("Akira Class", "Federation"),
    ("Klingon Bird-of-Prey", "Klingon"), ("Vor'cha Class", "Klingon"), ("D'deridex Class", "Romulan"),
    ("Jem'Hadar Attack Ship", "Dominion"), ("Cardassian Galor Class", "Dominion"), ("Borg Sphere", "Borg"),
    ("Tholian Vessel", "Independent"),
)


def ship_lineup() -> Path:
    """Every model family from above, on its base, named by its class (docs/images/ships.png)."""
    from engine.geometry.pose import Pose
    from engine.view import ShipView, TableView
    from studio.camera import CameraPose

    ships = []
    for k, (cls, faction) in enumerate(LINEUP):
        x, y = 100 + (k % 8) * 82, 640 - (k // 8) * 95
        name = cls.removesuffix(" Class").replace("Cardassian ", "").replace("Klingon ", "")
        short = {"Jem'Hadar Attack Ship": "Jem'Hadar", "Tholian Vessel": "Tholian", "Borg Sphere": "Borg"}
        name = short.get(name, name)
        ships.append(ShipView(f"s{k}", name, faction, cls, "small", Pose(x, y, 0), player=k % 2, hull_max=4))
    view = TableView(914.4, 914.4, ships=tuple(ships))
    camera = CameraPose((387, 585, 1500), (387, 585, 0), (0, 1, 0), ortho_height=215)
    out = OUT / "ships.png"
    save_png(render_view(view, size=(1280, 420), camera=camera, overlays={"names"}), out)
    return out


def dial_plate() -> Path:
    """The Borg Sphere's dial plate (docs/images/dial-borg-sphere.png): spins beside straights."""
    from engine.teach import resolve_dial
    from studio.teach import draw_plate

    out = OUT / "dial-borg-sphere.png"
    save_png(draw_plate(resolve_dial("Borg Sphere"), (800, 600)).frame, out)
    return out


if __name__ == "__main__":
    main()

"""`trek screenshot FILE --at N -o OUT.png`: one frame offscreen at the end of event N."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from engine.replay_timeline import load_timeline
from engine.rulesets.attack_wing import events as ev
from studio.camera import table_to_pixel
from studio.frame_plan import moment_after
from studio.palette import PLAYER_COLOURS
from studio.snapshot import load_png
from trek.main import main

SIZE = (960, 540)


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("shot") / "skirmish-3.trek"
    play(load_scenario("skirmish"), 3, path)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def border_pixel(frame: np.ndarray, x: float, y: float, heading: float, area: tuple[float, float]) -> np.ndarray:
    """The base border beside the model, on the ship's right (18.2 mm from the centre)."""
    h = math.radians(heading)
    bx, by = x + 18.2 * math.cos(h), y - 18.2 * math.sin(h)
    u, v = table_to_pixel(bx, by, SIZE, area)
    out: np.ndarray = frame[int(v), int(u)].astype(int)
    return out


def test_top_screenshot_shows_the_moved_ship_at_its_end_pose(capsys: pytest.CaptureFixture[str], replay_file: Path,
                                                             tmp_path: Path) -> None:
    loaded = load_timeline(replay_file)
    tl = loaded.timeline
    n = next(i for i, e in enumerate(tl.events) if isinstance(e, ev.ShipMoved) and e.round == 2)
    moved = tl.events[n]
    assert isinstance(moved, ev.ShipMoved)
    out = tmp_path / "shot.png"
    code, stdout, _ = run(capsys, "screenshot", str(replay_file), "--at", str(n), "-o", str(out),
                          "--size", f"{SIZE[0]}x{SIZE[1]}", "--camera", "top", "--no-hud")
    assert code == 0 and "wrote" in stdout
    frame = load_png(out)
    assert frame.shape == (SIZE[1], SIZE[0], 3)
    side = tl.final.ship(moved.ship).side
    end = moved.end
    pixel = border_pixel(frame, end.x, end.y, end.heading, tl.table.area)
    assert np.all(np.abs(pixel - np.array(PLAYER_COLOURS[side][:3]) * 255) <= 45), pixel
    # every ship on the table at that moment shows its player colour where the timeline puts it
    for ship in moment_after(tl, n).view.ships:
        p = border_pixel(frame, ship.pose.x, ship.pose.y, ship.pose.heading, tl.table.area)
        assert np.all(np.abs(p - np.array(PLAYER_COLOURS[ship.player][:3]) * 255) <= 45), (ship.id, p)


def test_default_screenshot_has_the_hud_and_json(capsys: pytest.CaptureFixture[str], replay_file: Path,
                                                 tmp_path: Path) -> None:
    out = tmp_path / "hud.png"
    code, stdout, _ = run(capsys, "screenshot", str(replay_file), "--at", "120", "-o", str(out), "--size",
                          "640x360", "--overlays", "arcs,ranges,templates", "--json")
    doc = json.loads(stdout)
    assert code == 0 and doc["at"] == 120 and doc["output"] == str(out) and doc["event"]
    frame = load_png(out)
    plain = tmp_path / "plain.png"
    assert run(capsys, "screenshot", str(replay_file), "--at", "120", "-o", str(plain), "--size", "640x360",
               "--overlays", "arcs,ranges,templates", "--no-hud")[0] == 0
    bare = load_png(plain)
    # the round box in the top-left corner and the caption at the bottom are drawn over the scene
    assert not np.array_equal(frame[10:40, 10:150], bare[10:40, 10:150])
    assert not np.array_equal(frame[330:355, 200:440], bare[330:355, 200:440])
    assert frame.std() > 12


def test_zero_length_events_and_before_the_first(replay_file: Path) -> None:
    loaded = load_timeline(replay_file)
    tl = loaded.timeline
    placed = [i for i, e in enumerate(tl.events) if isinstance(e, ev.ShipPlaced)]
    assert tl.start_of(placed[0]) == tl.start_of(placed[0] + 1)  # ship_placed takes no playback time
    first, last = tl.events[placed[0]], tl.events[placed[-1]]
    assert isinstance(first, ev.ShipPlaced) and isinstance(last, ev.ShipPlaced)
    view = moment_after(tl, placed[0]).view  # the first ship is placed, the last not yet
    one, other = view.ship(first.ship), view.ship(last.ship)
    assert one is not None and (one.pose.x, one.pose.y) == (first.pose.x, first.pose.y)
    assert other is None or (other.pose.x, other.pose.y) != (last.pose.x, last.pose.y)
    assert moment_after(tl, -1).index == -1 and not moment_after(tl, -1).view.ships


@pytest.mark.parametrize("args, message", [
    (("--at", "99999"), "there is no event"),
    (("--at", "-2"), "there is no event"),
    (("--at", "5", "--size", "10x10"), "out of range"),
    (("--at", "5", "--camera", "follow:nobody"), "no ship matches"),
])
def test_bad_screenshot_requests(capsys: pytest.CaptureFixture[str], replay_file: Path, tmp_path: Path,
                                 args: tuple[str, ...], message: str) -> None:
    out = tmp_path / "x.png"
    code, _, err = run(capsys, "screenshot", str(replay_file), "-o", str(out), *args)
    assert code == 2 and message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []

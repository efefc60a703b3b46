"""`trek teach` (issue 7): dial plates, comparisons, maneuver clips, lessons, dial ghosts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver, end_pose
from engine.rulesets.attack_wing.measure import Placed
from engine.rulesets.attack_wing.movement import ShipBase, Table
from engine.teach import (
    PlateLayout,
    dial_ghosts,
    lesson_names,
    load_lesson,
    maneuver_label,
    resolve_dial,
    rule_caption,
)
from engine.view import ShipView
from trek.main import main

SMALL = (480, 360)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# --- pure parts --------------------------------------------------------------------------------

def test_labels_and_captions() -> None:
    assert maneuver_label(Maneuver("left-bank", 2)) == "2 bank L"
    assert maneuver_label(Maneuver("right-turn", 3)) == "3 turn R"
    assert maneuver_label(Maneuver("straight", -1)) == "1 astern"
    assert maneuver_label(Maneuver("about", 3)) == "3 come about"
    assert maneuver_label(Maneuver("stop", 0)) == "stop"
    assert "gains an Auxiliary Power token" in rule_caption(Maneuver("right-turn", 3), "red")
    assert "removes an Auxiliary Power token" in rule_caption(Maneuver("straight", 1), "green")
    assert "a straight of the same speed" in rule_caption(Maneuver("about", 2), "red")


def test_resolve_dial_by_class_or_ship() -> None:
    d = resolve_dial("Galaxy Class")
    assert d.ship_class.name == "Galaxy Class" and d.ship_name is None and len(d.entries) == 15
    assert resolve_dial("Klingon Bird-of-Prey").entries


def test_layout_round_trip() -> None:
    lay = PlateLayout.fit([(0.0, 0.0), (100.0, 50.0)], (400, 300), (20, 10, 30, 10))
    px, py = lay.to_pixel(0.0, 0.0)
    assert lay.to_table(px, py) == pytest.approx((0.0, 0.0))
    assert 10 <= px <= 390 and 20 <= py <= 270
    fixed = PlateLayout.fit([(0.0, 0.0)], (400, 300), mm_per_px=0.5)
    assert fixed.mm_per_px == 0.5


def _view(x: float, y: float, heading: float = 0.0, ship_id: str = "me") -> ShipView:
    return ShipView(ship_id, "Enterprise", "federation", "Galaxy Class", "small", Pose(x, y, heading))


def test_dial_ghosts_free_bumped_and_off_table() -> None:
    free = dial_ghosts(_view(457.0, 457.0))
    assert len(free) == 15 and not any(g.blocked for g in free)
    g = next(g for g in free if g.maneuver == Maneuver("straight", 2))
    assert (g.end.x, g.end.y) == pytest.approx(end_pose(Pose(457.0, 457.0, 0.0), g.maneuver).as_tuple()[:2])
    assert g.template and g.colour == "green"
    # another ship 2 straights ahead: the 2 straight bumps, the 5 straight jumps it
    other = ShipBase("them", Placed(end_pose(Pose(457.0, 457.0, 0.0), Maneuver("straight", 2))))
    ghosts = {g.label: g for g in dial_ghosts(_view(457.0, 457.0), Table([other]))}
    assert ghosts["2 straight"].blocked_reason == "bump"
    assert ghosts["5 straight"].blocked_reason is None
    # at the north edge, fast straights leave the table
    edge = {g.label: g for g in dial_ghosts(_view(457.0, P.PLAY_AREA_MM - 60.0))}
    assert edge["5 straight"].blocked_reason == "off table"
    assert edge["1 astern"].blocked_reason is None


# --- pictures ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def galaxy() -> Any:
    return resolve_dial("Galaxy Class")


def test_plate_draws_one_ghost_per_dial_entry_where_its_end_maps(showbase: Any, galaxy: Any) -> None:
    from studio.teach import draw_plate

    plate = draw_plate(galaxy, SMALL, flat=True)
    img = plate.frame.astype(int)
    half_px = P.base_half("small") / plate.layout.mm_per_px
    found = 0
    for shown, colour in zip(plate.shown, plate.flat_colours, strict=True):
        mask = (np.abs(img - np.array(colour)).max(axis=2) <= 2)
        if mask.sum() < 4:
            continue
        found += 1
        ys, xs = np.nonzero(mask)
        px, py = plate.layout.to_pixel(shown.x, shown.y)
        # what shows of each ghost lies inside its base square around its mapped centre
        assert np.abs(xs - px).max() <= half_px * 1.5 + 2 and np.abs(ys - py).max() <= half_px * 1.5 + 2
    assert found == len(galaxy.entries) == 15


def test_red_ghost_is_red_at_its_pixel(showbase: Any, galaxy: Any) -> None:
    from studio.teach import draw_plate

    plate = draw_plate(galaxy, SMALL)
    red = next(g for g in plate.ghosts if g.colour == "red" and g.maneuver.kind == "right-turn")
    spot = red.end.advance(-P.base_half("small") * 0.55, P.base_half("small") * 0.55)
    px, py = plate.layout.to_pixel(spot.x, spot.y)
    r, g, b = (int(v) for v in plate.frame[int(py), int(px)])
    assert r > g + 40 and r > b + 40, (r, g, b)
    green = next(g for g in plate.ghosts if g.colour == "green" and g.maneuver.kind == "right-bank")
    spot = green.end.advance(-P.base_half("small") * 0.6, P.base_half("small") * 0.6)
    px, py = plate.layout.to_pixel(spot.x, spot.y)
    r, g, b = (int(v) for v in plate.frame[int(py), int(px)])
    assert g > r + 30 and g > b + 20, (r, g, b)


def test_print_plate_is_light(showbase: Any, galaxy: Any) -> None:
    from studio.teach import draw_plate

    plate = draw_plate(galaxy, SMALL, printable=True)
    assert plate.frame[2, 2].min() >= 250


def test_compare_uses_one_scale(showbase: Any) -> None:
    from studio.teach import draw_compare

    frame, (a, b) = draw_compare(resolve_dial("Galaxy Class"), resolve_dial("Klingon Bird-of-Prey"), (640, 320))
    assert frame.shape == (320, 640, 3)
    assert a.mm_per_px == b.mm_per_px


def test_maneuver_clip_follows_the_path(showbase: Any, galaxy: Any) -> None:
    from studio.teach import ClipPlan, maneuver_frames

    plan = ClipPlan(fps=4.0)
    frames = maneuver_frames(galaxy, Maneuver("right-turn", 3), (160, 120), plan=plan)
    assert len(frames) == plan.frames and plan.progress(0) == 0.0 and plan.progress(plan.frames - 1) == 1.0
    assert not np.array_equal(frames[0], frames[-1])


def test_lessons_load_and_render(showbase: Any) -> None:
    from studio.teach_lessons import lesson_frames, resolve_lesson_moves

    names = lesson_names()
    assert {"movement", "overlap", "range", "arcs", "obstacle", "sensor_echo"} <= set(names)
    for name in names:
        load_lesson(name)
    (_ship, result), = resolve_lesson_moves(load_lesson("overlap"))
    assert result.backed_off and result.bumped == ("Vor'cha",)
    (_, result), = resolve_lesson_moves(load_lesson("obstacle"))
    assert result.obstacles
    frames = lesson_frames(load_lesson("overlap"), (320, 240))
    assert len(frames) == 1 and frames[0].shape == (240, 320, 3) and frames[0].std() > 5


# --- the command line ------------------------------------------------------------------------------

def test_cli_dial_compare_maneuver_lesson(showbase: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from studio.snapshot import load_png

    out = tmp_path / "galaxy.png"
    code, text, err = run(capsys, "teach", "dial", "Galaxy Class", "-o", str(out), "--size", "320x240", "--print")
    assert code == 0, err
    assert "15" in text and load_png(out).shape == (240, 320, 3)
    code, _, err = run(capsys, "teach", "compare", "Galaxy Class", "Vor'cha Class", "-o", str(tmp_path / "c.png"),
                       "--size", "320x160")
    assert code == 0, err
    gif = tmp_path / "turn.gif"
    code, _, err = run(capsys, "teach", "maneuver", "Galaxy Class", "right-turn", "3", "-o", str(gif),
                       "--size", "160x120", "--fps", "4")
    assert code == 0, err
    assert gif.stat().st_size > 0
    code, _, err = run(capsys, "teach", "lesson", "range", "-o", str(tmp_path / "r.png"), "--size", "320x240")
    assert code == 0, err
    code, text, _ = run(capsys, "teach", "lesson", "--list")
    assert code == 0 and "overlap" in text


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "teach", "dial", "No Such Ship", "-o", str(tmp_path / "x.png"))
    assert code == 2 and "no ship or ship class" in err
    code, _, err = run(capsys, "teach", "maneuver", "Galaxy Class", "left-turn", "1", "-o", str(tmp_path / "x.mp4"))
    assert code == 2 and "not on the Galaxy Class dial" in err
    code, _, err = run(capsys, "teach", "dial", "Galaxy Class", "-o", str(tmp_path / "x.jpg"))
    assert code == 2
    assert not list(tmp_path.iterdir())


def test_dial_fan_for_the_viewer(showbase: Any) -> None:
    from panda3d.core import NodePath

    from engine.view import TableView
    from studio.teach import DialFan

    me = _view(457.0, 457.0, ship_id="a")
    ahead = end_pose(me.pose, Maneuver("straight", 2))
    them = ShipView("b", "Vor'cha", "klingon", "Vor'cha Class", "small", Pose(ahead.x, ahead.y, 180.0), player=1)
    view = TableView(P.PLAY_AREA_MM, P.PLAY_AREA_MM, ships=(me, them))
    root = NodePath("test")
    fan = DialFan(root)
    fan.update(view, "a")
    assert len(fan.ghosts) == 15 and fan.node is not None and fan.node.getParent() == root
    assert {g.label for g in fan.ghosts if g.blocked} >= {"2 straight"}
    node = fan.node
    fan.update(view, "a")
    assert fan.node is node  # unchanged view: not rebuilt
    fan.update(None, None)
    assert fan.node is None and not fan.ghosts

"""Into the Unknown's teaching plate of the impulse and warp moves and its video cards (issue 17):
the plate comes through the ruleset (``teaching``) as view records the studio draws; each panel is
the guide's maneuver worked out by the rules' movement code, checked against the guide's steps
and on pixels; `trek teach plate` writes it."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.geometry.pose import Pose
from engine.replay_timeline import load_timeline
from engine.rulesets.into_the_unknown.movement import NOTCH_DEGREES
from engine.rulesets.into_the_unknown.play import play_mission
from engine.rulesets.into_the_unknown.table import BASES, INCH, slot
from engine.rulesets.registry import ruleset_for
from engine.view import PlateView, ShipView
from engine.view_into_the_unknown import table_of as itu_table_of
from studio.plates import draw_plate_view, layout_of
from studio.snapshot import load_png
from studio.tools import TOOL
from trek.main import main

SIZE = (1440, 600)


@pytest.fixture(scope="module")
def plate() -> PlateView:
    teaching = ruleset_for("into_the_unknown").teaching
    assert teaching is not None
    return teaching("moves")


def pair(plate: PlateView, k: int) -> tuple[ShipView, ShipView]:
    start, end = plate.table.ship(f"start-{k}"), plate.table.ship(f"end-{k}")
    assert start is not None and end is not None
    return start, end


def heading_change(a: Pose, b: Pose) -> float:
    return ((b.heading - a.heading + 180.0) % 360.0) - 180.0


def test_forward_impulse_turning_before_the_advance(plate: PlateView) -> None:
    """Guide, "Forward Impulse" steps 1-5: the tool in the port slot turned 2 notches toward the aft,
    slid 5" along the ruler: the ship ends turned 2 notches left with its port slot 5" from where
    the slot was, along the new heading."""
    start, end = pair(plate, 0)
    assert heading_change(start.pose, end.pose) == pytest.approx(-2 * NOTCH_DEGREES)
    (ax, ay), (bx, by) = slot(start.pose, "small", "port"), slot(end.pose, "small", "port")
    assert math.dist((ax, ay), (bx, by)) == pytest.approx(5 * INCH)
    h = math.radians(end.pose.heading)
    assert (bx - ax, by - ay) == pytest.approx((5 * INCH * math.sin(h), 5 * INCH * math.cos(h)))
    tools = [t for t in itu_table_of(plate.table).tools if t.x < 10 * INCH]
    assert len(tools) == 2 and all(t.turned == pytest.approx(-2.0) for t in tools)  # its start and its end


def test_forward_impulse_turning_after_the_advance(plate: PlateView) -> None:
    """Steps 4-6: slid 5" straight ahead, then the base rotated 2 notches forward about the tool's
    head: the port slot stays where the straight advance put it."""
    start, end = pair(plate, 1)
    assert heading_change(start.pose, end.pose) == pytest.approx(-2 * NOTCH_DEGREES)
    ahead = start.pose.advance(5 * INCH)
    assert slot(end.pose, "small", "port") == pytest.approx(slot(ahead, "small", "port"))


def test_warp_and_come_about(plate: PlateView) -> None:
    """Engage warp: straight ahead, twice the warp factor (3: 6"); the ruler alongside the port side
    from the aft corner to past the new fore end. Come about: a spin on the centre."""
    start, end = pair(plate, 2)
    assert end.pose.heading == start.pose.heading
    assert math.dist((start.pose.x, start.pose.y), (end.pose.x, end.pose.y)) == pytest.approx(6 * INCH)
    ruler = next(t for t in plate.table.templates if t.ship_id == "end-2")
    ys = [p[1] for p in ruler.points]
    _, length = BASES["small"]
    assert min(ys) == pytest.approx(start.pose.y - length / 2) and max(ys) == pytest.approx(end.pose.y + length / 2)
    assert all(p[0] <= start.pose.x - BASES["small"][0] / 2 + 1e-6 for p in ruler.points)
    start, end = pair(plate, 3)
    assert (start.pose.x, start.pose.y) == (end.pose.x, end.pose.y) and start.pose.heading != end.pose.heading
    assert all(s.cloaked == s.id.startswith("start") for s in plate.table.ships)  # where it started: faint
    assert {lab.text for lab in plate.labels} >= {"FORWARD IMPULSE, TURN BEFORE", "FORWARD IMPULSE, TURN AFTER",
                                                  "ENGAGE WARP 3", "COME ABOUT"}


def test_the_plate_is_drawn_with_its_tools(plate: PlateView) -> None:
    frame = draw_plate_view(plate, SIZE)
    bare = draw_plate_view(replace(plate, table=replace(plate.table, part=None)), SIZE)
    layout = layout_of(plate, SIZE)
    tool = itu_table_of(plate.table).tools[-1]
    mid = Pose(tool.x, tool.y, tool.heading).advance(tool.length * 0.9)  # the stem past the 1" ruler under it
    u, v = (int(c) for c in layout.to_pixel(mid.x, mid.y))

    def tool_pixels(img: Any) -> int:
        patch = img[v - 2:v + 3, u - 2:u + 3].astype(int)
        return int((abs(patch - [c * 255 for c in TOOL[:3]]) <= 40).all(axis=2).sum())

    assert tool_pixels(frame) > 0 and tool_pixels(bare) == 0
    assert frame[: SIZE[1] // 10].std() > 5  # the title above the table


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_trek_teach_plate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "moves.png"
    code, text, _ = run(["teach", "plate", "into_the_unknown", "-o", str(out), "--size", "960x400"], capsys)
    assert code == 0 and "moves" in text and load_png(out).shape == (400, 960, 3)
    code, _, err = run(["teach", "plate", "into_the_unknown", "bogus", "-o", str(out)], capsys)
    assert code != 0 and "no teaching plate 'bogus'" in err and "Traceback" not in err
    code, _, err = run(["teach", "plate", "attack_wing", "-o", str(out)], capsys)
    assert code != 0 and "has no teaching plates" in err


def test_title_and_end_cards(tmp_path: Path) -> None:
    path = tmp_path / "itu7.trek"
    play_mission(7, path)
    loaded = load_timeline(path)
    final = loaded.timeline.ruleset_final
    title, end = loaded.title_card, loaded.end_card
    assert (title.kicker, title.title) == ("STAR TREK: INTO THE UNKNOWN", "At Perdition's Gate")
    assert [f.name for f in title.fleets] == ["Federation", "Dominion"]
    assert [s.captain for f in title.fleets for s in f.ships] == ["Benjamin Sisko", "Vorta Diplomat"]
    assert end.headline_side == final.winner and end.title == f"{final.sides[final.winner].title()} wins"
    assert [f.points for f in end.fleets] == [final.score(0), final.score(1)]
    for fleet in end.fleets:
        for line, ship in zip(fleet.ships, [s for s in final.ships if s.side == fleet.side], strict=True):
            assert line.status.startswith(f"hull {ship.hull_value}/") or line.status == "destroyed"

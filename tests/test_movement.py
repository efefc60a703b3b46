"""Movement exceptions (rulebook 000 "Overlapping Other Ships", "Obstacles", "Planets",
"Fleeing the Battlefield", "Sensor Echo") on concrete tables."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet
from engine.rulesets.attack_wing.maneuvers import Maneuver, end_pose
from engine.rulesets.attack_wing.measure import Placed, distance
from engine.rulesets.attack_wing.movement import ShipBase, Table, resolve_move, sensor_echo_options

START = Pose(300, 100, 0)


def ship(ship_id: str, x: float, y: float, heading: float = 0.0, size: str = "small") -> ShipBase:
    return ShipBase(ship_id, Placed(Pose(x, y, heading), size))


def test_clear_table_moves_the_whole_maneuver() -> None:
    r = resolve_move(START, Maneuver("right-bank", 2), "small", Table())
    assert r.progress == 1.0 and not r.bumped and not r.backed_off
    assert r.end == end_pose(START, Maneuver("right-bank", 2))


def test_overlapping_ships_example() -> None:
    # Rulebook example: a 3 straight would overlap ship #2; backing off it overlaps ship #1;
    # it ends touching ship #1.
    one, two = ship("#1", 300, 205), ship("#2", 310, 260)
    r = resolve_move(START, Maneuver("straight", 3), "small", Table([one, two]))
    assert r.bumped == ("#2",)
    assert r.touching == ("#1",)
    assert distance(Placed(r.end), one.placed) == pytest.approx(0.0, abs=0.02)
    assert r.end.heading == 0 and r.end.x == pytest.approx(300)
    assert r.end.y == pytest.approx(205 - 40, abs=0.02)


def test_bump_on_a_bank_backs_off_along_the_template() -> None:
    full = end_pose(START, Maneuver("left-bank", 3))
    blocker = ship("b", full.x, full.y + 10, 0)
    r = resolve_move(START, Maneuver("left-bank", 3), "small", Table([blocker]))
    assert 0.0 < r.progress < 1.0
    assert r.end == r.path.pose_at(r.progress)
    assert 0 < abs(r.end.heading - 360) < 45  # part of the way round the bank
    assert distance(Placed(r.end), blocker.placed) == pytest.approx(0.0, abs=0.02)


def test_come_about_that_overlaps_becomes_a_straight_of_the_same_speed() -> None:
    """Rulebook, "Overlapping Other Ships": "If the active ship is executing a [2] Maneuver that
    causes it to overlap another ship, instead treat its maneuver as a [8] Maneuver with the same
    speed and color revealed on the dial" (the glyphs in the text's order: 2, 8, then 5 for the next
    paragraph's full astern, which "move[s] ... forward along the top of the template"): a come
    about is read against the straight of its speed, not as a full astern. The straight backs off
    along its template to touch the blocker, heading kept (no 180 degree turn)."""
    blocker = ship("b", 300, 220)
    r = resolve_move(START, Maneuver("about", 2), "small", Table([blocker]))
    assert r.changed_from == Maneuver("about", 2)
    assert r.maneuver == Maneuver("straight", 2)
    assert r.bumped == ("b",) and 0.0 < r.progress < 1.0
    assert r.end.heading == START.heading and r.end.x == pytest.approx(300) and r.end.y > START.y
    assert distance(Placed(r.end), blocker.placed) == pytest.approx(0.0, abs=0.02)  # touching
    assert not r.fled  # forward onto the table, not backward off its edge


def test_full_astern_that_overlaps_moves_forward_along_its_template() -> None:
    blocker = ship("b", 300, 140)
    start = Pose(300, 250, 0)
    r = resolve_move(start, Maneuver("straight", -1), "small", Table([blocker]))
    assert r.end.y == pytest.approx(180.0, abs=0.02)  # rear edge 160 touches b's front edge
    assert r.touching == ("b",)


def test_planet_backs_the_ship_off() -> None:
    planet = Planet(300, 260, 40, "Bajor")
    r = resolve_move(START, Maneuver("straight", 2), "small", Table(planets=[planet]))
    assert r.planets == ("Bajor",)
    assert r.end.y + 20 == pytest.approx(220.0, abs=0.02)  # front edge touches the planet


def test_obstacle_under_the_template_is_reported() -> None:
    rock = Obstacle(((295, 140), (305, 140), (300, 150)), "asteroid A")
    r = resolve_move(START, Maneuver("straight", 1), "small", Table(obstacles=[rock]))
    assert r.obstacles == ("asteroid A",)
    assert r.progress == 1.0  # a ship moves through obstacles; it only suffers their effect


def test_leaving_the_play_area_flees() -> None:
    r = resolve_move(Pose(300, 850, 0), Maneuver("straight", 2), "small", Table())
    assert r.fled
    assert not resolve_move(Pose(300, 700, 0), Maneuver("straight", 2), "small", Table()).fled


@settings(max_examples=50)
@given(st.floats(0, 600), st.floats(-60, 60), st.sampled_from(
    [Maneuver("straight", 3), Maneuver("right-bank", 2), Maneuver("left-turn", 2), Maneuver("about", 1)]))
def test_a_bumped_ship_never_ends_overlapping(x: float, dy: float, m: Maneuver) -> None:
    full = end_pose(START, m)
    blocker = ship("b", full.x + (x % 60) - 30, full.y + dy)
    r = resolve_move(START, m, "small", Table([blocker]))
    assert distance(Placed(r.end), blocker.placed) >= 0.0
    from engine.geometry import kernels
    assert not kernels.overlaps(Placed(r.end).corners(), blocker.placed.corners(), tol=1e-6)[0]


def test_sensor_echo_offsets_and_blockers() -> None:
    # template end against the side, kept within the base's front and back edges at both ends
    opts = {(o.side, o.speed): o for o in sensor_echo_options(START, "small", Table())}
    assert opts[(1, 1)].lateral == 80.0 and opts[(-1, 2)].lateral == -120.0
    assert opts[(1, 1)].intervals == ((-20.0, 20.0),)
    blocked = Table([ship("b", 380, 130)])  # covers the front of the right 1 echo
    right1 = next(o for o in sensor_echo_options(START, "small", blocked) if (o.side, o.speed) == (1, 1))
    assert right1.intervals == ((-20.0, pytest.approx(-10.0, abs=0.02)),)
    assert right1.pose(START, -20.0) == Pose(380, 80, 0)


def test_a_4_come_about_that_overlaps_becomes_a_4_straight() -> None:
    blocker = ship("b", 300, 320)
    r = resolve_move(Pose(300, 500, 180), Maneuver("about", 4), "small", Table([blocker]))
    assert r.maneuver == Maneuver("straight", 4) and r.changed_from == Maneuver("about", 4)
    assert r.end.heading == 180 and 320 < r.end.y < 500  # backed off toward its start, touching the blocker
    assert distance(Placed(r.end), blocker.placed) == pytest.approx(0.0, abs=0.02)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0.0, 200.0), st.floats(0.0, 200.0), st.floats(0.0, 359.0),
                          st.sampled_from(["small", "large"])), min_size=1, max_size=5),
       st.floats(0.0, 200.0), st.floats(0.0, 200.0), st.floats(0.0, 359.0))
def test_bases_are_checked_only_where_their_circles_meet(others: list[tuple[float, float, float, str]], x: float,
                                                         y: float, heading: float) -> None:
    # the ships skipped by their circles are those the axis test finds apart anyway
    from engine.geometry.shapes import base_corners
    from engine.rulesets.attack_wing import params as P
    from engine.rulesets.attack_wing.measure import convex_overlap
    from engine.rulesets.attack_wing.movement import _Blockers

    table = Table([ShipBase(f"s{i}", Placed(Pose(ox, oy, oh), size)) for i, (ox, oy, oh, size) in enumerate(others)])
    blockers = _Blockers(table)
    pose, half = Pose(x, y, heading), P.base_half("small")
    corners = base_corners(pose, half)
    every = tuple(s.id for s in table.ships
                  if convex_overlap(corners, base_corners(s.placed.pose, s.placed.half), P.TOUCH_TOLERANCE_MM))
    assert blockers.ships_hit(pose, half) == every
    assert blockers.blocked_one(pose, half) == bool(every)


def test_a_moves_template_is_the_executed_maneuvers_outline() -> None:
    from engine.rulesets.attack_wing.maneuvers import template_outline

    start = Pose(300.0, 300.0, 0.0)
    move = resolve_move(start, Maneuver("left-bank", 2), "small", Table())
    outline = template_outline(start, Maneuver("left-bank", 2), "small")
    assert move.template is not None and outline is not None and move.template.equals_exact(outline, 0.0)
    assert resolve_move(start, Maneuver("stop", 0), "small", Table()).template is None
    # a come about that overlaps a ship is a straight: its template lies at the front edge
    blocker = ShipBase("x", Placed(end_pose(start, Maneuver("about", 2), "small"), "small"))
    about = resolve_move(start, Maneuver("about", 2), "small", Table([blocker]))
    assert about.changed_from == Maneuver("about", 2) and about.template is not None
    assert about.template.bounds[1] > start.y  # ahead of the start


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.floats(0.0, 200.0), st.floats(0.0, 200.0), st.floats(0.0, 359.0),
                          st.sampled_from(["small", "large"])), min_size=1, max_size=5),
       st.lists(st.tuples(st.floats(0.0, 200.0), st.floats(0.0, 200.0), st.floats(0.0, 359.0)), min_size=1,
                max_size=40))
def test_a_batch_of_samples_tries_only_the_ships_near_each(others: list[tuple[float, float, float, str]],
                                                           samples: list[tuple[float, float, float]]) -> None:
    # the pairs left out by their circles are apart in the batch axis test too
    import numpy as np

    from engine.geometry import kernels
    from engine.rulesets.attack_wing import params as P
    from engine.rulesets.attack_wing.movement import _Blockers, _corners

    table = Table([ShipBase(f"s{i}", Placed(Pose(ox, oy, oh), size)) for i, (ox, oy, oh, size) in enumerate(others)])
    blockers = _Blockers(table)
    poses = [Pose(*p) for p in samples]
    s, m = len(poses), len(others)
    every = kernels.overlaps(np.repeat(_corners(poses, 20.0), m, axis=0), np.tile(blockers.ship_polys, (s, 1, 1)),
                             tol=P.TOUCH_TOLERANCE_MM).reshape(s, m)
    assert blockers.ships_overlapping(poses, 20.0).tolist() == every.tolist()

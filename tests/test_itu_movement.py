"""Into the Unknown (issue 17), step 2: maneuvers (warp, forward impulse with the turning tool, come
about; collisions, the sector's edge, system boundaries), arcs from the quarter lines and end
wedges, range to the closest point in arc, and line of sight blocked by another end."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point, Polygon

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.measure import arc_distance, at_range, in_arc, line_of_sight
from engine.rulesets.into_the_unknown.mission import DEFIANT_START, OBJECTIVES, setup
from engine.rulesets.into_the_unknown.movement import (
    NOTCH_DEGREES,
    ComeAboutPlan,
    ImpulsePlan,
    Table,
    WarpPlan,
    resolve,
)
from engine.rulesets.into_the_unknown.orders import IllegalOrder, maneuver
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.table import (
    INCH,
    SECTOR_MM,
    SYSTEM_RADIUS,
    TOKEN_RADIUS,
    area_of,
    base_polygon,
    end_polygon,
    slot,
)


def test_engage_warp_example() -> None:
    """Guide, "Engage Warp Example": warp 8 allows 16"; the Defiant advances 15" straight along its
    heading, crossing no features, its aft end 2" past the BLUE objective, and enters system 1; an
    anomaly is then at 2" of it (exposed only in the Hazard Phase)."""
    _, ox, oy, colour = OBJECTIVES[0]
    done = resolve(DEFIANT_START, "small", WarpPlan(8, 15 * INCH), Table(anomalies=(("a", 330.2, 560.0),)))
    assert done.stopped is None and done.crossed == () and done.end.heading == DEFIANT_START.heading
    assert done.end.y - DEFIANT_START.y == pytest.approx(15 * INCH) and done.end.x == DEFIANT_START.x
    aft = end_polygon(done.end, "small", "aft")
    assert colour == "blue" and ox == done.end.x  # the token lies along the ship's heading
    assert aft.bounds[1] - oy == pytest.approx(2 * INCH)  # aft end 2" past the token
    assert area_of(DEFIANT_START, "small") == 0 and area_of(done.end, "small") == 1
    anomaly = Point(330.2, 560.0).buffer(TOKEN_RADIUS)
    assert at_range(base_polygon(done.end, "small").distance(anomaly), 2)


def test_warp_is_bounded_by_the_warp_factor_and_paid_above_engine_power() -> None:
    state = apply(ItuState(), setup(1))
    with pytest.raises(IllegalOrder, match="up to 16"):
        maneuver(state, "defiant", WarpPlan(8, 16.5 * INCH), seq=1, phase="priority")
    with pytest.raises(IllegalOrder, match="warp 1 to 8"):
        maneuver(state, "defiant", WarpPlan(9, 1 * INCH), seq=1, phase="priority")
    red2 = state.with_ship(state.ship("defiant").model_copy(update={"alert": 4}))  # engine power 5
    event = maneuver(red2, "defiant", WarpPlan(7, 14 * INCH), seq=1, phase="priority")
    assert event.reserve == 2 and apply(red2, event).ship("defiant").reserve == state.ship("defiant").reserve - 2
    broke = red2.with_ship(red2.ship("defiant").model_copy(update={"reserve": 1}))
    with pytest.raises(IllegalOrder, match="needs 2 reserve"):
        maneuver(broke, "defiant", WarpPlan(7, 14 * INCH), seq=1, phase="priority")


def test_warp_collisions_the_sector_edge_and_anomalies_crossed() -> None:
    start = Pose(200.0, 100.0, 0.0)
    other = base_polygon(Pose(200.0, 400.0, 90.0), "small")
    done = resolve(start, "small", WarpPlan(8, 300.0), Table(others=(other,)))
    assert done.stopped == "ship" and done.distance < 300.0
    assert base_polygon(done.end, "small").intersection(other).area < 1e-6  # placed clear of the other base
    assert base_polygon(done.end, "small").distance(other) < 1.0  # as far along as it fits
    edge = resolve(Pose(200.0, SECTOR_MM - 100.0, 0.0), "small", WarpPlan(8, 200.0), Table())
    assert edge.stopped == "sector" and base_polygon(edge.end, "small").bounds[3] <= SECTOR_MM + 1e-9
    crossed = resolve(start, "small", WarpPlan(8, 380.0), Table(anomalies=(("far", 200.0, 400.0),
                                                                          ("near", 210.0, 250.0),
                                                                          ("aside", 300.0, 250.0))))
    assert crossed.crossed == ("near", "far")  # the base passes over both, nearest first; not the one aside


def test_forward_impulse_example_turn_before_the_advance() -> None:
    """Guide, "Engage Impulse Example": the tool in the port slot, turned one notch toward the aft,
    the tool advanced 5" along the ruler, the ship placed with its port slot on the tool's head."""
    start = Pose(660.4, 660.4, 225.0)
    done = resolve(start, "small", ImpulsePlan(5 * INCH, 1, "port", "before"), Table())
    assert done.end.heading == pytest.approx(225.0 - NOTCH_DEGREES)  # a left turn
    sx, sy = slot(start, "small", "port")
    ex, ey = slot(done.end, "small", "port")
    h = math.radians(done.end.heading)
    assert (ex - sx, ey - sy) == pytest.approx((5 * INCH * math.sin(h), 5 * INCH * math.cos(h)))


def test_forward_impulse_turn_after_the_advance_pivots_on_the_tool() -> None:
    """Step 6: with no turn in step 2, the base rotates forward around the tool's head, so its slot
    stays where the straight advance left it while the heading turns toward that side."""
    start = Pose(100.0, 100.0, 0.0)  # in deep space, clear of the system
    done = resolve(start, "small", ImpulsePlan(3 * INCH, 2, "starboard", "after"), Table())
    straight = resolve(start, "small", ImpulsePlan(3 * INCH), Table())
    assert done.end.heading == pytest.approx(2 * NOTCH_DEGREES)
    assert slot(done.end, "small", "starboard") == pytest.approx(slot(straight.end, "small", "starboard"))
    assert straight.end.heading == 0.0 and straight.end.y - start.y == pytest.approx(3 * INCH)
    assert done.stopped is None and straight.stopped is None


def test_impulse_is_bounded_by_engine_power_and_impulse_turn() -> None:
    state = apply(ItuState(), setup(1))
    with pytest.raises(IllegalOrder, match="10\" at impulse"):
        maneuver(state, "fighter", ImpulsePlan(10.5 * INCH), seq=1, phase="priority")
    with pytest.raises(IllegalOrder, match=r"allows 1 notch$"):
        maneuver(state, "fighter", ImpulsePlan(2 * INCH, 1.5), seq=1, phase="priority")
    half = maneuver(state, "fighter", ImpulsePlan(2 * INCH, 0.5), seq=1, phase="priority")
    assert half.end.heading == pytest.approx(225.0 - NOTCH_DEGREES / 2)  # "not necessary to stop on notches"


def test_impulse_cannot_cross_a_system_boundary() -> None:
    """Guide, "Boundaries and Impulse": entering stops with no part of the base in the system;
    leaving stops with part of the base still in it."""
    cx = cy = SECTOR_MM / 2
    outside = Pose(cx, cy - SYSTEM_RADIUS - 60.0, 0.0)  # deep space, facing the system
    assert area_of(outside, "small") == 0
    done = resolve(outside, "small", ImpulsePlan(4 * INCH), Table())
    assert done.stopped == "boundary" and area_of(done.end, "small") == 0 and done.distance > 0
    inside = Pose(cx, cy + SYSTEM_RADIUS - 40.0, 0.0)  # in the system, facing out
    assert area_of(inside, "small") == 1
    out = resolve(inside, "small", ImpulsePlan(3 * INCH), Table())
    assert out.stopped == "boundary" and area_of(out.end, "small") == 1
    warp = resolve(inside, "small", WarpPlan(3, 3 * INCH), Table())  # at warp it leaves
    assert warp.stopped is None and area_of(warp.end, "small") == 0


def test_impulse_cannot_pass_through_a_system_on_its_way() -> None:
    """Guide, "Boundaries and Impulse": an impulse that "would cause a ship to enter a system" must
    stop "so that no part of its base is in the system": a path that grazes the system's edge and
    ends outside it again is stopped before the base first touches the system."""
    cx = cy = SECTOR_MM / 2
    x = cx - SYSTEM_RADIUS + 3.0 - 0.75 * INCH  # the base's starboard edge 3 mm inside the system's west point
    start = Pose(x, cy - 130.0, 0.0)
    end = Pose(x, cy - 130.0 + 8 * INCH, 0.0)
    assert area_of(start, "small") == 0 and area_of(end, "small") == 0  # both ends in deep space
    done = resolve(start, "small", ImpulsePlan(8 * INCH), Table())
    assert done.stopped == "boundary" and 0 < done.distance < 130.0
    touching = resolve(start, "small", ImpulsePlan(done.distance + 1.0), Table())
    assert touching.distance == pytest.approx(done.distance)  # no further than where it would touch
    assert resolve(Pose(x - 10.0, cy - 130.0, 0.0), "small", ImpulsePlan(8 * INCH), Table()).stopped is None


def test_come_about_spins_on_the_centre_and_turns_clear_of_ships() -> None:
    start = Pose(300.0, 300.0, 0.0)
    done = resolve(start, "small", ComeAboutPlan(135.0), Table())
    assert (done.end.x, done.end.y, done.end.heading) == (300.0, 300.0, 135.0)
    # a ship alongside to starboard: turning to 90 would overlap it, so the ship stops short
    other = base_polygon(Pose(300.0 + 25.4 + 19.05 - 5.0, 300.0, 0.0), "small")
    near = resolve(start, "small", ComeAboutPlan(90.0), Table(others=(other,)))
    assert near.stopped == "ship" and near.end.heading != 90.0
    assert base_polygon(near.end, "small").intersection(other).area < 1e-6


def test_arcs_from_the_quarter_lines_and_end_wedges() -> None:
    ship = Pose(400.0, 400.0, 0.0)
    ahead = Point(400.0, 600.0).buffer(5)
    right = Point(600.0, 400.0).buffer(5)
    ahead_right = Point(540.0, 600.0).buffer(5)  # 35 degrees off the bow: fore, not bow
    behind = Point(400.0, 200.0).buffer(5)
    assert in_arc(ship, "fore", ahead) and in_arc(ship, "bow", ahead) and not in_arc(ship, "starboard", ahead)
    assert in_arc(ship, "starboard", right) and not in_arc(ship, "fore", right)
    assert in_arc(ship, "fore", ahead_right) and not in_arc(ship, "bow", ahead_right)
    assert in_arc(ship, "aft", behind) and in_arc(ship, "stern", behind) and not in_arc(ship, "port", behind)
    assert in_arc(ship, "fore_starboard", right) and in_arc(ship, "fore_starboard", ahead)
    assert not in_arc(ship, "aft_port", right) and in_arc(ship, "all", behind)
    straddling = Point(600.0, 600.0).buffer(20)  # across the fore-starboard quarter line
    assert in_arc(ship, "fore", straddling) and in_arc(ship, "starboard", straddling)


def test_attack_example_range_and_line_of_sight() -> None:
    """Guide, "Attack Example": the Defiant is in the Fighter's fore arc, its fore end facing the
    Fighter, so the fore end is the target (its fore end blocks line of sight to its rear); the
    closest point of the fore end is at 6", at range of the 8" polaron beams."""
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    f = base_polygon(fighter, "small")
    fore, aft = end_polygon(defiant, "small", "fore"), end_polygon(defiant, "small", "aft")
    assert arc_distance(fighter, f, "fore", fore) == pytest.approx(6 * INCH)
    assert at_range(arc_distance(fighter, f, "fore", fore), 8) and not at_range(6 * INCH, 6)
    assert line_of_sight(fighter, f, "fore", fore, [aft])
    assert not line_of_sight(fighter, f, "fore", aft, [fore])
    # seen from the side, both ends are in sight
    side = Pose(457.2 + 200.0, defiant.y, 270.0)
    s = base_polygon(side, "small")
    assert line_of_sight(side, s, "fore", aft, [fore]) and line_of_sight(side, s, "fore", fore, [aft])


def test_another_ship_between_blocks_line_of_sight() -> None:
    attacker = Pose(300.0, 200.0, 0.0)
    target = Pose(300.0, 500.0, 90.0)
    a = base_polygon(attacker, "small")
    fore, aft = end_polygon(target, "small", "fore"), end_polygon(target, "small", "aft")
    wall = Pose(300.0, 350.0, 90.0)  # a large base broadside across the line
    blockers = [end_polygon(wall, "large", "fore"), end_polygon(wall, "large", "aft")]
    assert not line_of_sight(attacker, a, "fore", aft, [fore, *blockers])
    aside = Pose(420.0, 350.0, 90.0)
    clear = [end_polygon(aside, "small", "fore"), end_polygon(aside, "small", "aft")]
    assert line_of_sight(attacker, a, "fore", aft, [fore, *clear])


def test_range_is_to_the_closest_point_in_arc() -> None:
    ship = Pose(400.0, 400.0, 0.0)
    source = base_polygon(ship, "small")
    # a long target lying across the starboard-fore quarter line: its closest point is in the
    # starboard arc, so measured in the fore arc the range is longer
    target = Polygon([(440.0, 400.0), (460.0, 400.0), (700.0, 700.0), (680.0, 700.0)])
    in_fore = arc_distance(ship, source, "fore", target)
    in_starboard = arc_distance(ship, source, "starboard", target)
    assert in_fore is not None and in_starboard is not None and in_fore > in_starboard + 1.0
    assert in_starboard == pytest.approx(source.distance(target))
    assert arc_distance(ship, source, "aft", target) is None

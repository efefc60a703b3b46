"""The planner's obstacle test (``crossing.touches``): its proofs answer as the exact tests do.

The exact answer (rulebook "Obstacles": template or final base on the obstacle) is shapely's
intersection of the base and of the template's outline with the obstacle, each also passing the
convex hulls' separating axis test; the proofs decide only with a margin to spare.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import MultiPoint, Polygon
from shapely.ops import unary_union
from shapely.prepared import PreparedGeometry, prep

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, base_corners
from engine.memos import forget
from engine.rulesets.attack_wing import ai, crossing
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import (
    Maneuver,
    template_circle,
    template_hull,
    template_outline,
    template_pieces,
)
from engine.rulesets.attack_wing.measure import _convex_overlap, convex_overlap, separation
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario

Pt = tuple[float, float]


def exact(obstacle: Obstacle, prepared: PreparedGeometry, corners: list[Pt],
          template: tuple[float, float, float] | None, start: Pose, maneuver: Maneuver, base: str) -> bool:
    """The exact tests alone, no proof: bounding circles, the hulls' axis test, shapely."""
    ox, oy, radius = obstacle.circle
    (ax, ay), (cx, cy) = corners[0], corners[2]
    if math.dist(((ax + cx) / 2, (ay + cy) / 2), (ox, oy)) < radius + math.dist((ax, ay), (cx, cy)) / 2 and \
            convex_overlap(corners, obstacle.hull) and prepared.intersects(Polygon(corners)):
        return True
    if template is None:
        return False
    tx, ty, tr = template
    if math.dist((tx, ty), (ox, oy)) >= radius + tr:
        return False
    outline = template_outline(start, maneuver, base)
    if outline is None or not prepared.intersects(outline):
        return False
    hull = template_hull(start, maneuver, base)
    return hull is not None and convex_overlap(hull, obstacle.hull)


def test_every_planner_call_in_real_games_gets_the_exact_answer() -> None:
    calls: list[tuple[Any, ...]] = []
    real = crossing.touches

    def record(*args: Any) -> bool:
        answer = real(*args)
        calls.append((args, answer))
        return answer

    ai.touches = record  # type: ignore[assignment]
    try:
        for seed in (0, 1):
            forget()
            play(load_scenario("skirmish"), seed)
    finally:
        ai.touches = real
    assert sum(answer for _, answer in calls) > 50 and sum(not answer for _, answer in calls) > 50
    for args, answer in calls:
        assert answer == exact(*args)


def hull(points: list[Pt]) -> list[Pt]:
    shape = MultiPoint(points).convex_hull
    return [(float(x), float(y)) for x, y in shape.exterior.coords[:-1]] if isinstance(shape, Polygon) else []


coords = st.floats(-60.0, 60.0, allow_nan=False)
clouds = st.lists(st.tuples(coords, coords), min_size=3, max_size=20)


@settings(max_examples=300, deadline=None)
@given(clouds, clouds, st.tuples(st.floats(-80, 80), st.floats(-80, 80)))
def test_separation_is_the_axis_test_and_its_depth_a_proof(a: list[Pt], b: list[Pt], shift: Pt) -> None:
    ha, hb = hull(a), [(x + shift[0], y + shift[1]) for x, y in hull(b)]
    if len(ha) < 3 or len(hb) < 3:
        return
    gap = separation(ha, hb)
    assert (gap > 0.0) == (not _convex_overlap(ha, hb))
    if gap < -1e-6:
        assert Polygon(ha).intersects(Polygon(hb))
    if gap > 1e-6:
        assert not Polygon(ha).intersects(Polygon(hb))


@pytest.mark.parametrize("kind,speed", [("straight", 3), ("straight", -1), ("left-bank", 2), ("right-turn", 1),
                                        ("left-flank", 1), ("about", 2), ("right-spin", 1)])
def test_template_pieces_make_up_the_outline(kind: str, speed: int) -> None:
    pieces = template_pieces(kind, speed, "small")
    outline = template_outline(Pose(0.0, 0.0, 0.0), Maneuver(kind, speed), "small")
    assert pieces is not None and outline is not None
    union = unary_union([Polygon(quad) for quad, _ in pieces])
    assert union.symmetric_difference(outline).area < 1e-6
    for quad, (cx, cy, r) in pieces:  # each circle holds its piece
        assert all(math.hypot(x - cx, y - cy) <= r for x, y in quad)
        assert Polygon(quad).convex_hull.area == pytest.approx(Polygon(quad).area)


def test_stop_and_rotates_have_no_template_pieces() -> None:
    assert template_pieces("stop", 0, "small") is None
    assert template_pieces("left-45-degree-rotate", 0, "large") is None


def test_an_obstacle_is_convex_only_when_every_corner_turns_the_same_way() -> None:
    assert Obstacle(((0, 0), (40, 0), (50, 30), (20, 50), (-5, 25))).convex
    assert not Obstacle(((0, 0), (40, 0), (40, 40), (20, 10), (0, 40))).convex  # a notch
    assert not Obstacle(((0, 0), (20, 0), (40, 0), (40, 40), (0, 40))).convex  # a straight corner


def _touch(obstacle: Obstacle, start: Pose, maneuver: Maneuver, base: str = "small") -> tuple[bool, bool]:
    """(proofs first, exact tests alone) for a base ending clear of the obstacle."""
    corners = base_corners(Pose(start.x, start.y + 500.0, start.heading), P.base_half(base))
    circle = template_circle(start, maneuver, base)
    args = (obstacle, prep(obstacle.polygon), corners, circle, start, maneuver, base)
    return crossing.touches(*args), exact(*args)


def test_a_straight_template_through_an_obstacle_with_no_corner_inside_it() -> None:
    # a wide block across the template's middle: none of the template's corners is in it
    block = Obstacle(((-60.0, 60.0), (60.0, 60.0), (60.0, 90.0), (-60.0, 90.0)))
    assert _touch(block, Pose(0.0, 0.0, 0.0), Maneuver("straight", 3)) == (True, True)


def test_a_curved_template_passing_close_by_an_obstacle() -> None:
    start = Pose(0.0, 0.0, 0.0)
    m = Maneuver("right-turn", 2)
    outline = template_outline(start, m, "small")
    assert outline is not None
    for gap, meets in ((3.0, False), (-3.0, True)):  # a square 3 mm clear of the left edge, then 3 mm over it
        x = outline.bounds[0] - 30.0 - gap
        square = Obstacle(((x, 40.0), (x + 30.0, 40.0), (x + 30.0, 70.0), (x, 70.0)))
        assert square.polygon.intersects(outline) == meets
        assert _touch(square, start, m) == (meets, meets)


def test_a_notched_obstacle_whose_hull_the_template_crosses() -> None:
    # a U whose gap the straight template runs through: the hulls overlap, the shapes do not
    u = Obstacle(((-40.0, 60.0), (-15.0, 60.0), (-15.0, 120.0), (15.0, 120.0), (15.0, 60.0), (40.0, 60.0),
                  (40.0, 140.0), (-40.0, 140.0)))
    assert not u.convex
    assert _touch(u, Pose(0.0, 0.0, 0.0), Maneuver("straight", 2)) == (False, False)


SHAPES = {
    "convex": Obstacle(((0.0, 0.0), (60.0, -10.0), (90.0, 30.0), (50.0, 70.0), (5.0, 55.0))),
    "notched": Obstacle(((0.0, 0.0), (80.0, 0.0), (80.0, 60.0), (45.0, 20.0), (0.0, 60.0))),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
@settings(max_examples=200, deadline=None)
@given(x=st.floats(-120.0, 200.0), y=st.floats(-120.0, 180.0), heading=st.floats(0.0, 359.0),
       base=st.sampled_from(["small", "large"]),
       maneuver=st.sampled_from([Maneuver("straight", 2), Maneuver("left-turn", 1), Maneuver("right-bank", 3),
                                 Maneuver("right-flank", 1), Maneuver("straight", -1)]))
def test_the_moves_obstacle_tests_answer_as_shapely(shape: str, x: float, y: float, heading: float, base: str,
                                                    maneuver: Maneuver) -> None:
    obstacle = SHAPES[shape]
    pose = Pose(x, y, heading)
    half = P.base_half(base)
    on = obstacle.polygon.intersects(Polygon(base_corners(pose, half)))
    assert crossing.base_on(obstacle, pose, half, base_corners(pose, half)) == on
    outline = template_outline(pose, maneuver, base)
    assert outline is not None
    assert crossing.template_on(obstacle, pose, maneuver, base) == obstacle.polygon.intersects(outline)


def test_a_base_sitting_on_the_edge_of_an_obstacle_is_on_it() -> None:
    # touching only: no proof decides, and shapely counts touching as meeting
    square = Obstacle(((0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0)))
    half = P.base_half("small")
    pose = Pose(40.0 + half, 20.0, 0.0)
    assert crossing.base_on(square, pose, half, base_corners(pose, half))
    away = Pose(40.0 + half + 0.01, 20.0, 0.0)
    assert not crossing.base_on(square, away, half, base_corners(away, half))

"""Range, bands and firing arcs: DESIGN.md conventions, checked against shapely and sampling."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from engine.geometry import kernels
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.measure import (
    Placed,
    arc_check,
    distance,
    line_of_fire,
    measure,
    measure_many,
)

placed = st.builds(Placed, st.builds(Pose, st.floats(0, 600), st.floats(0, 600), st.floats(0, 359.9)),
                   st.sampled_from(["small", "large"]))
arcs = st.sampled_from([90.0, 180.0, 360.0])


def test_range_bands_are_four_inches() -> None:
    # Alliance rulebook: Range 1 is 4 inches; the ruler's band edge belongs to the nearer band
    assert P.range_band(0.0) == 1
    assert P.range_band(101.6) == 1 and P.range_band(101.7) == 2
    assert P.range_band(203.2) == 2 and P.range_band(304.8) == 3
    assert P.range_band(304.9) == P.BEYOND_RANGE


def test_distance_is_between_base_edges() -> None:
    a, b = Placed(Pose(100, 100, 0)), Placed(Pose(100, 300, 0), "large")
    assert distance(a, b) == pytest.approx(300 - 40 - 100 - 20)
    assert distance(a, Placed(Pose(140, 100, 0))) == 0.0  # touching


def test_arc_wedge_lines_run_through_the_front_corners() -> None:
    a = Placed(Pose(0, 0, 0))
    # a target beyond the 45 degree line to the right is out of the 90 degree front arc ...
    out = Placed(Pose(200, 100, 0))  # nearest corner (180, 80): 66 degrees off the heading
    assert not arc_check(a, out, 90).in_arc
    # ... but in a 180 degree front arc, and its in-arc range is measured to the part in arc
    wide = arc_check(a, out, 180)
    assert wide.in_arc and wide.distance == pytest.approx(distance(a, out))


def test_in_arc_range_is_to_the_part_in_arc() -> None:
    a = Placed(Pose(0, 0, 0))
    # target straddling the right 45 degree line: the closest part of it is out of arc
    b = Placed(Pose(130, 110, 0))  # spans x 110..150, y 90..130; the in-arc part starts at x = y
    check = arc_check(a, b, 90)
    assert check.in_arc
    assert check.distance > distance(a, b)
    part = Polygon([(110, 110), (130, 130), (110, 130)])  # b cut by the line y = x
    corner_square = Polygon([(-20, -20), (20, -20), (20, 20), (-20, 20)])
    assert check.distance == pytest.approx(corner_square.distance(part))


def test_rear_arc_points_backward() -> None:
    a = Placed(Pose(300, 300, 90))  # facing east
    behind = Placed(Pose(150, 300, 0))
    m = measure(a, behind, front_arc=90, rear_arc=90)
    assert m.front is not None and not m.front.in_arc
    assert m.rear is not None and m.rear.in_arc and m.rear.band == 2


def test_360_arc_sees_everything() -> None:
    a = Placed(Pose(300, 300, 0), "large")
    for x, y in ((300, 100), (500, 300), (100, 500)):
        assert arc_check(a, Placed(Pose(x, y, 30)), 360).in_arc


@given(placed, placed)
def test_range_is_symmetric(a: Placed, b: Placed) -> None:
    assert distance(a, b) == pytest.approx(distance(b, a), abs=1e-9)


@given(placed, placed)
def test_distance_agrees_with_shapely(a: Placed, b: Placed) -> None:
    assert distance(a, b) == pytest.approx(a.polygon().distance(b.polygon()), abs=1e-6)


def _sampled_in_arc(a: Placed, b: Placed, arc: float, rear: bool) -> bool:
    """Brute force: is any of a dense grid of points on b's base inside a's wedge?"""
    if arc >= 360:
        return True
    g = np.linspace(-1.0, 1.0, 81)
    ff, rr = np.meshgrid(g * b.half, g * b.half)
    bp = b.pose
    xs = bp.x + ff * bp.forward[0] + rr * bp.right[0]
    ys = bp.y + ff * bp.forward[1] + rr * bp.right[1]
    bearing = np.degrees(np.arctan2(xs - a.pose.x, ys - a.pose.y))
    facing = a.pose.heading + (180.0 if rear else 0.0)
    off = np.abs((bearing - facing + 180.0) % 360.0 - 180.0)
    return bool((off <= arc / 2.0).any())


@settings(max_examples=300)
@given(placed, placed, arcs, st.booleans())
def test_in_arc_agrees_with_point_sampling(a: Placed, b: Placed, arc: float, rear: bool) -> None:
    exact = arc_check(a, b, arc, rear).in_arc
    sampled = _sampled_in_arc(a, b, arc, rear)
    if exact != sampled:
        # they may differ only when b grazes the wedge edge by less than the grid spacing
        grown = Placed(b.pose, b.size)
        margin = 2 * b.half / 80 * math.sqrt(2)
        wedge_gap = _wedge_gap(a, grown, arc, rear)
        assert wedge_gap <= margin + 1e-6


def _wedge_gap(a: Placed, b: Placed, arc: float, rear: bool) -> float:
    """Distance from b's base to the wedge, via shapely (a large triangle for the wedge)."""
    facing = a.pose.heading + (180.0 if rear else 0.0)
    far = 1e5
    pts = [(a.pose.x, a.pose.y)]
    for k in np.linspace(-arc / 2, arc / 2, 9):
        h = math.radians(facing + k)
        pts.append((a.pose.x + far * math.sin(h), a.pose.y + far * math.cos(h)))
    return float(Polygon(pts).distance(b.polygon()))


@settings(max_examples=200)
@given(placed, placed, st.sampled_from([90.0, 180.0]))
def test_in_arc_range_agrees_with_shapely_clip(a: Placed, b: Placed, arc: float) -> None:
    check = arc_check(a, b, arc)
    facing = a.pose.heading
    far = 1e5
    pts = [(a.pose.x, a.pose.y)]
    for k in np.linspace(-arc / 2, arc / 2, 3):
        h = math.radians(facing + k)
        pts.append((a.pose.x + far * math.sin(h), a.pose.y + far * math.cos(h)))
    wedge = Polygon(pts) if arc < 180 else Polygon(pts).union(Polygon(pts).convex_hull)
    part = b.polygon().intersection(wedge)
    if part.is_empty or part.area < 1e-6:
        return  # grazing contact: either answer is within tolerance
    assert check.in_arc
    assert check.distance == pytest.approx(a.polygon().distance(part), abs=1e-4)


def test_measure_many_matches_scalar() -> None:
    rng = np.random.default_rng(7)
    n = 500
    a = np.column_stack([rng.uniform(0, 900, n), rng.uniform(0, 900, n), rng.uniform(0, 360, n)])
    b = np.column_stack([rng.uniform(0, 900, n), rng.uniform(0, 900, n), rng.uniform(0, 360, n)])
    dist, band, in_arc, arc_dist = measure_many(a, 20.0, b, 40.0, 90.0)
    for i in range(0, n, 7):
        pa, pb = Placed(Pose(*a[i]), "small"), Placed(Pose(*b[i]), "large")
        check = arc_check(pa, pb, 90.0)
        assert dist[i] == pytest.approx(distance(pa, pb))
        assert band[i] == P.range_band(distance(pa, pb))
        assert bool(in_arc[i]) == check.in_arc
        if check.in_arc:
            assert arc_dist[i] == pytest.approx(check.distance)


def test_kernel_overlap_treats_touching_as_clear() -> None:
    a = kernels.square_corners(np.array([0.0]), np.array([0.0]), np.array([0.0]), 20.0)
    b = kernels.square_corners(np.array([40.0]), np.array([0.0]), np.array([0.0]), 20.0)
    c = kernels.square_corners(np.array([39.0]), np.array([0.0]), np.array([0.0]), 20.0)
    assert not kernels.overlaps(a, b)[0]
    assert kernels.overlaps(a, c)[0]


def test_line_of_fire_obstructed_by_an_obstacle_and_blocked_by_a_planet() -> None:
    a, b = Placed(Pose(100, 100, 0)), Placed(Pose(100, 300, 180))
    rock = Obstacle(((90, 190), (110, 190), (110, 210), (90, 210)), "rock")
    lof = line_of_fire(a, b, 90, obstacles=[rock])
    assert lof.obstructed and lof.obstacles == ("rock",) and not lof.blocked
    planet = Planet(100, 200, 30, "Kronos")
    assert line_of_fire(a, b, 90, planets=[planet]).blocked
    # rulebook "Attacking Through Planets": no block when either ship overlaps the planet
    on_planet = Placed(Pose(100, 240, 180))
    assert not line_of_fire(a, on_planet, 90, planets=[planet]).blocked
    clear = line_of_fire(a, b, 90, obstacles=[Obstacle(((300, 300), (320, 300), (310, 320)))])
    assert not clear.obstructed and clear.line.length == pytest.approx(160.0)


def _polygon_gap_as_it_was(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    best = math.inf
    for pts, poly in ((a, b), (b, a)):
        n = len(poly)
        for i in range(n):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
            dx, dy = x1 - x0, y1 - y0
            dd = dx * dx + dy * dy
            for qx, qy in pts:
                px, py = qx - x0, qy - y0
                t = 0.0 if dd == 0 else max(0.0, min(1.0, (px * dx + py * dy) / dd))
                best = min(best, math.hypot(px - t * dx, py - t * dy))
    return best


corner_lists = st.lists(st.tuples(st.floats(-200.0, 200.0), st.floats(-200.0, 200.0)), min_size=1, max_size=7)


@settings(max_examples=300)
@given(corner_lists, corner_lists, st.booleans())
def test_polygon_gap_gives_the_bits_it_gave(a: list[tuple[float, float]], b: list[tuple[float, float]],
                                            repeat: bool) -> None:
    if repeat:  # a zero-length edge, and a corner on the other's edge
        a = [a[0], *a]
        b = [*b, a[0]]
    from engine.rulesets.attack_wing.measure import _polygon_gap

    assert repr(_polygon_gap(a, b)) == repr(_polygon_gap_as_it_was(a, b))


def _separation_as_it_was(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    worst = -math.inf
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
            nx, ny = y0 - y1, x1 - x0
            if nx == 0.0 and ny == 0.0:
                continue
            norm = math.hypot(nx, ny)
            pa = [(px * nx + py * ny) / norm for px, py in a]
            pb = [(px * nx + py * ny) / norm for px, py in b]
            gap = max(min(pb) - max(pa), min(pa) - max(pb))
            if gap > 0.0:
                return gap
            worst = max(worst, gap)
    return worst


@settings(max_examples=300)
@given(corner_lists, corner_lists, st.booleans(), st.sampled_from([0.0, 1e-6, 0.5]))
def test_separation_divides_only_the_extremes_and_gives_the_same_bits(
        a: list[tuple[float, float]], b: list[tuple[float, float]], repeat: bool, tol: float) -> None:
    # a correctly rounded division by the positive norm keeps the projections' order
    if repeat:
        a = [a[0], *a]
        b = [*b, a[0]]
    from engine.rulesets.attack_wing.measure import _convex_overlap, separation

    was = _separation_as_it_was(a, b)
    assert repr(separation(a, b)) == repr(was)
    # the overlap test is the same projections: apart exactly where some axis's gap exceeds -tol
    apart = any(gap > -tol for gap in _axis_gaps(a, b))
    assert _convex_overlap(a, b, tol) is not apart


def _axis_gaps(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> list[float]:
    gaps = []
    for poly in (a, b):
        for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], *poly[:1]], strict=True):
            nx, ny = y0 - y1, x1 - x0
            if nx == 0.0 and ny == 0.0:
                continue
            norm = math.hypot(nx, ny)
            pa = [(px * nx + py * ny) / norm for px, py in a]
            pb = [(px * nx + py * ny) / norm for px, py in b]
            gaps += [min(pb) - max(pa), min(pa) - max(pb)]
    return gaps


def test_remembered_distances_are_worked_out_afresh_and_forgotten() -> None:
    from engine.memos import forget
    from engine.rulesets.attack_wing.measure import _distance, distance

    a, b = Placed(Pose(100.0, 100.0, 30.0), "small"), Placed(Pose(190.0, 140.0, 200.0), "large")
    forget()
    first = distance(a, b)
    assert _distance.cache_info().currsize == 1
    assert distance(a, b) == first == _distance.__wrapped__(a, b)
    assert distance(b, a) == pytest.approx(first)  # the other way round is its own entry
    forget()
    assert _distance.cache_info().currsize == 0

"""The convex-overlap test's shortcut (a disc inside both polygons) gives the test's own answer.

``convex_overlap`` on many-cornered pairs first looks for a point whose small disc lies in both
polygons; it must answer exactly as the separating axis test (``_convex_overlap``) does, on random
polygons (touching ones included) and on every call the planner makes in real games, and a
False must mean shapely finds the shapes apart.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import MultiPoint, Polygon

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle
from engine.memos import forget
from engine.rulesets.attack_wing import ai, crossing
from engine.rulesets.attack_wing.maneuvers import Maneuver, template_hull
from engine.rulesets.attack_wing.measure import _common_disc, _convex_overlap, convex_overlap
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario

Pt = tuple[float, float]


def hull(points: list[Pt]) -> list[Pt]:
    shape = MultiPoint(points).convex_hull
    return [(float(x), float(y)) for x, y in shape.exterior.coords[:-1]] if isinstance(shape, Polygon) else []


coords = st.floats(-60.0, 60.0, allow_nan=False)
clouds = st.lists(st.tuples(coords, coords), min_size=3, max_size=30)


@settings(max_examples=300)
@given(clouds, clouds, st.tuples(coords, coords), st.sampled_from([0.0, 0.5]))
def test_the_shortcut_answers_as_the_axis_test(a: list[Pt], b: list[Pt], shift: Pt, tol: float) -> None:
    ha, hb = hull(a), [(x + shift[0], y + shift[1]) for x, y in hull(b)]
    if len(ha) < 3 or len(hb) < 3:
        return
    assert convex_overlap(ha, hb, tol) == _convex_overlap(ha, hb, tol)


@settings(max_examples=200)
@given(clouds, st.integers(0, 40), st.sampled_from([1.0, -1.0]))
def test_polygons_sharing_an_edge_or_a_hair_apart(a: list[Pt], edge: int, away: float) -> None:
    # b is a's mirror image across one of its edges (touching along it), or nudged a hair either way
    ha = hull(a)
    if len(ha) < 3:
        return
    # each edge's midpoint added as a corner too (still convex): enough corners for the shortcut
    many = [p for i, (x, y) in enumerate(ha) for nx_, ny_ in [ha[(i + 1) % len(ha)]]
            for p in ((x, y), ((x + nx_) / 2, (y + ny_) / 2))]
    (x0, y0), (x1, y1) = ha[edge % len(ha)], ha[(edge + 1) % len(ha)]
    ex, ey = x1 - x0, y1 - y0
    dd = ex * ex + ey * ey
    if dd == 0.0:
        return
    nx, ny = -ey / math.sqrt(dd), ex / math.sqrt(dd)
    for hair in (0.0, 1e-9, 1e-7):
        mirror = []
        for px, py in many:
            t = ((px - x0) * ex + (py - y0) * ey) / dd
            fx, fy = x0 + t * ex, y0 + t * ey
            mirror.append((2 * fx - px + away * hair * nx, 2 * fy - py + away * hair * ny))
        assert convex_overlap(many, mirror) == _convex_overlap(many, mirror)


def test_a_disc_found_is_inside_both() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    far = [(x + 30.0, y) for x, y in square]
    edge = [(x + 10.0, y) for x, y in square]  # shares the edge x = 10: no disc fits both
    assert _common_disc(square, [(x + 5.0, y) for x, y in square], 1e-6)
    assert not _common_disc(square, far, 1e-6) and not _common_disc(square, edge, 1e-6)
    assert _convex_overlap(square, edge)  # the axis test calls touching an overlap at tol 0


@pytest.fixture(scope="module")
def planner_calls() -> list[tuple[list[Pt], list[Pt], Any]]:
    """The hull pairs the planner's obstacle test weighs in real games: each final base's and each
    template's hull against the obstacle's (its proofs settle most of them without the hull test)."""
    calls: list[tuple[list[Pt], list[Pt], Any]] = []
    real = crossing.touches

    def record(obstacle: Obstacle, prepared: Any, corners: list[Pt], template: Any, start: Pose,
               maneuver: Maneuver, base: str) -> bool:
        calls.append((list(corners), list(obstacle.hull), 0.0))
        hull = template_hull(start, maneuver, base)
        if template is not None and hull is not None:
            calls.append((hull, list(obstacle.hull), 0.0))
        return real(obstacle, prepared, corners, template, start, maneuver, base)

    ai.touches = record  # type: ignore[assignment]
    try:
        for seed in (0, 1, 2):
            forget()
            play(load_scenario("skirmish"), seed)
    finally:
        ai.touches = real
    return calls


def test_every_planner_call_in_real_games_gets_the_axis_test_s_answer(
        planner_calls: list[tuple[list[Pt], list[Pt], Any]]) -> None:
    big = [c for c in planner_calls if len(c[0]) + len(c[1]) > 12]
    assert len(big) > 20  # templates' hulls against obstacles' were tried
    for a, b, tol in planner_calls:
        answer = convex_overlap(a, b, tol)
        assert answer == _convex_overlap(a, b, tol)
        if not answer:  # hulls apart: so are the shapes inside them
            assert not Polygon(a).intersects(Polygon(b))

"""The vectorized kernels agree with shapely, the reference implementation."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from engine.geometry import kernels
from engine.geometry.pose import Pose
from engine.geometry.shapes import base_polygon

pose_arrays = st.tuples(st.floats(0, 300), st.floats(0, 300), st.floats(0, 360))
halves = st.sampled_from([20.0, 40.0])


def _arr(p: tuple[float, float, float]) -> np.ndarray:
    return np.array([p], dtype=np.float64)


@settings(max_examples=300)
@given(pose_arrays, halves, pose_arrays, halves)
def test_square_kernels_agree_with_shapely(a: tuple[float, float, float], ha: float,
                                           b: tuple[float, float, float], hb: float) -> None:
    pa, pb = base_polygon(Pose(*a), ha), base_polygon(Pose(*b), hb)
    inter = pa.intersection(pb).area
    overlap = bool(kernels.square_overlaps(_arr(a), ha, _arr(b), hb, tol=1e-6)[0])
    general = bool(kernels.overlaps(kernels.square_corners(*_arr(a).T, ha),
                                    kernels.square_corners(*_arr(b).T, hb), tol=1e-6)[0])
    assert overlap == general
    if inter > 1e-3:
        assert overlap
    if pa.distance(pb) > 1e-3:
        assert not overlap
    assert kernels.square_distance(_arr(a), ha, _arr(b), hb)[0] == pytest.approx(pa.distance(pb), abs=1e-6)


def test_clipping_closes_padded_polygons() -> None:
    # regression: after the first half-plane the polygon is padded; the second clip must still
    # use its closing edge (last real vertex back to the first), or the in-arc part comes out wrong
    a = np.array([[232.0228071, 318.27420499, 128.91050939]])
    b = np.array([[381.73737921, 350.25621629, 334.18439925]])
    corners = kernels.square_corners(b[:, 0], b[:, 1], b[:, 2], 20.0)
    part, count = kernels.clip_to_wedge(corners, a[:, :2], a[:, 2], 90.0)
    clipped = Polygon(part[0, : count[0]])
    expected = Polygon([(372.44289910072257, 323.54268714219336), (367.9752206997443, 332.7781054942121),
                        (398.1994321349749, 336.0025348648533)])
    assert clipped.symmetric_difference(expected).area < 1e-6


@given(st.floats(-200, 200), st.floats(-200, 200))
def test_point_distance_to_a_square(x: float, y: float) -> None:
    sq = kernels.square_corners(np.array([0.0]), np.array([0.0]), np.array([30.0]), 20.0)
    expected = Polygon(sq[0]).distance(Polygon(sq[0]).centroid.__class__(x, y))
    assert kernels.point_distance(np.array([[x, y]]), sq)[0] == pytest.approx(expected, abs=1e-9)


def test_benchmark_script_runs_and_agrees() -> None:
    """The benchmark checks the vectorized answers against the shapely baseline before timing."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parent.parent / "bench" / "bench_geometry.py"
    out = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True, text=True, check=True)
    assert "ratio" in out.stdout


@settings(max_examples=50)
@given(st.lists(st.tuples(pose_arrays, halves), min_size=1, max_size=6),
       st.lists(st.tuples(pose_arrays, halves), min_size=1, max_size=6))
def test_pairs_give_the_same_numbers_as_every_pair_laid_out(a: list[tuple[tuple[float, float, float], float]],
                                                           b: list[tuple[tuple[float, float, float], float]]
                                                           ) -> None:
    # square_distance_pairs works the trigonometry out once per pose: the very same bits as the rows
    # np.repeat / np.tile lay out (the AI's scores depend on them)
    pa, ha = np.array([p for p, _ in a]), np.array([h for _, h in a])
    pb, hb = np.array([p for p, _ in b]), np.array([h for _, h in b])
    n, k = len(a), len(b)
    rows_a, rows_b = np.repeat(pa, k, axis=0), np.tile(pb, (n, 1))
    half_a, half_b = np.repeat(ha, k), np.tile(hb, n)
    distance, ca, cb = kernels.square_distance_pairs(pa, ha, pb, hb)
    assert distance.tobytes() == kernels.square_distance(rows_a, half_a, rows_b, half_b).tobytes()
    assert ca.tobytes() == kernels.square_corners(rows_a[:, 0], rows_a[:, 1], rows_a[:, 2], half_a).tobytes()
    assert cb.tobytes() == kernels.square_corners(rows_b[:, 0], rows_b[:, 1], rows_b[:, 2], half_b).tobytes()


@settings(max_examples=50)
@given(st.lists(st.tuples(pose_arrays, halves), min_size=1, max_size=40),
       st.lists(st.tuples(pose_arrays, halves), min_size=1, max_size=12), st.randoms(use_true_random=False))
def test_rows_give_the_same_numbers_as_their_pairs(a: list[tuple[tuple[float, float, float], float]],
                                                   b: list[tuple[tuple[float, float, float], float]],
                                                   rng: Any) -> None:
    # the planner measures only some rows of every pair (those that may be in range): each row's
    # bits must be those of its pair among all of them
    pa, ha = np.array([p for p, _ in a]), np.array([h for _, h in a])
    pb, hb = np.array([p for p, _ in b]), np.array([h for _, h in b])
    k = len(b)
    every, ca, cb = kernels.square_distance_pairs(pa, ha, pb, hb)
    rows = np.array(sorted(rng.sample(range(len(every)), rng.randint(0, len(every)))), dtype=np.intp)
    a_corners = kernels.square_corners(pa[:, 0], pa[:, 1], pa[:, 2], ha)
    b_corners = kernels.square_corners(pb[:, 0], pb[:, 1], pb[:, 2], hb)
    some = kernels.square_distance_rows(pa, ha, pb, hb, rows // k, rows % k, a_corners, b_corners)
    assert some.tobytes() == every[rows].tobytes()
    assert a_corners[rows // k].tobytes() == ca[rows].tobytes() and b_corners[rows % k].tobytes() == cb[rows].tobytes()
    # as the planner asks: both sides' frames and corners worked out together, then split
    n = len(a)
    frame = kernels.pose_frames(np.concatenate((pa, pb)))
    corners = kernels.frame_corners(frame, np.concatenate((ha, hb)))
    assert corners.tobytes() == np.concatenate((a_corners, b_corners)).tobytes()
    x, y, sn, cs = frame
    frames = (x[:n], y[:n], sn[:n], cs[:n]), (x[n:], y[n:], sn[n:], cs[n:])
    shared = kernels.square_distance_rows(pa, ha, pb, hb, rows // k, rows % k, corners[:n], corners[n:], frames)
    assert shared.tobytes() == every[rows].tobytes()


def _wedge_every_ray(poly: np.ndarray, apex: np.ndarray, direction: np.ndarray, arc: float) -> np.ndarray:
    """wedge_hits as it was: both rays tried against every polygon."""
    px, py = poly[..., 0] - apex[:, None, 0], poly[..., 1] - apex[:, None, 1]
    off = np.abs((np.degrees(np.arctan2(px, py)) - direction[:, None] + 180.0) % 360.0 - 180.0)
    hit = (off <= arc / 2.0 + 1e-9).any(-1) | (np.hypot(px, py) < 1e-9).any(-1)
    qx, qy = np.roll(px, -1, axis=1) - px, np.roll(py, -1, axis=1) - py
    for sign in (1.0, -1.0):
        ray = np.radians(direction + sign * arc / 2.0)
        dx, dy = np.sin(ray)[:, None], np.cos(ray)[:, None]
        denom = dx * qy - dy * qx
        safe = np.where(np.abs(denom) > 1e-12, denom, 1.0)
        t, u = (px * qy - py * qx) / safe, (px * dy - py * dx) / safe
        hit = hit | ((np.abs(denom) > 1e-12) & (t >= -1e-9) & (u >= -1e-9) & (u <= 1.0 + 1e-9)).any(-1)
    return hit


@settings(max_examples=50)
@given(st.lists(st.tuples(pose_arrays, halves, pose_arrays), min_size=1, max_size=12),
       st.sampled_from([90.0, 180.0, 45.0]))
def test_the_wedge_tries_the_rays_only_where_no_vertex_is_in_it(
        rows: list[tuple[tuple[float, float, float], float, tuple[float, float, float]]], arc: float) -> None:
    target = np.array([p for p, _, _ in rows])
    half = np.array([h for _, h, _ in rows])
    apex = np.array([a for _, _, a in rows])
    poly = kernels.square_corners(target[:, 0], target[:, 1], target[:, 2], half)
    expected = _wedge_every_ray(poly, apex[:, :2], apex[:, 2], arc)
    assert list(kernels.wedge_hits(poly, apex[:, :2], apex[:, 2], arc)) == list(expected)


@settings(max_examples=50)
@given(st.lists(st.tuples(pose_arrays, halves, pose_arrays, st.sampled_from([90.0, 180.0, 45.0, 135.0])),
                min_size=1, max_size=16))
def test_a_wedge_per_row_is_each_row_alone(
        rows: list[tuple[tuple[float, float, float], float, tuple[float, float, float], float]]) -> None:
    # the planner fuses its offense and threat rows (different arcs) into one call: each row's
    # answer must be what a call with that row alone gives
    target = np.array([p for p, _, _, _ in rows])
    half = np.array([h for _, h, _, _ in rows])
    apex = np.array([a for _, _, a, _ in rows])
    arcs = np.array([arc for _, _, _, arc in rows])
    poly = kernels.square_corners(target[:, 0], target[:, 1], target[:, 2], half)
    alone = [bool(kernels.wedge_hits(poly[i:i + 1], apex[i:i + 1, :2], apex[i:i + 1, 2], float(arcs[i]))[0])
             for i in range(len(rows))]
    assert list(kernels.wedge_hits(poly, apex[:, :2], apex[:, 2], arcs)) == alone
    assert alone == [bool(_wedge_every_ray(poly[i:i + 1], apex[i:i + 1, :2], apex[i:i + 1, 2], float(arcs[i]))[0])
                     for i in range(len(rows))]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(-300.0, 300.0), st.floats(-300.0, 300.0), st.floats(0.0, 360.0),
                          st.sampled_from([20.0, 31.5]), st.floats(0.0, 360.0), st.sampled_from([45.0, 90.0, 180.0])),
                min_size=1, max_size=60))
def test_wedge_hits_around_answers_as_wedge_hits(rows: list[tuple[float, float, float, float, float, float]]) -> None:
    # squares about the apex at (0, 0): the circles' verdicts must be the test's own, row by row
    x, y, h, half, direction, arc = (np.array(c) for c in zip(*rows, strict=True))
    poly = kernels.square_corners(x, y, h, half)
    apex = np.zeros((len(rows), 2))
    every = kernels.wedge_hits(poly, apex, direction, arc)
    around = kernels.wedge_hits_around(poly, apex, direction, arc, np.column_stack([x, y]), half * np.sqrt(2))
    assert around.tolist() == every.tolist()

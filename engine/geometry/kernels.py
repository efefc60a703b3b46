"""Vectorized convex-polygon kernels: many bases, one numpy call.

Polygons are arrays of shape (N, K, 2) with vertices in order (either winding). A polygon
with fewer real vertices is padded by repeating a vertex; zero-length edges never separate
or measure anything, so padding is harmless. These kernels are the hot path of movement,
range and arc checks; shapely is the reference they are tested against.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]

_UNIT_SQUARE = np.array([[-1.0, 1.0], [1.0, 1.0], [1.0, -1.0], [-1.0, -1.0]])  # (right, forward)


Frame = tuple[Array, Array, Array, Array]  # x, y, sin and cos of the heading, per pose
_UNIT_RIGHT, _UNIT_FORWARD = _UNIT_SQUARE[None, :, 0], _UNIT_SQUARE[None, :, 1]  # (1, 4) each


def square_corners(x: Array, y: Array, heading_deg: Array, half: Array | float) -> Array:
    """Corners (N, 4, 2) of square bases centred at (x, y) facing heading (clockwise from north)."""
    h = np.radians(np.asarray(heading_deg, dtype=np.float64))
    return frame_corners((np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64), np.sin(h), np.cos(h)),
                         half)


def frame_corners(frame: Frame, half: Array | float) -> Array:
    """``square_corners`` given each base's frame (``pose_frames``: the trigonometry already done)."""
    x, y, sn, cs = frame
    s, c = sn[..., None], cs[..., None]
    half_arr = np.asarray(half, dtype=np.float64)
    if half_arr.shape != sn.shape:  # (broadcast_to's overhead only where there is something to broadcast)
        half_arr = np.broadcast_to(half_arr, sn.shape)
    r = _UNIT_RIGHT * half_arr[..., None]
    f = _UNIT_FORWARD * half_arr[..., None]
    # world = centre + f * (sin, cos) + r * (cos, -sin); filled in place of np.stack (the same values)
    out = np.empty((*r.shape, 2))
    out[..., 0] = x[..., None] + f * s + r * c
    out[..., 1] = y[..., None] + f * c - r * s
    return out


@lru_cache(maxsize=64)
def _next_index(k: int) -> npt.NDArray[np.intp]:
    return (np.arange(k) + 1) % k


def _following(a: Array, axis: int) -> Array:
    """``np.roll(a, -1, axis)``: each vertex's next, the last's the first (the same values, for a
    fraction of roll's overhead on the small arrays of the planner and movement)."""
    out: Array = np.take(a, _next_index(a.shape[axis]), axis=axis)
    return out


def _edges(poly: Array) -> Array:
    return _following(poly, -2) - poly


def overlaps(a: Array, b: Array, tol: float = 1e-6) -> Mask:
    """True where convex polygons a[i] and b[i] overlap by more than ``tol`` (touching is not overlap).

    Separating axis test over the edge normals of both polygons.
    """
    axes = np.concatenate([_edges(a), _edges(b)], axis=-2)  # (N, Ka+Kb, 2)
    nx, ny = -axes[..., 1], axes[..., 0]
    norm = np.hypot(nx, ny)
    safe = np.where(norm > 0, norm, 1.0)
    nx, ny = nx / safe, ny / safe
    # projections of every vertex on every axis: (N, axes, K)
    pa = a[:, None, :, 0] * nx[..., None] + a[:, None, :, 1] * ny[..., None]
    pb = b[:, None, :, 0] * nx[..., None] + b[:, None, :, 1] * ny[..., None]
    gap = np.maximum(pb.min(-1) - pa.max(-1), pa.min(-1) - pb.max(-1))  # (N, axes)
    separated = (gap > -tol) & (norm > 0)
    result: Mask = ~separated.any(-1)
    return result


def point_segment_distance(p: Array, s0: Array, s1: Array) -> Array:
    """Distance from points p (..., 2) to segments s0-s1 (..., 2), broadcasting."""
    dx, dy = s1[..., 0] - s0[..., 0], s1[..., 1] - s0[..., 1]
    px, py = p[..., 0] - s0[..., 0], p[..., 1] - s0[..., 1]
    dd = dx * dx + dy * dy
    t = np.clip((px * dx + py * dy) / np.where(dd > 0, dd, 1.0), 0.0, 1.0)
    out: Array = np.hypot(px - t * dx, py - t * dy)
    return out


def _vertex_edge_min(points: Array, poly: Array) -> Array:
    """min over points[i] and edges of poly[i] of the point-segment distance -> (N,)."""
    s0 = poly[:, None, :, :]
    s1 = _following(poly, -2)[:, None, :, :]
    dist = point_segment_distance(points[:, :, None, :], s0, s1)  # (N, Kp, Ke)
    out: Array = dist.min(axis=(1, 2))
    return out


def distance(a: Array, b: Array) -> Array:
    """Shortest distance (N,) between convex polygons a[i] and b[i]; 0 where they overlap or touch."""
    d = np.minimum(_vertex_edge_min(a, b), _vertex_edge_min(b, a))
    return np.where(overlaps(a, b, tol=0.0), 0.0, d)


def clip_halfplane(poly: Array, count: npt.NDArray[np.int64], normal: Array, offset: Array,
                   eps: float = 1e-9) -> tuple[Array, npt.NDArray[np.int64]]:
    """Clip convex polygons to the half-planes ``normal . p >= offset`` (Sutherland-Hodgman).

    ``count`` is the number of real vertices per row (0 = empty). Returns the clipped
    polygons, padded by repeating their last vertex, and the new counts.
    """
    n, k, _ = poly.shape
    side = poly[..., 0] * normal[:, None, 0] + poly[..., 1] * normal[:, None, 1] - offset[:, None]
    inside = side >= -eps
    # the next vertex wraps at each row's own count, not at the padded width
    nxt_idx = (np.arange(k)[None, :] + 1) % np.maximum(count, 1)[:, None]
    nxt = np.take_along_axis(poly, nxt_idx[..., None].repeat(2, axis=2), axis=1)
    side_nxt = np.take_along_axis(side, nxt_idx, axis=1)
    inside_nxt = np.take_along_axis(inside, nxt_idx, axis=1)
    crossing = inside != inside_nxt
    denom = side - side_nxt
    t = np.divide(side, denom, out=np.zeros_like(side), where=denom != 0)
    hit = poly + t[..., None] * (nxt - poly)
    real = np.arange(k)[None, :] < count[:, None]
    # each edge contributes its start vertex (if inside) and its crossing point (if any)
    cand = np.stack([poly, hit], axis=2).reshape(n, 2 * k, 2)
    keep = np.stack([inside & real, crossing & real], axis=2).reshape(n, 2 * k)
    order = np.argsort(~keep, axis=1, kind="stable")
    cand = np.take_along_axis(cand, order[..., None], axis=1)
    new_count = keep.sum(axis=1).astype(np.int64)
    width = max(int(new_count.max(initial=0)), 1)
    cand = cand[:, :width]
    last = np.clip(new_count - 1, 0, None)
    pad = np.arange(width)[None, :] >= new_count[:, None]
    fill = np.take_along_axis(cand, last[:, None, None].repeat(2, axis=2), axis=1)
    cand = np.where(pad[..., None], fill, cand)
    return cand, new_count


def clip_to_wedge(poly: Array, apex: Array, direction_deg: Array, arc_deg: float
                  ) -> tuple[Array, npt.NDArray[np.int64]]:
    """The part of each polygon inside a firing-arc wedge (apex, centre direction, total angle).

    Wedges up to 180 degrees are the intersection of two half-planes through the apex;
    360 leaves the polygon whole.
    """
    n = poly.shape[0]
    count = np.full(n, poly.shape[1], dtype=np.int64)
    if arc_deg >= 360.0:
        return poly, count
    if not 0.0 < arc_deg <= 180.0:
        raise ValueError(f"firing arc must be in (0, 180] or 360 degrees, got {arc_deg}")
    half = arc_deg / 2.0
    for sign in (1.0, -1.0):
        ray = np.radians(np.asarray(direction_deg, dtype=np.float64) + sign * half)
        rx, ry = np.sin(ray), np.cos(ray)
        # the inward normal is the boundary ray rotated toward the wedge's centre line
        normal = np.stack([-ry, rx], axis=-1) * sign
        offset = normal[:, 0] * apex[:, 0] + normal[:, 1] * apex[:, 1]
        poly, count = clip_halfplane(poly, count, normal, offset)
    return poly, count


def point_distance(points: Array, poly: Array) -> Array:
    """Distance (N,) from points[i] (N, 2) to convex polygon poly[i]; 0 inside or on the edge."""
    edge = _edges(poly)
    rel = points[:, None, :] - poly
    cross = edge[..., 0] * rel[..., 1] - edge[..., 1] * rel[..., 0]
    inside = (cross >= 0).all(-1) | (cross <= 0).all(-1)
    d = _vertex_edge_min(points[:, None, :], poly)
    out: Array = np.where(inside, 0.0, d)
    return out


# --- square bases: closed forms, elementwise over (N,) arrays ----------------------------------

def pose_frames(poses: Array) -> Frame:
    """Each pose's (N, 3) frame: x, y, and its heading's sine and cosine."""
    h = np.radians(poses[:, 2])
    return poses[:, 0], poses[:, 1], np.sin(h), np.cos(h)




def square_overlaps(a: Array, a_half: Array | float, b: Array, b_half: Array | float,
                    tol: float = 1e-6) -> Mask:
    """Do square bases at poses a[i] and b[i] (N, 3: x, y, heading) overlap by more than ``tol``?

    The separating axis test for two squares needs only their four side directions; a square of
    half side h turned by d against an axis projects to a half-width of h (|cos d| + |sin d|).
    """
    return _frames_overlap(pose_frames(a), a_half, pose_frames(b), b_half, tol)


def _frames_overlap(fa: Frame, a_half: Array | float, fb: Frame, b_half: Array | float, tol: float) -> Mask:
    ax, ay, asn, acs = fa
    bx, by, bsn, bcs = fb
    dx, dy = bx - ax, by - ay
    cos_d = np.abs(acs * bcs + asn * bsn)
    sin_d = np.abs(asn * bcs - acs * bsn)
    k = cos_d + sin_d
    ha = np.asarray(a_half, dtype=np.float64)
    hb = np.asarray(b_half, dtype=np.float64)
    reach_a = ha + hb * k - tol  # along a's axes
    reach_b = hb + ha * k - tol  # along b's axes
    result: Mask = ((np.abs(dx * asn + dy * acs) < reach_a) & (np.abs(dx * acs - dy * asn) < reach_a)
                    & (np.abs(dx * bsn + dy * bcs) < reach_b) & (np.abs(dx * bcs - dy * bsn) < reach_b))
    return result


def _corners_to_square(corners: Array, centre: Array, half: Array | float) -> Array:
    """min over corners (N, K, 2) of their distance to the square (centre pose (N, 3), half)."""
    return _corners_to_frame(corners, pose_frames(centre), half)


def _corners_to_frame(corners: Array, frame: Frame, half: Array | float) -> Array:
    cx, cy, sn, cs = frame
    px, py = corners[..., 0] - cx[:, None], corners[..., 1] - cy[:, None]
    fwd = np.abs(px * sn[:, None] + py * cs[:, None])
    side = np.abs(px * cs[:, None] - py * sn[:, None])
    h = np.asarray(half, dtype=np.float64)
    h = h[:, None] if h.ndim else h
    out: Array = np.hypot(np.maximum(fwd - h, 0.0), np.maximum(side - h, 0.0)).min(-1)
    return out


def square_distance(a: Array, a_half: Array | float, b: Array, b_half: Array | float) -> Array:
    """Shortest distance (N,) between square bases at poses a[i] and b[i]; 0 where they meet."""
    ca = square_corners(a[:, 0], a[:, 1], a[:, 2], a_half)
    cb = square_corners(b[:, 0], b[:, 1], b[:, 2], b_half)
    d = np.minimum(_corners_to_square(ca, b, b_half), _corners_to_square(cb, a, a_half))
    out: Array = np.where(square_overlaps(a, a_half, b, b_half, tol=0.0), 0.0, d)
    return out


def square_distance_pairs(a: Array, a_half: Array, b: Array, b_half: Array) -> tuple[Array, Array, Array]:
    """``square_distance`` of every pose of a (N, 3) against every pose of b (K, 3), in the rows
    ``np.repeat(a, K)`` against ``np.tile(b, N)`` give, with both sides' corners in those rows: the
    same numbers (every step is elementwise), the trigonometry done once per pose, not per pair."""
    n, k = len(a), len(b)
    ca = np.repeat(square_corners(a[:, 0], a[:, 1], a[:, 2], a_half), k, axis=0)
    cb = np.tile(square_corners(b[:, 0], b[:, 1], b[:, 2], b_half), (n, 1, 1))
    fa = pose_frames(a)
    fb = pose_frames(b)
    fa_rows: Frame = (np.repeat(fa[0], k), np.repeat(fa[1], k), np.repeat(fa[2], k), np.repeat(fa[3], k))
    fb_rows: Frame = (np.tile(fb[0], n), np.tile(fb[1], n), np.tile(fb[2], n), np.tile(fb[3], n))
    a_rows, b_rows = np.repeat(a_half, k), np.tile(b_half, n)
    d = np.minimum(_corners_to_frame(ca, fb_rows, b_rows), _corners_to_frame(cb, fa_rows, a_rows))
    out: Array = np.where(_frames_overlap(fa_rows, a_rows, fb_rows, b_rows, tol=0.0), 0.0, d)
    return out, ca, cb


def square_distance_rows(a: Array, a_half: Array, b: Array, b_half: Array, i: npt.NDArray[np.intp],
                         j: npt.NDArray[np.intp], a_corners: Array, b_corners: Array,
                         frames: tuple[Frame, Frame] | None = None) -> Array:
    """``square_distance_pairs``' distances of only the pairs a[i] against b[j] (index arrays of one
    length), given each pose's corners (``square_corners`` of the whole of a and of b, as there):
    the trigonometry worked out once per pose as there; every step after is elementwise per row,
    so each row's numbers are those of the pair's row in ``square_distance_pairs``. ``frames``: a's
    and b's ``pose_frames``, where the caller has them already."""
    fa, fb = frames if frames is not None else (pose_frames(a), pose_frames(b))
    fa_rows: Frame = (fa[0][i], fa[1][i], fa[2][i], fa[3][i])
    fb_rows: Frame = (fb[0][j], fb[1][j], fb[2][j], fb[3][j])
    a_rows, b_rows = a_half[i], b_half[j]
    # a's corners against b's frames and b's against a's in one call (elementwise per row), halved after
    r = len(i)
    both: Frame = (np.concatenate((fb_rows[0], fa_rows[0])), np.concatenate((fb_rows[1], fa_rows[1])),
                   np.concatenate((fb_rows[2], fa_rows[2])), np.concatenate((fb_rows[3], fa_rows[3])))
    gaps = _corners_to_frame(np.concatenate((a_corners[i], b_corners[j])), both, np.concatenate((b_rows, a_rows)))
    d = np.minimum(gaps[:r], gaps[r:])
    out: Array = np.where(_frames_overlap(fa_rows, a_rows, fb_rows, b_rows, tol=0.0), 0.0, d)
    return out


def _cross(ax: Array, ay: Array, bx: Array, by: Array) -> Array:
    out: Array = ax * by - ay * bx
    return out


def wedge_hits(poly: Array, apex: Array, direction_deg: Array, arc_deg: float | Array) -> Mask:
    """Does any part of each convex polygon (N, K, 2) lie in its wedge (closed)? No clipping:
    a vertex inside the wedge, or a boundary ray crossing an edge (which covers a polygon that
    holds the apex, or that straddles the wedge with every vertex outside). ``arc_deg`` is one
    arc for every row or each row's own (N,), under 360 (a caller with mixed arcs fuses its
    groups into one call: every step is elementwise per row, so the numbers are the same)."""
    n = poly.shape[0]
    per_row = np.ndim(arc_deg) > 0
    if not per_row and float(arc_deg) >= 360.0:
        return np.ones(n, dtype=bool)
    arc = np.asarray(arc_deg, dtype=np.float64)
    px, py = poly[..., 0] - apex[:, None, 0], poly[..., 1] - apex[:, None, 1]
    bearing = np.degrees(np.arctan2(px, py))
    off = np.abs((bearing - np.asarray(direction_deg)[:, None] + 180.0) % 360.0 - 180.0)
    reach = arc[:, None] / 2.0 + 1e-9 if per_row else arc / 2.0 + 1e-9
    hit: Mask = np.asarray((off <= reach).any(-1) | (np.hypot(px, py) < 1e-9).any(-1))
    # the rays only for the polygons no vertex has put in the wedge already (the same rows, the
    # same numbers: every step is elementwise per polygon)
    rest = np.flatnonzero(~hit)
    if not rest.size:
        return hit
    px, py = px[rest], py[rest]
    direction_all = np.asarray(direction_deg)
    direction = (direction_all if direction_all.shape == (n,) else np.broadcast_to(direction_all, (n,)))[rest]
    arc_rest = arc[rest] if per_row else arc
    qx, qy = _following(px, 1) - px, _following(py, 1) - py  # edges
    along = _cross(px, py, qx, qy)
    crossed = np.zeros(len(rest), dtype=bool)
    for sign in (1.0, -1.0):
        ray = np.radians(direction + sign * arc_rest / 2.0)
        dx, dy = np.sin(ray)[:, None], np.cos(ray)[:, None]
        denom = _cross(dx, dy, qx, qy)
        turned = np.abs(denom) > 1e-12  # the ray not parallel to the edge
        safe = np.where(turned, denom, 1.0)
        t = along / safe  # along the ray
        u = _cross(px, py, dx, dy) / safe  # along the edge
        crosses = turned & (t >= -1e-9) & (u >= -1e-9) & (u <= 1.0 + 1e-9)
        crossed |= crosses.any(-1)
    hit[rest] = crossed
    return hit


_WEDGE_MARGIN_MM = 1e-3  # far above the rounding of the wedge test's angles over a table's distances


def wedge_hits_around(poly: Array, apex: Array, direction_deg: Array, arc_deg: Array, centre: Array,
                      radius: Array) -> Mask:
    """``wedge_hits`` of polygons each inside a circle (``centre`` (N, 2), ``radius`` (N,)), under
    180 degrees: a circle a margin inside both of the wedge's half-planes (each bounded by one
    of its rays; the wedge is where they meet) puts every vertex in the wedge, and a circle a margin
    outside either puts the whole polygon beyond it; only the rows these leave undecided are tried
    (the same rows' numbers, as every step of ``wedge_hits`` is elementwise per row)."""
    half = arc_deg / 2.0
    ox, oy = centre[:, 0] - apex[:, 0], centre[:, 1] - apex[:, 1]
    inside = np.full(len(poly), np.inf)
    for sign in (1.0, -1.0):
        ray = np.radians(direction_deg + sign * half)
        # the inward normal is the ray turned toward the wedge's centre line
        along = (-np.cos(ray) * ox + np.sin(ray) * oy) * sign
        inside = np.minimum(inside, along)
    hit: Mask = inside > radius + _WEDGE_MARGIN_MM
    unsure = np.flatnonzero((inside >= -radius - _WEDGE_MARGIN_MM) & ~hit)
    if unsure.size:
        hit[unsure] = wedge_hits(poly[unsure], apex[unsure], direction_deg[unsure], arc_deg[unsure])
    return hit

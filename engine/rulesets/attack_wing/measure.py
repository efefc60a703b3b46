"""Range, range bands, firing arcs and line of fire (DESIGN.md; rulebook "Measuring Range").

Range is the shortest distance between two base outlines. A firing arc is a wedge with its
apex at the base centre, symmetric about the heading (front) or its reverse (rear); a target
is in arc when any part of its base is in the wedge (the wedge is closed: its edge counts),
and attack range is measured to the closest part of the target base inside the arc.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from shapely.geometry import LineString, Polygon
from shapely.ops import nearest_points

from engine.errors import GeometryError
from engine.geometry import kernels
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet, base_polygon
from engine.memos import memo
from engine.rulesets.attack_wing import params as P

FULL_CIRCLE = 360.0


@dataclass(frozen=True, slots=True)
class Placed:
    """A ship base on the table: pose and base size."""

    pose: Pose
    size: str = "small"

    def __post_init__(self) -> None:
        if self.size not in P.BASE_SIDE_MM:
            raise GeometryError(f"unknown base size {self.size!r}; use small or large")

    @property
    def half(self) -> float:
        return P.base_half(self.size)

    def corners(self) -> kernels.Array:
        p = self.pose
        return kernels.square_corners(np.array([p.x]), np.array([p.y]), np.array([p.heading]), self.half)

    def polygon(self) -> Polygon:
        return base_polygon(self.pose, self.half)


@dataclass(frozen=True, slots=True)
class ArcCheck:
    """Whether a target is in one firing arc, and the range to the part of it in that arc."""

    in_arc: bool
    distance: float  # math.inf when not in arc
    band: int | None  # None when not in arc

    def as_dict(self) -> dict[str, object]:
        return {"in_arc": self.in_arc, "distance_mm": _finite(self.distance), "band": self.band}


@dataclass(frozen=True, slots=True)
class Measurement:
    """What a range ruler and the printed arcs tell about target b as seen from ship a."""

    distance: float
    band: int
    front: ArcCheck | None
    rear: ArcCheck | None

    def as_dict(self) -> dict[str, object]:
        return {
            "distance_mm": round(self.distance, 3),
            "band": self.band,
            "front_arc": self.front.as_dict() if self.front else None,
            "rear_arc": self.rear.as_dict() if self.rear else None,
        }


def _finite(v: float) -> float | None:
    return round(v, 3) if math.isfinite(v) else None


def validate_arc(arc_deg: float) -> None:
    if not (0.0 < arc_deg <= 180.0 or arc_deg == FULL_CIRCLE):
        raise GeometryError(f"firing arc must be 90, 180 or 360 degrees (any angle up to 180), got {arc_deg}")


def distance(a: Placed, b: Placed) -> float:
    """Shortest distance in mm between two base outlines (0 when touching)."""
    return _distance(a, b)


@memo(maxsize=4096)
def _distance(a: Placed, b: Placed) -> float:
    """``distance``, remembered: a pure function of the two placements (pose and base size), asked
    again and again while neither moves (the cards' range conditions in every window, the actions'
    ranges): 112 pairs among 1382 asks in 10 skirmish games."""
    ca, cb = _corners(a), _corners(b)
    if _convex_overlap(ca, cb):
        return 0.0
    # apart, the shortest distance between two convex outlines ends at a corner of one of them
    return min(_corner_gap(ca, b), _corner_gap(cb, a))


def _corner_gap(corners: list[Pt], square: Placed) -> float:
    """The least distance from these points to a square base, in the square's own frame."""
    h = math.radians(square.pose.heading)
    s, c = math.sin(h), math.cos(h)
    x0, y0, half = square.pose.x, square.pose.y, square.half
    best = math.inf
    for px, py in corners:
        dx, dy = px - x0, py - y0
        f = abs(dx * s + dy * c) - half
        r = abs(dx * c - dy * s) - half
        d = math.hypot(f if f > 0 else 0.0, r if r > 0 else 0.0)
        if d < best:  # min(best, d), without the call
            best = d
    return best


# Scalar geometry in plain Python: for one pair it is several times faster than numpy's
# per-call overhead; the batch functions below use the numpy kernels.

Pt = tuple[float, float]


def _corners(p: Placed) -> list[Pt]:
    h = math.radians(p.pose.heading)
    s, c, half = math.sin(h), math.cos(h), p.half
    x, y = p.pose.x, p.pose.y
    return [(x + f * half * s + r * half * c, y + f * half * c - r * half * s)
            for r, f in ((-1, 1), (1, 1), (1, -1), (-1, -1))]


def convex_overlap(a: list[Pt], b: list[Pt], tol: float = 0.0) -> bool:
    """Do two convex polygons overlap by more than ``tol`` (separating axis test, plain Python)?

    Many-cornered pairs (a template's hull against an obstacle's) try a cheap proof first: a point
    whose disc of radius ``tol`` + 1 micron lies inside both. Every axis then projects the disc
    into both polygons' intervals, so no axis separates them by more than ``-tol``, with a
    margin a million times the rounding of millimetre coordinates: the test's own answer, True,
    without its (corners x axes) projections. Without a proof, the test itself decides."""
    if len(a) + len(b) > _PROOF_CORNERS and _common_disc(a, b, tol + _PROOF_MARGIN_MM):
        return True
    return _convex_overlap(a, b, tol)


_PROOF_CORNERS = 12  # below this the test is about as cheap as the proof
_PROOF_MARGIN_MM = 1e-6
PROOF_MARGIN_MM = _PROOF_MARGIN_MM  # a proof's room for rounding, far above millimetre coordinates' (1e-13)


def _common_disc(a: list[Pt], b: list[Pt], radius: float) -> bool:
    """Is there a disc of ``radius`` inside both convex polygons? Tries the points most likely
    inside both: centres, and corners drawn toward their polygon's centre."""
    ax, ay = sum(x for x, _ in a) / len(a), sum(y for _, y in a) / len(a)
    bx, by = sum(x for x, _ in b) / len(b), sum(y for _, y in b) / len(b)
    tries = [(bx, by), (ax, ay)]
    tries += [((x + bx) / 2, (y + by) / 2) for x, y in b]
    tries += [((3 * x + bx) / 4, (3 * y + by) / 4) for x, y in b]
    tries += [((3 * x + ax) / 4, (3 * y + ay) / 4) for x, y in a]
    return any(_holds_disc(b, px, py, radius) and _holds_disc(a, px, py, radius) for px, py in tries)


def _holds_disc(poly: list[Pt], px: float, py: float, radius: float) -> bool:
    """Is the disc of ``radius`` at (px, py) inside the convex polygon (either winding): on the
    same side of every edge, farther than ``radius`` from each edge's line?"""
    side = 0
    n = len(poly)
    for i in range(n):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        norm = math.hypot(ex, ey)
        if norm == 0.0:
            continue
        d = (ex * (py - y0) - ey * (px - x0)) / norm
        if d > radius and side >= 0:
            side = 1
        elif d < -radius and side <= 0:
            side = -1
        else:
            return False
    return side != 0


def convex_gap(a: list[Pt], b: list[Pt]) -> float:
    """Shortest distance between two convex polygons (0 where they meet), plain Python."""
    return 0.0 if _convex_overlap(a, b) else _polygon_gap(a, b)


def _convex_overlap(a: list[Pt], b: list[Pt], tol: float = 0.0) -> bool:
    # apart on some axis by more than -tol (a tolerance, >= 0): separation's answer is then above
    # -tol too (its first positive gap, or the widest of them all)
    if tol < 0.0:
        raise ValueError(f"an overlap's tolerance is at least 0 mm, not {tol}")
    return not separation(a, b) > -tol


def separation(a: Sequence[Pt], b: Sequence[Pt]) -> float:
    """The separating axis test's widest gap between two convex polygons: above 0 exactly where
    ``convex_overlap(a, b)`` is False (the same projections by the same float operations, the
    first such gap returned); otherwise the least overlap over every axis, negated: a value below
    ``-m`` says the polygons overlap by more than ``m`` on every axis (their penetration depth:
    a proof that they meet, with room to spare for the rounding of any other exact test)."""
    worst = -math.inf
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
            nx, ny = y0 - y1, x1 - x0
            if nx == 0.0 and ny == 0.0:
                continue
            norm = math.hypot(nx, ny)
            pa = [px * nx + py * ny for px, py in a]
            pb = [px * nx + py * ny for px, py in b]
            # the projections are the dot products divided by the norm (> 0): a correctly rounded
            # division keeps their order, so the least and greatest projections are the least and
            # greatest dot products divided, the same floats as dividing every one first
            gap = max(min(pb) / norm - max(pa) / norm, min(pa) / norm - max(pb) / norm)
            if gap > 0.0:
                return gap
            if gap > worst:
                worst = gap
    return worst


def _polygon_gap(a: list[Pt], b: list[Pt]) -> float:
    """The least distance from a corner of either polygon to an edge of the other (the point's
    projection on the segment, clamped), each edge's own terms worked out once per edge. The
    clamp is written out (no min/max calls in the innermost loop): a projection at or below 0
    is 0.0, at or above 1 is 1.0, as ``max(0.0, min(1.0, t))`` gives."""
    best = math.inf
    hypot = math.hypot
    for pts, poly in ((a, b), (b, a)):
        for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], *poly[:1]], strict=True):
            dx, dy = x1 - x0, y1 - y0
            dd = dx * dx + dy * dy
            for qx, qy in pts:
                px, py = qx - x0, qy - y0
                if dd == 0:
                    t = 0.0
                else:
                    t = (px * dx + py * dy) / dd
                    t = 1.0 if t >= 1.0 else t if t > 0.0 else 0.0
                d = hypot(px - t * dx, py - t * dy)
                if d < best:
                    best = d
    return best


def _clip(poly: list[Pt], nx: float, ny: float, offset: float, eps: float = 1e-9) -> list[Pt]:
    """Sutherland-Hodgman: the part of a convex polygon with n . p >= offset."""
    out: list[Pt] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        sp, sq = p[0] * nx + p[1] * ny - offset, q[0] * nx + q[1] * ny - offset
        if sp >= -eps:
            out.append(p)
        if (sp >= -eps) != (sq >= -eps):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def arc_part(a: Placed, b: Placed, arc_deg: float, rear: bool = False) -> kernels.Array | None:
    """The vertices (1, K, 2) of the part of b's base inside a's arc, or None when none of it is."""
    part = _arc_part(a, b, arc_deg, rear)
    return None if part is None else np.array([part])


def _arc_part(a: Placed, b: Placed, arc_deg: float, rear: bool) -> list[Pt] | None:
    validate_arc(arc_deg)
    poly = _corners(b)
    if arc_deg >= FULL_CIRCLE:
        return poly
    direction = a.pose.heading + (180.0 if rear else 0.0)
    ax, ay = a.pose.x, a.pose.y
    for sign in (1.0, -1.0):  # the two boundary rays; the inward normal turns toward the centre line
        ray = math.radians(direction + sign * arc_deg / 2.0)
        nx, ny = -math.cos(ray) * sign, math.sin(ray) * sign
        poly = _clip(poly, nx, ny, nx * ax + ny * ay)
        if not poly:
            return None
    return poly


def arc_check(a: Placed, b: Placed, arc_deg: float, rear: bool = False) -> ArcCheck:
    """Is any part of b in a's front (or rear) arc, and how far is that part."""
    return _arc_check(a, b, arc_deg, rear)


@memo(maxsize=4096)
def _arc_check(a: Placed, b: Placed, arc_deg: float, rear: bool) -> ArcCheck:
    """``arc_check``, remembered: the same two bases are measured again and again while neither
    moves (every ship's attack options, the AI's and the game's, the cards' conditions)."""
    part = _arc_part(a, b, arc_deg, rear)
    if part is None:
        return ArcCheck(False, math.inf, None)
    ca = _corners(a)
    d = 0.0 if _convex_overlap(ca, part) else _polygon_gap(ca, part)
    return ArcCheck(True, d, P.range_band(d))


def beyond_range(a: Placed, b: Placed) -> bool:
    """Is every part of b certainly beyond Range 3 of a, in any arc? The centres' distance less
    both bases' half-diagonals is a lower bound on the range between the bases (and on the range
    to any part of b in an arc), taken here with a millimetre to spare, far above any rounding: a
    proof that spares ``arc_check`` its exact measure where all a caller needs to know is that no
    attack reaches (the AI's threat, the attack options)."""
    reach = P.RANGE_BAND_EDGES_MM[-1] + (a.half + b.half) * _DIAGONAL + 1.0
    dx, dy = a.pose.x - b.pose.x, a.pose.y - b.pose.y
    return dx * dx + dy * dy > reach * reach


_DIAGONAL = math.sqrt(2.0)  # a square's half-diagonal over its half-side


def measure(a: Placed, b: Placed, front_arc: float | None = 90.0, rear_arc: float | None = None) -> Measurement:
    """Distance, band, and both arcs of a against b."""
    d = distance(a, b)
    front = arc_check(a, b, front_arc) if front_arc else None
    rear = arc_check(a, b, rear_arc, rear=True) if rear_arc else None
    return Measurement(d, P.range_band(d), front, rear)


# --- line of fire ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LineOfFire:
    """The range ruler between attacker and the part of the defender in arc, and what it crosses."""

    line: LineString
    obstructed: bool  # crosses an obstacle, or the attacker sits on one: +1 defense die
    blocked: bool  # crosses a planet that neither ship overlaps: no attack
    obstacles: tuple[str, ...]
    planets: tuple[str, ...]


def line_of_fire(a: Placed, b: Placed, arc_deg: float | None, rear: bool = False,
                 obstacles: Sequence[Obstacle] = (), planets: Sequence[Planet] = ()) -> LineOfFire:
    """The shortest line from a's base to the part of b in arc (or all of b with no arc)."""
    a_poly = a.polygon()
    target: Polygon | LineString
    if arc_deg is not None and arc_deg < FULL_CIRCLE:
        pts = _arc_part(a, b, arc_deg, rear)  # (``arc_part``'s corners, as plain floats)
        if pts is None:
            raise GeometryError("the target is not in that arc: there is no line of fire")
        target = Polygon(pts) if len(pts) >= 3 else LineString(pts if len(pts) > 1 else pts * 2)
    else:
        target = b.polygon()
    line = range_ruler(a_poly, target)
    crossed = tuple(o.name for o in obstacles if o.polygon.intersects(line) or o.polygon.intersects(a_poly))
    on_planet = bool(planets) and any(pl.polygon.intersects(a_poly) or pl.polygon.intersects(b.polygon())
                                      for pl in planets)
    blocking = () if on_planet else tuple(pl.name for pl in planets if pl.polygon.intersects(line))
    return LineOfFire(line, bool(crossed), bool(blocking), crossed, blocking)


def range_ruler(a_poly: Polygon, target: Polygon | LineString) -> LineString:
    """The shortest line between two shapes; when parallel edges give many, the middle one (rulings.md)."""
    d = a_poly.distance(target)
    near_a = a_poly.boundary.intersection(target.buffer(d + 1e-6, quad_segs=64))
    p = near_a.centroid if not near_a.is_empty else nearest_points(a_poly, target)[0]
    q = nearest_points(target, p)[0]
    if d > 0 and abs(p.distance(q) - d) > 1e-3:  # centroid fell off a curved set: use shapely's pair
        p, q = nearest_points(a_poly, target)
    return LineString([p, q])


# --- batches -----------------------------------------------------------------------------------

def in_arc_many(a_poses: kernels.Array, b_poses: kernels.Array, b_half: kernels.Array | float, arc_deg: float,
                rear: bool = False) -> kernels.Mask:
    """Vectorized: is any part of each target base in each attacker's arc? (No in-arc range.)"""
    validate_arc(arc_deg)
    b = kernels.square_corners(b_poses[:, 0], b_poses[:, 1], b_poses[:, 2], b_half)
    return in_arc_of(a_poses, b, arc_deg, rear)


def in_arc_of(a_poses: kernels.Array, b_corners: kernels.Array, arc_deg: float, rear: bool = False) -> kernels.Mask:
    """``in_arc_many`` with the target bases' corners (N, 4, 2) already worked out."""
    validate_arc(arc_deg)
    return kernels.wedge_hits(b_corners, a_poses[:, :2], a_poses[:, 2] + (180.0 if rear else 0.0), arc_deg)


def measure_many(a_poses: kernels.Array, a_half: kernels.Array | float, b_poses: kernels.Array,
                 b_half: kernels.Array | float, arc_deg: float, rear: bool = False
                 ) -> tuple[kernels.Array, kernels.Array, kernels.Mask, kernels.Array]:
    """Vectorized measure of N attacker/target pairs; poses are (N, 3) arrays of x, y, heading.

    Returns (distance, band, in_arc, arc_distance) arrays; arc_distance is inf when not in arc.
    """
    validate_arc(arc_deg)
    dist = kernels.square_distance(a_poses, a_half, b_poses, b_half)
    b = kernels.square_corners(b_poses[:, 0], b_poses[:, 1], b_poses[:, 2], b_half)
    in_arc = np.ones(len(a_poses), dtype=bool)
    arc_dist = dist.copy()
    if arc_deg < FULL_CIRCLE:
        # wholly in arc: the in-arc range is the range; otherwise clip to the wedge (the few that straddle)
        direction = a_poses[:, 2] + (180.0 if rear else 0.0)
        off = np.abs((np.degrees(np.arctan2(b[..., 0] - a_poses[:, None, 0], b[..., 1] - a_poses[:, None, 1]))
                      - direction[:, None] + 180.0) % 360.0 - 180.0)
        whole = (off <= arc_deg / 2.0 - 1e-9).all(-1)
        rest = np.flatnonzero(~whole)
        part, count = kernels.clip_to_wedge(b[rest], a_poses[rest, :2], direction[rest], arc_deg)
        a_rest = kernels.square_corners(a_poses[rest, 0], a_poses[rest, 1], a_poses[rest, 2],
                                        np.broadcast_to(a_half, len(a_poses))[rest])
        in_arc[rest] = count > 0
        arc_dist[rest] = np.where(count > 0, kernels.distance(a_rest, part), np.inf)
    return dist, bands(dist), in_arc, arc_dist


_BAND_EDGES = np.asarray(P.RANGE_BAND_EDGES_MM) + 1e-9  # each band's far edge, a rounding's width beyond


def bands(distances: kernels.Array) -> kernels.Array:
    """Range bands (1, 2, 3, or beyond) of an array of distances."""
    out: kernels.Array = np.searchsorted(_BAND_EDGES, distances, side="left").astype(np.float64) + 1.0
    return out

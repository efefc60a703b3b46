"""Attack Wing maneuvers: end pose, swept path and template outline (DESIGN.md, rulings.md).

A maneuver's motion is a list of segments. While the base rides a template its rear-edge
centre slides along the template's centre line with the base tangent to it (the rulebook's
"template centred between both sets of guides"); before that the base slides straight ahead
from its start until its rear edge reaches the template's start. The same path serves the
bump rule (move back along the template) and the studio's animation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import numpy.typing as npt
from shapely.geometry import Polygon

from engine.catalog.models import MANEUVER_KINDS
from engine.errors import GeometryError
from engine.geometry.pose import Pose, normalize_heading
from engine.memos import memo
from engine.rulesets.attack_wing import params as P

_ROTATE_DEGREES = {
    "left-45-degree-rotate": -45.0, "right-45-degree-rotate": 45.0,
    "left-90-degree-rotate": -90.0, "right-90-degree-rotate": 90.0,
}
_SPIN_DEGREES = {"left-spin": -90.0, "right-spin": 90.0, "about": 180.0}


@dataclass(frozen=True, slots=True)
class Maneuver:
    """A maneuver as on the dial: kind and speed (negative straight = full astern)."""

    kind: str
    speed: int

    def __post_init__(self) -> None:
        validate_maneuver(self.kind, self.speed)

    @property
    def side(self) -> int:
        """-1 for left, +1 for right, 0 for neither."""
        return -1 if self.kind.startswith("left") else (1 if self.kind.startswith("right") else 0)

    @property
    def is_full_astern(self) -> bool:
        return self.kind == "straight" and self.speed < 0

    def __str__(self) -> str:
        if self.is_full_astern:
            return f"{-self.speed} full astern"
        return self.kind if self.speed == 0 else f"{self.speed} {self.kind}"


def validate_maneuver(kind: str, speed: int) -> None:
    """Raise GeometryError unless (kind, speed) is a maneuver the geometry knows."""
    if kind not in MANEUVER_KINDS:
        raise GeometryError(f"unknown maneuver kind {kind!r}; known kinds: {', '.join(MANEUVER_KINDS)}")
    if not isinstance(speed, int) or isinstance(speed, bool):
        raise GeometryError(f"speed must be a whole number, got {speed!r}")
    if kind == "straight":
        ok = speed != 0 and P.FULL_ASTERN_MAX <= speed <= P.STRAIGHT_MAX
    elif kind.endswith("bank"):
        ok = speed in P.BANK_RADIUS_MM
    elif kind.endswith("turn"):
        ok = speed in P.TURN_RADIUS_MM
    elif kind in ("about", "left-spin", "right-spin"):
        ok = 1 <= speed <= P.SPIN_MAX
    elif kind.endswith("flank"):
        ok = 1 <= speed <= P.FLANK_MAX
    else:  # stop and rotates are speed 0 on every dial
        ok = speed == 0
    if not ok:
        raise GeometryError(f"speed {speed} is not possible for a {kind} maneuver")


# --- path segments ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Slide:
    """The base translates, heading kept."""

    start: Pose
    dx: float
    dy: float

    @property
    def length(self) -> float:
        return math.hypot(self.dx, self.dy)

    def at(self, f: float) -> Pose:
        return Pose(self.start.x + f * self.dx, self.start.y + f * self.dy, self.start.heading)


@dataclass(frozen=True, slots=True)
class Curve:
    """The rear-edge centre follows a circular arc of radius ``radius``; the base stays tangent."""

    start: Pose  # base centre at the start of the curve
    half: float  # half base side: centre = rear point + half * forward
    radius: float
    sweep: float  # degrees, signed: + turns right (clockwise)
    # the arc's centre, the same for every point of the curve (worked out once, not per point)
    centre: tuple[float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        side = 1.0 if self.sweep > 0 else -1.0
        rear = self.start.advance(-self.half)
        rx, ry = rear.right
        object.__setattr__(self, "centre", (rear.x + side * self.radius * rx, rear.y + side * self.radius * ry))

    @property
    def length(self) -> float:
        return self.radius * math.radians(abs(self.sweep))

    def at(self, f: float) -> Pose:
        side = 1.0 if self.sweep > 0 else -1.0
        cx, cy = self.centre
        heading = self.start.heading + f * self.sweep
        h = math.radians(heading)
        # rear point = arc centre - side * radius * right(heading); centre = rear + half * forward(heading)
        x = cx - side * self.radius * math.cos(h) + self.half * math.sin(h)
        y = cy + side * self.radius * math.sin(h) + self.half * math.cos(h)
        return Pose(x, y, normalize_heading(heading))


@dataclass(frozen=True, slots=True)
class Spin:
    """The base rotates in place about its centre."""

    start: Pose
    half: float
    degrees: float

    @property
    def length(self) -> float:
        # weight a rotation by how far a base corner travels, so animation speed stays even
        return self.half * math.sqrt(2.0) * math.radians(abs(self.degrees))

    def at(self, f: float) -> Pose:
        return Pose(self.start.x, self.start.y, normalize_heading(self.start.heading + f * self.degrees))


Segment = Slide | Curve | Spin


@dataclass(frozen=True, slots=True)
class ManeuverPath:
    """The swept path of a maneuver: ``pose_at(progress)`` for progress in [0, 1]."""

    start: Pose
    segments: tuple[Segment, ...]

    @property
    def length(self) -> float:
        return sum(s.length for s in self.segments)

    @property
    def end(self) -> Pose:
        return self.pose_at(1.0)

    def pose_at(self, progress: float) -> Pose:
        """Pose after ``progress`` (0..1) of the path, by distance travelled."""
        return self.poses_at([progress])[0]

    def poses_at(self, progresses: Sequence[float]) -> list[Pose]:
        """``pose_at`` of each progress, the segments' lengths worked out once for all of them."""
        if not self.segments:
            return [self.start for _ in progresses]
        lengths = [seg.length for seg in self.segments]
        total = sum(lengths)
        if total <= 0.0:
            return [self.segments[-1].at(1.0) for _ in progresses]
        last = len(self.segments) - 1
        out = []
        for progress in progresses:
            target = min(max(progress, 0.0), 1.0) * total
            for i, (seg, length) in enumerate(zip(self.segments, lengths, strict=True)):
                if target <= length or i == last:
                    out.append(seg.at(min(target / length, 1.0) if length > 0 else 1.0))
                    break
                target -= length
        return out

    def sample(self, count: int) -> list[Pose]:
        """``count`` poses evenly spaced in progress, both ends included."""
        if count < 2:
            raise GeometryError("a path sample needs at least 2 points")
        return [self.pose_at(i / (count - 1)) for i in range(count)]


def _straight_length(speed: int) -> float:
    return P.STRAIGHT_MM_PER_SPEED * abs(speed)


def maneuver_path(start: Pose, maneuver: Maneuver, base: str = "small") -> ManeuverPath:
    """The exact path a base of size ``base`` follows for ``maneuver`` from ``start``."""
    half = _half(base)
    kind, speed = maneuver.kind, maneuver.speed
    segs: list[Segment] = []
    if kind == "straight" or kind in _SPIN_DEGREES:
        # straight, full astern (negative speed), and come about / spin (straight, then rotate)
        travel = math.copysign(2 * half + _straight_length(speed), speed)
        fx, fy = start.forward
        segs.append(Slide(start, travel * fx, travel * fy))
        if kind in _SPIN_DEGREES:
            segs.append(Spin(segs[0].at(1.0), half, _SPIN_DEGREES[kind]))
    elif kind.endswith("bank") or kind.endswith("turn"):
        radius = (P.BANK_RADIUS_MM if kind.endswith("bank") else P.TURN_RADIUS_MM)[speed]
        sweep = P.BANK_SWEEP_DEG if kind.endswith("bank") else P.TURN_SWEEP_DEG
        fx, fy = start.forward
        segs.append(Slide(start, 2 * half * fx, 2 * half * fy))
        segs.append(Curve(segs[0].at(1.0), half, radius, maneuver.side * sweep))
    elif kind.endswith("flank"):
        travel = maneuver.side * (2 * half + _straight_length(speed))
        rx, ry = start.right
        segs.append(Slide(start, travel * rx, travel * ry))
    elif kind in _ROTATE_DEGREES:
        segs.append(Spin(start, half, _ROTATE_DEGREES[kind]))
    # stop: no segment, the base stays
    return ManeuverPath(start, tuple(segs))


def end_pose(start: Pose, maneuver: Maneuver, base: str = "small") -> Pose:
    """Where the base ends when nothing is in the way."""
    forward, right, turn = _relative_end(maneuver.kind, maneuver.speed, base)
    # Pose.advance's arithmetic, without its intermediate pose (the planner asks this of every dial)
    h = math.radians(start.heading)
    fx, fy = math.sin(h), math.cos(h)
    rx, ry = math.cos(h), -math.sin(h)
    return Pose(start.x + forward * fx + right * rx, start.y + forward * fy + right * ry,
                normalize_heading(start.heading + turn))


def end_poses(start: Pose, maneuvers: Sequence[Maneuver], base: str = "small") -> list[Pose]:
    """``end_pose`` of each maneuver from one start (a whole dial): the same arithmetic, with the
    start's sine and cosine worked out once and each turn's heading normalized once."""
    h = math.radians(start.heading)
    fx, fy = math.sin(h), math.cos(h)
    rx, ry = math.cos(h), -math.sin(h)
    headings: dict[float, float] = {}
    out = []
    for maneuver in maneuvers:
        forward, right, turn = _relative_end(maneuver.kind, maneuver.speed, base)
        heading = headings.get(turn)
        if heading is None:
            heading = headings[turn] = normalize_heading(start.heading + turn)
        out.append(Pose(start.x + forward * fx + right * rx, start.y + forward * fy + right * ry, heading))
    return out


@lru_cache(maxsize=512)
def _relative_end(kind: str, speed: int, base: str) -> tuple[float, float, float]:
    """A maneuver's end in its start's frame (forward mm, right mm, turn degrees): a maneuver is
    a rigid motion of the base, so this is all an end pose needs."""
    end = maneuver_path(Pose(0.0, 0.0, 0.0), Maneuver(kind, speed), base).end
    return end.y, end.x, end.heading


@memo(maxsize=1024)
def template_outline(start: Pose, maneuver: Maneuver, base: str = "small") -> Polygon | None:
    """The template's outline on the table, or None for maneuvers that use no template
    (remembered: the planner tries it against each obstacle near, the move lays it again)."""
    local = _local_template(maneuver.kind, maneuver.speed, base)
    if local is None:
        return None
    h = math.radians(start.heading)
    s, c = math.sin(h), math.cos(h)
    # local x is to the right, local y forward, in the start's frame
    xs = start.x + local[:, 1] * s + local[:, 0] * c
    ys = start.y + local[:, 1] * c - local[:, 0] * s
    return Polygon(np.column_stack([xs, ys]))


@lru_cache(maxsize=512)
def _local_template(kind: str, speed: int, base: str) -> npt.NDArray[np.float64] | None:
    """A template's outline in its start's frame (rigid with the base, so built once)."""
    poly = _template_at(Pose(0.0, 0.0, 0.0), Maneuver(kind, speed), base)
    return None if poly is None else np.asarray(poly.exterior.coords, dtype=np.float64)


Piece = tuple[tuple[tuple[float, float], ...], tuple[float, float, float]]  # corners, and a circle around them


@lru_cache(maxsize=512)
def template_pieces(kind: str, speed: int, base: str = "small") -> tuple[Piece, ...] | None:
    """The template's outline in its start's frame (x right, y forward) cut into convex pieces
    whose union is the outline: a straight or flank template's rectangle, or a curved one's
    trapezoids between consecutive arc points; each with a circle (x, y, radius) around it.
    None for maneuvers that use no template."""
    ring = _local_template(kind, speed, base)
    if ring is None:
        return None
    pts = [(float(x), float(y)) for x, y in ring[:-1]]
    if len(pts) == 4:
        quads = [pts]
    else:  # the outer arc's points, then the inner arc's backward (``_annular_sector``)
        m = len(pts) // 2
        outer, inner = pts[:m], pts[m:][::-1]
        quads = [[outer[i], outer[i + 1], inner[i + 1], inner[i]] for i in range(m - 1)]
    pieces = []
    for quad in quads:
        cx, cy = sum(x for x, _ in quad) / 4, sum(y for _, y in quad) / 4
        radius = max(math.hypot(x - cx, y - cy) for x, y in quad) * (1 + 1e-12)
        pieces.append((tuple(quad), (cx, cy, radius)))
    return tuple(pieces)


def template_hull(start: Pose, maneuver: Maneuver, base: str = "small") -> list[tuple[float, float]] | None:
    """The convex hull of the template's outline, as points (a cheap conservative stand-in)."""
    local = _local_hull(maneuver.kind, maneuver.speed, base)
    if local is None:
        return None
    h = math.radians(start.heading)
    s, c = math.sin(h), math.cos(h)
    return [(start.x + fy * s + rx * c, start.y + fy * c - rx * s) for rx, fy in local]


def template_circle(start: Pose, maneuver: Maneuver, base: str = "small") -> tuple[float, float, float] | None:
    """A circle (x, y, radius) around the template, for cheap rejection; None without a template."""
    local = _local_circle(maneuver.kind, maneuver.speed, base)
    if local is None:
        return None
    rx, fy, radius = local
    h = math.radians(start.heading)
    s, c = math.sin(h), math.cos(h)
    return start.x + fy * s + rx * c, start.y + fy * c - rx * s, radius


@lru_cache(maxsize=512)
def _local_circle(kind: str, speed: int, base: str) -> tuple[float, float, float] | None:
    hull = _local_hull(kind, speed, base)
    if hull is None:
        return None
    cx = (min(p[0] for p in hull) + max(p[0] for p in hull)) / 2
    cy = (min(p[1] for p in hull) + max(p[1] for p in hull)) / 2
    return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in hull)


@lru_cache(maxsize=512)
def _local_hull(kind: str, speed: int, base: str) -> tuple[tuple[float, float], ...] | None:
    poly = _template_at(Pose(0.0, 0.0, 0.0), Maneuver(kind, speed), base)
    if poly is None:
        return None
    return tuple((float(x), float(y)) for x, y in list(poly.convex_hull.exterior.coords)[:-1])


def _template_at(start: Pose, maneuver: Maneuver, base: str) -> Polygon | None:
    half = _half(base)
    w = P.TEMPLATE_WIDTH_MM / 2.0
    kind, speed = maneuver.kind, maneuver.speed
    if kind == "straight" or kind in _SPIN_DEGREES:
        length = _straight_length(speed)
        if speed > 0:  # laid at the front edge
            return _rect(start, half, half + length, -w, w)
        return _rect(start, -half - length, -half, -w, w)  # full astern: at the rear edge
    if kind.endswith("flank"):
        length = _straight_length(speed)
        lo, hi = (half, half + length) if maneuver.side > 0 else (-half - length, -half)
        return _rect(start, -w, w, lo, hi)
    if kind.endswith("bank") or kind.endswith("turn"):
        radius = (P.BANK_RADIUS_MM if kind.endswith("bank") else P.TURN_RADIUS_MM)[speed]
        sweep = P.BANK_SWEEP_DEG if kind.endswith("bank") else P.TURN_SWEEP_DEG
        return _annular_sector(start.advance(half), radius, maneuver.side * sweep, w)
    return None


def _half(base: str) -> float:
    if base not in P.BASE_SIDE_MM:
        raise GeometryError(f"unknown base size {base!r}; use small or large")
    return P.base_half(base)


def _rect(pose: Pose, f0: float, f1: float, r0: float, r1: float) -> Polygon:
    """A rectangle given in the pose's frame: forward from f0 to f1, right from r0 to r1."""
    corners = [pose.advance(f, r) for f, r in ((f0, r0), (f1, r0), (f1, r1), (f0, r1))]
    return Polygon([(c.x, c.y) for c in corners])


def _annular_sector(origin: Pose, radius: float, sweep: float, half_width: float) -> Polygon:
    """A curved template starting at ``origin`` (its start-edge centre) turning by ``sweep``."""
    side = 1.0 if sweep > 0 else -1.0
    rx, ry = origin.right
    cx, cy = origin.x + side * radius * rx, origin.y + side * radius * ry
    n = P.ARC_SEGMENTS
    outer: list[tuple[float, float]] = []
    inner: list[tuple[float, float]] = []
    for i in range(n + 1):
        h = math.radians(origin.heading + sweep * i / n)
        ux, uy = -side * math.cos(h), side * math.sin(h)  # from arc centre to the centre line
        outer.append((cx + (radius + half_width) * ux, cy + (radius + half_width) * uy))
        inner.append((cx + (radius - half_width) * ux, cy + (radius - half_width) * uy))
    return Polygon(outer + inner[::-1])


def maneuvers_for_speeds(kind: str, speeds: Sequence[int]) -> list[Maneuver]:
    return [Maneuver(kind, s) for s in speeds]


def end_poses_many(starts: npt.NDArray[np.float64], maneuver: Maneuver, base: str = "small"
                   ) -> npt.NDArray[np.float64]:
    """End poses (N, 3) of one maneuver from many starts (N, 3): a maneuver is a rigid motion
    in the base's own frame, so it is solved once and applied to every start."""
    forward, right, turn = _relative_end(maneuver.kind, maneuver.speed, base)
    h = np.radians(starts[:, 2])
    s, c = np.sin(h), np.cos(h)
    out = np.empty_like(starts)
    out[:, 0] = starts[:, 0] + forward * s + right * c
    out[:, 1] = starts[:, 1] + forward * c - right * s
    out[:, 2] = np.mod(starts[:, 2] + turn, 360.0)
    return out

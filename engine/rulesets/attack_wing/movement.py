"""Resolving a maneuver on a crowded table: bumps, planets, obstacles, fleeing; sensor echo.

Rulebook (000) "Overlapping Other Ships": a base whose final position overlaps another ship
moves back along the template until it no longer overlaps, touching. A come about that
overlaps is treated as a straight of the same speed (the text's glyphs, in order: 2 ... 8 for
that paragraph, 5 for the next), which then backs off as a straight does; a full astern that
overlaps moves forward along its template (which is backward along its path, so one rule serves
both).
"Planets": a ship ending on a planet backs off the same way. "Obstacles": template or final
base on an obstacle means one attack die and no action; an obstacle the ship starts on is left
without a penalty. "Fleeing the Battlefield": any part
of the final base outside the play area.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
from shapely.geometry import Polygon

from engine.geometry import kernels
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet, PlayArea, base_corners
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.crossing import base_on, template_on
from engine.rulesets.attack_wing.maneuvers import Maneuver, ManeuverPath, maneuver_path, template_outline
from engine.rulesets.attack_wing.measure import Placed, convex_gap, convex_overlap


@dataclass(frozen=True, slots=True)
class ShipBase:
    """Another ship's base, by id, for movement checks."""

    id: str
    placed: Placed


@dataclass(frozen=True)
class Table:
    """Everything a moving base can meet."""

    ships: Sequence[ShipBase] = ()
    obstacles: Sequence[Obstacle] = ()
    planets: Sequence[Planet] = ()
    area: PlayArea = field(default_factory=lambda: PlayArea(P.PLAY_AREA_MM, P.PLAY_AREA_MM))

    def without(self, ship_id: str) -> Table:
        return Table([s for s in self.ships if s.id != ship_id], self.obstacles, self.planets, self.area)


@dataclass(frozen=True)
class MoveResult:
    """Where a maneuver ended and everything that stopped or changed it."""

    maneuver: Maneuver  # as executed (a come about that overlapped becomes a straight)
    path: ManeuverPath
    progress: float  # fraction of the path travelled; < 1 after backing off
    end: Pose
    changed_from: Maneuver | None  # the revealed maneuver when the rules changed it
    bumped: tuple[str, ...]  # ships the full maneuver would have overlapped
    touching: tuple[str, ...]  # ships the final base touches
    planets: tuple[str, ...]  # planets the ship backed off
    obstacles: tuple[str, ...]  # obstacles under the template or the final base
    fled: bool  # some part of the final base is outside the play area
    base: str

    @property
    def backed_off(self) -> bool:
        return self.progress < 1.0

    @property
    def template(self) -> Polygon | None:
        """The template's outline (None for a maneuver without one), built where it is asked for:
        the rules need it only near an obstacle, and ``template_outline`` remembers it."""
        return template_outline(self.path.start, self.maneuver, self.base)


class _Blockers:
    """Ship bases and planet discs a base may not end on, checked in batches."""

    def __init__(self, table: Table) -> None:
        self._ships = table.ships
        self.ids = [s.id for s in table.ships]
        self.ship_corner_lists = [base_corners(s.placed.pose, s.placed.half) for s in table.ships]
        self.ship_halves = [s.placed.half for s in table.ships]
        # each ship's centre and the radius of the circle through its corners, for cheap rejection
        self.ship_circles = [(s.placed.pose.x, s.placed.pose.y, s.placed.half * math.sqrt(2)) for s in table.ships]
        self.planets = list(table.planets)

    # the arrays for the batch tests, built where a batch is asked for (most moves end clear)
    @cached_property
    def ship_polys(self) -> kernels.Array:
        return np.array(self.ship_corner_lists, dtype=np.float64).reshape(-1, 4, 2)

    @cached_property
    def ship_poses(self) -> list[kernels.Array]:
        return [np.array(s.placed.pose.as_tuple()) for s in self._ships]

    @cached_property
    def planet_xy(self) -> kernels.Array:
        return np.array([[p.x, p.y] for p in self.planets]).reshape(-1, 2)

    @cached_property
    def planet_r(self) -> kernels.Array:
        return np.array([p.radius for p in self.planets])

    def _near(self, pose: Pose, half: float) -> list[int]:
        """The ships a base at ``pose`` may overlap: not those whose corners' circle is clear of its
        own (two squares inside disjoint discs are apart, so the axis test, which counts only an
        overlap deeper than ``TOUCH_TOLERANCE_MM``, finds them apart too)."""
        reach = half * math.sqrt(2)
        return [i for i, (x, y, r) in enumerate(self.ship_circles) if math.hypot(pose.x - x, pose.y - y) <= reach + r]

    def ships_overlapping(self, poses: Sequence[Pose], half: float) -> np.ndarray:
        """(S, M) mask: sample pose s overlaps ship m."""
        s, m = len(poses), len(self.ids)
        if m == 0:
            return np.zeros((s, 0), dtype=bool)
        # only the pairs whose circles meet are tried (``_near``'s reasoning); each pair's row is
        # its own in the axis test (elementwise), so the rows tried give what all of them would
        pairs = [i * m + j for i, pose in enumerate(poses) for j in self._near(pose, half)]
        out = np.zeros(s * m, dtype=bool)
        if pairs:
            rows = np.array(pairs, dtype=np.intp)
            corners = _corners(poses, half)
            out[rows] = kernels.overlaps(corners[rows // m], self.ship_polys[rows % m], tol=P.TOUCH_TOLERANCE_MM)
        return out.reshape(s, m)

    def planets_overlapping(self, poses: Sequence[Pose], half: float) -> np.ndarray:
        s, m = len(poses), len(self.planets)
        if m == 0:
            return np.zeros((s, 0), dtype=bool)
        corners = np.repeat(_corners(poses, half), m, axis=0)
        centres = np.tile(self.planet_xy, (s, 1))
        d = kernels.point_distance(centres, corners).reshape(s, m)
        out: np.ndarray = d < self.planet_r[None, :] - P.TOUCH_TOLERANCE_MM
        return out

    def ships_hit(self, pose: Pose, half: float) -> tuple[str, ...]:
        """The ships a base at ``pose`` would overlap."""
        corners = base_corners(pose, half)
        return tuple(self.ids[i] for i in self._near(pose, half)
                     if convex_overlap(corners, self.ship_corner_lists[i], P.TOUCH_TOLERANCE_MM))

    def blocked_one(self, pose: Pose, half: float) -> bool:
        """One pose, in plain Python (cheaper than numpy for a single base)."""
        near = self._near(pose, half)
        if near:
            corners = base_corners(pose, half)
            if any(convex_overlap(corners, self.ship_corner_lists[i], P.TOUCH_TOLERANCE_MM) for i in near):
                return True
        return any(math.dist((p.x, p.y), (pose.x, pose.y)) < p.radius + half * math.sqrt(2)
                   and _point_in_square_distance(p.x, p.y, pose, half) < p.radius - P.TOUCH_TOLERANCE_MM
                   for p in self.planets)

    def blocked(self, poses: Sequence[Pose], half: float) -> np.ndarray:
        return np.asarray(self.ships_overlapping(poses, half).any(1) | self.planets_overlapping(poses, half).any(1))


def _point_in_square_distance(x: float, y: float, pose: Pose, half: float) -> float:
    """Distance from a point to a square base (0 inside)."""
    fx, fy = pose.forward
    rx, ry = pose.right
    dx, dy = x - pose.x, y - pose.y
    f, r = abs(dx * fx + dy * fy), abs(dx * rx + dy * ry)
    return math.hypot(max(f - half, 0.0), max(r - half, 0.0))


def _corners(poses: Sequence[Pose], half: float) -> kernels.Array:
    arr = np.array([p.as_tuple() for p in poses], dtype=np.float64).reshape(-1, 3)
    return kernels.square_corners(arr[:, 0], arr[:, 1], arr[:, 2], half)


_BACK_OFF_CHUNK = 32  # samples (mm of path) checked per batch


def back_off(path: ManeuverPath, half: float, blockers: _Blockers, end: Pose | None = None) -> float:
    """Largest progress, searching back from the end (``end``: ``path.end``, where worked out
    already), at which the base overlaps nothing."""
    total = path.length
    if not blockers.blocked_one(path.end if end is None else end, half):
        return 1.0
    steps = max(int(total / 1.0), 1)  # one sample per millimetre of path
    ts = np.linspace(1.0, 0.0, steps + 1)
    first = None  # the first free sample from the end; checked a chunk at a time, as a bump seldom
    for at in range(0, len(ts), _BACK_OFF_CHUNK):  # backs far: most of the path is never sampled
        free = np.flatnonzero(~blockers.blocked(path.poses_at(ts[at:at + _BACK_OFF_CHUNK].tolist()), half))
        if free.size:
            first = at + int(free[0])
            break
    if first is None:
        return 0.0  # not even the start is free: the base stays where it was
    lo, hi = float(ts[first]), float(ts[first - 1])  # lo free, hi blocked
    tol = P.BUMP_PRECISION_MM / max(total, 1e-9)
    while hi - lo > tol:
        mid = (lo + hi) / 2.0
        if blockers.blocked_one(path.pose_at(mid), half):
            hi = mid
        else:
            lo = mid
    return lo


def departing(start: Pose, half: float, obstacles: Sequence[Obstacle]) -> frozenset[int]:
    """The obstacles the base sits on before it moves: the ship separates from them without a
    penalty (rulebook "Moving Into and Through Obstacles": "When the ship moves next turn, it may
    separate from the Obstacle without a penalty"; tournament "Spin Maneuver": "if your ship is on
    an obstacle ... before you spin, you are not affected"), so this maneuver does not meet them."""
    if not obstacles:
        return frozenset()
    here = base_corners(start, half)
    return frozenset(i for i, o in enumerate(obstacles) if base_on(o, start, half, here))


def resolve_move(start: Pose, maneuver: Maneuver, base: str, table: Table) -> MoveResult:
    """Execute a maneuver on the table; ``table`` must not contain the moving ship."""
    half = P.base_half(base)
    blockers = _Blockers(table)
    changed_from: Maneuver | None = None
    path = maneuver_path(start, maneuver, base)
    full = path.end  # the end were nothing in the way (worked out once: every step below asks)
    bumped = blockers.ships_hit(full, half)
    if maneuver.kind == "about" and bumped:
        # rulebook: "If the active ship is executing a [come about] Maneuver that causes it to overlap
        # another ship, instead treat its maneuver as a [straight] Maneuver with the same speed and
        # color revealed on the dial". The straight ends on the come about's footprint (a square
        # base turned in place), so it overlaps the same ships and backs off along its template
        changed_from, maneuver = maneuver, Maneuver("straight", maneuver.speed)
        path = maneuver_path(start, maneuver, base)
        full = path.end
        bumped = (*bumped, *(s for s in blockers.ships_hit(full, half) if s not in bumped))
    progress = back_off(path, half, blockers, full)
    end = full if progress == 1.0 else path.pose_at(progress)
    final = base_corners(end, half)
    planets_hit = tuple(p.name for p in blockers.planets
                        if _point_in_square_distance(p.x, p.y, full, half) < p.radius - P.TOUCH_TOLERANCE_MM)
    # bounding circles first: two bases whose centres are further apart than their circumradii and
    # the touching distance cannot touch (the gap is at least the centres' distance less both radii)
    reach = half * math.sqrt(2) + 2 * P.BUMP_PRECISION_MM + 1e-6
    touching = tuple(i for i, other, (x, y, _), other_half in zip(blockers.ids, blockers.ship_corner_lists,
                                                                  blockers.ship_circles, blockers.ship_halves,
                                                                  strict=True)
                     if math.hypot(end.x - x, end.y - y) <= reach + other_half * math.sqrt(2)
                     and convex_gap(final, other) <= 2 * P.BUMP_PRECISION_MM)
    obstacles: tuple[str, ...] = ()
    if table.obstacles:
        left = departing(start, half, table.obstacles)
        obstacles = tuple(o.name for i, o in enumerate(table.obstacles) if i not in left and (
            base_on(o, end, half, final) or template_on(o, start, maneuver, base)))
    return MoveResult(
        maneuver=maneuver, path=path, progress=progress, end=end, changed_from=changed_from,
        bumped=bumped, touching=touching,
        planets=planets_hit if progress < 1.0 else (), obstacles=obstacles,
        fled=not table.area.contains_base(final), base=base,
    )


# --- sensor echo ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class EchoOption:
    """One way to lay the sensor echo template: side, template speed, and the legal offsets.

    The ship moves sideways by the template length plus its base width; its offset along its
    heading may be anything in ``intervals`` (mm, + forward), the template staying within
    the front and back edges of the base at both ends (rulebook "Sensor Echo").
    """

    side: int  # -1 left, +1 right
    speed: int  # 1 or 2
    lateral: float  # signed sideways displacement in mm
    intervals: tuple[tuple[float, float], ...]

    def pose(self, start: Pose, offset: float) -> Pose:
        return start.advance(offset, self.lateral)


def sensor_echo_options(start: Pose, base: str, table: Table, resolution: float = 0.5) -> list[EchoOption]:
    """Every legal sensor echo end pose from ``start``, as offset intervals per side and template.

    Illegal: overlapping another ship or a planet (an obstruction the ship cannot end on), or
    leaving the play area (rulings.md). Obstacles may be ended on, as after a maneuver.
    """
    half = P.base_half(base)
    reach = 2 * half - P.TEMPLATE_WIDTH_MM  # how far the end may slide along the heading, each way
    blockers = _Blockers(table)
    n = max(int(2 * reach / resolution), 1)
    offsets = np.linspace(-reach, reach, n + 1)
    options = []
    for side in (-1, 1):
        for speed in (1, 2):
            lateral = side * (P.STRAIGHT_MM_PER_SPEED * speed + 2 * half)

            def legal(offset: float, lateral: float = lateral) -> bool:
                pose = start.advance(offset, lateral)
                return not blockers.blocked_one(pose, half) and table.area.contains_base(base_corners(pose, half))

            ok = [legal(float(o)) for o in offsets]
            options.append(EchoOption(side, speed, lateral, _intervals(offsets, ok, legal)))
    return options


def _intervals(xs: np.ndarray, ok: list[bool], legal: object) -> tuple[tuple[float, float], ...]:
    """Runs of legal samples, with each inner edge refined by bisection."""
    assert callable(legal)
    runs: list[tuple[float, float]] = []
    i = 0
    while i < len(xs):
        if not ok[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(xs) and ok[j + 1]:
            j += 1
        lo = float(xs[i]) if i == 0 else _edge(float(xs[i - 1]), float(xs[i]), legal)
        hi = float(xs[j]) if j == len(xs) - 1 else _edge(float(xs[j + 1]), float(xs[j]), legal)
        runs.append((lo, hi))
        i = j + 1
    return tuple(runs)


def _edge(bad: float, good: float, legal: object) -> float:
    assert callable(legal)
    while abs(good - bad) > P.BUMP_PRECISION_MM:
        mid = (good + bad) / 2.0
        if legal(mid):
            good = mid
        else:
            bad = mid
    return good


def clear_ends_many(starts: np.ndarray, maneuver: Maneuver, base: str, table: Table
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For many starts (N, 3): end poses, whether each end overlaps a ship or planet (a bump or
    back-off the scalar ``resolve_move`` would then work out), and whether it leaves the table.
    The fast first pass of an AI fanning out every maneuver on a dial."""
    from engine.rulesets.attack_wing.maneuvers import end_poses_many

    half = P.base_half(base)
    ends = end_poses_many(starts, maneuver, base)
    corners = kernels.square_corners(ends[:, 0], ends[:, 1], ends[:, 2], half)
    blockers = _Blockers(table)
    n, _m = len(ends), len(blockers.ids)
    hit = np.zeros(n, dtype=bool)
    for pose, other_half in zip(blockers.ship_poses, blockers.ship_halves, strict=True):
        hit |= kernels.square_overlaps(ends, half, np.broadcast_to(pose, ends.shape), other_half,
                                       tol=P.TOUCH_TOLERANCE_MM)
    if blockers.planets:
        k = len(blockers.planets)
        d = kernels.point_distance(np.tile(blockers.planet_xy, (n, 1)), np.repeat(corners, k, axis=0))
        hit |= (d.reshape(n, k) < blockers.planet_r[None, :] - P.TOUCH_TOLERANCE_MM).any(1)
    eps = 1e-9
    area = table.area
    outside = ((corners[..., 0] < -eps) | (corners[..., 0] > area.width + eps)
               | (corners[..., 1] < -eps) | (corners[..., 1] > area.height + eps))
    off = np.asarray(outside.any(1))
    return ends, hit, off

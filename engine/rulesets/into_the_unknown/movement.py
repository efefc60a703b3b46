"""Maneuvers as pure geometry (guide, "Maneuvers"): engage warp, forward impulse with the turning
tool (a turn before or after the advance), come about; collisions, the sector's edge and system
boundaries as the guide resolves them.

A maneuver is planned from what the player chose (``WarpPlan``, ``ImpulsePlan``, ``ComeAboutPlan``)
and the table (``Table``: the other ships' bases, the unexposed anomalies); ``resolve`` gives the
pose the ship ends at and why it ended short (``Resolved``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from engine.geometry.pose import Pose, normalize_heading
from engine.rulesets.into_the_unknown.displays import BaseSize
from engine.rulesets.into_the_unknown.table import (
    BASES,
    DEEP_SPACE,
    INCH,
    SYSTEMS,
    TOKEN_RADIUS,
    area_of,
    base_polygon,
    inside_sector,
    slot,
)

NOTCH_DEGREES = 22.5  # chosen: the turning tool's notches are 22.5 degrees apart (4 notches make a quarter turn)
SEARCH_STEP_MM = 0.5  # how finely a blocked ship is moved back along its path (the guide: "move the unit")
Stop = Literal["ship", "sector", "boundary", "returned"]


@dataclass(frozen=True)
class Table:
    """What a maneuver must respect: the bases of every other ship, the unexposed anomalies."""

    others: tuple[Polygon, ...] = ()
    anomalies: tuple[tuple[str, float, float], ...] = ()  # (id, x, y) of unexposed anomaly tokens


@dataclass(frozen=True)
class WarpPlan:
    """Engage warp: a warp factor (up to the warp drive stat) and the distance, up to twice it in inches."""

    warp_factor: int
    distance: float  # mm


@dataclass(frozen=True)
class ImpulsePlan:
    """Forward impulse: advance up to engine power inches, turning up to impulse turn notches toward
    ``side`` (port: left) before or after the advance."""

    distance: float  # mm
    turn: float = 0.0  # notches (need not be whole)
    side: Literal["port", "starboard"] = "port"
    when: Literal["before", "after"] = "before"


@dataclass(frozen=True)
class ComeAboutPlan:
    """Come about: spin on the centre to face ``heading``."""

    heading: float


Plan = WarpPlan | ImpulsePlan | ComeAboutPlan


@dataclass(frozen=True)
class Resolved:
    """Where a maneuver ends: the pose, the distance advanced, why it ended short of the plan (None:
    as planned), and, for warp, the unexposed anomalies the base crossed, in the order it met them."""

    end: Pose
    distance: float
    stopped: Stop | None = None
    crossed: tuple[str, ...] = ()


def warp_end(start: Pose, distance: float) -> Pose:
    """Warp: straight along the heading ("no left or right"), the base kept parallel to the ruler."""
    return start.advance(distance)


def impulse_end(start: Pose, size: BaseSize, plan: ImpulsePlan, distance: float) -> Pose:
    """Forward impulse (guide, steps 1-6): the turning tool's head sits in the slot on ``side``; a
    turn before the advance rotates the tool (and so the ship's new heading), the tool slides
    ``distance`` along the ruler from its stem, and the ship is placed with that slot on the tool's
    head; a turn after the advance rotates the base forward around the tool's head."""
    sign = -1.0 if plan.side == "port" else 1.0
    degrees = sign * plan.turn * NOTCH_DEGREES
    px, py = slot(start, size, plan.side)
    heading = normalize_heading(start.heading + (degrees if plan.when == "before" else 0.0))
    h = math.radians(heading)
    hx, hy = px + distance * math.sin(h), py + distance * math.cos(h)  # the tool's head after the advance
    placed = _with_slot_at(Pose(0.0, 0.0, heading), size, plan.side, hx, hy)
    if plan.when == "after" and plan.turn:
        placed = _rotated_about(placed, hx, hy, degrees)
    return placed


def _with_slot_at(oriented: Pose, size: BaseSize, side: str, x: float, y: float) -> Pose:
    sx, sy = slot(oriented, size, side)
    return Pose(x + oriented.x - sx, y + oriented.y - sy, oriented.heading)


def _rotated_about(pose: Pose, x: float, y: float, degrees: float) -> Pose:
    """The pose turned ``degrees`` clockwise around the point (x, y)."""
    a = math.radians(degrees)
    dx, dy = pose.x - x, pose.y - y
    # clockwise on the table (y north): (dx, dy) -> (dx cos + dy sin, -dx sin + dy cos)
    return Pose(x + dx * math.cos(a) + dy * math.sin(a), y - dx * math.sin(a) + dy * math.cos(a),
                normalize_heading(pose.heading + degrees))


def blocked(pose: Pose, size: BaseSize, table: Table) -> Stop | None:
    """Why a base cannot stand here: overlapping another ship's base, or off the sector."""
    outline = base_polygon(pose, size)
    if not inside_sector(outline):
        return "sector"
    if any(outline.intersection(other).area > 1e-6 for other in table.others):
        return "ship"
    return None


def resolve(start: Pose, size: BaseSize, plan: Plan, table: Table) -> Resolved:
    """The end of a maneuver. A ship that would overlap a ship or leave the sector is moved back
    along its path until it fits (guide, "Check Collisions"; chosen: back toward the start); an
    impulse that would enter or leave a system stops where the base keeps to its area (guide,
    "Boundaries and Impulse"); a come about that does not fit turns to the nearest heading that
    does. When nothing fits, the ship returns to where it started."""
    if isinstance(plan, ComeAboutPlan):
        return _come_about(start, size, plan, table)
    area = area_of(start, size)
    wanted = plan.distance
    d = wanted
    first: Stop | None = None
    while d > 0:
        end = warp_end(start, d) if isinstance(plan, WarpPlan) else impulse_end(start, size, plan, d)
        why = blocked(end, size, table)
        if why is None and isinstance(plan, ImpulsePlan) and (
                area_of(end, size) != area or (area == DEEP_SPACE and _sweeps_into_system(start, size, plan, d))):
            why = "boundary"
        if why is None:
            crossed = crossed_anomalies(start, end, size, table) if isinstance(plan, WarpPlan) else ()
            return Resolved(end, d, first if d < wanted else None, crossed)
        first = first or why
        d = max(0.0, d - SEARCH_STEP_MM) if d > SEARCH_STEP_MM else 0.0
    if isinstance(plan, ImpulsePlan) and plan.turn:
        end = impulse_end(start, size, plan, 0.0)  # the turn alone, at no advance
        if blocked(end, size, table) is None and area_of(end, size) == area:
            return Resolved(end, 0.0, first if wanted > 0 else None)
    return Resolved(start, 0.0, "returned" if wanted > 0 or first else None)


def _sweeps_into_system(start: Pose, size: BaseSize, plan: ImpulsePlan, distance: float) -> bool:
    """Guide, "Boundaries and Impulse": an impulse that "would cause a ship to enter a system" must
    stop so that no part of its base is in the system, so the base may not pass through a system
    on its way either: the area it sweeps (its turn and its straight advance, each as the hull of
    the base before and after) must overlap no system. Leaving needs no such check: a system is a
    disc, so a base sliding straight out of it is in it up to one point and out after."""
    if plan.turn and plan.when == "before":
        poses = [start, impulse_end(start, size, plan, 0.0), impulse_end(start, size, plan, distance)]
    elif plan.turn:
        straight = impulse_end(start, size, ImpulsePlan(distance, 0.0, plan.side, "before"), distance)
        poses = [start, straight, impulse_end(start, size, plan, distance)]
    else:
        poses = [start, impulse_end(start, size, plan, distance)]
    bases = [base_polygon(p, size) for p in poses]
    swept = unary_union([a.union(b).convex_hull for a, b in pairwise(bases)])
    return any(swept.distance(Point(s.x, s.y)) <= s.radius for s in SYSTEMS)


def _come_about(start: Pose, size: BaseSize, plan: ComeAboutPlan, table: Table) -> Resolved:
    """A come about is an impulse maneuver (guide, "Engage Impulse"), so "Boundaries and Impulse"
    holds for it: a rectangular base turning on its centre sweeps new ground, and may not carry a
    part of itself into a system from deep space nor the last part of itself out of one. The ship
    turns the shorter way toward the heading and stops at the last whole degree before its area
    would change ("it must stop its maneuver"); a heading the other way round reaches without
    crossing is reached that way. Then a heading that overlaps a ship turns to the nearest one
    (1 degree steps) that fits and is reached so."""
    reach = _turn_reach(start, size)
    target = normalize_heading(plan.heading)
    stopped: Stop | None = None
    if not _reached(start.heading, target, reach):
        ahead = (target - start.heading) % 360.0 <= 180.0
        target = normalize_heading(start.heading + reach[0] if ahead else start.heading - reach[1])
        stopped = "boundary"
    for offset in range(0, 181):
        for heading in {target + offset, target - offset}:
            end = Pose(start.x, start.y, normalize_heading(heading))
            if _reached(start.heading, end.heading, reach) and blocked(end, size, table) is None:
                return Resolved(end, 0.0, stopped if offset == 0 else "ship")
    return Resolved(start, 0.0, "returned")


def _turn_reach(start: Pose, size: BaseSize) -> tuple[float, float]:
    """How far (degrees, clockwise and anticlockwise) the base can turn on its centre before its
    area changes; 360 each way where no turn can change it (its centre in a system keeps it there;
    a base whose corners cannot reach a system stays in deep space)."""
    area = area_of(start, size)
    half_diagonal = math.hypot(*(s / 2 for s in BASES[size]))
    gaps = [math.hypot(start.x - s.x, start.y - s.y) - s.radius for s in SYSTEMS]
    if (area == DEEP_SPACE and all(g > half_diagonal for g in gaps)) or (area != DEEP_SPACE and min(gaps) <= 0):
        return 360.0, 360.0
    limits = []
    for sign in (1.0, -1.0):
        turned = 0.0
        while turned < 360.0 and area_of(Pose(start.x, start.y, start.heading + sign * (turned + 1.0)), size) == area:
            turned += 1.0
        limits.append(turned)
    return limits[0], limits[1]


def _reached(heading: float, target: float, reach: tuple[float, float]) -> bool:
    """Whether turning either way from ``heading`` to ``target`` stays within ``reach``."""
    clockwise = (target - heading) % 360.0
    return clockwise <= reach[0] + 1e-9 or (360.0 - clockwise) % 360.0 <= reach[1] + 1e-9


def crossed_anomalies(start: Pose, end: Pose, size: BaseSize, table: Table) -> tuple[str, ...]:
    """The unexposed anomalies the base passes over at warp, nearest the start first."""
    swept = base_polygon(start, size).union(base_polygon(end, size)).convex_hull
    hits = []
    for key, x, y in table.anomalies:
        token = Point(x, y).buffer(TOKEN_RADIUS, quad_segs=16)
        if swept.intersection(token).area > 1e-6:
            along = (x - start.x) * start.forward[0] + (y - start.y) * start.forward[1]
            hits.append((along, key))
    return tuple(key for _, key in sorted(hits))


def warp_reserve(warp_factor: int, engine: int) -> int:
    """Guide, "Choose Warp Factor": reserve spent when engine power is below the warp factor."""
    return max(0, warp_factor - engine)


def max_warp_distance(warp_factor: int) -> float:
    """Guide: a warp factor moves the ship up to twice that many inches."""
    return 2 * warp_factor * INCH

"""Arcs, range and line of sight (guide, "Ship Arcs", "Range", "Line of Sight").

Arcs are traced from the lines printed on the base (chosen, docs/rulings.md): the quarter lines
cross at the base's centre at 45 degrees to its heading, so the fore, starboard, aft and port arcs
are 90-degree wedges; the bow and stern wedges are 45 degrees about the heading (fore) and its
reverse (aft); combined arcs are unions. A component is in an arc if any part of it lies inside
the lines; range is measured from the measuring base to the closest point of the component (in
arc when measuring in an arc); it is at range when that distance is less than the range.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.displays import Arc
from engine.rulesets.into_the_unknown.table import INCH

REACH_MM = 3000.0  # an arc's lines are traced this far: past any corner of the sector
LOS_TOUCH_MM = 0.01  # a sight line that touches another end (even along its edge) crosses it (chosen)
LOS_SAMPLES_PER_EDGE = 6  # points per edge tried as the ends of sight lines

# arc -> the wedges (centre bearing from the heading, half-angle) it is made of
WEDGES: dict[Arc, tuple[tuple[float, float], ...]] = {
    "fore": ((0.0, 45.0),), "starboard": ((90.0, 45.0),), "aft": ((180.0, 45.0),), "port": ((270.0, 45.0),),
    "bow": ((0.0, 22.5),), "stern": ((180.0, 22.5),), "all": ((0.0, 180.0),),
    "fore_port": ((0.0, 45.0), (270.0, 45.0)), "fore_starboard": ((0.0, 45.0), (90.0, 45.0)),
    "aft_port": ((180.0, 45.0), (270.0, 45.0)), "aft_starboard": ((180.0, 45.0), (90.0, 45.0)),
}


def wedge(pose: Pose, bearing: float, half: float) -> Polygon:
    """The area inside a pair of lines from the base's centre, ``bearing`` from its heading."""
    steps = max(2, int(half / 5) * 2)
    points = [(pose.x, pose.y)]
    for k in range(steps + 1):
        a = math.radians(pose.heading + bearing - half + 2 * half * k / steps)
        points.append((pose.x + REACH_MM * math.sin(a), pose.y + REACH_MM * math.cos(a)))
    return Polygon(points)


def arc_area(pose: Pose, arc: Arc) -> BaseGeometry:
    if arc == "all":
        return Point(pose.x, pose.y).buffer(REACH_MM, quad_segs=32)
    return unary_union([wedge(pose, b, h) for b, h in WEDGES[arc]])


def part_in_arc(pose: Pose, arc: Arc, component: BaseGeometry) -> BaseGeometry:
    """The part of a component inside the arc's lines (empty: not in arc)."""
    return component.intersection(arc_area(pose, arc))


def in_arc(pose: Pose, arc: Arc, component: BaseGeometry) -> bool:
    """Guide: "If any part of that component is inside the lines, that component is in that arc"."""
    part = part_in_arc(pose, arc, component)
    return not part.is_empty and (part.area > 1e-6 or component.area == 0)


def distance(source: BaseGeometry, target: BaseGeometry) -> float:
    """Range from the measuring component's surface to the closest point of the target, in mm."""
    return float(source.distance(target))


def arc_distance(pose: Pose, source: BaseGeometry, arc: Arc, target: BaseGeometry) -> float | None:
    """Range to the closest point of the target in arc; None when no part of it is in arc."""
    if not in_arc(pose, arc, target):
        return None
    return distance(source, part_in_arc(pose, arc, target))


def at_range(mm: float | None, inches: float) -> bool:
    """Guide, "Range": a component is at range when its closest point is less than the distance."""
    return mm is not None and mm < inches * INCH - 1e-9


def _samples(geometry: BaseGeometry) -> list[tuple[float, float]]:
    polygons = getattr(geometry, "geoms", [geometry])
    points: list[tuple[float, float]] = []
    for poly in polygons:
        if not isinstance(poly, Polygon) or poly.is_empty:
            continue
        ring = list(poly.exterior.coords)
        for (ax, ay), (bx, by) in itertools.pairwise(ring):
            points += [(ax + (bx - ax) * k / LOS_SAMPLES_PER_EDGE, ay + (by - ay) * k / LOS_SAMPLES_PER_EDGE)
                       for k in range(LOS_SAMPLES_PER_EDGE)]
    return points


def line_of_sight(attacker_pose: Pose, attacker: Polygon, arc: Arc, target: Polygon,
                  blockers: Iterable[Polygon]) -> bool:
    """Guide, "Line of Sight": a line from any point of the attacker in the arc to any point of the
    target (the end attacked) in that arc that crosses no other end of a ship. ``blockers`` are the
    ends of ships other than the attacker's base and the target end (the target's own other end
    among them). Lines are tried between points sampled along both outlines."""
    source = part_in_arc(attacker_pose, arc, attacker)
    aim = part_in_arc(attacker_pose, arc, target)
    if source.is_empty or aim.is_empty:
        return False
    walls: Sequence[BaseGeometry] = [b.buffer(LOS_TOUCH_MM) for b in blockers]
    froms, tos = _samples(source), _samples(aim)
    for a in froms:
        for b in tos:
            line = LineString([a, b]) if a != b else Point(a)
            if not any(line.intersects(w) for w in walls):
                return True
    return False

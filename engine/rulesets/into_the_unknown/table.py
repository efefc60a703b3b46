"""The table of Into the Unknown: the sector, its systems and deep space, the bases and their slots.

Units are the engine's: millimetres, headings in degrees clockwise from north, origin at the
sector's south-west corner. The guide's distances are inches (``INCH``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Point, Polygon

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.displays import BaseSize, End

INCH = 25.4
SECTOR_MM = 36 * INCH  # guide: the 3' x 3' sector
INNER_CIRCLE_RADIUS = 1 * INCH  # guide: "the 1" inner circle"; chosen: 1" is its radius (1" + 12" = 13")
SYSTEM_RADIUS = 13 * INCH  # guide: a 13" radius system, to the boundary markers' outer edge
TOKEN_RADIUS = 0.5 * INCH  # chosen: objective and anomaly tokens are 1" across
PROJECTILE_HALF = (0.25 * INCH, 0.5 * INCH)  # chosen: a torpedo token is 1/2" wide, 1" from aft to fore point

# chosen (the guide gives no size): (width, length) of each base; the length runs fore to aft
BASES: dict[BaseSize, tuple[float, float]] = {"small": (1.5 * INCH, 2.0 * INCH),
                                              "medium": (2.0 * INCH, 3.0 * INCH),
                                              "large": (2.5 * INCH, 4.0 * INCH)}
DEEP_SPACE = 0  # the area number of deep space; systems are numbered from 1

Side = str  # "port", "starboard", "fore", "aft": where a slot is


@dataclass(frozen=True)
class System:
    """A system: the disc of ``radius`` mm around its centre marker, numbered as its marker."""

    number: int
    x: float
    y: float
    radius: float

    @property
    def disc(self) -> Polygon:
        return Point(self.x, self.y).buffer(self.radius, quad_segs=64)


# guide: one system, its inner circle in the centre of the sector
SYSTEMS: tuple[System, ...] = (System(1, SECTOR_MM / 2, SECTOR_MM / 2, SYSTEM_RADIUS),)


def base_corners(pose: Pose, size: BaseSize) -> list[tuple[float, float]]:
    """Corners of a base: fore-port, fore-starboard, aft-starboard, aft-port."""
    width, length = BASES[size]
    fx, fy = pose.forward
    rx, ry = pose.right
    hl, hw = length / 2, width / 2
    return [(pose.x + fx * hl - rx * hw, pose.y + fy * hl - ry * hw),
            (pose.x + fx * hl + rx * hw, pose.y + fy * hl + ry * hw),
            (pose.x - fx * hl + rx * hw, pose.y - fy * hl + ry * hw),
            (pose.x - fx * hl - rx * hw, pose.y - fy * hl - ry * hw)]


def token_outline(pose: Pose) -> Polygon:
    """A torpedo token: fore point, the fore-starboard corner, aft-starboard, aft point, aft-port,
    fore-port (``PROJECTILE_HALF``: half its width, half its length)."""
    half_width, half_length = PROJECTILE_HALF
    pts = [(0.0, half_length), (half_width, half_length / 2), (half_width, -half_length / 2), (0.0, -half_length),
           (-half_width, -half_length / 2), (-half_width, half_length / 2)]
    return Polygon([(p.x, p.y) for p in (pose.advance(f, r) for r, f in pts)])


def base_polygon(pose: Pose, size: BaseSize) -> Polygon:
    return Polygon(base_corners(pose, size))


def end_polygon(pose: Pose, size: BaseSize, end: End) -> Polygon:
    """The fore or aft end of a base: its half ahead of (behind) the line across its centre."""
    fp, fs, as_, ap = base_corners(pose, size)
    mid_p = ((fp[0] + ap[0]) / 2, (fp[1] + ap[1]) / 2)
    mid_s = ((fs[0] + as_[0]) / 2, (fs[1] + as_[1]) / 2)
    return Polygon([fp, fs, mid_s, mid_p] if end == "fore" else [mid_p, mid_s, as_, ap])


def slot(pose: Pose, size: BaseSize, side: Side) -> tuple[float, float]:
    """The centre dot of a base's slot: mid-side for port and starboard, mid-end for fore and aft."""
    width, length = BASES[size]
    offsets = {"port": (0.0, -width / 2), "starboard": (0.0, width / 2), "fore": (length / 2, 0.0),
               "aft": (-length / 2, 0.0)}
    if side not in offsets:
        raise ValueError(f"a base has no {side!r} slot")
    forward, right = offsets[side]
    p = pose.advance(forward, right)
    return p.x, p.y


def area_of(pose: Pose, size: BaseSize) -> int:
    """The area a base is in: the number of the first system any part of it overlaps, else deep space."""
    outline = base_polygon(pose, size)
    for system in SYSTEMS:
        if outline.distance(Point(system.x, system.y)) <= system.radius:
            return system.number
    return DEEP_SPACE


def token_area(pose: Pose) -> int:
    """The area a torpedo token is in, by its outline as a base's by its outline (guide, "Areas": "If
    any part of a unit's base overlaps any part of the system ... that unit is in the system")."""
    outline = token_outline(pose)
    for system in SYSTEMS:
        if outline.distance(Point(system.x, system.y)) <= system.radius:
            return system.number
    return DEEP_SPACE


def area_of_point(x: float, y: float, radius: float = 0.0) -> int:
    """The area of a token (a disc of ``radius`` at x, y)."""
    for system in SYSTEMS:
        if math.hypot(x - system.x, y - system.y) <= system.radius + radius:
            return system.number
    return DEEP_SPACE


def inside_sector(outline: Polygon) -> bool:
    """Every point of the outline is on the sector (touching its edge is on it)."""
    minx, miny, maxx, maxy = outline.bounds
    eps = 1e-9
    return bool(minx >= -eps and miny >= -eps and maxx <= SECTOR_MM + eps and maxy <= SECTOR_MM + eps)


def area_name(area: int) -> str:
    return "deep space" if area == DEEP_SPACE else f"system {area}"

"""Things on the table other than ships: obstacles (polygons), planets (discs), the play area."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from engine.errors import GeometryError
from engine.geometry.pose import Pose
from engine.memos import memo


@dataclass(frozen=True)
class Obstacle:
    """An obstacle token (asteroid field, debris) as a simple polygon of (x, y) mm points."""

    points: tuple[tuple[float, float], ...]
    name: str = "asteroid field"

    @cached_property
    def polygon(self) -> Polygon:
        poly = Polygon(self.points)
        if len(self.points) < 3 or not poly.is_valid or poly.area <= 0:
            raise GeometryError(f"obstacle {self.name!r} is not a simple polygon with area")
        return poly

    @cached_property
    def circle(self) -> tuple[float, float, float]:
        """A bounding circle (x, y, radius), for cheap rejection before exact tests."""
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        return cx, cy, max(math.hypot(x - cx, y - cy) for x, y in self.points)

    @cached_property
    def convex(self) -> bool:
        """Is the obstacle its own convex hull? Its corners turn the same way at every corner, each
        turn well clear of straight (rounding cannot fake it), and the outline is simple."""
        pts = list(self.points)
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        n = len(pts)
        turns = []
        for i in range(n):
            (x0, y0), (x1, y1), (x2, y2) = pts[i - 1], pts[i], pts[(i + 1) % n]
            ax, ay, bx, by = x1 - x0, y1 - y0, x2 - x1, y2 - y1
            cross = ax * by - ay * bx
            if abs(cross) <= 1e-9 * math.hypot(ax, ay) * math.hypot(bx, by):
                return False
            turns.append(cross > 0)
        return n >= 3 and len(set(turns)) == 1 and self.polygon.is_valid

    @cached_property
    def hull(self) -> list[tuple[float, float]]:
        """The convex hull's corners: a base clear of the hull is clear of the obstacle."""
        return [(float(x), float(y)) for x, y in list(self.polygon.convex_hull.exterior.coords)[:-1]]


@dataclass(frozen=True)
class Planet:
    """A planet token: a disc that blocks movement and line of fire."""

    x: float
    y: float
    radius: float
    name: str = "planet"

    def __post_init__(self) -> None:
        if not (math.isfinite(self.radius) and self.radius > 0):
            raise GeometryError(f"planet {self.name!r} needs a positive radius")

    @cached_property
    def polygon(self) -> BaseGeometry:
        return Point(self.x, self.y).buffer(self.radius, quad_segs=32)


@dataclass(frozen=True)
class PlayArea:
    """The rectangular play area, origin at the south-west corner."""

    width: float
    height: float
    _box: Polygon = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (self.width > 0 and self.height > 0):
            raise GeometryError("the play area needs a positive width and height")
        object.__setattr__(self, "_box", box(0.0, 0.0, self.width, self.height))

    def contains_base(self, corners: list[tuple[float, float]]) -> bool:
        """True if every corner of a base is on the table (touching the edge is on it)."""
        eps = 1e-9
        return all(-eps <= x <= self.width + eps and -eps <= y <= self.height + eps for x, y in corners)

    @property
    def polygon(self) -> Polygon:
        return self._box


@memo(maxsize=2048)
def base_polygon(pose: Pose, half: float) -> Polygon:
    """The square base outline of a ship as a shapely polygon (remembered: a ship's base is asked
    for again and again where it stands, and shapely's geometries never change)."""
    return Polygon(base_corners(pose, half))


def base_corners(pose: Pose, half: float) -> list[tuple[float, float]]:
    """Corners of a square base: front-left, front-right, rear-right, rear-left."""
    h = math.radians(pose.heading)
    fx, fy = math.sin(h) * half, math.cos(h) * half  # forward
    rx, ry = fy, -fx  # right
    x, y = pose.x, pose.y
    return [(x + fx - rx, y + fy - ry), (x + fx + rx, y + fy + ry), (x - fx + rx, y - fy + ry),
            (x - fx - rx, y - fy - ry)]

"""Click a ship to select it: a screen-space test through the camera's own projection.

Each ship's hit shape is the convex hull, on screen, of its base's corners on the table and
the same square lifted to the top of its peg (where the model sits), so a click on the base or
on the model picks it from any camera. Where hulls overlap the ship whose centre is nearest the
click wins; a click just outside every hull (``tolerance``) still picks the nearest centre.
Window coordinates are Panda3D's mouse coordinates: -1..1 left to right and bottom to top,
which is also what ``Lens.project`` gives for the film.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from panda3d.core import NodePath, Point2, Point3

from engine.view import ShipView, TableView
from studio.assets import PEG_HEIGHT_MM

Point = tuple[float, float]
TOLERANCE: Final = 0.02  # in window heights


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """The hull, counter-clockwise, by Andrew's monotone chain."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def inside(point: Point, hull: Sequence[Point]) -> bool:
    """Whether ``point`` is inside (or on) a counter-clockwise convex polygon."""
    if len(hull) < 3:
        return False
    x, y = point
    for k, (ax, ay) in enumerate(hull):
        bx, by = hull[(k + 1) % len(hull)]
        if (bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0:
            return False
    return True


def _distance(a: Point, b: Point, aspect: float) -> float:
    """Distance in window heights between two window points."""
    return math.hypot((a[0] - b[0]) * aspect, a[1] - b[1]) / 2


def _centre(hull: Sequence[Point]) -> Point:
    return sum(p[0] for p in hull) / len(hull), sum(p[1] for p in hull) / len(hull)


def pick(mouse: Point, hulls: Mapping[str, Sequence[Point]], aspect: float = 1.0,
         tolerance: float = TOLERANCE) -> str | None:
    """The ship under ``mouse`` given each ship's screen hull (nearest centre wins), else the ship
    whose hull is within ``tolerance`` window heights, else None."""
    best: tuple[float, str] | None = None
    near: tuple[float, str] | None = None
    for ship_id, hull in hulls.items():
        if len(hull) < 3:
            continue
        d = _distance(mouse, _centre(hull), aspect)
        if inside(mouse, hull):
            if best is None or d < best[0]:
                best = (d, ship_id)
        else:
            edge = min(_segment_distance(mouse, hull[k], hull[(k + 1) % len(hull)], aspect) for k in range(len(hull)))
            if edge <= tolerance and (near is None or edge < near[0]):
                near = (edge, ship_id)
    if best is not None:
        return best[1]
    return near[1] if near is not None else None


def _segment_distance(p: Point, a: Point, b: Point, aspect: float) -> float:
    ax, ay, bx, by, px, py = a[0] * aspect, a[1], b[0] * aspect, b[1], p[0] * aspect, p[1]
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else min(max(((px - ax) * dx + (py - ay) * dy) / length2, 0.0), 1.0)
    return math.hypot(px - ax - t * dx, py - ay - t * dy) / 2


def ship_points(ship: ShipView) -> list[tuple[float, float, float]]:
    """The points whose screen hull is the ship's hit shape: the base corners on the table and
    the same square at the top of the peg (table millimetres, z up)."""
    half = ship.base_side / 2
    peg = PEG_HEIGHT_MM.get(ship.base_size, 30.0) + 6.0
    h = math.radians(ship.pose.heading)
    fx, fy = math.sin(h), math.cos(h)  # forward (heading clockwise from north)
    rx, ry = fy, -fx  # right
    out = []
    for z in (0.0, peg):
        for a, b in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
            out.append((ship.pose.x + half * (a * rx + b * fx), ship.pose.y + half * (a * ry + b * fy), z))
    return out


def project(camera: NodePath, root: NodePath, point: tuple[float, float, float]) -> Point | None:
    """Where a point under ``root`` lands in ``camera``'s window (-1..1 both ways), or None when
    it is behind the camera."""
    lens = camera.node().getLens()
    p = camera.getRelativePoint(root, Point3(*point))
    if not lens.isOrthographic() and p[1] <= lens.getNear():
        return None
    film = Point2()
    lens.project(p, film)  # fills in the film point even outside the frustum
    return float(film[0]), float(film[1])


def table_point(camera: NodePath, root: NodePath, mouse: Point) -> tuple[float, float] | None:
    """The point of the table (z = 0 under ``root``) seen at window point ``mouse`` (-1..1 both
    ways), or None where the line of sight never meets it (above the horizon)."""
    lens = camera.node().getLens()
    near, far = Point3(), Point3()
    if not lens.extrude(Point2(*mouse), near, far):
        return None
    a, b = root.getRelativePoint(camera, near), root.getRelativePoint(camera, far)
    dz = b[2] - a[2]
    if abs(dz) < 1e-9:
        return None
    t = -a[2] / dz
    if t < 0:
        return None
    return float(a[0] + t * (b[0] - a[0])), float(a[1] + t * (b[1] - a[1]))


def screen_hulls(camera: NodePath, root: NodePath, view: TableView) -> dict[str, list[Point]]:
    """Each ship's hit shape on screen."""
    out: dict[str, list[Point]] = {}
    for ship in view.ships:
        if ship.destroyed:
            continue
        pts = [project(camera, root, p) for p in ship_points(ship)]
        seen = [p for p in pts if p is not None]
        if len(seen) >= 3:
            out[ship.id] = convex_hull(seen)
    return out


def pick_ship(camera: NodePath, root: NodePath, view: TableView, mouse: Point, aspect: float,
              tolerance: float = TOLERANCE) -> str | None:
    """The ship at window point ``mouse`` seen through ``camera`` (a Camera NodePath), or None."""
    return pick(mouse, screen_hulls(camera, root, view), aspect, tolerance)


def ship_at_pixel(camera: NodePath, root: NodePath, ship: ShipView, size: tuple[int, int]) -> tuple[int, int] | None:
    """The pixel (column, row from the top) of a ship's base centre in an image of ``size``."""
    p = project(camera, root, (ship.pose.x, ship.pose.y, 0.0))
    if p is None:
        return None
    w, h = size
    return int((p[0] + 1) / 2 * w), int((1 - p[1]) / 2 * h)

"""Does a maneuver's template or final base meet an obstacle (rulebook "Obstacles"), as the AI's
planner asks of every maneuver on a dial: the exact tests (shapely's, the convex hulls'), with
cheap proofs first that give the same answer where they decide.

A proof decides only with room to spare (``PROOF_MARGIN_MM``, a million times the rounding of
millimetre coordinates): two shapes a margin apart are apart for every exact test, and two that
overlap by a margin on every separating axis (their penetration depth) meet for every exact test,
shapely's and the hulls' alike. Where no proof decides, the exact tests do, as before.
"""

from __future__ import annotations

import math

from shapely.geometry import Polygon
from shapely.prepared import PreparedGeometry

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, base_polygon
from engine.rulesets.attack_wing.maneuvers import (
    Maneuver,
    template_circle,
    template_hull,
    template_outline,
    template_pieces,
)
from engine.rulesets.attack_wing.measure import PROOF_MARGIN_MM, _holds_disc, convex_overlap, separation

Pt = tuple[float, float]


def touches(obstacle: Obstacle, prepared: PreparedGeometry, corners: list[Pt],
            template: tuple[float, float, float] | None, start: Pose, maneuver: Maneuver, base: str) -> bool:
    """Template (``template``: the circle around it, None without one) or final base (``corners``)
    on the obstacle: bounding circles, then the convex hulls and shapely (both must agree), each
    after a proof that decides it where it can."""
    ox, oy, radius = obstacle.circle
    (ax, ay), (cx, cy) = corners[0], corners[2]
    if math.dist(((ax + cx) / 2, (ay + cy) / 2), (ox, oy)) < radius + math.dist((ax, ay), (cx, cy)) / 2:
        gap = separation(corners, obstacle.hull)  # above 0 where ``convex_overlap`` says apart
        if gap <= 0.0 and ((gap < -PROOF_MARGIN_MM and obstacle.convex) or prepared.intersects(Polygon(corners))):
            return True
    if template is None:
        return False
    tx, ty, tr = template
    if math.dist((tx, ty), (ox, oy)) >= radius + tr:
        return False
    proof = _template_proof(obstacle, start, maneuver, base)
    if proof is not None:
        return proof
    # both tests must pass; shapely's on the outline first, as it is the cheaper and fails more often
    # (the hulls' overlap over a template's many corners costs several times as much)
    outline = template_outline(start, maneuver, base)
    if outline is None or not prepared.intersects(outline):
        return False
    hull = template_hull(start, maneuver, base)
    return hull is not None and convex_overlap(hull, obstacle.hull)


def _template_proof(obstacle: Obstacle, start: Pose, maneuver: Maneuver, base: str) -> bool | None:
    """The template against the obstacle in the template's own frame, where its convex pieces are
    known once: False where every piece is a margin clear of the obstacle's circle (the outline is
    their union, so shapely's test fails); True, for a convex obstacle, where a template corner sits
    a margin inside it (the outline meets it, and the hulls, which hold both, overlap by the margin
    on every axis) or the rectangle of a straight template overlaps it by the margin on every axis;
    None where this cannot tell."""
    pieces = template_pieces(maneuver.kind, maneuver.speed, base)
    if pieces is None:
        return None
    h = math.radians(start.heading)
    s, c = math.sin(h), math.cos(h)
    ox, oy, radius = obstacle.circle
    dx, dy = ox - start.x, oy - start.y
    lx, ly = dx * c - dy * s, dx * s + dy * c  # the obstacle's centre, x right and y forward of the start
    reach = radius + PROOF_MARGIN_MM
    near = [quad for quad, (qx, qy, qr) in pieces if math.hypot(qx - lx, qy - ly) < qr + reach]
    if not near:
        return False
    if not obstacle.convex:
        return None
    x0, y0 = start.x, start.y
    hull = [((x - x0) * c - (y - y0) * s, (x - x0) * s + (y - y0) * c) for x, y in obstacle.hull]
    if len(pieces) == 1:  # a rectangle: its own hull
        gap = separation(near[0], hull)
        return False if gap > PROOF_MARGIN_MM else True if gap < -PROOF_MARGIN_MM else None
    reach2 = reach * reach
    for quad in near:
        for px, py in quad:
            if (px - lx) ** 2 + (py - ly) ** 2 < reach2 and _holds_disc(hull, px, py, PROOF_MARGIN_MM):
                return True
    return None


def base_on(obstacle: Obstacle, pose: Pose, half: float, corners: list[Pt]) -> bool:
    """Is a square base (at ``pose``, its ``corners``) on the obstacle? shapely's answer, after
    proofs: the bases' circle a margin clear of the obstacle's, or the convex hulls a margin apart
    on an axis; or, for a convex obstacle, overlapping by the margin on every axis."""
    ox, oy, radius = obstacle.circle
    if math.hypot(pose.x - ox, pose.y - oy) >= radius + half * math.sqrt(2) + PROOF_MARGIN_MM:
        return False
    gap = separation(corners, obstacle.hull)
    if gap > PROOF_MARGIN_MM:
        return False
    if gap < -PROOF_MARGIN_MM and obstacle.convex:
        return True
    return bool(obstacle.polygon.intersects(base_polygon(pose, half)))


def template_on(obstacle: Obstacle, start: Pose, maneuver: Maneuver, base: str) -> bool:
    """Is the template laid for ``maneuver`` from ``start`` on the obstacle (False without one)?
    shapely's answer on its outline, after the template's proofs (``_template_proof``)."""
    circle = template_circle(start, maneuver, base)
    if circle is None:
        return False
    ox, oy, radius = obstacle.circle
    if math.dist(circle[:2], (ox, oy)) >= radius + circle[2] + PROOF_MARGIN_MM:
        return False
    proof = _template_proof(obstacle, start, maneuver, base)
    if proof is not None:
        return proof
    outline = template_outline(start, maneuver, base)
    return outline is not None and bool(obstacle.polygon.intersects(outline))

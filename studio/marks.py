"""Words and marks on the table: ships' name tags, the Range 1/2/3 labels of the range rings and
the mark on the defender of the current attack.

Text lies flat on the mat, upright when the table is seen from the south (north up, as in the
``top`` view and the director's shots), so it never turns with a ship. Tags and labels are drawn
without the depth test, like the attack ruler: an asteroid never hides them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath, TextNode
from shapely import affinity
from shapely.geometry import LineString, Polygon, box

from engine.geometry.pose import Pose
from engine.view import RANGE_EDGES_MM, MarkerView, ShipView, TableView
from studio import palette
from studio.meshes import MeshBuilder

RGBA = tuple[float, float, float, float]

TAG_Z: Final = 1.0
TAG_SORT: Final = 45  # "fixed" bin order of tags' backdrops (their text: the next)
RING_LABEL_SORT: Final = 31  # over the range rings (30)
TAG_HEIGHT_MM: Final = 9.0  # cap height of a name tag's letters
TAG_GAP_MM: Final = 5.0  # between the base's lowest corner and the tag
TAG_BOX_H: Final = TAG_HEIGHT_MM * 1.7  # a tag's backdrop, top to bottom
TAG_ROW_MM: Final = TAG_BOX_H + 2.0  # slots 2 and 3: one row further out
TAG_SLOTS: Final = 4
RING_LABEL_MM: Final = 14.0
RING_LABEL_BEARING: Final = 135.0  # table bearing (clockwise from north) of the ring labels: south-east
MARK_Z: Final = 0.9
MARK_COLOUR: Final[RGBA] = (1.0, 0.22, 0.18, 1.0)
BACKDROP: Final[RGBA] = (0.02, 0.03, 0.06, 0.72)
DESTROYED_TAG: Final[RGBA] = (0.55, 0.56, 0.6, 1.0)


def flat_text(text: str, height_mm: float, colour: RGBA, align: str = "center") -> NodePath:
    """``text`` as a node lying on the table (facing up, reading west to east), its letters
    ``height_mm`` tall, the middle of its first line at the node's origin."""
    from studio.hud2d import hud_font

    node = TextNode("flat-text")
    node.setFont(hud_font())
    node.setAlign({"left": TextNode.ALeft, "center": TextNode.ACenter, "right": TextNode.ARight}[align])
    node.setTextColor(*colour)
    node.setText(text)
    path = NodePath(node.generate())
    inner = NodePath("text")
    path.reparentTo(inner)
    path.setScale(height_mm / 0.7)  # the default font's capitals are about 0.7 units tall
    path.setZ(-0.35 * height_mm / 0.7)
    holder = NodePath("flat")
    inner.reparentTo(holder)
    inner.setP(-90)  # the text's up (+Z) becomes north (+Y), its face points up
    return holder


@functools.lru_cache(maxsize=512)
def text_width_mm(text: str, height_mm: float) -> float:
    from studio.hud2d import hud_font

    node = TextNode("measure")
    node.setFont(hud_font())
    return float(node.calcWidth(text)) * height_mm / 0.7


def base_reach(heading: float, side: float) -> float:
    """A square base's half height on the table (how far north and south of its centre it reaches)."""
    h = math.radians(heading)
    return side / 2 * (abs(math.cos(h)) + abs(math.sin(h)))


def tag_reach(heading: float, side: float) -> float:
    """How far north or south of a ship's centre its tag reaches in slots 0 and 1 (the director
    keeps that much of the table around a ship in the picture)."""
    return base_reach(heading, side) + TAG_GAP_MM + TAG_HEIGHT_MM / 2 + TAG_BOX_H / 2


def _reach(ship: ShipView) -> float:
    return base_reach(ship.pose.heading, ship.base_side)


def tag_anchor(ship: ShipView, slot: int = 0, area_width: float | None = None) -> tuple[float, float]:
    """Where a ship's name tag's centre goes: in ``slot`` 0 below (south of) its base's lowest
    corner, 1 above its highest, 2 and 3 one row of tags further below and above; with the table's
    ``area_width``, slid along so the whole tag lies on the table (a ship at the edge: its tag hung
    off it, cut by the picture's edge)."""
    offset = _reach(ship) + TAG_GAP_MM + TAG_HEIGHT_MM / 2 + (slot // 2) * TAG_ROW_MM
    x = on_table(ship.pose.x, tag_width(ship.name), area_width)
    return x, ship.pose.y - offset if slot % 2 == 0 else ship.pose.y + offset


def on_table(x: float, width: float, area_width: float | None) -> float:
    """The centre ``x`` of something ``width`` mm wide slid along so all of it lies on a table
    ``area_width`` wide (as it is without a table, or when it is wider than the table)."""
    if area_width is None or width >= area_width:
        return x
    return min(max(x, width / 2), area_width - width / 2)


def tag_width(name: str) -> float:
    """A name tag's width on the table in mm (its backdrop)."""
    return text_width_mm(name, TAG_HEIGHT_MM) + TAG_HEIGHT_MM


def tag_box(ship: ShipView, slot: int = 0, area_width: float | None = None) -> tuple[float, float, float, float]:
    """The tag's (x0, y0, x1, y1) on the table in mm (its backdrop) in ``slot`` (``tag_anchor``)."""
    x, y = tag_anchor(ship, slot, area_width)
    w = tag_width(ship.name)
    return x - w / 2, y - TAG_BOX_H / 2, x + w / 2, y + TAG_BOX_H / 2


def _apart(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _base_box(ship: ShipView) -> tuple[float, float, float, float]:
    r = _reach(ship)
    return ship.pose.x - r, ship.pose.y - r, ship.pose.x + r, ship.pose.y + r


def mine_reach(m: MarkerView) -> float:
    """How far a Minefield Token reaches from its centre on the table (the tips of its spikes)."""
    return m.mine * 1.25


def mine_boxes(markers: Sequence[MarkerView]) -> list[tuple[float, float, float, float]]:
    """The (x0, y0, x1, y1) of each Minefield Token among ``markers`` on the table."""
    return [(m.x - mine_reach(m), m.y - mine_reach(m), m.x + mine_reach(m), m.y + mine_reach(m))
            for m in markers if m.mine]


TOKEN_REACH_MM: Final = 16.0  # a mission token's disc and rim (studio.markers), from its centre


def marker_boxes(markers: Sequence[MarkerView]) -> list[tuple[float, float, float, float]]:
    """The (x0, y0, x1, y1) of each token among ``markers`` a name tag should not hide: minefields
    (:func:`mine_boxes`) and mission tokens (an objective, a sensor data site); not bearing arrows,
    which lie at the map's edge."""
    tokens = [(m.x - TOKEN_REACH_MM, m.y - TOKEN_REACH_MM, m.x + TOKEN_REACH_MM, m.y + TOKEN_REACH_MM)
              for m in markers if not m.mine and m.heading is None]
    return mine_boxes(markers) + tokens


def tag_slots(ships: Sequence[ShipView], markers: Sequence[MarkerView] = (),
              area_width: float | None = None) -> dict[str, int]:
    """Each ship's tag slot (:func:`tag_anchor`), in the order given: the first slot whose tag
    overlaps no tag placed before it, no other ship's base and no token of ``markers`` (the view's
    minefields and mission tokens), else one on a token but off the bases, else the first that
    overlaps no tag (ships in base contact: one tag below, the other above), else below."""
    placed: list[tuple[float, float, float, float]] = []
    bases = {s.id: _base_box(s) for s in ships}
    mines = marker_boxes(markers)
    out: dict[str, int] = {}
    for ship in ships:
        boxes = [tag_box(ship, slot, area_width) for slot in range(TAG_SLOTS)]
        free = [k for k, b in enumerate(boxes) if all(_apart(b, p) for p in placed)]
        off_bases = [k for k in free if all(_apart(boxes[k], bb) for sid, bb in bases.items() if sid != ship.id)]
        clear = [k for k in off_bases if all(_apart(boxes[k], mb) for mb in mines)] or off_bases
        slot = clear[0] if clear else free[0] if free else 0
        out[ship.id] = slot
        placed.append(boxes[slot])
    return out


def _tag_node(ship: ShipView) -> NodePath:
    x0, y0, x1, y1 = tag_box(ship)
    x, _y = tag_anchor(ship)  # (the node is built around its anchor: any slot)
    holder = NodePath(f"tag-{ship.id}")
    back = MeshBuilder()
    r = (y1 - y0) / 2
    back.ribbon([(x0 + r - x, 0.0), (x1 - r - x, 0.0)], y1 - y0, BACKDROP, 0.0)
    back.disc(x0 + r - x, 0.0, r, BACKDROP, 0.0, segments=16)
    back.disc(x1 - r - x, 0.0, r, BACKDROP, 0.0, segments=16)
    colour = DESTROYED_TAG if ship.destroyed else palette.player_colour(ship.player)
    holder.attachNewNode(back.node("backdrop")).setBin("fixed", TAG_SORT)
    text = flat_text(ship.name, TAG_HEIGHT_MM, palette.mix(colour, (1.0, 1.0, 1.0, 1.0), 0.35))
    text.reparentTo(holder)
    text.setZ(0.02)
    text.setBin("fixed", TAG_SORT + 1)
    return holder


class NameTags:
    """A name tag per ship on the table (destroyed ships' greyed), rebuilt only when a ship's
    name, seat or fate changes, moved when it moves; tags never overlap (:func:`tag_slots`)."""

    def __init__(self, layer: NodePath) -> None:
        self.layer = layer
        layer.setDepthTest(False)
        self._tags: dict[str, tuple[tuple[object, ...], NodePath]] = {}

    def update(self, view: TableView, on: bool) -> None:
        want = {s.id: s for s in view.ships} if on else {}
        slots = tag_slots(list(want.values()), view.markers, view.area_width)
        for sid in list(self._tags):
            if sid not in want:
                self._tags.pop(sid)[1].removeNode()
        for sid, ship in want.items():
            key = (ship.name, ship.player, ship.destroyed, ship.base_size)
            current = self._tags.get(sid)
            if current is None or current[0] != key:
                if current is not None:
                    current[1].removeNode()
                node = _tag_node(ship)
                node.reparentTo(self.layer)
                current = (key, node)
                self._tags[sid] = current
            x, y = tag_anchor(ship, slots[sid], view.area_width)
            current[1].setPos(x, y, TAG_Z)


def _ring_points(ship: ShipView, bearing: float, edges: tuple[float, ...]) -> list[tuple[int, float, float]]:
    half = ship.base_side / 2
    square: Polygon = box(-half, -half, half, half)
    b = math.radians(bearing)
    far = edges[-1] * 2 + 100
    ray = LineString([(ship.pose.x, ship.pose.y), (ship.pose.x + far * math.sin(b), ship.pose.y + far * math.cos(b))])
    out = []
    for band, edge in enumerate(edges, start=1):
        ring = affinity.translate(affinity.rotate(square.buffer(edge, quad_segs=16), -ship.pose.heading,
                                                  origin=(0, 0)), ship.pose.x, ship.pose.y)
        hit = ring.exterior.intersection(ray)
        if hit.is_empty:
            continue
        p = hit if hit.geom_type == "Point" else next(iter(getattr(hit, "geoms", [hit])))
        out.append((band, float(p.x), float(p.y)))
    return out


def ring_label_points(ship: ShipView, view: TableView | None = None) -> list[tuple[int, float, float]]:
    """(band, x, y): where the Range 1, 2 and 3 rings cross one ray from the ship, the first of
    eight bearings (south-east first) that keeps the most labels on the table and off other ships."""
    best: list[tuple[int, float, float]] = []
    best_score = -1
    for k in range(8):
        points = _ring_points(ship, RING_LABEL_BEARING + 45.0 * k, view.range_edges if view else RANGE_EDGES_MM)
        score = 0
        for _, x, y in points:
            on_table = view is None or (RING_LABEL_MM <= x <= view.area_width - RING_LABEL_MM
                                        and RING_LABEL_MM <= y <= view.area_height - RING_LABEL_MM)
            clear = view is None or all(
                math.dist((x, y), (s.pose.x, s.pose.y)) > s.base_side / 2 * 1.5 + RING_LABEL_MM
                for s in view.ships if s.id != ship.id)
            score += 2 * on_table + clear
        if score > best_score:
            best, best_score = points, score
    return best


def ring_labels_node(ship: ShipView, view: TableView | None = None) -> NodePath:
    """The digits 1, 2, 3 in a dark disc on the selected ship's range rings."""
    holder = NodePath("ring-labels")
    discs = MeshBuilder()
    for band, x, y in ring_label_points(ship, view):
        discs.disc(x, y, RING_LABEL_MM * 0.85, BACKDROP, 0.0, segments=24)
        discs.ribbon([(x + RING_LABEL_MM * 0.85 * math.cos(a), y + RING_LABEL_MM * 0.85 * math.sin(a))
                      for a in (2 * math.pi * k / 24 for k in range(24))], 1.4, palette.RANGE_RING, 0.01,
                     closed=True)
        text = flat_text(str(band), RING_LABEL_MM, (*palette.RANGE_RING[:3], 1.0))
        text.reparentTo(holder)
        text.setPos(x, y, 0.02)
        text.setBin("fixed", RING_LABEL_SORT + 1)
    holder.attachNewNode(discs.node("discs")).setBin("fixed", RING_LABEL_SORT)
    holder.setDepthTest(False)
    return holder


def defender_mark(pose: Pose, side: float, colour: RGBA = MARK_COLOUR) -> MeshBuilder:
    """Target brackets around the defender's base (``side`` mm): an L at each corner, just outside it."""
    half = side / 2 + 4.0
    arm = half * 0.55
    b = MeshBuilder()
    for sx, sy in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
        corner = [(sx * half, sy * (half - arm)), (sx * half, sy * half), (sx * (half - arm), sy * half)]
        pts = [pose.advance(fy, fx) for fx, fy in corner]
        b.ribbon([(p.x, p.y) for p in pts], 2.6, colour, MARK_Z)
    return b

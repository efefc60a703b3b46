"""Overlays, each toggled by name: firing arcs, range bands, maneuver templates, the attack line.

- ``arcs``: the selected ship's front (and rear) arc as a translucent wedge in its player colour out
  to Range 3, darker in the nearer bands; a 360-degree arc is the whole Range 3 area; with no ship
  selected (and none active), every ship's.
- ``ranges``: the Range 1/2/3 rings around the selected ship's base (101.6, 203.2, 304.8 mm
  from the outline: squares with rounded corners).
- ``templates``: the maneuver templates on the table, filled in the dial colour.
- ``attack``: the range ruler of the current attack, coloured by band, dashed when obstructed.
- ``trails``: each ship's last few moves as a line in its player colour (the view's
  ``trails``), faint once the ship has left play.
- ``grid``: the 4-inch grid on the mat (drawn by :mod:`studio.table`).
- ``names``: each ship's name tag on the mat below its base (:mod:`studio.marks`).

The attack ruler (with target brackets on the defender), the range rings' 1/2/3 labels and the
name tags are drawn without the depth test: an obstacle never hides them.

Arcs and rings are built once per shape in the ship's own frame and parented to the ship's
pose node, so they follow it for free; templates and attack lines are cached by value.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final

from panda3d.core import NodePath
from shapely import affinity
from shapely.geometry import Polygon, box

from engine.view import ShipView, TableView, TemplateView, TrailView
from engine.view_alliance import DecisionView, decision_of
from engine.view_attack_wing import AttackView, attack_of
from studio import palette
from studio.marks import NameTags, defender_mark, ring_labels_node
from studio.meshes import MeshBuilder, as_overlay
from studio.ships import ShipNode, wedge

OVERLAYS: Final = ("arcs", "ranges", "templates", "attack", "trails", "grid", "sectors", "names")
DEFAULT_OVERLAYS: Final = frozenset({"templates", "attack", "sectors", "names"})
# what the viewer's toast calls each overlay when its key turns it on or off (one entry per overlay)
OVERLAY_LABELS: Final = {"arcs": "Firing arcs", "ranges": "Range bands", "templates": "Maneuver templates",
                         "attack": "Attack line", "trails": "Trails", "grid": "Grid", "sectors": "Enemy AI sectors",
                         "names": "Name tags"}

ARC_Z: Final = 0.2
TRAIL_Z: Final = 0.3
TEMPLATE_Z: Final = 0.35
RING_Z: Final = 0.5
ATTACK_Z: Final = 0.8
SECTOR_Z: Final = 0.6
ARC_ALPHA: Final = 0.11  # per band layer: Range 1 gets three layers
REAR_ALPHA: Final = 0.07

# sort order within the "fixed" bin (the table uses 0-9, ship rings 50+)
_SORT = {"arcs": 10, "trails": 15, "templates": 20, "ranges": 30, "attack": 40, "sectors": 35, "names": 45}


def validate_overlays(names: Collection[str]) -> frozenset[str]:
    unknown = set(names) - set(OVERLAYS)
    if unknown:
        raise ValueError(f"unknown overlay(s) {', '.join(sorted(unknown))}; known: {', '.join(OVERLAYS)}")
    return frozenset(names)


def _base_square(side: float) -> Polygon:
    h = side / 2
    return box(-h, -h, h, h)


def _coords(poly: Polygon) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1]]


def arc_builder(ship: ShipView, edges: Sequence[float]) -> MeshBuilder:
    """Arc wedges in the ship's frame, one region per range band (each pixel drawn once: the
    nearer bands get the opacity of ``k`` stacked layers without the overdraw)."""
    b = MeshBuilder()
    colour = palette.player_colour(ship.player)
    square = _base_square(ship.base_side)
    reach = ship.base_side / 2 + edges[-1] + 10
    arcs: list[tuple[float, float, float]] = []
    if ship.has_360_arc:
        arcs.append((0.0, 360.0, ARC_ALPHA * 0.7))
    if ship.front_arc:
        arcs.append((0.0, ship.front_arc, ARC_ALPHA))
    if ship.rear_arc:
        arcs.append((180.0, ship.rear_arc, REAR_ALPHA))
    rings = [square.buffer(edge, quad_segs=12) for edge in edges]
    for direction, arc, alpha in arcs:
        w = wedge(direction, arc, reach * 1.5, steps=64)
        inner: Polygon = square
        for k, ring in enumerate(rings):
            region = ring.difference(inner)
            if arc < 360:
                region = region.intersection(w)
            layers = len(rings) - k
            fill = palette.with_alpha(colour, 1.0 - (1.0 - alpha) ** layers)
            for part in getattr(region, "geoms", [region]):
                if isinstance(part, Polygon) and not part.is_empty:
                    b.polygon(_coords(part), fill, ARC_Z, holes=[list(h.coords)[:-1] for h in part.interiors])
            inner = ring
        outer = rings[-1].intersection(w) if arc < 360 else rings[-1]
        if isinstance(outer, Polygon) and not outer.is_empty:
            b.ribbon(_coords(outer), 1.2, palette.with_alpha(colour, 0.65), ARC_Z + 0.01, closed=True)
    return b


def rings_builder(side: float, edges: Sequence[float]) -> MeshBuilder:
    """The range bands' outer edges (``edges``, mm) around a base of ``side`` mm."""
    b = MeshBuilder()
    square = _base_square(side)
    for edge in edges:
        b.ribbon(_coords(square.buffer(edge, quad_segs=16)), 2.0, palette.RANGE_RING, RING_Z, closed=True)
    return b


def template_builder(t: TemplateView) -> MeshBuilder:
    colour = palette.MANEUVER_COLOURS.get(t.colour, palette.MANEUVER_COLOURS["white"])
    b = MeshBuilder()
    b.polygon(t.points, palette.with_alpha(colour, 0.4), TEMPLATE_Z)
    b.ribbon(t.points, 1.0, palette.with_alpha(colour, 0.95), TEMPLATE_Z + 0.01, closed=True)
    return b


def attack_builder(a: AttackView, defender: ShipView | None = None) -> MeshBuilder:
    """The range ruler between the closest points, coloured by band (dashed: obstructed), and
    target brackets around ``defender``."""
    colour = palette.BAND_COLOURS.get(a.band, palette.BAND_COLOURS[max(palette.BAND_COLOURS)])  # beyond range
    b = defender_mark(defender.pose, defender.base_side) if defender is not None else MeshBuilder()
    if a.obstructed:
        b.dashed(a.start, a.end, 2.2, colour, ATTACK_Z, dash=7.0, gap=5.0)
    else:
        b.ribbon([a.start, a.end], 2.2, colour, ATTACK_Z)
    for x, y in (a.start, a.end):
        b.disc(x, y, 2.4, colour, ATTACK_Z + 0.01, segments=16)
    return b


def sectors_builder(d: DecisionView, edges: Sequence[float]) -> MeshBuilder:
    """Alliance Choose Maneuver: the eight 45-degree sectors around the deciding ship (lines at
    22.5 + 45k degrees off its heading, out to Range 3), its target's sector filled, and the
    Range 1 and Range 2 rings, the one it used drawn bold (inner: Range 1, outer: Range 2)."""
    b = MeshBuilder()
    half = d.base_side / 2
    x, y, h = d.pose.x, d.pose.y, d.pose.heading
    reach = edges[-1] + half
    b.polygon([(x, y), *d.fan(reach)], palette.with_alpha(palette.SECTOR_FILL, 0.28), SECTOR_Z)
    for k in range(8):
        b.ribbon([d.point(22.5 + 45.0 * k, half * 1.5), d.point(22.5 + 45.0 * k, reach)], 1.2,
                 palette.with_alpha(palette.SECTOR_LINE, 0.8), SECTOR_Z + 0.01)
    square = _base_square(d.base_side)
    for band, edge in ((1, edges[0]), (2, edges[1])):
        used = (band == 1) == (d.ring == "inner")
        ring = affinity.translate(affinity.rotate(square.buffer(edge, quad_segs=16), -h, origin=(0, 0)), x, y)
        b.ribbon(_coords(ring), 3.0 if used else 1.0,
                 palette.with_alpha(palette.SECTOR_LINE, 0.95 if used else 0.45), SECTOR_Z + 0.02, closed=True)
    return b


def trail_builder(points: Sequence[tuple[float, float]], player: int, faded: bool = False) -> MeshBuilder:
    """A ship's trail in its player colour; a ship out of play leaves a faint one."""
    b = MeshBuilder()
    b.ribbon(points, 1.6, palette.with_alpha(palette.player_colour(player), 0.18 if faded else 0.6), TRAIL_Z)
    return b


class Overlays:
    """All overlays under ``root``; :meth:`update` syncs them to a view and a set of names."""

    def __init__(self, root: NodePath) -> None:
        self.root = root.attachNewNode("overlays")
        self.layers = {name: as_overlay(self.root.attachNewNode(name), _SORT[name]) for name in _SORT}
        self._arc_shapes: dict[tuple[object, ...], NodePath] = {}
        self._ring_shapes: dict[float, NodePath] = {}
        self._ship_arcs: dict[str, tuple[tuple[object, ...], NodePath]] = {}
        self._rings: tuple[str, float, NodePath] | None = None
        self._templates: dict[TemplateView, NodePath] = {}
        self._attack: tuple[AttackView, NodePath] | None = None
        self._sectors: tuple[DecisionView, NodePath] | None = None
        self._trails: dict[str, tuple[tuple[object, ...], NodePath]] = {}
        self._ring_labels: tuple[object, NodePath] | None = None
        for name in ("attack", "ranges"):
            self.layers[name].setDepthTest(False)
        self.names = NameTags(self.layers["names"])

    def update(self, view: TableView, enabled: Collection[str], ships: Mapping[str, ShipNode]) -> None:
        on = validate_overlays(enabled)
        ranged = bool(view.range_edges)  # a map game (Fleet Captains) has no range bands to draw arcs or rings to
        self._update_arcs(view, "arcs" in on and ranged, ships)
        self._update_rings(view, "ranges" in on and ranged, ships)
        self._update_templates(view, "templates" in on)
        self._update_attack(view, "attack" in on)
        self._update_trails(view.trails if "trails" in on else ())
        self._update_sectors(view, "sectors" in on)
        self.names.update(view, "names" in on)

    def _update_sectors(self, view: TableView, on: bool) -> None:
        want = decision_of(view) if on else None
        if self._sectors is not None and self._sectors[0] != want:
            self._sectors[1].removeNode()
            self._sectors = None
        if want is not None and self._sectors is None:
            node = self.layers["sectors"].attachNewNode(sectors_builder(want, view.range_edges).node("sectors"))
            self._sectors = (want, node)

    # --- per-ship overlays (in the ship's frame) ---------------------------------------------

    def _arc_shape(self, ship: ShipView, edges: tuple[float, ...]) -> tuple[tuple[object, ...], NodePath]:
        key = (ship.base_side, ship.front_arc, ship.rear_arc, ship.has_360_arc, ship.player, edges)
        if key not in self._arc_shapes:
            self._arc_shapes[key] = NodePath(arc_builder(ship, edges).node("arcs"))
        return key, self._arc_shapes[key]

    def _update_arcs(self, view: TableView, on: bool, ships: Mapping[str, ShipNode]) -> None:
        # the selected (or active) ship's arcs alone: every ship's at once hid the table under wedges;
        # with no ship selected, every ship's
        standing = {s.id for s in view.ships if on and not s.destroyed and s.id in ships}
        live = {view.selected} if view.selected in standing else standing
        for ship_id in list(self._ship_arcs):
            if ship_id not in live or ship_id not in ships:
                self._ship_arcs.pop(ship_id)[1].removeNode()
        for ship in view.ships:
            if ship.id not in live:
                continue
            key, shape = self._arc_shape(ship, view.range_edges)
            current = self._ship_arcs.get(ship.id)
            if current is not None and current[0] == key and not current[1].isEmpty():
                continue
            if current is not None:
                current[1].removeNode()
            inst = shape.instanceTo(ships[ship.id].overlay_anchor)
            as_overlay(inst, _SORT["arcs"])
            self._ship_arcs[ship.id] = (key, inst)

    def _update_rings(self, view: TableView, on: bool, ships: Mapping[str, ShipNode]) -> None:
        ship = view.ship(view.selected) if (on and view.selected) else None
        label_key = (ship.pose, ship.base_side, view.ships) if ship is not None and ship.id in ships else None
        if self._ring_labels is not None and self._ring_labels[0] != label_key:
            self._ring_labels[1].removeNode()
            self._ring_labels = None
        if ship is not None and label_key is not None and self._ring_labels is None:
            node = ring_labels_node(ship, view)
            node.reparentTo(self.layers["ranges"])
            self._ring_labels = (label_key, node)
        want = (ship.id, ship.base_side) if ship is not None and ship.id in ships else None
        if self._rings is not None and (want is None or self._rings[:2] != want or self._rings[2].isEmpty()):
            self._rings[2].removeNode()
            self._rings = None
        if want is None or self._rings is not None:
            return
        if want[1] not in self._ring_shapes:
            self._ring_shapes[want[1]] = NodePath(rings_builder(want[1], view.range_edges).node("ranges"))
        inst = self._ring_shapes[want[1]].instanceTo(ships[want[0]].overlay_anchor)
        as_overlay(inst, _SORT["ranges"])
        self._rings = (want[0], want[1], inst)

    # --- table overlays -------------------------------------------------------------------------

    def _update_templates(self, view: TableView, on: bool) -> None:
        want = set(view.templates) if on else set()
        for t in list(self._templates):
            if t not in want:
                self._templates.pop(t).removeNode()
        for t in view.templates:
            if on and t not in self._templates:
                self._templates[t] = self.layers["templates"].attachNewNode(template_builder(t).node("template"))

    def _update_trails(self, trails: Sequence[TrailView]) -> None:
        want = {t.ship_id: (t.points, t.player, t.faded) for t in trails if len(t.points) >= 2}
        for sid in list(self._trails):
            if sid not in want or self._trails[sid][0] != want[sid]:
                self._trails.pop(sid)[1].removeNode()
        for sid, key in want.items():
            if sid not in self._trails:
                node = self.layers["trails"].attachNewNode(trail_builder(*key).node(f"trail-{sid}"))
                self._trails[sid] = (key, node)

    def _update_attack(self, view: TableView, on: bool) -> None:
        want = attack_of(view) if on else None
        if self._attack is not None and self._attack[0] != want:
            self._attack[1].removeNode()
            self._attack = None
        if want is not None and self._attack is None:
            node = attack_builder(want, view.ship(want.defender)).node("attack")
            self._attack = (want, self.layers["attack"].attachNewNode(node))

"""Ships on the table: the model on its peg over a base printed with its arcs and player colour.

A :class:`ShipNode` is built once per ship (and again only if its class, base, seat or arcs
change); each frame :meth:`ShipNode.update` moves it with one ``setPosHpr`` and flips a few
state switches (selected, active, cloaked, destroyed). Scene units are millimetres: table
x -> X, y -> Y, Z up; Panda3D's heading H turns counter-clockwise about +Z with +Y forward,
so H = -heading.
"""

from __future__ import annotations

import math
from typing import Final

from panda3d.core import Filename, Loader, LoaderOptions, NodePath, TransparencyAttrib
from shapely.geometry import LineString, Polygon, box

from engine.view import ShipView
from studio import palette
from studio.assets import (
    BASE_HALF_MM,
    BASE_THICKNESS_MM,
    PEG_HEIGHT_MM,
    base_model_path,
    model_scale,
    ship_family,
    ship_model_path,
)
from studio.bases import half_extents, lined_print, ring
from studio.meshes import MeshBuilder, as_overlay

PRINT_Z: Final = BASE_THICKNESS_MM + 0.05
BORDER_MM: Final = {"small": 3.5, "large": 5.0}
RING_GAP_MM: Final = 1.5


class ModelLibrary:
    """Loads each model file once and hands out instances of it."""

    def __init__(self, loader: Loader | None = None) -> None:
        self.loader = loader or Loader.getGlobalPtr()
        self._cache: dict[str, NodePath] = {}

    def instance(self, path: str, parent: NodePath) -> NodePath:
        if path not in self._cache:
            node = self.loader.loadSync(Filename.fromOsSpecific(path), LoaderOptions())
            if node is None:
                raise FileNotFoundError(f"could not load model {path}; run models/build_models.py")
            np_ = NodePath(node)
            np_.flattenStrong()
            self._cache[path] = np_
        return self._cache[path].instanceTo(parent)


def wedge(direction_deg: float, arc_deg: float, radius: float, steps: int = 48) -> Polygon:
    """A firing-arc wedge from the origin in ship-local coordinates (+Y = ahead, +X = right)."""
    if arc_deg >= 360.0:
        return Polygon(_arc_points(0.0, 360.0, radius, steps)[1:])
    pts = _arc_points(direction_deg, arc_deg, radius, steps)
    return Polygon(pts)


def _arc_points(direction_deg: float, arc_deg: float, radius: float, steps: int) -> list[tuple[float, float]]:
    n = max(2, int(steps * arc_deg / 360.0) + 1)
    a0 = direction_deg - arc_deg / 2
    pts = [(0.0, 0.0)]
    for k in range(n + 1):
        h = math.radians(a0 + arc_deg * k / n)
        pts.append((radius * math.sin(h), radius * math.cos(h)))
    return pts


def base_print(ship: ShipView) -> MeshBuilder:
    """The printed top of a base: player-colour border, shaded front and rear arcs, arc lines (or,
    for a base with ``base_lines``, the lines it prints: :func:`studio.bases.lined_print`)."""
    half = ship.base_side / 2
    colour = palette.player_colour(ship.player)
    border = BORDER_MM[ship.base_size]
    if ship.base_lines or ship.base_length:
        return lined_print(ship, PRINT_Z, border)
    b = MeshBuilder()
    square = box(-half, -half, half, half)
    b.fan(list(square.exterior.coords)[:-1], palette.BASE_DARK, PRINT_Z)
    inner = box(-half + border, -half + border, half - border, half - border)
    z = PRINT_Z + 0.02
    if ship.has_360_arc:
        b.fan(list(inner.exterior.coords)[:-1], palette.mix(palette.BASE_DARK, colour, 0.35), z)
    for direction, arc, strength in ((0.0, ship.front_arc, 0.55), (180.0, ship.rear_arc, 0.3)):
        if not arc or not math.isfinite(arc):  # (a file's arcs are checked when read; an infinite one has no edges)
            continue
        part = wedge(direction, arc, 4 * half).intersection(inner)
        if part.is_empty or part.geom_type != "Polygon":
            continue
        b.fan(list(part.exterior.coords)[:-1], palette.mix(palette.BASE_DARK, colour, strength), z)
        for edge in (direction - arc / 2, direction + arc / 2):
            h = math.radians(edge)
            end = (2 * half * math.sin(h), 2 * half * math.cos(h))
            seg = LineString([(0.0, 0.0), end]).buffer(0.45, cap_style="flat").intersection(inner)
            if not seg.is_empty and seg.geom_type == "Polygon":
                b.polygon(list(seg.exterior.coords)[:-1], (0.85, 0.87, 0.9, 1.0), z + 0.02)
    # the border, drawn as a band inside the base edge
    mid = half - border / 2
    b.ribbon([(-mid, -mid), (mid, -mid), (mid, mid), (-mid, mid)], border, colour, z + 0.04, closed=True)
    # a notch at the front edge so the heading reads even under a wide model
    b.fan([(-border, half - border), (border, half - border), (0.0, half - 2.6 * border)], colour, z + 0.04)
    return b


def _ring(half: float, colour: tuple[float, float, float, float], width: float) -> MeshBuilder:
    r = half + RING_GAP_MM + width / 2
    b = MeshBuilder()
    b.ribbon([(-r, -r), (r, -r), (r, r), (-r, r)], width, colour, 0.1, closed=True)
    return b


class ShipNode:
    """One ship's nodes under ``parent``: ``root`` (moved by the pose) holds the base, peg and model."""

    def __init__(self, parent: NodePath, ship: ShipView, library: ModelLibrary, order: int = 0) -> None:
        self.id = ship.id
        self.library = library
        # siblings are drawn in ``order`` (the view's ship order), not in the order they were made: a
        # ship made again after a jump keeps its place, so overlapping translucent arcs blend the same
        self.root = parent.attachNewNode(f"ship-{ship.id}", order)
        self._static: tuple[object, ...] | None = None
        self._pose: tuple[float, float, float] | None = None
        self._state: tuple[bool, bool, bool, bool] | None = None
        self.model = NodePath("model")
        self.view = ship
        self._build(ship)
        self.update(ship)

    @staticmethod
    def static_key(ship: ShipView) -> tuple[object, ...]:
        return (ship.class_name, ship.faction, ship.base_size, ship.player, ship.front_arc, ship.rear_arc,
                ship.has_360_arc, ship.hull_max, ship.base_side, ship.base_length, ship.base_lines)

    def _build(self, ship: ShipView) -> None:
        for child in self.root.getChildren():
            if child.getName() != "overlays":
                child.removeNode()
        self._static = self.static_key(ship)
        self.base = self.root.attachNewNode("base")
        model = self.base.attachNewNode("model")
        self.library.instance(str(base_model_path(ship.base_size)), model)
        # the base before the print on it, whatever order the opaque bin's state sort gives them (it
        # follows the process's history: after a viewer had run, the bases hid their prints): right
        # after the mat, in the background bin, writing the depth the rest of the scene tests against
        model.setBin("background", 1)
        printed = self.base.attachNewNode(base_print(ship).node("print"))
        printed.setLightOff(1)
        # the print's layers lie 0.02 mm apart just above the base's top, too close for p3tinydisplay's
        # depth buffer (they stripe, or vanish): lifted over the top by a depth offset and not writing
        # depth, each layer is drawn over the one before, in the order they were built
        printed.setDepthOffset(16)  # 4 still left p3tinydisplay stripes at the director's distance
        printed.setDepthWrite(False)
        half = ship.base_side / 2
        if ship.base_length:  # a rectangular base: the square model stretched to its true size
            hw, hl = half_extents(ship)
            model.setScale(hw / BASE_HALF_MM[ship.base_size], hl / BASE_HALF_MM[ship.base_size], 1.0)
            selected = self.root.attachNewNode(ring(ship, RING_GAP_MM, palette.SELECTED, 1.6).node("selected"))
            active = self.root.attachNewNode(ring(ship, RING_GAP_MM + 2.5, palette.ACTIVE, 1.6).node("active"))
        else:
            selected = self.root.attachNewNode(_ring(half, palette.SELECTED, 1.6).node("selected"))
            active = self.root.attachNewNode(_ring(half + 2.5, palette.ACTIVE, 1.6).node("active"))
        self.selected_ring = as_overlay(selected, 50)
        self.active_ring = as_overlay(active, 51)
        self.hull = self.root.attachNewNode("hull")
        self.hull.setZ(PEG_HEIGHT_MM[ship.base_size])
        self.model = self.hull.attachNewNode("model")
        self.library.instance(str(ship_model_path(ship_family(ship.class_name, ship.faction))), self.model)
        self.model.setScale(model_scale(ship.hull_max, ship.base_size))
        self._state = None

    @property
    def overlay_anchor(self) -> NodePath:
        """A child of the pose node for overlays that move with the ship (arcs, range bands)."""
        anchor = self.root.find("overlays")
        return anchor if not anchor.isEmpty() else self.root.attachNewNode("overlays")

    def update(self, ship: ShipView, selected: bool = False) -> None:
        self.view = ship
        if self.static_key(ship) != self._static:
            self._build(ship)
        pose = (ship.pose.x, ship.pose.y, ship.pose.heading)
        if pose != self._pose:
            self.root.setPosHpr(pose[0], pose[1], 0.0, -pose[2], 0.0, 0.0)
            self._pose = pose
        state = (selected, ship.active, ship.cloaked, ship.destroyed)
        if state != self._state:
            self._apply_state(*state)
            self._state = state

    def _apply_state(self, selected: bool, active: bool, cloaked: bool, destroyed: bool) -> None:
        _toggle(self.selected_ring, selected and not destroyed)
        _toggle(self.active_ring, active and not destroyed)
        self.model.clearColorScale()
        self.model.clearTransparency()
        self.model.setHpr(0, 0, 0)
        self.hull.setZ(PEG_HEIGHT_MM[self.view.base_size])
        self.base.clearColorScale()
        if destroyed:  # a wreck: dark, listing, sunk onto its base
            self.model.setColorScale(0.3, 0.28, 0.27, 1.0)
            self.model.setHpr(0, 12, 28)
            self.hull.setZ(BASE_THICKNESS_MM + 6.0)
            self.base.setColorScale(0.45, 0.45, 0.45, 1.0)
        elif cloaked:
            self.model.setTransparency(TransparencyAttrib.MAlpha)
            self.model.setColorScale(0.6, 0.8, 1.0, 0.3)

    def remove(self) -> None:
        self.root.removeNode()


def _toggle(node: NodePath, on: bool) -> None:
    if on:
        node.show()
    else:
        node.hide()


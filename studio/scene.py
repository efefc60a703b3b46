"""The studio scene: table, ships and overlays under one root, synced to a TableView each frame.

``Scene(root)`` owns what is drawn; the camera is separate (:class:`studio.camera.CameraRig`),
so the interactive viewer and the offscreen renderer share this class. ``update`` creates
nodes for new ships, moves the ones that exist, removes the ones that left, and rebuilds
static things (mat, obstacles, planets) only when they change.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from panda3d.core import (
    AmbientLight,
    ClipPlaneAttrib,
    DirectionalLight,
    Material,
    NodePath,
    Plane,
    PlaneNode,
    Point3,
    Vec3,
)

from engine.view import TableView
from engine.view_fleet_captains import tiles_of
from engine.view_into_the_unknown import table_of as itu_table_of
from studio.arcs import Arcs
from studio.areas import Areas
from studio.effects import Effects
from studio.markers import Markers
from studio.meshes import MeshBuilder
from studio.overlays import DEFAULT_OVERLAYS, Overlays, validate_overlays
from studio.ruler import Ruler
from studio.ships import ModelLibrary, ShipNode
from studio.table import Table
from studio.tiles import Tiles
from studio.tools import Tools

MASK_Z_MM: Final = 1.0
MASK_SORT: Final = 70  # after every overlay and effect


class Scene:
    """Everything on the table, under ``root`` (a NodePath the caller renders).

    ``tinydisplay``: the scene is drawn by p3tinydisplay, whose fixed-function lighting
    multiplies lit vertex colours in twice; a white material on the root makes it match GL.
    """

    def __init__(self, root: NodePath, library: ModelLibrary | None = None, tinydisplay: bool = False) -> None:
        self.root = root
        self.library = library or ModelLibrary()
        self._lights = self._light(root)
        if tinydisplay:
            white = Material("white")
            white.setDiffuse((1.0, 1.0, 1.0, 1.0))
            white.setAmbient((1.0, 1.0, 1.0, 1.0))
            root.setMaterial(white)
        self.table = Table(root)
        self.tiles = Tiles(root)
        self.ships_root = root.attachNewNode("ships")
        self.ships: dict[str, ShipNode] = {}
        self.overlays = Overlays(root)
        self.effects = Effects(root, software=tinydisplay)
        self.markers = Markers(root)
        self.areas = Areas(root)
        self.ruler = Ruler(root)
        self.arcs = Arcs(root)  # Into the Unknown's firing arcs, turning tool and projectile tokens
        self.tools = Tools(root)
        self.view: TableView | None = None
        # overlays stop at the table's edges (user clip planes; p3tinydisplay ignores them)
        self._planes = [root.attachNewNode(PlaneNode(f"edge-{k}")) for k in range(4)]
        clip = ClipPlaneAttrib.make()
        for plane in self._planes:
            clip = clip.addOnPlane(plane)
        self._clip = clip
        self.overlays.root.setAttrib(clip)
        self.arcs.root.setAttrib(clip)
        self._area: tuple[float, float] | None = None
        self._mask: NodePath | None = root.attachNewNode("edge-mask") if tinydisplay else None

    @staticmethod
    def _light(root: NodePath) -> list[NodePath]:
        ambient = AmbientLight("ambient")
        ambient.setColor((0.42, 0.43, 0.48, 1.0))
        sun = DirectionalLight("sun")
        sun.setColor((0.85, 0.83, 0.78, 1.0))
        amb_np = root.attachNewNode(ambient)
        sun_np = root.attachNewNode(sun)
        sun_np.lookAt(0.45, -0.55, -0.7)  # from the north-west, above
        fill = DirectionalLight("fill")
        fill.setColor((0.22, 0.24, 0.3, 1.0))
        fill_np = root.attachNewNode(fill)
        fill_np.lookAt(-0.4, 0.6, 0.3)  # a little light from below-south for the hulls' bellies
        for light in (amb_np, sun_np, fill_np):
            root.setLight(light)
        return [amb_np, sun_np, fill_np]

    def update(self, view: TableView, overlays: Collection[str] = DEFAULT_OVERLAYS) -> None:
        """Sync the nodes to ``view`` with the named overlays on (and the view's effects: the hits
        and destructions playing now)."""
        on = validate_overlays(overlays)
        self.table.update(view, grid="grid" in on)
        self.tiles.update(tiles_of(view))
        area = (view.area_width, view.area_height)
        if area != self._area:
            self._clip_to(*area)
        present = set()
        for order, ship in enumerate(view.ships):
            present.add(ship.id)
            node = self.ships.get(ship.id)
            if node is None:
                node = self.ships[ship.id] = ShipNode(self.ships_root, ship, self.library, order)
                node.overlay_anchor.setAttrib(self._clip)
            node.update(ship, selected=ship.id == view.selected)
        for ship_id in [i for i in self.ships if i not in present]:
            self.ships.pop(ship_id).remove()
        self.overlays.update(view, on, self.ships)
        self.effects.update(view)
        self.markers.update(view.markers)
        itu = itu_table_of(view)
        self.areas.update(itu.areas)
        self.ruler.update(view.ruler)
        self.arcs.update(itu.arcs)
        self.tools.update(itu.tools, itu.pieces)
        self.view = view

    def _clip_to(self, width: float, height: float) -> None:
        sides = (((1, 0, 0), (0, 0, 0)), ((-1, 0, 0), (width, 0, 0)), ((0, 1, 0), (0, 0, 0)),
                 ((0, -1, 0), (0, height, 0)))
        for node, (normal, point) in zip(self._planes, sides, strict=True):
            node.node().setPlane(Plane(Vec3(*normal), Point3(*point)))
        self._area = (width, height)
        if self._mask is not None:
            self._mask_outside(self._mask, width, height)

    @staticmethod
    def _mask_outside(mask: NodePath, width: float, height: float) -> None:
        """p3tinydisplay has no clip planes: the table's surroundings are covered instead, just above
        the flat overlays (which lie below 1 mm) and after them, in the background's colour, from
        5 mm out (the table's edge line reaches 1 mm out, and seen at 15 degrees a 1 mm height hides
        4 mm behind it); a ship or tag standing higher stays in front."""
        from studio.offscreen import CLEAR_COLOUR

        for child in mask.getChildren():
            child.removeNode()
        m, far = 5.0, 15_000.0
        b = MeshBuilder()
        for x0, y0, x1, y1 in ((-far, -far, -m, height + far), (width + m, -far, width + far, height + far),
                               (-m, -far, width + m, -m), (-m, height + m, width + m, height + far)):
            b.fan([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], CLEAR_COLOUR, MASK_Z_MM)
        node = mask.attachNewNode(b.node("outside"))
        node.setLightOff(1)
        node.setTwoSided(True)
        node.setBin("fixed", MASK_SORT)

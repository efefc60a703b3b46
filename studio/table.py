"""The table: the star-field mat (with an optional 4-inch grid), obstacles and planets.

Built under a given root NodePath and rebuilt only when the play area, obstacles or planets
of the view change; the grid is shown or hidden without rebuilding.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import Final

import numpy as np
from panda3d.core import CardMaker, Filename, NodePath, SamplerState, Texture, TexturePool

from engine.view import PlanetView, TableView
from engine.view_attack_wing import ObstacleView, obstacles_of
from studio import palette
from studio.assets import MAT_TEXTURE, MODELS_DIR
from studio.meshes import MeshBuilder, as_overlay

MAT_TILE_MM: Final = 36 * 25.4  # the texture covers a 3 ft square; larger areas repeat it
GRID_STEP_MM: Final = 4 * 25.4  # a 4-inch grid
GRID_WIDTH_MM: Final = 2.0
OBSTACLE_HEIGHT_MM: Final = 1.5

# A few planet looks: latitude bands from pole to pole.
_PLANET_LOOKS: Final = (
    ((0.85, 0.88, 0.95), (0.25, 0.45, 0.75), (0.3, 0.55, 0.35), (0.2, 0.42, 0.72), (0.85, 0.88, 0.95)),
    ((0.8, 0.6, 0.4), (0.72, 0.5, 0.32), (0.86, 0.7, 0.5), (0.65, 0.42, 0.28), (0.8, 0.62, 0.42)),
    ((0.55, 0.55, 0.6), (0.45, 0.44, 0.48), (0.62, 0.6, 0.58), (0.5, 0.48, 0.5), (0.56, 0.55, 0.6)),
    ((0.6, 0.75, 0.85), (0.45, 0.65, 0.8), (0.7, 0.82, 0.9), (0.5, 0.7, 0.82), (0.62, 0.76, 0.86)),
)


def load_mat_texture() -> Texture:
    tex = TexturePool.loadTexture(Filename.fromOsSpecific(str(MODELS_DIR / MAT_TEXTURE)))
    if tex is None:
        raise FileNotFoundError(f"missing mat texture {MODELS_DIR / MAT_TEXTURE}; run models/build_models.py")
    tex.setWrapU(SamplerState.WMRepeat)
    tex.setWrapV(SamplerState.WMRepeat)
    tex.setMinfilter(SamplerState.FTLinearMipmapNearest)  # trilinear costs llvmpipe ~40% more
    tex.setMagfilter(SamplerState.FTLinear)
    return tex


class Table:
    """Mat, grid, obstacles and planets under ``root``."""

    def __init__(self, root: NodePath) -> None:
        self.root = root.attachNewNode("table")
        self._key: object = None
        self._content: NodePath | None = None
        self.grid: NodePath | None = None
        self._texture: Texture | None = None

    def update(self, view: TableView, grid: bool = False) -> None:
        key = (view.area_width, view.area_height, obstacles_of(view), view.planets)
        if key != self._key:
            self._build(view)
            self._key = key
        if self.grid is not None:
            if grid:
                self.grid.show()
            else:
                self.grid.hide()

    def _build(self, view: TableView) -> None:
        if self._content is not None:
            self._content.removeNode()
        content = self.root.attachNewNode("content")
        self._content = content
        aw, ah = view.area_width, view.area_height
        self._mat(aw, ah).reparentTo(content)
        edge = MeshBuilder()
        edge.ribbon([(0, 0), (aw, 0), (aw, ah), (0, ah)], 2.0, palette.AREA_EDGE, 0.02, closed=True)
        as_overlay(content.attachNewNode(edge.node("edge")), 1)
        self.grid = as_overlay(grid_node(aw, ah), 2)
        self.grid.reparentTo(content)
        obstacles = obstacles_of(view)
        if obstacles:
            obstacles_node(obstacles).reparentTo(content)
        if view.planets:
            planets_node(view.planets).reparentTo(content)
            rings = MeshBuilder()
            for pl in view.planets:
                from studio.meshes import circle

                rings.ribbon(circle(pl.x, pl.y, pl.radius, 96), 1.2, (0.75, 0.85, 1.0, 0.5), 0.04, closed=True)
            as_overlay(content.attachNewNode(rings.node("planet-footprints")), 3)

    def _mat(self, aw: float, ah: float) -> NodePath:
        cm = CardMaker("mat")
        cm.setFrame(0.0, aw, 0.0, ah)
        cm.setUvRange((0.0, 0.0), (aw / MAT_TILE_MM, ah / MAT_TILE_MM))
        mat = NodePath(cm.generate())
        mat.setP(-90)
        if self._texture is None:
            self._texture = load_mat_texture()
        mat.setTexture(self._texture)
        mat.setLightOff(1)
        mat.setBin("background", 0)
        mat.setDepthWrite(False)
        mat.setDepthTest(False)  # drawn first over a cleared depth buffer: the test always passes
        return mat


def grid_node(aw: float, ah: float) -> NodePath:
    b = MeshBuilder()
    x = GRID_STEP_MM
    while x < aw - 1e-6:
        b.ribbon([(x, 0.0), (x, ah)], GRID_WIDTH_MM, palette.GRID, 0.03)
        x += GRID_STEP_MM
    y = GRID_STEP_MM
    while y < ah - 1e-6:
        b.ribbon([(0.0, y), (aw, y)], GRID_WIDTH_MM, palette.GRID, 0.03)
        y += GRID_STEP_MM
    return NodePath(b.node("grid"))


def _seed(*parts: object) -> int:
    return zlib.crc32(repr(parts).encode())


def obstacles_node(obstacles: Sequence[ObstacleView]) -> NodePath:
    """Obstacles as low rocky slabs with a scatter of rocks on them."""
    b = MeshBuilder(lit=True)
    for ob in obstacles:
        pts = np.asarray(ob.points, dtype=np.float64)
        b.prism(pts, 0.0, OBSTACLE_HEIGHT_MM, palette.OBSTACLE_TOP, palette.OBSTACLE_SIDE)
        _rocks(b, ob, pts)
    return NodePath(b.node("obstacles"))


def _rocks(b: MeshBuilder, ob: ObstacleView, pts: np.ndarray) -> None:
    from shapely.geometry import Point as SPoint
    from shapely.geometry import Polygon

    poly = Polygon(pts)
    if not poly.is_valid or poly.area <= 0:
        return
    rng = np.random.default_rng(_seed(ob.name, ob.points))
    minx, miny, maxx, maxy = poly.bounds
    want = int(min(max(poly.area / 450.0, 4), 60))
    tries = 0
    tris: list[np.ndarray] = []
    cols: list[tuple[float, float, float, float]] = []
    while want > 0 and tries < want * 20:
        tries += 1
        x, y = rng.uniform(minx, maxx), rng.uniform(miny, maxy)
        r = float(rng.uniform(2.5, 7.0))
        if not poly.contains(SPoint(x, y).buffer(r * 0.7)):
            continue
        want -= 1
        shade = float(rng.uniform(0.75, 1.2))
        base = palette.OBSTACLE_TOP
        colour = (min(base[0] * shade, 1.0), min(base[1] * shade, 1.0), min(base[2] * shade * 0.95, 1.0), 1.0)
        for t in _rock(rng, x, y, r):
            tris.append(t)
            cols.append(colour)
    if tris:
        b.faceted(np.array(tris), np.array(cols))


def _rock(rng: np.random.Generator, x: float, y: float, r: float) -> list[np.ndarray]:
    """A lumpy octahedron-ish rock sitting on the slab."""
    n = 6
    ang = np.linspace(0, 2 * math.pi, n, endpoint=False) + rng.uniform(0, math.pi)
    rad = r * rng.uniform(0.7, 1.1, n)
    lift = OBSTACLE_HEIGHT_MM + rng.uniform(0.5, 1.5, n) * r * 0.35
    ring = np.stack([x + rad * np.cos(ang), y + rad * np.sin(ang), lift], axis=1)
    top = np.array([x + rng.uniform(-0.3, 0.3) * r, y + rng.uniform(-0.3, 0.3) * r,
                    OBSTACLE_HEIGHT_MM + r * rng.uniform(0.8, 1.2)])
    out = []
    for k in range(n):
        a, c = ring[k], ring[(k + 1) % n]
        out.append(np.array([a, c, top]))
        foot_a = np.array([a[0], a[1], OBSTACLE_HEIGHT_MM])
        foot_c = np.array([c[0], c[1], OBSTACLE_HEIGHT_MM])
        out.append(np.array([foot_a, foot_c, c]))
        out.append(np.array([foot_a, c, a]))
    return out


def planets_node(planets: Sequence[PlanetView]) -> NodePath:
    """Each planet a banded sphere resting on the table over its footprint."""
    b = MeshBuilder(lit=True)
    for pl in planets:
        look = _PLANET_LOOKS[_seed(pl.name) % len(_PLANET_LOOKS)]
        rng = np.random.default_rng(_seed(pl.name, "bands"))
        bands = []
        for k in range(12):
            c = look[min(int(k / 12 * len(look)), len(look) - 1)]
            j = float(rng.uniform(0.9, 1.08))
            bands.append((min(c[0] * j, 1.0), min(c[1] * j, 1.0), min(c[2] * j, 1.0), 1.0))
        b.sphere((pl.x, pl.y, pl.radius), pl.radius, np.array(bands), segments=40, rings=20)
    return NodePath(b.node("planets"))

"""Geometry built at run time (overlays, printed bases, obstacles): flat shapes as Panda3D Geoms.

Everything is triangles in GeomVertexData filled from numpy arrays: convex fans, any simple
polygon (Panda3D's Triangulator), polyline ribbons of a given width in millimetres (lines of
any width on every display pipe), dashed ribbons and discs. Colours are RGBA floats 0..1.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt
from panda3d.core import (
    Geom,
    GeomNode,
    GeomTriangles,
    GeomVertexArrayFormat,
    GeomVertexData,
    GeomVertexFormat,
    NodePath,
    TransparencyAttrib,
    Triangulator,
)

Point = tuple[float, float]
RGBA = tuple[float, float, float, float]
Array = npt.NDArray[np.float64]


def _format(lit: bool) -> GeomVertexFormat:
    arr = GeomVertexArrayFormat()
    arr.addColumn("vertex", 3, Geom.NTFloat32, Geom.CPoint)
    if lit:
        arr.addColumn("normal", 3, Geom.NTFloat32, Geom.CNormal)
    arr.addColumn("color", 4, Geom.NTFloat32, Geom.CColor)
    fmt = GeomVertexFormat()
    fmt.addArray(arr)
    return GeomVertexFormat.registerFormat(fmt)


_UNLIT = _format(False)
_LIT = _format(True)


class MeshBuilder:
    """Accumulates coloured triangles and makes one GeomNode of them."""

    def __init__(self, lit: bool = False) -> None:
        self.lit = lit
        self._pos: list[Array] = []
        self._nrm: list[Array] = []
        self._col: list[Array] = []
        self._idx: list[npt.NDArray[np.int32]] = []
        self._count = 0

    @property
    def empty(self) -> bool:
        return self._count == 0

    def add(self, positions: Array, triangles: npt.NDArray[np.int32] | Sequence[tuple[int, int, int]],
            colour: RGBA | Array, normals: Array | None = None) -> None:
        """Vertices (N, 3), triangles (M, 3) indexing them, a colour (or (N, 4) colours)."""
        pos = np.asarray(positions, dtype=np.float64).reshape(-1, 3)
        tris = np.asarray(triangles, dtype=np.int32).reshape(-1, 3)
        if len(pos) == 0 or len(tris) == 0:
            return
        col = np.broadcast_to(np.asarray(colour, dtype=np.float64), (len(pos), 4))
        self._pos.append(pos)
        self._col.append(col)
        if self.lit:
            nrm = np.broadcast_to((0.0, 0.0, 1.0), pos.shape) if normals is None else normals
            self._nrm.append(np.asarray(nrm, dtype=np.float64).reshape(-1, 3))
        self._idx.append(tris + self._count)
        self._count += len(pos)

    def node(self, name: str) -> GeomNode:
        node = GeomNode(name)
        if self.empty:
            return node
        pos = np.concatenate(self._pos)
        cols = [pos]
        if self.lit:
            cols.append(np.concatenate(self._nrm))
        cols.append(np.concatenate(self._col))
        data = np.ascontiguousarray(np.concatenate(cols, axis=1), dtype=np.float32)
        vdata = GeomVertexData(name, _LIT if self.lit else _UNLIT, Geom.UHStatic)
        vdata.uncleanSetNumRows(len(pos))
        memoryview(vdata.modifyArray(0)).cast("B")[:] = data.tobytes()
        idx = np.ascontiguousarray(np.concatenate(self._idx).ravel(), dtype=np.uint32)
        prim = GeomTriangles(Geom.UHStatic)
        prim.setIndexType(Geom.NTUint32)
        handle = prim.modifyVertices()
        handle.uncleanSetNumRows(len(idx))
        memoryview(handle).cast("B")[:] = idx.tobytes()
        geom = Geom(vdata)
        geom.addPrimitive(prim)
        node.addGeom(geom)
        return node

    # --- shapes on a plane z ----------------------------------------------------------------

    def fan(self, points: Sequence[Point] | Array, colour: RGBA, z: float = 0.0) -> None:
        """A convex polygon."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        n = len(pts)
        if n < 3:
            return
        tris = np.stack([np.zeros(n - 2, np.int32), np.arange(1, n - 1), np.arange(2, n)], axis=1)
        self.add(_lift(pts, z), _ccw(pts, tris), colour)

    def polygon(self, points: Sequence[Point] | Array, colour: RGBA, z: float = 0.0,
                holes: Iterable[Sequence[Point]] = ()) -> None:
        """Any simple polygon (with optional holes)."""
        pts = [(float(p[0]), float(p[1])) for p in np.asarray(points, dtype=np.float64).reshape(-1, 2)]
        if len(pts) < 3:
            return
        t = Triangulator()
        allp: list[tuple[float, float]] = []
        for p in pts:
            t.addPolygonVertex(t.addVertex(*p))
            allp.append(p)
        for hole in holes:
            t.beginHole()
            for p in hole:
                t.addHoleVertex(t.addVertex(float(p[0]), float(p[1])))
                allp.append((float(p[0]), float(p[1])))
        t.triangulate()
        tris = np.array([(t.getTriangleV0(i), t.getTriangleV1(i), t.getTriangleV2(i))
                         for i in range(t.getNumTriangles())], dtype=np.int32).reshape(-1, 3)
        xy = np.array([(t.getVertex(i)[0], t.getVertex(i)[1]) for i in range(t.getNumVertices())])
        self.add(_lift(xy, z), _ccw(xy, tris), colour)

    def ribbon(self, points: Sequence[Point] | Array, width: float, colour: RGBA, z: float = 0.0,
               closed: bool = False) -> None:
        """A polyline drawn as a band ``width`` mm wide (mitred joins)."""
        pts = _dedupe(np.asarray(points, dtype=np.float64).reshape(-1, 2), closed)
        n = len(pts)
        if n < 2:
            return
        seg = (np.roll(pts, -1, axis=0) - pts) if closed else np.diff(pts, axis=0)
        seg_n = _unit(np.stack([-seg[:, 1], seg[:, 0]], axis=1))
        if closed:
            prev_n, next_n = np.roll(seg_n, 1, axis=0), seg_n
        else:
            prev_n = np.concatenate([seg_n[:1], seg_n])
            next_n = np.concatenate([seg_n, seg_n[-1:]])
        miter = _unit(prev_n + next_n)
        cos = np.clip(np.sum(miter * next_n, axis=1), 0.25, 1.0)
        off = miter * (width / 2.0 / cos)[:, None]
        left, right = pts + off, pts - off
        verts = np.empty((2 * n, 2))
        verts[0::2], verts[1::2] = left, right
        m = n if closed else n - 1
        i = np.arange(m)
        a, b = 2 * i, 2 * i + 1
        c, d = (2 * ((i + 1) % n)), (2 * ((i + 1) % n) + 1)
        tris = np.concatenate([np.stack([a, b, c], 1), np.stack([c, b, d], 1)]).astype(np.int32)
        self.add(_lift(verts, z), _ccw(verts, tris), colour)

    def dashed(self, start: Point, end: Point, width: float, colour: RGBA, z: float = 0.0,
               dash: float = 6.0, gap: float = 4.0) -> None:
        """A straight dashed band from start to end (all dashes in one batch)."""
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0)
        if length <= 0:
            return
        u = np.array([(x1 - x0) / length, (y1 - y0) / length])
        nrm = np.array([-u[1], u[0]]) * (width / 2)
        s0 = np.arange(0.0, length, dash + gap)
        s1 = np.minimum(s0 + dash, length)
        p0 = np.array([x0, y0]) + s0[:, None] * u
        p1 = np.array([x0, y0]) + s1[:, None] * u
        quads = np.stack([p0 + nrm, p0 - nrm, p1 - nrm, p1 + nrm], axis=1).reshape(-1, 2)
        k = 4 * np.arange(len(s0))
        tris = np.concatenate([np.stack([k, k + 1, k + 2], 1), np.stack([k, k + 2, k + 3], 1)]).astype(np.int32)
        self.add(_lift(quads, z), _ccw(quads, tris), colour)

    def prism(self, points: Sequence[Point] | Array, z0: float, z1: float, top: RGBA, side: RGBA) -> None:
        """A simple polygon extruded from z0 to z1: top face and walls (no bottom), lit normals."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if len(pts) < 3:
            return
        if _signed_area(pts) < 0:
            pts = pts[::-1]
        first = self._count
        self.polygon(pts, top, z1)
        if self.lit and self._count > first:
            self._nrm[-1] = np.tile((0.0, 0.0, 1.0), (len(self._pos[-1]), 1))
        a, b = pts, np.roll(pts, -1, axis=0)
        edge = b - a
        normals = _unit(np.stack([edge[:, 1], -edge[:, 0]], axis=1))
        n = len(pts)
        quad = np.empty((4 * n, 3))
        quad[0::4] = _lift(a, z0)
        quad[1::4] = _lift(b, z0)
        quad[2::4] = _lift(b, z1)
        quad[3::4] = _lift(a, z1)
        k = 4 * np.arange(n)
        tris = np.concatenate([np.stack([k, k + 1, k + 2], 1), np.stack([k, k + 2, k + 3], 1)]).astype(np.int32)
        nrm = np.repeat(np.column_stack([normals, np.zeros(n)]), 4, axis=0)
        self.add(quad, tris, side, nrm)

    def faceted(self, triangles: Array, colours: Array) -> None:
        """Flat-shaded triangles (M, 3, 3) with a colour (M, 4) each (lit normals per face)."""
        tri = np.asarray(triangles, dtype=np.float64).reshape(-1, 3, 3)
        nrm = _unit(np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]))
        m = len(tri)
        self.add(tri.reshape(-1, 3), np.arange(3 * m, dtype=np.int32).reshape(-1, 3),
                 np.repeat(np.asarray(colours, dtype=np.float64).reshape(-1, 4), 3, axis=0),
                 np.repeat(nrm, 3, axis=0))

    def sphere(self, centre: tuple[float, float, float], radius: float, colours: Array,
               segments: int = 32, rings: int = 16) -> None:
        """A UV sphere with smooth normals; ``colours`` (K, 4) RGBA bands from pole to pole."""
        cx, cy, cz = centre
        lat = np.linspace(0.0, math.pi, rings + 1)
        lon = np.linspace(0.0, 2 * math.pi, segments + 1)
        la, lo = np.meshgrid(lat, lon, indexing="ij")
        unit = np.stack([np.sin(la) * np.cos(lo), np.sin(la) * np.sin(lo), np.cos(la)], axis=-1)
        pos = unit * radius + np.array([cx, cy, cz])
        cols = np.asarray(colours, dtype=np.float64).reshape(-1, 4)
        band = np.minimum((la / math.pi * len(cols)).astype(int), len(cols) - 1)
        i, j = np.meshgrid(np.arange(rings), np.arange(segments), indexing="ij")
        a = (i * (segments + 1) + j).ravel()
        b, c, d = a + 1, a + segments + 1, a + segments + 2
        tris = np.concatenate([np.stack([a, c, b], 1), np.stack([b, c, d], 1)]).astype(np.int32)
        self.add(pos.reshape(-1, 3), tris, cols[band.ravel()], unit.reshape(-1, 3))

    def disc(self, x: float, y: float, radius: float, colour: RGBA, z: float = 0.0, segments: int = 48) -> None:
        self.fan(circle(x, y, radius, segments), colour, z)


def circle(x: float, y: float, radius: float, segments: int = 48) -> Array:
    ang = np.linspace(0.0, 2 * math.pi, segments, endpoint=False)
    return np.stack([x + radius * np.cos(ang), y + radius * np.sin(ang)], axis=1)


def _lift(xy: Array, z: float) -> Array:
    return np.column_stack([xy, np.full(len(xy), z)])


def _unit(v: Array) -> Array:
    n = np.linalg.norm(v, axis=1, keepdims=True)
    out: Array = v / np.where(n > 1e-12, n, 1.0)
    return out


def _dedupe(pts: Array, closed: bool) -> Array:
    keep = np.ones(len(pts), dtype=bool)
    keep[1:] = np.linalg.norm(np.diff(pts, axis=0), axis=1) > 1e-9
    out = pts[keep]
    if closed and len(out) > 2 and np.linalg.norm(out[0] - out[-1]) <= 1e-9:
        out = out[:-1]
    return out


def _signed_area(pts: Array) -> float:
    x, y = pts[:, 0], pts[:, 1]
    return float(0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def _ccw(xy: Array, tris: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """Triangles wound counter-clockwise seen from above (+Z), so they face up."""
    if len(tris) == 0:
        return tris
    a, b, c = xy[tris[:, 0]], xy[tris[:, 1]], xy[tris[:, 2]]
    cross = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0])
    out = tris.copy()
    flip = cross < 0
    out[flip, 1], out[flip, 2] = tris[flip, 2], tris[flip, 1]
    return out


def as_overlay(node: NodePath, sort: int) -> NodePath:
    """Make a flat, unlit, translucent layer that draws after the opaque scene in a fixed order."""
    node.setTransparency(TransparencyAttrib.MAlpha)
    node.setDepthWrite(False)
    node.setBin("fixed", sort)
    node.setLightOff(1)
    node.setTwoSided(True)
    return node

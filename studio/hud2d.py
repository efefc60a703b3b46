"""The HUD's 2D drawing primitives: text labels, flat shapes and the shared colours.

Everything here draws in an aspect2d-like plane (x right, z up, y ignored) under any parent
node; the HUD, the dice strip, the ship panels, the title and end cards and the teaching plates
build on it. No ShowBase globals, no font files (Panda3D's default font).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import numpy as np
from panda3d.core import DynamicTextFont, NodePath, SamplerState, TextFont, TextNode

from studio.meshes import MeshBuilder

RGBA = tuple[float, float, float, float]

WHITE: Final[RGBA] = (0.94, 0.95, 1.0, 1.0)
DIM: Final[RGBA] = (0.66, 0.7, 0.8, 1.0)
GREY: Final[RGBA] = (0.45, 0.46, 0.5, 1.0)
# nearly opaque: a table's big place names under a box never show through its text (at 0.74 the
# header's reason sat over "Alpha gas giant system", readable as neither)
PANEL: Final[RGBA] = (0.025, 0.03, 0.06, 0.9)
PANEL_EDGE: Final[RGBA] = (0.35, 0.42, 0.6, 0.55)
GOLD: Final[RGBA] = (1.0, 0.8, 0.2, 1.0)
CYAN: Final[RGBA] = (0.3, 0.95, 1.0, 1.0)


_FONT: TextFont | None = None
LOD_BIAS: Final = -1.0
# texels around each glyph (Panda3D's default: 2): the mipmap levels read (down to 1/4) stay clear of
# the next glyph; Panda3D draws the ink that much right and down, so no more than needed
GLYPH_MARGIN: Final = 4


def crisp_font(pixels_per_unit: float) -> TextFont:
    """A copy of Panda3D's default font rasterised at ``pixels_per_unit``, mipmapped.

    The HUD draws its text 10 to 30 pixels per font unit (a 0.028 class tag at 720 pixels high
    is 10), several times smaller than the glyph texture; sampled without mipmaps, a thin stroke
    falls between the texels read and vanishes ("Excelsior" read "Lxcelsior", "3rd" "ard",
    "K't'inga" "Ktinga"). Trilinear mipmaps average every texel under a pixel, so each stroke
    keeps its ink at any size; the wide margin keeps a glyph's neighbours out of its small mipmaps.
    """
    font = TextNode.getDefaultFont().makeCopy()
    if isinstance(font, DynamicTextFont):
        font.setPixelsPerUnit(pixels_per_unit)
        font.setPageSize(1024, 1024)
        font.setTextureMargin(GLYPH_MARGIN)
    font.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    font.setMagfilter(SamplerState.FT_linear)
    font.setAnisotropicDegree(4)  # the table's place names and name tags lie at a slant
    for char in (*range(32, 127), *map(ord, "…‘’“”–—°•")):
        font.getGlyph(char)  # made now, on the first page, so the page is sharpened from the start
    sharpen(font)
    return font


_SHARPENED: dict[int, int] = {}  # id(font): how many of its glyph pages have their LOD bias


def sharpen(font: TextFont) -> None:
    """Each glyph page of ``font`` samples a mipmap level finer than the footprint asks (LOD bias
    -1): plain trilinear blurs 10-pixel text grey (a third as many pixels of full ink as with the
    bias, and twice its error against the text drawn 4x larger and averaged down), while one level
    finer still reads every texel under a pixel (no stroke lost)."""
    if not isinstance(font, DynamicTextFont) or _SHARPENED.get(id(font), 0) == font.getNumPages():
        return
    for k in range(_SHARPENED.get(id(font), 0), font.getNumPages()):
        page = font.getPage(k)
        sampler = SamplerState(page.getDefaultSampler())
        sampler.setLodBias(LOD_BIAS)
        page.setDefaultSampler(sampler)
    _SHARPENED[id(font)] = font.getNumPages()


def hud_font() -> TextFont:
    """The HUD's font: Panda3D's default, rasterised fine (56 pixels a unit) and mipmapped."""
    global _FONT
    if _FONT is None:
        _FONT = crisp_font(56)
    return _FONT


class Label:
    """A cached TextNode: ``set`` changes the text, colour or position only when they differ."""

    def __init__(self, parent: NodePath, name: str, scale: float, align: str = "left",
                 colour: RGBA = WHITE, shadow: bool = True, wrap: float | None = None) -> None:
        self.node = TextNode(name)
        self.node.setFont(hud_font())
        self.node.setAlign({"left": TextNode.ALeft, "center": TextNode.ACenter, "right": TextNode.ARight}[align])
        self.node.setTextColor(*colour)
        if shadow:
            self.node.setShadow(0.06, 0.06)
            self.node.setShadowColor(0.0, 0.0, 0.0, 0.85)
        if wrap:
            self.node.setWordwrap(wrap)
        self.path = parent.attachNewNode(self.node)
        self.path.setScale(scale)
        self.scale = scale  # its own size; ``fit`` may draw it smaller
        self._text = ""
        self._colour = colour
        self._pos: tuple[float, float] | None = None

    def set(self, text: str, colour: RGBA | None = None, pos: tuple[float, float] | None = None) -> None:
        if text != self._text:
            self.node.setText(text)
            self._text = text
            sharpen(self.node.getFont())  # a glyph that opened a new page
        if colour is not None and colour != self._colour:
            self.node.setTextColor(*colour)
            self._colour = colour
        if pos is not None and pos != self._pos:
            self.path.setPos(pos[0], 0.0, pos[1])
            self._pos = pos

    def fit(self, text: str, room: float, colour: RGBA | None = None, pos: tuple[float, float] | None = None,
            least: float = 0.75) -> None:
        """``set``, the text made smaller (down to ``least`` of its size) to fit ``room`` parent
        units wide, and past that cut with an ellipsis: it never runs out of its panel."""
        width = float(self.node.calcWidth(text)) if text else 0.0
        room = max(room, 0.0)
        scale = self.scale if width * self.scale <= room else max(self.scale * least, room / width)
        if width * scale > room:
            text = _ellipsized(self.node, text, room / scale)
        if self.path.getScale()[0] != scale:
            self.path.setScale(scale)
        self.set(text, colour, pos)

    @property
    def text(self) -> str:
        return self._text

    def width(self) -> float:
        """The text's width in parent units."""
        return self.width_of(self._text)

    def width_of(self, text: str) -> float:
        """How wide ``text`` would be, in parent units, at the label's present size (nothing set)."""
        return float(self.node.calcWidth(text)) * float(self.path.getScale()[0]) if text else 0.0


def _ellipsized(node: TextNode, value: str, width: float) -> str:
    """The longest start of ``value`` that fits ``width`` text units with an ellipsis after it."""
    lo, hi = 0, len(value)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if node.calcWidth(value[:mid].rstrip() + "…") <= width:
            lo = mid
        else:
            hi = mid - 1
    return value[:lo].rstrip() + "…"


class Shapes:
    """Flat coloured shapes in the 2D plane (x right, z up), as one GeomNode."""

    def __init__(self) -> None:
        self.b = MeshBuilder()

    def _add(self, pts: Sequence[tuple[float, float]], colour: RGBA, centre: tuple[float, float] | None = None) -> None:
        xy = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        n = len(xy)
        if n < 3:
            return
        if centre is None:
            tris = np.stack([np.zeros(n - 2, np.int32), np.arange(1, n - 1), np.arange(2, n)], axis=1)
            verts = xy
        else:
            verts = np.vstack([np.asarray(centre, dtype=np.float64)[None, :], xy])
            k = np.arange(1, n + 1)
            tris = np.stack([np.zeros(n, np.int32), k, np.where(k < n, k + 1, 1)], axis=1)
        pos = np.column_stack([verts[:, 0], np.zeros(len(verts)), verts[:, 1]])
        self.b.add(pos, tris.astype(np.int32), colour)

    def rect(self, x0: float, z0: float, x1: float, z1: float, colour: RGBA) -> None:
        self._add([(x0, z0), (x1, z0), (x1, z1), (x0, z1)], colour)

    def rounded(self, x0: float, z0: float, x1: float, z1: float, r: float, colour: RGBA) -> None:
        r = min(r, (x1 - x0) / 2, (z1 - z0) / 2)
        pts: list[tuple[float, float]] = []
        for cx, cz, a0 in ((x1 - r, z0 + r, -90), (x1 - r, z1 - r, 0), (x0 + r, z1 - r, 90), (x0 + r, z0 + r, 180)):
            for k in range(5):
                a = math.radians(a0 + 22.5 * k)
                pts.append((cx + r * math.cos(a), cz + r * math.sin(a)))
        self._add(pts, colour)

    def frame(self, x0: float, z0: float, x1: float, z1: float, w: float, colour: RGBA) -> None:
        """A rectangular outline ``w`` thick, inside the rectangle."""
        self.rect(x0, z0, x1, z0 + w, colour)
        self.rect(x0, z1 - w, x1, z1, colour)
        self.rect(x0, z0 + w, x0 + w, z1 - w, colour)
        self.rect(x1 - w, z0 + w, x1, z1 - w, colour)

    def star(self, cx: float, cz: float, r_out: float, r_in: float, points: int, colour: RGBA,
             turn: float = 0.0) -> None:
        pts = []
        for k in range(2 * points):
            r = r_out if k % 2 == 0 else r_in
            a = math.radians(90 + turn + 180 * k / points)
            pts.append((cx + r * math.cos(a), cz + r * math.sin(a)))
        self._add(pts, colour, centre=(cx, cz))

    def ring(self, cx: float, cz: float, r_out: float, r_in: float, colour: RGBA, segments: int = 28) -> None:
        for k in range(segments):
            a0, a1 = 2 * math.pi * k / segments, 2 * math.pi * (k + 1) / segments
            self._add([(cx + r_in * math.cos(a0), cz + r_in * math.sin(a0)),
                       (cx + r_out * math.cos(a0), cz + r_out * math.sin(a0)),
                       (cx + r_out * math.cos(a1), cz + r_out * math.sin(a1)),
                       (cx + r_in * math.cos(a1), cz + r_in * math.sin(a1))], colour)

    def polygon(self, pts: Sequence[tuple[float, float]], colour: RGBA,
                centre: tuple[float, float] | None = None) -> None:
        self._add(pts, colour, centre)

    def node(self, parent: NodePath, name: str) -> NodePath:
        return parent.attachNewNode(self.b.node(name))


def replace_children(node: NodePath) -> NodePath:
    """Remove ``node``'s children (to rebuild it in place, keeping its draw order)."""
    for child in node.getChildren():
        child.removeNode()
    return node



def short(text: str, n: int) -> str:
    """``text`` cut to ``n`` characters with a trailing ``..``."""
    return text if len(text) <= n else text[:n - 2].rstrip() + ".."

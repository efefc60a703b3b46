"""The viewer's ruler between two ships (the view's ``ruler``): a line from one base to the other
coloured by range band (dashed beyond Range 3), a disc at each end, and its line of text (range
band, distance and arc) standing over the middle, turned to the camera (none when the ruler has
no text)."""

from __future__ import annotations

from typing import Final

from panda3d.core import NodePath, TextNode

from engine.view import RulerView
from studio import palette
from studio.hud2d import hud_font
from studio.meshes import MeshBuilder, as_overlay

Z: Final = 1.2  # above templates and the attack line
LABEL_MM: Final = 16.0
SORT: Final = 48


def ruler_builder(r: RulerView) -> MeshBuilder:
    colour = palette.BAND_COLOURS.get(r.band, palette.BAND_COLOURS[max(palette.BAND_COLOURS)])
    b = MeshBuilder()
    if r.band <= 3:
        b.ribbon([r.start, r.end], 2.6, colour, Z)
    else:
        b.dashed(r.start, r.end, 2.6, colour, Z, dash=8.0, gap=6.0)
    for x, y in (r.start, r.end):
        b.disc(x, y, 3.2, colour, Z + 0.01, segments=16)
    return b


class Ruler:
    """Draws the view's ruler under ``root``; rebuilt only when it changes."""

    def __init__(self, root: NodePath) -> None:
        self.root = as_overlay(root.attachNewNode("ruler"), SORT)
        self.root.setDepthTest(False)
        self._shown: RulerView | None = None

    def update(self, ruler: RulerView | None) -> None:
        if ruler == self._shown:
            return
        self._shown = ruler
        for child in self.root.getChildren():
            child.removeNode()
        if ruler is None:
            return
        self.root.attachNewNode(ruler_builder(ruler).node("line"))
        if not ruler.text:  # its words are in the HUD (an Into the Unknown attack's header)
            return
        text = TextNode("ruler-text")
        text.setFont(hud_font())
        text.setText(ruler.text)
        text.setAlign(TextNode.ACenter)
        text.setTextColor(1.0, 1.0, 1.0, 1.0)
        text.setCardColor(0.02, 0.03, 0.06, 0.8)
        text.setCardAsMargin(0.3, 0.3, 0.15, 0.1)
        label = self.root.attachNewNode(text)
        label.setScale(LABEL_MM)
        (x0, y0), (x1, y1) = ruler.start, ruler.end
        label.setPos((x0 + x1) / 2, (y0 + y1) / 2, Z + 14.0)
        label.setBillboardPointEye()

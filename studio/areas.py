"""Areas with a boundary on the table (the view's ``areas``: Into the Unknown's systems, whose
outside is deep space): each is a pale ring at its edge with its name beside it, rebuilt only when
the areas change."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath, TextNode

from engine.view_into_the_unknown import AreaView
from studio import palette
from studio.hud2d import hud_font
from studio.meshes import MeshBuilder, as_overlay, circle

EDGE: Final[palette.RGBA] = (0.55, 0.8, 1.0, 0.95)
WIDTH_MM: Final = 6.0
LABEL_MM: Final = 20.0
Z: Final = 0.3


def area_builder(areas: Sequence[AreaView]) -> MeshBuilder:
    """Each area's boundary as a ring ``WIDTH_MM`` wide just inside its edge."""
    b = MeshBuilder()
    for a in areas:
        b.ribbon(circle(a.x, a.y, a.radius - WIDTH_MM / 2, 160), WIDTH_MM, EDGE, Z, closed=True)
    return b


class Areas:
    """The areas under ``root``; :meth:`update` syncs them to a view's areas."""

    def __init__(self, root: NodePath) -> None:
        self.root = as_overlay(root.attachNewNode("areas"), 11)
        self._shown: tuple[AreaView, ...] = ()

    def update(self, areas: tuple[AreaView, ...]) -> None:
        if areas == self._shown:
            return
        self._shown = areas
        for child in self.root.getChildren():
            child.removeNode()
        if not areas:
            return
        self.root.attachNewNode(area_builder(areas).node("rings"))
        for a in areas:
            text = TextNode(f"area-{a.label}")
            text.setFont(hud_font())
            text.setText(a.label)
            text.setAlign(TextNode.ACenter)
            text.setTextColor(*EDGE)
            label = self.root.attachNewNode(text)
            label.setScale(LABEL_MM)
            label.setHpr(0, -90, 0)  # lying on the table, read from the south
            label.setPos(a.x, a.y + a.radius + 8.0, Z)

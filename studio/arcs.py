"""Firing arcs shown on the table (the view's ``arcs``: Into the Unknown's quarter and end arcs of
the attacking ship): each arc's wedges filled translucent in the player's colour from the base's
centre out to its reach, with the lines that bound them drawn bright, and the arc's name at the
end of its middle bearing. Rebuilt only when the arcs change."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath, TextNode

from engine.view_into_the_unknown import ArcView
from studio import palette
from studio.hud2d import hud_font
from studio.meshes import MeshBuilder, as_overlay

FILL_ALPHA: Final = 0.22
LINE_ALPHA: Final = 0.9
LINE_MM: Final = 1.6
LABEL_MM: Final = 14.0
Z: Final = 0.25
SORT: Final = 13
STEP_DEGREES: Final = 3.0


def _point(arc: ArcView, bearing: float, r: float) -> tuple[float, float]:
    a = math.radians(arc.pose.heading + bearing)
    return arc.pose.x + r * math.sin(a), arc.pose.y + r * math.cos(a)


def wedge_points(arc: ArcView, bearing: float, half: float) -> list[tuple[float, float]]:
    """One wedge's outline: the centre, then its rim from ``bearing - half`` to ``bearing + half``."""
    steps = max(2, math.ceil(2 * half / STEP_DEGREES))
    return [(arc.pose.x, arc.pose.y)] + [_point(arc, bearing - half + 2 * half * k / steps, arc.reach)
                                          for k in range(steps + 1)]


def arcs_builder(arcs: Sequence[ArcView]) -> MeshBuilder:
    b = MeshBuilder()
    for arc in arcs:
        colour = palette.player_colour(arc.player)
        for bearing, half in arc.wedges:
            if half >= 180.0:  # every direction: a disc
                b.disc(arc.pose.x, arc.pose.y, arc.reach, palette.with_alpha(colour, FILL_ALPHA), Z, segments=96)
                continue
            b.polygon(wedge_points(arc, bearing, half), palette.with_alpha(colour, FILL_ALPHA), Z)
            for edge in (bearing - half, bearing + half):
                b.ribbon([(arc.pose.x, arc.pose.y), _point(arc, edge, arc.reach)], LINE_MM,
                         palette.with_alpha(colour, LINE_ALPHA), Z + 0.01)
    return b


class Arcs:
    """The arcs under ``root``; :meth:`update` syncs them to a view's arcs."""

    def __init__(self, root: NodePath) -> None:
        self.root = as_overlay(root.attachNewNode("firing-arcs"), SORT)
        self._shown: tuple[ArcView, ...] = ()

    def update(self, arcs: tuple[ArcView, ...]) -> None:
        if arcs == self._shown:
            return
        self._shown = arcs
        for child in self.root.getChildren():
            child.removeNode()
        if not arcs:
            return
        self.root.attachNewNode(arcs_builder(arcs).node("wedges"))
        for arc in arcs:
            if not arc.label:
                continue
            text = TextNode(f"arc-{arc.ship}")
            text.setFont(hud_font())
            text.setText(arc.label)
            text.setAlign(TextNode.ACenter)
            text.setTextColor(*palette.player_colour(arc.player))
            text.setShadow(0.06, 0.06)
            text.setShadowColor(0.0, 0.0, 0.0, 0.9)
            bearing, _ = arc.wedges[0]
            label = self.root.attachNewNode(text)
            label.setScale(LABEL_MM)
            x, y = _point(arc, bearing, arc.reach + LABEL_MM)  # past the rim, clear of what is in the arc
            label.setPos(x, y, Z + 8.0)
            label.setBillboardPointEye()

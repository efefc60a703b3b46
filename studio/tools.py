"""Measuring tools and flat pieces on the table (the view's ``tools`` and ``pieces``: Into the
Unknown's turning tool and its projectile tokens).

The turning tool is drawn as its round head (in a base's slot) with a tick for each notch on the
side toward the base, the central notch long, the stem to its notched end, and a bright tick on
the notch the tool was turned to. A piece is its outline filled in its seat's colour with a dark
rim. Both are rebuilt only when they change.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath

from engine.view_into_the_unknown import PieceView, ToolView
from studio import palette
from studio.meshes import MeshBuilder, as_overlay

TOOL: Final[palette.RGBA] = (0.93, 0.93, 0.88, 0.92)
TOOL_EDGE: Final[palette.RGBA] = (0.15, 0.16, 0.2, 1.0)
TURNED: Final[palette.RGBA] = (1.0, 0.3, 0.25, 1.0)
Z: Final = 0.45  # over the ruler (templates are at 0.35)
SORT: Final = 22


def _at(x: float, y: float, heading: float, r: float) -> tuple[float, float]:
    a = math.radians(heading)
    return x + r * math.sin(a), y + r * math.cos(a)


def tool_builder(t: ToolView) -> MeshBuilder:
    """The tool: head disc, stem, the notch ticks around the head, the turned-to tick in red."""
    b = MeshBuilder()
    fx, fy = _at(0.0, 0.0, t.heading, 1.0)
    lx, ly = -fy, fx
    hw = t.width / 2
    tip = _at(t.x, t.y, t.heading, t.length)
    stem = [(t.x + lx * hw, t.y + ly * hw), (tip[0] + lx * hw, tip[1] + ly * hw),
            (tip[0] - lx * hw, tip[1] - ly * hw), (t.x - lx * hw, t.y - ly * hw)]
    b.polygon(stem, TOOL, Z)
    b.ribbon(stem, 0.8, TOOL_EDGE, Z + 0.02, closed=True)
    b.disc(t.x, t.y, t.head_radius + 0.8, TOOL_EDGE, Z + 0.01, segments=40)
    b.disc(t.x, t.y, t.head_radius, TOOL, Z + 0.02, segments=40)
    notch_x, notch_y = _at(tip[0], tip[1], t.heading, -1.5)  # the stem's end notch
    b.disc(notch_x, notch_y, 1.4, TOOL_EDGE, Z + 0.03, segments=12)
    # the head's notches turn with the tool: the central one opposite the stem
    for k in range(-t.notches, t.notches + 1):
        bearing = t.heading + 180.0 + k * t.notch
        inner = t.head_radius * (0.45 if k == 0 else 0.7)
        b.ribbon([_at(t.x, t.y, bearing, inner), _at(t.x, t.y, bearing, t.head_radius)], 1.0 if k else 1.6,
                 TOOL_EDGE, Z + 0.03)
    if t.turned:  # the notch now on the slot's centre dot (the tool turned ``turned`` notches from it)
        bearing = t.heading + 180.0 - t.turned * t.notch
        b.ribbon([_at(t.x, t.y, bearing, t.head_radius * 0.35), _at(t.x, t.y, bearing, t.head_radius + 2.0)],
                 1.8, TURNED, Z + 0.04)
    return b


def piece_builder(pieces: Sequence[PieceView]) -> MeshBuilder:
    b = MeshBuilder()
    for p in pieces:
        b.polygon(p.points, palette.player_colour(p.player), Z)
        b.ribbon(p.points, 1.0, TOOL_EDGE, Z + 0.01, closed=True)
    return b


class Tools:
    """The tools and pieces under ``root``; :meth:`update` syncs them to a view."""

    def __init__(self, root: NodePath) -> None:
        self.root = as_overlay(root.attachNewNode("tools"), SORT)
        self._shown: tuple[tuple[ToolView, ...], tuple[PieceView, ...]] = ((), ())

    def update(self, tools: tuple[ToolView, ...], pieces: tuple[PieceView, ...]) -> None:
        if (tools, pieces) == self._shown:
            return
        self._shown = (tools, pieces)
        for child in self.root.getChildren():
            child.removeNode()
        if pieces:
            self.root.attachNewNode(piece_builder(pieces).node("pieces"))
        for t in tools:
            self.root.attachNewNode(tool_builder(t).node("turning-tool"))

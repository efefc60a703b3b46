"""Mission markers on the table (the view's ``markers``: an Alliance mission's sensor data sites
and bearing arrows).

Each token is gold with its map label ("C") standing over it, turned to the camera (a Minefield
Token's label lies on the token's centre); once a ship
has collected it, the token is drawn hollow and grey (the site is spent). A token with a control
marker on it (``control``: an Into the Unknown objective) is filled in that player's colour, one
with none (``plain``) pale. A marker with a heading
is a blue arrow pointing that way (a bearing arrow at the map's edge) with its number standing
behind it. Rebuilt only when the markers change.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath, TextNode

from engine.view import MarkerView
from studio import palette
from studio.hud2d import hud_font
from studio.marks import flat_text, mine_reach
from studio.meshes import MeshBuilder, as_overlay

MARKER: Final[palette.RGBA] = (1.0, 0.78, 0.25, 1.0)
SPENT: Final[palette.RGBA] = (0.55, 0.56, 0.6, 1.0)
PLAIN: Final[palette.RGBA] = (0.86, 0.87, 0.9, 1.0)  # a mission token without a control marker
ARROW: Final[palette.RGBA] = (0.3, 0.6, 1.0, 1.0)  # the rulebook's blue bearing arrows
ARROW_MM: Final = 60.0  # tip to tail
ARROW_HALF_W_MM: Final = 22.0  # the head's half width
RADIUS_MM: Final = 14.0
LABEL_MM: Final = 22.0  # the label's height
Z: Final = 0.4


def marker_builder(markers: Sequence[MarkerView]) -> MeshBuilder:
    """The tokens: a filled gold disc with a dark rim, or a grey ring once collected."""
    b = MeshBuilder()
    for m in markers:
        if m.mine:
            _mine(b, m)
        elif m.heading is not None:
            _arrow(b, m)
        elif m.taken_by is None:
            b.disc(m.x, m.y, RADIUS_MM + 2.0, palette.BASE_DARK, Z, segments=40)
            b.disc(m.x, m.y, RADIUS_MM, fill(m), Z + 0.01, segments=40)
        else:
            ring = [(m.x + RADIUS_MM * c, m.y + RADIUS_MM * s) for c, s in _circle(40)]
            b.ribbon(ring, 2.5, palette.with_alpha(SPENT, 0.9), Z, closed=True)
    return b


def fill(m: MarkerView) -> palette.RGBA:
    """A token's colour: its control marker's player, pale without one, else gold."""
    if m.control is not None:
        return palette.player_colour(m.control)
    return PLAIN if m.plain else MARKER


def arrow_points(m: MarkerView) -> list[tuple[float, float]]:
    """A bearing arrow's outline on the table: from its tail at (x, y) to its tip ``ARROW_MM``
    along its heading (into the map), a shaft and a head."""
    assert m.heading is not None
    h = math.radians(m.heading)
    fx, fy = math.sin(h), math.cos(h)  # forward (heading 0: north, +y)
    rx, ry = fy, -fx  # right
    shaft, head = ARROW_HALF_W_MM * 0.45, ARROW_MM * 0.45

    def at(f: float, r: float) -> tuple[float, float]:
        return m.x + f * fx + r * rx, m.y + f * fy + r * ry

    return [at(0, -shaft), at(ARROW_MM - head, -shaft), at(ARROW_MM - head, -ARROW_HALF_W_MM), at(ARROW_MM, 0),
            at(ARROW_MM - head, ARROW_HALF_W_MM), at(ARROW_MM - head, shaft), at(0, shaft)]


def _arrow(b: MeshBuilder, m: MarkerView) -> None:
    outline = arrow_points(m)
    b.polygon(outline, palette.with_alpha(ARROW, 0.85), Z)
    b.ribbon(outline, 2.0, palette.BASE_DARK, Z + 0.01, closed=True)


MINE_DARK: Final[palette.RGBA] = (0.12, 0.1, 0.1, 1.0)
MINE_HAZARD: Final[palette.RGBA] = (0.95, 0.35, 0.12, 1.0)  # the spikes: a minefield, not a mission token
MINE_LABEL_DISC: Final = 0.56  # the owner's disc at the token's centre (of its radius), the label on it
MINE_LABEL_MM: Final = 10.0  # the label's letters, flat on the disc: it stays inside the token, so it
# never runs into a ship's base or tag beside it or hangs over the HUD (standing 22 mm tall over the
# token, it did)


def _mine(b: MeshBuilder, m: MarkerView) -> None:
    """A Minefield Token: a dark disc of its radius, orange spikes round its rim and its owner's
    colour at the centre."""
    b.disc(m.x, m.y, m.mine, MINE_DARK, Z, segments=48)
    for k in range(8):
        a = 2 * math.pi * k / 8
        c, s = math.cos(a), math.sin(a)
        tip, side = mine_reach(m), m.mine * 0.22
        b.polygon([(m.x + m.mine * 0.7 * c - side * s, m.y + m.mine * 0.7 * s + side * c),
                   (m.x + tip * c, m.y + tip * s),
                   (m.x + m.mine * 0.7 * c + side * s, m.y + m.mine * 0.7 * s - side * c)], MINE_HAZARD, Z + 0.01)
    ring = [(m.x + m.mine * 0.8 * c, m.y + m.mine * 0.8 * s) for c, s in _circle(48)]
    b.ribbon(ring, 3.0, MINE_HAZARD, Z + 0.02, closed=True)
    b.disc(m.x, m.y, m.mine * MINE_LABEL_DISC, fill(m), Z + 0.03, segments=32)


def _circle(n: int) -> list[tuple[float, float]]:
    return [(math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k in range(n)]


class Markers:
    """The mission markers under ``root``; :meth:`update` syncs them to a view's markers."""

    def __init__(self, root: NodePath) -> None:
        self.root = as_overlay(root.attachNewNode("markers"), 12)
        self._shown: tuple[MarkerView, ...] = ()

    def update(self, markers: tuple[MarkerView, ...]) -> None:
        if markers == self._shown:
            return
        self._shown = markers
        for child in self.root.getChildren():
            child.removeNode()
        if not markers:
            return
        self.root.attachNewNode(marker_builder(markers).node("tokens"))
        for m in markers:
            if m.mine:
                label = flat_text(m.label, MINE_LABEL_MM, MINE_DARK)
                label.reparentTo(self.root)
                label.setPos(m.x, m.y, Z + 0.05)
                continue
            text = TextNode(f"marker-{m.label}")
            text.setFont(hud_font())
            text.setText(m.label)
            text.setAlign(TextNode.ACenter)
            text.setTextColor(*(SPENT if m.taken_by else (1.0, 1.0, 1.0, 1.0)))
            text.setShadow(0.06, 0.06)
            text.setShadowColor(0.0, 0.0, 0.0, 0.9)
            label = self.root.attachNewNode(text)
            label.setScale(LABEL_MM)
            if m.heading is None:
                label.setPos(m.x, m.y, Z + RADIUS_MM + 6.0)
            else:  # standing over the arrow's middle
                x, y = arrow_points(m)[3]
                label.setPos((m.x + x) / 2, (m.y + y) / 2, Z + 6.0)
            label.setBillboardPointEye()

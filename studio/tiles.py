"""Location tiles of a map game (the view's ``tiles``: Fleet Captains' map) on the mat.

Each tile is a square: face down it is a dark slate with a "?"; turned over it takes the colour
of its kind with its name and its size (the movement cost) printed on it; a command post is a
square in its player's colour. Influence is a row of small discs in the influencing player's
colour along the tile's west edge; an installation is a lettered square (O, C, S) in its
player's colour at the north-east corner; a scan token on a face-down tile is a lettered
disc (S) in its player's colour near the north-west corner. Labels lie flat, north up. Rebuilt
only when the tiles change.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath, TextNode

from engine.view_fleet_captains import TileView
from studio import palette
from studio.hud2d import hud_font
from studio.meshes import MeshBuilder, as_overlay

FACE_DOWN: Final[palette.RGBA] = (0.3, 0.34, 0.45, 0.95)
EDGE: Final[palette.RGBA] = (0.62, 0.7, 0.86, 0.9)
DEFAULT_KIND: Final[palette.RGBA] = (0.2, 0.3, 0.42, 0.9)
# a tile's colour by a word of its kind (the first that matches)
KIND_COLOURS: Final[tuple[tuple[str, palette.RGBA], ...]] = (
    ("nebula", (0.5, 0.28, 0.62, 0.9)),
    ("ion storm", (0.75, 0.42, 0.16, 0.9)),
    ("rift", (0.62, 0.16, 0.22, 0.9)),
    ("binary", (0.72, 0.64, 0.2, 0.9)),
    ("asteroid", (0.45, 0.36, 0.26, 0.9)),
    ("gas giant", (0.22, 0.46, 0.5, 0.9)),
    ("system", (0.18, 0.42, 0.3, 0.9)),
    ("world", (0.2, 0.44, 0.32, 0.9)),
    ("deep space", (0.1, 0.13, 0.22, 0.9)),
)
INSET_MM: Final = 4.0
EDGE_MM: Final = 2.5
Z: Final = 0.2
INFLUENCE_MM: Final = 9.0
SCAN_MM: Final = 20.0  # a scan token's radius


def scan_spot(tile: TileView, k: int) -> tuple[float, float]:
    """The centre of the ``k``-th scan token on a tile (north-west corner, then east)."""
    h = tile.side / 2 - INSET_MM
    return tile.x - h + SCAN_MM * (1.6 + 2.4 * k), tile.y + h - SCAN_MM * 1.6


def kind_colour(tile: TileView) -> palette.RGBA:
    """The fill of a tile: face down, a command post's player, or its kind's colour."""
    if tile.face_down:
        return FACE_DOWN
    if tile.home is not None:
        return palette.with_alpha(palette.player_colour(tile.home), 0.45)
    kind = tile.kind.lower()
    return next((colour for word, colour in KIND_COLOURS if word in kind), DEFAULT_KIND)


def tiles_builder(tiles: Sequence[TileView]) -> MeshBuilder:
    b = MeshBuilder()
    for t in tiles:
        h = t.side / 2 - INSET_MM
        square = [(t.x - h, t.y - h), (t.x + h, t.y - h), (t.x + h, t.y + h), (t.x - h, t.y + h)]
        b.polygon(square, kind_colour(t), Z)
        b.ribbon(square, EDGE_MM, EDGE, Z + 0.01, closed=True)
        for k in range(min(t.influence, 6)):
            if t.influence_player is not None:
                b.disc(t.x - h + INFLUENCE_MM * 1.3, t.y - h + INFLUENCE_MM * (1.3 + 2.3 * k), INFLUENCE_MM,
                       palette.player_colour(t.influence_player), Z + 0.02, segments=24)
        for k, player in enumerate(t.scanned_by):
            b.disc(*scan_spot(t, k), SCAN_MM, palette.player_colour(player), Z + 0.02, segments=32)
        if t.installation and t.installation_player is not None:
            s = t.side * 0.09
            cx, cy = t.x + h - s * 1.4, t.y + h - s * 1.4
            b.polygon([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)],
                      palette.player_colour(t.installation_player), Z + 0.02)
    return b


class Tiles:
    """The map's tiles under ``root``; :meth:`update` syncs them to a view's tiles."""

    def __init__(self, root: NodePath) -> None:
        self.root = as_overlay(root.attachNewNode("tiles"), 1)
        self._shown: tuple[TileView, ...] = ()

    def update(self, tiles: tuple[TileView, ...]) -> None:
        if tiles == self._shown:
            return
        self._shown = tiles
        for child in self.root.getChildren():
            child.removeNode()
        if not tiles:
            return
        self.root.attachNewNode(tiles_builder(tiles).node("tiles"))
        for t in tiles:
            h = t.side / 2 - INSET_MM
            for k in range(len(t.scanned_by)):
                x, y = scan_spot(t, k)
                self._label(t, "S", x, y - SCAN_MM * 0.5, SCAN_MM * 1.3, (1.0, 1.0, 1.0, 1.0))
            if t.face_down:
                self._label(t, "?", t.x, t.y - t.side * 0.12, t.side * 0.3, (0.75, 0.8, 0.95, 0.9))
                continue
            if t.name:
                self._label(t, t.name, t.x, t.y - h + t.side * 0.06, t.side * 0.075, (1.0, 1.0, 1.0, 0.95))
            if t.size and t.home is None:
                self._label(t, str(t.size), t.x - h + t.side * 0.1, t.y + h - t.side * 0.17, t.side * 0.12,
                            (1.0, 0.9, 0.5, 0.95))
            if t.installation:
                s = t.side * 0.09
                self._label(t, t.installation[:1].upper(), t.x + h - s * 1.4, t.y + h - s * 1.4 - s * 0.7, s * 1.6,
                            (1.0, 1.0, 1.0, 1.0))

    def _label(self, tile: TileView, text: str, x: float, y: float, height: float, colour: palette.RGBA) -> None:
        node = TextNode(f"tile-{tile.id}")
        node.setFont(hud_font())
        node.setText(text)
        node.setAlign(TextNode.ACenter)
        node.setTextColor(*colour)
        label = self.root.attachNewNode(node)
        label.setScale(height)
        label.setHpr(0, -90, 0)  # flat on the table, read from above with north up
        label.setPos(x, y, Z + 0.05)

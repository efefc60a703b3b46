"""Under a ship's HUD panel: its display's dial (Into the Unknown's alert dial: each position a
box in its colour with its pips, the one set now bright and framed), the crew stats line, and
the officers at their stations as chips (a green dot: ready; a hollow grey ring: committed).
Drawn from the panel's ``dial``, ``stats`` and ``crew`` records only."""

from __future__ import annotations

import math
from typing import Final

from panda3d.core import NodePath

from engine.view import PanelView
from engine.view_into_the_unknown import CrewView, DialView, display_of
from studio import palette
from studio.hud2d import DIM, GREY, RGBA, WHITE, Label, Shapes, replace_children, short

DIAL_ROW: Final = 0.05
STATS_ROW: Final = 0.036
CHIP_ROW: Final = 0.042
CHIP_H: Final = 0.034
BOX_W: Final = 0.05
BOX_H: Final = 0.032
PIP_R: Final = 0.0045
DIAL_COLOURS: Final[dict[str, RGBA]] = {"green": (0.2, 0.75, 0.35, 1.0), "yellow": (0.95, 0.8, 0.15, 1.0),
                                        "red": (0.9, 0.2, 0.15, 1.0)}
READY: Final[RGBA] = (0.4, 1.0, 0.85, 1.0)  # mint: apart from the dial's green
COMMITTED_CHIP: Final[RGBA] = (0.14, 0.15, 0.18, 0.95)
PER_ROW: Final = 2


def crew_height(panel: PanelView) -> float:
    """The block's height under the panel (0: the panel has no dial and no crew)."""
    shown = display_of(panel)
    if shown.dial is None and not shown.crew:
        return 0.0
    return DIAL_ROW + (STATS_ROW if shown.stats else 0.0) + math.ceil(len(shown.crew) / PER_ROW) * CHIP_ROW + 0.012


def dial_box(dial: DialView, k: int, x0: float) -> tuple[float, float]:
    """The left and right of the dial's ``k``-th box (panel units)."""
    left = x0 + k * (BOX_W + 0.006)
    return left, left + BOX_W


class CrewBlock:
    """The dial row and the officers' chips, from ``top`` (a panel z) down."""

    def __init__(self, parent: NodePath, width: float, top: float) -> None:
        self.root = parent.attachNewNode("crew")
        self.shapes = self.root.attachNewNode("shapes")
        self.texts = self.root.attachNewNode("texts")
        self.width = width
        self.top = top
        self._shown: tuple[object, ...] | None = None

    def update(self, panel: PanelView) -> None:
        shown = display_of(panel)
        key = (shown.dial, shown.crew, shown.stats, panel.player, panel.destroyed)
        if key == self._shown:
            return
        self._shown = key
        replace_children(self.shapes)
        replace_children(self.texts)
        s = Shapes()
        z = self.top - DIAL_ROW / 2
        x = 0.035
        if shown.dial is not None:
            label = Label(self.texts, "dial-name", 0.026, "left", DIM, shadow=False)
            label.set(shown.dial.name.upper(), pos=(x, z - 0.009))
            x0 = x + label.width() + 0.015
            for k, (colour, pips) in enumerate(shown.dial.positions):
                self._box(s, dial_box(shown.dial, k, x0), z, colour, pips, k == shown.dial.current)
        top = self.top - DIAL_ROW
        if shown.stats:
            stats = Label(self.texts, "stats", 0.026, "left", WHITE, shadow=False)
            stats.set(shown.stats, pos=(0.035, top - STATS_ROW / 2 - 0.009))
            top -= STATS_ROW
        chip_w = (self.width - 0.035 - 0.015 - 0.012 * (PER_ROW - 1)) / PER_ROW
        for n, officer in enumerate(shown.crew):
            row, col = divmod(n, PER_ROW)
            cz = top - row * CHIP_ROW - CHIP_H / 2
            cx = 0.035 + col * (chip_w + 0.012)
            self._chip(s, officer, cx, cz, chip_w, panel.player)
        s.node(self.shapes, "crew")

    @staticmethod
    def _box(s: Shapes, span: tuple[float, float], z: float, colour: str, pips: int, current: bool) -> None:
        left, right = span
        base = DIAL_COLOURS.get(colour, GREY)
        fill = base if current else palette.mix(base, (0.05, 0.05, 0.08, 1.0), 0.7)
        if current:
            s.rect(left - 0.005, z - BOX_H / 2 - 0.005, right + 0.005, z + BOX_H / 2 + 0.005, WHITE)
        s.rect(left, z - BOX_H / 2, right, z + BOX_H / 2, fill)
        for p in range(pips):  # the pips, centred in the box
            px = (left + right) / 2 + (p - (pips - 1) / 2) * 3 * PIP_R
            s.ring(px, z, PIP_R, 0.0, WHITE if current else DIM, segments=10)

    def _chip(self, s: Shapes, officer: CrewView, x: float, z: float, w: float, player: int) -> None:
        colour = palette.mix(palette.player_colour(player), (0.05, 0.05, 0.08, 1.0), 0.55)
        s.rounded(x, z - CHIP_H / 2, x + w, z + CHIP_H / 2, 0.008, colour if officer.ready else COMMITTED_CHIP)
        if officer.ready:
            s.ring(x + 0.016, z, 0.008, 0.0, READY, segments=12)
        else:
            s.ring(x + 0.016, z, 0.008, 0.0045, GREY, segments=12)
        text = Label(self.texts, "officer", 0.024, "left", WHITE if officer.ready else GREY, shadow=False)
        text.set(short(f"{officer.station} {officer.name}", 22), pos=(x + 0.032, z - 0.008))
        while text.width() > w - 0.04 and len(text.text) > 6:
            text.set(short(f"{officer.station} {officer.name}", len(text.text) - 2))

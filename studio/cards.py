"""Title and end cards of a battle-report video, drawn on the 2D layer over the table.

What the cards say is the replay's ``CardView`` records (``LoadedReplay.title_card`` and
``end_card``, worded by the ruleset's presenter); ``Cards(parent, aspect)`` draws either over a
dark panel (``show_title``, ``show_end``) under an aspect2d-like ``parent``; ``hide`` clears it.
The same renderer draws the cards and the game.
"""

from __future__ import annotations

from typing import Final

from panda3d.core import NodePath, TransparencyAttrib

from engine.view import CardView, FleetCardView
from studio import palette
from studio.hud2d import DIM, WHITE, Label, Shapes, replace_children, short
from studio.win_graph import WinCurve, draw_curve

CARD_BACK: Final = (0.015, 0.02, 0.045, 0.9)
GOLD: Final = (1.0, 0.82, 0.35, 1.0)
RULE: Final = (0.4, 0.5, 0.75, 0.6)
TITLE_SCALE: Final = 0.13


class Cards:
    """Draws a card under ``parent`` (aspect2d-like) over a dark panel; hidden until shown."""

    def __init__(self, parent: NodePath, aspect: float) -> None:
        self.aspect = aspect
        self.root = parent.attachNewNode("cards")
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.root.setBin("unsorted", 0)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setLightOff(1)
        self.root.setTwoSided(True)
        self.root.hide()
        self._shown: tuple[CardView, WinCurve | None] | None = None

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()

    def show_title(self, info: CardView) -> None:
        self._show(info, end=False)

    def show_end(self, info: CardView, curve: WinCurve | None = None) -> None:
        """The end card; with ``curve`` (an analysis's), the first side's win probability along the
        game under the fleets, where they leave room for it."""
        self._show(info, end=True, curve=curve)

    def _show(self, info: CardView, end: bool, curve: WinCurve | None = None) -> None:
        self.root.show()
        if (info, curve) == self._shown:
            return
        self._shown = (info, curve)
        root = replace_children(self.root)
        a = self.aspect
        back = Shapes()
        back.rect(-a - 0.01, -1.01, a + 0.01, 1.01, CARD_BACK)
        back.rect(-0.9 * a, 0.43, 0.9 * a, 0.435, RULE)
        back.rect(-0.9 * a, -0.78, 0.9 * a, -0.775, RULE)
        back.node(root, "back")
        Label(root, "kicker", 0.05, "center", GOLD).set(info.kicker, pos=(0.0, 0.8))
        colour = (palette.mix(palette.player_colour(info.headline_side), WHITE, 0.2)
                  if info.headline_side is not None else WHITE)
        title = Label(root, "title", TITLE_SCALE, "center", colour)
        title.set(info.title, pos=(0.0, 0.63))
        room = 1.84 * a  # a long title (an Alliance mission's) shrinks to fit the card, never cut off
        if title.width() > room:
            title.path.setScale(TITLE_SCALE * room / title.width())
        sub = Label(root, "subtitle", 0.042, "center", DIM, wrap=min(70.0, 38 * a))
        sub.set(info.subtitle, pos=(0.0, 0.53))
        Label(root, "footer", 0.036, "center", DIM).set(info.footer, pos=(0.0, -0.87))
        if len(info.fleets) == 2:
            Label(root, "vs", 0.09, "center", (0.8, 0.82, 0.9, 1.0)).set("VS" if not end else "", pos=(0.0, 0.2))
        col_w = min(0.85 * a - 0.1, 1.25)
        lowest = 1.0
        for k, fleet in enumerate(info.fleets[:2]):
            x0 = -0.08 - col_w if k == 0 else 0.08
            lowest = min(lowest, self._fleet(root, fleet, x0, col_w, end))
        if curve is not None and curve.points and lowest >= GRAPH_TOP + 0.04:
            duration = max(t for t, _ in curve.points)
            draw_curve(root, curve, -0.9 * a, 0.9 * a, GRAPH_BOTTOM, duration, GRAPH_TOP - GRAPH_BOTTOM)
            Label(root, "graph", 0.032, "left", DIM).set(f"{curve.side}'s chance of winning through the game "
                                                         "(the analysis; marks: turning points)",
                                                         pos=(-0.9 * a, GRAPH_TOP + 0.015))

    def _fleet(self, root: NodePath, fleet: FleetCardView, x0: float, w: float, end: bool) -> float:
        """One fleet's panel; its bottom edge."""
        colour = palette.player_colour(fleet.side)
        light = palette.mix(colour, WHITE, 0.3)
        step = min(0.17, 0.75 / max(len(fleet.ships), 1))
        # a summary of two parts takes two lines: one line would run into the points' label on its right
        first, _, second = fleet.summary.partition("; ")
        z = 0.03 if second else 0.06  # the first ship's row, below the summary
        bottom = max(z - step * (len(fleet.ships) - 1) - 0.13, -0.74)
        s = Shapes()
        s.rounded(x0, bottom, x0 + w, 0.37, 0.03, (0.04, 0.05, 0.09, 0.92))
        s.rect(x0, 0.355, x0 + w, 0.37, colour)
        s.node(root, "fleet-back")
        Label(root, "fleet", 0.07, "left", light).set(short(fleet.name, 26), pos=(x0 + 0.04, 0.25))
        if fleet.points is not None:  # the number and what it is: a fleet's cost, or the points it scored
            Label(root, "points", 0.1 if end else 0.08, "right", WHITE).set(str(fleet.points),
                                                                            pos=(x0 + w - 0.04, 0.22))
            Label(root, "points-l", 0.03, "right", DIM).set(fleet.points_label, pos=(x0 + w - 0.04, 0.16))
        Label(root, "summary", 0.04, "left", DIM).set(first, pos=(x0 + 0.04, 0.17))
        if second:
            Label(root, "summary-2", 0.04, "left", DIM).set(second, pos=(x0 + 0.04, 0.12))
        for ship in fleet.ships:
            Label(root, "ship", 0.05, "left", GREY_TEXT if ship.gone else WHITE).set(short(ship.name, 28),
                                                                                   pos=(x0 + 0.04, z))
            if end:
                detail = ship.status.upper() if ship.gone else ship.status
                Label(root, "detail", 0.036, "left", (1.0, 0.45, 0.4, 1.0) if ship.gone else DIM).set(
                    detail, pos=(x0 + 0.06, z - 0.055))
            else:
                detail = (ship.status if ship.gone and ship.status  # out before a clip starts
                          else " - ".join(p for p in (ship.class_name, ship.captain) if p))
                Label(root, "detail", 0.036, "left", DIM).set(short(detail, 48), pos=(x0 + 0.06, z - 0.055))
                if fleet.points is not None:
                    Label(root, "cost", 0.04, "right", light).set(f"{ship.points}", pos=(x0 + w - 0.04, z))
            z -= step
        return bottom


GREY_TEXT: Final = (0.55, 0.56, 0.6, 1.0)
GRAPH_BOTTOM: Final = -0.74  # the end card's win probability, over the bottom rule
GRAPH_TOP: Final = -0.56

"""The HUD's ship panels: one per ship, with its name, shield and hull pips, tokens as badges
and face-up damage cards as red tags; a destroyed ship's panel is greyed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath

from engine.view import PanelView, TokenView
from engine.view_fleet_captains import ratings_of
from studio import palette
from studio.hud2d import DIM, GREY, PANEL, RGBA, WHITE, Label, Shapes, replace_children, short
from studio.hud_crew import CrewBlock

COLUMN_W: Final = 0.56  # width of a ship panel column
SHIELD_ON: Final[RGBA] = (0.35, 0.78, 1.0, 1.0)
SHIELD_OFF: Final[RGBA] = (0.16, 0.2, 0.28, 1.0)
HULL_ON: Final[RGBA] = (1.0, 0.8, 0.3, 1.0)
HULL_OFF: Final[RGBA] = (0.42, 0.12, 0.1, 1.0)
DAMAGE_TAG: Final[RGBA] = (0.62, 0.08, 0.08, 0.95)
TAKEN: Final[RGBA] = (0.1, 0.5, 0.5, 1.0)  # an upgrade the ship took from another (Superior Intellect)
TOKENS: Final[dict[str, tuple[str, RGBA]]] = {
    "evade": ("EVD", (0.2, 0.65, 0.3, 1.0)),
    "scan": ("SCN", (0.55, 0.35, 0.85, 1.0)),
    "battle_stations": ("BS", (0.85, 0.62, 0.1, 1.0)),
    "aux_power": ("AUX", (0.85, 0.25, 0.18, 1.0)),
    "target_lock": ("LOCK", (0.25, 0.5, 0.95, 1.0)),
    "cloak": ("CLOAK", (0.45, 0.5, 0.58, 1.0)),
    "muon": ("MUON", (0.7, 0.2, 0.55, 1.0)),  # Muon Feedback Wave: hull damage after each maneuver
    "dampening": ("EDT", (0.3, 0.75, 0.8, 1.0)),  # Energy Dampening Token: no attack, no dial, shields down
}


def token_badges(tokens: Sequence[TokenView]) -> list[tuple[str, RGBA]]:
    """Badges for a ship's tokens: ``EVD x2``, ``LOCK Defiant``..."""
    out = []
    for token in tokens:
        text, colour = TOKENS.get(token.kind, (token.kind.upper()[:5], TAKEN if token.kind == "taken" else GREY))
        if token.kind == "target_lock" and token.label:
            text = f"LOCK {short(token.label, 11)}"
        elif token.kind not in TOKENS and token.label:  # a game's own token says what its badge says
            text = short(token.label, 16 if token.kind == "taken" else 11)
        if token.count > 1:
            text += f" x{token.count}"
        out.append((text, colour))
    return out


class ShipPanel:
    """One ship's panel: a backing, the name, shield and hull pips, tokens and damage cards."""

    HEIGHT: Final = 0.2

    def __init__(self, parent: NodePath, ship_id: str, crew_height: float = 0.0) -> None:
        self.root = parent.attachNewNode(f"panel-{ship_id}")
        self.height = self.HEIGHT + crew_height  # with the dial and officers under the card (Into the Unknown)
        self.back = self.root.attachNewNode("back")
        self.pips = self.root.attachNewNode("pips")
        self.badges = self.root.attachNewNode("badges")
        self.name = Label(self.root, "name", 0.042)
        self.ship_class = Label(self.root, "class", 0.028, "right", DIM, shadow=False)
        self.shield_text = Label(self.root, "shields", 0.032, colour=(0.7, 0.88, 1.0, 1.0), shadow=False)
        self.hull_text = Label(self.root, "hull", 0.032, colour=(1.0, 0.9, 0.65, 1.0), shadow=False)
        # on the token row (a destroyed ship has no tokens), so a long name never runs into it
        self.gone = Label(self.root, "gone", 0.034, "left", (1.0, 0.35, 0.3, 1.0))
        self.width = COLUMN_W
        self.crew = CrewBlock(self.root, self.width, -self.HEIGHT) if crew_height else None
        self._state: PanelView | None = None
        self._token_end = 0.035  # where the token badges' row ends

    def update(self, state: PanelView) -> None:
        if state == self._state:
            return
        old, self._state = self._state, state
        w, h = self.width, self.height
        colour = palette.player_colour(state.player)
        if old is None or (old.active, old.destroyed, old.player) != (state.active, state.destroyed, state.player):
            s = Shapes()
            s.rounded(0, -h, w, 0, 0.018, PANEL)
            s.rect(0, -h + 0.012, 0.014, -0.012, GREY if state.destroyed else colour)
            if state.active:
                s.frame(0, -h, w, 0, 0.006, palette.ACTIVE)
            replace_children(self.back)
            s.node(self.back, "back")
        name_colour = GREY if state.destroyed else palette.mix(colour, WHITE, 0.35)
        self.name.fit(short(state.name, 24), w - 0.035 - 0.02, name_colour, (0.035, -0.05))
        self.gone.set(state.status.upper() if state.destroyed else "", pos=(0.035, -0.151))
        if old is None or (old.shields, old.shields_max, old.hull, old.hull_max, old.destroyed, ratings_of(old)) != (
                state.shields, state.shields_max, state.hull, state.hull_max, state.destroyed, ratings_of(state)):
            self._pips(state)
        if old is None or (old.tokens, old.damage, old.status) != (state.tokens, state.damage, state.status):
            self._badges(state)
        self._place_class(state)
        if self.crew is not None:
            self.crew.update(state)
        self.root.setColorScale(0.62, 0.62, 0.62, 1.0) if state.destroyed else self.root.clearColorScale()

    def _place_class(self, state: PanelView) -> None:
        """The ship class at the right of the name's row, else of the tokens' row, whichever has
        room (shortened to fit the roomier one, left out below six letters), and left out where the
        name already begins with it ("Jem'Hadar Fighter" twice, the second cut to "Jem'Ha.."); a
        named ship keeps it ("U.S.S. Defiant" is of the Defiant class, which its name does not say)."""
        w = self.width
        cls = state.class_name.removesuffix(" Class")
        if state.name.casefold().startswith(cls.casefold()):
            cls = ""
        # the token row also holds the DESTROYED/FLED/RETREATED tag: the class goes right of both
        row_end = max(self._token_end, 0.035 + self.gone.width() if state.destroyed else 0.0)
        rows = [(w - 0.035 - self.name.width() - 0.05, -0.047), (w - row_end - 0.04, -0.150)]
        self.ship_class.set(cls, pos=(w - 0.02, rows[0][1]))
        fits = [row for row in rows if self.ship_class.width() <= row[0]]
        room, z = fits[0] if fits else max(rows)
        for n in range(len(cls), 5, -1):
            self.ship_class.set(short(cls, n), pos=(w - 0.02, z))
            if self.ship_class.width() <= room:
                return
        self.ship_class.set("")

    def _pips(self, state: PanelView) -> None:
        z = -0.102
        replace_children(self.pips)
        ratings = ratings_of(state)
        if ratings:  # a game's own numbers in place of the pips, smaller where they need the room
            self.shield_text.fit(ratings, self.width - 0.035 - 0.02, pos=(0.035, z - 0.011))
            self.hull_text.set("")
            return
        s = Shapes()
        most = max(state.shields_max + state.hull_max, 1)
        pip = min(0.028, (self.width - 0.035 - 2 * 0.085) / most - 0.006)
        x = 0.035
        for label, value, top, on, off in ((self.shield_text, state.shields, state.shields_max, SHIELD_ON, SHIELD_OFF),
                                           (self.hull_text, state.hull, state.hull_max, HULL_ON, HULL_OFF)):
            for k in range(top):
                s.rect(x, z - 0.014, x + pip, z + 0.014, on if k < value and not state.destroyed else off)
                x += pip + 0.006
            label.fit(f"{value}/{top}", self.width, pos=(x + 0.004, z - 0.011))
            x += 0.085
        s.node(self.pips, "pips")

    def _badges(self, state: PanelView) -> None:
        replace_children(self.badges)
        s = Shapes()
        # the damage row's tags end above the active ship's frame (0.006 inside the panel's edge);
        # at 0.182 they ran over it
        row_z, half = (-0.140, -0.173), 0.015
        rows: list[list[tuple[str, RGBA]]] = [token_badges(state.tokens), []]
        rows[1] = [(short(t, 18), DAMAGE_TAG) for t in state.damage]
        end = self.width - 0.015
        backs = self.badges.attachNewNode("tags")  # first: drawn under the badges' text
        for r, badges in enumerate(rows):
            x = 0.035
            for text, colour in badges:
                label = Label(self.badges, "tag", 0.028, "center", WHITE, shadow=False)
                label.set(text)
                bw = label.width() + 0.03  # the text as drawn, not guessed from its length
                if x + bw > end:  # the last badge: smaller or cut to fit, if a word of it can
                    if end - x - 0.03 < 0.05:
                        label.path.removeNode()
                        break
                    label.fit(text, end - x - 0.03)
                    bw = label.width() + 0.03
                s.rounded(x, row_z[r] - half, x + bw, row_z[r] + half, 0.008, colour)
                label.set(label.text, pos=(x + bw / 2, row_z[r] - 0.01))
                x += bw + 0.012
            if r == 0:
                self._token_end = x
        s.node(backs, "backs")

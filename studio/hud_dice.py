"""The HUD's dice strip: the dice of the attack on the table, face by face, with how each die
came to be (rolled, rerolled, converted, added), the tally and the attack's odds, all as the
Timeline's ``DiceView`` says."""

from __future__ import annotations

import math
from typing import Final

from panda3d.core import NodePath

from engine.view import DiceView, DieView
from studio import palette
from studio.hud2d import CYAN, DIM, GOLD, PANEL, RGBA, WHITE, Label, Shapes, replace_children

DIE: Final = 0.095  # die edge
LABEL_W: Final = 0.24  # the least room for a group's name before its dice ("ATTACK")
DICE_Z: Final = -0.7  # centre line of the dice strip
DICE_BOTTOM: Final = DICE_Z - DIE / 2 - 0.075  # the strip's backing
DICE_TOP: Final = DICE_Z + DIE / 2 + 0.03
FRAME: Final[RGBA] = (0.85, 0.75, 0.4, 0.9)
INSET: Final[RGBA] = (0.02, 0.025, 0.05, 0.9)
ATTACK_DIE: Final[RGBA] = (0.78, 0.12, 0.1, 1.0)
DEFENSE_DIE: Final[RGBA] = (0.1, 0.55, 0.24, 1.0)
MARK_COLOURS: Final[dict[str, RGBA]] = {"rerolled": WHITE, "converted": GOLD, "added": CYAN}
MARK_LETTERS: Final = {"rerolled": "R", "converted": "C", "added": "+"}
MARK_R: Final = 0.017  # the dark disc under a die's mark letter, its centre MARK_INSET inside the corner
MARK_INSET: Final = 0.012
# a numbered d6 face's pips, as (x, z) in quarter-die steps from the centre
PIPS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "1": ((0, 0),), "2": ((-1, 1), (1, -1)), "3": ((-1, 1), (0, 0), (1, -1)),
    "4": ((-1, 1), (1, 1), (-1, -1), (1, -1)), "5": ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    "6": ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1))}
FACE_LABELS: Final = {"hit": "HIT", "crit": "CRIT", "battle_stations": "BS", "blank": "BLANK", "evade": "EVADE",
                      "double_hit": "2 HITS",  # the Elite Attack Die's
                      "success": "SUCC", "double": "DOUBLE", "breakthrough": "BREAK", "analysis": "ANLYS",
                      "discovery": "DISCOV"}  # from "success" on: Into the Unknown's faces

def die_shapes(die: DieView, size: float = DIE) -> Shapes:
    """A die centred on the origin: a rounded square in the die colour with its face's glyph."""
    s = Shapes()
    h = size / 2
    base = ATTACK_DIE if die.kind == "attack" else DEFENSE_DIE
    if die.mark:
        s.rounded(-h - 0.012, -h - 0.012, h + 0.012, h + 0.012, 0.022, MARK_COLOURS[die.mark])
    s.rounded(-h, -h, h, h, 0.016, palette.mix(base, (0.0, 0.0, 0.0, 1.0), 0.35))
    s.rounded(-h + 0.006, -h + 0.006, h - 0.006, h - 0.006, 0.013, base)
    g = size
    glyph: RGBA = (1.0, 1.0, 1.0, 1.0)
    if die.face == "hit":
        s.star(0, 0, 0.36 * g, 0.15 * g, 8, glyph, turn=11.25)
    elif die.face == "double_hit":  # the Elite Attack Die's double hit: two hit stars side by side
        for dx in (-0.23 * g, 0.23 * g):
            s.star(dx, 0, 0.17 * g, 0.075 * g, 8, glyph, turn=11.25)
    elif die.face == "crit":
        s.ring(0, 0, 0.43 * g, 0.35 * g, GOLD)
        s.star(0, 0, 0.3 * g, 0.12 * g, 8, GOLD, turn=11.25)
    elif die.face == "battle_stations":  # an arrowhead, as on the die
        s.polygon([(0, 0.36 * g), (0.27 * g, -0.3 * g), (0, -0.12 * g), (-0.27 * g, -0.3 * g)], glyph,
                  centre=(0, 0.02 * g))
    elif die.face == "evade":  # two chevrons
        for dx in (-0.13 * g, 0.09 * g):
            arm = 0.07 * g
            s.polygon([(dx - 0.1 * g, 0.28 * g), (dx - 0.1 * g + arm, 0.28 * g), (dx + 0.1 * g + arm, 0),
                       (dx + 0.1 * g, 0)], glyph)
            s.polygon([(dx + 0.1 * g, 0), (dx + 0.1 * g + arm, 0), (dx - 0.1 * g + arm, -0.28 * g),
                       (dx - 0.1 * g, -0.28 * g)], glyph)
    elif die.face in ("success", "double", "breakthrough"):  # Into the Unknown: a star per success
        n = 2 if die.face == "double" else 1
        for k in range(n):
            s.star((k - (n - 1) / 2) * 0.36 * g, 0, (0.2 if n == 2 else 0.3) * g, (0.08 if n == 2 else 0.12) * g, 5,
                   glyph)
        if die.face == "breakthrough":
            s.ring(0, 0, 0.45 * g, 0.38 * g, GOLD)
    elif die.face == "analysis":
        s.ring(0, 0, 0.28 * g, 0.17 * g, glyph)
    elif die.face == "discovery":
        s.star(0, 0, 0.38 * g, 0.1 * g, 4, CYAN)
    elif die.face in PIPS:  # a d6 of a system test (Fleet Captains): its pips
        for px, pz in PIPS[die.face]:
            s.ring(px * 0.26 * g, pz * 0.26 * g, 0.085 * g, 0.0, glyph, segments=16)
    else:  # blank
        s.rounded(-0.16 * g, -0.16 * g, 0.16 * g, 0.16 * g, 0.01, palette.mix(base, (0.0, 0.0, 0.0, 1.0), 0.25))
    return s


class DiceStrip:
    """The dice of the current attack at the bottom centre; one node per die, shapes cached."""

    def __init__(self, parent: NodePath) -> None:
        self.root = parent.attachNewNode("dice")
        self.backing = self.root.attachNewNode("backing")
        self.dice_root = self.root.attachNewNode("dice")
        self.labels_root = self.root.attachNewNode("labels")
        self.attack_label = Label(self.root, "attack-label", 0.04, "right", (1.0, 0.66, 0.62, 1.0))
        self.defense_label = Label(self.root, "defense-label", 0.04, "right", (0.72, 1.0, 0.82, 1.0))
        self.tally = Label(self.root, "tally", 0.042, "left", WHITE)
        self.odds = Label(self.root, "odds", 0.032, "left", (0.85, 0.85, 0.6, 1.0))
        self.legend = Label(self.root, "legend", 0.032, "left", (0.8, 0.86, 0.95, 1.0))
        self._shapes: dict[DieView, NodePath] = {}
        self._nodes: list[tuple[DieView, NodePath]] = []
        self._key: object = None
        self.framed = False  # drawn as an inset (an attack clip's picture-in-picture)

    def _shape(self, die: DieView) -> NodePath:
        key = DieView(die.kind, die.face, die.mark)
        if key not in self._shapes:
            self._shapes[key] = NodePath(die_shapes(key).b.node("die"))
        return self._shapes[key]

    def update(self, dice: DiceView | None, progress: float) -> None:
        attack, defense = (dice.attack, dice.defense) if dice is not None else ((), ())
        tally, odds = (dice.tally, dice.odds_line) if dice is not None else ("", "")
        names = (dice.attack_label or "ATTACK", dice.defense_label or "DEFENSE") if dice is not None else ("", "")
        # what changed the dice, numbered in order: each changed die carries its cause's number above
        # it and the legend line spells the causes out (a name over a die is unreadable in a video)
        causes = tuple(dict.fromkeys(d.by for d in (*attack, *defense) if d.by))
        legend = legend_line(causes, dice.cards if dice is not None else ())
        if not attack and not defense:
            self.root.hide()
            self._key = None
            return
        self.root.show()
        layout = (tuple(DieView(d.kind, d.face, d.mark, by=d.by) for d in attack),
                  tuple(DieView(d.kind, d.face, d.mark, by=d.by) for d in defense), tally, odds, legend, names)
        pitch = DIE + 0.03
        if layout != self._key:
            self._key = layout
            for _, node in self._nodes:
                node.removeNode()
            self._nodes = []
            replace_children(self.labels_root)
            replace_children(self.backing)
            # each group's name before its dice, as wide as it needs ("DEMOLITION SALVO" ran out of the box)
            label_ws = []
            for label, name in ((self.attack_label, names[0]), (self.defense_label, names[1])):
                # measured, not set: a hidden label keeping text at its old place still counts in the
                # HUD's bounds (Hud.rects), and the director keeps ships clear of those
                label_ws.append(max(LABEL_W, label.width_of(name) + 0.06))
            groups = [g for g in (attack, defense) if g]
            width = (sum(w for g, w in zip((attack, defense), label_ws, strict=True) if g)
                     + pitch * (len(attack) + len(defense)) + 0.06 * (len(groups) - 1))
            self.tally.set(tally)
            self.odds.set(odds)
            self.legend.set(legend)
            tally_w = (max(self.tally.width(), self.odds.width(), self.legend.width()) + 0.04
                       if tally or odds or legend else 0.0)
            x = -(width + tally_w) / 2
            back = Shapes()
            x0, x1 = x - 0.04, x + width + tally_w + 0.03
            if self.framed:
                back.rounded(x0 - 0.008, DICE_BOTTOM - 0.008, x1 + 0.008, DICE_TOP + 0.008, 0.03, FRAME)
            back.rounded(x0, DICE_BOTTOM, x1, DICE_TOP, 0.025, PANEL if not self.framed else INSET)
            back.node(self.backing, "back")
            self.attack_label.path.hide()
            self.defense_label.path.hide()
            for group, label, name, label_w in ((attack, self.attack_label, names[0], label_ws[0]),
                                                (defense, self.defense_label, names[1], label_ws[1])):
                if not group:
                    continue
                label.path.show()
                label.set(name, pos=(x + label_w - 0.03, DICE_Z - 0.014))
                x += label_w
                for die in group:
                    node = self.dice_root.attachNewNode("die")
                    self._shape(die).instanceTo(node)
                    node.setPos(x + pitch / 2, 0, DICE_Z)
                    self._nodes.append((die, node))
                    face = Label(self.labels_root, "face", 0.029, "center", DIM, shadow=False)
                    face.set(FACE_LABELS.get(die.face, die.face.upper()), pos=(x + pitch / 2, DICE_Z - DIE / 2 - 0.04))
                    if die.mark:  # its letter on a dark disc inside the die's top-right corner: on the
                        # frame of its own colour it did not read, and the next die's number disc covered it
                        mx, mz = x + pitch / 2 + DIE / 2 - MARK_INSET, DICE_Z + DIE / 2 - MARK_INSET
                        dark = Shapes()
                        dark.ring(mx, mz, MARK_R, 0.0, (*INSET[:3], 1.0), segments=16)
                        dark.node(self.labels_root, "mark-back")
                        badge = Label(self.labels_root, "mark", 0.026, "center", MARK_COLOURS[die.mark], shadow=False)
                        badge.set(MARK_LETTERS[die.mark], pos=(mx, mz - 0.009))
                    if die.by:  # what changed this die (a card, the target lock, a token): its number on a
                        # disc at the die's top-left corner, in the colour of its mark (the legend names it)
                        cx, cz = x + pitch / 2 - DIE / 2, DICE_Z + DIE / 2
                        disc = Shapes()
                        disc.ring(cx, cz, 0.024, 0.0, MARK_COLOURS.get(die.mark, DIM), segments=20)
                        disc.node(self.labels_root, "by-disc")
                        cause = Label(self.labels_root, "by", 0.032, "center", (*INSET[:3], 1.0), shadow=False)
                        cause.set(str(causes.index(die.by) + 1), pos=(cx, cz - 0.011))
                    x += pitch
                x += 0.06
            lines = [label for label, text in ((self.tally, tally), (self.odds, odds), (self.legend, legend)) if text]
            rows = {1: (-0.014,), 2: (0.008, -0.045), 3: (0.03, -0.016, -0.062)}.get(len(lines), ())
            for label, z in zip(lines, rows, strict=True):
                label.set(label.text, pos=(x - 0.02, DICE_Z + z))
        # the dice the current event rolls or changes grow and settle as it happens
        fresh = {i for i, d in enumerate((*attack, *defense)) if d.fresh}
        pulse = pulse_scale(progress)
        for i, (_, node) in enumerate(self._nodes):
            node.setScale(pulse if i in fresh else 1.0)


def legend_line(causes: tuple[str, ...], cards: tuple[str, ...]) -> str:
    """The dice's causes by number ("1 U.S.S. Defiant  2 target lock"), then the attack's other
    cards (those that changed no die: an extra die, a damage effect)."""
    numbered = [f"{n} {cause}" for n, cause in enumerate(causes, 1)]
    others = [card for card in cards if card not in causes]
    if others:
        numbered.append(("also: " if numbered else "cards: ") + ", ".join(others))
    return "   ".join(numbered)


def pulse_scale(progress: float) -> float:
    """The scale of a die the current event rolls or changes, ``progress`` (0..1) through it."""
    return 1.0 + 0.28 * math.sin(math.pi * min(max(progress, 0.0), 1.0))

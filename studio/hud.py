"""The heads-up display drawn over the table: round and phase, the active ship and the AI's
reason, the dice of the current attack, a panel per ship, and a caption line.

``Hud(parent, aspect)`` builds its nodes under ``parent``, a 2D node shaped like Panda3D's
``aspect2d`` (x from -aspect to +aspect, z from -1 at the bottom to +1 at the top, y ignored);
``update(moment, timeline)`` syncs them to a Timeline moment and touches only what changed, so
the viewer can call it every frame. No ShowBase globals, no font files (Panda3D's default font).

Layout (in aspect2d units; one unit is half the image height):

- top left: ``ROUND r / n`` and the phase; top centre: the active ship and the AI's reason;
- left and right columns: a panel per ship of fleet 0 (left) and fleet 1 (right): name in the
  player colour, shields and hull as pips, tokens as badges, face-up damage cards as red tags;
  a destroyed ship's panel is greyed;
- bottom centre: the dice of the attack, face by face (attack red, defense green); rerolled dice
  are outlined white (R), converted gold (C), added cyan (+), and the dice the current event
  rolls or changes pulse as it happens; below them the caption line (the event as a sentence).

:meth:`Hud.safe_area` says which part of the image the HUD leaves clear (the director frames
the ships there).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from panda3d.core import DynamicTextFont, NodePath, TextFont, TextNode, TransparencyAttrib

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.narrate import PHASES
from engine.timeline import Moment, Timeline
from engine.view import ShipView
from studio import palette
from studio.meshes import MeshBuilder

RGBA = tuple[float, float, float, float]

COLUMN_W: Final = 0.56  # width of a ship panel column
MARGIN: Final = 0.03
TOP_BOX_H: Final = 0.16
DIE: Final = 0.095  # die edge
DICE_Z: Final = -0.7  # centre line of the dice strip
CAPTION_Z: Final = -0.935

WHITE: Final[RGBA] = (0.94, 0.95, 1.0, 1.0)
DIM: Final[RGBA] = (0.66, 0.7, 0.8, 1.0)
GREY: Final[RGBA] = (0.45, 0.46, 0.5, 1.0)
PANEL: Final[RGBA] = (0.025, 0.03, 0.06, 0.74)
PANEL_EDGE: Final[RGBA] = (0.35, 0.42, 0.6, 0.55)
SHIELD_ON: Final[RGBA] = (0.35, 0.78, 1.0, 1.0)
SHIELD_OFF: Final[RGBA] = (0.16, 0.2, 0.28, 1.0)
HULL_ON: Final[RGBA] = (1.0, 0.8, 0.3, 1.0)
HULL_OFF: Final[RGBA] = (0.42, 0.12, 0.1, 1.0)
ATTACK_DIE: Final[RGBA] = (0.78, 0.12, 0.1, 1.0)
DEFENSE_DIE: Final[RGBA] = (0.1, 0.55, 0.24, 1.0)
DAMAGE_TAG: Final[RGBA] = (0.62, 0.08, 0.08, 0.95)
GOLD: Final[RGBA] = (1.0, 0.8, 0.2, 1.0)
CYAN: Final[RGBA] = (0.3, 0.95, 1.0, 1.0)
MARK_COLOURS: Final[dict[str, RGBA]] = {"rerolled": WHITE, "converted": GOLD, "added": CYAN}
MARK_LETTERS: Final = {"rerolled": "R", "converted": "C", "added": "+"}
FACE_LABELS: Final = {"hit": "HIT", "crit": "CRIT", "battle_stations": "BS", "blank": "BLANK", "evade": "EVADE"}
TOKENS: Final[dict[str, tuple[str, RGBA]]] = {
    "evade": ("EVD", (0.2, 0.65, 0.3, 1.0)),
    "scan": ("SCN", (0.55, 0.35, 0.85, 1.0)),
    "battle_stations": ("BS", (0.85, 0.62, 0.1, 1.0)),
    "aux_power": ("AUX", (0.85, 0.25, 0.18, 1.0)),
    "target_lock": ("LOCK", (0.25, 0.5, 0.95, 1.0)),
    "cloak": ("CLOAK", (0.45, 0.5, 0.58, 1.0)),
}
DICE_EVENTS: Final = ("dice_rolled", "dice_rerolled", "dice_converted", "die_added")


# --- text and flat shapes ------------------------------------------------------------------------

_FONT: TextFont | None = None


def hud_font() -> TextFont:
    """Panda3D's default font, rasterised finer than its default so HUD text stays sharp."""
    global _FONT
    if _FONT is None:
        font = TextNode.getDefaultFont()
        if isinstance(font, DynamicTextFont):
            font = font.makeCopy()
            font.setPixelsPerUnit(56)
            font.setPageSize(1024, 1024)
        _FONT = font
    return _FONT


class Label:
    """A cached TextNode: ``set`` changes the text, colour or position only when they differ."""

    def __init__(self, parent: NodePath, name: str, scale: float, align: str = "left",
                 colour: RGBA = WHITE, shadow: bool = True, wrap: float | None = None) -> None:
        self.node = TextNode(name)
        self.node.setFont(hud_font())
        self.node.setAlign({"left": TextNode.ALeft, "center": TextNode.ACenter, "right": TextNode.ARight}[align])
        self.node.setTextColor(*colour)
        if shadow:
            self.node.setShadow(0.06, 0.06)
            self.node.setShadowColor(0.0, 0.0, 0.0, 0.85)
        if wrap:
            self.node.setWordwrap(wrap)
        self.path = parent.attachNewNode(self.node)
        self.path.setScale(scale)
        self._text = ""
        self._colour = colour
        self._pos: tuple[float, float] | None = None

    def set(self, text: str, colour: RGBA | None = None, pos: tuple[float, float] | None = None) -> None:
        if text != self._text:
            self.node.setText(text)
            self._text = text
        if colour is not None and colour != self._colour:
            self.node.setTextColor(*colour)
            self._colour = colour
        if pos is not None and pos != self._pos:
            self.path.setPos(pos[0], 0.0, pos[1])
            self._pos = pos

    @property
    def text(self) -> str:
        return self._text

    def width(self) -> float:
        """The text's width in parent units."""
        return float(self.node.calcWidth(self._text)) * float(self.path.getScale()[0]) if self._text else 0.0


class Shapes:
    """Flat coloured shapes in the 2D plane (x right, z up), as one GeomNode."""

    def __init__(self) -> None:
        self.b = MeshBuilder()

    def _add(self, pts: Sequence[tuple[float, float]], colour: RGBA, centre: tuple[float, float] | None = None) -> None:
        xy = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        n = len(xy)
        if n < 3:
            return
        if centre is None:
            tris = np.stack([np.zeros(n - 2, np.int32), np.arange(1, n - 1), np.arange(2, n)], axis=1)
            verts = xy
        else:
            verts = np.vstack([np.asarray(centre, dtype=np.float64)[None, :], xy])
            k = np.arange(1, n + 1)
            tris = np.stack([np.zeros(n, np.int32), k, np.where(k < n, k + 1, 1)], axis=1)
        pos = np.column_stack([verts[:, 0], np.zeros(len(verts)), verts[:, 1]])
        self.b.add(pos, tris.astype(np.int32), colour)

    def rect(self, x0: float, z0: float, x1: float, z1: float, colour: RGBA) -> None:
        self._add([(x0, z0), (x1, z0), (x1, z1), (x0, z1)], colour)

    def rounded(self, x0: float, z0: float, x1: float, z1: float, r: float, colour: RGBA) -> None:
        r = min(r, (x1 - x0) / 2, (z1 - z0) / 2)
        pts: list[tuple[float, float]] = []
        for cx, cz, a0 in ((x1 - r, z0 + r, -90), (x1 - r, z1 - r, 0), (x0 + r, z1 - r, 90), (x0 + r, z0 + r, 180)):
            for k in range(5):
                a = math.radians(a0 + 22.5 * k)
                pts.append((cx + r * math.cos(a), cz + r * math.sin(a)))
        self._add(pts, colour)

    def frame(self, x0: float, z0: float, x1: float, z1: float, w: float, colour: RGBA) -> None:
        """A rectangular outline ``w`` thick, inside the rectangle."""
        self.rect(x0, z0, x1, z0 + w, colour)
        self.rect(x0, z1 - w, x1, z1, colour)
        self.rect(x0, z0 + w, x0 + w, z1 - w, colour)
        self.rect(x1 - w, z0 + w, x1, z1 - w, colour)

    def star(self, cx: float, cz: float, r_out: float, r_in: float, points: int, colour: RGBA,
             turn: float = 0.0) -> None:
        pts = []
        for k in range(2 * points):
            r = r_out if k % 2 == 0 else r_in
            a = math.radians(90 + turn + 180 * k / points)
            pts.append((cx + r * math.cos(a), cz + r * math.sin(a)))
        self._add(pts, colour, centre=(cx, cz))

    def ring(self, cx: float, cz: float, r_out: float, r_in: float, colour: RGBA, segments: int = 28) -> None:
        for k in range(segments):
            a0, a1 = 2 * math.pi * k / segments, 2 * math.pi * (k + 1) / segments
            self._add([(cx + r_in * math.cos(a0), cz + r_in * math.sin(a0)),
                       (cx + r_out * math.cos(a0), cz + r_out * math.sin(a0)),
                       (cx + r_out * math.cos(a1), cz + r_out * math.sin(a1)),
                       (cx + r_in * math.cos(a1), cz + r_in * math.sin(a1))], colour)

    def polygon(self, pts: Sequence[tuple[float, float]], colour: RGBA,
                centre: tuple[float, float] | None = None) -> None:
        self._add(pts, colour, centre)

    def node(self, parent: NodePath, name: str) -> NodePath:
        return parent.attachNewNode(self.b.node(name))


def replace_children(node: NodePath) -> NodePath:
    """Remove ``node``'s children (to rebuild it in place, keeping its draw order)."""
    for child in node.getChildren():
        child.removeNode()
    return node


# --- dice ----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DieFace:
    """One die of the attack as the HUD draws it."""

    kind: str  # "attack" or "defense"
    face: str
    mark: str = ""  # "", "rerolled", "converted", "added"
    fresh: bool = False  # rolled or changed by the event in progress


def dice_faces(moment: Moment, timeline: Timeline) -> tuple[tuple[DieFace, ...], tuple[DieFace, ...]]:
    """The attack and defense dice at ``moment`` with how each came to be (for the dice strip)."""
    if moment.dice is None or moment.index < 0:
        return (), ()
    marks: dict[str, list[str]] = {"attack": [""] * len(moment.dice.attack),
                                   "defense": [""] * len(moment.dice.defense)}
    fresh: dict[str, set[int]] = {"attack": set(), "defense": set()}
    start = moment.attack_index
    for j in range(max(start, 0), moment.index + 1):
        e = timeline.events[j]
        now = j == moment.index and moment.progress < 1.0
        if isinstance(e, ev.DiceRolled):
            marks[e.kind] = [""] * len(marks[e.kind])
            if now:
                fresh[e.kind] = set(range(len(e.faces)))
        elif isinstance(e, ev.DiceRerolled | ev.DiceConverted):
            what = "rerolled" if isinstance(e, ev.DiceRerolled) else "converted"
            for i in e.indices:
                if i < len(marks[e.kind]):
                    marks[e.kind][i] = what
            if now:
                fresh[e.kind] = set(e.indices)
        elif isinstance(e, ev.DieAdded):
            n = len(marks[e.kind])
            if n and not marks[e.kind][n - 1]:
                marks[e.kind][n - 1] = "added"
            if now:
                fresh[e.kind] = {n - 1}
    # the Timeline's ``*_changed`` flags also mark rerolled and added dice of a replay made elsewhere
    for kind, faces, changed in (("attack", moment.dice.attack, moment.dice.attack_changed),
                                 ("defense", moment.dice.defense, moment.dice.defense_changed)):
        for i, flag in enumerate(changed[:len(faces)]):
            if flag and not marks[kind][i]:
                marks[kind][i] = "rerolled"
    attack = tuple(DieFace("attack", f, marks["attack"][i], i in fresh["attack"])
                   for i, f in enumerate(moment.dice.attack))
    defense = tuple(DieFace("defense", f, marks["defense"][i], i in fresh["defense"])
                    for i, f in enumerate(moment.dice.defense))
    return attack, defense


def die_shapes(die: DieFace, size: float = DIE) -> Shapes:
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
        self._shapes: dict[DieFace, NodePath] = {}
        self._nodes: list[tuple[DieFace, NodePath]] = []
        self._key: object = None

    def _shape(self, die: DieFace) -> NodePath:
        key = DieFace(die.kind, die.face, die.mark)
        if key not in self._shapes:
            self._shapes[key] = NodePath(die_shapes(key).b.node("die"))
        return self._shapes[key]

    def update(self, attack: tuple[DieFace, ...], defense: tuple[DieFace, ...], progress: float,
               tally: str, odds: str = "") -> None:
        if not attack and not defense:
            self.root.hide()
            self._key = None
            return
        self.root.show()
        layout = (tuple(DieFace(d.kind, d.face, d.mark) for d in attack),
                  tuple(DieFace(d.kind, d.face, d.mark) for d in defense), tally, odds)
        pitch = DIE + 0.03
        if layout != self._key:
            self._key = layout
            for _, node in self._nodes:
                node.removeNode()
            self._nodes = []
            replace_children(self.labels_root)
            replace_children(self.backing)
            label_w = 0.24
            groups = [g for g in (attack, defense) if g]
            width = label_w * len(groups) + pitch * (len(attack) + len(defense)) + 0.06 * (len(groups) - 1)
            self.tally.set(tally)
            self.odds.set(odds)
            tally_w = max(self.tally.width(), self.odds.width()) + 0.04 if tally or odds else 0.0
            x = -(width + tally_w) / 2
            back = Shapes()
            back.rounded(x - 0.04, DICE_Z - DIE / 2 - 0.075, x + width + tally_w + 0.03, DICE_Z + DIE / 2 + 0.03,
                         0.025, PANEL)
            back.node(self.backing, "back")
            self.attack_label.path.hide()
            self.defense_label.path.hide()
            for group, label, name in ((attack, self.attack_label, "ATTACK"), (defense, self.defense_label,
                                                                             "DEFENSE")):
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
                    if die.mark:
                        badge = Label(self.labels_root, "mark", 0.03, "center", MARK_COLOURS[die.mark])
                        badge.set(MARK_LETTERS[die.mark], pos=(x + pitch / 2 + DIE / 2, DICE_Z + DIE / 2 - 0.005))
                    x += pitch
                x += 0.06
            self.tally.set(tally, pos=(x - 0.02, DICE_Z + (0.008 if odds else -0.014)))
            self.odds.set(odds, pos=(x - 0.02, DICE_Z - 0.045))
        # the dice the current event rolls or changes grow and settle as it happens
        fresh = {i for i, d in enumerate((*attack, *defense)) if d.fresh}
        pulse = 1.0 + 0.28 * math.sin(math.pi * min(max(progress, 0.0), 1.0))
        for i, (_, node) in enumerate(self._nodes):
            node.setScale(pulse if i in fresh else 1.0)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def odds_line(odds: object) -> str:
    """The attack's odds (``Moment.odds``): expected damage before the roll, how lucky it was after."""
    if odds is None:
        return ""
    expected, p_damage = getattr(odds, "expected", None), getattr(odds, "p_damage", None)
    actual, percentile = getattr(odds, "actual", None), getattr(odds, "percentile", None)
    if actual is not None and percentile is not None:
        return f"{actual} damage: a {ordinal(round(100 * float(percentile)))} percentile roll"
    if expected is None or p_damage is None:
        return ""
    return f"odds: {float(expected):.1f} damage expected, {100 * float(p_damage):.0f}% chance of any"


def dice_tally(attack: Sequence[DieFace], defense: Sequence[DieFace]) -> str:
    """``3 hits 1 crit vs 1 evade``: what the dice on the table add up to."""
    if not attack:
        return ""
    hits = sum(d.face == "hit" for d in attack)
    crits = sum(d.face == "crit" for d in attack)
    parts = [f"{hits} hit{'s' if hits != 1 else ''}"] + ([f"{crits} crit{'s' if crits != 1 else ''}"] if crits else [])
    text = " ".join(parts)
    if defense:
        evades = sum(d.face == "evade" for d in defense)
        text += f"  vs  {evades} evade{'s' if evades != 1 else ''}"
    return text


# --- ship panels ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PanelState:
    """What one ship panel shows (compared frame to frame so only changes are rebuilt)."""

    name: str
    player: int
    shields: int
    shields_max: int
    hull: int
    hull_max: int
    tokens: tuple[str, ...]
    damage: tuple[str, ...]  # face-up card titles, then "N face down"
    active: bool
    destroyed: bool
    class_name: str = ""  # the ship class, printed small at the card's top right


def short(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 2].rstrip() + ".."


def card_title(key: str) -> str:
    return key.replace("_", " ").title()


def token_badges(tokens: Sequence[str], names: dict[str, str]) -> list[tuple[str, RGBA]]:
    """Badges for a ship's tokens: ``EVD x2``, ``LOCK Defiant``..."""
    counts: dict[str, int] = {}
    order: list[str] = []
    for token in tokens:
        if token == "critical":
            continue
        if token not in counts:
            order.append(token)
        counts[token] = counts.get(token, 0) + 1
    out = []
    for token in order:
        kind, _, arg = token.partition(":")
        text, colour = TOKENS.get(kind, (kind.upper()[:5], GREY))
        if kind == "target_lock" and arg:
            text = f"LOCK {short(names.get(arg, arg), 11)}"
        elif kind == "cloak":
            text = "CLOAK"
        if counts[token] > 1:
            text += f" x{counts[token]}"
        out.append((text, colour))
    return out


class ShipPanel:
    """One ship's panel: a backing, the name, shield and hull pips, tokens and damage cards."""

    HEIGHT: Final = 0.2

    def __init__(self, parent: NodePath, ship_id: str) -> None:
        self.root = parent.attachNewNode(f"panel-{ship_id}")
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
        self._state: PanelState | None = None
        self._names: dict[str, str] = {}
        self._token_end = 0.035  # where the token badges' row ends

    def update(self, state: PanelState, names: dict[str, str]) -> None:
        if state == self._state:
            return
        old, self._state, self._names = self._state, state, names
        w, h = self.width, self.HEIGHT
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
        self.name.set(short(state.name, 24), name_colour, (0.035, -0.05))
        self.gone.set("DESTROYED" if state.destroyed else "", pos=(0.035, -0.157))
        if old is None or (old.shields, old.shields_max, old.hull, old.hull_max, old.destroyed) != (
                state.shields, state.shields_max, state.hull, state.hull_max, state.destroyed):
            self._pips(state)
        if old is None or (old.tokens, old.damage, old.destroyed) != (state.tokens, state.damage, state.destroyed):
            self._badges(state)
        self._place_class(state)
        self.root.setColorScale(0.62, 0.62, 0.62, 1.0) if state.destroyed else self.root.clearColorScale()

    def _place_class(self, state: PanelState) -> None:
        """The ship class at the right of the name's row, else of the tokens' row, whichever has
        room (shortened to fit the roomier one, left out below six letters)."""
        w = self.width
        cls = state.class_name.removesuffix(" Class")
        rows = [(w - 0.035 - self.name.width() - 0.05, -0.047), (w - self._token_end - 0.04, -0.156)]
        self.ship_class.set(cls, pos=(w - 0.02, rows[0][1]))
        fits = [row for row in rows if self.ship_class.width() <= row[0]]
        room, z = fits[0] if fits else max(rows)
        for n in range(len(cls), 5, -1):
            self.ship_class.set(short(cls, n), pos=(w - 0.02, z))
            if self.ship_class.width() <= room:
                return
        self.ship_class.set("")

    def _pips(self, state: PanelState) -> None:
        s = Shapes()
        z = -0.102
        most = max(state.shields_max + state.hull_max, 1)
        pip = min(0.028, (self.width - 0.035 - 2 * 0.085) / most - 0.006)
        x = 0.035
        for label, value, top, on, off in ((self.shield_text, state.shields, state.shields_max, SHIELD_ON, SHIELD_OFF),
                                           (self.hull_text, state.hull, state.hull_max, HULL_ON, HULL_OFF)):
            for k in range(top):
                s.rect(x, z - 0.014, x + pip, z + 0.014, on if k < value and not state.destroyed else off)
                x += pip + 0.006
            label.set(f"{value}/{top}", pos=(x + 0.004, z - 0.011))
            x += 0.085
        replace_children(self.pips)
        s.node(self.pips, "pips")

    def _badges(self, state: PanelState) -> None:
        replace_children(self.badges)
        s = Shapes()
        texts: list[tuple[str, float, float]] = []
        row_z = (-0.146, -0.182)
        rows: list[list[tuple[str, RGBA]]] = [token_badges(state.tokens, self._names), []]
        rows[1] = [(short(t, 18), DAMAGE_TAG) for t in state.damage]
        for r, badges in enumerate(rows):
            x = 0.035
            for text, colour in badges:
                bw = 0.022 + 0.0165 * len(text)
                if x + bw > self.width - 0.015:
                    break
                s.rounded(x, row_z[r] - 0.017, x + bw, row_z[r] + 0.017, 0.008, colour)
                texts.append((text, x + bw / 2, row_z[r] - 0.01))
                x += bw + 0.012
            if r == 0:
                self._token_end = x
        s.node(self.badges, "tags")
        for text, x, z in texts:
            label = Label(self.badges, "tag", 0.028, "center", WHITE, shadow=False)
            label.set(text, pos=(x, z))


# --- the HUD -------------------------------------------------------------------------------------

COMPACT_SCALE: Final = 1.25  # from this scale up the ship panels are left out (small images)


def hud_scale(height: int) -> float:
    """A HUD scale that keeps its text readable in a small image (1 from 540 pixels high up)."""
    return 1.0 if height >= 540 else min(1.6, 540.0 / max(height, 1))


class Hud:
    """The HUD under ``parent`` (an aspect2d-like node) for an image of ``aspect`` = width / height.

    ``scale`` enlarges everything for small images (:func:`hud_scale`); at ``COMPACT_SCALE`` and
    above the ship panels are left out so the table stays visible.
    """

    def __init__(self, parent: NodePath, aspect: float, *, scale: float = 1.0) -> None:
        self.parent = parent
        self.aspect = aspect
        self.scale = scale
        self.root = parent.attachNewNode("hud")
        self.root.setScale(scale)
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.root.setBin("unsorted", 0)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setLightOff(1)
        self.root.setTwoSided(True)
        self.fleet_names: list[str] = []
        # top left: round and phase
        self.top_left = self.root.attachNewNode("round")
        self.round_back = self.top_left.attachNewNode("back")
        self.round = Label(self.top_left, "round", 0.06)
        self.phase = Label(self.top_left, "phase", 0.042, colour=(0.75, 0.85, 1.0, 1.0))
        # top centre: the active ship and the AI's reason
        self.top = self.root.attachNewNode("active")
        self.active_back = self.top.attachNewNode("back")
        self.active = Label(self.top, "active", 0.048)
        self.versus = Label(self.top, "versus", 0.036, colour=DIM)
        self.target = Label(self.top, "target", 0.048)
        self.reason = Label(self.top, "reason", 0.036, "center", (0.85, 0.88, 0.95, 1.0), wrap=44)
        # fleets
        self.columns = [self.root.attachNewNode("fleet-0"), self.root.attachNewNode("fleet-1")]
        self.fleet_labels = [Label(c, f"fleet-{k}", 0.036, colour=DIM) for k, c in enumerate(self.columns)]
        self.panels: dict[str, ShipPanel] = {}
        # centre: ROUND n / the phase, big, while the round or phase starts
        self.banner = Label(self.root, "banner", 0.13, "center", WHITE)
        self.banner_sub = Label(self.root, "banner-sub", 0.06, "center", (0.75, 0.85, 1.0, 1.0))
        # bottom (positioned against the bottom edge by ``_layout``)
        self.bottom = self.root.attachNewNode("bottom")
        self.dice = DiceStrip(self.bottom)
        self.caption_back = self.bottom.attachNewNode("caption-back")
        self.caption = Label(self.bottom, "caption", 0.042, "center")
        self._timeline: Timeline | None = None
        self._order: list[tuple[str, int]] = []
        self._names: dict[str, str] = {}
        self._gone_at: dict[str, int] = {}
        self._keys: dict[str, object] = {}
        self._layout()

    # --- layout ---------------------------------------------------------------------------------
    def set_aspect(self, aspect: float) -> None:
        """The image's width / height changed (a resized window): lay the HUD out again."""
        if aspect != self.aspect:
            self.aspect = aspect
            self._layout()
            self._place_panels()
            self._keys.clear()

    def set_fleet_names(self, names: Sequence[str]) -> None:
        """Names for the two fleet columns (the replay header's fleet names); default: the factions."""
        self.fleet_names = list(names)
        self._keys.pop("fleets", None)

    @property
    def compact(self) -> bool:
        return self.scale >= COMPACT_SCALE

    def safe_area(self) -> tuple[float, float, float, float]:
        """The part of the image the HUD leaves clear, as (left, right, bottom, top) in -1..1."""
        k = self.scale
        side = 0.04 if self.compact else min((COLUMN_W + 2 * MARGIN) * k / self.aspect, 0.45)
        return (-1.0 + side, 1.0 - side, -1.0 + 0.4 * k, 1.0 - 0.24 * k)  # the dice box reaches -1 + 0.38k

    def rects(self) -> list[tuple[float, float, float, float]]:
        """What the HUD covers now, as (left, right, bottom, top) rectangles in -1..1 image units:
        the round box, the active ship's box, each fleet label and ship panel, the dice, the caption."""
        parts = [self.top_left, self.top, self.bottom.find("dice"), self.caption_back,
                 *(label.path for label in self.fleet_labels), *(p.root for p in self.panels.values())]
        out = []
        for node in parts:
            if node.isEmpty() or node.isHidden() or (not node.getNumChildren() and not node.node().isGeomNode()):
                continue
            bounds = node.getTightBounds(self.parent)
            if bounds is None:
                continue
            lo, hi = bounds
            out.append((lo[0] / self.aspect, hi[0] / self.aspect, lo[2], hi[2]))
        return out

    def _layout(self) -> None:
        a, top = self.aspect / self.scale, 1.0 / self.scale  # the image's edges in the HUD's units
        self.top_left.setPos(-a + MARGIN, 0, top - MARGIN)
        self.top.setPos(0, 0, top - MARGIN)
        self.bottom.setPos(0, 0, 1.0 - top)  # DICE_Z and CAPTION_Z are measured from z = -1
        self.columns[0].setPos(-a + MARGIN, 0, top - MARGIN - TOP_BOX_H - 0.03)
        self.columns[1].setPos(a - MARGIN - COLUMN_W, 0, top - MARGIN - TOP_BOX_H - 0.03)
        for column in self.columns:
            if self.compact:
                column.hide()
            else:
                column.show()
        replace_children(self.round_back)
        s = Shapes()
        s.rounded(0, -TOP_BOX_H, COLUMN_W, 0, 0.02, PANEL)
        s.node(self.round_back, "back")
        self.round.set(self.round.text, pos=(0.03, -0.072))
        self.phase.set(self.phase.text, pos=(0.03, -0.128))

    def _place_panels(self) -> None:
        counts = [sum(1 for _, side in self._order if side == k) for k in (0, 1)]
        top = 1.0 / self.scale
        avail = top - MARGIN - TOP_BOX_H - 0.03 + 0.6 * top - 0.05  # down to 0.6 of the way to the bottom
        gap = 0.016
        for side in (0, 1):
            n = max(counts[side], 1)
            scale = min(1.0, (avail - 0.06) / (n * (ShipPanel.HEIGHT + gap)))
            self.fleet_labels[side].set(self.fleet_labels[side].text, pos=(0.01, -0.035))
            z = -0.055
            for ship_id, s in self._order:
                if s != side:
                    continue
                panel = self.panels[ship_id]
                panel.root.setScale(scale)
                panel.root.setPos(0, 0, z)
                z -= (ShipPanel.HEIGHT + gap) * scale

    def _bind(self, timeline: Timeline) -> None:
        """Build the panels for ``timeline``'s ships (once per timeline)."""
        self._timeline = timeline
        for panel in self.panels.values():
            panel.root.removeNode()
        self.panels.clear()
        ships = sorted(timeline.final.ships, key=lambda s: s.side)
        self._order = [(s.id, s.side % 2) for s in ships]
        self._names = {s.id: s.name for s in ships}
        self._gone_at = {}
        for i, e in enumerate(timeline.events):
            if isinstance(e, ev.ShipDestroyed) and e.removed and e.ship not in self._gone_at:
                self._gone_at[e.ship] = i
        for ship_id, side in self._order:
            self.panels[ship_id] = ShipPanel(self.columns[side], ship_id)
        self._keys.clear()
        self._place_panels()

    # --- per frame ------------------------------------------------------------------------------
    def update(self, moment: Moment, timeline: Timeline, *, captions: bool = True) -> None:
        """Show ``moment`` of ``timeline`` (``captions``: the event line at the bottom)."""
        if timeline is not self._timeline:
            self._bind(timeline)
        self._update_round(moment, timeline)
        self._update_banner(moment, timeline)
        self._update_active(moment)
        self._update_fleets(timeline)
        self._update_panels(moment, timeline)
        attack, defense = dice_faces(moment, timeline)
        self.dice.update(attack, defense, moment.progress, dice_tally(attack, defense),
                         odds_line(getattr(moment, "odds", None)))
        self._update_caption(moment.caption if captions else "")

    def _changed(self, name: str, key: object) -> bool:
        if self._keys.get(name, ()) == key:
            return False
        self._keys[name] = key
        return True

    def _update_round(self, moment: Moment, timeline: Timeline) -> None:
        limit = timeline.final.round_limit
        if not self._changed("round", (moment.round, moment.phase, limit)):
            return
        if moment.round <= 0:
            self.round.set("SETUP")
        else:
            self.round.set(f"ROUND {moment.round}" + (f" / {limit}" if limit else ""))
        phase = PHASES.get(moment.phase, moment.phase.title())
        self.phase.set(phase.upper() + (" PHASE" if moment.phase in ("planning", "activation", "combat", "end")
                                        else ""))

    def _update_banner(self, moment: Moment, timeline: Timeline) -> None:
        e = timeline.events[moment.index] if 0 <= moment.index < len(timeline.events) else None
        text, sub = "", ""
        if isinstance(e, ev.RoundStarted):
            limit = timeline.final.round_limit
            text, sub = f"ROUND {e.round}", (f"of {limit}" if limit else "")
        elif isinstance(e, ev.PhaseStarted) and e.phase in ("planning", "activation", "combat", "end"):
            text, sub = f"ROUND {e.round}", f"{PHASES[e.phase].upper()} PHASE"
        if self._changed("banner", (text, sub)):
            self.banner.set(text, pos=(0.0, 0.12))
            self.banner_sub.set(sub, pos=(0.0, 0.0))
        fade = min(1.0, max(0.0, (1.0 - moment.progress) / 0.35)) if text else 0.0
        if self._changed("banner-fade", round(fade, 3)):
            for label in (self.banner, self.banner_sub):
                label.path.setAlphaScale(fade)

    def _update_active(self, moment: Moment) -> None:
        active = moment.active
        attack = moment.view.attack
        if attack is not None:
            active = attack.attacker
        name = self._names.get(active or "", "") if active else ""
        target = self._names.get(attack.defender, attack.defender) if attack is not None else ""
        reason = moment.reason if active else ""
        if not self._changed("active", (name, target, reason)):
            return
        replace_children(self.active_back)
        if not name:
            for label in (self.active, self.versus, self.target, self.reason):
                label.set("")
            return
        sides = dict(self._order)
        colour = palette.mix(palette.player_colour(sides.get(active or "", 0)), WHITE, 0.3)
        self.active.set(name, colour)
        self.versus.set("  attacks  " if target else "")
        self.target.set(target, palette.mix(palette.player_colour(sides.get(attack.defender if attack else "", 1)),
                                            WHITE, 0.3))
        head = self.active.width() + self.versus.width() + self.target.width()
        x = -head / 2
        for label in (self.active, self.versus, self.target):
            label.set(label.text, pos=(x, -0.07 if label is not self.versus else -0.068))
            x += label.width()
        self.reason.set(reason, pos=(0.0, -0.125))
        lines = max(1, int(self.reason.node.getNumRows())) if reason else 0
        width = max(head, self.reason.width() if reason else 0.0) + 0.08
        room = self.aspect / self.scale - COLUMN_W - 2 * MARGIN  # clear of the round box and the columns
        width = min(max(width, 0.5), 2 * room - 0.04)
        s = Shapes()
        s.rounded(-width / 2, -0.095 - 0.045 * lines, width / 2, 0, 0.02, PANEL)
        s.node(self.active_back, "back")

    def _update_fleets(self, timeline: Timeline) -> None:
        names = list(self.fleet_names)
        if not self._changed("fleets", tuple(names)):
            return
        for side in (0, 1):
            if side < len(names):
                text = names[side]
            else:
                factions = [s.faction for s in timeline.final.ships if s.side % 2 == side]
                text = factions[0] if factions else f"Fleet {side + 1}"
            self.fleet_labels[side].set(short(text.upper(), 26), palette.mix(palette.player_colour(side), WHITE, 0.4),
                                        pos=(0.01, -0.035))

    def _update_panels(self, moment: Moment, timeline: Timeline) -> None:
        final = {s.id: s for s in timeline.final.ships}
        for ship_id, side in self._order:
            view: ShipView | None = moment.view.ship(ship_id)
            f = final[ship_id]
            gone_at = self._gone_at.get(ship_id)
            destroyed = (view.destroyed if view else gone_at is not None and moment.index >= gone_at)
            cards = moment.damage.get(ship_id, ())
            face_up = tuple(card_title(c) for c in cards if c)
            down = sum(1 for c in cards if not c)
            damage = face_up + ((f"{down} damage face down",) if down else ())
            panel = self.panels[ship_id]
            if view is None and not destroyed:  # not on the table yet (an Alliance reinforcement)
                panel.root.hide()
                continue
            panel.root.show()
            if view is not None:
                state = PanelState(f.name, view.player, view.shields, view.shields_max, view.hull, view.hull_max,
                                   view.tokens, damage, view.active, destroyed, f.class_name)
            else:
                state = PanelState(f.name, side, 0 if destroyed else f.shields_max, f.shields_max,
                                   0 if destroyed else f.hull, f.hull, (), damage if destroyed else (), False,
                                   destroyed, f.class_name)
            panel.update(state, self._names)

    def _update_caption(self, text: str) -> None:
        if not self._changed("caption", text):
            return
        replace_children(self.caption_back)
        self.caption.set(text, pos=(0.0, CAPTION_Z))
        if text:
            w = min(self.caption.width() + 0.08, 2 * self.aspect / self.scale - 0.04)
            s = Shapes()
            s.rounded(-w / 2, CAPTION_Z - 0.03, w / 2, CAPTION_Z + 0.058, 0.018, PANEL)
            s.node(self.caption_back, "back")

    # --- visibility -----------------------------------------------------------------------------
    def show(self) -> None:
        self.root.show()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()
        self.panels.clear()

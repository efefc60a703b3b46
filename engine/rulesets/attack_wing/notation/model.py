"""A notation as data: the header, the setup and the rounds, every line with its line number.

The parser builds these from text and the exporter from a replay; the writer turns them back
into text; the importer feeds them to the rules engine. ``used`` is the importer's mark for a
line the game consumed, so that every line the game never reached can be reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.notation.errors import Issue

if TYPE_CHECKING:
    from engine.rulesets.attack_wing.notation.terms import Measured


@dataclass(eq=False)
class Line:
    no: int  # 1-based line number in the file (0: made by the exporter)
    used: bool = field(default=False, init=False, repr=False)


@dataclass(eq=False)
class Tag(Line):
    """``Key: value`` in the header."""

    key: str
    value: str


@dataclass(eq=False)
class FleetLine(Line):
    """``Fleet A: "name" faction F resource R``: replaces the scenario's fleet for that side."""

    side: int
    name: str
    faction: str | None = None
    resource: tuple[str, ...] | None = None  # as written: one name or several


@dataclass(eq=False)
class ShipEntryLine(Line):
    """``A1 ship CARD captain CARD admiral CARD upgrades CARD CARD ...`` under a Fleet line."""

    ship: str  # A1
    card: str
    captain: str | None = None
    admiral: str | None = None
    upgrades: tuple[str, ...] = ()


@dataclass(eq=False)
class ShipLine(Line):
    """A line about one ship (the base of every body line that names a ship first)."""

    ship: str


@dataclass(eq=False)
class Placed(ShipLine):
    """``A1 placed X,Y,H (reason)``: a setup placement, or after a maneuver where the table differed."""

    pose: Pose = field(default_factory=lambda: Pose(0.0, 0.0, 0.0))
    reason: str = ""
    measured: Measured | None = None  # measured from the table's edges or another ship: ``pose`` is then resolved


@dataclass(eq=False)
class Dial(ShipLine):
    kind: str = "straight"
    speed: int = 1
    reason: str = ""


@dataclass(eq=False)
class ActionLine(ShipLine):
    """``A1 action NAME [TARGET]``; sensor echo: side (-1 left, 1 right), template speed, offset mm."""

    action: str = "pass"
    target: str | None = None  # a ship id (target lock)
    card: str | None = None  # a damage card key (regenerate, repair)
    card_number: int | None = None  # or the ship's n-th damage card, 1-based
    weapon: str | None = None  # rearm: the weapon whose Disabled Token is removed
    echo: tuple[int, int, float] | None = None
    ability: str | None = None  # action "card": the card (catalog id or name) whose Action: it resolves
    choice: str | None = None  # action "card": what the seat chose on the ship acted on ("choosing Worf + Kyle")
    reason: str = ""


FREE_CARD = "card:"  # ``Uses.action`` of ``free card NAME``: a card's "Action:" as a free action (Leonard McCoy)


@dataclass(eq=False)
class Uses(ShipLine):
    """``A1 uses CARD [dice 1 3] [free ACTION [TARGET]] [disabling CARD] [: FACES]``: a card ability
    the player used, the dice it touched (1-based), a free action it gave, the upgrade its cost
    disabled (the 3rd Wing Attack Ship's crew), a reroll's new faces."""

    card: str = ""  # a catalog id or the card's name
    indices: tuple[int, ...] = ()
    faces: tuple[str, ...] = ()
    action: str | None = None
    target: str | None = None
    reason: str = ""
    choice: str | None = None  # ``choosing CARD``: a card of its ship the ability spares (Weyoun 2034)
    pays: str | None = None  # the upgrade (catalog id or name) disabled to pay for it


@dataclass(eq=False)
class Dice(Line):
    """``attack: FACES`` or ``defense: FACES`` under an attack line."""

    kind: str = "attack"
    faces: tuple[str, ...] = ()


@dataclass(eq=False)
class Reroll(Line):
    """``reroll 4 5: FACES``: dice (1-based) rerolled and their new faces."""

    kind: str = "attack"
    indices: tuple[int, ...] = ()
    faces: tuple[str, ...] = ()


@dataclass(eq=False)
class Spend(ShipLine):
    """``B1 spends evade`` / ``A1 spends battle-stations`` under an attack line."""

    token: str = "evade"  # evade | battle_stations


@dataclass(eq=False)
class Attack(ShipLine):
    """``A1 attack B1 [with WEAPON]`` with its block of dice lines, or ``A1 holds fire``."""

    defender: str | None = None  # None: holds fire
    weapon: str | None = None  # None: the primary weapon
    reason: str = ""
    block: list[Line] = field(default_factory=list)


@dataclass(eq=False)
class Roll(ShipLine):
    """``A1 obstacle [NAME]: FACE`` or ``A1 console fire: FACE``: one attack die; ``B1 mine M1: FACES``:
    a minefield's attack dice at the ship (Antimatter Mines)."""

    cause: str = "obstacle"  # obstacle | console_fire | mine
    obstacle: str | None = None  # the obstacle's name; a mine: the minefield ("M1")
    face: str = "blank"
    faces: tuple[str, ...] = ()  # a mine's dice
    scan: bool = False  # ``B1 mine M2 scan: FACES``: the ship performed a Scan action at once (Cloaked Mines)


@dataclass(eq=False)
class Cloak(ShipLine):
    """``A1 keeps cloak`` / ``A1 drops cloak`` in the End Phase."""

    keep: bool = True


@dataclass(eq=False)
class Damage(ShipLine):
    """``B1 damage: TITLE [(face up)]``: the damage card a ship was dealt."""

    card: str = ""
    face_up: bool | None = None


@dataclass(eq=False)
class Broken(ShipLine):
    """A ship line whose verb was read but not the rest: reported once, then stands in for the
    decision so the check does not also report it missing."""

    verb: str = ""


@dataclass(eq=False)
class Comment(Line):
    """A comment line of its own (the exporter's notes on what happened; the parser drops comments)."""

    text: str = ""


@dataclass(eq=False)
class ResultLine(Line):
    winner: int | None = None  # side, None for a draw


@dataclass(eq=False)
class Round(Line):
    number: int = 0
    lines: list[Line] = field(default_factory=list)


@dataclass(eq=False)
class Notation:
    tags: list[Tag] = field(default_factory=list)
    fleets: dict[int, FleetLine] = field(default_factory=dict)
    ships: dict[int, list[ShipEntryLine]] = field(default_factory=dict)
    setup: list[Placed] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    damage: list[Damage] = field(default_factory=list)  # every damage line, in file order
    # damage cards drawn and discarded (Joachim, ``notation/drawn``): (index of the next damage line,
    # drawn after its card, the card)
    drawn: list[tuple[int, bool, Damage]] = field(default_factory=list)
    result: ResultLine | None = None
    issues: list[Issue] = field(default_factory=list)  # what the parser could not read
    last_line: int = 0
    preamble: list[str] = field(default_factory=list)  # comment lines at the top (exporter)
    epilogue: list[str] = field(default_factory=list)  # comment lines at the end (exporter)

    def tag(self, key: str) -> Tag | None:
        return next((t for t in self.tags if t.key == key), None)

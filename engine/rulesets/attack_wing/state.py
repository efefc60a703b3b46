"""Attack Wing game state as data: frozen dataclasses; the reducer makes a new one for every event.

A state is small (a tuple of ships plus a few fields), so a snapshot is cheap and the replay
reader keeps one every N events. The records copied for every event (``ShipState``,
``AttackState``, ``GameState``) keep their fields in an instance dictionary rather than slots,
so ``evolve`` copies one as ``copy.copy`` would (see ``engine/evolve.py``); every record refuses
assignment once made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.evolve import evolve as replace
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.dice import Rng

ORIGIN = Pose(0.0, 0.0, 0.0)
_NEW = object.__new__
Phase = Literal["setup", "planning", "activation", "combat", "end", "over"]
Cloak = Literal["none", "green", "red"]


@dataclass(frozen=True, slots=True)
class Weapon:
    """A secondary weapon the ship carries (an upgrade with attack and range)."""

    upgrade_id: str
    name: str
    attack: int
    range_min: int
    range_max: int
    arcs: tuple[str, ...]  # "front", "rear"
    needs_target_lock: bool  # spend the target lock on the defender to fire
    disabled: bool = False  # disabled after firing (rulings.md "Secondary weapons")
    time: int = 0  # fired by placing this many Time Tokens on its card instead of disabling it


@dataclass(frozen=True, slots=True)
class DamageCardState:
    key: str
    face_up: bool


@dataclass(frozen=True)
class ShipState:
    """One ship: printed numbers, where it is, and everything on and beside its card."""

    id: str
    side: int
    name: str
    ship_id: str
    class_name: str
    faction: str
    base: str
    captain: str
    skill: int  # printed captain skill
    attack: int
    agility: int
    hull: int
    shields_max: int
    cost: int  # fleet points (ship, captain and upgrades)
    actions: tuple[str, ...]  # the action bar
    front_arc: float | None
    rear_arc: float | None
    has_360_arc: bool
    dial: tuple[tuple[str, int, str], ...]  # (kind, speed, colour)
    weapons: tuple[Weapon, ...] = ()
    pose: Pose = ORIGIN
    shields: int = 0  # active shields
    shields_disabled: int = 0
    damage: tuple[DamageCardState, ...] = ()
    tokens_lost: int = 0  # an Attack Squadron's tokens destroyed (each counts toward its Hull Value)
    evade: int = 0
    scan: int = 0
    battle_stations: int = 0
    aux_power: int = 0
    muon: int = 0  # a Muon Token (Muon Feedback Wave): hull damage after each maneuver until an action removes it
    dampening: int = 0  # Energy Dampening Tokens (Energy Dissipator): no attack, no dial; a white 1 straight
    cloak: Cloak = "none"
    cloak_beside: bool = False  # cloaked for more than one round: cannot be target locked
    target_lock: str | None = None  # the ship this one holds a lock on
    planned: tuple[str, int] | None = None  # the dial, secret until revealed
    revealed: tuple[str, int, str] | None = None  # (kind, speed, colour) this round
    actions_done: tuple[str, ...] = ()
    attacked: bool = False  # has had its opportunity to attack this round
    extra_attack: bool = False  # a card gave it one more attack now (Once More Unto The Breach), not yet made
    # its cards with abilities (catalog ids: captain, admiral, upgrades) and what has been done to them
    cards: tuple[str, ...] = ()
    cards_disabled: tuple[str, ...] = ()  # a Disabled Token on the card
    cards_discarded: tuple[str, ...] = ()  # out of the game
    used_round: tuple[str, ...] = ()  # cards whose once-per-round ability was used this round
    used_game: tuple[str, ...] = ()  # cards whose once-per-game ability was used
    marks: tuple[str, ...] = ()  # cards whose effect this ship is under this round (Gowron's +1 die)
    cards_time: tuple[tuple[str, int], ...] = ()  # Time Tokens on its cards (card, tokens left)
    card_tokens: tuple[tuple[str, int], ...] = ()  # tokens kept on its cards (card, count): Alexander's
    protected: tuple[str, ...] = ()  # its cards no other card may disable or discard this round (Weyoun 2034)
    # upgrades it took from another ship (Superior Intellect); written into keyframes only when some
    # (``snapshots.OMIT_DEFAULT``), so replays made before it keep their bytes
    cards_taken: tuple[str, ...] = field(default=(), metadata={"omit_default": True})
    # Captain Skill in effect this phase, fixed when the phase starts (tournament ruling 14); derived
    # by the reducer, so not in keyframes (a state read from one uses the skill on the cards)
    phase_skill: int | None = field(default=None, compare=False, metadata={"derived": True})
    destroyed: bool = False  # removed from play (destroyed or fled)
    doomed: bool = False  # destroyed, kept on the table to fire (simultaneous attack rule)
    fled: bool = False

    @property
    def in_play(self) -> bool:
        return not self.destroyed

    @property
    def hull_damage(self) -> int:
        """Damage cards toward the Hull Value (a face-up Direct Hit counts twice), and a squadron's
        tokens lost."""
        return sum(2 if (c.face_up and c.key == "direct_hit") else 1 for c in self.damage) + self.tokens_lost

    def card_ready(self, card: str) -> bool:
        """The card is in play and not disabled (its abilities may be used)."""
        return card in self.cards and card not in self.cards_disabled and card not in self.cards_discarded \
            and not self.time_on(card)

    def time_on(self, card: str) -> int:
        """The Time Tokens on one of its cards."""
        return next((n for c, n in self.cards_time if c == card), 0) if self.cards_time else 0

    def face_up(self, key: str) -> bool:
        return any(c.face_up and c.key == key for c in self.damage)

    @property
    def cloaked(self) -> bool:
        return self.cloak != "none"


@dataclass(frozen=True)
class AttackState:
    """The attack being resolved, with its dice as they stand (for the HUD and the reducer)."""

    attacker: str
    defender: str
    weapon: str  # "primary" or a weapon's upgrade id
    attack_dice: tuple[str, ...] = ()
    defense_dice: tuple[str, ...] = ()
    attack_rerolled: tuple[bool, ...] = ()
    defense_rerolled: tuple[bool, ...] = ()
    elite: int | None = None  # the position of the Elite Attack Die among the attack dice (resource 4001)


@dataclass(frozen=True, slots=True)
class Result:
    winner: int | None  # side, or None for a draw
    reason: str
    points: tuple[int, int]  # fleet points scored by side 0 and side 1
    ships_lost: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Mine:
    """A Minefield Token in the play area (Antimatter Mines): it stays for the rest of the game."""

    id: str  # "M1", "M2" in the order placed
    card: str  # the card that placed it (catalog id)
    ship: str  # the ship that placed it
    x: float
    y: float


@dataclass(frozen=True)
class GameState:
    ships: tuple[ShipState, ...]
    rng: Rng
    round: int = 0
    phase: Phase = "setup"
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    active: str | None = None
    attack: AttackState | None = None
    result: Result | None = None
    seq: int = -1  # the last event applied
    round_limit: int = 0
    mines: tuple[Mine, ...] = ()  # Minefield Tokens in the play area
    # ship id -> position, and the ships tuple it was made for: derived when the state is made
    # (``__post_init__``), kept by a copy whose ships are the same tuple
    _index: dict[str, int] = field(default_factory=dict, init=False, compare=False, repr=False)
    _indexed: tuple[ShipState, ...] | None = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self._indexed is not self.ships:  # (the dataclass way to give a frozen record a derived field)
            object.__setattr__(self, "_index", {s.id: i for i, s in enumerate(self.ships)})
            object.__setattr__(self, "_indexed", self.ships)

    def stamped(self, seq: int, round: int, phase: Phase, rng: Rng) -> GameState:
        """A copy at another event: ``replace(self, seq=..., round=..., phase=..., rng=...)`` in one step
        (the reducer's, once an event): a new state filled in as ``evolve`` fills one, its ships (and
        so their index) the same."""
        new = _NEW(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields["seq"], fields["round"], fields["phase"], fields["rng"] = seq, round, phase, rng
        return new

    def ship(self, ship_id: str) -> ShipState:
        try:
            return self.ships[self._index[ship_id]]
        except KeyError:
            raise KeyError(f"no ship {ship_id!r} in this game") from None

    def with_ship(self, ship: ShipState) -> GameState:
        i = self._index[ship.id]
        return self._in_place((*self.ships[:i], ship, *self.ships[i + 1:]))

    def update(self, ship_id: str, **changes: object) -> GameState:
        """The state with one ship changed: ``with_ship(replace(ship(ship_id), **changes))`` in one step
        (the reducer's commonest)."""
        i = self._index.get(ship_id)
        if i is None:
            raise KeyError(f"no ship {ship_id!r} in this game")
        ships = self.ships
        return self._in_place((*ships[:i], replace(ships[i], **changes), *ships[i + 1:]))

    def _in_place(self, ships: tuple[ShipState, ...]) -> GameState:
        """A copy with ``ships``, whose ids are this state's in the same places: its index holds for
        them, so it is made as ``stamped`` makes one, without working the index out again."""
        new = _NEW(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields["ships"] = fields["_indexed"] = ships
        return new

    def in_play(self, side: int | None = None) -> list[ShipState]:
        return [s for s in self.ships if s.in_play and (side is None or s.side == side)]

    def enemies(self, ship: ShipState) -> list[ShipState]:
        return [s for s in self.ships if s.in_play and s.side != ship.side]

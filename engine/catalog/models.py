"""Pydantic models of the ship catalog (generated from the Space Dock data by scripts/build_catalog.py).

Every model is frozen and forbids unknown fields, so the committed catalog.json is checked
field by field when it loads. Ids stay strings: the data mixes "5000" with "james_t_kirk_71523".
"""

from __future__ import annotations

import datetime
from typing import Literal, NewType, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

ShipClassId = NewType("ShipClassId", str)
ShipId = NewType("ShipId", str)
CaptainId = NewType("CaptainId", str)
AdmiralId = NewType("AdmiralId", str)
UpgradeId = NewType("UpgradeId", str)
ResourceId = NewType("ResourceId", str)
SetId = NewType("SetId", str)

# The exact kind strings of the data's dials; geometry code imports this type from here.
ManeuverKind = Literal[
    "straight", "left-bank", "right-bank", "left-turn", "right-turn", "about",
    "left-spin", "right-spin", "left-flank", "right-flank", "stop",
    "left-45-degree-rotate", "right-45-degree-rotate", "left-90-degree-rotate", "right-90-degree-rotate",
]
MANEUVER_KINDS: tuple[ManeuverKind, ...] = get_args(ManeuverKind)

ManeuverColour = Literal["green", "white", "red"]
MANEUVER_COLOURS: tuple[ManeuverColour, ...] = get_args(ManeuverColour)

# Action bar icons, in the order the data lists them (also the canonical order in the catalog).
Action = Literal[
    "evasive_maneuvers", "target_lock", "scan", "battle_stations", "cloak", "sensor_echo", "regenerate",
]
ACTIONS: tuple[Action, ...] = get_args(Action)

BaseSize = Literal["small", "large"]

UpgradeType = Literal["crew", "tech", "weapon", "talent", "borg", "squadron", "resource"]
UPGRADE_TYPES: tuple[UpgradeType, ...] = get_args(UpgradeType)

SPEED_MIN = -3
SPEED_MAX = 6


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Maneuver(_Model):
    """One dial entry: speed (negative straight = full astern, 0 = stop/rotate), kind, colour."""

    speed: int = Field(ge=SPEED_MIN, le=SPEED_MAX)
    kind: ManeuverKind
    colour: ManeuverColour


def maneuver_sort_key(m: Maneuver) -> tuple[int, int]:
    """Stable dial order: fastest first (full astern last), then the kind's canonical position."""
    return (-m.speed, MANEUVER_KINDS.index(m.kind))


class ShipClass(_Model):
    """A ship class: its maneuver dial, firing arcs and base size.

    A class with a 360-degree arc has ``has_360_arc`` set and no front or rear arc
    (the tournament rules treat such a ship as having neither); see docs/rulings.md.
    """

    id: ShipClassId
    name: str = Field(min_length=1)
    maneuvers: tuple[Maneuver, ...] = Field(min_length=1)
    front_arc: Literal[90, 180] | None
    rear_arc: Literal[90] | None
    has_360_arc: bool
    base_size: BaseSize

    @field_validator("maneuvers")
    @classmethod
    def _dial_is_canonical(cls, value: tuple[Maneuver, ...]) -> tuple[Maneuver, ...]:
        keys = [(m.speed, m.kind) for m in value]
        if len(set(keys)) != len(keys):
            raise ValueError("a dial lists the same speed and kind twice")
        return tuple(sorted(value, key=maneuver_sort_key))

    @model_validator(mode="after")
    def _arcs_agree(self) -> ShipClass:
        if self.has_360_arc and (self.front_arc is not None or self.rear_arc is not None):
            raise ValueError(f"class {self.id}: a 360-degree arc excludes front and rear arcs")
        if not self.has_360_arc and self.front_arc is None:
            raise ValueError(f"class {self.id}: no front arc and no 360-degree arc")
        return self

    @property
    def speeds(self) -> tuple[int, ...]:
        """The speeds on the dial, highest first (full astern last)."""
        return tuple(sorted({m.speed for m in self.maneuvers}, reverse=True))

    @property
    def kinds(self) -> tuple[ManeuverKind, ...]:
        """The maneuver kinds on the dial, in canonical order."""
        present = {m.kind for m in self.maneuvers}
        return tuple(k for k in MANEUVER_KINDS if k in present)

    def maneuver(self, kind: ManeuverKind, speed: int) -> Maneuver | None:
        """The dial entry for this kind and speed, or None when the dial lacks it."""
        for m in self.maneuvers:
            if m.kind == kind and m.speed == speed:
                return m
        return None


class UpgradeSlots(_Model):
    """How many upgrades of each type the ship's upgrade bar holds."""

    crew: int = Field(ge=0)
    weapon: int = Field(ge=0)
    tech: int = Field(ge=0)
    borg: int = Field(ge=0)
    squadron: int = Field(ge=0)


class Ship(_Model):
    """A ship card: its class, faction, stats, cost, action bar and upgrade bar."""

    id: ShipId
    name: str = Field(min_length=1)
    class_id: ShipClassId
    class_name: str
    faction: str
    additional_faction: str | None
    unique: bool
    mirror_universe_unique: bool
    attack: int = Field(ge=0)
    agility: int = Field(ge=0)
    hull: int = Field(ge=0)
    shields: int = Field(ge=0)
    cost: int = Field(ge=0)
    actions: tuple[Action, ...]
    slots: UpgradeSlots
    captain_limit: int = Field(ge=0)
    sets: tuple[SetId, ...]

    @field_validator("actions")
    @classmethod
    def _actions_canonical(cls, value: tuple[Action, ...]) -> tuple[Action, ...]:
        # A set in meaning, a tuple in canonical order on disk so the JSON bytes are stable.
        present = set(value)
        return tuple(a for a in ACTIONS if a in present)

    def has_action(self, action: Action) -> bool:
        return action in self.actions


class Captain(_Model):
    """A captain card: skill, elite talent slots, cost."""

    id: CaptainId
    name: str = Field(min_length=1)
    faction: str
    additional_faction: str | None
    unique: bool
    mirror_universe_unique: bool
    skill: int = Field(ge=0)
    talents: int = Field(ge=0)
    cost: int = Field(ge=0)
    special: str | None  # Space Dock's fleet-building rule tag (e.g. "Add_Crew_1"); not card text
    sets: tuple[SetId, ...]


class Admiral(_Model):
    """An admiral card: skill, admiral talent slots, the skill modifier it gives its captain, cost."""

    id: AdmiralId
    name: str = Field(min_length=1)
    faction: str
    unique: bool
    mirror_universe_unique: bool
    skill: int = Field(ge=0)
    talents: int = Field(ge=0)
    skill_modifier: int
    cost: int = Field(ge=0)
    special: str | None
    sets: tuple[SetId, ...]


class WeaponRange(_Model):
    """An inclusive range band span printed on a weapon, e.g. 2-3."""

    min: int = Field(ge=0, le=3)
    max: int = Field(ge=0, le=3)

    @model_validator(mode="after")
    def _ordered(self) -> WeaponRange:
        if self.min > self.max:
            raise ValueError(f"range {self.min}-{self.max} is reversed")
        return self


class Upgrade(_Model):
    """An upgrade card (crew, tech, weapon, elite talent, borg, squadron, resource-upgrade)."""

    id: UpgradeId
    name: str = Field(min_length=1)
    type: UpgradeType
    faction: str
    additional_faction: str | None
    unique: bool
    mirror_universe_unique: bool
    cost: int = Field(ge=0)
    attack: int | None = Field(default=None, ge=0)
    range: WeaponRange | None = None
    # The card prints "*" or "?" for attack or range: the value comes from its text.
    variable_stats: bool = False
    special: str | None
    sets: tuple[SetId, ...]


class Resource(_Model):
    """A fleet resource (one per tournament fleet)."""

    id: ResourceId
    name: str = Field(min_length=1)
    type: str
    unique: bool
    cost: int = Field(ge=0)
    sets: tuple[SetId, ...]


class CardSet(_Model):
    """A product (expansion pack, OP prize) that cards came in."""

    id: SetId
    name: str
    release_date: datetime.date


class CatalogData(_Model):
    """The whole catalog as stored in engine/catalog/catalog.json."""

    source: str
    source_version: str
    ship_classes: tuple[ShipClass, ...]
    ships: tuple[Ship, ...]
    captains: tuple[Captain, ...]
    admirals: tuple[Admiral, ...]
    upgrades: tuple[Upgrade, ...]
    resources: tuple[Resource, ...]
    sets: tuple[CardSet, ...]

    @model_validator(mode="after")
    def _references_resolve(self) -> CatalogData:
        class_names = {c.id: c.name for c in self.ship_classes}
        set_ids = {s.id for s in self.sets}
        for ship in self.ships:
            if class_names.get(ship.class_id) != ship.class_name:
                raise ValueError(f"ship {ship.id} names class {ship.class_id!r} / {ship.class_name!r}")
        cards: tuple[tuple[Ship | Captain | Admiral | Upgrade | Resource, ...], ...] = (
            self.ships, self.captains, self.admirals, self.upgrades, self.resources,
        )
        id_lists: list[list[str]] = [[c.id for c in self.ship_classes], [s.id for s in self.sets]]
        id_lists += [[card.id for card in group] for group in cards]
        for ids in id_lists:
            # Look-ups match ids case-insensitively, so they must be unique that way.
            if len({i.casefold() for i in ids}) != len(ids):
                raise ValueError("an id repeats within one kind of card")
        for group in cards:
            for card in group:
                missing = [s for s in card.sets if s not in set_ids]
                if missing:
                    raise ValueError(f"card {card.id} names unknown sets {missing}")
        return self

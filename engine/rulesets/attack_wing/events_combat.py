"""Attack Wing events of combat: attacks declared and their odds, dice rolled, rerolled, converted and
added, weapons disabled and enabled, damage dealt, ships destroyed, the damage deck reshuffled."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.rulesets.attack_wing.events_base import Name, Reason, ShipRef, Small, _Event
from engine.rulesets.models import Coord


class AttackDeclared(_Event):
    type: Literal["attack_declared"] = "attack_declared"
    ship: ShipRef
    defender: ShipRef
    weapon: Name  # "primary" or the weapon's upgrade id
    weapon_name: Name
    arc: Literal["front", "rear", "360"]
    range_band: Annotated[int, Field(ge=1, le=3)]
    distance: Coord
    obstructed: bool
    line: tuple[tuple[Coord, Coord], tuple[Coord, Coord]]
    reason: Reason = ""


Probability = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]


class AttackOdds(_Event):
    """The exact odds of the declared attack before any die is rolled (``odds.py``): the dice and
    the tokens the spending policy will use, expected damage (uncanceled hits + crits),
    P(at least one damage), P(at least one uncanceled crit), and P(damage = k) for k = 0, 1, ..."""

    type: Literal["attack_odds"] = "attack_odds"
    ship: ShipRef
    defender: ShipRef
    attack_dice: Annotated[int, Field(ge=0, le=100)]
    defense_dice: Annotated[int, Field(ge=0, le=100)]
    target_lock: bool
    attack_battle_stations: bool
    defense_battle_stations: bool
    evade_tokens: Annotated[int, Field(ge=0, le=100)]
    cards: Annotated[tuple[Name, ...], Field(max_length=40)] = ()  # card abilities the odds account for
    expected: Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)]
    p_damage: Probability
    p_crit: Probability
    damage: Annotated[tuple[Probability, ...], Field(max_length=101)]


class DiceRolled(_Event):
    type: Literal["dice_rolled"] = "dice_rolled"
    ship: ShipRef
    kind: Literal["attack", "defense"]
    faces: tuple[Literal["hit", "crit", "battle_stations", "blank", "evade", "double_hit"], ...]
    count_reason: Reason = ""  # how the number of dice was worked out


class DiceRerolled(_Event):
    type: Literal["dice_rerolled"] = "dice_rerolled"
    ship: ShipRef
    kind: Literal["attack", "defense"]
    indices: tuple[Annotated[int, Field(ge=0, le=100)], ...]
    faces: tuple[Literal["hit", "crit", "battle_stations", "blank", "evade", "double_hit"], ...]
    cause: Name


class DiceConverted(_Event):
    type: Literal["dice_converted"] = "dice_converted"
    ship: ShipRef
    kind: Literal["attack", "defense"]
    indices: tuple[Annotated[int, Field(ge=0, le=100)], ...]
    to: Literal["hit", "crit", "evade", "blank"]  # blank: a result canceled (compare step)
    cause: Name


class DieAdded(_Event):
    type: Literal["die_added"] = "die_added"
    ship: ShipRef
    kind: Literal["attack", "defense"]
    face: Literal["hit", "crit", "evade"]
    cause: Name


class WeaponDisabled(_Event):
    """A weapon fired (or disabled by a card): a Disabled Token on it, or with ``time`` that many
    Time Tokens instead (a weapon whose card says so: it fires again once they are gone), or with
    ``discard`` its card discarded to fire (it fires no more; no action re-arms it)."""

    type: Literal["weapon_disabled"] = "weapon_disabled"
    ship: ShipRef
    weapon: Name
    time: Annotated[int, Field(ge=0, le=9)] = 0
    discard: bool = False


class SquadronTokenLost(_Event):
    """An Attack Squadron's hull damage: the top token of its stack is destroyed instead of a
    damage card (tournament "Attack Squadrons"), and the next token's shields come up; the last
    token lost destroys the squadron."""

    type: Literal["squadron_token_lost"] = "squadron_token_lost"
    ship: ShipRef
    cause: Reason


class WeaponEnabled(_Event):
    """A Disabled Token removed from a weapon's upgrade card by an action: it may fire again
    (rulebook "Disabling Upgrade Cards")."""

    type: Literal["weapon_enabled"] = "weapon_enabled"
    ship: ShipRef
    weapon: Name


class AttackResolved(_Event):
    """Compare results: what is left after evades cancel hits, then crits."""

    type: Literal["attack_resolved"] = "attack_resolved"
    ship: ShipRef
    defender: ShipRef
    hits: Small
    crits: Small
    canceled: Small
    # how lucky the attacker was: P(damage < this) + P(damage = this) / 2 under the odds recorded
    # before the roll (0.5: an average roll); None in logs written before odds were recorded
    percentile: Probability | None = None


class AttackSkipped(_Event):
    type: Literal["attack_skipped"] = "attack_skipped"
    ship: ShipRef
    cause: Name


class DamageDealt(_Event):
    """One point of damage: an active shield lost, or a damage card (face up when critical)."""

    type: Literal["damage_dealt"] = "damage_dealt"
    ship: ShipRef
    to: Literal["shield", "hull"]
    card: Name | None = None  # the damage card's key when to == "hull"
    face_up: bool = False
    cause: Name


class ShipDestroyed(_Event):
    type: Literal["ship_destroyed"] = "ship_destroyed"
    ship: ShipRef
    cause: Name
    removed: bool = True  # False: kept to fire under the simultaneous attack rule
    fled: bool = False  # it left the play area (rulebook "Fleeing the Battlefield")


class DamageDeckReshuffled(_Event):
    """The damage deck ran out: the discard pile, shuffled, is the new deck (top first); ``draws``
    counts the random numbers the shuffle took."""

    type: Literal["damage_deck_reshuffled"] = "damage_deck_reshuffled"
    ship: ShipRef  # the ship about to be dealt a card
    deck: Annotated[tuple[Name, ...], Field(max_length=1000)]

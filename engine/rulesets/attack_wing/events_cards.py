"""Attack Wing events of cards: an ability used, shields repaired, cards disabled, enabled and discarded,
damage cards drawn, an upgrade taken, Time Tokens removed."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.rulesets.attack_wing.events_base import Name, Reason, ShipRef, Small, _Event


class AbilityUsed(_Event):
    """A card's ability is used (``abilities/``): the card, its window, the cost paid and what the
    seat chose (dice, a target, an action). Its effect follows as the usual events, their cause the
    card's name (a reroll, a die added, a token); dice-count changes are in ``dice_rolled``'s reason."""

    type: Literal["ability_used"] = "ability_used"
    ship: ShipRef  # the ship whose card it is
    card: Name  # the card's catalog id
    card_name: Name
    ability: Annotated[int, Field(ge=0, le=20)] = 0  # which of the card's abilities
    window: Literal["action", "free_action", "declare_target", "attack_dice", "modify_attack", "defense_dice",
                    "modify_defense", "compare", "damage", "end", "resist", "destroyed", "after_move",
                    "aux_power", "before_move", "activation_end", "extra_attack",
                    "planning", "cloak", "damaged", "transfer", "critical", "split_attack",
                    "mines"]
    subject: ShipRef | None = None  # the ship it acts on, when not its own
    dice: tuple[Annotated[int, Field(ge=0, le=100)], ...] = ()  # the dice it touches
    choice: Name | None = None  # a free action's name
    target: ShipRef | None = None  # a free target lock's target
    amount: Small = 0  # dice added or removed, damage added
    limit: Literal["none", "round", "game"] = "none"
    uses: Annotated[int, Field(ge=0, le=20)] = 0  # limit "game": uses allowed in the game (0: one)
    disable: bool = False
    discard: bool = False
    token: Literal["evade", "scan", "battle_stations"] | None = None  # spent from beside the ship
    time: Annotated[int, Field(ge=0, le=20)] = 0  # Time Tokens placed on the card
    marks: Annotated[tuple[ShipRef, ...], Field(max_length=40)] = ()  # ships under its effect this round
    faces: Annotated[tuple[Literal["hit", "crit", "battle_stations", "blank", "evade"], ...], Field(max_length=20)] = ()
    # the dice the ability rolled (Riker's return fire, Kira Nerys's defense dice; ``draws`` counts them)
    summary: Reason = ""  # what it does
    reason: Reason = ""  # why the seat used it


class ShieldsRepaired(_Event):
    """Destroyed shields repaired: they return active (a card's ability)."""

    type: Literal["shields_repaired"] = "shields_repaired"
    ship: ShipRef
    amount: Annotated[int, Field(ge=1, le=20)]
    cause: Name


class CardDisabled(_Event):
    """A Disabled Token placed on an upgrade card by another card's ability (rulebook "Disabling
    Upgrade Cards"); a weapon disabled so has its ``weapon_disabled`` too."""

    type: Literal["card_disabled"] = "card_disabled"
    ship: ShipRef
    card: Name
    cause: Name


class CardDiscarded(_Event):
    """An upgrade card of a ship discarded by another ship's card (a boarding party, Sabotage): it
    leaves the game; a weapon discarded so fires no more."""

    type: Literal["card_discarded"] = "card_discarded"
    ship: ShipRef
    card: Name
    cause: Name


class DamageCardsDrawn(_Event):
    """A card lets the attacker draw two damage cards for one critical hit on the hull (Joachim): the
    two top cards, in the order drawn; ``kept`` is dealt next (``damage_dealt``), the other goes to
    the discard pile."""

    type: Literal["damage_cards_drawn"] = "damage_cards_drawn"
    ship: ShipRef  # the ship about to suffer the critical damage
    card: Name  # the card that draws two (its catalog id)
    drawn: Annotated[tuple[Name, ...], Field(min_length=2, max_length=2)]
    kept: Name


class UpgradeTaken(_Event):
    """A ship's card takes an upgrade card from another ship (Superior Intellect): the card leaves
    ``source`` and joins ``ship``, with what is on it (a Disabled Token, Time Tokens, tokens kept on
    it, its uses) and, for a weapon, the weapon (rulings.md "Superior Intellect")."""

    type: Literal["upgrade_taken"] = "upgrade_taken"
    ship: ShipRef  # the ship that takes it
    source: ShipRef  # the ship it is taken from
    card: Name
    cause: Name


class CardEnabled(_Event):
    """A Disabled Token removed from an upgrade card (the ship's action, rulebook "Disabling Upgrade
    Cards")."""

    type: Literal["card_enabled"] = "card_enabled"
    ship: ShipRef
    card: Name
    cause: Name


class TimeTokensRemoved(_Event):
    """End Phase: one Time Token removed from each of these cards of the ship (rulebook "Time Tokens")."""

    type: Literal["time_tokens_removed"] = "time_tokens_removed"
    ship: ShipRef
    cards: Annotated[tuple[Name, ...], Field(min_length=1, max_length=40)]

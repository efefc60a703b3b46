"""The damage deck (rulings.md "Damage deck"): the cards the engine uses and what their
critical (face-up) effects do, in the project's words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class DamageCard:
    """A kind of damage card: its title, how many are in the deck, and its face-up effect."""

    key: str
    title: str
    count: int
    effect: str
    repairable: bool = False  # an Action flips it face down


DAMAGE_CARDS: Final[tuple[DamageCard, ...]] = (
    DamageCard("engine_room_fire", "Engine Room Fire", 5,
               "This ship treats all bank and turn maneuvers as red maneuvers."),
    DamageCard("structural_damage", "Structural Damage", 5,
               "Primary Weapon Value -1 (a modifier).", repairable=True),
    DamageCard("damaged_sensor_array", "Damaged Sensor Array", 5,
               "This ship cannot perform Target Lock or Scan actions. Action: flip this card face down.",
               repairable=True),
    DamageCard("console_fire", "Console Fire", 5,
               "At the start of each Combat Phase roll 1 attack die; on a hit or critical hit this ship "
               "suffers 1 damage. Action: flip this card face down.", repairable=True),
    DamageCard("injured_captain", "Injured Captain", 5,
               "This ship's Captain Skill is 1 (a replacement)."),
    DamageCard("communications_failure", "Communications Failure", 5,
               "Skip this ship's next Perform Action step, then flip this card face down."),
    DamageCard("direct_hit", "Direct Hit", 3,
               "This card counts as two Damage Cards toward the ship's Hull Value."),
)
CARDS_BY_KEY: Final = {c.key: c for c in DAMAGE_CARDS}


def deck_keys() -> tuple[str, ...]:
    """The unshuffled deck as a tuple of card keys (33 cards)."""
    return tuple(c.key for c in DAMAGE_CARDS for _ in range(c.count))

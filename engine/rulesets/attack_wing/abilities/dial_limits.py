"""The Planning Phase's card rules: a card that limits which maneuvers its ship may set on its dial
(the R.I.S. Apnex, once its Action: is used: only speed-1 forward, bank or turn maneuvers for the
rest of the game). The engine offers the seat only those; the reducer refuses any other dial."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.rulesets.attack_wing.abilities.model import Situation
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import holds
from engine.rulesets.attack_wing.state import GameState, ShipState

T = TypeVar("T")


def allowed(state: GameState, ship: ShipState, kind: str, speed: int) -> str | None:
    """None when the ship's cards let it set this maneuver, else the card that forbids it."""
    for card_id in ship.cards:
        card = CARDS.get(card_id)
        if card is None or card_id in ship.cards_discarded:
            continue
        for ability in card.abilities:
            effect = ability.effect
            if effect.kind == "dial_limit" and holds(Situation(state, ship, ship, None), card_id, ability) \
                    and not (speed == effect.amount and kind in effect.actions):
                return card.name
    return None


def dial_choices(state: GameState, ship: ShipState, options: Sequence[tuple[T, str]],
                 kind_speed: Sequence[tuple[str, int]]) -> list[tuple[T, str]]:
    """The dial options the ship's cards leave (``kind_speed``: each option's maneuver kind and speed)."""
    kept = [o for o, (k, s) in zip(options, kind_speed, strict=True) if allowed(state, ship, k, s) is None]
    return kept or list(options)  # a dial with none of them left: the rules' dial (no maneuver is not one)

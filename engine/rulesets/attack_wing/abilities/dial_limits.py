"""The Planning Phase's card rules: a card that limits which maneuvers its ship may set on its dial
(the R.I.S. Apnex, once its Action: is used: only speed-1 forward, bank or turn maneuvers for the
rest of the game). The engine offers the seat only those; the reducer refuses any other dial."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.rulesets.attack_wing.abilities.windows import standing
from engine.rulesets.attack_wing.state import GameState, ShipState

T = TypeVar("T")


def allowed(state: GameState, ship: ShipState, kind: str, speed: int) -> str | None:
    """None when the ship's cards let it set this maneuver, else the card that forbids it."""
    return _forbids(_limits(state, ship), kind, speed)


_Limit = tuple[str, int, Sequence[str]]  # the card's name, the one speed it allows, the kinds it allows


def _limits(state: GameState, ship: ShipState) -> list[_Limit]:
    """The ship's dial limits that hold now, in card and ability order (none depends on the
    maneuver asked about, so a whole dial is checked against one list)."""
    return [(card.name, ability.effect.amount, ability.effect.actions)
            for card, ability in standing(state, ship, "dial_limit")]


def _forbids(limits: list[_Limit], kind: str, speed: int) -> str | None:
    """The first limit that leaves out this maneuver, by its card's name; None if none does."""
    for name, amount, kinds in limits:
        if not (speed == amount and kind in kinds):
            return name
    return None


def dial_choices(state: GameState, ship: ShipState, options: Sequence[tuple[T, str]],
                 kind_speed: Sequence[tuple[str, int]]) -> list[tuple[T, str]]:
    """The dial options the ship's cards leave (``kind_speed``: each option's maneuver kind and speed)."""
    limits = _limits(state, ship)
    if not limits:
        return list(options)
    kept = [o for o, (k, s) in zip(options, kind_speed, strict=True) if _forbids(limits, k, s) is None]
    return kept or list(options)  # a dial with none of them left: the rules' dial (no maneuver is not one)

"""The effect that takes an upgrade from another ship (``Effect("steal_upgrade")``: Superior
Intellect, ``cards/drawn_and_taken``; rulings.md "Superior Intellect"): the upgrades that may be taken,
what each is worth taken, and the policy's choice."""

from __future__ import annotations

from functools import cache

from engine.catalog import load_catalog
from engine.rulesets.attack_wing.abilities.registry import CARDS, card_name
from engine.rulesets.attack_wing.abilities.windows import upgrade_type
from engine.rulesets.attack_wing.state import GameState, ShipState


def upgrades_to_steal(ship: ShipState) -> tuple[str, ...]:
    """The ship's upgrade cards that may be taken: in play, face up (every upgrade the engine places
    is), disabled or not; never its captain, admiral or ship card."""
    return tuple(c for c in ship.cards if c not in ship.cards_discarded and upgrade_type(c) is not None)


@cache
def _printed() -> dict[str, tuple[int, str]]:
    """Each upgrade's printed cost and name, by catalog id."""
    return {u.id: (u.cost, u.name) for u in load_catalog().upgrades()}


def steal_worth(ship: ShipState, card_id: str) -> tuple[float, str]:
    """What an upgrade is worth taken (the policy's valuation): its printed cost, +3 for an armed
    weapon (its dice fire for the thief), +2 for a ready card whose ability the engine plays, -2 when
    it is disabled or under Time Tokens (it needs an action or rounds first)."""
    cost = _printed().get(card_id, (0, card_id))[0]
    weapon = next((w for w in ship.weapons if w.upgrade_id == card_id), None)
    ready = ship.card_ready(card_id) and not (weapon is not None and (weapon.disabled or weapon.time))
    card = CARDS.get(card_id)
    worth, why = float(cost), [f"cost {cost}"]
    if weapon is not None and ready:
        worth, why = worth + 3, [*why, f"an armed weapon of {weapon.attack} dice"]
    elif card is not None and card.abilities and ready:
        worth, why = worth + 2, [*why, "a ready card the engine plays"]
    if not ready:
        worth, why = worth - 2, [*why, "disabled for now"]
    return worth, ", ".join(why)


# the worth of an upgrade taken in the Action step's scale (about expected damage; ``abilities/advice``):
# a 5-point armed torpedo (worth 8) is 2.0, more than an attack die's worth to a ship that attacks
STEAL_SCALE = 0.25


def steal_choice(state: GameState, ship_id: str, choices: tuple[str, ...]) -> tuple[str, str]:
    """The card the policy takes from ``ship_id``: the one of most ``steal_worth``, and why."""
    ship = state.ship(ship_id)
    best = max(choices, key=lambda c: (steal_worth(ship, c)[0], -choices.index(c)))
    worth, why = steal_worth(ship, best)
    return best, f"takes {ship.name}'s {card_name(best)}: worth {worth:g} ({why}), the most of its upgrades"

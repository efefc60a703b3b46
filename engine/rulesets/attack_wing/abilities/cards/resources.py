"""Resources cards (the cards lane adds them here; see docs/abilities.md "How to add a card").
A resource belongs to a fleet: a supported one is among each of its ships' cards (``play``), and a
once-per-round one is once for the whole fleet (the reducer, ``windows`` offers)."""

from __future__ import annotations

from collections.abc import Callable

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _fleet_unused(card_id: str) -> Callable[[Situation], bool]:
    def check(sit: Situation) -> bool:
        """No ship of the card's fleet used it this round ("once during every round", per player)."""
        return not any(card_id in s.used_round for s in sit.state.ships if s.side == sit.owner.side)
    return check


CARDS: tuple[Card, ...] = (
    Card(("4001",), "Elite Attack Die", "resource", (
        Ability("attack_dice", Effect("elite_die"), "attacking: one of its attack dice is rolled as the Elite "
                "Attack Die (a double hit, 2 crits, 3 hits, 2 battle stations; the double hit is 2 damage, "
                "canceled by 1 evade after the hits, before the crits); once a round for the whole fleet",
                Cost(limit="round"), Condition(role="attacker", check=_fleet_unused("4001"))),)),
)

"""Squadron upgrades (an Attack Squadron's own upgrade cards)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards.common import ATTACKING, dice, this_round
from engine.rulesets.attack_wing.abilities.model import Card, Cost

CARDS: tuple[Card, ...] = (
    Card(("attack_wave_71753",), "Attack Wave", "squadron", (
        dice("attack", 1, "attacking: disable for +1 attack die", ATTACKING, Cost(disable=True)),),
        note="one per ship is fleet building"),
    Card(("reconnaissance_72019",), "Reconnaissance", "squadron", (
        this_round("Action: a scan token and an auxiliary power token beside the ship", Cost(aux_power=True),
                   amount=1, token="scan"),)),
)

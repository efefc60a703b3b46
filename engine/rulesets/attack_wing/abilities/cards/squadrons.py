"""Squadron upgrades (an Attack Squadron's own upgrade cards)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards.common import ATTACKING, DEFENDING, dice, this_round
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _no_battle_stations(sit: Situation) -> bool:
    return not sit.owner.battle_stations



CARDS: tuple[Card, ...] = (
    Card(("attack_wave_71753",), "Attack Wave", "squadron", (
        dice("attack", 1, "attacking: disable for +1 attack die", ATTACKING, Cost(disable=True)),),
        note="one per ship is fleet building"),
    Card(("reconnaissance_72019",), "Reconnaissance", "squadron", (
        this_round("Action: a scan token and an auxiliary power token beside the ship", Cost(aux_power=True),
                   amount=1, token="scan"),)),
    Card(("coordinated_attack_71753",), "Coordinated Attack", "squadron", (
        Ability("attack_dice", Effect("gain_token", 1, token="battle_stations"), "attacking with no battle stations "
                "token: disable this card for one (as the target is declared)", Cost(disable=True),
                Condition(role="attacker", check=_no_battle_stations)),),
        note="one per ship is fleet building"),
    Card(("defensive_maneuvers_71753",), "Defensive Maneuvers", "squadron", (
        Ability("attack_dice", Effect("gain_token", 1, token="evade"), "defending: disable this card for an evade "
                "token, even beside one (as the target is declared)", Cost(disable=True), DEFENDING),),
        note="one per ship is fleet building"),
)

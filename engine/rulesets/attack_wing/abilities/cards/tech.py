"""Tech upgrades (the abilities printed on them, in the project's words)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _no_active_shields(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.defender.shields == 0


CARDS: tuple[Card, ...] = (
    Card(("3055",), "Antiproton Scan", "tech", (
        Ability("attack_dice", Effect("attack_dice", 1),
                "with a scan token beside the ship: +1 attack die against a ship with no active shields",
                condition=Condition(role="attacker", token="scan", check=_no_active_shields), optional=False),)),
    Card(("3098",), "Tetryon Emissions", "tech", (
        Ability("action", Effect("mark"), "Action: disable this card; +3 defense dice each time the ship "
                "defends this round", Cost(disable=True)),
        Ability("defense_dice", Effect("defense_dice", 3, "defense"), "+3 defense dice (marked)",
                condition=Condition(role="defender", scope="marked"), optional=False))),
)

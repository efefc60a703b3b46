"""Elite talent upgrades."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect

CARDS: tuple[Card, ...] = (
    Card(("3034",), "All Forward Disruptor Banks", "talent", (
        Ability("action", Effect("mark"), "Action: disable this card; +1 attack die this round to an attack "
                "from the forward firing arc", Cost(disable=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die from the forward arc (marked)",
                condition=Condition(role="attacker", scope="marked", front_arc=True), optional=False))),
    Card(("3027",), "Corbomite Maneuver", "talent", (
        Ability("action", Effect("mark"), "Action: discard this card; no enemy ship may attack this ship this "
                "round, and it may not attack", Cost(discard=True)),
        Ability("declare_target", Effect("cannot_attack"), "a ship under the Corbomite Maneuver neither attacks "
                "nor is attacked", condition=Condition(scope="marked"), optional=False))),
)

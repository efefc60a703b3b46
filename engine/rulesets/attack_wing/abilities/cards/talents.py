"""Elite talent upgrades."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _cloaked_defender(sit: Situation) -> bool:
    return sit.attack is not None and sit.state.ship(sit.attack.defender.id).cloaked


def _uncloaked_defender(sit: Situation) -> bool:
    return sit.attack is not None and not sit.state.ship(sit.attack.defender.id).cloaked


CARDS: tuple[Card, ...] = (
    Card(("3034",), "All Forward Disruptor Banks", "talent", (
        Ability("action", Effect("mark"), "Action: disable this card; +1 attack die this round to an attack "
                "from the forward firing arc", Cost(disable=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die from the forward arc (marked)",
                condition=Condition(role="attacker", scope="marked", front_arc=True), optional=False))),
    Card(("3027",), "Corbomite Maneuver", "talent", (
        Ability("action", Effect("mark"), "Action: discard this card; no enemy ship may attack this ship this "
                "round, and it may not attack", Cost(discard=True)),
        Ability("declare_target", Effect("cannot_attack", targets="ships"),
                "a ship under the Corbomite Maneuver neither attacks nor is attacked",
                condition=Condition(scope="marked"), optional=False))),
    Card(("3088",), "Attack Pattern Delta", "talent", (
        Ability("modify_defense", Effect("reroll", 0, "defense"), "disable this card: reroll the whole defense "
                "roll", Cost(disable=True), Condition(role="defender")),)),
    Card(("blockade_op6prize",), "Blockade", "talent", (
        Ability("action", Effect("mark", targets="friendly", reach=(1,), and_self=True),
                "Action: discard this card: friendly ships within Range 1 (its own too) roll +1 attack die and +1 "
                "defense die this round", Cost(discard=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die under Blockade",
                condition=Condition(role="attacker", scope="marked"), optional=False),
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "+1 defense die under Blockade",
                condition=Condition(role="defender", scope="marked"), optional=False))),
    Card(("research_mission_71509",), "Research Mission", "talent", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "disable this card: +1 defense die",
                Cost(disable=True), Condition(role="defender")),)),
    Card(("the_day_is_ours__72015",), "The Day Is Ours!", "talent", (
        Ability("modify_attack", Effect("add_result", 1, "attack", to="crit"), "discard this card: add a critical "
                "hit to the attack roll", Cost(discard=True), Condition(role="attacker")),),
        note="added as the attack dice are modified (the card: as they are rolled); Klingon only is fleet building"),
    Card(("tholian_punctuality_opwebprize",), "Tholian Punctuality", "talent", (
        Ability("attack_dice", Effect("attack_dice", 1), "discard this card: +1 attack die for this attack",
                Cost(discard=True), Condition(role="attacker")),)),
    Card(("military_secrets_72321p",), "Military Secrets", "talent", (
        Ability("defense_dice", Effect("defense_dice", -1, "defense"), "discard this card: the defender rolls one "
                "defense die less", Cost(discard=True), Condition(role="attacker", check=_uncloaked_defender)),
        Ability("defense_dice", Effect("defense_dice", -2, "defense"), "discard this card: a cloaked defender "
                "rolls two defense dice less", Cost(discard=True), Condition(role="attacker",
                                                                              check=_cloaked_defender)))),
    Card(("dominant_species_72005p",), "Dominant Species", "talent", (
        Ability("modify_defense", Effect("reroll", 2, "defense"), "discard this card: the defender rerolls up to "
                "two defense dice", Cost(discard=True), Condition(role="attacker")),)),
    Card(("tactical_alert_71526",), "Tactical Alert", "talent", (
        Ability("modify_attack", Effect("reroll", 20, "attack"), "discard this card and spend a battle stations "
                "token: reroll any of the attack dice", Cost(discard=True, token="battle_stations"),
                Condition(role="attacker")),
        Ability("modify_defense", Effect("reroll", 20, "defense"), "discard this card and spend a battle stations "
                "token: reroll any of the defense dice", Cost(discard=True, token="battle_stations"),
                Condition(role="defender")))),
)

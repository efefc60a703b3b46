"""Crew upgrades (the abilities printed on them, in the project's words). Fleet-building texts
(which ships may take a card, its cost on another ship) are the fleet builder's."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect

_ATTACKING = Condition(role="attacker")
_WITH_SCAN = Condition(role="attacker", token="scan")
# an "Action:" crew card whose effect lasts the round: the action marks the card's own ship, and
# the card's riders (scope "marked") read the mark in the combat windows
_MARKED_ATTACKING = Condition(role="attacker", scope="marked")
_MARKED_DEFENDING = Condition(role="defender", scope="marked")


def _this_round(summary: str, cost: Cost | None = None) -> Ability:
    return Ability("action", Effect("mark"), summary, cost or Cost())


def _battle_stations_round() -> tuple[Ability, ...]:
    """Drex and N'Garen print the same Action: this round, one battle stations result of each attack
    may become a critical hit, then the others hits."""
    return (
        _this_round("Action: attacking this round, one battle stations result may become a critical hit and "
                    "the others hits"),
        Ability("modify_attack", Effect("convert", 1, "attack", ("battle_stations",), "crit"),
                "one battle stations result becomes a critical hit (marked)", condition=_MARKED_ATTACKING),
        Ability("modify_attack", Effect("convert", 0, "attack", ("battle_stations",), "hit"),
                "every other battle stations result becomes a hit (marked)", condition=_MARKED_ATTACKING))


CARDS: tuple[Card, ...] = (
    Card(("3002",), "Worf", "crew", (
        Ability("modify_attack", Effect("reroll", 0, "attack"),
                "attacking: disable this card to reroll the whole attack roll and keep the new results",
                Cost(disable=True), _ATTACKING),)),
    Card(("3004",), "Geordi La Forge", "crew", (
        Ability("modify_defense", Effect("reroll", 1, "defense"),
                "attacking with a scan token beside his ship: the defender rerolls one defense die of his "
                "choice", condition=_WITH_SCAN),)),
    Card(("3029",), "Hikaru Sulu", "crew", (
        _this_round("Action: +2 agility this round, and each defense this round may turn one battle stations "
                    "result into an evade"),
        Ability("defense_dice", Effect("defense_dice", 2, "defense"), "+2 agility: +2 defense dice (marked)",
                condition=_MARKED_DEFENDING, optional=False),
        Ability("modify_defense", Effect("convert", 1, "defense", ("battle_stations",), "evade"),
                "defending: one battle stations result becomes an evade (marked)",
                condition=_MARKED_DEFENDING))),
    Card(("3030",), "Mr. Spock", "crew", (
        Ability("modify_attack", Effect("convert", 0, "attack", ("battle_stations",), "hit"),
                "attacking with a scan token beside his ship: every battle stations result becomes a hit",
                condition=_WITH_SCAN),)),
    Card(("3050",), "Drex", "crew", _battle_stations_round()),
    Card(("3092",), "N'Garen", "crew", _battle_stations_round()),
    Card(("3057",), "Breen Aide", "crew", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("blank",), "hit"),
                "attacking with a scan token beside his ship: one blank becomes a hit", condition=_WITH_SCAN),)),
    Card(("3074",), "Kerla", "crew", (
        Ability("modify_defense", Effect("convert", 1, "defense", ("battle_stations",), "evade"),
                "defending against an attack at Range 1: one battle stations result becomes an evade",
                condition=Condition(role="defender", bands=(1,))),)),
    Card(("3082",), "Omet'Iklan", "crew", (
        Ability("modify_attack", Effect("convert", 1, "attack", (), "hit"),
                "attacking with the primary weapon: one result becomes a hit",
                condition=Condition(role="attacker", weapon="primary")),),
        note="only a Jem'Hadar ship may take him: fleet building"),
    Card(("3095",), "Boheeka", "crew", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("blank",), "hit"),
                "attacking with a battle stations token beside his ship: one blank becomes a hit",
                condition=Condition(role="attacker", token="battle_stations")),)),
    Card(("3108",), "Dmitri Valtane", "crew", (
        Ability("modify_attack", Effect("reroll", 2, "attack"),
                "attacking with a scan token beside his ship: reroll up to two attack dice",
                condition=_WITH_SCAN),)),
    Card(("3135",), "Christopher Hobson", "crew", (
        _this_round("Action: +1 attack die this round when firing at a cloaked ship"),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die against a cloaked ship (marked)",
                condition=Condition(role="attacker", scope="marked",
                                    check=lambda sit: sit.attack is not None and sit.attack.defender.cloaked),
                optional=False))),
)

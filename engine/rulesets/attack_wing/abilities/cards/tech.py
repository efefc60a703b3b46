"""Tech upgrades (the abilities printed on them, in the project's words)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _no_active_shields(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.defender.shields == 0


def _attacker_scans(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.attacker.scan > 0


def _attacker_does_not_scan(sit: Situation) -> bool:
    return sit.attack is not None and not sit.attack.attacker.scan


def _forced_reroll(amount: int, summary: str, bands: tuple[int, ...] = (1,)) -> Ability:
    """Defending (at these range bands): disable the card; the attacker rerolls dice the card's seat picks."""
    return Ability("modify_attack", Effect("reroll", amount, "attack"), summary, Cost(disable=True),
                   Condition(role="defender", bands=bands))


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
    Card(("sensor_array_71524",), "Sensor Array", "tech", (
        Ability("modify_attack", Effect("reroll", 1, "attack"), "defending: spend a scan token; the attacker "
                "rerolls one attack die of this seat's choice", Cost(token="scan"), Condition(role="defender")),)),
    Card(("tractor_beam_71527",), "Tractor Beam", "tech", (
        _forced_reroll(1, "attacked at Range 1: disable; the attacker rerolls one attack die of this seat's "
                       "choice"),)),
    Card(("tractor_beam_71508",), "Tractor Beam", "tech", (
        _forced_reroll(2, "attacked at Range 1: disable; the attacker rerolls up to two attack dice of this "
                       "seat's choice"),)),
    Card(("bio_neural_circuitry_71280",), "Bio-Neural Circuitry", "tech", (
        Ability("modify_attack", Effect("reroll", 0, "attack"), "attacking: disable to reroll the whole attack "
                "roll", Cost(disable=True), Condition(role="attacker")),
        Ability("modify_defense", Effect("reroll", 0, "defense"), "defending: disable to reroll the whole "
                "defense roll", Cost(disable=True), Condition(role="defender")))),
    Card(("signal_amplifier_72016",), "Signal Amplifier", "tech", (
        Ability("attack_dice", Effect("attack_dice", 2), "attacking: discard and spend a scan token for +2 "
                "attack dice", Cost(discard=True, token="scan"), Condition(role="attacker")),
        Ability("defense_dice", Effect("defense_dice", 2, "defense"), "defending: discard and spend a scan "
                "token for +2 defense dice", Cost(discard=True, token="scan"), Condition(role="defender"))),
        note="its +5 cost on a ship other than a Romulan Science Vessel is fleet building"),
    Card(("tachyon_pulse_72325g",), "Tachyon Pulse", "tech", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending: disable for +1 defense die",
                Cost(disable=True), Condition(role="defender", check=_attacker_does_not_scan)),
        Ability("defense_dice", Effect("defense_dice", 2, "defense"), "defending against a ship with a scan "
                "token beside it: disable for +2 defense dice", Cost(disable=True),
                Condition(role="defender", check=_attacker_scans)))),
    Card(("inverse_tachyon_pulse_71807",), "Inverse Tachyon Pulse", "tech", (
        Ability("defense_dice", Effect("defense_dice", -1, "defense"), "attacking with a scan token beside the "
                "ship: disable; the defender rolls 1 defense die less", Cost(disable=True),
                Condition(role="attacker", token="scan")),)),
    Card(("long_range_sensors_72025",), "Long Range Sensors", "tech", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending with a scan token beside the "
                "ship: disable for +1 defense die", Cost(disable=True), Condition(role="defender", token="scan")),)),
    Card(("reinforced_hull_plating_71536",), "Reinforced Hull Plating", "tech", (
        Ability("compare", Effect("cancel", 1, "attack", ("hit", "crit")), "defending: disable this card to cancel "
                "1 hit or critical hit", Cost(disable=True), Condition(role="defender")),)),
    Card(("parametallic_hull_plating_72014",), "Parametallic Hull Plating", "tech", (
        Ability("compare", Effect("cancel", 1, "attack", ("hit", "crit")), "defending: discard this card to cancel "
                "1 hit or critical hit", Cost(discard=True), Condition(role="defender")),),
        note="its +3 cost on a non-Federation ship and one per ship are fleet building"),
)

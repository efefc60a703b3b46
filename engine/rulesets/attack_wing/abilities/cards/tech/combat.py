"""Tech upgrades whose abilities play in an attack's steps: the dice counted and rolled, rerolls, the
compare step. Each says in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    DEFENDING,
    defense_rider,
    dice,
    per_count,
)
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


def _cloaked(sit: Situation) -> bool:
    return sit.owner.cloaked


def _scan_taken(sit: Situation) -> int:
    """The defense dice the attacker's scan tokens take (one each, at most 3 with the rule of 3)."""
    return 0 if sit.attack is None else min(sit.attack.attacker.scan, 3)


def _bigger_friend_near(sit: Situation) -> bool:
    """A friendly ship within Range 1-2 of the card's ship has a greater Hull Value than it."""
    return any(s.side == sit.owner.side and s.id != sit.owner.id and s.hull > sit.owner.hull
               and rules.band_between(sit.owner, s) in (1, 2) for s in sit.state.in_play())


CARDS: tuple[Card, ...] = (
    Card(("3055",), "Antiproton Scan", "tech", (
        Ability("attack_dice", Effect("attack_dice", 1),
                "with a scan token beside the ship: +1 attack die against a ship with no active shields",
                condition=Condition(role="attacker", token="scan", check=_no_active_shields), optional=False),)),
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
    Card(("distress_signal_72024",), "Distress Signal", "tech", (
        dice("defense", 2, "defending with a friendly ship of greater Hull within Range 1-2: discard for +2 "
             "defense dice", Condition(role="defender", check=_bigger_friend_near), Cost(discard=True)),),
        note="one per ship is fleet building"),
    Card(("data_node_71512",), "Data Node", "tech", (
        dice("attack", -1, "defending: spend one of 3 mission tokens (3 uses a game); the attacker rolls 1 attack "
             "die fewer", DEFENDING, Cost(limit="game", uses=3)),),
        note="one per ship is fleet building"),
    Card(("3040",), "Interphase Generator", "tech", (
        Ability("compare", Effect("one_hit"), "defending while cloaked: discard this card once every die is rolled; "
                "the attack's damage becomes exactly one hit", Cost(discard=True),
                Condition(role="defender", check=_cloaked)),)),
    Card(("disguise_protocol_72939",), "Disguise Protocol", "tech", (
        dice("attack", -2, "defending: place 3 time tokens on this card; the attacker rolls 2 attack dice fewer",
             DEFENDING, Cost(time=3)),)),
    Card(("3017",), "Artificial Quantum Singularity", "tech", per_count(
        _scan_taken, 3,
        lambda n, c: dice("defense", n, f"defending while cloaked: the attacker's scan tokens take no defense die "
                          f"({n})", c, optional=False), Condition(role="defender", check=_cloaked)),
         note="the scan tokens' dice come back in full (obstructed with 4 or more scan tokens: at most 3)"),
    Card(("3077",), "Polarized Hull Plating", "tech", (
        Ability("compare", Effect("convert", 1, "attack", ("crit",), "hit"), "defending, hit by a critical hit left "
                "uncanceled: it becomes a hit", condition=DEFENDING, optional=False),)),
    Card(("3012",), "Advanced Weapon System", "tech", (
        Ability("attack_dice", Effect("keep_cloak"), "attacking while cloaked: disable this card before any die "
                "is rolled; the cloak token stays green", Cost(disable=True),
                Condition(role="attacker", check=_cloaked)),)),
    Card(("3079",), "Long Range Tachyon Scan", "tech", (
        Ability("defense_dice", Effect("mark", targets="enemy"), "attacking at Range 3: spend a scan token; the "
                "defender rolls 2 fewer defense dice this round", Cost(token="scan"),
                Condition(role="attacker", bands=(3,))),
        defense_rider(-2, "the marked ship rolls 2 fewer defense dice (marked)"))),
)

"""More tech upgrades: a ship marked for the round, tokens for a friendly ship, dice counts."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    DEFENDING,
    RANGES,
    attack_rider,
    defense_rider,
    dice,
    free,
    green,
    no_free,
    per_count,
    target_ship,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _cloaked(sit: Situation) -> bool:
    return sit.owner.cloaked


def _not_cloaked(sit: Situation) -> bool:
    return not sit.owner.cloaked


def _scan_taken(sit: Situation) -> int:
    """The defense dice the attacker's scan tokens take (one each, at most 3 with the rule of 3)."""
    return 0 if sit.attack is None else min(sit.attack.attacker.scan, 3)


def _bigger_friend_near(sit: Situation) -> bool:
    """A friendly ship within Range 1-2 of the card's ship has a greater Hull Value than it."""
    return any(s.side == sit.owner.side and s.id != sit.owner.id and s.hull > sit.owner.hull
               and rules.band_between(sit.owner, s) in (1, 2) for s in sit.state.in_play())


CARDS: tuple[Card, ...] = (
    Card(("3056", "3094"), "EM Pulse", "tech", (
        target_ship("Action: disable this card; a ship at Range 1-2 rolls 1 fewer attack die and 1 fewer defense "
                    "die this round", (1, 2), Cost(disable=True)),
        attack_rider(-1, "the marked ship rolls 1 fewer attack die"),
        defense_rider(-1, "the marked ship rolls 1 fewer defense die"))),
    Card(("subspace_transmitter_72326",), "Subspace Transmitter", "tech", (
        target_ship("Action: disable this card; a scan token beside its ship and beside a friendly ship within "
                    "Range 1-3", RANGES, Cost(disable=True), targets="friendly", and_self=True, amount=1,
                    token="scan"),
        no_free("its ship performs no scan as a free action this round (marked)", "scan"))),
    Card(("distress_signal_72024",), "Distress Signal", "tech", (
        dice("defense", 2, "defending with a friendly ship of greater Hull within Range 1-2: discard for +2 "
             "defense dice", Condition(role="defender", check=_bigger_friend_near), Cost(discard=True)),),
        note="one per ship is fleet building"),
    Card(("data_node_71512",), "Data Node", "tech", (
        dice("attack", -1, "defending: spend one of 3 mission tokens (3 uses a game); the attacker rolls 1 attack "
             "die fewer", DEFENDING, Cost(limit="game", uses=3)),),
        note="one per ship is fleet building"),
    Card(("targeting_systems_72221f",), "Targeting Systems", "tech", (
        free("discard this card: a free Target Lock action", ("target_lock",), Cost(discard=True)),),
        note="one per ship is fleet building"),
    Card(("navigational_station_72017",), "Navigational Station", "tech", (
        free("after a green maneuver: disable this card for a free Evasive Maneuvers action", ("evasive_maneuvers",),
             Cost(disable=True), check=green),),
        note="one per ship is fleet building"),
    Card(("3137", "high_energy_sensor_sweep_72011"), "High Energy Sensor Sweep", "tech", (
        free("disable one active shield: a free Scan action", ("scan",), Cost(shields=1)),),
        note="one per ship (72011) is fleet building"),
    Card(("control_central_72321p",), "Control Central", "tech", (
        free("after its action: disable this card for an action from the Action Bar as a free action",
             cost=Cost(disable=True)),),
        note="one per ship is fleet building"),
    Card(("3040",), "Interphase Generator", "tech", (
        Ability("compare", Effect("one_hit"), "defending while cloaked: discard this card once every die is rolled; "
                "the attack's damage becomes exactly one hit", Cost(discard=True),
                Condition(role="defender", check=_cloaked)),)),
    Card(("disguise_protocol_72939",), "Disguise Protocol", "tech", (
        dice("attack", -2, "defending: place 3 time tokens on this card; the attacker rolls 2 attack dice fewer",
             DEFENDING, Cost(time=3)),)),
    Card(("3065",), "Secondary Shield Emitters", "tech", (
        Ability("action", Effect("repair_shield", 1, and_self=True), "Action: disable this card to repair 1 "
                "shield; 1 attack die fewer this round", Cost(disable=True)),
        attack_rider(-1, "1 attack die fewer (marked)"))),
    Card(("3061",), "EM Pulse", "tech", (
        target_ship("Action: disable this card; a ship at Range 1-2 outside the forward arc takes an auxiliary power "
                    "token and rolls 2 fewer attack dice this round", (1, 2), Cost(disable=True), out_arc=True,
                    amount=1, token="aux_power"),
        attack_rider(-2, "the marked ship rolls 2 fewer attack dice"))),
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
    Card(("3068", "3099"), "Cloaking Device", "tech", (
        Ability("action", Effect("cloak"), "Action: disable this card to perform the Cloak action, even off the "
                "Action Bar", Cost(disable=True), Condition(check=_not_cloaked)),
        Ability("action", Effect("bar_action", actions=("sensor_echo",)), "with a cloak token beside the ship: "
                "Sensor Echo is on its Action Bar, even with this card disabled", condition=Condition(check=_cloaked),
                optional=False)),
        note="its +5 cost off the U.S.S. Defiant (3068) or a Keldon class (3099) is fleet building"),
)

"""Crew with an "Action:" or a free action (and the riders in the attack's steps of an action that lasts
the round). Each says in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    RANGES,
    attack_rider,
    by_owner,
    defense_rider,
    dice,
    free,
    green,
    no_free,
    not_at_each_other,
    per_count,
    target_ship,
    this_round,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation

# an "Action:" crew card whose effect lasts the round: the action marks the card's own ship, and
# the card's riders (scope "marked") read the mark in the combat windows
_MARKED_ATTACKING = Condition(role="attacker", scope="marked")
_MARKED_DEFENDING = Condition(role="defender", scope="marked")


def _no_enemy_near(sit: Situation) -> bool:
    """No enemy ship within Range 1-3 of the card's ship."""
    return all(rules.band_between(sit.owner, e) is None for e in sit.state.enemies(sit.owner))


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


def _cloaked(sit: Situation) -> bool:
    return sit.owner.cloaked


def _ferengi(sit: Situation) -> bool:
    return sit.owner.faction == "Ferengi"


def _not_ferengi(sit: Situation) -> bool:
    return not _ferengi(sit)


def _militia(sit: Situation) -> int:
    """The Bajoran Militia upgrades deployed to the card's ship."""
    return sum(1 for c in sit.owner.cards if c == "bajoran_militia_71803") - sit.owner.cards_discarded.count(
        "bajoran_militia_71803")


CARDS: tuple[Card, ...] = (
    Card(("3029",), "Hikaru Sulu", "crew", (
        _this_round("Action: +2 agility this round, and each defense this round may turn one battle stations "
                    "result into an evade"),
        Ability("defense_dice", Effect("defense_dice", 2, "defense"), "+2 agility: +2 defense dice (marked)",
                condition=_MARKED_DEFENDING, optional=False),
        Ability("modify_defense", Effect("convert", 1, "defense", ("battle_stations",), "evade"),
                "defending: one battle stations result becomes an evade (marked)",
                condition=_MARKED_DEFENDING))),
    Card(("3050",), "Drex", "crew", _battle_stations_round()),
    Card(("3092",), "N'Garen", "crew", _battle_stations_round()),
    Card(("3135",), "Christopher Hobson", "crew", (
        _this_round("Action: +1 attack die this round when firing at a cloaked ship"),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die against a cloaked ship (marked)",
                condition=Condition(role="attacker", scope="marked",
                                    check=lambda sit: sit.attack is not None and sit.attack.defender.cloaked),
                optional=False))),
    Card(("karden_71793",), "Karden", "crew", (
        _this_round("Action: disable this card; +2 attack dice and 2 defense dice less this round",
                    Cost(disable=True)),
        Ability("attack_dice", Effect("attack_dice", 2), "+2 attack dice (marked)", condition=_MARKED_ATTACKING,
                optional=False),
        Ability("defense_dice", Effect("defense_dice", -2, "defense"), "2 defense dice less (marked)",
                condition=_MARKED_DEFENDING, optional=False)),
        note="only a Kazon ship may take him: fleet building"),
    # shield repair, cancel, time tokens, an effect on another ship's card (abilities.md "How to add a card")
    Card(("harry_kim_71280",), "Harry Kim", "crew", (
        Ability("action", Effect("repair_shield", 1), "Action: disable this card to repair 1 shield",
                Cost(disable=True)),)),
    Card(("solin_72221i",), "Solin", "crew", (
        Ability("action", Effect("repair_shield", 2), "Action: discard this card to repair up to 2 shields",
                Cost(discard=True)),), note="its +4 cost on a non-Vulcan ship is fleet building"),
    Card(("3008",), "Konmel", "crew", (
        Ability("action", Effect("repair_shield", 1), "Action: not cloaked: repair 1 shield",
                condition=Condition(check=lambda sit: not sit.owner.cloaked)),)),
    Card(("vulcan_engineer_72002p",), "Vulcan Engineer", "crew", (
        Ability("action", Effect("repair_shield", 1), "Action: no enemy ship within Range 1-3: repair 1 shield",
                condition=Condition(check=_no_enemy_near)),),
        note="not paying a faction penalty on a Vulcan ship is fleet building"),
    Card(("3014",), "N'Vek", "crew", (
        this_round("Action: disable one active shield; +1 attack die this round", Cost(shields=1)),
        attack_rider(1, "+1 attack die (marked)"))),
    Card(("3069",), "Worf", "crew", (
        target_ship("Action: a ship at Range 1 rolls 2 fewer attack dice this round", (1,)),
        attack_rider(-2, "the marked ship rolls 2 fewer attack dice"))),
    Card(("3053",), "Glinn Telle", "crew", (
        target_ship("Action: discard this card; a ship in the forward arc at Range 1-3 rolls 2 fewer attack "
                    "dice this round", RANGES, Cost(discard=True), in_arc=True),
        attack_rider(-2, "the marked ship rolls 2 fewer attack dice"))),
    Card(("3123",), "Selok", "crew", (
        target_ship("Action: discard this card; a ship at Range 1 may not attack his ship this round", (1,),
                    Cost(discard=True)),
        Ability("declare_target", Effect("cannot_attack", targets="owner"), "the marked ship holds fire at his ship",
                optional=False))),
    Card(("nanclus_72321p", "nanclus_72936p"), "Nanclus", "crew", (
        target_ship("Action: discard this card; an enemy ship at Range 1-3 rolls +1 attack die and no defense "
                    "dice this round", RANGES, Cost(discard=True), targets="enemy"),
        attack_rider(1, "the marked ship rolls +1 attack die"),
        defense_rider(0, "the marked ship rolls no defense dice"))),
    Card(("reman_bodyguards_72328",), "Reman Bodyguards", "crew", (
        target_ship("Action: discard this card; this round his ship's primary weapon attacks on a ship at Range 1 "
                    "roll +1 attack die and that ship 1 defense die fewer", (1,), Cost(discard=True)),
        attack_rider(1, "+1 attack die at the marked ship (primary weapon)", "defender", by_owner,
                     weapon="primary"),
        defense_rider(-1, "the marked ship rolls 1 defense die fewer against his primary weapon", "defender",
                      by_owner, weapon="primary")),
        note="one per ship is fleet building"),
    Card(("romulan_officer_71278",), "Romulan Officer", "crew", (
        this_round("Action: discard this card; +2 attack dice to attacks made while cloaked this round, and no "
                   "defense dice this round", Cost(discard=True)),
        attack_rider(2, "+2 attack dice attacking while cloaked (marked)", check=_cloaked),
        defense_rider(0, "no defense dice (marked)"))),
    Card(("3005",), "Data", "crew", (
        this_round("Action: two evade tokens beside his ship; 2 fewer attack dice this round", amount=2,
                   token="evade"),
        attack_rider(-2, "2 fewer attack dice (marked)"),
        no_free("no evasive maneuvers this round, not even as a free action (marked)", "evasive_maneuvers"))),
    Card(("harry_kim_72014",), "Harry Kim", "crew", (
        this_round("Action: disable this card; two evade tokens beside his ship; no defense dice this round",
                   Cost(disable=True), amount=2, token="evade"),
        defense_rider(0, "no defense dice (marked)"),
        no_free("no evasive maneuvers this round, not even as a free action (marked)", "evasive_maneuvers"))),
    Card(("t_greth_72322p",), "T'Greth", "crew", (
        this_round("Action: a battle stations token and an auxiliary power token beside his ship",
                   Cost(aux_power=True), amount=1, token="battle_stations"),
        no_free("no battle stations action this round (marked)", "battle_stations"))),
    Card(("romulan_technical_officer_72333",), "Romulan Technical Officer", "crew", (
        this_round("Action: disable this card; a scan token beside his ship", Cost(disable=True), amount=1,
                   token="scan"),
        no_free("no scan as a free action this round (marked)", "scan")),
        note="only a Romulan ship, one per ship: fleet building"),
    Card(("talak_talan_72946",), "Talak'Talan", "crew", (
        this_round("Action: discard this card; a battle stations token beside his ship and every other friendly "
                   "ship within Range 1-2", Cost(discard=True), targets="friendly", reach=(1, 2), and_self=True,
                   amount=1, token="battle_stations"),)),
    Card(("bajoran_militia_71803",), "Bajoran Militia", "crew", (
        this_round("Action: this round, +1 attack die for each Bajoran Militia on the ship (at most 3)"),
        *per_count(_militia, 3, lambda n, c: dice("attack", n, f"+1 attack die for each Bajoran Militia, at most "
                                                  f"3 ({n}) (marked)", c, optional=False),
                   Condition(role="attacker", scope="marked"))),
        note="only a Bajoran ship may take it: fleet building"),
    Card(("seven_of_nine_72014",), "Seven of Nine", "crew", (
        free("disable this card: a free Battle Stations action", ("battle_stations",), Cost(disable=True)),)),
    Card(("tuvok_72221d",), "Tuvok", "crew", (
        free("discard this card: a free Scan action", ("scan",), Cost(discard=True)),)),
    Card(("day_kannu_op6prize",), "Day Kannu", "crew", (
        free("discard this card: another action from the Action Bar as a free action", cost=Cost(discard=True)),)),
    Card(("darok_71804",), "Darok", "crew", (
        free("discard this card: another action from the Action Bar as a free action", cost=Cost(discard=True)),),
        note="only a Klingon ship may take him: fleet building"),
    Card(("valeris_72319g",), "Valeris", "crew", (
        free("after a green maneuver: a free Evasive Maneuvers action", ("evasive_maneuvers",), check=green),)),
    Card(("thei_72315p",), "Thei", "crew", (
        free("discard this card: a free Cloak action (with Cloak on the Action Bar)", ("cloak",),
             Cost(discard=True)),)),
    Card(("k_ehleyr_72009",), "K'Ehleyr", "crew", not_at_each_other(
        "Action: discard this card; a ship at Range 1 and her ship do not attack each other this round", (1,),
        Cost(discard=True))),
    Card(("pardek_72024",), "Pardek", "crew", not_at_each_other(
        "Action: discard this card; a ship at Range 3 and his ship do not attack each other this round", (3,),
        Cost(discard=True))),
    Card(("rom_72013",), "Rom", "crew", (
        Ability("action", Effect("repair_shield", 1), "Action: repair 1 shield",
                condition=Condition(check=_not_ferengi)),
        Ability("action", Effect("repair_shield", 2), "Action: on a Ferengi ship, repair up to 2 shields",
                condition=Condition(check=_ferengi)))),
    Card(("3003",), "Miles O'Brien", "crew", (
        Ability("action", Effect("disable_upgrade", targets="ships", reach=RANGES, pick=True),
                "Action: discard this card; disable one upgrade of this seat's choice on another ship at Range 1-3, "
                "cloaked or not", Cost(discard=True)),)),
    Card(("seska_71282",), "Seska", "crew", (
        Ability("action", Effect("disable_upgrade", targets="ships", reach=(2, 3), pick=True, upgrades=("crew",)),
                "Action: disable this card and one crew upgrade of this seat's choice on a ship at Range 2-3, cloaked "
                "or not", Cost(disable=True)),)),
    Card(("3020",), "Kyle", "crew", (
        Ability("action", Effect("repair_shield", 1, and_self=True), "Action: after a green maneuver, repair 1 "
                "shield; 2 attack dice fewer this round", condition=Condition(check=green)),
        attack_rider(-2, "2 attack dice fewer (marked)"))),
    Card(("3090",), "Miles O'Brien", "crew", (
        Ability("action", Effect("repair_shield", 2, and_self=True), "Action: disable this card to repair 2 "
                "shields; his ship attacks no one this round", Cost(disable=True)),
        Ability("declare_target", Effect("cannot_attack", targets="owner"), "his ship attacks no one (marked)",
                optional=False))),
)

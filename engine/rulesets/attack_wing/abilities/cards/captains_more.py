"""More captains whose text the card framework already plays: "Action:" cards that last the
round, dice counts and rerolls (the ``abilities`` lane's captains are in ``captains.py``)."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    ANY,
    ATTACKING,
    DEFENDING,
    MARKED_ATTACKING,
    RANGES,
    at_owner,
    attack_rider,
    defense_rider,
    dice,
    free,
    green,
    has_faction,
    no_free,
    per_count,
    target_ship,
    this_round,
    upgrades,
    weapon_faction,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _borg_defender(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.defender.faction == "Borg"


def _not_borg_defender(sit: Situation) -> bool:
    return not _borg_defender(sit)


def _bigger(sit: Situation) -> bool:
    """The other ship of the attack has a greater printed Hull Value than the card's ship."""
    attack = sit.attack
    other = None if attack is None else attack.defender if attack.attacker.id == sit.owner.id else attack.attacker
    return other is not None and other.hull > sit.owner.hull


def _owner_bigger(sit: Situation) -> bool:
    return sit.attack is not None and sit.owner.hull > sit.attack.attacker.hull


def _owner_not_bigger(sit: Situation) -> bool:
    return sit.attack is not None and not _owner_bigger(sit)


def _xindi(sit: Situation) -> bool:
    return sit.owner.faction == "Xindi"


def _no_aux(sit: Situation) -> bool:
    return not sit.owner.aux_power


def _klingon(sit: Situation) -> bool:
    return sit.owner.faction == "Klingon"


def _not_klingon(sit: Situation) -> bool:
    return not _klingon(sit)


def _shields_destroyed(sit: Situation) -> bool:
    """Every shield of the card's ship destroyed: none active, none disabled (as Seskal's)."""
    return sit.owner.shields + sit.owner.shields_disabled == 0


def _independent_defender(sit: Situation) -> bool:
    return sit.attack is not None and has_faction(sit.attack.defender, "Independent", upgrades_too=False)


def _friends_near(sit: Situation) -> int:
    """Friendly ships within Range 1-2 of the card's ship."""
    return sum(1 for s in sit.state.in_play() if s.side == sit.owner.side and s.id != sit.owner.id
               and rules.band_between(sit.owner, s) in (1, 2))


def _xindi_weapon(sit: Situation) -> bool:
    return weapon_faction(sit) == "Xindi"


def _other_weapon(sit: Situation) -> bool:
    return weapon_faction(sit) not in (None, "Xindi")


_SECONDARY = Condition(role="attacker", weapon="secondary")

CARDS: tuple[Card, ...] = (
    Card(("2031",), "Gorkon", "captain", (
        this_round("Action: disable Gorkon; his ship and every ship attacking it roll 2 fewer attack dice this "
                   "round", Cost(disable=True)),
        attack_rider(-2, "his ship rolls 2 fewer attack dice (marked)"),
        attack_rider(-2, "a ship attacking his ship rolls 2 fewer attack dice (marked)", "defender"))),
    Card(("2039",), "Gul Dukat", "captain", (
        Ability("free_action", Effect("free_action", actions=("evasive_maneuvers", "battle_stations"), bar_only=True),
                "once per round: a free Evasive Maneuvers or Battle Stations action from the Action Bar",
                Cost(limit="round")),)),
    Card(("maxwell_burke_71276",), "Maxwell Burke", "captain", (
        this_round("Action: discard Maxwell Burke; +2 attack dice this round", Cost(discard=True)),
        attack_rider(2, "+2 attack dice (marked)"))),
    Card(("hayes_cap_72008",), "Hayes", "captain", (
        this_round("Action: every other friendly ship within Range 1 rolls +1 attack die this round, +2 against a "
                   "Borg ship", targets="friendly", reach=(1,)),
        attack_rider(1, "+1 attack die (marked)", check=_not_borg_defender),
        attack_rider(2, "+2 attack dice against a Borg ship (marked)", check=_borg_defender)),
        note="his admiral side is the admiral's"),
    Card(("william_ross_cap_72001p",), "William Ross", "captain", (
        target_ship("Action: a ship within Range 1-2 in his forward arc rolls 1 fewer attack die this round",
                    (1, 2), in_arc=True),
        attack_rider(-1, "the marked ship rolls 1 fewer attack die"))),
    Card(("kiaphet_amman_sor_cap_72338",), "Kiaphet Amman'sor", "captain", (
        this_round("Action: +1 defense die each time his ship defends this round; on a Xindi ship, +1 attack die "
                   "each time it attacks"),
        defense_rider(1, "+1 defense die (marked)"),
        attack_rider(1, "+1 attack die on a Xindi ship (marked)", check=_xindi))),
    Card(("gardner_cap_71800",), "Gardner", "captain", (
        this_round("Action: +1 attack die to primary weapon attacks and 1 defense die fewer this round; no free "
                   "actions this round"),
        attack_rider(1, "+1 attack die with the primary weapon (marked)", weapon="primary"),
        defense_rider(-1, "1 defense die fewer (marked)"),
        no_free("no free actions this round (marked)"))),
    Card(("martok_cap_71804",), "Martok", "captain", (
        this_round("Action: this round his primary weapon attacks roll +1 attack die and may turn one hit into a "
                   "critical hit; his ship rolls 2 fewer defense dice"),
        attack_rider(1, "+1 attack die with the primary weapon (marked)", weapon="primary"),
        Ability("modify_attack", Effect("convert", 1, "attack", ("hit",), "crit"), "one hit becomes a critical "
                "hit (marked, primary weapon)", condition=Condition(role="attacker", scope="marked",
                                                                     weapon="primary")),
        defense_rider(-2, "2 fewer defense dice (marked)"))),
    Card(("jhamel_72939",), "Jhamel", "captain", (
        target_ship("Action: an enemy ship at Range 1-3 in his forward arc rolls 2 fewer attack dice against his "
                    "ship this round", RANGES, targets="enemy", in_arc=True),
        attack_rider(-2, "the marked ship rolls 2 fewer attack dice against his ship", check=at_owner)),
        note="nothing in the engine affects a captain, so his immunity to it has nothing to do"),
    Card(("michael_eddington_gavroche",), "Michael Eddington", "captain", (
        target_ship("Action: spend one of 3 mission tokens (3 uses a game); a ship at Range 1-3 rolls 2 fewer "
                    "attack dice against his ship this round", RANGES, Cost(limit="game", uses=3)),
        attack_rider(-2, "the marked ship rolls 2 fewer attack dice against his ship", check=at_owner))),
    Card(("rudolph_ransom_71276",), "Rudolph Ransom", "captain", (
        dice("defense", 2, "defending with an evade token beside his ship: +2 defense dice",
             Condition(role="defender", token="evade"), optional=False),)),
    Card(("william_t_riker_72017",), "William T. Riker", "captain", (
        dice("attack", 1, "attacking a ship of greater Hull: +1 attack die", Condition(role="attacker", check=_bigger),
             optional=False),
        dice("defense", 1, "defending against a ship of greater Hull: +1 defense die",
             Condition(role="defender", check=_bigger), optional=False))),
    Card(("benjamin_maxwell_72011",), "Benjamin Maxwell", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack"), "attacking with a secondary weapon: reroll one "
                "attack die", condition=_SECONDARY),)),
    Card(("kiaphet_amman_sor_72004p",), "Kiaphet Amman'sor", "captain", (
        Ability("modify_defense", Effect("reroll", 1, "defense", ("blank",)), "defending: reroll one blank",
                condition=Condition(role="defender", check=_owner_not_bigger)),
        Ability("modify_defense", Effect("reroll", 0, "defense", ("blank",)), "defending against a ship of "
                "smaller Hull: reroll every blank", condition=Condition(role="defender", check=_owner_bigger)))),
    Card(("kurn_72334",), "Kurn", "captain", (
        Ability("modify_defense", Effect("reroll", 1, "defense", ("battle_stations",)), "defending: reroll one "
                "battle stations result", condition=Condition(role="defender", check=_not_klingon)),
        Ability("modify_defense", Effect("reroll", 2, "defense", ("battle_stations",)), "defending on a Klingon "
                "ship: reroll up to two battle stations results", condition=Condition(role="defender",
                                                                                      check=_klingon))),
        note="fielding a Klingon elite talent is fleet building"),
    Card(("lovok_72221a",), "Lovok", "captain", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking: reroll every blank and "
                "place an auxiliary power token", Cost(aux_power=True), ATTACKING),),
        note="fielding the Tal Shiar talent is fleet building"),
    Card(("somraw_commander_71448",), "Somraw Commander", "captain", (
        dice("attack", 1, "attacking at Range 3 with no auxiliary power token: +1 attack die and an auxiliary power "
             "token", Condition(role="attacker", bands=(3,), check=_no_aux), Cost(aux_power=True)),)),
    Card(("magnus_hansen_71509",), "Magnus Hansen", "captain", (
        Ability("modify_defense", Effect("add_result", 1, "defense", to="evade"), "defending: spend a scan token "
                "to add an evade result", Cost(token="scan"), DEFENDING),),
        note="no faction penalty on a Federation ship is fleet building"),
    Card(("2011",), "James T. Kirk", "captain", (),
         note="his Federation talents' cost of 3 is fleet building; their face-down state is hidden "
              "information the engine does not keep (every card is face up), so a talent is used as if face up"),
    Card(("gowron_72323p",), "Gowron", "captain", (
        dice("attack", 1, "on a Klingon ship with every shield destroyed: +1 attack die (lost once a shield is "
             "repaired)", Condition(role="attacker", factions=("Klingon",), check=_shields_destroyed),
             optional=False),)),
    Card(("klaang_72938",), "Klaang", "captain", (
        dice("attack", 1, "attacking an Independent ship or one with an Independent captain: +1 attack die",
             Condition(role="attacker", check=_independent_defender), optional=False),)),
    Card(("beverly_crusher_71807",), "Beverly Crusher", "captain", (
        Ability("modify_defense", Effect("convert", 1, "defense", ("battle_stations",), "evade"), "defending in a "
                "round her ship performed a green maneuver: one battle stations result becomes an evade",
                condition=Condition(role="defender", check=green)),)),
    Card(("tactical_drone_71283",), "Tactical Drone", "captain", (
        Ability("modify_attack", Effect("reroll", ANY, "attack"), "attacking: spend one of 4 drone tokens (4 uses a "
                "game) to reroll any number of the attack dice", Cost(limit="game", uses=4), ATTACKING),)),
    Card(("tactical_drone_71530",), "Tactical Drone", "captain", (
        dice("defense", -1, "attacking: spend one of 5 drone tokens (5 uses a game); the defender rolls 1 defense "
             "die fewer", ATTACKING, Cost(limit="game", uses=5)),)),
    Card(("third_of_five_71525",), "Third of Five", "captain", (
        dice("defense", 1, "defending: spend one of 3 drone tokens (3 uses a game) for +1 defense die", DEFENDING,
             Cost(limit="game", uses=3)),),
        note="not in the same fleet as Hugh: fleet building"),
    Card(("culluh_72221h",), "Culluh", "captain", per_count(
        lambda sit: upgrades(sit.owner, "tech"), 2,
        lambda n, c: dice("defense", n, f"defending: +1 defense die for each tech upgrade, at most 2 ({n})", c,
                          optional=False), DEFENDING)),
    Card(("robert_desoto_71998p",), "Robert DeSoto", "captain", per_count(
        lambda sit: upgrades(sit.owner, "crew"), 3,
        lambda n, c: Ability("modify_defense", Effect("reroll", n, "defense"), "defending: reroll a defense die "
                             f"for each crew upgrade, at most 3 ({n})", condition=c), DEFENDING)),
    Card(("krim_71803",), "Krim", "captain", per_count(
        lambda sit: len(sit.owner.damage), 3,
        lambda n, c: Ability("modify_defense", Effect("reroll", n, "defense"), "defending: reroll a defense die "
                             f"for each damage card beside his ship, at most 3 ({n})", condition=c), DEFENDING),
        note="his extra crew slot is fleet building"),
    Card(("gul_jasad_72221c",), "Gul Jasad", "captain", (
        this_round("Action: this round, attacking, +1 attack die for each friendly ship within Range 1-2 (at most 2) "
                   "and an auxiliary power token"),
        *per_count(_friends_near, 2, lambda n, c: dice(
            "attack", n, f"+1 attack die for each friendly ship within Range 1-2, at most 2 ({n}), and an auxiliary "
            "power token (marked)", c, Cost(aux_power=True)), MARKED_ATTACKING))),
    Card(("degra_72335",), "Degra", "captain", (
        dice("attack", 1, "attacking with a secondary weapon upgrade: +1 attack die",
             Condition(role="attacker", weapon="secondary", check=_other_weapon), optional=False),
        dice("attack", 2, "attacking with a Xindi weapon upgrade: +2 attack dice",
             Condition(role="attacker", weapon="secondary", check=_xindi_weapon), optional=False))),
    Card(("donald_varley_72336",), "Donald Varley", "captain", (
        free("once per round: a free Scan action", ("scan",), Cost(limit="round")),)),
    Card(("mr_spock_71523",), "Mr. Spock", "captain", (
        free("once per round: a free Target Lock or Scan action", ("target_lock", "scan"), Cost(limit="round")),)),
    Card(("bochra_72024",), "Bochra", "captain", (
        dice("attack", 1, "captain of a Romulan Scout Vessel with a scan token beside it: +1 attack die",
             Condition(role="attacker", classes=("Romulan Scout Vessel",), token="scan"), optional=False),
        dice("defense", 1, "captain of a Romulan Scout Vessel with a scan token beside it: +1 defense die",
             Condition(role="defender", classes=("Romulan Scout Vessel",), token="scan"), optional=False))),
    Card(("insectoid_commander_72003p",), "Insectoid Commander", "captain", (
        dice("attack", 1, "attacking: remove an evade token from beside his ship for +1 attack die (one token an "
             "attack)", ATTACKING, Cost(token="evade", limit="round")),
        dice("attack", 1, "attacking: remove a battle stations token from beside his ship for +1 attack die (one "
             "token an attack)", ATTACKING, Cost(token="battle_stations", limit="round")))),
    Card(("2012",), "Christopher Pike", "captain", (),
         note="no ability in play: his crew upgrades' -1 cost is fleet building (the fleet prices it)"),
    Card(("2023",), "Thot Gor", "captain", (),
         note="no ability in play: his weapon upgrades' -1 cost is fleet building (the fleet prices it)"),
    Card(("2035",), "Luaran", "captain", (),
         note="no ability in play: one Dominion upgrade's -2 cost is fleet building (the fleet prices it)"),
    Card(("3106",), "Styles", "captain", (),
         note="no ability in play: his extra tech slot is fleet building (the fleet counts it)"),
    Card(("2032",), "Chang", "captain", (
        Ability("action", Effect("disable_upgrade", targets="enemy", pick=True, upgrades=("captain",), locked=True),
                "Action: spend the target lock his ship holds; disable the captain card of the locked ship"),),
        note="a disabled captain keeps his Captain Skill; his abilities wait until an Action re-arms the card"),
)

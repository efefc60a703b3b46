"""Captains whose abilities play in an attack's steps: which attacks may be declared, the dice counted and
rolled, rerolls and conversions, the compare and damage steps. Each says in the project's words what the
card's text does."""

from __future__ import annotations

from collections.abc import Callable

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    ANY,
    ATTACKING,
    DEFENDING,
    behind_target,
    dice,
    green,
    has_faction,
    per_count,
    upgrades,
    weapon_faction,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _defender_has(token: str) -> Callable[[Situation], bool]:
    def check(sit: Situation) -> bool:
        return sit.attack is not None and getattr(sit.state.ship(sit.attack.defender.id), token) > 0
    return check


def _lower_skill_target(sit: Situation) -> bool:

    return sit.attack is not None and rules.skill_in_effect(sit.state.ship(sit.attack.defender.id)) < \
        rules.skill_in_effect(sit.owner)


_ATTACKING = Condition(role="attacker")
_DEFENDING = Condition(role="defender")

# the faction's generic captains: their cards print no ability (skill and cost only)
GENERIC: tuple[str, ...] = (
    "2003", "2005", "2007", "2022", "2025", "2027", "2036", "andorian_72025", "bajoran_captain_op6prize",
    "gorn_oparenaprize", "hirogen_71808", "kazon_captain_71282", "krenim_71799", "maquis_gavroche",
    "mirror_universe_captain_71510b", "species_8472_captain_71281", "tholian_opwebprize", "vidiian_71534",
    "vulcan_captain_71446", "xindi_72003p",
)


def _bigger(sit: Situation) -> bool:
    """The other ship of the attack has a greater printed Hull Value than the card's ship."""
    attack = sit.attack
    other = None if attack is None else attack.defender if attack.attacker.id == sit.owner.id else attack.attacker
    return other is not None and other.hull > sit.owner.hull


def _owner_bigger(sit: Situation) -> bool:
    return sit.attack is not None and sit.owner.hull > sit.attack.attacker.hull


def _owner_not_bigger(sit: Situation) -> bool:
    return sit.attack is not None and not _owner_bigger(sit)


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


def _xindi_weapon(sit: Situation) -> bool:
    return weapon_faction(sit) == "Xindi"


def _other_weapon(sit: Situation) -> bool:
    return weapon_faction(sit) not in (None, "Xindi")


_SECONDARY = Condition(role="attacker", weapon="secondary")


CARDS: tuple[Card, ...] = (
    Card(GENERIC, "generic captain", "captain", (), note="a generic captain prints no ability"),
    Card(("2029",), "Benjamin Sisko", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack"), "reroll one of his attack dice",
                Cost(limit="round"), _ATTACKING),
        Ability("modify_defense", Effect("reroll", 1, "defense"), "reroll one of his defense dice",
                Cost(limit="round"), _DEFENDING)),
        note="once per round in all: the two abilities share one use"),
    Card(("2004",), "Nu'Daq", "captain", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("battle_stations",), "hit"),
                "attacking: one battle stations result becomes a hit", condition=_ATTACKING),)),
    Card(("2006",), "Toreth", "captain", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("hit",), "crit"),
                "attacking: one hit becomes a critical hit", condition=_ATTACKING),)),
    Card(("2008",), "Khan Singh", "captain", (
        Ability("modify_attack", Effect("convert", 0, "attack", ("battle_stations",), "crit"),
                "attacking: spending a battle stations token turns every battle stations result into a "
                "critical hit instead of a hit", Cost(token="battle_stations"), _ATTACKING),),
        note="his faction-penalty waiver is fleet building"),
    Card(("2010",), "Clark Terrell", "captain", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"),
                "every other friendly ship within Range 1 of his ship rolls +1 defense die",
                condition=Condition(role="defender", scope="friendly", aura=(1,)), optional=False),)),
    Card(("2013",), "Donatra", "captain", (
        Ability("attack_dice", Effect("attack_dice", 1),
                "every other friendly ship within Range 1 of her ship rolls +1 attack die",
                condition=Condition(role="attacker", scope="friendly", aura=(1,)), optional=False),)),
    Card(("2014",), "Tomalak", "captain", (
        Ability("defense_dice", Effect("defense_dice", -1, "defense"),
                "firing at Range 3, the defender rolls no extra defense die for the range",
                condition=Condition(role="attacker", bands=(3,), weapon="primary"), optional=False),)),
    Card(("2016",), "Koloth", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack"),
                "defending: the attacker rerolls one attack die of his choice", condition=_DEFENDING),)),
    Card(("2017",), "Krell", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("battle_stations",)),
                "attacking: reroll one battle stations result", condition=_ATTACKING),)),
    Card(("2021",), "Gul Danar", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("blank",)), "attacking: reroll one blank",
                condition=_ATTACKING),)),
    Card(("2024",), "Sar", "captain", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending: +1 defense die",
                condition=_DEFENDING, optional=False),)),
    Card(("gul_damar_3rd_wing_attack_ship",), "Gul Damar", "captain", (
        Ability("attack_dice", Effect("attack_dice", -1),
                "attacks against his ship with a secondary weapon roll one attack die less",
                condition=Condition(role="defender", weapon="secondary"), optional=False),),
        note="minefields are not in the engine"),
    Card(("2033",), "Valdore", "captain", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking from outside the defender's forward arc: +1 "
                "attack die", condition=Condition(role="attacker", check=behind_target), optional=False),)),
    Card(("2037",), "Worf", "captain", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking: reroll every blank once",
                condition=_ATTACKING),)),
    Card(("2040",), "Gul Evek", "captain", (
        Ability("modify_defense", Effect("reroll", 0, "defense", ("blank",)), "defending: reroll every blank once",
                condition=_DEFENDING),)),
    Card(("2041",), "Letant", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("crit",)),
                "once per round, defending: the attacker rerolls one of its critical hits", Cost(limit="round"),
                _DEFENDING),)),
    Card(("alpha_hirogen_71808",), "Alpha Hirogen", "captain", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("blank",), "hit"),
                "attacking with the primary weapon: one blank becomes a hit",
                condition=Condition(role="attacker", weapon="primary")),)),
    Card(("aquatic_councilor_72338",), "Aquatic Councilor", "captain", (
        Ability("modify_defense", Effect("convert", 1, "defense", ("battle_stations",), "evade"),
                "defending: one battle stations result becomes an evade", condition=_DEFENDING),)),
    Card(("bractor_71806",), "Bractor", "captain", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking a ship with an auxiliary power token: +1 "
                "attack die", condition=Condition(role="attacker", check=_defender_has("aux_power")),
                optional=False),)),
    Card(("centurion_71794",), "Centurion", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("battle_stations",)),
                "attacking: reroll one battle stations result", condition=_ATTACKING),)),
    Card(("gorn_commander_oparenaprize",), "Gorn Commander", "captain", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("blank",), "hit"),
                "attacking: one blank becomes a hit", condition=_ATTACKING),)),
    Card(("gul_lemec_71798",), "Gul Lemec", "captain", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking a ship whose captain has a lower skill: +1 "
                "attack die", condition=Condition(role="attacker", check=_lower_skill_target), optional=False),)),
    Card(("gul_macet_71513b",), "Gul Macet", "captain", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking: +1 attack die for an auxiliary power token",
                Cost(aux_power=True), _ATTACKING),)),
    Card(("jabin_71793",), "Jabin", "captain", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending: +1 defense die",
                condition=_DEFENDING, optional=False),)),
    Card(("lenaris_holem_71445",), "Lenaris Holem", "captain", (
        Ability("modify_defense", Effect("reroll", 1, "defense"), "defending with an evade token beside his "
                "ship: reroll one defense die", condition=Condition(role="defender", token="evade")),)),
    Card(("rettik_71282",), "Rettik", "captain", (
        Ability("modify_defense", Effect("reroll", 1, "defense", ("blank",)), "defending: reroll one blank",
                condition=_DEFENDING),)),
    Card(("shakaar_edon_72221g",), "Shakaar Edon", "captain", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking: reroll every blank",
                condition=_ATTACKING),)),
    Card(("tal_72321p",), "Tal", "captain", (
        Ability("attack_dice", Effect("attack_dice", 1), "on a Romulan ship, attacking at Range 1 with the "
                "primary weapon: +1 attack die", condition=Condition(role="attacker", bands=(1,), weapon="primary",
                                                                     factions=("Romulan",)), optional=False),)),
    Card(("telek_r_mor_72016",), "Telek R'Mor", "captain", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending with a scan token beside his "
                "ship: +1 defense die", condition=Condition(role="defender", token="scan"), optional=False),),
        note="fielding Secret Research is fleet building"),
    Card(("tomalak_72000p",), "Tomalak", "captain", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking with the primary weapon "
                "and a scan token beside his ship: reroll every blank once",
                condition=Condition(role="attacker", weapon="primary", token="scan")),)),
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
    Card(("degra_72335",), "Degra", "captain", (
        dice("attack", 1, "attacking with a secondary weapon upgrade: +1 attack die",
             Condition(role="attacker", weapon="secondary", check=_other_weapon), optional=False),
        dice("attack", 2, "attacking with a Xindi weapon upgrade: +2 attack dice",
             Condition(role="attacker", weapon="secondary", check=_xindi_weapon), optional=False))),
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
    Card(("elim_garak_71646b",), "Elim Garak", "captain", (
        dice("attack", 1, "attacking: discard one of his ship's crew upgrades for +1 attack die", _ATTACKING,
             Cost(own="crew", own_discard=True)),)),
    Card(("tomalak_72945",), "Tomalak", "captain", per_count(
        lambda sit: upgrades(sit.owner, "tech"), 6,
        lambda n, c: Ability("modify_attack", Effect("reroll", n, "attack"), "attacking: reroll an attack die "
                             f"for each tech upgrade of his ship ({n})", condition=c), _ATTACKING),
        note="his extra tech slot is fleet building (the fleet's slots count it)"),
    Card(("valdore_71536",), "Valdore", "captain", (
        dice("attack", 1, "attacking: discard one of his ship's tech upgrades for +1 attack die", _ATTACKING,
             Cost(own="tech", own_discard=True)),),
        note="his extra tech slot is fleet building (the fleet's slots count it)"),
)

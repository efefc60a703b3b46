"""Crew whose abilities play in an attack's steps: which attacks may be declared, the dice counted and
rolled, rerolls and conversions, the compare and damage steps. Each says in the project's words what the
card's text does."""

from __future__ import annotations

from collections.abc import Callable

from engine.rulesets.attack_wing.abilities.cards.common import (
    ANY,
    ATTACKING,
    DEFENDING,
    dice,
    per_count,
    upgrades,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation

_ATTACKING = Condition(role="attacker")
_DEFENDING = Condition(role="defender")
_WITH_SCAN = Condition(role="attacker", token="scan")


def _attacker_is(faction: str, yes: bool = True) -> Callable[[Situation], bool]:
    return lambda sit: sit.attack is not None and (sit.attack.attacker.faction == faction) == yes


def _defender_is(faction: str) -> Callable[[Situation], bool]:
    return lambda sit: sit.attack is not None and sit.attack.defender.faction == faction


def _hull(most: int | None = None, least: int | None = None) -> Callable[[Situation], bool]:
    """The card's ship's printed Hull is at most / at least this."""
    return lambda sit: (most is None or sit.owner.hull <= most) and (least is None or sit.owner.hull >= least)


_ONE_MORE_DEFENSE_DIE = Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending: +1 defense die",
                                condition=_DEFENDING, optional=False)
_RANGE_3 = Condition(role="attacker", bands=(3,))


def _shields_destroyed(sit: Situation) -> bool:
    """Every shield of the card's ship destroyed (none active, none disabled)."""
    return sit.owner.shields == 0 and not sit.owner.shields_disabled


def _defender_scanned(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.defender.scan > 0


CARDS: tuple[Card, ...] = (
    Card(("3002",), "Worf", "crew", (
        Ability("modify_attack", Effect("reroll", 0, "attack"),
                "attacking: disable this card to reroll the whole attack roll and keep the new results",
                Cost(disable=True), _ATTACKING),)),
    Card(("3004",), "Geordi La Forge", "crew", (
        Ability("modify_defense", Effect("reroll", 1, "defense"),
                "attacking with a scan token beside his ship: the defender rerolls one defense die of his "
                "choice", condition=_WITH_SCAN),)),
    Card(("3030",), "Mr. Spock", "crew", (
        Ability("modify_attack", Effect("convert", 0, "attack", ("battle_stations",), "hit"),
                "attacking with a scan token beside his ship: every battle stations result becomes a hit",
                condition=_WITH_SCAN),)),
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
    Card(("tom_paris_71280",), "Tom Paris", "crew", (_ONE_MORE_DEFENSE_DIE,)),
    Card(("amat_igan_71524",), "Amat'Igan", "crew", (_ONE_MORE_DEFENSE_DIE,),
         note="taking another crew card's discard is not played: no card in the engine discards crew"),
    Card(("patahk_72024",), "Patahk", "crew", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking with the primary weapon: discard for +1 "
                "attack die", Cost(discard=True), Condition(role="attacker", weapon="primary")),)),
    Card(("glinn_lasaran_72221c",), "Glinn Lasaran", "crew", (
        Ability("defense_dice", Effect("defense_dice", 2, "defense"), "defending: discard for +2 defense dice",
                Cost(discard=True), _DEFENDING),)),
    Card(("nog_72013",), "Nog", "crew", (
        Ability("attack_dice", Effect("attack_dice", -2), "defending: discard; the attacker rolls 2 attack dice "
                "less", Cost(discard=True), _DEFENDING),)),
    Card(("glinn_tajor_71798",), "Glinn Tajor", "crew", (
        Ability("defense_dice", Effect("defense_dice", -1, "defense"), "attacking at Range 3: discard; the "
                "defender rolls 1 defense die less", Cost(discard=True), _RANGE_3),)),
    Card(("tuvok_71280",), "Tuvok", "crew", (
        Ability("attack_dice", Effect("attack_dice", 1), "firing a secondary weapon: disable for +1 attack die",
                Cost(disable=True), Condition(role="attacker", weapon="secondary")),)),
    Card(("b_elanna_torres_71528",), "B'Elanna Torres", "crew", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking at Range 3: disable for +1 attack die",
                Cost(disable=True), Condition(role="attacker", bands=(3,), check=_hull(least=4))),
        Ability("attack_dice", Effect("attack_dice", 2), "attacking at Range 3 from a ship of Hull 3 or less: "
                "disable for +2 attack dice", Cost(disable=True),
                Condition(role="attacker", bands=(3,), check=_hull(most=3))))),
    Card(("pavel_chekov_71523",), "Pavel Chekov", "crew", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking with the primary weapon: "
                "disable to reroll every blank", Cost(disable=True), Condition(role="attacker", weapon="primary")),)),
    Card(("tactical_officer_72009",), "Tactical Officer", "crew", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking while not cloaked: "
                "disable to reroll every blank once", Cost(disable=True),
                Condition(role="attacker", check=lambda sit: not sit.owner.cloaked)),),
        note="its +3 cost on a non-Klingon ship is fleet building"),
    Card(("t_pol_71446",), "T'Pol", "crew", (
        Ability("modify_defense", Effect("reroll", 2, "defense"), "defending: spend a scan token to reroll up "
                "to two defense dice", Cost(token="scan"), _DEFENDING),)),
    Card(("toral_72324p",), "Toral", "crew", (
        Ability("modify_defense", Effect("reroll", 2, "defense"), "defending: discard to reroll up to two "
                "defense dice", Cost(discard=True),
                Condition(role="defender", check=lambda sit: sit.owner.faction != "Klingon")),
        Ability("modify_defense", Effect("reroll", 2, "defense"), "defending on a Klingon ship: disable to "
                "reroll up to two defense dice", Cost(disable=True),
                Condition(role="defender", factions=("Klingon",))))),
    Card(("data_71531",), "Data", "crew", (
        Ability("modify_attack", Effect("reroll", 0, "attack"), "defending: discard; the attacker rerolls its "
                "whole attack roll", Cost(discard=True), _DEFENDING),)),
    Card(("elizabeth_shelby_72941p",), "Elizabeth Shelby", "crew", (
        Ability("modify_defense", Effect("reroll", 1, "defense", ("blank",)), "defending: reroll one blank",
                condition=Condition(role="defender", check=_attacker_is("Borg", yes=False))),
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending against a Borg ship: +1 "
                "defense die", condition=Condition(role="defender", check=_attacker_is("Borg")), optional=False),
        Ability("modify_defense", Effect("reroll", 0, "defense", ("blank",)), "defending against a Borg ship: "
                "reroll every blank", condition=Condition(role="defender", check=_attacker_is("Borg"))))),
    Card(("b_elanna_torres_72937",), "B'Elanna Torres", "crew", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("blank",)), "attacking: reroll one blank",
                condition=_ATTACKING),
        Ability("modify_attack", Effect("convert", 1, "attack", ("blank",), "hit"), "attacking a Dominion "
                "ship: one blank becomes a hit", condition=Condition(role="attacker",
                                                                     check=_defender_is("Dominion"))))),
    Card(("seskal_3rd_wing_attack_ship",), "Seskal", "crew", (
        Ability("attack_dice", Effect("attack_dice", 2), "attacking with every shield destroyed: disable for +2 "
                "attack dice", Cost(disable=True),
                Condition(role="attacker", check=_shields_destroyed)),)),
    Card(("tal_i_r_w_vorta_vor",), "Tal", "crew", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking a ship with a scan token beside it: disable "
                "for +1 attack die", Cost(disable=True),
                Condition(role="attacker", check=_defender_scanned)),)),
    Card(("hoshi_sato_71526",), "Hoshi Sato", "crew", (
        Ability("attack_dice", Effect("attack_dice", -1), "defending with a scan token beside her ship: disable; "
                "the attacker rolls 1 attack die less", Cost(disable=True),
                Condition(role="defender", token="scan")),)),
    Card(("lon_suder_gavroche",), "Lon Suder", "crew", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking: disable and spend a battle stations token "
                "for +1 attack die", Cost(disable=True, token="battle_stations"), _ATTACKING),)),
    Card(("kunivas_i_k_s_b_moth",), "Kunivas", "crew", (
        Ability("modify_attack", Effect("add_result", 1, "attack", to="hit"), "attacking: discard to add a hit "
                "result", Cost(discard=True), _ATTACKING),)),
    Card(("jack_crusher_71510",), "Jack Crusher", "crew", (
        Ability("modify_defense", Effect("add_result", 2, "defense", to="evade"), "defending: discard and spend "
                "an evade token to add two evade results", Cost(discard=True, token="evade"), _DEFENDING),)),
    Card(("quinn_72000b",), "Quinn", "crew", (
        Ability("compare", Effect("cancel", 1, "attack", ("hit", "crit")), "defending: discard this card to "
                "cancel 1 hit or critical hit", Cost(discard=True), _DEFENDING),)),
    Card(("3091",), "Redshirt", "crew", (
        Ability("compare", Effect("cancel", 1, "attack"), "defending: discard this card to cancel any one "
                "attack die (in the compare step)", Cost(discard=True), _DEFENDING),)),
    Card(("natasha_yar_72224p",), "Natasha Yar", "crew", (
        Ability("modify_attack", Effect("reroll", 3, "attack"), "attacking: place 2 time tokens on this card to "
                "reroll up to three attack dice", Cost(time=2), _ATTACKING),),
        note="her two weapon upgrade slots are fleet building"),
    Card(("jadzia_dax_72015",), "Jadzia Dax", "crew", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("battle_stations",), "hit"),
                "attacking: disable and spend a scan token; one battle stations result becomes a hit",
                Cost(disable=True, token="scan"), ATTACKING),
        Ability("modify_defense", Effect("convert", 1, "defense", ("battle_stations",), "evade"),
                "defending: disable and spend a scan token; one battle stations result becomes an evade",
                Cost(disable=True, token="scan"), DEFENDING)),
        note="no faction penalty on a Klingon ship is fleet building"),
    Card(("klingon_tactical_officer_72327",), "Klingon Tactical Officer", "crew", (
        Ability("modify_attack", Effect("convert", 1, "attack", ("battle_stations",), "hit"),
                "attacking with the primary weapon: disable and spend an evade token; one battle stations result "
                "becomes a hit", Cost(disable=True, token="evade"), Condition(role="attacker", weapon="primary")),)),
    Card(("rulat_72221h",), "Rulat", "crew", (
        Ability("modify_attack", Effect("reroll", ANY, "attack"), "attacking: discard to reroll any number of the "
                "attack dice", Cost(discard=True), ATTACKING),
        Ability("modify_defense", Effect("reroll", ANY, "defense"), "defending: discard to reroll any number of "
                "the defense dice", Cost(discard=True), DEFENDING))),
    Card(("ikat_ika_71279",), "Ikat'Ika", "crew", (
        Ability("modify_attack", Effect("reroll", ANY, "attack"), "defending: discard; the attacker rerolls any "
                "number of its attack dice of this seat's choice", Cost(discard=True), DEFENDING),),
        note="its +5 cost on a non-Jem'Hadar ship is fleet building"),
    Card(("aquatic_councilor_72004p",), "Aquatic Councilor", "crew", (
        dice("defense", 1, "defending: disable for +1 defense die", DEFENDING, Cost(disable=True)),
        dice("defense", 2, "defending: discard for +2 defense dice", DEFENDING, Cost(discard=True)))),
    Card(("geordi_la_forge_72017",), "Geordi La Forge", "crew", per_count(
        lambda sit: upgrades(sit.owner, "tech"), 2,
        lambda n, c: dice("defense", n, f"defending: disable for +1 defense die for each tech upgrade, at most 2 "
                          f"({n})", c, Cost(disable=True)), DEFENDING),
        note="his -1 cost for tech upgrades is fleet building"),
    Card(("b_elanna_torres_72014",), "B'Elanna Torres", "crew", (
        Ability("compare", Effect("cancel", 1, "attack", ("hit", "crit")), "defending: disable this card and one "
                "active shield to cancel 1 hit or critical hit", Cost(disable=True, shields=1), DEFENDING),)),
    Card(("3035",), "Tactical Officer", "crew", (
        Ability("modify_attack", Effect("reroll_again", ANY, "attack"), "attacking: the dice the target lock just "
                "rerolled may each be rerolled once more", condition=ATTACKING),)),
    Card(("3039",), "Varel", "crew", (
        Ability("attack_dice", Effect("no_dice", dice="attack"), "attacked: discard before any die is rolled; the "
                "attack is canceled (its attack rolls no dice, and it is not made again at another ship)",
                Cost(discard=True), DEFENDING),),
        note="her +5 cost on a ship other than a Romulan Science Vessel is fleet building"),
    Card(("3110",), "Lojur", "crew", (
        Ability("attack_dice", Effect("spare_weapon"), "firing a weapon upgrade that is disabled to fire: disable "
                "Lojur instead of the weapon", Cost(disable=True), Condition(role="attacker", weapon="secondary")),)),
)

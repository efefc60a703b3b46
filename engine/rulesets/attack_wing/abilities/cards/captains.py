"""Captain cards (the abilities printed on them, in the project's words). Fleet-building texts
(costs of other cards) are the fleet builder's (``fleet.py``); these are the rules of play."""

from __future__ import annotations

from collections.abc import Callable

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _behind_target(sit: Situation) -> bool:
    """The card's ship is outside the defender's forward firing arc."""
    from engine.rulesets.attack_wing import rules
    from engine.rulesets.attack_wing.measure import arc_check

    attack = sit.attack
    if attack is None:
        return False
    defender = sit.state.ship(attack.defender.id)
    return not arc_check(rules.placed(defender), rules.placed(sit.owner), defender.front_arc or 90.0).in_arc


def _defender_has(token: str) -> Callable[[Situation], bool]:
    def check(sit: Situation) -> bool:
        return sit.attack is not None and getattr(sit.state.ship(sit.attack.defender.id), token) > 0
    return check


def _green_tholian(sit: Situation) -> bool:
    """A Tholian ship that performed a green maneuver this round."""
    revealed = sit.owner.revealed
    return "Tholian" in (sit.owner.faction, sit.owner.class_name.split()[0]) and revealed is not None \
        and revealed[2] == "green"


# captains who are admirals too: the same Action: on both cards (admirals.py lists the admiral's side)
_ALIDAR_JAROK = (
    Ability("action", Effect("remove_token", targets="ships", reach=(1,), pick=True,
                             tokens=("evade", "scan", "battle_stations", "target_lock")),
            "Action: a ship within Range 1 loses an evade, scan or battle stations token or its target lock "
            "(his choice)"),)
_KIRK_71523 = (
    Ability("action", Effect("disable_upgrade", targets="ships", reach=(1,), pick=True),
            "Action: disable one upgrade of his choice on a ship at Range 1"),)
_V_LAS = (
    Ability("action", Effect("disable_upgrade", targets="ships", reach=(1, 2), pick=True, upgrades=("crew",)),
            "Action: disable one crew upgrade of his choice on a ship at Range 1-2"),)


def _lower_skill_target(sit: Situation) -> bool:
    from engine.rulesets.attack_wing import rules

    return sit.attack is not None and rules.skill_in_effect(sit.state.ship(sit.attack.defender.id)) < \
        rules.skill_in_effect(sit.owner)


def _against_owner(sit: Situation) -> bool:
    """The attack is on the card's own ship (by a ship the card marked)."""
    return sit.attack is not None and sit.attack.defender.id == sit.owner.id


_ATTACKING = Condition(role="attacker")
_DEFENDING = Condition(role="defender")
FREE_ACTIONS = ("evasive_maneuvers", "target_lock", "scan", "battle_stations")

# the faction's generic captains: their cards print no ability (skill and cost only)
GENERIC: tuple[str, ...] = (
    "2003", "2005", "2007", "2022", "2025", "2027", "2036", "andorian_72025", "bajoran_captain_op6prize",
    "gorn_oparenaprize", "hirogen_71808", "kazon_captain_71282", "krenim_71799", "maquis_gavroche",
    "mirror_universe_captain_71510b", "species_8472_captain_71281", "tholian_opwebprize", "vidiian_71534",
    "vulcan_captain_71446", "xindi_72003p",
)

CARDS: tuple[Card, ...] = (
    Card(GENERIC, "generic captain", "captain", (), note="a generic captain prints no ability"),
    Card(("2001",), "Jean-Luc Picard", "captain", (
        Ability("free_action", Effect("free_action", actions=FREE_ACTIONS),
                "once per round: a free Evasive Maneuvers, Target Lock, Scan or Battle Stations action, even "
                "off the Action Bar", Cost(limit="round")),)),
    Card(("2029",), "Benjamin Sisko", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack"), "reroll one of his attack dice",
                Cost(limit="round"), _ATTACKING),
        Ability("modify_defense", Effect("reroll", 1, "defense"), "reroll one of his defense dice",
                Cost(limit="round"), _DEFENDING)),
        note="once per round in all: the two abilities share one use"),
    Card(("2002",), "William T. Riker", "captain", (
        Ability("action", Effect("mark"), "Action: attacked at Range 1 this round, his ship fires back"),
        Ability("damage", Effect("retaliate", 2),
                "attacked at Range 1 after his Action: 2 attack dice at the attacker, whose hits and crits "
                "damage it with no defense roll (even if his ship is destroyed by that attack)",
                condition=Condition(role="defender", scope="marked", bands=(1,)))),
        note="the return fire resolves before the attack's damage is dealt"),
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
    Card(("2019",), "Gowron", "captain", (
        Ability("action", Effect("mark", targets="friendly", reach=(1, 2), factions=("Klingon",)),
                "Action: every other friendly Klingon ship within Range 1-2 rolls +1 attack die this round"),
        Ability("attack_dice", Effect("attack_dice", 1), "a ship Gowron marked rolls +1 attack die",
                condition=Condition(role="attacker", scope="marked"), optional=False))),
    Card(("2021",), "Gul Danar", "captain", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("blank",)), "attacking: reroll one blank",
                condition=_ATTACKING),)),
    Card(("2024",), "Sar", "captain", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "defending: +1 defense die",
                condition=_DEFENDING, optional=False),)),
    Card(("weyoun_71524",), "Weyoun", "captain", (
        Ability("action", Effect("mark", targets="ships", reach=(1, 2, 3), pick=True, and_self=True),
                "Action: spend a mission token (2 on the card at the start): a ship within Range 1-3 may not "
                "attack his ship this round, and his ship attacks no one", Cost(limit="game", uses=2)),
        Ability("declare_target", Effect("cannot_attack", targets="owner"),
                "Weyoun's target holds fire at his ship; his ship holds fire", condition=Condition(scope="marked"),
                optional=False))),
    Card(("keevan_71524",), "Keevan", "captain", (
        Ability("action", Effect("mark", targets="enemy", reach=(1, 2), pick=True, in_arc=True, and_self=True),
                "Action: an enemy ship at Range 1-2 in the forward arc becomes his only target this round"),
        Ability("declare_target", Effect("must_attack"),
                "his ship attacks only its target, just before it (as if of higher Captain Skill)",
                condition=Condition(scope="marked"), optional=False),
        Ability("attack_dice", Effect("attack_dice", 4), "the target attacking his ship rolls +4 attack dice",
                condition=Condition(role="attacker", scope="marked", check=_against_owner), optional=False)),
        note="he resolves first whichever weapon he fires (the card: with the primary weapon)"),
    Card(("gul_damar_3rd_wing_attack_ship",), "Gul Damar", "captain", (
        Ability("attack_dice", Effect("attack_dice", -1),
                "attacks against his ship with a secondary weapon roll one attack die less",
                condition=Condition(role="defender", weapon="secondary"), optional=False),),
        note="minefields are not in the engine"),
    Card(("2033",), "Valdore", "captain", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking from outside the defender's forward arc: +1 "
                "attack die", condition=Condition(role="attacker", check=_behind_target), optional=False),)),
    Card(("2037",), "Worf", "captain", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "attacking: reroll every blank once",
                condition=_ATTACKING),)),
    Card(("2038",), "Kurn", "captain", (
        Ability("action", Effect("mark"), "Action: +1 attack die this round; an auxiliary power token",
                Cost(aux_power=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die after Kurn's Action",
                condition=Condition(role="attacker", scope="marked"), optional=False))),
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
    Card(("gul_dukat_cap_71524",), "Gul Dukat", "captain", (
        Ability("action", Effect("mark"), "Action: +1 attack die this round with the primary weapon"),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die with the primary weapon after his Action",
                condition=Condition(role="attacker", scope="marked", weapon="primary"), optional=False))),
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
    Card(("worf_71807",), "Worf", "captain", (
        Ability("action", Effect("mark"), "Action: +1 attack die and +1 defense die this round; an auxiliary "
                "power token", Cost(aux_power=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die after his Action",
                condition=Condition(role="attacker", scope="marked"), optional=False),
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "+1 defense die after his Action",
                condition=Condition(role="defender", scope="marked"), optional=False))),
    Card(("bok_71646a",), "Bok", "captain", (
        Ability("action", Effect("mark"), "Action: +1 attack die to each attack and -1 defense die each time "
                "his ship defends this round"),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die after his Action",
                condition=Condition(role="attacker", scope="marked"), optional=False),
        Ability("defense_dice", Effect("defense_dice", -1, "defense"), "-1 defense die after his Action",
                condition=Condition(role="defender", scope="marked"), optional=False))),
    # effects on another ship, shield repair, time tokens (abilities.md "How to add a card")
    Card(("soval_71446",), "Soval", "captain", (
        Ability("action", Effect("remove_token", targets="ships", reach=(1, 2), pick=True,
                                 tokens=("scan", "battle_stations")),
                "Action: a ship within Range 1-2 loses a scan or battle stations token (his choice); an "
                "auxiliary power token beside his ship", Cost(aux_power=True)),)),
    Card(("alidar_jarok_cap_72016",), "Alidar Jarok", "captain", _ALIDAR_JAROK),
    Card(("james_t_kirk_cap_71523",), "James T. Kirk", "captain", _KIRK_71523),
    Card(("v_las_cap_71527",), "V'Las", "captain", _V_LAS),
    Card(("tholian_pilot_71795",), "Tholian Pilot", "captain", (
        Ability("action", Effect("repair_shield", 1), "Action: on a Tholian ship, after a green maneuver this "
                "round: repair 1 shield", condition=Condition(check=_green_tholian)),)),
    Card(("jean_luc_picard_72944",), "Jean-Luc Picard", "captain", (
        Ability("action", Effect("gain_token", token="battle_stations", targets="friendly", and_self=True),
                "Action: place 2 time tokens on this card: a battle stations token beside his ship and every "
                "friendly ship", Cost(time=2)),)),
)

"""Captain cards (the abilities printed on them, in the project's words). Fleet-building texts
(costs of other cards) are the fleet builder's (``fleet.py``); these are the rules of play."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect

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
    Card(("gul_damar_3rd_wing_attack_ship",), "Gul Damar", "captain", (
        Ability("attack_dice", Effect("attack_dice", -1),
                "attacks against his ship with a secondary weapon roll one attack die less",
                condition=Condition(role="defender", weapon="secondary"), optional=False),),
        note="minefields are not in the engine"),
)

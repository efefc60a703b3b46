"""Captains with an "Action:" or a free action (an "Action:" card whose effect lasts the round: its riders
in the attack's steps are here too). Each says in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    MARKED_ATTACKING,
    RANGES,
    at_owner,
    attack_rider,
    defense_rider,
    dice,
    free,
    no_free,
    per_count,
    target_ship,
    this_round,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


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


def _against_owner(sit: Situation) -> bool:
    """The attack is on the card's own ship (by a ship the card marked)."""
    return sit.attack is not None and sit.attack.defender.id == sit.owner.id
FREE_ACTIONS = ("evasive_maneuvers", "target_lock", "scan", "battle_stations")


def _borg_defender(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.defender.faction == "Borg"


def _not_borg_defender(sit: Situation) -> bool:
    return not _borg_defender(sit)


def _xindi(sit: Situation) -> bool:
    return sit.owner.faction == "Xindi"


def _friends_near(sit: Situation) -> int:
    """Friendly ships within Range 1-2 of the card's ship."""
    return sum(1 for s in sit.state.in_play() if s.side == sit.owner.side and s.id != sit.owner.id
               and rules.band_between(sit.owner, s) in (1, 2))


CARDS: tuple[Card, ...] = (
    Card(("2001",), "Jean-Luc Picard", "captain", (
        Ability("free_action", Effect("free_action", actions=FREE_ACTIONS),
                "once per round: a free Evasive Maneuvers, Target Lock, Scan or Battle Stations action, even "
                "off the Action Bar", Cost(limit="round")),)),
    Card(("2002",), "William T. Riker", "captain", (
        Ability("action", Effect("mark"), "Action: attacked at Range 1 this round, his ship fires back"),
        Ability("damage", Effect("retaliate", 2),
                "attacked at Range 1 after his Action: 2 attack dice at the attacker, whose hits and crits "
                "damage it with no defense roll (even if his ship is destroyed by that attack)",
                condition=Condition(role="defender", scope="marked", bands=(1,)))),
        note="the return fire resolves before the attack's damage is dealt"),
    Card(("2019",), "Gowron", "captain", (
        Ability("action", Effect("mark", targets="friendly", reach=(1, 2), factions=("Klingon",)),
                "Action: every other friendly Klingon ship within Range 1-2 rolls +1 attack die this round"),
        Ability("attack_dice", Effect("attack_dice", 1), "a ship Gowron marked rolls +1 attack die",
                condition=Condition(role="attacker", scope="marked"), optional=False))),
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
    Card(("2038",), "Kurn", "captain", (
        Ability("action", Effect("mark"), "Action: +1 attack die this round; an auxiliary power token",
                Cost(aux_power=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die after Kurn's Action",
                condition=Condition(role="attacker", scope="marked"), optional=False))),
    Card(("gul_dukat_cap_71524",), "Gul Dukat", "captain", (
        Ability("action", Effect("mark"), "Action: +1 attack die this round with the primary weapon"),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die with the primary weapon after his Action",
                condition=Condition(role="attacker", scope="marked", weapon="primary"), optional=False))),
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
    Card(("gul_jasad_72221c",), "Gul Jasad", "captain", (
        this_round("Action: this round, attacking, +1 attack die for each friendly ship within Range 1-2 (at most 2) "
                   "and an auxiliary power token"),
        *per_count(_friends_near, 2, lambda n, c: dice(
            "attack", n, f"+1 attack die for each friendly ship within Range 1-2, at most 2 ({n}), and an auxiliary "
            "power token (marked)", c, Cost(aux_power=True)), MARKED_ATTACKING))),
    Card(("donald_varley_72336",), "Donald Varley", "captain", (
        free("once per round: a free Scan action", ("scan",), Cost(limit="round")),)),
    Card(("mr_spock_71523",), "Mr. Spock", "captain", (
        free("once per round: a free Target Lock or Scan action", ("target_lock", "scan"), Cost(limit="round")),)),
    Card(("2032",), "Chang", "captain", (
        Ability("action", Effect("disable_upgrade", targets="enemy", pick=True, upgrades=("captain",), locked=True),
                "Action: spend the target lock his ship holds; disable the captain card of the locked ship"),),
        note="a disabled captain keeps his Captain Skill; his abilities wait until an Action re-arms the card"),
)

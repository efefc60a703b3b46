"""More elite talents: a ship marked for the round, tokens, dice counts and rerolls."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    ANY,
    ATTACKING,
    DEFENDING,
    attack_rider,
    by_owner,
    defense_rider,
    dice,
    free,
    has_faction,
    no_free,
    not_at_each_other,
    per_count,
    target_ship,
    this_round,
    upgrades,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _no_evade(sit: Situation) -> bool:
    return not sit.owner.evade

GALAXY = ("Galaxy Class", "Galaxy Class (MU)")


def _near(sit: Situation, ship_id: str, bands: tuple[int, ...], friendly_to: int,
          factions: tuple[str, ...] = ()) -> bool:
    """Some other ship of side ``friendly_to`` (of these factions) is within ``bands`` of ``ship_id``."""
    centre = sit.state.ship(ship_id)
    return any(s.side == friendly_to and s.id not in (ship_id, sit.owner.id, sit.subject.id)
               and (not factions or s.faction in factions) and rules.band_between(centre, s) in bands
               for s in sit.state.in_play())


def _destabilized(sit: Situation) -> bool:
    """Another enemy ship of the card's ship is within Range 1-2 of the defender."""
    attack = sit.attack
    return attack is not None and _near(sit, attack.defender.id, (1, 2), attack.defender.side)


def _kin_near(sit: Situation) -> bool:
    """A friendly Klingon or Romulan ship within Range 1-2 of the card's ship."""
    return _near(sit, sit.owner.id, (1, 2), sit.owner.side, ("Klingon", "Romulan"))


def _locked(sit: Situation) -> bool:
    """The card's ship holds a target lock on the defender."""
    return sit.attack is not None and sit.owner.target_lock == sit.attack.defender.id


def _cloaked(sit: Situation) -> bool:
    return sit.owner.cloaked


def _interrogated(sit: Situation) -> int:
    """1 + the upgrades deployed to the defender."""
    return 0 if sit.attack is None else 1 + upgrades(sit.attack.defender)


def _borg_attacker(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.attacker.faction == "Borg"


def _klingon_defender(sit: Situation) -> bool:
    return sit.attack is not None and has_faction(sit.attack.defender, "Klingon")


def _not_klingon_defender(sit: Situation) -> bool:
    return sit.attack is not None and not _klingon_defender(sit)


CARDS: tuple[Card, ...] = (
    Card(("3107",), "Feint", "talent", (
        target_ship("Action: discard this card; a ship at Range 2-3 rolls 2 fewer defense dice against this ship's "
                    "attacks this round", (2, 3), Cost(discard=True)),
        defense_rider(-2, "the marked ship rolls 2 fewer defense dice against the card's ship", check=by_owner))),
    Card(("3101",), "Invasion Plans", "talent", (
        dice("defense", -2, "attacking at Range 2-3 while cloaked: discard; the defender rolls 2 fewer defense dice",
             Condition(role="attacker", bands=(2, 3), check=_cloaked), Cost(discard=True)),)),
    Card(("destabilized_relations_72328",), "Destabilized Relations", "talent", (
        dice("defense", -2, "attacking at Range 3 a ship with another enemy ship within Range 1-2 of it: the "
             "defender rolls 2 fewer defense dice", Condition(role="attacker", bands=(3,), check=_destabilized),
             optional=False),)),
    Card(("altert_status_one_72015",), "Alert Status One", "talent", (
        this_round("Action: discard this card; a battle stations token beside this ship", Cost(discard=True),
                   amount=1, token="battle_stations"),
        no_free("no battle stations as a free action this round (marked)", "battle_stations"))),
    Card(("3086",), "Defense Condition One", "talent", (
        this_round("Action: discard this card; a battle stations token beside this ship and every other friendly "
                   "ship within Range 1-2, even one that has one", Cost(discard=True), targets="friendly",
                   reach=(1, 2), and_self=True, amount=1, token="battle_stations"),)),
    Card(("klingon_romulan_alliance_72325g",), "Klingon-Romulan Alliance", "talent", (
        Ability("modify_defense", Effect("reroll", ANY, "defense"), "defending within Range 1-2 of a friendly "
                "Klingon or Romulan ship: discard to reroll any number of the defense dice", Cost(discard=True),
                Condition(role="defender", check=_kin_near)),),
        note="only a Klingon or Romulan captain on such a ship may field it: fleet building"),
    Card(("starfleet_intelligence_71807",), "Starfleet Intelligence", "talent", (
        Ability("modify_defense", Effect("reroll", ANY, "defense"), "defending: discard to reroll any number of "
                "the defense dice", Cost(discard=True), DEFENDING),
        Ability("modify_attack", Effect("reroll", ANY, "attack"), "attacking: discard to reroll any number of the "
                "attack dice", Cost(discard=True), ATTACKING))),
    Card(("i_am_the_borg_72006",), "I Am the Borg", "talent", (
        this_round("Action: discard this card; every other friendly ship within Range 1-2 rolls +1 attack die "
                   "this round", Cost(discard=True), targets="friendly", reach=(1, 2)),
        attack_rider(1, "+1 attack die (marked)")),
        note="only the Borg Queen may take it: fleet building"),
    Card(("galaxy_wing_squadron_72336",), "Galaxy Wing Squadron", "talent", (
        this_round("Action: discard this card; every other friendly Galaxy class ship within Range 1-2 rolls +1 "
                   "attack die this round", Cost(discard=True), targets="friendly", reach=(1, 2), classes=GALAXY),
        attack_rider(1, "+1 attack die (marked)"))),
    Card(("pursuit_72221g",), "Pursuit", "talent", (
        dice("attack", 2, "attacking a ship this ship holds a target lock on: discard for +2 attack dice",
             Condition(role="attacker", check=_locked), Cost(discard=True)),),
        note="only a ship of Hull 3 or less may take it: fleet building"),
    Card(("interrogation_72325p",), "Interrogation", "talent", per_count(
        _interrogated, 3, lambda n, c: dice("attack", n, "attacking: discard for 1 attack die plus 1 for each "
                                            f"upgrade on the defender, at most 3 ({n})", c, Cost(discard=True)),
        ATTACKING),
        note="only a Klingon captain on a Klingon ship may field it: fleet building"),
    Card(("devotion_to_duty_72009",), "Devotion to Duty", "talent", (
        this_round("Action: this round, attacking with the primary weapon, the card may be discarded for +1 attack "
                   "die for each damage card beside the ship (at most 2)"),
        *per_count(lambda sit: len(sit.owner.damage), 2, lambda n, c: dice(
            "attack", n, f"discard for +1 attack die for each damage card, at most 2 ({n}) (marked)", c,
            Cost(discard=True)), Condition(role="attacker", scope="marked", weapon="primary"))),
        note="only a Klingon captain on a Klingon ship may field it: fleet building"),
    Card(("enemy_of_the_empire_72325p",), "Enemy of the Empire", "talent", (
        dice("attack", 1, "attacking: discard for +1 attack die", Condition(role="attacker",
                                                                          check=_not_klingon_defender),
             Cost(discard=True)),
        dice("attack", 1, "attacking a Klingon ship, or one with a Klingon captain or upgrade: disable for +1 attack "
             "die", Condition(role="attacker", check=_klingon_defender), Cost(disable=True)))),
    Card(("marauder_71806",), "Marauder", "talent", (
        free("disable this card: a free Battle Stations action", ("battle_stations",), Cost(disable=True)),),
        note="only a Ferengi captain on a Ferengi ship: fleet building"),
    Card(("provisional_government_71803",), "Provisional Government", "talent", not_at_each_other(
        "Action: discard this card; a ship at Range 1-3 and this ship do not attack each other this round", (1, 2, 3),
        Cost(discard=True))),
    Card(("unremarkable_species_72018", "unremarkable_species_c_72018", "unremarkable_species_t_72018",
          "unremarkable_species_w_72018"), "Unremarkable Species", "talent", (
        dice("defense", 2, "defending against a Borg ship: +2 defense dice",
             Condition(role="defender", check=_borg_attacker), optional=False),),
        note="no slot, its cost off a Kazon ship and one per ship are fleet building; the Borg Assimilation "
             "Tubules it guards against are not in the engine"),
    Card(("command_pod_72333",), "Command Pod", "talent", (
        Ability("compare", Effect("cancel", 1, "attack"), "defending: discard this card to cancel any one attack die "
                "(in the compare step)", Cost(discard=True), DEFENDING),),
        note="only a captain on a D7 class ship may field it: fleet building"),
    Card(("i_am_kohn_ma_op6prize",), "I Am Kohn-Ma", "talent", (
        Ability("action", Effect("disable_upgrade", targets="ships", reach=(1, 2, 3), pick=True),
                "Action: discard this card; disable one upgrade of this seat's choice on a ship at Range 1-3",
                Cost(discard=True)),),
        note="only a Bajoran captain may field it: fleet building"),
    Card(("invaluable_advice_op5prize",), "Invaluable Advice", "talent", (
        Ability("attack_dice", Effect("gain_token", 1, token="battle_stations"), "attacking or defending, before "
                "any die is rolled: discard this card for a battle stations token", Cost(discard=True)),)),
    Card(("3100",), "Captured Intelligence", "talent", (
        Ability("defense_dice", Effect("mark", token="evade"), "defending with no evade token beside the ship: "
                "discard before the defense roll for an evade token; +1 defense die each time it defends this round",
                Cost(discard=True), Condition(role="defender", check=_no_evade)),
        defense_rider(1, "+1 defense die each time the ship defends this round (marked)"))),
    Card(("3122",), "Massacre", "talent", (
        Ability("damage", Effect("add_damage", 1, faces=("crit",)), "attacking: a critical hit reaching the "
                "defender's hull: discard for 1 more damage", Cost(discard=True), Condition(role="attacker")),)),
)

"""Elite talents whose abilities play in an attack's steps: which attacks may be declared, the dice counted
and rolled, rerolls and conversions, the compare and damage steps. Each says in the project's words what
the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cards.common import (
    ANY,
    ATTACKING,
    DEFENDING,
    defense_rider,
    dice,
    has_faction,
    per_count,
    upgrades,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _cloaked_defender(sit: Situation) -> bool:
    return sit.attack is not None and sit.state.ship(sit.attack.defender.id).cloaked


def _uncloaked_defender(sit: Situation) -> bool:
    return sit.attack is not None and not sit.state.ship(sit.attack.defender.id).cloaked


def _no_evade(sit: Situation) -> bool:
    return not sit.owner.evade


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
    Card(("3088",), "Attack Pattern Delta", "talent", (
        Ability("modify_defense", Effect("reroll", 0, "defense"), "disable this card: reroll the whole defense "
                "roll", Cost(disable=True), Condition(role="defender")),)),
    Card(("research_mission_71509",), "Research Mission", "talent", (
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "disable this card: +1 defense die",
                Cost(disable=True), Condition(role="defender")),)),
    Card(("the_day_is_ours__72015",), "The Day Is Ours!", "talent", (
        Ability("modify_attack", Effect("add_result", 1, "attack", to="crit"), "discard this card: add a critical "
                "hit to the attack roll", Cost(discard=True), Condition(role="attacker")),),
        note="added as the attack dice are modified (the card: as they are rolled); Klingon only is fleet building"),
    Card(("tholian_punctuality_opwebprize",), "Tholian Punctuality", "talent", (
        Ability("attack_dice", Effect("attack_dice", 1), "discard this card: +1 attack die for this attack",
                Cost(discard=True), Condition(role="attacker")),)),
    Card(("military_secrets_72321p",), "Military Secrets", "talent", (
        Ability("defense_dice", Effect("defense_dice", -1, "defense"), "discard this card: the defender rolls one "
                "defense die less", Cost(discard=True), Condition(role="attacker", check=_uncloaked_defender)),
        Ability("defense_dice", Effect("defense_dice", -2, "defense"), "discard this card: a cloaked defender "
                "rolls two defense dice less", Cost(discard=True), Condition(role="attacker",
                                                                              check=_cloaked_defender)))),
    Card(("dominant_species_72005p",), "Dominant Species", "talent", (
        Ability("modify_defense", Effect("reroll", 2, "defense"), "discard this card: the defender rerolls up to "
                "two defense dice", Cost(discard=True), Condition(role="attacker")),)),
    Card(("tactical_alert_71526",), "Tactical Alert", "talent", (
        Ability("modify_attack", Effect("reroll", 20, "attack"), "discard this card and spend a battle stations "
                "token: reroll any of the attack dice", Cost(discard=True, token="battle_stations"),
                Condition(role="attacker")),
        Ability("modify_defense", Effect("reroll", 20, "defense"), "discard this card and spend a battle stations "
                "token: reroll any of the defense dice", Cost(discard=True, token="battle_stations"),
                Condition(role="defender")))),
    Card(("3101",), "Invasion Plans", "talent", (
        dice("defense", -2, "attacking at Range 2-3 while cloaked: discard; the defender rolls 2 fewer defense dice",
             Condition(role="attacker", bands=(2, 3), check=_cloaked), Cost(discard=True)),)),
    Card(("destabilized_relations_72328",), "Destabilized Relations", "talent", (
        dice("defense", -2, "attacking at Range 3 a ship with another enemy ship within Range 1-2 of it: the "
             "defender rolls 2 fewer defense dice", Condition(role="attacker", bands=(3,), check=_destabilized),
             optional=False),)),
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
    Card(("pursuit_72221g",), "Pursuit", "talent", (
        dice("attack", 2, "attacking a ship this ship holds a target lock on: discard for +2 attack dice",
             Condition(role="attacker", check=_locked), Cost(discard=True)),),
        note="only a ship of Hull 3 or less may take it: fleet building"),
    Card(("interrogation_72325p",), "Interrogation", "talent", per_count(
        _interrogated, 3, lambda n, c: dice("attack", n, "attacking: discard for 1 attack die plus 1 for each "
                                            f"upgrade on the defender, at most 3 ({n})", c, Cost(discard=True)),
        ATTACKING),
        note="only a Klingon captain on a Klingon ship may field it: fleet building"),
    Card(("enemy_of_the_empire_72325p",), "Enemy of the Empire", "talent", (
        dice("attack", 1, "attacking: discard for +1 attack die", Condition(role="attacker",
                                                                          check=_not_klingon_defender),
             Cost(discard=True)),
        dice("attack", 1, "attacking a Klingon ship, or one with a Klingon captain or upgrade: disable for +1 attack "
             "die", Condition(role="attacker", check=_klingon_defender), Cost(disable=True)))),
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

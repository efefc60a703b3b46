"""Elite talents with an "Action:" or a free action (and the riders in the attack's steps of an action that
lasts the round). Each says in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards.common import (
    attack_rider,
    by_owner,
    defense_rider,
    dice,
    free,
    no_free,
    not_at_each_other,
    per_count,
    target_ship,
    this_round,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect

GALAXY = ("Galaxy Class", "Galaxy Class (MU)")


CARDS: tuple[Card, ...] = (
    Card(("3034",), "All Forward Disruptor Banks", "talent", (
        Ability("action", Effect("mark"), "Action: disable this card; +1 attack die this round to an attack "
                "from the forward firing arc", Cost(disable=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die from the forward arc (marked)",
                condition=Condition(role="attacker", scope="marked", front_arc=True), optional=False))),
    Card(("3027",), "Corbomite Maneuver", "talent", (
        Ability("action", Effect("mark"), "Action: discard this card; no enemy ship may attack this ship this "
                "round, and it may not attack", Cost(discard=True)),
        Ability("declare_target", Effect("cannot_attack", targets="ships"),
                "a ship under the Corbomite Maneuver neither attacks nor is attacked",
                condition=Condition(scope="marked"), optional=False))),
    Card(("blockade_op6prize",), "Blockade", "talent", (
        Ability("action", Effect("mark", targets="friendly", reach=(1,), and_self=True),
                "Action: discard this card: friendly ships within Range 1 (its own too) roll +1 attack die and +1 "
                "defense die this round", Cost(discard=True)),
        Ability("attack_dice", Effect("attack_dice", 1), "+1 attack die under Blockade",
                condition=Condition(role="attacker", scope="marked"), optional=False),
        Ability("defense_dice", Effect("defense_dice", 1, "defense"), "+1 defense die under Blockade",
                condition=Condition(role="defender", scope="marked"), optional=False))),
    Card(("3107",), "Feint", "talent", (
        target_ship("Action: discard this card; a ship at Range 2-3 rolls 2 fewer defense dice against this ship's "
                    "attacks this round", (2, 3), Cost(discard=True)),
        defense_rider(-2, "the marked ship rolls 2 fewer defense dice against the card's ship", check=by_owner))),
    Card(("altert_status_one_72015",), "Alert Status One", "talent", (
        this_round("Action: discard this card; a battle stations token beside this ship", Cost(discard=True),
                   amount=1, token="battle_stations"),
        no_free("no battle stations as a free action this round (marked)", "battle_stations"))),
    Card(("3086",), "Defense Condition One", "talent", (
        this_round("Action: discard this card; a battle stations token beside this ship and every other friendly "
                   "ship within Range 1-2, even one that has one", Cost(discard=True), targets="friendly",
                   reach=(1, 2), and_self=True, amount=1, token="battle_stations"),)),
    Card(("i_am_the_borg_72006",), "I Am the Borg", "talent", (
        this_round("Action: discard this card; every other friendly ship within Range 1-2 rolls +1 attack die "
                   "this round", Cost(discard=True), targets="friendly", reach=(1, 2)),
        attack_rider(1, "+1 attack die (marked)")),
        note="only the Borg Queen may take it: fleet building"),
    Card(("galaxy_wing_squadron_72336",), "Galaxy Wing Squadron", "talent", (
        this_round("Action: discard this card; every other friendly Galaxy class ship within Range 1-2 rolls +1 "
                   "attack die this round", Cost(discard=True), targets="friendly", reach=(1, 2), classes=GALAXY),
        attack_rider(1, "+1 attack die (marked)"))),
    Card(("devotion_to_duty_72009",), "Devotion to Duty", "talent", (
        this_round("Action: this round, attacking with the primary weapon, the card may be discarded for +1 attack "
                   "die for each damage card beside the ship (at most 2)"),
        *per_count(lambda sit: len(sit.owner.damage), 2, lambda n, c: dice(
            "attack", n, f"discard for +1 attack die for each damage card, at most 2 ({n}) (marked)", c,
            Cost(discard=True)), Condition(role="attacker", scope="marked", weapon="primary"))),
        note="only a Klingon captain on a Klingon ship may field it: fleet building"),
    Card(("marauder_71806",), "Marauder", "talent", (
        free("disable this card: a free Battle Stations action", ("battle_stations",), Cost(disable=True)),),
        note="only a Ferengi captain on a Ferengi ship: fleet building"),
    Card(("provisional_government_71803",), "Provisional Government", "talent", not_at_each_other(
        "Action: discard this card; a ship at Range 1-3 and this ship do not attack each other this round", (1, 2, 3),
        Cost(discard=True))),
    Card(("i_am_kohn_ma_op6prize",), "I Am Kohn-Ma", "talent", (
        Ability("action", Effect("disable_upgrade", targets="ships", reach=(1, 2, 3), pick=True),
                "Action: discard this card; disable one upgrade of this seat's choice on a ship at Range 1-3",
                Cost(discard=True)),),
        note="only a Bajoran captain may field it: fleet building"),
)

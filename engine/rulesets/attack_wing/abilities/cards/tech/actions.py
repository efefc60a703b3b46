"""Tech upgrades with an "Action:" or a free action (and the riders in the attack's steps of an action that
lasts the round). Each says in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards.common import (
    RANGES,
    attack_rider,
    defense_rider,
    free,
    green,
    no_free,
    target_ship,
)
from engine.rulesets.attack_wing.abilities.cards.tech.combat import _cloaked
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _not_cloaked(sit: Situation) -> bool:
    return not sit.owner.cloaked


CARDS: tuple[Card, ...] = (
    Card(("3098",), "Tetryon Emissions", "tech", (
        Ability("action", Effect("mark"), "Action: disable this card; +3 defense dice each time the ship "
                "defends this round", Cost(disable=True)),
        Ability("defense_dice", Effect("defense_dice", 3, "defense"), "+3 defense dice (marked)",
                condition=Condition(role="defender", scope="marked"), optional=False))),
    Card(("3056", "3094"), "EM Pulse", "tech", (
        target_ship("Action: disable this card; a ship at Range 1-2 rolls 1 fewer attack die and 1 fewer defense "
                    "die this round", (1, 2), Cost(disable=True)),
        attack_rider(-1, "the marked ship rolls 1 fewer attack die"),
        defense_rider(-1, "the marked ship rolls 1 fewer defense die"))),
    Card(("subspace_transmitter_72326",), "Subspace Transmitter", "tech", (
        target_ship("Action: disable this card; a scan token beside its ship and beside a friendly ship within "
                    "Range 1-3", RANGES, Cost(disable=True), targets="friendly", and_self=True, amount=1,
                    token="scan"),
        no_free("its ship performs no scan as a free action this round (marked)", "scan"))),
    Card(("targeting_systems_72221f",), "Targeting Systems", "tech", (
        free("discard this card: a free Target Lock action", ("target_lock",), Cost(discard=True)),),
        note="one per ship is fleet building"),
    Card(("navigational_station_72017",), "Navigational Station", "tech", (
        free("after a green maneuver: disable this card for a free Evasive Maneuvers action", ("evasive_maneuvers",),
             Cost(disable=True), check=green),),
        note="one per ship is fleet building"),
    Card(("3137", "high_energy_sensor_sweep_72011"), "High Energy Sensor Sweep", "tech", (
        free("disable one active shield: a free Scan action", ("scan",), Cost(shields=1)),),
        note="one per ship (72011) is fleet building"),
    Card(("control_central_72321p",), "Control Central", "tech", (
        free("after its action: disable this card for an action from the Action Bar as a free action",
             cost=Cost(disable=True)),),
        note="one per ship is fleet building"),
    Card(("3065",), "Secondary Shield Emitters", "tech", (
        Ability("action", Effect("repair_shield", 1, and_self=True), "Action: disable this card to repair 1 "
                "shield; 1 attack die fewer this round", Cost(disable=True)),
        attack_rider(-1, "1 attack die fewer (marked)"))),
    Card(("3061",), "EM Pulse", "tech", (
        target_ship("Action: disable this card; a ship at Range 1-2 outside the forward arc takes an auxiliary power "
                    "token and rolls 2 fewer attack dice this round", (1, 2), Cost(disable=True), out_arc=True,
                    amount=1, token="aux_power"),
        attack_rider(-2, "the marked ship rolls 2 fewer attack dice"))),
    Card(("3068", "3099"), "Cloaking Device", "tech", (
        Ability("action", Effect("cloak"), "Action: disable this card to perform the Cloak action, even off the "
                "Action Bar", Cost(disable=True), Condition(check=_not_cloaked)),
        Ability("action", Effect("bar_action", actions=("sensor_echo",)), "with a cloak token beside the ship: "
                "Sensor Echo is on its Action Bar, even with this card disabled", condition=Condition(check=_cloaked),
                optional=False)),
        note="its +5 cost off the U.S.S. Defiant (3068) or a Keldon class (3099) is fleet building"),
)

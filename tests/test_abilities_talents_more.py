"""More elite talents, each from its text's situation."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, resolved, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.players import ActionChoice


def test_attack_pattern_delta_rerolls_a_poor_defense_roll_and_is_disabled() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["3088"])],
                   ["hit", "hit"] + ["blank"] * 3 + ["blank", "blank", "evade", "evade"])
    [use] = used(g, "3088")
    assert use.dice == (0, 1) and use.disable and resolved(g).hits == 0
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["3088"])],
                   ["hit", "hit"] + ["blank"] * 3 + ["evade", "evade"])
    assert not used(g, "3088")  # nothing left to gain


def test_blockade_gives_friendly_ships_near_it_a_die_each_way() -> None:
    poses = {"A": Pose(400, 300, 0), "J": Pose(400, 600, 180), "B": Pose(470, 300, 0)}
    seats = [ScriptedPlayer(actions={"B": [ActionChoice("ability:blockade_op6prize:0")]}, attacks={"B": [None]}),
             ScriptedPlayer()]
    g = one_attack([ship("A", 0, AKIRA), ship("B", 0, ATTACK_SHIP, upgrades=["blockade_op6prize"]),
                    ship("J", 1, ATTACK_SHIP)], ["blank"] * 30, poses=poses, players=seats, holds=("B",))
    [mark] = [u for u in used(g, "blockade_op6prize") if u.window == "action"]
    assert set(mark.marks) == {"A", "B"} and mark.discard
    assert len(rolled(g, "attack")[0].faces) == 6


def test_research_mission_military_secrets_and_tholian_punctuality_change_dice_counts() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["research_mission_71509"])],
                   ["blank"] * 8)
    assert len(rolled(g, "defense")[0].faces) == 3 and used(g, "research_mission_71509")[0].disable
    g = one_attack([ship("A", 0, AKIRA, upgrades=["military_secrets_72321p"]), ship("J", 1, ATTACK_SHIP)],
                   ["blank"] * 8)
    assert len(rolled(g, "defense")[0].faces) == 1
    g = one_attack([ship("A", 0, AKIRA, upgrades=["tholian_punctuality_opwebprize"]), ship("J", 1, ATTACK_SHIP)],
                   ["blank"] * 8)
    assert len(rolled(g, "attack")[0].faces) == 6


def test_the_day_is_ours_adds_a_crit() -> None:
    g = one_attack([ship("A", 0, AKIRA, upgrades=["the_day_is_ours__72015"]), ship("J", 1, ATTACK_SHIP)],
                   ["blank"] * 7)
    assert resolved(g).crits == 1 and "the_day_is_ours__72015" in g.state.ship("A").cards_discarded


def test_dominant_species_makes_the_defender_reroll_its_evades() -> None:
    g = one_attack([ship("A", 0, AKIRA, upgrades=["dominant_species_72005p"]), ship("J", 1, ATTACK_SHIP)],
                   ["hit", "hit"] + ["blank"] * 3 + ["evade", "evade", "blank", "blank"])
    assert used(g, "dominant_species_72005p")[0].dice == (0, 1) and resolved(g).hits == 2


def test_tactical_alert_spends_battle_stations_to_reroll() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("battle_stations")]}, use_abilities=True), ScriptedPlayer()]
    g = one_attack([ship("A", 0, AKIRA, upgrades=["tactical_alert_71526"]), ship("J", 1, ATTACK_SHIP)],
                   ["hit", "blank", "blank", "blank", "blank", "hit", "hit", "hit", "hit", "blank", "blank"],
                   players=seats)
    [use] = used(g, "tactical_alert_71526")
    assert use.token == "battle_stations" and use.dice == (1, 2, 3, 4) and resolved(g).hits == 5

"""Captain cards: each from the situation its text describes (docs/abilities.md)."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, facing, one_attack, resolved, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice


def test_picard_takes_a_free_action_off_his_action_bar_once_a_round() -> None:
    # the Jem'Hadar Attack Ship's bar has no cloak; Picard's free actions are the four rulebook ones
    g = one_attack([ship("A", 0, ATTACK_SHIP, captain="2001"), ship("J", 1, ATTACK_SHIP)],
                   ["blank"] * 6, holds=("A", "J"),
                   players=[ScriptedPlayer(actions={"A": [ActionChoice("evasive_maneuvers")]},
                                           abilities={"2001": [AbilityUse(choice="battle_stations")]}),
                            ScriptedPlayer()])
    [use] = used(g, "2001")
    assert use.window == "free_action" and use.choice == "battle_stations" and use.limit == "round"
    done = [e.action for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A"]
    assert done == ["evasive_maneuvers", "battle_stations"]
    assert g.state.ship("A").evade == 0  # the end phase cleared both tokens
    offer = next(o for o in g.players[0].offers if o.card == "2001")  # type: ignore[attr-defined]
    assert "evasive_maneuvers" not in {o.action for o in offer.actions}  # not twice in a round


def test_picard_takes_no_free_action_under_auxiliary_power() -> None:
    """Auxiliary Power: a ship with the token "cannot perform any Actions (even free Actions)"."""
    poses = {"A": Pose(400, 150, 0), "J": Pose(400, 800, 180)}
    g = one_attack([ship("A", 0, ATTACK_SHIP, captain="2001"), ship("J", 1, ATTACK_SHIP)], [], holds=("A", "J"),
                   players=[ScriptedPlayer(dials={"A": [("about", 3)]}, use_abilities=True), ScriptedPlayer()],
                   poses=poses)
    assert any(isinstance(e, ev.ActionSkipped) and e.ship == "A" for e in g.events)
    assert not used(g, "2001")


def test_sisko_rerolls_one_attack_die_and_then_no_defense_die_that_round() -> None:
    a, j = ship("A", 0, AKIRA, captain="2029"), ship("J", 1, AKIRA, captain="2029")
    # A (Sisko) attacks: 5 dice, rerolls one blank; J (Sisko too) rerolls a defense blank
    g = one_attack([a, j], ["hit", "hit", "blank", "blank", "blank", "crit", "blank", "blank", "evade"])
    uses = used(g, "2029")
    assert [(u.ship, u.window) for u in uses] == [("A", "modify_attack"), ("J", "modify_defense")]
    assert uses[0].dice == (2,) and uses[1].dice == (0,)
    rerolls = [e for e in g.events if isinstance(e, ev.DiceRerolled)]
    assert [(r.kind, r.indices, r.faces, r.cause) for r in rerolls] == [
        ("attack", (2,), ("crit",), "Benjamin Sisko"), ("defense", (0,), ("evade",), "Benjamin Sisko")]
    assert g.state.ship("A").used_round == ("2029",) and "2029" not in g.state.ship("J").used_game


def test_sisko_is_once_per_round_for_attack_and_defense_together() -> None:
    a, j = ship("A", 0, AKIRA, captain="2029"), ship("J", 1, AKIRA, captain="2003")
    seats = [ScriptedPlayer(use_abilities=True), ScriptedPlayer(use_abilities=True)]
    # J attacks first (A holds fire) is not possible: A's skill 6 > J's 1; so A attacks, J returns fire
    g = one_attack([a, j], ["blank"] * 5 + ["hit"] + ["blank"] * 2 + ["hit"] * 5 + ["blank"] * 2, holds=(),
                   players=seats)
    uses = used(g, "2029")
    assert len(uses) == 1 and uses[0].window == "modify_attack"  # none left for defending


def test_nu_daq_converts_one_battle_stations_result_to_a_hit() -> None:
    a = ship("A", 0, VORCHA, captain="2004")
    # 5 + 1 at Range 1 = 6 attack dice, then 2 defense dice
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["battle_stations", "battle_stations", "blank", "blank", "blank",
                                                     "blank", "blank", "blank"])
    [use] = used(g, "2004")
    conv = next(e for e in g.events if isinstance(e, ev.DiceConverted))
    assert use.dice == (0,) and conv.indices == (0,) and conv.to == "hit" and conv.cause == "Nu'Daq"
    assert resolved(g).hits == 1  # one battle stations result stays a battle stations result


def test_toreth_makes_one_hit_a_critical_hit_and_nothing_without_a_hit() -> None:
    a = ship("A", 0, AKIRA, captain="2006")
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["hit", "hit", "blank", "blank", "blank", "blank", "blank"])
    assert resolved(g).crits == 1 and resolved(g).hits == 1
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["blank"] * 7)
    assert not used(g, "2006")  # nothing to convert: not offered


def test_khan_singh_spends_battle_stations_for_critical_hits() -> None:
    a = ship("A", 0, AKIRA, captain="2008")
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("battle_stations")]}, use_abilities=True), ScriptedPlayer()]
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["battle_stations", "battle_stations", "hit", "blank", "blank",
                                                     "blank", "blank"], players=seats)
    [use] = used(g, "2008")
    assert use.token == "battle_stations" and g.state.ship("A").battle_stations == 0
    assert resolved(g).crits == 2 and resolved(g).hits == 1
    assert not any(isinstance(e, ev.TokensChanged) and e.cause == "spent in attack" for e in g.events)


def test_clark_terrell_gives_friendly_ships_within_range_1_a_defense_die() -> None:
    terrell = ship("T", 1, ATTACK_SHIP, captain="2010")
    poses = {**facing(1), "T": Pose(520, 650, 180)}  # beside J, within Range 1 of it
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP), terrell], ["blank"] * 20, poses=poses,
                   holds=("J", "T"), players=[ScriptedPlayer(attacks={"A": ["J"]}), ScriptedPlayer()])
    assert len(rolled(g, "defense")[0].faces) == 3 and "Clark Terrell +1" in rolled(g, "defense")[0].count_reason
    far = {**facing(1), "T": Pose(850, 850, 180)}
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP), terrell], ["blank"] * 20, poses=far,
                   holds=("J", "T"), players=[ScriptedPlayer(attacks={"A": ["J"]}), ScriptedPlayer()])
    assert len(rolled(g, "defense")[0].faces) == 2 and not used(g, "2010")


def test_clark_terrell_does_not_help_his_own_ship() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="2010")], ["blank"] * 7)
    assert len(rolled(g, "defense")[0].faces) == 2


def test_donatra_gives_other_friendly_ships_within_range_1_an_attack_die() -> None:
    poses = {**facing(1), "D": Pose(280, 250, 0)}
    ships = [ship("A", 0, AKIRA), ship("D", 0, ATTACK_SHIP, captain="2013"), ship("J", 1, ATTACK_SHIP)]
    g = one_attack(ships, ["blank"] * 20, poses=poses, holds=("J", "D"))
    assert len(rolled(g, "attack")[0].faces) == 6 and used(g, "2013")[0].subject == "A"


def test_tomalak_denies_the_range_3_defense_die() -> None:
    g = one_attack([ship("A", 0, AKIRA, captain="2014"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 6, band=3)
    assert len(rolled(g, "defense")[0].faces) == 2  # agility 2, no Range 3 bonus
    g = one_attack([ship("A", 0, AKIRA, captain="2014"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 6, band=2)
    assert not used(g, "2014")


def test_koloth_forces_the_attacker_to_reroll_its_best_die() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="2016")],
                   ["hit", "crit", "blank", "blank", "blank", "blank", "blank", "blank"])
    [use] = used(g, "2016")
    assert use.ship == "J" and use.window == "modify_attack" and use.dice == (1,)  # the crit
    reroll = next(e for e in g.events if isinstance(e, ev.DiceRerolled))
    assert reroll.ship == "A" and reroll.cause == "Koloth" and reroll.faces == ("blank",)
    assert resolved(g).hits + resolved(g).crits == 1


def test_krell_rerolls_one_battle_stations_result() -> None:
    g = one_attack([ship("A", 0, VORCHA, captain="2017"), ship("J", 1, ATTACK_SHIP)],
                   ["battle_stations", "blank", "blank", "blank", "blank", "blank", "hit", "blank", "blank"])
    [use] = used(g, "2017")
    assert use.dice == (0,) and resolved(g).hits == 1


def test_gowron_action_gives_other_klingon_ships_near_him_an_attack_die_this_round() -> None:
    gowron = ship("G", 0, VORCHA, captain="2019")
    poses = {**facing(1, a="K"), "G": Pose(250, 250, 0)}
    seats = [ScriptedPlayer(actions={"G": [ActionChoice("ability:2019:0")]}, attacks={"K": ["J"]}), ScriptedPlayer()]
    g = one_attack([gowron, ship("K", 0, VORCHA), ship("J", 1, ATTACK_SHIP)], ["blank"] * 30, poses=poses,
                   players=seats, holds=("J", "G"))
    [mark] = [u for u in used(g, "2019") if u.window == "action"]
    assert mark.marks == ("K",)  # not Gowron's own ship, not the enemy
    attack = rolled(g, "attack")[0]
    assert len(attack.faces) == 7 and "Gowron +1" in attack.count_reason  # 5 + Range 1 + Gowron
    assert g.state.ship("K").marks == ("2019",) and g.state.ship("G").marks == ()


def test_gul_danar_rerolls_one_blank() -> None:
    g = one_attack([ship("A", 0, AKIRA, captain="2021"), ship("J", 1, ATTACK_SHIP)],
                   ["hit", "blank", "blank", "blank", "blank", "crit", "blank", "blank"])
    [use] = used(g, "2021")
    assert use.dice == (1,) and resolved(g).crits == 1


def test_sar_rolls_an_extra_defense_die() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="2024")], ["blank"] * 8)
    assert len(rolled(g, "defense")[0].faces) == 3 and used(g, "2024")[0].amount == 1


def test_gul_damar_takes_a_die_from_secondary_weapon_attacks_only() -> None:
    damar = "gul_damar_3rd_wing_attack_ship"
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}, attacks={"A": ["3006"]}),
             ScriptedPlayer()]
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3006"]), ship("J", 1, ATTACK_SHIP, captain=damar)],
                   ["blank"] * 8, band=2, players=seats)
    assert len(rolled(g, "attack")[0].faces) == 4 and used(g, damar)[0].amount == -1  # torpedoes 5 - 1
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain=damar)], ["blank"] * 8)
    assert len(rolled(g, "attack")[0].faces) == 5 and not used(g, damar)


def test_a_generic_captain_has_no_ability_and_no_warning() -> None:
    from engine.rulesets.attack_wing.abilities.registry import describe, unsupported

    assert unsupported(("2003", "wesley_crusher_72326")) == ("wesley_crusher_72326",)
    assert describe("2003") == ("a generic captain prints no ability",)

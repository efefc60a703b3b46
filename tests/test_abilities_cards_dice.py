"""Cards that change the dice of one attack (the crew, tech, talents and captains packages and
the weapons), each from its text's situation and one where it does not hold. Dice as in
test_abilities_more_cards: the Akira (A) rolls 4 attack dice (+1 at Range 1) and 2 defense dice
(+1 at Range 3); the Jem'Hadar Attack Ship (J) 3 attack and 2 defense dice; a scan token beside
the attacker takes one defense die away."""

from __future__ import annotations

import pytest
from ability_helpers import (
    AKIRA,
    ATTACK_SHIP,
    BATTLE_CRUISER,
    SCAN,
    VORCHA,
    attack,
    dice_count,
    facing,
    one_attack,
    resolved,
    seats,
    ship,
    used,
)
from aw_helpers import ScriptedPlayer

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import card
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.loadout import weapon_setup
from engine.rulesets.attack_wing.players import ActionChoice

BLANKS = ["blank"] * 20
EVADE = [ActionChoice("evasive_maneuvers")]


def _converted(g: Game, cause: str) -> list[ev.DiceConverted]:
    return [e for e in g.events if isinstance(e, ev.DiceConverted) and e.cause == cause]


def _trio(third: str, third_side: int, j: list[str] = (), a: list[str] = (), band: int = 1,  # type: ignore[assignment]
          a_hull: str = AKIRA, faces: list[str] = BLANKS) -> Game:
    """A attacks J; a third ship K (of ``third_side``) stands beside J, at Range 1 of it, holding fire."""
    poses = {**facing(band), "K": Pose(520, facing(band)["J"].y, 180)}
    return one_attack([ship("A", 0, a_hull, upgrades=a), ship("J", 1, ATTACK_SHIP, upgrades=j),
                       ship("K", third_side, third)], faces, band=band, players=seats(), poses=poses,
                      holds=("J", "K"))


# --- how many dice --------------------------------------------------------------------------------

def test_aquatic_councilor_is_disabled_for_one_die_not_both_options() -> None:
    g = attack(BLANKS, j=["aquatic_councilor_72004p"])
    assert dice_count(g, "defense") == 3 and len(used(g)) == 1
    assert "aquatic_councilor_72004p" in g.state.ship("J").cards_disabled
    assert dice_count(attack(BLANKS, a=["aquatic_councilor_72004p"]), "defense") == 2  # attacking: nothing


def test_distress_signal_needs_a_bigger_friend_near() -> None:
    g = _trio(BATTLE_CRUISER, 1, j=["distress_signal_72024"])  # the Battle Cruiser: Hull 5 against 3
    assert dice_count(g, "defense") == 4 and "distress_signal_72024" in g.state.ship("J").cards_discarded
    assert dice_count(_trio(ATTACK_SHIP, 1, j=["distress_signal_72024"]), "defense") == 2  # no bigger Hull
    assert dice_count(_trio(BATTLE_CRUISER, 0, j=["distress_signal_72024"]), "defense") == 2  # an enemy


def test_data_node_has_three_uses_taking_an_attack_die() -> None:
    g = attack(BLANKS, j=["data_node_71512"])
    [use] = used(g)
    assert dice_count(g, "attack") == 4 and use.limit == "game" and use.uses == 3
    assert dice_count(attack(BLANKS, a=["data_node_71512"]), "attack") == 5


def test_invasion_plans_while_cloaked_at_range_2_3() -> None:
    cloak = seats(a=[ActionChoice("cloak")])
    g = attack(BLANKS, a=["3101"], band=2, seats=cloak, a_hull=VORCHA)
    assert dice_count(g, "defense") == 0 and "3101" in g.state.ship("A").cards_discarded
    assert dice_count(attack(BLANKS, a=["3101"], band=2, a_hull=VORCHA), "defense") == 2  # not cloaked
    g = attack(BLANKS, a=["3101"], seats=seats(a=[ActionChoice("cloak")]), a_hull=VORCHA)
    assert dice_count(g, "defense") == 2 and not used(g)  # Range 1


def test_destabilized_relations_with_another_enemy_near_the_target() -> None:
    g = _trio(ATTACK_SHIP, 1, a=["destabilized_relations_72328"], band=3)
    assert dice_count(g, "defense") == 1  # 2 + Range 3 - 2
    assert dice_count(_trio(ATTACK_SHIP, 0, a=["destabilized_relations_72328"], band=3), "defense") == 3
    assert dice_count(_trio(ATTACK_SHIP, 1, a=["destabilized_relations_72328"], band=2), "defense") == 2


def test_pursuit_needs_a_target_lock_on_the_defender() -> None:
    g = attack(BLANKS, a=["pursuit_72221g"], seats=seats(a=[ActionChoice("target_lock", "J")]))
    assert dice_count(g, "attack") == 7 and "pursuit_72221g" in g.state.ship("A").cards_discarded
    assert dice_count(attack(BLANKS, a=["pursuit_72221g"]), "attack") == 5


def test_dual_phaser_banks_add_a_die_to_the_primary_weapon() -> None:
    g = attack(BLANKS, a=["dual_phaser_banks_72002p"])
    assert dice_count(g, "attack") == 6 and "dual_phaser_banks_72002p" in g.state.ship("A").cards_disabled
    torpedo = seats([ActionChoice("target_lock", "J")], attacks={"A": ["3006"]})
    g = attack(BLANKS, a=["dual_phaser_banks_72002p", "3006"], band=2, seats=torpedo)
    assert dice_count(g, "attack") == 5 and not used(g, "dual_phaser_banks_72002p")


def test_rudolph_ransom_with_an_evade_token() -> None:
    g = attack(BLANKS, j_captain="rudolph_ransom_71276", seats=seats(j=EVADE))
    assert dice_count(g, "defense") == 4
    assert dice_count(attack(BLANKS, j_captain="rudolph_ransom_71276"), "defense") == 2


def test_william_t_riker_against_a_ship_of_greater_hull() -> None:
    g = attack(BLANKS, j_captain="william_t_riker_72017", holds=())
    assert dice_count(g, "defense", "J") == 3 and dice_count(g, "attack", "J") == 5  # the Akira: Hull 5 > 3
    g = attack(BLANKS, a_captain="william_t_riker_72017", holds=())
    assert dice_count(g, "attack", "A") == 5 and dice_count(g, "defense", "A") == 2  # J's Hull is smaller


def test_somraw_commander_at_range_3_without_auxiliary_power() -> None:
    g = attack(BLANKS, a_captain="somraw_commander_71448", band=3)
    assert dice_count(g, "attack") == 5 and used(g)[0].window == "attack_dice"
    assert any(isinstance(e, ev.TokensChanged) and e.cause == "Somraw Commander" for e in g.events)
    assert dice_count(attack(BLANKS, a_captain="somraw_commander_71448", band=2), "attack") == 4


# --- modifying the dice -------------------------------------------------------------------------

def test_jadzia_dax_spends_a_scan_token_on_a_battle_stations_result() -> None:
    faces = ["battle_stations", "blank", "blank", "blank", "blank", "blank", *BLANKS]
    g = attack(faces, a=["jadzia_dax_72015"], seats=seats(a=SCAN))
    [use] = used(g)
    assert use.token == "scan" and _converted(g, "Jadzia Dax")[0].to == "hit" and resolved(g).hits == 1
    assert not used(attack(faces, a=["jadzia_dax_72015"]))  # no scan token
    g = attack(["hit", "blank", "blank", "blank", "blank", "battle_stations", "blank"], j=["jadzia_dax_72015"],
               seats=seats(j=SCAN))
    assert _converted(g, "Jadzia Dax")[0].to == "evade" and resolved(g).hits == 0


def test_klingon_tactical_officer_spends_an_evade_token() -> None:
    faces = ["battle_stations", "blank", "blank", "blank", "blank", "blank", "blank"]
    g = attack(faces, a=["klingon_tactical_officer_72327"], seats=seats(a=EVADE))
    assert used(g)[0].token == "evade" and resolved(g).hits == 1
    assert not used(attack(faces, a=["klingon_tactical_officer_72327"]))


def test_rulat_and_starfleet_intelligence_reroll_any_number_once() -> None:
    for c in ("rulat_72221h", "starfleet_intelligence_71807"):
        g = attack(["blank", "blank", "hit", "hit", "hit"] + ["hit"] * 2 + BLANKS, a=[c])
        [use] = used(g)
        assert use.dice == (0, 1) and use.discard and resolved(g).hits == 5, c
        g = attack(["hit", "hit", "blank", "blank", "blank", "blank", "blank", "evade", "evade"], j=[c])
        assert used(g)[0].window == "modify_defense" and resolved(g).hits == 0, c


def test_ikat_ika_forces_the_attacker_to_reroll_its_successes() -> None:
    g = attack(["hit", "hit", "crit", "blank", "blank", *BLANKS], j=["ikat_ika_71279"])
    assert sorted(used(g)[0].dice) == [0, 1, 2] and resolved(g).hits + resolved(g).crits == 0
    assert not used(attack(["hit", *BLANKS], a=["ikat_ika_71279"]))  # attacking: not its window


def test_klingon_romulan_alliance_needs_a_klingon_or_romulan_friend_near() -> None:
    faces = ["hit", "hit", "blank", "blank", "blank", "blank", "blank", "evade", "evade"]
    g = _trio(VORCHA, 1, j=["klingon_romulan_alliance_72325g"], faces=faces)
    assert used(g)[0].dice == (0, 1) and resolved(g).hits == 0
    assert not used(_trio(ATTACK_SHIP, 1, j=["klingon_romulan_alliance_72325g"], faces=faces))  # Dominion


def test_benjamin_maxwell_rerolls_a_die_of_a_secondary_weapon() -> None:
    torpedo = seats([ActionChoice("target_lock", "J")], attacks={"A": ["3006"]})
    g = attack(["hit", "blank", "hit", "hit", "hit", "hit", *BLANKS], a=["3006"],
               a_captain="benjamin_maxwell_72011", band=2, seats=torpedo)
    assert used(g)[0].dice == (1,)
    assert not used(attack(["blank"] * 20, a_captain="benjamin_maxwell_72011"))  # the primary weapon


def test_kiaphet_amman_sor_rerolls_every_blank_against_a_smaller_ship() -> None:
    faces = ["hit", "hit", "hit", "hit", "hit", "blank", "blank", "blank", "blank"]
    g = attack(faces, j_captain="kiaphet_amman_sor_72004p")
    assert used(g)[0].dice == (0,)  # J (Hull 3) against the Akira (Hull 5): one blank
    g = attack(["hit", "hit", "hit", "hit", "blank", "blank", *BLANKS], a_captain="kiaphet_amman_sor_72004p",
               seats=[ScriptedPlayer(attacks={"A": [None]}, use_abilities=True),
                      ScriptedPlayer(attacks={"J": ["A"]}, use_abilities=True)], holds=("A",))
    assert used(g)[0].dice == (0, 1)  # the Akira defending against a smaller ship: every blank


def test_kurn_rerolls_two_battle_stations_results_on_a_klingon_ship() -> None:
    g = attack(["hit"] * 5 + ["battle_stations", "battle_stations"] + BLANKS, j_captain="kurn_72334")
    assert used(g)[0].dice == (0,)  # a Dominion ship: one
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, VORCHA, "kurn_72334")],
                   ["hit"] * 4 + ["battle_stations", "battle_stations"] + BLANKS, band=3, players=seats())
    assert used(g)[0].dice == (0, 1)  # the Vor'cha rolls 1 + Range 3 = 2 dice


def test_lovok_rerolls_every_blank_for_auxiliary_power() -> None:
    g = attack(["hit", "blank", "hit", "blank", "hit", *BLANKS], a_captain="lovok_72221a")
    assert used(g)[0].dice == (1, 3) and g.state.ship("A").aux_power == 1
    assert not used(attack(["hit"] * 5 + BLANKS, a_captain="lovok_72221a"))  # no blank: nothing to gain


def test_magnus_hansen_spends_a_scan_token_for_an_evade() -> None:
    faces = ["hit", "blank", "blank", "blank", "blank", "blank", "blank"]
    g = attack(faces, j_captain="magnus_hansen_71509", seats=seats(j=SCAN))
    assert used(g)[0].token == "scan" and resolved(g).hits == 0
    assert not used(attack(faces, j_captain="magnus_hansen_71509"))


# --- weapons ----------------------------------------------------------------------------------

def _fire(weapon: str, j_shields: int | None = None, faces: list[str] = BLANKS) -> Game:
    j = ship("J", 1, ATTACK_SHIP) if j_shields is None else ship("J", 1, ATTACK_SHIP, shields=j_shields)
    return one_attack([ship("A", 0, AKIRA, upgrades=[weapon]), j], faces, players=seats(attacks={"A": [weapon]}))


def test_hypothermic_charge_goes_past_shields_and_rerolls_against_none() -> None:
    g = _fire("hypothermic_charge_71534", faces=["hit", "hit", "blank", *BLANKS])
    assert [u.window for u in used(g)] == ["damage"] and g.state.ship("J").shields == 2  # its printed Shield
    assert len(g.state.ship("J").damage) == 2  # past its active shields to the hull
    g = _fire("hypothermic_charge_71534", j_shields=0, faces=["hit", "blank", "blank"] + ["hit"] * 2 + BLANKS)
    assert used(g)[0].dice == (1, 2)


def test_magnetometric_guided_charge_leaves_the_defender_no_dice() -> None:
    g = _fire("magnetometric_guided_charge_71525", faces=["battle_stations", "hit", "blank", *BLANKS])
    assert dice_count(g, "defense") == 0 and resolved(g).crits == 1 and resolved(g).hits == 1
    assert dice_count(attack(BLANKS, a=["magnetometric_guided_charge_71525"]), "defense") == 2  # primary weapon


@pytest.mark.parametrize(("ids", "arcs", "lock"), [
    (("photonic_torpedoes_71526", "photonic_torpedoes_71800"), ("front", "rear"), True),
    (("aft_particle_beam_71446", "aft_particle_beam_72221i"), ("rear",), False),
    (("photon_torpedoes_71646a", "photon_torpedoes_i_k_s_b_moth", "photon_torpedoes_u_s_s_yaeger",
      "plasma_torpedoes_i_r_w_vorta_vor"), ("front", "rear"), True),
    (("aft_phaser_emitter_71529", "aft_phase_cannon_71526"), ("rear",), False),
    (("plasma_cannons_71800",), ("front", "rear"), False), (("tricobalt_warhead_71795",), ("front",), True),
    (("3097", "dorsal_weapons_array_71646b", "rotating_emitters_72360"), ("any",), False)])
def test_weapons_the_weapon_table_plays_alone(ids: tuple[str, ...], arcs: tuple[str, ...], lock: bool) -> None:
    """Their whole text is how they fire: the weapon table's arcs and target lock (rulings.md)."""
    for i in ids:
        found = card(i)
        setup = weapon_setup(load_catalog().upgrade(i))
        assert found is not None and not found.abilities and setup is not None, i
        assert setup.arcs == arcs and setup.needs_target_lock == lock, i


def test_chroniton_torpedoes_go_past_the_shields() -> None:
    lock = seats([ActionChoice("target_lock", "J")], attacks={"A": ["chroniton_torpedoes_71799"]})
    g = attack(["hit", "hit", *BLANKS], a=["chroniton_torpedoes_71799"], band=2, seats=lock)
    assert [u.window for u in used(g)] == ["damage"] and len(g.state.ship("J").damage) == 2
    g = attack(["hit", "hit", *BLANKS], a=["chroniton_torpedoes_71799"], band=2)  # the primary weapon
    assert not used(g) and not g.state.ship("J").damage  # the shields take it

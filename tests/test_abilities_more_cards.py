"""Later waves' crew, tech and weapon cards: each from the situation its text describes
(docs/abilities.md). Dice counts as in test_abilities_crew_tech: the Akira (A) rolls 4 attack dice
(+1 at Range 1) and 2 defense dice (+1 at Range 3); the Jem'Hadar Attack Ship (J) rolls 3 attack
and 2 defense dice; a scan token beside the attacker takes one defense die away."""

from __future__ import annotations

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, SCAN, VORCHA, one_attack, resolved, rolled, ship, used
from ability_helpers import attack as _attack
from ability_helpers import dice_count as _dice
from ability_helpers import seats as _seats
from ability_helpers import torpedo as _torpedo
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import card
from engine.rulesets.attack_wing.players import ActionChoice

BORG_SPHERE = "borg_sphere_71283"  # Borg: attack 6, agility 0


# --- dice counts -------------------------------------------------------------------------------

@pytest.mark.parametrize("crew", ["tom_paris_71280", "amat_igan_71524"])
def test_tom_paris_and_amat_igan_roll_one_more_defense_die(crew: str) -> None:
    assert _dice(_attack(["blank"] * 10, j=[crew]), "defense") == 3
    assert _dice(_attack(["blank"] * 10, a=[crew]), "defense") == 2  # their ship attacking: nothing


def test_patahk_is_discarded_for_a_primary_weapon_die() -> None:
    g = _attack(["blank"] * 10, a=["patahk_72024"])
    assert _dice(g, "attack") == 6 and "patahk_72024" in g.state.ship("A").cards_discarded
    g = _attack(["blank"] * 10, a=["patahk_72024", "3006"], band=2, seats=_torpedo())
    assert _dice(g, "attack") == 5 and not used(g, "patahk_72024")  # torpedoes: a secondary weapon


def test_glinn_lasaran_is_discarded_for_two_defense_dice() -> None:
    g = _attack(["blank"] * 10, j=["glinn_lasaran_72221c"])
    assert _dice(g, "defense") == 4 and "glinn_lasaran_72221c" in g.state.ship("J").cards_discarded
    assert not used(_attack(["blank"] * 10, a=["glinn_lasaran_72221c"]))


def test_nog_is_discarded_to_take_two_dice_from_the_attacker() -> None:
    g = _attack(["blank"] * 10, j=["nog_72013"])
    assert _dice(g, "attack") == 3 and used(g, "nog_72013")[0].discard
    assert _dice(_attack(["blank"] * 10, a=["nog_72013"]), "attack") == 5


def test_glinn_tajor_takes_a_defense_die_at_range_3_only() -> None:
    g = _attack(["blank"] * 10, a=["glinn_tajor_71798"], band=3)
    assert _dice(g, "defense") == 2 and used(g, "glinn_tajor_71798")[0].amount == -1  # 2 + Range 3 - 1
    g = _attack(["blank"] * 10, a=["glinn_tajor_71798"], band=2)
    assert _dice(g, "defense") == 2 and not used(g)


def test_tuvok_adds_a_die_to_a_secondary_weapon_only() -> None:
    g = _attack(["blank"] * 10, a=["tuvok_71280", "3006"], band=2, seats=_torpedo())
    assert _dice(g, "attack") == 6 and "tuvok_71280" in g.state.ship("A").cards_disabled
    g = _attack(["blank"] * 10, a=["tuvok_71280"])
    assert _dice(g, "attack") == 5 and not used(g)


def test_b_elanna_torres_adds_dice_at_range_3_more_on_a_small_hull() -> None:
    g = _attack(["blank"] * 10, a=["b_elanna_torres_71528"], band=3)
    assert _dice(g, "attack") == 5 and used(g)[0].amount == 1  # the Akira's Hull is 5
    small = [ScriptedPlayer(attacks={"A": [None]}), ScriptedPlayer(attacks={"J": ["A"]}, use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["b_elanna_torres_71528"])],
                   ["blank"] * 10, band=3, players=small, holds=("A",))
    assert _dice(g, "attack") == 5 and used(g)[0].amount == 2  # the Attack Ship's Hull is 3: 3 + 2
    assert not used(_attack(["blank"] * 10, a=["b_elanna_torres_71528"], band=2))


def test_seskal_adds_two_dice_once_every_shield_is_destroyed() -> None:
    seskal = "seskal_3rd_wing_attack_ship"
    g = one_attack([ship("A", 0, AKIRA, upgrades=[seskal], shields=0), ship("J", 1, ATTACK_SHIP)], ["blank"] * 10,
                   players=_seats())
    assert _dice(g, "attack") == 7 and seskal in g.state.ship("A").cards_disabled
    assert _dice(_attack(["blank"] * 10, a=[seskal]), "attack") == 5  # shields up


def test_tal_adds_a_die_against_a_ship_with_a_scan_token() -> None:
    g = _attack(["blank"] * 10, a=["tal_i_r_w_vorta_vor"], seats=_seats(j=SCAN))
    assert _dice(g, "attack") == 6
    assert _dice(_attack(["blank"] * 10, a=["tal_i_r_w_vorta_vor"]), "attack") == 5


def test_signal_amplifier_spends_the_scan_token_for_two_dice() -> None:
    g = _attack(["blank"] * 10, a=["signal_amplifier_72016"], seats=_seats(a=SCAN))
    [use] = used(g)
    assert _dice(g, "attack") == 7 and use.token == "scan" and use.discard
    assert _dice(g, "defense") == 2  # the scan token is spent: no defense die taken away
    g = _attack(["blank"] * 10, j=["signal_amplifier_72016"], seats=_seats(j=SCAN))
    assert _dice(g, "defense") == 4
    assert not used(_attack(["blank"] * 10, a=["signal_amplifier_72016"]))  # no scan token


def test_tachyon_pulse_adds_two_dice_against_a_scanning_attacker() -> None:
    g = _attack(["blank"] * 10, j=["tachyon_pulse_72325g"])
    assert _dice(g, "defense") == 3 and used(g)[0].amount == 1
    g = _attack(["blank"] * 10, j=["tachyon_pulse_72325g"], seats=_seats(a=SCAN))
    assert _dice(g, "defense") == 3 and used(g)[0].amount == 2  # 2 - scan + 2


def test_elizabeth_shelby_against_the_borg_and_others() -> None:
    g = _attack(["hit", "hit", "blank", "blank", "blank", "blank", "evade", "evade"], j=["elizabeth_shelby_72941p"])
    [use] = used(g)
    assert _dice(g, "defense") == 2 and use.dice == (0,) and resolved(g).hits == 0  # the blank became an evade
    borg = [ScriptedPlayer(attacks={"A": ["J"]}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
    g = one_attack([ship("A", 0, BORG_SPHERE), ship("J", 1, ATTACK_SHIP, upgrades=["elizabeth_shelby_72941p"])],
                   ["hit"] * 6 + ["blank", "evade", "blank"] + ["evade", "evade"], band=2, players=borg)
    assert _dice(g, "defense") == 3  # +1 against a Borg ship
    reroll = next(e for e in g.events if isinstance(e, ev.DiceRerolled))
    assert reroll.indices == (0, 2)  # every blank


# --- dice modification -------------------------------------------------------------------------

def test_pavel_chekov_rerolls_every_blank_of_a_primary_weapon_attack() -> None:
    g = _attack(["hit", "blank", "blank", "hit", "crit", "hit", "hit", "blank", "blank"],
                a=["pavel_chekov_71523"])
    assert used(g)[0].dice == (1, 2) and resolved(g).hits == 4 and "pavel_chekov_71523" in g.state.ship(
        "A").cards_disabled
    g = _attack(["blank"] * 10, a=["pavel_chekov_71523", "3006"], band=2, seats=_torpedo())
    assert not used(g, "pavel_chekov_71523")


def test_tactical_officer_rerolls_blanks_only_while_not_cloaked() -> None:
    officer = "tactical_officer_72009"
    g = _attack(["hit"] + ["blank"] * 5 + ["hit"] * 5 + ["blank"] * 2, a=[officer], a_hull=VORCHA)
    assert used(g)[0].dice == (1, 2, 3, 4, 5)
    g = _attack(["blank"] * 20, a=[officer], a_hull=VORCHA, seats=_seats(a=[ActionChoice("cloak")]))
    assert not used(g, officer)


def test_t_pol_spends_a_scan_token_to_reroll_two_defense_dice() -> None:
    faces = ["hit", "hit", "hit", "blank", "blank", "blank", "blank", "evade", "evade"]
    g = _attack(faces, j=["t_pol_71446"], seats=_seats(j=SCAN))
    assert used(g)[0].token == "scan" and resolved(g).hits == 1
    g = _attack(faces, j=["t_pol_71446"])
    assert not used(g) and resolved(g).hits == 3


def test_toral_is_discarded_but_a_klingon_ship_disables_him() -> None:
    faces = ["hit", "hit", "hit", "blank", "blank", "blank", "blank", "evade", "evade"]
    g = _attack(faces, j=["toral_72324p"])
    assert used(g)[0].discard and resolved(g).hits == 1
    g = _attack(["hit"] * 5 + ["blank", "evade"], j=["toral_72324p"], j_hull=VORCHA)  # agility 1
    assert used(g)[0].disable and not used(g)[0].discard and "toral_72324p" in g.state.ship("J").cards_disabled


def test_data_forces_the_attacker_to_reroll_a_good_roll() -> None:
    g = _attack(["hit", "hit", "crit", "blank", "hit"] + ["blank"] * 7, j=["data_71531"])
    [use] = used(g)
    assert use.dice == (0, 1, 2, 3, 4) and use.discard and resolved(g).hits + resolved(g).crits == 0
    assert not used(_attack(["hit", "blank", "blank", "blank", "blank", "blank", "blank"], j=["data_71531"]))


def test_b_elanna_torres_rerolls_a_blank_and_converts_one_against_the_dominion() -> None:
    faces = ["blank", "blank", "hit", "blank", "blank", "blank", "blank", "blank"]
    g = _attack(faces, a=["b_elanna_torres_72937"])
    assert [u.ability for u in used(g)] == [0, 1] and resolved(g).hits == 2  # J is a Dominion ship
    g = _attack(faces, a=["b_elanna_torres_72937"], j_hull=VORCHA)
    assert [u.ability for u in used(g)] == [0] and resolved(g).hits == 1


def test_sensor_array_spends_a_scan_token_to_force_a_reroll_of_the_best_die() -> None:
    faces = ["hit", "crit", "blank", "blank", "blank", "blank", "blank", "blank"]
    g = _attack(faces, j=["sensor_array_71524"], seats=_seats(j=SCAN))
    assert used(g)[0].dice == (1,) and resolved(g).crits == 0
    assert not used(_attack(faces, j=["sensor_array_71524"]))


@pytest.mark.parametrize(("beam", "rerolled"), [("tractor_beam_71527", (1,)), ("tractor_beam_71508", (0, 1))])
def test_tractor_beams_force_rerolls_at_range_1_only(beam: str, rerolled: tuple[int, ...]) -> None:
    g = _attack(["hit", "crit", "blank", "blank", "blank"] + ["blank"] * 6, j=[beam])
    assert tuple(sorted(used(g)[0].dice)) == rerolled and beam in g.state.ship("J").cards_disabled
    assert not used(_attack(["hit", "crit", "blank", "blank"] + ["blank"] * 6, j=[beam], band=2))


def test_bio_neural_circuitry_rerolls_a_failed_roll_attacking_or_defending() -> None:
    g = _attack(["blank", "blank", "blank", "hit", "blank"] + ["hit"] * 5 + ["blank", "blank"],
                a=["bio_neural_circuitry_71280"])
    assert used(g)[0].window == "modify_attack" and resolved(g).hits == 5
    g = _attack(["hit", "hit", "blank", "blank", "blank", "blank", "blank", "evade", "evade"],
                j=["bio_neural_circuitry_71280"])
    assert used(g)[0].window == "modify_defense" and resolved(g).hits == 0


# --- weapons -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("weapon", "hull", "bonus"), [
    ("photon_torpedoes_71531", "u_s_s_enterprise_e_71531", 1),
    ("photon_torpedoes_71802", "federation_starship_71802", 1),
    ("photon_torpedoes_71279", "4th_division_battleship_71279", 2), ("photon_torpedoes_71533", "scimitar_71533", 2),
    ("energy_blast_71281", "bioship_alpha_71281", 2)])
def test_class_bonus_torpedoes(weapon: str, hull: str, bonus: int) -> None:
    seats = _seats([ActionChoice("target_lock", "J")], attacks={"A": [weapon]})
    g = _attack(["blank"] * 12, a=[weapon], band=2, seats=seats, a_hull=hull)
    assert _dice(g, "attack") == 5 + bonus
    seats = _seats([ActionChoice("target_lock", "J")], attacks={"A": [weapon]})
    g = _attack(["blank"] * 12, a=[weapon], band=2, seats=seats)  # from the Akira
    assert _dice(g, "attack") == 5 and not used(g)


@pytest.mark.parametrize(("weapon", "rerolled"), [("photonic_weapon_71446", (0,)), ("photonic_weapon_71646e", (0, 2))])
def test_photonic_weapons_reroll_blanks(weapon: str, rerolled: tuple[int, ...]) -> None:
    seats = _seats([ActionChoice("target_lock", "J")], attacks={"A": [weapon]})
    g = _attack(["blank", "hit", "blank", "hit"] + ["hit"] * 2 + ["blank"] * 4, a=[weapon], band=2, seats=seats)
    assert used(g)[0].dice == rerolled and g.state.ship("A").target_lock is None


def test_type_8_phaser_array_and_additional_phaser_array_add_a_primary_die() -> None:
    for weapon in ("type_8_phaser_array_71998p", "additional_phaser_array_72000p"):
        assert _dice(_attack(["blank"] * 10, a=[weapon]), "attack") == 6, weapon
        g = _attack(["blank"] * 10, a=[weapon, "3006"], band=2, seats=_torpedo())
        assert _dice(g, "attack") == 5 and not used(g, weapon), weapon


def test_phaser_array_retrofit_at_range_3() -> None:
    g = _attack(["blank"] * 10, a=["phaser_array_retrofit_71996"], band=3)
    assert _dice(g, "attack") == 5 and _dice(g, "defense") == 2  # 4 + 1; 2 + Range 3 - 1
    g = _attack(["blank"] * 10, a=["phaser_array_retrofit_71996"], band=2)
    assert _dice(g, "attack") == 4 and _dice(g, "defense") == 2 and not used(g)


def test_charging_weapons_reroll_one_blank_of_the_primary_weapon() -> None:
    g = _attack(["hit", "blank", "blank", "blank", "blank", "crit", "blank", "blank"], a=["charging_weapons_72315p"])
    assert used(g)[0].dice == (1,) and resolved(g).crits == 1
    assert "charging_weapons_72315p" in g.state.ship("A").cards_disabled


def test_reprints_play_as_their_first_printing() -> None:
    for reprint, first in (("photon_torpedoes_71528", "3006"), ("photon_torpedoes_71796", "3006"),
                           ("photon_torpedoes_71806", "3006"), ("plasma_torpedoes_opwebprize", "3016")):
        assert card(reprint) is card(first), reprint


# --- dice counts and results spent from tokens ----------------------------------------------------

def test_hoshi_sato_with_a_scan_token_takes_an_attack_die() -> None:
    g = _attack(["blank"] * 10, j=["hoshi_sato_71526"], seats=_seats(j=SCAN))
    assert _dice(g, "attack") == 4 and "hoshi_sato_71526" in g.state.ship("J").cards_disabled
    assert _dice(_attack(["blank"] * 10, j=["hoshi_sato_71526"]), "attack") == 5


def test_karden_trades_two_defense_dice_for_two_attack_dice_this_round() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("ability:karden_71793:0")]}, attacks={"A": ["J"]}),
             ScriptedPlayer(attacks={"J": ["A"]})]
    g = one_attack([ship("A", 0, AKIRA, upgrades=["karden_71793"]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 20,
                   players=seats, holds=())
    a_attack = next(e for e in rolled(g, "attack") if e.ship == "A")
    a_defense = [e for e in rolled(g, "defense") if e.ship == "A"]
    assert len(a_attack.faces) == 7 and all(len(e.faces) == 0 for e in a_defense)  # 5 + 2; 2 - 2
    assert [u.window for u in used(g, "karden_71793")] == ["action", "attack_dice", "defense_dice"]


def test_lon_suder_spends_the_battle_stations_token_for_a_die() -> None:
    g = _attack(["blank"] * 10, a=["lon_suder_gavroche"],
                seats=_seats(a=[ActionChoice("battle_stations")], uses=["lon_suder_gavroche"]))
    assert _dice(g, "attack") == 6 and g.state.ship("A").battle_stations == 0
    assert not used(_attack(["blank"] * 10, a=["lon_suder_gavroche"]))


def test_kunivas_is_discarded_to_add_a_hit() -> None:
    g = _attack(["blank"] * 10, a=["kunivas_i_k_s_b_moth"])
    added = next(e for e in g.events if isinstance(e, ev.DieAdded))
    assert added.face == "hit" and resolved(g).hits == 1 and "kunivas_i_k_s_b_moth" in g.state.ship("A").cards_discarded
    assert not used(_attack(["blank"] * 10, j=["kunivas_i_k_s_b_moth"]))  # defending: not his window


def test_jack_crusher_spends_an_evade_token_for_two_evade_results() -> None:
    faces = ["hit", "hit", "hit", "blank", "blank", "blank", "blank"]
    g = _attack(faces, j=["jack_crusher_71510"], seats=_seats(j=[ActionChoice("evasive_maneuvers")]))
    assert used(g)[0].token == "evade" and resolved(g).hits == 1
    g = _attack(["blank"] * 7, j=["jack_crusher_71510"], seats=_seats(j=[ActionChoice("evasive_maneuvers")]))
    assert not used(g)  # nothing to cancel: the card is kept
    assert not used(_attack(faces, j=["jack_crusher_71510"]))  # no evade token


def test_inverse_tachyon_pulse_and_long_range_sensors_read_the_scan_token() -> None:
    g = _attack(["blank"] * 10, a=["inverse_tachyon_pulse_71807"], seats=_seats(a=SCAN))
    assert _dice(g, "defense") == 0  # 2 - scan - 1
    assert not used(_attack(["blank"] * 10, a=["inverse_tachyon_pulse_71807"]))
    g = _attack(["blank"] * 10, j=["long_range_sensors_72025"], seats=_seats(j=SCAN))
    assert _dice(g, "defense") == 3
    assert _dice(_attack(["blank"] * 10, j=["long_range_sensors_72025"]), "defense") == 2

"""Crew, tech and more weapon cards: each from the situation its text describes (docs/abilities.md).

Dice counts: the Akira (A) rolls 4 attack dice (+1 at Range 1) and 2 defense dice; the Jem'Hadar
Attack Ship (J) rolls 3 attack and 2 defense dice; a scan token beside the attacker takes one
defense die away."""

from __future__ import annotations

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, one_attack, resolved, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import card
from engine.rulesets.attack_wing.players import ActionChoice

KELDON = "1041"  # Cardassian Keldon Class: attack 5


def _acting(ship_id: str, action: str, target: str | None = None, side: int = 0, **more: object
            ) -> list[ScriptedPlayer]:
    """Seats where ``ship_id`` performs ``action`` and both seats use abilities by the policy."""
    seat = ScriptedPlayer(actions={ship_id: [ActionChoice(action, target)]}, use_abilities=True,
                          **more)  # type: ignore[arg-type]
    other = ScriptedPlayer(use_abilities=True)
    return [seat, other] if side == 0 else [other, seat]


def _scan() -> list[ScriptedPlayer]:
    return _acting("A", "scan")


# --- crew --------------------------------------------------------------------------------------

def test_worf_rerolls_the_whole_attack_roll_when_most_of_it_failed_and_is_disabled() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3002"])
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["hit", "blank", "blank", "blank", "blank"] + ["hit"] * 5
                   + ["blank", "blank"])
    [use] = used(g, "3002")
    assert use.disable and use.dice == (0, 1, 2, 3, 4) and "3002" in g.state.ship("A").cards_disabled
    assert resolved(g).hits == 5  # the second roll is kept, even the die that had hit
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["hit", "hit", "crit", "blank", "blank", "blank", "blank"])
    assert not used(g, "3002") and resolved(g).hits + resolved(g).crits == 3  # a good roll is kept


def test_geordi_la_forge_with_a_scan_token_forces_a_defense_reroll() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3004"])
    faces = ["hit", "hit", "blank", "blank", "blank", "evade", "blank"]  # 5 attack, 1 defense (scan), reroll
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, players=_scan())
    [use] = used(g, "3004")
    assert use.window == "modify_defense" and use.dice == (0,)
    reroll = next(e for e in g.events if isinstance(e, ev.DiceRerolled))
    assert reroll.ship == "J" and reroll.kind == "defense" and reroll.cause == "Geordi La Forge"
    assert resolved(g).hits == 2
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["hit", "hit", "blank", "blank", "blank", "evade", "blank"])
    assert not used(g, "3004") and resolved(g).hits == 1  # no scan token: no reroll


def test_hikaru_sulu_adds_two_defense_dice_and_turns_battle_stations_to_evade_this_round() -> None:
    j = ship("J", 1, ATTACK_SHIP, upgrades=["3029"])
    faces = ["hit", "hit", "blank", "blank", "blank", "battle_stations", "evade", "blank", "blank"]
    g = one_attack([ship("A", 0, AKIRA), j], faces, players=_acting("J", "ability:3029:0", side=1))
    assert len(rolled(g, "defense")[0].faces) == 4  # agility 2 + 2
    convert = next(e for e in g.events if isinstance(e, ev.DiceConverted))
    assert convert.kind == "defense" and convert.indices == (0,) and convert.to == "evade"
    assert resolved(g).hits == 0
    g = one_attack([ship("A", 0, AKIRA), j], faces)
    assert len(rolled(g, "defense")[0].faces) == 2 and not used(g, "3029")  # no action: nothing


def test_mr_spock_with_a_scan_token_turns_every_battle_stations_result_into_a_hit() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3030"])
    faces = ["battle_stations", "battle_stations", "hit", "blank", "blank", "blank"]
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, players=_scan())
    assert used(g, "3030")[0].dice == (0, 1) and resolved(g).hits == 3
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], [*faces, "blank"])
    assert not used(g, "3030") and resolved(g).hits == 1


@pytest.mark.parametrize("crew", ["3050", "3092"])  # Drex, N'Garen
def test_drex_and_n_garen_make_one_battle_stations_a_crit_and_the_rest_hits(crew: str) -> None:
    a = ship("A", 0, AKIRA, upgrades=[crew])
    faces = ["battle_stations", "blank", "battle_stations", "battle_stations", "blank", "blank", "blank"]
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, players=_acting("A", f"ability:{crew}:0"))
    assert [u.window for u in used(g, crew)] == ["action", "modify_attack", "modify_attack"]
    assert resolved(g).crits == 1 and resolved(g).hits == 2
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces)
    assert not used(g, crew) and resolved(g).hits + resolved(g).crits == 0  # without the action


def test_breen_aide_with_a_scan_token_turns_one_blank_into_a_hit() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3057"])
    faces = ["hit", "blank", "blank", "blank", "blank", "blank"]
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, players=_scan())
    assert used(g, "3057")[0].dice == (1,) and resolved(g).hits == 2
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], [*faces, "blank"])
    assert not used(g, "3057") and resolved(g).hits == 1


def test_kerla_turns_a_battle_stations_into_an_evade_at_range_1_only() -> None:
    j = ship("J", 1, ATTACK_SHIP, upgrades=["3074"])
    g = one_attack([ship("A", 0, AKIRA), j], ["hit", "blank", "blank", "blank", "blank", "battle_stations", "blank"])
    assert used(g, "3074")[0].dice == (0,) and resolved(g).hits == 0
    g = one_attack([ship("A", 0, AKIRA), j], ["hit", "blank", "blank", "blank", "battle_stations", "blank"], band=2)
    assert not used(g, "3074") and resolved(g).hits == 1


def test_omet_iklan_turns_his_worst_primary_weapon_die_into_a_hit() -> None:
    j = ship("J", 0, ATTACK_SHIP, upgrades=["3082"])
    seats = [ScriptedPlayer(use_abilities=True), ScriptedPlayer()]
    g = one_attack([j, ship("A", 1, AKIRA)], ["crit", "hit", "blank", "blank", "blank", "blank"], players=seats,
                   holds=("A",))
    assert used(g, "3082")[0].dice == (2,)  # the blank, never the critical hit
    assert resolved(g).crits == 1 and resolved(g).hits == 2


def test_omet_iklan_does_not_help_a_secondary_weapon() -> None:
    j = ship("J", 0, ATTACK_SHIP, upgrades=["3082", "3058"])
    seats = [ScriptedPlayer(actions={"J": [ActionChoice("target_lock", "A")]}, attacks={"J": ["3058"]},
                            use_abilities=True), ScriptedPlayer()]
    g = one_attack([j, ship("A", 1, AKIRA)], ["blank"] * 10, band=2, players=seats, holds=("A",))
    assert rolled(g, "attack")[0].count_reason.startswith("Photon Torpedoes") and not used(g, "3082")


def test_boheeka_with_a_battle_stations_token_turns_one_blank_into_a_hit() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3095"])
    faces = ["blank"] * 5 + ["blank", "blank"]
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, players=_acting("A", "battle_stations"))
    assert used(g, "3095")[0].dice == (0,) and resolved(g).hits == 1
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, players=_scan())
    assert not used(g, "3095")


def test_dmitri_valtane_with_a_scan_token_rerolls_two_failed_dice() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3108"])
    faces = ["blank", "hit", "blank", "crit", "blank", "hit", "hit", "blank"]
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, players=_scan())
    [use] = used(g, "3108")
    assert len(use.dice) == 2 and {0, 2, 4} >= set(use.dice)
    assert resolved(g).hits == 3 and resolved(g).crits == 1
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], faces)
    assert not used(g, "3108")


def test_christopher_hobson_adds_a_die_against_a_cloaked_ship_after_his_action() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3135"])
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("ability:3135:0")]}),
             ScriptedPlayer(actions={"J": [ActionChoice("cloak")]})]
    g = one_attack([a, ship("J", 1, VORCHA)], ["blank"] * 20, players=seats)
    attack = rolled(g, "attack")[0]
    assert len(attack.faces) == 6 and "Christopher Hobson +1" in attack.count_reason
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("ability:3135:0")]}), ScriptedPlayer()]
    g = one_attack([a, ship("J", 1, VORCHA)], ["blank"] * 20, players=seats)
    assert len(rolled(g, "attack")[0].faces) == 5  # not cloaked: the action did nothing
    assert [u.window for u in used(g, "3135")] == ["action"]


# --- tech --------------------------------------------------------------------------------------

def test_antiproton_scan_adds_a_die_against_a_ship_with_no_active_shields() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3055"])
    g = one_attack([a, ship("J", 1, ATTACK_SHIP, shields=0)], ["blank"] * 10, players=_scan())
    assert len(rolled(g, "attack")[0].faces) == 6 and used(g, "3055")[0].amount == 1
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["blank"] * 10, players=_scan())
    assert len(rolled(g, "attack")[0].faces) == 5 and not used(g, "3055")  # shields up
    g = one_attack([a, ship("J", 1, ATTACK_SHIP, shields=0)], ["blank"] * 10)
    assert len(rolled(g, "attack")[0].faces) == 5  # no scan token


def test_tetryon_emissions_adds_three_defense_dice_this_round_and_is_disabled() -> None:
    j = ship("J", 1, ATTACK_SHIP, upgrades=["3098"])
    g = one_attack([ship("A", 0, AKIRA), j], ["blank"] * 12, players=_acting("J", "ability:3098:0", side=1))
    assert len(rolled(g, "defense")[0].faces) == 5 and "3098" in g.state.ship("J").cards_disabled
    g = one_attack([ship("A", 0, AKIRA), j], ["blank"] * 12)
    assert len(rolled(g, "defense")[0].faces) == 2


# --- weapons -----------------------------------------------------------------------------------

def _fire(weapon: str) -> list[ScriptedPlayer]:
    return _acting("A", "target_lock", "J", attacks={"A": [weapon]})


def test_nuclear_missiles_spend_the_target_lock_and_reroll_one_blank() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3078"])
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["blank", "hit", "blank", "hit", "blank", "blank"], band=2,
                   players=_fire("3078"))
    assert used(g, "3078")[0].dice == (0,) and resolved(g).hits == 2
    [missiles] = g.state.ship("A").weapons
    assert g.state.ship("A").target_lock is None and missiles.disabled  # the weapon table's torpedo rule


def test_additional_weapons_array_turns_one_battle_stations_into_a_crit() -> None:
    a = ship("A", 0, AKIRA, upgrades=["3103"])
    seats = [ScriptedPlayer(attacks={"A": ["3103"]}, use_abilities=True), ScriptedPlayer()]
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["battle_stations", "blank", "blank", "blank", "blank", "blank"],
                   band=2, players=seats)
    assert used(g, "3103")[0].dice == (0,) and resolved(g).crits == 1


def test_enhanced_weaponry_adds_a_die_from_a_keldon_class_only() -> None:
    g = one_attack([ship("A", 0, KELDON, upgrades=["3096"]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 10, band=2,
                   players=_fire("3096"))
    assert len(rolled(g, "attack")[0].faces) == 6  # printed 5, +1 from the Keldon
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3096"]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 10, band=2,
                   players=_fire("3096"))
    assert len(rolled(g, "attack")[0].faces) == 5 and not used(g, "3096")


def test_reprinted_torpedoes_play_as_their_first_printing() -> None:
    # same ability text in the card table under another id: the same card, the same abilities
    for reprint, first in (("3073", "3006"), ("plasma_torpedoes_71278", "3016"),
                           ("quantum_torpedoes_71510b", "3067")):
        assert card(reprint) is card(first), reprint

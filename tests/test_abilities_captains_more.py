"""More captain cards (dice modification and Action: riders), each from its text's situation."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, facing, one_attack, resolved, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import ActionChoice


def _acting(card: str, action: str = "") -> list[ScriptedPlayer]:
    return [ScriptedPlayer(actions={"A": [ActionChoice(action or f"ability:{card}:0")]}, use_abilities=True),
            ScriptedPlayer(use_abilities=True)]


def test_valdore_adds_a_die_from_outside_the_defenders_forward_arc() -> None:
    behind = {"A": Pose(400, 300, 0), "J": Pose(400, 400, 0)}  # J flies on ahead of A: A stays behind it
    g = one_attack([ship("A", 0, AKIRA, captain="2033"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 9, poses=behind)
    assert len(rolled(g, "attack")[0].faces) == 6 and used(g, "2033")
    g = one_attack([ship("A", 0, AKIRA, captain="2033"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 9)
    assert len(rolled(g, "attack")[0].faces) == 5 and not used(g, "2033")


def test_worf_and_shakaar_reroll_every_blank() -> None:
    for card in ("2037", "shakaar_edon_72221g"):
        g = one_attack([ship("A", 0, AKIRA, captain=card), ship("J", 1, ATTACK_SHIP)],
                       ["hit", "blank", "blank", "hit", "blank", "hit", "hit", "hit", "blank", "blank"])
        assert used(g, card)[0].dice == (1, 2, 4) and resolved(g).hits == 5, card


def test_kurn_gul_dukat_worf_and_bok_actions_add_an_attack_die_this_round() -> None:
    for card in ("2038", "gul_dukat_cap_71524", "worf_71807", "bok_71646a"):
        g = one_attack([ship("A", 0, AKIRA, captain=card), ship("J", 1, ATTACK_SHIP)], ["blank"] * 9,
                       players=_acting(card))
        assert len(rolled(g, "attack")[0].faces) == 6, card
    g = one_attack([ship("A", 0, AKIRA, captain="2038"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 9,
                   players=_acting("2038"))
    assert any(isinstance(e, ev.TokensChanged) and e.token == "aux_power" and e.cause == "Kurn" for e in g.events)


def test_worf_and_bok_change_their_own_defense_dice_after_their_action() -> None:
    for card, dice in (("worf_71807", 3), ("bok_71646a", 1)):
        seats = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{card}:0")]}, attacks={"A": [None]}),
                 ScriptedPlayer()]
        g = one_attack([ship("A", 0, AKIRA, captain=card), ship("J", 1, ATTACK_SHIP)], ["blank"] * 9,
                       players=seats, holds=())
        assert len(rolled(g, "defense")[0].faces) == dice, card


def test_gul_evek_and_rettik_reroll_defense_blanks() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="2040")],
                   ["hit", "hit", "blank", "blank", "blank", "blank", "blank", "evade", "evade"])
    assert used(g, "2040")[0].dice == (0, 1) and resolved(g).hits == 0
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="rettik_71282")],
                   ["hit", "blank", "blank", "blank", "blank", "blank", "blank", "evade"])
    assert used(g, "rettik_71282")[0].dice == (0,) and resolved(g).hits == 0


def test_letant_makes_the_attacker_reroll_a_crit() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="2041")],
                   ["crit", "hit", "blank", "blank", "blank", "blank", "blank", "blank"])
    assert used(g, "2041")[0].dice == (0,) and resolved(g).crits == 0


def test_blank_to_hit_and_battle_stations_conversions() -> None:
    for card in ("alpha_hirogen_71808", "gorn_commander_oparenaprize"):
        g = one_attack([ship("A", 0, AKIRA, captain=card), ship("J", 1, ATTACK_SHIP)], ["blank"] * 7)
        assert resolved(g).hits == 1, card
    g = one_attack([ship("A", 0, AKIRA, captain="centurion_71794"), ship("J", 1, ATTACK_SHIP)],
                   ["battle_stations"] + ["blank"] * 4 + ["crit", "blank", "blank"])
    assert resolved(g).crits == 1
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="aquatic_councilor_72338")],
                   ["hit"] + ["blank"] * 4 + ["battle_stations", "blank"])
    assert resolved(g).hits == 0 and used(g, "aquatic_councilor_72338")[0].window == "modify_defense"


def test_bractor_and_gul_lemec_add_a_die_against_their_kind_of_target() -> None:
    g = one_attack([ship("A", 0, AKIRA, captain="gul_lemec_71798"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 8)
    assert len(rolled(g, "attack")[0].faces) == 6  # Gul Lemec skill 5 against a skill 1 ship
    g = one_attack([ship("A", 0, AKIRA, captain="bractor_71806"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 8)
    assert len(rolled(g, "attack")[0].faces) == 5  # no auxiliary power token beside J


def test_gul_macet_pays_auxiliary_power_for_a_die() -> None:
    g = one_attack([ship("A", 0, AKIRA, captain="gul_macet_71513b"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 8)
    assert len(rolled(g, "attack")[0].faces) == 6 and g.state.ship("A").aux_power == 1


def test_jabin_tal_and_telek_r_mor_dice() -> None:
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="jabin_71793")], ["blank"] * 8)
    assert len(rolled(g, "defense")[0].faces) == 3
    romulan = "1003"  # a D'deridex, Romulan
    g = one_attack([ship("A", 0, romulan, captain="tal_72321p"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 8)
    assert len(rolled(g, "attack")[0].faces) == 5  # 3 + Range 1 + Tal
    seats = [ScriptedPlayer(), ScriptedPlayer(actions={"J": [ActionChoice("scan")]})]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="telek_r_mor_72016")], ["blank"] * 8,
                   players=seats)
    assert "Telek R'Mor +1" in rolled(g, "defense")[0].count_reason


def test_lenaris_holem_and_tomalak_need_their_token() -> None:
    seats = [ScriptedPlayer(use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice("evasive_maneuvers")]}, use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, captain="lenaris_holem_71445")],
                   ["hit", "hit"] + ["blank"] * 3 + ["blank", "blank", "evade"], players=seats)
    assert used(g, "lenaris_holem_71445")
    g = one_attack([ship("A", 0, AKIRA, captain="tomalak_72000p"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 8)
    assert not used(g, "tomalak_72000p")  # no scan token
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("scan")]}, use_abilities=True), ScriptedPlayer()]
    g = one_attack([ship("A", 0, AKIRA, captain="tomalak_72000p"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 12,
                   players=seats)
    assert used(g, "tomalak_72000p")[0].dice == (0, 1, 2, 3, 4)
    assert facing(1)

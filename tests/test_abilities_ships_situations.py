"""Ship cards of the later waves whose own dice the attack's situation decides (cards/ships/combat.py),
each where its text's situation holds and where it does not. Dice as in test_abilities_ships: the
Akira (A, whose ship ability the engine does not play) rolls 4 attack dice (+1 at Range 1); the
Jem'Hadar Attack Ship (J) 3 attack and 2 defense dice (+1 at Range 3)."""

from __future__ import annotations

from ability_helpers import ATTACK_SHIP, attack, dice_count, one_attack, rolled, seats, ship, used
from aw_helpers import ScriptedPlayer

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import ActionChoice

BLANKS = ["blank"] * 30
CLOAK = [ActionChoice("cloak")]
SCAN = [ActionChoice("scan")]
KHAZARA = "1003"  # a Romulan ship that cloaks


def _reason(g: Game, kind: str) -> str:
    return next(e for e in rolled(g, kind)).count_reason


def _agility(ship_id: str) -> int:
    return load_catalog().ship(ship_id).agility


def _from_behind(a_hull: str, faces: list[str] = BLANKS) -> Game:
    """A attacks J from behind: both face the same way, A's bow at J's stern."""
    poses: dict[str, object] = {"A": Pose(400, 300, 0), "J": Pose(400, 560, 0)}
    return one_attack([ship("A", 0, a_hull), ship("J", 1, ATTACK_SHIP)], faces, players=seats(), poses=poses)


def test_d_kyr_adds_an_attack_die_at_range_3_only() -> None:
    assert "D'Kyr +1" in _reason(attack(BLANKS, a_hull="d_kyr_71446", band=3), "attack")
    assert "D'Kyr" not in _reason(attack(BLANKS, a_hull="d_kyr_71446", band=2), "attack")


def test_enterprise_d_72944_takes_an_attack_die_from_its_attacker_and_not_when_it_attacks() -> None:
    assert dice_count(attack(BLANKS, j_hull="u_s_s_enterprise_d_72944", band=2), "attack") == 4 - 1
    assert "Enterprise-D" not in _reason(attack(BLANKS, a_hull="u_s_s_enterprise_d_72944", band=2), "attack")


def test_seleya_rolls_an_extra_defense_die_with_a_scan_token_only() -> None:
    agility = _agility("seleya_72221i")
    assert dice_count(attack(BLANKS, j_hull="seleya_72221i", band=2, seats=seats(j=SCAN)), "defense") == agility + 1
    assert dice_count(attack(BLANKS, j_hull="seleya_72221i", band=2), "defense") == agility


def test_ni_var_needs_range_3_and_its_scan_token() -> None:
    assert "Ni'Var +1" in _reason(attack(BLANKS, a_hull="ni_var_71527", band=3, seats=seats(a=SCAN)), "attack")
    assert "Ni'Var" not in _reason(attack(BLANKS, a_hull="ni_var_71527", band=3), "attack")  # no scan token
    assert "Ni'Var" not in _reason(attack(BLANKS, a_hull="ni_var_71527", band=2, seats=seats(a=SCAN)), "attack")


def test_korinar_needs_its_cloak_and_range_1() -> None:
    assert "I.K.S. Korinar +1" in _reason(attack(BLANKS, a_hull="i_k_s_korinar_71999p", seats=seats(a=CLOAK)),
                                          "attack")
    assert "Korinar" not in _reason(attack(BLANKS, a_hull="i_k_s_korinar_71999p"), "attack")  # not cloaked
    assert "Korinar" not in _reason(attack(BLANKS, a_hull="i_k_s_korinar_71999p", band=2, seats=seats(a=CLOAK)),
                                    "attack")


def test_relora_sankur_after_a_green_maneuver_only() -> None:
    assert "Relora-Sankur +1" in _reason(attack(BLANKS, a_hull="relora_sankur_71646c"), "attack")  # 1 straight
    white = [ScriptedPlayer(dials={"A": [("straight", 3)]}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
    g = attack(BLANKS, a_hull="relora_sankur_71646c", band=3, seats=white)
    assert next(e for e in g.events if isinstance(e, ev.ManeuverRevealed)).colour == "white"
    assert "Relora-Sankur" not in _reason(g, "attack")


def test_nistrim_raider_at_a_scanned_ship() -> None:
    assert "Nistrim Raider +2" in _reason(attack(BLANKS, a_hull="nistrim_raider_71282", seats=seats(j=SCAN)),
                                          "attack")
    assert "Nistrim Raider" not in _reason(attack(BLANKS, a_hull="nistrim_raider_71282"), "attack")


def test_hood_at_a_cloaked_ship() -> None:
    g = attack(BLANKS, a_hull="u_s_s_hood_71998p", j_hull=KHAZARA, band=2, seats=seats(j=CLOAK))
    assert "U.S.S. Hood +1" in _reason(g, "attack")
    assert "Hood" not in _reason(attack(BLANKS, a_hull="u_s_s_hood_71998p", j_hull=KHAZARA, band=2), "attack")


def test_interceptor_8_from_outside_the_targets_forward_arc() -> None:
    assert "Interceptor 8 +1" in _reason(_from_behind("interceptor_8_72221g"), "attack")
    assert "Interceptor 8" not in _reason(attack(BLANKS, a_hull="interceptor_8_72221g"), "attack")  # face to face


def test_defiant_1764_rerolls_its_blanks_from_behind_only() -> None:
    g = _from_behind("u_s_s_defiant_ncc_1764_72225p", ["blank"] * 4 + ["hit"] * 30)
    [use] = used(g, "u_s_s_defiant_ncc_1764_72225p")
    assert use.window == "modify_attack"
    assert not used(attack(BLANKS, a_hull="u_s_s_defiant_ncc_1764_72225p"), "u_s_s_defiant_ncc_1764_72225p")


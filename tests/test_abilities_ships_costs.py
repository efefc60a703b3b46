"""Ship cards of the later waves that pay for their dice in the attack (an active shield, a token, an
upgrade, an auxiliary power token), and the ones near friends (cards/ships/combat.py), plus Elim
Garak's discarded crew (cards/captains/combat.py): each where its text's situation holds and the
seat pays, and where it does not hold. Dice as in test_abilities_ships: the Akira (A) rolls 4 attack
dice (+1 at Range 1); the Jem'Hadar Attack Ship (J) 3 attack and 2 defense dice (+1 at Range 3)."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, attack, dice_count, one_attack, resolved, seats, ship, used
from aw_helpers import ScriptedPlayer

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice

BLANKS = ["blank"] * 30
CLOAK = [ActionChoice("cloak")]
SCAN = [ActionChoice("scan")]
KHAZARA = "1003"  # a Romulan ship that cloaks
FAREK = "3062"  # a crew upgrade whose own ability plays no part here
NULLIFIER = "3104"  # a tech upgrade, likewise


def _agility(ship_id: str) -> int:
    return load_catalog().ship(ship_id).agility


def _j_uses(card: str, j: list[ActionChoice] | None = None, dice: tuple[int, ...] = ()) -> list[ScriptedPlayer]:
    """A's seat by the policy; J's seat uses ``card`` once (on these dice), whatever the policy says."""
    return [ScriptedPlayer(use_abilities=True),
            ScriptedPlayer(actions={"J": j or []}, use_abilities=True, abilities={card: [AbilityUse(dice)]})]


def _a_uses(card: str, use: AbilityUse, a: list[ActionChoice] | None = None) -> list[ScriptedPlayer]:
    """A's seat uses ``card`` once as ``use`` says, whatever the policy says; J's seat by the policy."""
    return [ScriptedPlayer(actions={"A": a or []}, use_abilities=True, abilities={card: [use]}),
            ScriptedPlayer(use_abilities=True)]


def test_enterprise_d_71510b_buys_an_attack_die_with_a_shield_and_only_attacking() -> None:
    card = "u_s_s_enterprise_d_71510b"
    g = attack(BLANKS, a_hull=card, band=2, seats=seats(uses=[card]))
    assert dice_count(g, "attack") == load_catalog().ship(card).attack + 1 and used(g, card)
    assert not used(attack(BLANKS, j_hull=card, band=2, seats=_j_uses(card)), card)  # defending


def test_halik_raider_buys_two_defense_dice_with_a_shield_only_defending() -> None:
    card = "halik_raider_72018"
    g = attack(BLANKS, j_hull=card, band=2, seats=_j_uses(card))
    assert dice_count(g, "defense") == _agility(card) + 2 and used(g, card)
    assert not used(attack(BLANKS, a_hull=card, band=2, seats=seats(uses=[card])), card)  # attacking


def test_ti_mur_disables_a_tech_upgrade_for_an_attack_die_and_needs_one() -> None:
    card = "ti_mur_71508"
    g = attack(BLANKS, a=[NULLIFIER], a_hull=card, band=2, seats=_a_uses(card, AbilityUse(choice=NULLIFIER)))
    assert dice_count(g, "attack") == load_catalog().ship(card).attack + 1 and used(g, card)
    assert not used(attack(BLANKS, a_hull=card, band=2, seats=seats(uses=[card])), card)  # no tech upgrade


def test_orassin_spends_battle_stations_for_one_critical_hit() -> None:
    card = "orassin_72341"
    faces = ["hit", "hit", "blank", *BLANKS]
    g = attack(faces, a_hull=card, band=2, seats=_a_uses(card, AbilityUse((0,)), [ActionChoice("battle_stations")]))
    assert used(g, card) and resolved(g).crits == 1
    g = attack(faces, a_hull=card, band=2, seats=_a_uses(card, AbilityUse((0,))))  # no battle stations token
    assert not used(g, card) and resolved(g).crits == 0


def test_muratas_rerolls_two_attack_dice_for_a_shield_only_attacking() -> None:
    card = "muratas_72335"
    g = attack(BLANKS, a_hull=card, band=2, seats=_a_uses(card, AbilityUse((0, 1))))
    assert used(g, card)[0].window == "modify_attack"
    assert not used(attack(BLANKS, j_hull=card, band=2, seats=_j_uses(card, dice=(0,))), card)


def test_bortas_rerolls_a_defense_die_for_an_auxiliary_power_token() -> None:
    card = "i_k_s_bortas_72323p"
    g = attack(BLANKS, j_hull=card, band=2, seats=_j_uses(card, dice=(0,)))
    assert used(g, card)[0].window == "modify_defense"
    assert any(isinstance(e, ev.TokensChanged) and e.ship == "J" and e.token == "aux_power" and e.delta == 1
               for e in g.events)  # its cost paid
    assert not used(attack(BLANKS, a_hull=card, band=2, seats=_a_uses(card, AbilityUse((0,)))), card)


def test_rateg_rerolls_defense_dice_only_while_cloaked() -> None:
    card = "i_r_w_rateg_72321p"
    assert used(attack(BLANKS, j_hull=card, band=2, seats=_j_uses(card, CLOAK, (0,))), card)
    assert not used(attack(BLANKS, j_hull=card, band=2, seats=_j_uses(card, dice=(0,))), card)


def test_federation_attack_fighter_rerolls_an_attack_die_at_range_1_only() -> None:
    card = "federation_attack_fighter_op6prize"

    assert used(attack(BLANKS, a_hull=card, seats=_a_uses(card, AbilityUse((0,)))), card)
    assert not used(attack(BLANKS, a_hull=card, band=2, seats=_a_uses(card, AbilityUse((0,)))), card)


def _beside(j_hull: str, third: str, third_side: int) -> Game:
    """A attacks J; a third ship K stands beside J (Range 1), holding fire."""
    poses: dict[str, object] = {"A": Pose(400, 300, 0), "J": Pose(400, 600, 180), "K": Pose(520, 600, 180)}
    return one_attack([ship("A", 0, AKIRA), ship("J", 1, j_hull), ship("K", third_side, third)],
                      BLANKS, players=seats(), poses=poses, holds=("J", "K"))


def test_3rd_division_battle_cruiser_gives_any_attack_ship_near_it_a_defense_die() -> None:
    """Its text names no side: a Jem'Hadar Attack Ship within Range 1 of it, friend or enemy (rulings.md)."""
    cruiser = "3rd_division_battle_cruiser_72946"
    assert dice_count(_beside(ATTACK_SHIP, cruiser, 1), "defense") == _agility(ATTACK_SHIP) + 1
    assert dice_count(_beside(ATTACK_SHIP, cruiser, 0), "defense", "J") == _agility(ATTACK_SHIP) + 1  # an enemy's
    assert dice_count(_beside(KHAZARA, cruiser, 1), "defense") == _agility(KHAZARA)  # not an attack ship


def test_2nd_wing_patrol_ship_with_another_attack_ship_near() -> None:
    patrol = "2nd_wing_patrol_ship_72946"
    assert dice_count(_beside(patrol, ATTACK_SHIP, 1), "defense") == _agility(patrol) + 2
    assert dice_count(_beside(patrol, KHAZARA, 1), "defense") == _agility(patrol)  # not an attack ship


def test_enterprise_a_with_its_scan_token_and_more_at_a_cloaked_ship() -> None:
    card = "u_s_s_enterprise_a_72319g"
    base = load_catalog().ship(card).attack
    assert dice_count(attack(BLANKS, a_hull=card, band=2, seats=seats(SCAN)), "attack") == base + 1
    cloaked = [ScriptedPlayer(actions={"A": SCAN}, use_abilities=True),
               ScriptedPlayer(actions={"J": CLOAK}, use_abilities=True)]
    g = attack(BLANKS, a_hull=card, j_hull=KHAZARA, band=2, seats=cloaked)
    assert dice_count(g, "attack") == base + 2
    assert dice_count(attack(BLANKS, a_hull=card, band=2), "attack") == base  # no scan token


def test_elim_garak_discards_a_crew_upgrade_for_an_attack_die_and_needs_one() -> None:
    garak = "elim_garak_71646b"
    g = attack(BLANKS, a=[FAREK], a_captain=garak, band=2, seats=seats(uses=[garak]))
    assert dice_count(g, "attack") == 4 + 1 and used(g, garak)
    assert not used(attack(BLANKS, a_captain=garak, band=2, seats=seats(uses=[garak])), garak)  # no crew

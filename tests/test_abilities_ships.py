"""Ship cards' own abilities (the ship card's id among its cards), each from its text's situation
and one where it does not hold. Dice as in test_abilities_cards_dice: the Akira (A, whose ship
ability the engine does not play) rolls 4 attack dice (+1 at Range 1); the Jem'Hadar Attack Ship
(J) 3 attack and 2 defense dice (+1 at Range 3)."""

from __future__ import annotations

import json
from pathlib import Path

from ability_helpers import AKIRA, ATTACK_SHIP, attack, dice_count, one_attack, resolved, rolled, seats, ship, used
from aw_helpers import ScriptedPlayer
from card_games import replays_and_notation, round_trips

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.play import card_warnings, play, setup_from_scenario
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice
from engine.rulesets.attack_wing.scenario import load_scenario

BLANKS = ["blank"] * 30
CLOAK = [ActionChoice("cloak")]


def _reason(g: Game, kind: str) -> str:
    return next(e for e in rolled(g, kind)).count_reason


def _agility(ship_id: str) -> int:
    return load_catalog().ship(ship_id).agility


# --- the ship card is among its cards ------------------------------------------------------------

def test_a_ship_that_prints_an_ability_has_its_card_a_generic_one_not() -> None:
    assert ship("A", 0, "1030").cards[-1] == "1030"  # the U.S.S. Defiant: unique, prints one
    assert "1045" not in ship("A", 0, "1045").cards  # a Federation Starship prints none
    assert all(c.kind == "ship" for c in CARDS.values() if c.ids[0] in ("1030", "1044", "1009"))


def test_an_unsupported_ship_ability_and_resource_are_warned_about(tmp_path: Path) -> None:
    fleet = {"name": "patrol", "faction": "Dominion", "resource": "4002",
             "ships": [{"ship": "4th_division_battleship_71279"}]}  # its ship card's ability: not played yet
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    duel["sides"][1]["fleet"] = fleet
    path = tmp_path / "s.json"
    path.write_text(json.dumps(duel))
    warnings = card_warnings(setup_from_scenario(load_scenario(path)))
    assert any("4th Division Battleship (4th_division_battleship_71279)" in w and "own ability" in w
               for w in warnings)
    assert any("resource Command Tokens (4002)" in w and "side B" in w for w in warnings)
    assert not any("U.S.S. Enterprise" in w for w in warnings)  # the duel's 1009 is played


# --- defending ---------------------------------------------------------------------------------------

def test_defiant_turns_the_attackers_critical_hits_into_hits() -> None:
    faces = ["crit", "crit", "hit", "blank", "blank", "blank", "blank"]
    g = attack(faces, j_hull="1030")
    assert (resolved(g).hits, resolved(g).crits) == (3, 0) and used(g, "1030")[0].window == "modify_attack"
    g = attack(["crit", "crit", "blank", "blank", "blank", "blank"], a_hull="1030")  # attacking: its own crits stay
    assert resolved(g).crits == 2 and not used(g, "1030")


def test_groth_rolls_an_extra_defense_die_at_range_1() -> None:
    assert dice_count(attack(BLANKS, j_hull="1015"), "defense") == _agility("1015") + 1
    assert "I.K.S. Gr'oth +1" in _reason(attack(BLANKS, j_hull="1015"), "defense")
    assert dice_count(attack(BLANKS, j_hull="1015", band=2), "defense") == _agility("1015")


def test_maht_ha_and_kronos_one_take_an_attack_die_at_their_range() -> None:
    assert dice_count(attack(BLANKS, j_hull="1005"), "attack") == 4  # Akira 4 +1 at Range 1, -1
    assert dice_count(attack(BLANKS, j_hull="1005", band=2), "attack") == 4
    assert dice_count(attack(BLANKS, j_hull="1032", band=3), "attack") == 3
    assert dice_count(attack(BLANKS, j_hull="1032", band=2), "attack") == 4


def test_koraga_rolls_an_extra_defense_die_while_cloaked() -> None:
    g = attack(BLANKS, j_hull="1038", seats=seats(j=CLOAK))
    assert "I.K.S. Koraga +1" in _reason(g, "defense")
    assert "Koraga" not in _reason(attack(BLANKS, j_hull="1038"), "defense")


def _beside(third: str, third_side: int, band: int = 1) -> Game:
    """A attacks the 2nd Division Cruiser (J); a third ship K stands beside J, holding fire."""
    poses = {"A": Pose(400, 450 - 150, 0), "J": Pose(400, 450 + 150, 180), "K": Pose(520, 450 + 150, 180)}
    return one_attack([ship("A", 0, AKIRA), ship("J", 1, "2nd_division_cruiser_71524"), ship("K", third_side, third)],
                      BLANKS, band=band, players=seats(), poses=poses, holds=("J", "K"))


def test_2nd_division_cruiser_with_a_friendly_attack_ship_near() -> None:
    agility = _agility("2nd_division_cruiser_71524")
    assert dice_count(_beside(ATTACK_SHIP, 1), "defense") == agility + 1
    assert dice_count(_beside(ATTACK_SHIP, 0), "defense", "J") == agility  # an enemy attack ship
    assert dice_count(_beside("2nd_division_cruiser_71524", 1), "defense") == agility  # not an attack ship


# --- attacking ----------------------------------------------------------------------------------------

def test_reliant_adds_an_attack_die_at_range_1_only() -> None:
    assert "U.S.S. Reliant +1" in _reason(attack(BLANKS, a_hull="1007"), "attack")
    assert "Reliant" not in _reason(attack(BLANKS, a_hull="1007", band=2), "attack")


def test_khazara_adds_an_attack_die_when_it_attacks_cloaked() -> None:
    assert "I.R.W. Khazara +1" in _reason(attack(BLANKS, a_hull="1003", seats=seats(a=CLOAK)), "attack")
    assert "Khazara" not in _reason(attack(BLANKS, a_hull="1003"), "attack")


def test_valdore_adds_an_attack_die_after_a_green_maneuver() -> None:
    assert "I.R.W. Valdore +1" in _reason(attack(BLANKS, a_hull="1011"), "attack")  # 1 straight: green
    white = [ScriptedPlayer(dials={"A": [("straight", 3)]}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
    g = attack(BLANKS, a_hull="1011", band=3, seats=white)
    assert next(e for e in g.events if isinstance(e, ev.ManeuverRevealed)).colour == "white"
    assert "Valdore" not in _reason(g, "attack")


def test_chtang_rerolls_any_attack_dice_while_cloaked() -> None:
    g = attack(["blank"] * 4 + ["hit"] * 4 + BLANKS, a_hull="1028", seats=seats(a=CLOAK))
    [use] = used(g, "1028")
    assert len(use.dice) == 4 and resolved(g).hits == 4  # its 4 blanks (3 +1 at Range 1) rerolled as hits
    assert not used(attack(BLANKS, a_hull="1028"), "1028")


def test_sutherland_rerolls_any_attack_dice_at_range_3() -> None:
    g = attack(["blank"] * 4 + ["hit"] * 4 + BLANKS, a_hull="1048", band=3)
    assert len(used(g, "1048")[0].dice) == 4
    assert not used(attack(BLANKS, a_hull="1048", band=2), "1048")


def test_3rd_wing_attack_ship_disables_a_crew_upgrade_for_a_die() -> None:
    crew = "3015"  # Bochra, a crew card, on the attack ship
    assert load_catalog().upgrade(crew).type == "crew"
    g = attack(BLANKS, a_hull="3rd_wing_attack_ship_3rd_wing_attack_ship", a=[crew])
    [use] = used(g, "3rd_wing_attack_ship_3rd_wing_attack_ship")
    assert use.choice == crew and crew in g.state.ship("A").cards_disabled
    assert "3rd Wing Attack Ship +1" in _reason(g, "attack")
    g = attack(BLANKS, a_hull="3rd_wing_attack_ship_3rd_wing_attack_ship")  # no crew to disable
    assert not used(g, "3rd_wing_attack_ship_3rd_wing_attack_ship")


# --- Action: ------------------------------------------------------------------------------------------

def test_5th_wing_patrol_ship_action_more_attack_less_defense() -> None:
    act = [ActionChoice("ability:1036:0")]
    g = attack(BLANKS, a_hull="1036", seats=seats(a=act), holds=())
    assert dice_count(g, "attack", "A") == 3 + 1 + 1  # 3, +1 at Range 1, +1 marked
    assert dice_count(g, "defense", "A") == _agility("1036") - 1
    g = attack(BLANKS, a_hull="1036", holds=())  # no action: no change
    assert dice_count(g, "attack", "A") == 4 and dice_count(g, "defense", "A") == _agility("1036")


def test_krayton_disables_a_shield_for_a_die_and_rerolls_its_blanks() -> None:
    g = attack(["blank"] * 5 + ["hit"] * 5 + BLANKS, a_hull="1023", seats=seats(a=[ActionChoice("ability:1023:0")]))
    shields = next(e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.ship == "A")
    assert shields.cause == "Krayton" and shields.disabled == 1
    assert dice_count(g, "attack") == 3 + 1 + 1 and resolved(g).hits == 5  # all 5 blanks rerolled as hits
    assert not used(attack(BLANKS, a_hull="1023"), "1023")


# --- the Activation Phase ------------------------------------------------------------------------------

def test_excelsior_scans_for_free_after_moving_with_no_enemy_at_range_1() -> None:
    g = attack(BLANKS, a_hull="1044", band=3)
    [use] = used(g, "1044")
    assert use.window == "after_move" and use.choice == "scan"
    mine = [e for e in g.events if getattr(e, "ship", None) == "A"
            and isinstance(e, ev.ShipMoved | ev.AbilityUsed | ev.ActionPerformed)]
    # moved, the card, its free scan (a scan token), then its own Perform Action step (it passes)
    assert [e.type for e in mine[:4]] == ["ship_moved", "ability_used", "action_performed", "action_performed"]
    assert [e.action for e in mine[2:4] if isinstance(e, ev.ActionPerformed)] == ["scan", "pass"]
    close = {"A": Pose(400, 350, 0), "J": Pose(400, 550, 180)}  # the enemy at Range 1 when it has moved
    g = one_attack([ship("A", 0, "1044"), ship("J", 1, ATTACK_SHIP)], BLANKS, players=seats(), poses=close)
    assert not used(g, "1044")


def _red_then_act(hull: str) -> Game:
    """A performs a red 3 left turn (an auxiliary power token), then wants Evasive Maneuvers."""
    players = [ScriptedPlayer(dials={"A": [("left-turn", 3)]}, actions={"A": [ActionChoice("evasive_maneuvers")]},
                              use_abilities=True), ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, hull), ship("J", 1, ATTACK_SHIP)], BLANKS, band=3, players=players,
                      holds=("A", "J"))


def test_enterprise_acts_under_auxiliary_power() -> None:
    g = _red_then_act("1009")
    assert g.state.ship("A").aux_power == 1 and used(g, "1009")[0].window == "aux_power"
    assert any(isinstance(e, ev.ActionPerformed) and e.action == "evasive_maneuvers" for e in g.events)
    g = _red_then_act("1010")  # a Federation Starship of the same class: no action under auxiliary power
    assert any(isinstance(e, ev.ActionSkipped) and e.ship == "A" for e in g.events)
    assert not any(isinstance(e, ev.ActionPerformed) and e.ship == "A" for e in g.events)


def test_enterprise_d_fires_in_any_direction_at_range_1_2_with_3_dice() -> None:
    behind = {"A": Pose(400, 600, 0), "J": Pose(400, 450, 0)}  # J behind A, both heading north
    g = one_attack([ship("A", 0, "1001"), ship("J", 1, ATTACK_SHIP)], BLANKS, players=seats(), poses=behind)
    declared = next(e for e in g.events if isinstance(e, ev.AttackDeclared))
    assert declared.weapon == "1001" and declared.arc == "360" and dice_count(g, "attack") == 3
    assert not any(isinstance(e, ev.WeaponDisabled) for e in g.events)  # no upgrade: not disabled
    far = {"A": Pose(400, 800, 0), "J": Pose(400, 450, 0)}  # Range 3 behind: no attack at all
    g = one_attack([ship("A", 0, "1001"), ship("J", 1, ATTACK_SHIP)], BLANKS, players=seats(), poses=far)
    assert not any(isinstance(e, ev.AttackDeclared) for e in g.events)


# --- the whole chain: record, re-play, notation --------------------------------------------------------

def test_the_skirmish_with_its_ship_abilities_replays_and_round_trips_the_notation(tmp_path: Path) -> None:
    out = tmp_path / "s.trek"
    result = play(load_scenario("skirmish"), 3, out)
    windows = {(e.card_name, e.window) for e in result.events if isinstance(e, ev.AbilityUsed)}
    assert ("U.S.S. Excelsior", "after_move") in windows and ("U.S.S. Defiant", "modify_attack") in windows
    text = replays_and_notation(out)
    assert "uses U.S.S. Excelsior free scan" in text
    round_trips(text, out)


def test_vo_evades_for_free_after_moving_and_then_attacks_no_one() -> None:
    take = [ScriptedPlayer(abilities={"1046": ["policy"]}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
    g = one_attack([ship("A", 0, "1046"), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2, players=take)
    # the policy keeps the attack it has in arc once it has moved: the card is offered and declined
    assert [o.card for o in take[0].offers] == ["1046"]
    assert not used(g, "1046") and any(isinstance(e, ev.AttackDeclared) and e.ship == "A" for e in g.events)
    evade = AbilityUse(choice="evasive_maneuvers", reason="scripted")
    took = [ScriptedPlayer(abilities={"1046": [evade]}), ScriptedPlayer()]
    g = one_attack([ship("A", 0, "1046"), ship("J", 1, ATTACK_SHIP)], BLANKS, band=3, players=took)
    [use] = used(g, "1046")
    assert use.window == "after_move" and use.marks == ("A",)
    assert any(isinstance(e, ev.ActionPerformed) and e.action == "evasive_maneuvers" for e in g.events)
    assert not any(isinstance(e, ev.AttackDeclared) and e.ship == "A" for e in g.events)


def test_ajrmr_rerolls_one_attack_die_per_damage_card() -> None:
    assert not used(attack(BLANKS, a_hull="1042"), "1042")  # no damage card: nothing to reroll
    # J (skill 9) fires first: its hit on A, shields down, is a damage card; then A attacks
    ships = [ship("A", 0, "1042", shields=0), ship("J", 1, ATTACK_SHIP, skill=9)]
    g = one_attack(ships, ["hit", *BLANKS], players=seats(), holds=())
    assert len(g.state.ship("A").damage) == 1
    [use] = used(g, "1042")
    assert len(use.dice) == 1 and use.window == "modify_attack"

"""The AI's use of cards in whole games (scripts/ai_card_uses.py counts them over many): a destroyed
ship's cards leave play with it, so the marks they placed this round end with it (rulebook
"Damage": "immediately remove the destroyed ship from the play area")."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, facing, one_attack, ship
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import actions
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.actions import ActionChoice, ActionOption
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import build_scenario
from engine.rulesets.attack_wing.state import GameState, ShipState

KLINGON = [{"ship": "1038", "upgrades": ["3012"], "captain": "2017"},
           {"ship": "1028", "upgrades": ["3043"], "captain": "2018"},
           {"ship": "1028", "upgrades": ["3045"], "captain": "2019"}]
FEDERATION = [{"ship": "1048", "upgrades": ["3018", "3069"], "captain": "2012"},
              {"ship": "1048", "upgrades": ["3020", "3027"], "captain": "2029"},
              {"ship": "1048", "upgrades": ["3021", "3089"], "captain": "2030"}]
SEED = 3  # Worf (3069) on B1 marks A3; B1 is destroyed (I Stab at Thee) before A3 fires


def test_a_destroyed_ships_marks_end_with_it() -> None:
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, (name, ships) in zip(duel["sides"], (("Klingon", KLINGON), ("Federation", FEDERATION)), strict=True):
        side["name"] = name
        side["fleet"] = {"name": name, "faction": name, "ships": ships}
    result = play(build_scenario(duel, source="test", base_dir=None), SEED)  # raised IllegalEvent before
    events = result.events
    gone = {e.ship: i for i, e in enumerate(events) if isinstance(e, ev.ShipDestroyed)}
    marked = [i for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.card == "3069" and e.marks]
    assert "B1" in gone and marked and marked[0] < gone["B1"]  # the situation: Worf's mark, then B1 destroyed
    assert not [e for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.ship in gone
                and i > gone[e.ship]]


# --- the AI's Perform Action step with the cards it never used (tests/test_abilities_ai.py's way) ---

FIFTH_WING = "1036"  # Jem'Hadar Attack Ship, attack 3: Action: +1 attack die attacking, -1 defense die this round


class Locked(ScriptedPlayer):
    """The AI's Perform Action step, its ship holding a target lock on J (from an earlier round)."""

    def __init__(self, lock: bool) -> None:
        super().__init__(use_abilities=True)
        self.lock = lock
        self.chosen: list[ActionChoice] = []

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        if self.lock:
            ship = replace(ship, target_lock="J")
            state = state.with_ship(ship)
            options = [*actions.action_options(state, ship, lambda s: ()), *action_options(state, ship)]
        self.chosen.append(AiPlayer().act(state, ship, options))
        return ActionChoice("pass")


def _fifth_wing(lock: bool, under_fire: bool) -> ActionChoice:
    poses = facing(2)
    poses["J"] = Pose(poses["J"].x, poses["J"].y, 180 if under_fire else 0)
    seat = Locked(lock)
    one_attack([ship("A", 0, FIFTH_WING), ship("J", 1, AKIRA)], ["blank"] * 40, players=[seat, ScriptedPlayer()],
               poses=poses, holds=())
    return seat.chosen[0]


def test_fifth_wing_patrol_ship_action_with_a_target_lock_and_no_fire() -> None:
    # with a lock its 3 dice reroll: a fourth die adds more (+0.73 expected damage against 2, exact
    # odds) than a battle stations token (+0.53); nothing fires at it, so its -1 defense die costs nothing
    done = _fifth_wing(lock=True, under_fire=False)
    assert done.action == f"ability:{FIFTH_WING}:0"
    assert done.reason.startswith("5th Wing Patrol Ship: +1 attack dice for 5th Wing Patrol Ship at")
    assert "exact odds" in done.reason


def test_fifth_wing_patrol_ship_action_not_used_without_a_lock_or_under_fire() -> None:
    assert _fifth_wing(lock=False, under_fire=False).action == "target_lock"  # the lock first
    assert _fifth_wing(lock=True, under_fire=True).action != f"ability:{FIFTH_WING}:0"  # -1 defense die at Range 2


JAROK, FORWARD_BANKS = "3121", "3034"  # his Action's cost discards a talent: All Forward Disruptor Banks


class Acting(ScriptedPlayer):
    """The AI's Perform Action step for A; the other ships pass."""

    def __init__(self) -> None:
        super().__init__(use_abilities=True)
        self.chosen: list[ActionChoice] = []

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        if ship.id != "A":
            return ActionChoice("pass")
        self.chosen.append(AiPlayer().act(state, ship, options))
        return self.chosen[-1]


def _jarok(a_hull: str, j: Pose, j_hull: str, k: Pose | None) -> ActionChoice:
    ships = [ship("A", 0, a_hull, JAROK, upgrades=[FORWARD_BANKS]), ship("J", 1, j_hull)]
    poses = {"A": Pose(400, 450, 0), "J": j}
    if k is not None:
        ships.append(ship("K", 1, ATTACK_SHIP))
        poses["K"] = k
    seat = Acting()
    one_attack(ships, ["blank"] * 60, players=[seat, ScriptedPlayer()], poses=poses, holds=())
    return seat.chosen[0]


def test_alidar_jarok_spares_his_ship_a_ship_behind_it_and_still_attacks_another() -> None:
    # J (Vor'cha, 5 dice) at Range 2 behind his ship fires at it; K is ahead, in his arc: "a ship at
    # Range 1-2 and his ship may not attack each other" costs him no attack
    done = _jarok(AKIRA, Pose(400, 300, 0), VORCHA, Pose(400, 700, 0))
    assert (done.action, done.target) == (f"ability:{JAROK}:0", "J")
    assert done.reason.startswith("Alidar Jarok: spares his ship 1.80 expected damage from")
    assert "his own attack going to another ship" in done.reason


def test_alidar_jarok_not_used_when_his_attack_at_it_is_worth_more() -> None:
    # his Vor'cha's 5 dice at the lone Attack Ship ahead are worth more than its 3 dice spared
    assert _jarok(VORCHA, Pose(400, 800, 180), ATTACK_SHIP, None).action != f"ability:{JAROK}:0"


TOMAN_TORAX, WORF = "3084", "3002"


class LastRounds(Acting):
    """The AI's Perform Action step for A, as if the game had ``limit`` rounds."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        return super().act(replace(state, round_limit=self.limit), ship, options)


def _toman_torax(limit: int) -> ActionChoice:
    # J (with Worf, a crew card the engine plays) beside A at Range 1 once A has moved: neither in the
    # other's arc
    ships = [ship("A", 0, ATTACK_SHIP, upgrades=[TOMAN_TORAX]), ship("J", 1, VORCHA, upgrades=[WORF])]
    seat = LastRounds(limit)
    one_attack(ships, ["blank"] * 40, players=[seat, ScriptedPlayer()],
               poses={"A": Pose(400, 450, 0), "J": Pose(480, 530, 0)}, holds=())
    return seat.chosen[0]


def test_toman_torax_boards_early_in_the_game() -> None:
    # Worf gone for the 3 rounds left (a token's worth each) is worth more than a lock for later
    done = _toman_torax(8)
    assert (done.action, done.target) == (f"ability:{TOMAN_TORAX}:0", "J")
    assert done.reason == "Toman'Torax: discard 1 upgrade(s) of Klingon Starship for the 3 round(s) left"


def test_toman_torax_kept_in_the_last_round() -> None:
    assert _toman_torax(1).action == "target_lock"  # one round of Worf is not worth the card


SULU, KYLE, JAROK_72016 = "2046", "3020", "alidar_jarok_cap_72016"


class EnemyLock(Acting):
    """The AI's Perform Action step for A, J holding a target lock on A (from an earlier round)."""

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        if ship.id != "A":
            return ActionChoice("pass")
        state = state.with_ship(replace(state.ship("J"), target_lock="A"))
        ship = state.ship("A")
        super().act(state, ship, [*actions.action_options(state, ship, lambda s: ()), *action_options(state, ship)])
        return ActionChoice("pass")  # the choice is recorded; the table itself has no lock


def _locked_on(captain: str, upgrades: list[str], a_heading: float, j_heading: float) -> ActionChoice:
    poses = facing(1)
    poses["A"] = Pose(poses["A"].x, poses["A"].y, a_heading)
    poses["J"] = Pose(poses["J"].x, poses["J"].y, j_heading)
    seat = EnemyLock()
    one_attack([ship("A", 0, AKIRA, captain, upgrades=upgrades), ship("J", 1, VORCHA)], ["blank"] * 40,
               players=[seat, ScriptedPlayer()], poses=poses, holds=())
    return seat.chosen[0]


def test_hikaru_sulu_breaks_a_lock_that_will_fire_at_his_ship() -> None:
    # the Vor'cha (5 dice) holds a lock on his Akira and faces it; his ship faces away (no target of
    # its own): the lock's rerolls are worth 1.15 expected damage at his ship (exact odds)
    done = _locked_on(SULU, [KYLE], 180, 180)
    assert (done.action, done.target) == (f"ability:{SULU}:0", "J")
    assert done.reason == "Hikaru Sulu: Klingon Starship loses its target lock (1.15 expected damage less at " \
        "U.S.S. Thunderchild, exact odds)"


def test_hikaru_sulu_keeps_his_crew_when_the_lock_cannot_fire_this_round() -> None:
    # the Vor'cha faces away: its lock gives it no attack at his ship this round, and his ship has
    # the Vor'cha in its arc (its own target lock is worth more)
    assert _locked_on(SULU, [KYLE], 0, 0).action == "target_lock"


def test_alidar_jarok_72016_takes_a_lock_worth_more_than_battle_stations() -> None:
    # both ships face each other at Range 1: the Vor'cha's lock is worth 1.48 expected damage at
    # his ship, more than his own battle stations token
    done = _locked_on(JAROK_72016, [], 0, 180)
    assert (done.action, done.target) == (f"ability:{JAROK_72016}:0", "J")
    assert done.reason.startswith("Alidar Jarok: Klingon Starship loses its target lock (1.48 expected damage")


def test_alidar_jarok_72016_not_used_on_a_lock_that_cannot_fire() -> None:
    assert _locked_on(JAROK_72016, [], 0, 0).action == "target_lock"  # its own lock on the Vor'cha


KLAG = "3009"  # Action: at an exposed ship (not cloaked, no active shield) at Range 1-2: discard a crew card;
# cost: discard Klag, disable every remaining active shield of his own ship


class Exposed(LastRounds):
    """A's Perform Action step in an 8-round game, J's shields down, A's shields as given."""

    def __init__(self, shields: int) -> None:
        super().__init__(8)
        self.shields = shields

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        if ship.id != "A":
            return ActionChoice("pass")
        state = state.with_ship(replace(state.ship("J"), shields=0)).with_ship(replace(ship, shields=self.shields))
        ship = state.ship("A")
        super().act(state, ship, [*actions.action_options(state, ship, lambda s: ()), *action_options(state, ship)])
        return ActionChoice("pass")  # the choice is recorded; the table itself has its shields up


def _klag(shields: int) -> ActionChoice:
    seat = Exposed(shields)
    one_attack([ship("A", 0, VORCHA, upgrades=[KLAG]), ship("J", 1, AKIRA, upgrades=[WORF])], ["blank"] * 40,
               players=[seat, ScriptedPlayer()], poses={"A": Pose(400, 450, 0), "J": Pose(480, 530, 0)}, holds=())
    return seat.chosen[0]


def test_klag_boards_an_exposed_ship_when_his_own_shields_are_gone() -> None:
    done = _klag(0)
    assert (done.action, done.target) == (f"ability:{KLAG}:0", "J")
    assert done.reason == "Klag: discard 1 upgrade(s) of U.S.S. Thunderchild for the 3 round(s) left"


def test_klag_kept_while_his_ship_would_drop_its_shields() -> None:
    assert _klag(3).action == "target_lock"  # 3 shields disabled cost more than Worf's 3 rounds


FEINT, KIRK, SCOUT = "3107", "2011", "1047"  # Feint: discard: a ship at Range 2-3 rolls 2 fewer defense dice
# against this ship's attacks this round; the Romulan Scout Vessel: agility 3, attack 1


def _feint(lock: bool) -> ActionChoice:
    poses = facing(2)
    seat = Locked(lock)
    one_attack([ship("A", 0, VORCHA, KIRK, upgrades=[FEINT]), ship("J", 1, SCOUT)], ["blank"] * 40,
               players=[seat, ScriptedPlayer()], poses=poses, holds=())
    return seat.chosen[0]


def test_feint_with_a_target_lock_held_on_a_ship_of_agility_3() -> None:
    # its value was computed but its words dropped (a rider on an enemy ship): it was never chosen
    done = _feint(lock=True)
    assert (done.action, done.target) == (f"ability:{FEINT}:0", "J")
    assert done.reason == "Feint: -2 defense dice for Romulan Starship against Klingon Starship: +0.74 expected " \
        "damage (exact odds)"


def test_feint_kept_while_a_target_lock_is_worth_more() -> None:
    assert _feint(lock=False).action == "target_lock"


GORKON = "2031"  # Action: disable Gorkon; his ship and every ship attacking it roll 2 fewer attack dice this round


def _gorkon(a_heading: float, band: int) -> ActionChoice:
    poses = facing(band)
    poses["A"] = Pose(poses["A"].x, poses["A"].y, a_heading)
    seat = Acting()
    one_attack([ship("A", 0, VORCHA, GORKON), ship("J", 1, AKIRA)], ["blank"] * 40,
               players=[seat, ScriptedPlayer()], poses=poses, holds=())
    return seat.chosen[0]


def test_gorkon_under_fire_with_nothing_to_shoot() -> None:
    # the Akira fires at his Vor'cha, which faces away: 2 fewer dice at it spare 0.82 expected damage
    # (exact odds), and his own 2 fewer cost nothing (the rider on ships attacking his was never valued)
    done = _gorkon(180, 1)
    assert done.action == f"ability:{GORKON}:0"
    assert done.reason == "Gorkon: -2 attack dice for the ships attacking Klingon Starship: 0.82 expected damage " \
        "spared (exact odds)"


def test_gorkon_kept_when_his_ship_has_a_target() -> None:
    assert _gorkon(0, 2).action == "target_lock"  # his own 2 dice fewer cost as much as they spare

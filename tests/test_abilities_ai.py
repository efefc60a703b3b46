"""The AI chooses an "Action:" card when it is worth more than the rulebook's actions, and says why
(abilities/advice.py): each card in a situation where its text helps, and one where a plain action
is better."""

from __future__ import annotations

from dataclasses import replace

from ability_helpers import AKIRA, VORCHA, facing, one_attack, ship
from aw_helpers import ScriptedPlayer

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import actions
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.actions import ActionChoice, ActionOption
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.state import GameState, ShipState

SULU, KARDEN, DREX, HARRY_KIM = "3029", "karden_71793", "3050", "harry_kim_71280"


class AiActions(ScriptedPlayer):
    """Scripted dials and attacks; the AI's Perform Action step."""

    def __init__(self, token: bool = False, shields: int | None = None) -> None:
        super().__init__(use_abilities=True)
        self.token, self.shields = token, shields
        self.chosen: list[ActionChoice] = []

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        if self.token:  # the AI sees a battle stations token beside the ship (as if from last round)
            ship = replace(ship, battle_stations=1)
        if self.shields is not None:  # shields destroyed in an earlier round
            ship = replace(ship, shields=self.shields)
        if self.token or self.shields is not None:
            state = state.with_ship(ship)
            options = [*actions.action_options(state, ship, lambda s: ()), *action_options(state, ship)]
        self.chosen.append(AiPlayer().act(state, ship, options))
        # the table itself has every shield up: the choice is recorded, the game passes
        return self.chosen[-1] if self.shields is None else ActionChoice("pass")


def _action(cards: list[str], under_fire: bool, token: bool = False) -> ev.ActionPerformed:
    """A's action: A (Vor'cha, Klingon) has the Akira J in its forward arc; J faces A (A is under
    fire) or faces away."""
    poses = facing(2)
    poses["J"] = Pose(poses["J"].x, poses["J"].y, 180 if under_fire else 0)
    g = one_attack([ship("A", 0, VORCHA, upgrades=cards), ship("J", 1, AKIRA)], ["blank"] * 40,
                   players=[AiActions(token), ScriptedPlayer()], poses=poses, holds=())
    return next(e for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A")


def test_sulu_action_under_fire() -> None:
    # Sulu: +2 agility this round (two more defense dice than Evasive Maneuvers' one)
    done = _action([SULU], under_fire=True)
    assert done.action == f"ability:{SULU}:0"
    assert done.reason.startswith("Hikaru Sulu: +2 defense dice")


def test_sulu_not_used_when_nothing_can_fire_at_the_ship() -> None:
    done = _action([SULU], under_fire=False)
    assert done.action == "target_lock" and done.target == "J"


def test_karden_action_with_a_target_and_no_fire() -> None:
    # Karden: +2 attack dice, 2 defense dice less; worth it when nothing can fire back
    done = _action([KARDEN], under_fire=False)
    assert done.action == f"ability:{KARDEN}:0"
    assert "+2 attack dice" in done.reason


def test_karden_not_used_under_fire() -> None:
    done = _action([KARDEN], under_fire=True)
    assert done.action == "target_lock"


def test_drex_action_with_a_target_in_arc() -> None:
    # Drex: battle stations results become hits (one a critical hit) without a token
    done = _action([DREX], under_fire=False)
    assert done.action == f"ability:{DREX}:0"
    assert "critical hit" in done.reason


def test_drex_not_used_with_a_battle_stations_token_already_beside_the_ship() -> None:
    # the token already turns every battle stations result into a hit: Drex would add one critical
    # hit only, less than a target lock's rerolls
    done = _action([DREX], under_fire=False, token=True)
    assert done.action == "target_lock"


def test_harry_kim_repairs_a_shield_when_there_is_nothing_to_shoot() -> None:
    # J beyond Range 3: no target lock, no battle stations worth taking; a shield is
    poses = {"A": Pose(100, 100, 180), "J": Pose(800, 800, 0)}
    seat = AiActions(shields=1)
    one_attack([ship("A", 0, VORCHA, upgrades=[HARRY_KIM]), ship("J", 1, AKIRA)], ["blank"] * 40,
               players=[seat, ScriptedPlayer()], poses=poses, holds=())
    [done] = seat.chosen
    assert done.action == f"ability:{HARRY_KIM}:0" and done.reason.startswith("Harry Kim: repair 1 shield")


def test_harry_kim_waits_while_a_target_lock_is_worth_more() -> None:
    poses = facing(2)
    poses["J"] = Pose(poses["J"].x, poses["J"].y, 0)
    seat = AiActions(shields=1)
    one_attack([ship("A", 0, VORCHA, upgrades=[HARRY_KIM]), ship("J", 1, AKIRA)], ["blank"] * 40,
               players=[seat, ScriptedPlayer()], poses=poses, holds=())
    assert [c.action for c in seat.chosen] == ["target_lock"]

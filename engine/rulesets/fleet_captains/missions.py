"""Completing missions (summary, "Note on Missions"): one mission at most per action, a new one
drawn at once. A ``test`` mission is completed by its system test (an action, cooperative when
several ships take it); the others by the action whose result meets them (docs/rulings.md)."""

from __future__ import annotations

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import INSTALLATION_RANK, MISSIONS
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.players import Act
from engine.rulesets.fleet_captains.rules import influence_spread
from engine.rulesets.fleet_captains.systems import system_test


def complete(game: Game, side: int, mission_id: str, ships: tuple[str, ...]) -> None:
    game.emit(fe.MissionCompleted(turn=game.turn, side=side, card=mission_id, ships=ships))
    game.draw_mission(side, "a mission completed: draw a new one")


def mission_test(game: Game, side: int, act: Act) -> None:
    mission = MISSIONS[act.target]
    assert mission.system is not None
    if system_test(game, side, act.ships, mission.system, mission.target, f"{mission.name} ({mission.id})"):
        complete(game, side, mission.id, act.ships)


def after_action(game: Game, side: int, act: Act, *, damage: int = 0, target: str = "", built: str = "") -> None:
    """The first face-up mission (in the order they lie) the action's result completes."""
    destroyed = bool(target) and game.state.ship(target).destroyed
    size = game.state.ship(target).card.size if target else 0
    for mission_id in game.state.side(side).missions:
        m = MISSIONS[mission_id]
        done = (m.goal == "destroy" and destroyed) \
            or (m.goal == "damage" and damage > 0 and size >= m.target) \
            or (m.goal == "build" and built and INSTALLATION_RANK[built] >= m.target) \
            or (m.goal == "influence" and act.kind == "influence" and influence_spread(game.state, side) >= m.target)
        if done:
            complete(game, side, mission_id, act.ships)
            return

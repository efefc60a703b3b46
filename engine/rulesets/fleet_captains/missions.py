"""Completing missions (summary, "Note on Missions"): one mission at most per action, a new one
drawn at once. A ``test`` mission is completed by its system test (an action, cooperative when
several ships take it); the others by the action whose result meets them (docs/rulings.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import CARGO, INSTALLATION_RANK, MISSIONS, SHIP_MISSIONS
from engine.rulesets.fleet_captains.players import Act
from engine.rulesets.fleet_captains.rules import influence_spread
from engine.rulesets.fleet_captains.systems import system_test

if TYPE_CHECKING:  # the table the turn is played on; the game plays the turn (``Game.play``)
    from engine.rulesets.fleet_captains.game import Game


def complete(game: Game, side: int, mission_id: str, ships: tuple[str, ...]) -> None:
    game.emit(fe.MissionCompleted(turn=game.turn, side=side, card=mission_id, ships=ships))
    game.draw_mission(side, "a mission completed: draw a new one")


def mission_test(game: Game, side: int, act: Act) -> None:
    """A face-up test mission's system test; a mission that delivers cargo spends one of its kind."""
    mission = MISSIONS[act.target]
    assert mission.system is not None
    if not system_test(game, side, act.ships, mission.system, mission.target, f"{mission.name} ({mission.id})"):
        return
    if mission.cargo is not None:
        ship, cargo = next((s, c) for s in act.ships for c in game.state.ship(s).cargo
                           if CARGO[c].kind == mission.cargo)
        game.emit(fe.CargoMoved(turn=game.turn, cargo=cargo, source=ship, dest="cargo_spent",
                                why=f"delivered for {mission.name}"))
    complete(game, side, mission.id, act.ships)


def ship_mission_test(game: Game, side: int, act: Act) -> None:
    """A step of a ship's own test mission: its system test here; the last step completes it."""
    ship = game.state.ship(act.ships[0])
    mission = SHIP_MISSIONS[act.target]
    assert mission.system is not None and ship.location is not None
    if system_test(game, side, act.ships, mission.system, mission.target, f"{mission.name} ({ship.id})"):
        ship_mission_step(game, side, ship.id, ship.location)


def ship_mission_step(game: Game, side: int, ship_id: str, loc: str) -> None:
    """A step of the ship's own mission made at ``loc``; the last one completes it."""
    ship = game.state.ship(ship_id)
    if ship.card.mission is None or ship.mission_done or loc in ship.progress:
        return
    game.emit(fe.MissionProgress(turn=game.turn, ship=ship_id, mission=ship.card.mission, location=loc))
    if len(game.state.ship(ship_id).progress) >= SHIP_MISSIONS[ship.card.mission].count:
        game.emit(fe.MissionCompleted(turn=game.turn, side=side, card=ship.card.mission, ships=(ship_id,)))


def after_action(game: Game, side: int, act: Act, *, damage: int = 0, target: str = "", built: str = "",
                 prisoner: bool = False) -> None:
    """The first face-up mission (in the order they lie) the action's result completes."""
    destroyed = bool(target) and game.state.ship(target).destroyed
    size = game.state.ship(target).card.size if target else 0
    for mission_id in game.state.side(side).missions:
        m = MISSIONS[mission_id]
        done = (m.goal == "destroy" and destroyed) \
            or (m.goal == "damage" and damage > 0 and size >= m.target) \
            or (m.goal == "build" and built and INSTALLATION_RANK[built] >= m.target) \
            or (m.goal == "influence" and act.kind == "influence" and influence_spread(game.state, side) >= m.target) \
            or (m.goal == "prisoner" and prisoner)
        if done:
            complete(game, side, mission_id, act.ships)
            return

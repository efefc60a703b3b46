"""Helpers for the Fleet Captains tests: a game set up by the rules, and events folded onto it."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.ai import FleetAi
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.reducer import apply
from engine.rulesets.fleet_captains.state import FcState, ShipState


def set_up(seed: int = 3) -> Game:
    """A standard game after setup (fleets, decks, missions, first player), before turn 1."""
    game = Game(seed, (FleetAi(), FleetAi()))
    game.setup()
    return game


def started(seed: int = 3) -> Game:
    """A game at the start of the first player's first turn."""
    game = set_up(seed)
    game.emit(fe.TurnStarted(turn=1, side=game.state.first))
    return game


def fold(state: FcState, event: fe.Event) -> FcState:
    """``event`` applied as the next one of ``state``."""
    return apply(state, event.model_copy(update={"seq": state.seq + 1}))


def place(game: Game, ship_id: str, loc: str, **changes: object) -> ShipState:
    """Put a ship somewhere (test arrangement only: the state is replaced, not played)."""
    ship = replace(game.state.ship(ship_id), location=loc, **changes)  # type: ignore[arg-type]
    game.state = game.state.with_ship(ship)
    return ship


def explore_all(game: Game) -> None:
    game.state = replace(game.state, locations=tuple(replace(p, explored=True) for p in game.state.locations))

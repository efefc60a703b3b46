"""Helpers for the Fleet Captains tests: a game set up by the rules, and events folded onto it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains import rng
from engine.rulesets.fleet_captains.ai import FleetAi
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.players import Offer
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


def dice(game: Game, *values: int) -> None:
    """Set the generator (data in the state) to a state whose next d6s are ``values``."""
    for start in range(200_000):
        state, rolls = start, []
        for _ in values:
            value, state = rng.d6(state)
            rolls.append(value)
        if tuple(rolls) == values:
            game.state = replace(game.state, rng=start)
            return
    raise AssertionError(f"no generator state rolls {values}")


DECLINE = ("no card", "no crew ability", "no attack", "stop here", "end the turn",
           "leave the other tokens where they are")


class Script:
    """A seat that picks by the offer's kind: the option of a label (a list: the next label each
    time), else it declines (no card, no attack, stop) or takes the first option. ``asked``: the
    offers it was asked, in order."""

    def __init__(self, **picks: Any) -> None:
        self.picks = picks
        self.asked: list[Offer] = []

    def choose(self, state: object, offer: Offer) -> tuple[int, str]:
        self.asked.append(offer)
        labels = [a.label for a in offer.options]
        want = self.picks.get(offer.kind)
        if isinstance(want, list):
            want = want.pop(0) if want else None
        if isinstance(want, str):
            return labels.index(want), "scripted"
        return next((labels.index(d) for d in DECLINE if d in labels), 0), "scripted"

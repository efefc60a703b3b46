"""Into the Unknown's rollouts: the game forked at the start of every round and after every order,
the AI in both seats from there.

The generator is the state's ``seed`` and ``drawn`` (dice and damage cards are drawn from them as
they come); the fork gives the state the rollout's seed, the counter where it was, so everything
drawn from there on is new. (The anomalies' numbers, shuffled face down at setup, stay as they are.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.analysis.rollout import Handover, Roller, Winner, checked, points_before, reached_fork
from engine.errors import TrekError
from engine.rulesets.into_the_unknown.game import ItuGame

_BEFORE = ("round_started", "order_given", "passed")


def points(events: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """(event, round) after the event before each round starts and each order (or pass), and after
    the last event."""
    return points_before(events, lambda e: e.get("type") in _BEFORE, "round")


def sides(header: Mapping[str, Any]) -> list[str]:
    named = header.get("sides")
    if not isinstance(named, list) or len(named) != 2 or not all(isinstance(s, str) for s in named):
        raise TrekError("the header does not name the game's two sides")
    return [str(s) for s in named]


class _Forked(ItuGame):
    def __init__(self, seed: int, players: Sequence[Any], rounds: int, at: int, rollout: int, check: Any) -> None:
        self.at, self.rollout_seed, self.check = at, rollout, check  # (set first: the game's start emits)
        super().__init__(seed, players, None, rounds)

    def emit(self, event: Any) -> None:
        super().emit(event)
        index = len(self.events) - 1
        if index <= self.at:
            self.check(index, self.events[-1])
        if index == self.at and not self.state.over:
            self.state = self.state.model_copy(update={"seed": self.rollout_seed})


def continuation(header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], at: int, seed: int) -> ItuGame:
    """One continuation of the game from the state after event ``at``, the AI in both seats and the
    generator the rollout's from there."""
    from engine.rulesets.into_the_unknown.ai import ItuAI
    from engine.rulesets.into_the_unknown.human import HumanSeat
    from engine.rulesets.into_the_unknown.play import DICE_KEY, RECORDING, seated_from_header
    from engine.seats.decision import Journal, NoOneThere
    from engine.seats.session import has_people, saved_answers

    plain = dict(header)
    if plain.get(DICE_KEY) == "table":
        raise TrekError("a game played with the table's dice cannot be rolled out: its rolls are not the seed's")
    seated_from_header(plain)  # the header's seed, rounds and seats checked as a resume checks them
    forked: list[_Forked] = []
    journal = Journal(saved_answers(plain) if has_people(plain) else [], at,
                      lambda: len(forked[0].events) if forked else 0)
    past = lambda: bool(forked) and len(forked[0].events) > at  # noqa: E731
    seats = [Handover(HumanSeat(i, journal, NoOneThere()) if kind == "human" else ItuAI(), ItuAI(), past)
             for i, kind in enumerate(plain["seats"])]
    game = _Forked(plain["seed"], seats, plain["rounds"], at, seed, checked(recorded, RECORDING.codec.encode_event))
    forked.append(game)
    game.play()
    reached_fork(len(game.events), at)
    return game


def rollout(header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], at: int, seed: int) -> Winner:
    state = continuation(header, recorded, at, seed).state
    return state.winner if state.over else None


ROLLER = Roller(points, rollout, sides)

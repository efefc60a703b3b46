"""Attack Wing's rollouts: the game forked after an event, the AI in both seats from there.

The analysis forks at the start of every round (after the event before ``round_started``) and
after every activation (before the next ``ship_activated``, and before the Combat Phase starts),
and after the last event, where every rollout gives the recorded result.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.analysis.explain import luck, why
from engine.analysis.rollout import Handover, Roller, Winner, checked, points_before, reached_fork
from engine.errors import TrekError
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.game import Game, GameSetup
from engine.rulesets.attack_wing.players import Player
from engine.rulesets.rng import Rng

# the events before which a point is taken: a round's start, an activation's start, the Combat Phase's
_BEFORE = ("round_started", "ship_activated")


def points(events: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """(event, round) of every point of a game: after the event before each round starts, each
    activation starts and the Combat Phase starts, and after the last event."""
    return points_before(events, lambda e: e.get("type") in _BEFORE
                         or (e.get("type") == "phase_started" and e.get("phase") == "combat"), "round")


def sides(header: Mapping[str, Any]) -> list[str]:
    fleets = header.get("fleets")
    if not isinstance(fleets, list) or len(fleets) != 2:
        raise TrekError("the header does not name the game's two fleets")
    return [str(f.get("name") or f"side {i}") if isinstance(f, dict) else f"side {i}" for i, f in enumerate(fleets)]


class _Forked(Game):
    """The game re-played to event ``at``, its generator (and the damage deck still to come) the
    rollout's own from there."""

    def __init__(self, setup: GameSetup, seed: int, seats: Sequence[Player], at: int, rollout: int,
                 check: Any) -> None:
        super().__init__(setup, seed, seats)
        self.at, self.rollout_seed, self.check, self.folded = at, rollout, check, 0

    def fold(self, event: Any) -> None:
        super().fold(event)
        if self.folded <= self.at:
            self.check(self.folded, event)
        if self.folded == self.at:
            deck, rng = shuffled(Rng(self.rollout_seed), self.state.deck)
            self.state = replace(self.state, deck=deck, rng=rng)
        self.folded += 1


def rollout(header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], at: int, seed: int) -> Winner:
    """The winner of one continuation (``continuation``; None: a draw)."""
    result = continuation(header, recorded, at, seed).state.result
    return None if result is None else result.winner


def continuation(header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], at: int, seed: int,
                 wrap: Callable[[Any, Player], Any] | None = None) -> Game:
    """One continuation of the game from the state after event ``at`` (``recorded``: the file's events
    up to it at least), the AI in both seats and the generator seeded with ``seed`` from there.
    ``wrap`` (seat, its AI) gives the seat that plays instead (a decision graded: one dial forced)."""
    from engine.rulesets.attack_wing.human import HumanSeat
    from engine.rulesets.attack_wing.people import DICE_KEY, seated_from_header
    from engine.rulesets.attack_wing.play import RECORDING, players_for, setup_from_scenario
    from engine.rulesets.attack_wing.scenario import build_scenario
    from engine.seats.decision import Journal, NoOneThere
    from engine.seats.session import has_people, saved_answers

    plain = dict(header)
    if plain.get(DICE_KEY) == "table":
        raise TrekError("a game played with the table's dice cannot be rolled out: its rolls are not the seed's")
    seated_from_header(plain)  # the header's seed, seats and round limit checked as a resume checks them
    scenario = build_scenario(plain.get("scenario"), source="the header's scenario", base_dir=None)
    setup = setup_from_scenario(scenario, plain["round_limit"])
    kinds = list(plain["players"])
    forked: list[_Forked] = []
    answers = saved_answers(plain) if has_people(plain) else []
    journal = Journal(answers, at, lambda: forked[0].folded if forked else 0)
    seats = players_for(kinds, scenario, plain["seed"], lambda side: HumanSeat(f"side {side}", journal, NoOneThere()))
    ais = players_for(["ai", "ai"], scenario, plain["seed"])
    handed: list[Any] = [Handover(s, a, lambda: forked[0].folded > at) for s, a in zip(seats, ais, strict=True)]
    if wrap is not None:
        handed = [wrap(h, a) for h, a in zip(handed, ais, strict=True)]
    game = _Forked(setup, plain["seed"], handed, at, seed, checked(recorded, RECORDING.codec.encode_event))
    forked.append(game)
    game.play()
    reached_fork(game.folded, at)
    return game


ROLLER = Roller(points, rollout, sides, why, luck)

"""A rollout: a recorded game forked at one of its events and played on by the AI in every seat.

The game is played again from its header (the seats as recorded, a person's saved answers given
back) up to the fork event, checked event for event against the file; from there the AI sits in
every seat and the random numbers come from the rollout's own seed (the generator is data in the
state, so the fork replaces it; Attack Wing's damage deck still to come is shuffled again with it).
So a rollout's continuation is a pure function of (file, fork event, rollout seed).

Each game that can be rolled out has one ``Roller``, looked up by its ruleset's name (``rollers``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import TrekError
from engine.rulesets.rng import splitmix64

_MASK63 = (1 << 63) - 1

# what a rollout ends with: the winning side's number, None for a draw
Winner = int | None


class NotThatGame(TrekError):
    """The re-play of the file's header does not give the file's events: the file is not that game."""


def rollout_seed(seed: int, event: int, index: int) -> int:
    """The seed of rollout ``index`` from the point after ``event`` of an analysis with ``seed``: each
    rollout's own, the same whoever plays it and in whatever order."""
    return splitmix64(splitmix64(seed) ^ splitmix64((event << 24) | index)) & _MASK63


Events = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class Roller:
    """How one game is rolled out: ``points`` the events after which the analysis forks (each with its
    round), ``rollout`` one continuation (header, the file's events up to the fork, the fork event, the
    rollout's seed) -> the winner, ``sides`` the names of the sides from the header; ``why`` the event
    between two points (header, events, after, up to) that explains a move and its words (None: the
    last event's type); ``luck`` each side's and ship's luck (None: the game reports none)."""

    points: Callable[[Events], list[tuple[int, int]]]
    rollout: Callable[[Mapping[str, Any], Events, int, int], Winner]
    sides: Callable[[Mapping[str, Any]], list[str]]
    why: Callable[[Mapping[str, Any], Events, int, int], tuple[int, str]] | None = None
    luck: Callable[[Mapping[str, Any], Events, Sequence[str]], dict[str, Any]] | None = None


class Handover:
    """A seat as recorded up to the fork, the AI's after it: each decision goes to the one in charge
    (``forked``: whether the game is past the fork)."""

    def __init__(self, recorded: Any, ai: Any, forked: Callable[[], bool]) -> None:
        self.recorded, self.ai, self.forked = recorded, ai, forked

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ai if self.forked() else self.recorded, name)


def points_before(events: Events, starts: Callable[[Mapping[str, Any]], bool], round_key: str
                  ) -> list[tuple[int, int]]:
    """(event, round) after the event before each event that ``starts`` a point, and after the last."""
    out = [(i - 1, int(events[i - 1].get(round_key) or 0)) for i in range(1, len(events)) if starts(events[i])]
    if events:
        last = (len(events) - 1, int(events[-1].get(round_key) or 0))
        if not out or out[-1] != last:
            out.append(last)
    return out


def reached_fork(played: int, at: int) -> None:
    """TrekError when a forked game of ``played`` events ended before the fork at event ``at``."""
    if played <= at:
        raise TrekError(f"the game ends after event {played - 1}, before the fork at event {at}")


def checked(recorded: Sequence[Mapping[str, Any]], encode: Callable[[Any], Any]) -> Callable[[int, Any], None]:
    """A check of each re-played event (its number, the event) against the file's, up to the fork."""

    def check(index: int, event: Any) -> None:
        if index < len(recorded) and encode(event) != recorded[index]:
            raise NotThatGame(f"event {index}: the re-play gives {getattr(event, 'type', 'an event')} here, but "
                              f"the file holds {recorded[index].get('type')!r}: the file is not that game")

    return check

"""The one play-and-record loop every ruleset uses: play a game, streaming its replay as it goes.

A ruleset's play function builds its game and hands it the ``sink`` this loop gives it; the
loop writes every event as the ruleset's codec encodes it, a keyframe of the state whenever the
writer wants one, and, when the game is over, the trailer with the ruleset's result. It changes
nothing of the process's (the cycle collector's thresholds are the program's to set: ``trek`` does).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from engine.replay.codec import ReplayCodec
from engine.rulesets.base import EVENT_SCHEMA_KEY, Recorded

S = TypeVar("S")
E = TypeVar("E")
G = TypeVar("G")

KEYFRAME_EVERY = 128  # a seek folds at most this many events (3 ms for Attack Wing); keyframes are a fifth of a file
Sink = Callable[[E, S], None]


def stamped(ruleset: Recorded[Any, Any], header: Mapping[str, Any]) -> dict[str, Any]:
    """A replay header that names the ruleset and the event schema its events are written in."""
    return {**header, "ruleset": ruleset.name, EVENT_SCHEMA_KEY: ruleset.event_schema}


def record_game(ruleset: Recorded[S, E], header: Mapping[str, Any], play: Callable[[Sink[E, S] | None], G],
                result: Callable[[G], dict[str, Any] | None], out: Path | None, *,
                keyframe_every: int = KEYFRAME_EVERY) -> G:
    """Run ``play(sink)`` and return what it returns. With ``out``, the replay streams there: the
    ``header`` (with the ruleset's name and event schema), every event the game passes to ``sink``,
    keyframes, and ``result(game)`` in the trailer (None: no result, e.g. a game stopped early). The
    file appears whole when the game is over (written aside and renamed); an error leaves nothing.
    Without ``out``, ``play`` gets no sink and nothing is written."""
    from engine.replay.writer import BLOCK_EVENTS, ReplayWriter

    if out is None:
        return play(None)
    full = stamped(ruleset, header)
    codec: ReplayCodec[S, E] = ruleset.codec
    with ReplayWriter(out, full, keyframe_every=keyframe_every, atomic=True) as writer:
        # The events wait here and are encoded in a run (up to a block's worth, or up to the event a
        # keyframe follows, whose state is the game's now): the writer gets the same calls in the same
        # order, so the same bytes, and its code runs warm in the processor's caches rather than once
        # between two AI decisions (about twice as fast). Events are immutable; the file is atomic,
        # seen only whole, so nothing waiting is missed by a reader.
        waiting: list[E] = []
        since_keyframe = 0  # events since the last keyframe, written or waiting

        def write_waiting() -> None:
            for event in waiting:
                writer.event(codec.encode_event(event))
            waiting.clear()

        def sink(event: E, state: S) -> None:
            nonlocal since_keyframe
            waiting.append(event)
            since_keyframe += 1
            if since_keyframe >= keyframe_every:
                write_waiting()
                if writer.wants_keyframe:
                    writer.keyframe(codec.encode_state(state))
                    since_keyframe = 0
            elif len(waiting) >= BLOCK_EVENTS:
                write_waiting()

        game = play(sink)
        write_waiting()
        writer.close(result(game))
    return game

"""record_game encodes the events in runs (up to a block, or up to a keyframe's event): the file must
be byte for byte what writing each event as it comes makes (the writer gets the same calls)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from engine.replay.writer import ReplayWriter
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.ruleset import RULESET
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.record import record_game, stamped


@pytest.mark.parametrize("keyframe_every", [1, 5, 64, 65, 128])
def test_a_recorded_game_is_the_bytes_of_its_events_written_one_by_one(tmp_path: Path, keyframe_every: int) -> None:
    events = play(load_scenario("skirmish"), 2).events
    header = {"engine_version": "test", "seed": 2}

    def replay(sink: Any) -> int:
        state = initial_state(2)
        for event in events:
            state = apply(state, event)
            sink(event, state)
        return len(events)

    record_game(RULESET, header, replay, lambda n: {"events": n}, tmp_path / "batched.trek",
                keyframe_every=keyframe_every)
    one_by_one = io.BytesIO()
    writer = ReplayWriter(one_by_one, stamped(RULESET, header), keyframe_every=keyframe_every)
    state = initial_state(2)
    for event in events:
        state = apply(state, event)
        writer.event(RULESET.codec.encode_event(event))
        if writer.wants_keyframe:
            writer.keyframe(RULESET.codec.encode_state(state))
    writer.close({"events": len(events)})
    assert (tmp_path / "batched.trek").read_bytes() == one_by_one.getvalue()


def test_a_game_that_fails_leaves_no_file(tmp_path: Path) -> None:
    events = play(load_scenario("skirmish"), 2).events

    def replay(sink: Any) -> None:
        state = initial_state(2)
        for event in events[:100]:
            state = apply(state, event)
            sink(event, state)
        raise RuntimeError("the game stops")

    with pytest.raises(RuntimeError):
        record_game(RULESET, {"seed": 2}, replay, lambda _: None, tmp_path / "failed.trek")
    assert list(tmp_path.iterdir()) == []

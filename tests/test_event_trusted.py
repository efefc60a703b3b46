"""Events the engine builds for its own players skip pydantic's validation; a file's never do.

``trusted`` must make exactly the event validation would (same values, same types, same fields
set), and everything read from a file (a replay's events, a re-play driven by its decisions) is
still validated: a forged event is refused.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine.replay import ReplayWriter, open_replay
from engine.rulesets import trusted as trusted_module
from engine.rulesets.alliance.play import play_mission
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.codec import AttackWingCodec
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.trusted import alike, trusted


@pytest.fixture
def checking() -> Iterator[None]:
    trusted_module.CHECK = True
    try:
        yield
    finally:
        trusted_module.CHECK = False


@pytest.mark.usefixtures("checking")
@pytest.mark.parametrize("seed", [0, 1])
def test_every_trusted_event_of_a_game_is_the_event_validation_makes(seed: int) -> None:
    # CHECK builds every event both ways and raises where they differ in any value or type
    assert len(play(load_scenario("skirmish"), seed).events) > 100
    assert len(play_mission("alliance-act1", 2, seed).events) > 100


def test_trusted_is_validation_for_the_engine_s_own_fields() -> None:
    fields = {"seq": 4, "round": 1, "phase": "planning", "ship": "P1", "kind": "straight", "speed": 2}
    fast, slow = trusted(ev.DialSet, dict(fields)), ev.DialSet(**fields)
    assert alike(fast, slow) and fast == slow and hash(fast) == hash(slow)
    assert fast.reason == "" and fast.draws == 0 and fast.model_fields_set == slow.model_fields_set
    assert ev.event_to_dict(fast) == ev.event_to_dict(slow)
    assert not alike(ev.DialSet(**{**fields, "speed": 2}), [2]) and not alike((1,), (1.0,))


def test_fields_it_cannot_vouch_for_go_through_validation() -> None:
    with pytest.raises(ValidationError):  # a name the event lacks
        trusted(ev.DialSet, {"seq": 1, "round": 1, "phase": "planning", "ship": "P1", "kind": "straight",
                             "speed": 2, "sneaky": 1})
    with pytest.raises(ValidationError):  # a required field missing
        trusted(ev.DialSet, {"seq": 1, "round": 1, "phase": "planning", "ship": "P1"})


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
    out = tmp_path_factory.mktemp("g") / "duel.trek"
    play(load_scenario("duel"), 3, out)  # trusted events, written to a file
    replay = open_replay(out)
    return replay.header, list(replay.events()), replay.result


def _forge(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    forged = copy.deepcopy(events)
    dial = next(e for e in forged if e["type"] == "dial_set")
    dial["reason"] = "x" * 600  # the schema bounds a reason at 500 characters
    return forged


def test_a_forged_event_read_from_a_file_is_refused(recorded: Any, tmp_path: Path) -> None:
    header, events, result = recorded
    codec = AttackWingCodec()
    good = tmp_path / "good.trek"
    bad = tmp_path / "bad.trek"
    for path, body in ((good, events), (bad, _forge(events))):
        with ReplayWriter(path, header, keyframe_every=10_000) as w:
            for e in body:
                w.event(e)
            w.close(result)
    assert len(list(open_replay(good).typed_events(codec))) == len(events)
    # one line naming the event and the field (not pydantic's whole report)
    with pytest.raises(ValueError, match=r"event \d+ does not fit ruleset .*: reason: String should have at most"):
        list(open_replay(bad).typed_events(codec))


def test_a_re_play_fed_from_a_file_validates_the_events_it_builds(recorded: Any) -> None:
    # the re-play takes the dial's reason from the file and builds the event from it: were that
    # event trusted, it would match the forged one and the game be called sound
    header, events, result = recorded
    assert replay_game(header, iter(events), result, True) == []
    problems = replay_game(header, iter(_forge(events)), result, True)
    assert problems and "refuse the recorded decision" in problems[0] and "for DialSet" in problems[0], problems

"""Every event is validated by its pydantic model: the ones the engine builds for its own players
(AI, random) as much as those read from a file (a replay's events, a re-play driven by its
decisions): a forged event is refused."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine.replay import ReplayWriter, open_replay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.codec import AttackWingCodec
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.play import play, players_for, setup_from_scenario
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario


def _game() -> Game:
    scenario = load_scenario("duel")
    return Game(setup_from_scenario(scenario), 3, players_for(("ai", "ai"), scenario, 3))


def test_an_event_the_engine_builds_is_validated() -> None:
    """The engine's own players (AI, random) get no short cut: an event the schema refuses is refused."""
    with pytest.raises(ValidationError, match="sneaky"):  # a name the event lacks
        _game().emit(ev.DialSet, ship="P1", kind="straight", speed=2, sneaky=1)
    with pytest.raises(ValidationError, match="speed"):  # a required field missing
        _game().emit(ev.DialSet, ship="P1", kind="straight")
    with pytest.raises(ValidationError, match="reason"):  # past the schema's bound
        _game().emit(ev.DialSet, ship="P1", kind="straight", speed=2, reason="x" * 600)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
    out = tmp_path_factory.mktemp("g") / "duel.trek"
    play(load_scenario("duel"), 3, out)
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
    # event not validated, it would match the forged one and the game be called sound
    header, events, result = recorded
    assert replay_game(header, iter(events), result, True) == []
    problems = replay_game(header, iter(_forge(events)), result, True)
    assert problems and "refuse the recorded decision" in problems[0] and "for DialSet" in problems[0], problems

"""Golden replay files of real games that every later version must open (issue 14, item 5).

tests/golden/duel-seed7.trek (a whole Attack Wing duel), alliance-act1-seed4.trek (three rounds
of the first Alliance mission, two player ships) and itu-perditions-gate-seed4.trek (a whole game
of Into the Unknown's learning mission, to Outpost Ambush) were written by the engine of the day; their
``.expected.json`` files record what folding them gave then: the number of events, the trailer's
result, and every ship's pose, shields, hull damage and fate at a few events.

These tests do not replay the games (a later engine may play them differently: that is what the
golden logs of tests/golden_games are for). They open the files, upgrade their events through
the ruleset's event-schema upgrades, fold them with today's reducer, and check the recorded facts.
When a ruleset changes an event, it raises its event schema and adds an upgrade; these files
must keep passing unchanged. Never regenerate them: add new ones (``python
tests/test_golden_replays.py NAME``) when a new kind of game deserves one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.replay import codec_for_header, open_replay
from engine.replay.validate import validate_replay
from engine.replay_timeline import load_timeline

GOLDEN = Path(__file__).parent / "golden"
FILES = ("duel-seed7.trek", "alliance-act1-seed4.trek",  # GAME-seedN.trek: `trek play GAME --seed N`
         "itu-perditions-gate-seed4.trek")


def board_of(state: Any) -> Any:
    """The Attack Wing state on the table (Alliance states carry it as ``aw``)."""
    return getattr(state, "aw", state)


def ships(state: Any) -> dict[str, list[Any]]:
    """Each ship's pose (to the micrometre), shields, hull damage, destroyed flag; an Into the Unknown
    ship's pose, hull dial position, crew dial, reserve dial, destroyed flag."""
    board = board_of(state)
    if board.ships and not hasattr(board.ships[0], "shields"):  # Into the Unknown: dials, no shield tokens
        return {s.id: [round(s.pose.x, 3), round(s.pose.y, 3), round(s.pose.heading, 3), s.hull, s.crew, s.reserve,
                       s.destroyed] for s in board.ships}
    return {s.id: [round(s.pose.x, 3), round(s.pose.y, 3), round(s.pose.heading, 3), s.shields, s.hull_damage,
                   s.destroyed] for s in board.ships}


def checkpoints(events: int) -> list[int]:
    return sorted({-1, events // 3, events // 2, events - 1})


def facts(path: Path) -> dict[str, Any]:
    """What folding the file gives: the facts its .expected.json records."""
    replay = open_replay(path)
    codec = codec_for_header(replay.header)
    return {"ruleset": replay.ruleset, "events": replay.event_count, "result": replay.result,
            "ships": {str(n): ships(replay.state_at(n, codec)) for n in checkpoints(replay.event_count)}}


@pytest.mark.parametrize("name", FILES)
def test_a_golden_replay_folds_to_what_it_did_when_written(name: str) -> None:
    expected = json.loads((GOLDEN / name).with_suffix(".expected.json").read_text(encoding="utf-8"))
    assert facts(GOLDEN / name) == expected


@pytest.mark.parametrize("name", FILES)
def test_a_golden_replay_is_sound_and_opens_in_the_studio(name: str) -> None:
    report = validate_replay(GOLDEN / name)
    assert report.sound and report.rules_checked, report.problems
    timeline = load_timeline(GOLDEN / name).timeline
    expected = json.loads((GOLDEN / name).with_suffix(".expected.json").read_text(encoding="utf-8"))
    assert len(timeline) == expected["events"]
    assert ships(timeline.ruleset_final) == expected["ships"][str(expected["events"] - 1)]
    assert timeline.moment(timeline.duration).index == expected["events"] - 1


def write(name: str) -> None:
    """Write tests/golden/NAME.trek and its .expected.json (only for a new golden file)."""
    from trek.main import main

    path = GOLDEN / name
    if path.exists():
        raise SystemExit(f"{path} exists: golden files are never regenerated")
    game, _, seed = path.stem.rpartition("-seed")
    extra = ["--players", "2", "--rounds", "3"] if game.startswith("alliance") else []
    if main(["play", game, "--seed", seed, "-o", str(path), *extra]) != 0:
        raise SystemExit(f"could not play {game}")
    path.with_suffix(".expected.json").write_text(json.dumps(facts(path), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        write(arg)


def test_the_alliance_golden_game_gives_the_known_event_sequence() -> None:
    """Like the Attack Wing golden logs: the same mission, player ships and seed give these events,
    event for event (regenerate with tests/golden_games/make.py only after a deliberate rules change)."""
    from engine.rulesets.alliance.events import event_to_dict
    from engine.rulesets.alliance.play import play_mission

    expected = (Path(__file__).parent / "golden_games" / "alliance-act1-p2-seed4.jsonl").read_text().splitlines()
    got = [json.dumps(event_to_dict(e), sort_keys=True) for e in play_mission("alliance-act1", 2, 4).events]
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert a == b, f"event {i} differs from the golden log"

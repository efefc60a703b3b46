"""What a `trek batch play` worker is handed and hands back, without Ray (``engine.batch.games``).

A scenario file travels with the job as the game's self-contained document (its fleets inlined),
so a worker on another machine, without the file or the fleet files it names, plays the very game
`trek play FILE` plays: the same replay bytes.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.batch.games import BatchError, job_for, play_game
from trek.main import main

REPLAYS = Path(__file__).resolve().parent.parent / "replays"


def _scenario_with_fleet_files(folder: Path) -> Path:
    """The skirmish as a user's file: its fleets in files beside it, named by relative paths."""
    (folder / "fleets").mkdir(parents=True)
    for name in ("federation.json", "dominion.json"):
        shutil.copy(REPLAYS / "fleets" / name, folder / "fleets" / name)
    path = folder / "my-table.json"
    shutil.copy(REPLAYS / "skirmish.json", path)
    assert json.loads(path.read_text())["sides"][0]["fleet"] == "fleets/federation.json"
    return path


def test_a_scenario_file_travels_with_the_job(tmp_path: Path) -> None:
    path = _scenario_with_fleet_files(tmp_path / "mine")
    assert main(["play", str(path), "--seed", "5", "--rounds", "2", "-o", str(tmp_path / "local.trek")]) == 0
    job = job_for(str(path), rounds=2)
    assert job.name == "my-table.json" and job.document is not None
    assert str(tmp_path) not in job.document  # no path of this machine: the fleets are inlined
    shutil.rmtree(tmp_path / "mine")  # a worker elsewhere has neither the scenario nor its fleets
    output = play_game(job, 5)
    assert output.error is None and output.row is not None
    assert output.replay == (tmp_path / "local.trek").read_bytes()
    assert output.row["scenario"] == json.loads((REPLAYS / "skirmish.json").read_text())["name"]


def test_a_scenario_file_is_checked_before_any_game(tmp_path: Path) -> None:
    path = _scenario_with_fleet_files(tmp_path)
    (tmp_path / "fleets" / "dominion.json").unlink()
    with pytest.raises(BatchError, match=r"sides\[1\]\.fleet"):
        job_for(str(path))
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "bad"}')
    with pytest.raises(BatchError, match=r"bad\.json"):
        job_for(str(bad))


@pytest.mark.parametrize(("scenario", "players", "seeds"), [
    ("skirmish", ("ai", "ai"), range(0, 12)), ("duel", ("ai", "ai"), range(0, 6)),
    ("skirmish", ("random", "ai"), range(0, 6)),
])
def test_where_ships_left_play_read_from_the_events_is_what_the_view_says(
        scenario: str, players: tuple[str, str], seeds: range, tmp_path: Path) -> None:
    """Attack Wing's ``Ruleset.losses`` (one pass of the reducer) against the generic reading
    through a Timeline's moments: the same rows, field for field."""
    from engine.batch.games import losses
    from engine.replay.reader import open_replay
    from engine.replay_timeline import timeline_for
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario
    from engine.rulesets.registry import ruleset_for

    ruleset = ruleset_for("attack_wing")
    assert ruleset.losses is not None
    loaded = load_scenario(scenario)
    statuses = set()
    for seed in seeds:
        play(loaded, seed, tmp_path / f"{seed}.trek", players=players)
        replay = open_replay(tmp_path / f"{seed}.trek")
        codec = ruleset.reading(replay.header)
        events = list(replay.typed_events(codec))
        viewed = losses(timeline_for(replay.header, events, ruleset, codec))
        assert ruleset.losses(replay.header, events) == viewed, seed
        statuses |= {ship["status"] for ship in viewed}
    assert statuses >= ({"fled"} if "random" in players else {"destroyed"})  # the games do lose ships

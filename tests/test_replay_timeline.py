"""Opening replay files as Timelines: whole, cut off, and forged."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay import open_replay
from engine.replay.errors import ReplayError
from engine.replay_timeline import load_timeline
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("r") / "duel.trek"
    play(load_scenario("duel"), 4, path)
    return path


def test_a_whole_replay_opens_with_its_table(replay_file: Path) -> None:
    loaded = load_timeline(replay_file)
    assert loaded.title == "duel" and not loaded.replay.truncated
    assert loaded.timeline.final.result is not None
    assert loaded.timeline.table.area == pytest.approx((914.4, 914.4))


def test_a_cut_replay_opens_up_to_its_last_whole_record(replay_file: Path, tmp_path: Path) -> None:
    data = replay_file.read_bytes()
    cut = tmp_path / "cut.trek"
    cut.write_bytes(data[: open_replay(replay_file).data_end - 10])  # inside the last block of events
    loaded = load_timeline(cut)
    assert loaded.replay.truncated
    assert 0 < len(loaded.timeline) < load_timeline(replay_file).timeline.final.seq + 1


def test_garbage_is_a_clear_replay_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trek"
    bad.write_bytes(b"\x93\x01\x02\x03 not a replay")
    with pytest.raises(ReplayError):
        load_timeline(bad)

"""The viewer's playback controller (pure): clock, play/pause, speed steps, stepping and seeking."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.timeline import Timeline
from studio.playback import SPEEDS, Playback, snap_speed


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    path = tmp_path_factory.mktemp("pb") / "duel.trek"
    play(load_scenario("duel"), 5, path)
    return load_timeline(path)


@pytest.fixture()
def timeline(loaded: LoadedReplay) -> Timeline:
    return loaded.timeline


def test_starts_paused_at_zero_and_plays_at_its_speed(timeline: Timeline) -> None:
    pb = Playback(timeline)
    assert pb.time == 0.0 and not pb.playing and pb.speed == 1.0
    assert pb.advance(0.5) == 0.0  # paused: the clock stands still
    pb.play()
    assert pb.advance(0.5) == pytest.approx(0.5)
    pb.set_speed(4)
    assert pb.advance(0.25) == pytest.approx(1.5)
    assert pb.advance(-1.0) == pytest.approx(1.5)  # time never runs backwards by itself
    assert not pb.toggle() and pb.advance(1.0) == pytest.approx(1.5)


def test_play_stops_at_the_end_and_play_again_restarts(timeline: Timeline) -> None:
    pb = Playback(timeline, playing=True, speed=8)
    t = pb.advance(timeline.duration)  # far past the end
    assert t == timeline.duration and pb.at_end and not pb.playing
    assert pb.index == len(timeline) - 1
    pb.play()
    assert pb.playing and pb.time == 0.0


def test_speed_steps_from_a_quarter_to_eight(timeline: Timeline) -> None:
    pb = Playback(timeline)
    assert SPEEDS == (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
    seen = [pb.speed]
    for _ in range(8):
        seen.append(pb.faster())
    assert seen[:6] == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    down = [pb.slower() for _ in range(8)]
    assert down[:6] == [4.0, 2.0, 1.0, 0.5, 0.25, 0.25] and pb.speed == 0.25
    assert snap_speed(3.1) == 4.0 and snap_speed(100) == 8.0 and snap_speed(0) == 0.25
    assert snap_speed(float("nan")) == 0.25 and snap_speed(0.3) == 0.25


def test_stepping_by_event_visits_every_event_with_time(timeline: Timeline) -> None:
    pb = Playback(timeline, playing=True)
    seen = [pb.index]
    while not pb.at_end:
        pb.step(1)
        assert not pb.playing  # a step pauses
        seen.append(pb.index)
    starts = {timeline.index_at(timeline.start_of(i)) for i in range(len(timeline))}
    assert set(seen[:-1]) == starts  # every event that lasts is a stop; zero-length ones are passed
    assert seen == sorted(seen)
    back, times = [pb.index], [pb.time]
    while pb.time > 0:  # backwards too, past zero-length events, never standing still
        pb.step(-1)
        back.append(pb.index)
        times.append(pb.time)
        assert times[-1] < times[-2]
    assert back[::-1] == seen[:-1] or back[::-1] == seen


def test_step_back_from_inside_an_event_goes_to_its_start(timeline: Timeline) -> None:
    pb = Playback(timeline)
    i = next(i for i, e in enumerate(timeline.events) if e.type == "ship_moved")
    pb.seek(timeline.start_of(i) + 0.5)
    assert pb.index == i
    assert pb.step(-1) == timeline.start_of(i)
    assert pb.step(-1) < timeline.start_of(i)


def test_stepping_by_phase_and_round_lands_on_their_starts(timeline: Timeline) -> None:
    pb = Playback(timeline)
    rounds = [timeline.start_of(i) for i, e in enumerate(timeline.events) if e.type == "round_started"]
    phases = [timeline.start_of(i) for i, e in enumerate(timeline.events) if e.type == "phase_started"]
    got = []
    while not pb.at_end:
        got.append(pb.step(1, "round"))
    assert got[:-1] == rounds and got[-1] == timeline.duration
    pb.home()
    got = []
    while not pb.at_end:
        got.append(pb.step(1, "phase"))
    assert got[:-1] == phases
    pb.seek(phases[5] + 0.01)
    assert pb.step(-1, "phase") == phases[5]
    assert pb.step(-1, "phase") == phases[4]
    pb.seek(rounds[2] + 0.01)
    assert pb.step(-1, "round") == rounds[2] and pb.step(-1, "round") == rounds[1]
    with pytest.raises(ValueError, match="unknown step unit"):
        pb.step(1, "turn")  # type: ignore[arg-type]


def test_seeking_is_clamped_and_keeps_playing(timeline: Timeline) -> None:
    pb = Playback(timeline, playing=True)
    assert pb.seek(-5) == 0.0 and pb.seek(1e9) == timeline.duration
    assert pb.seek(float("nan")) == 0.0
    assert pb.seek_fraction(0.5) == pytest.approx(timeline.duration / 2) and pb.playing
    assert pb.fraction == pytest.approx(0.5)
    assert pb.seek_fraction(7) == timeline.duration and pb.seek_fraction(-1) == 0.0
    assert pb.seek_event(10) == timeline.start_of(10)
    assert pb.seek_event(10**6) == timeline.start_of(len(timeline) - 1)
    assert pb.seek_event(-1) == 0.0
    assert pb.end() == timeline.duration and not pb.playing
    assert pb.home() == 0.0


def test_jumping_to_the_last_event_costs_one_lookup(timeline: Timeline) -> None:
    calls: list[float] = []

    class Counting:
        duration = timeline.duration

        def __len__(self) -> int:
            return len(timeline)

        def start_of(self, index: int) -> float:
            calls.append(index)
            return timeline.start_of(index)

        def index_at(self, time: float) -> int:
            return timeline.index_at(time)

        def step(self, time: float, direction: int, kinds: tuple[str, ...] = ()) -> float:
            return timeline.step(time, direction, kinds)

    pb = Playback(Counting())
    pb.seek_event(len(timeline) - 1)
    assert len(calls) == 1


def test_an_empty_timeline_never_plays() -> None:
    class Empty:
        duration = 0.0

        def __len__(self) -> int:
            return 0

        def start_of(self, index: int) -> float:
            return 0.0

        def index_at(self, time: float) -> int:
            return -1

        def step(self, time: float, direction: int, kinds: tuple[str, ...] = ()) -> float:
            return 0.0

    pb = Playback(Empty())
    pb.play()
    assert not pb.playing and pb.fraction == 0.0 and pb.index == -1
    assert pb.seek_event(3) == 0.0 and pb.step(1) == 0.0


def test_a_replay_with_no_events_steps_nowhere(timeline: Timeline) -> None:
    pb = Playback(Timeline(timeline.ruleset, [], timeline.ruleset_initial, timeline.table))
    for unit in ("event", "phase", "round"):
        assert pb.step(1, unit) == 0.0 and pb.step(-1, unit) == 0.0  # type: ignore[arg-type]
    assert pb.end() == 0.0 and pb.seek_fraction(0.5) == 0.0


def test_file_fixture_is_a_real_game(loaded: LoadedReplay) -> None:
    assert isinstance(loaded.path, Path) and len(loaded.timeline) > 50

"""The cycle collector's thresholds are the program's to set: the engine's functions leave them as
they found them (a library must not change its caller's process), and the `trek` command line
raises the young generation's for the command it runs (a game makes hundreds of thousands of
short-lived objects and hardly a cycle), putting them back afterwards, also after an error."""

from __future__ import annotations

import argparse
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.ruleset import RULESET as ATTACK_WING
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.record import record_game
from trek import main as cli


@pytest.fixture
def defaults() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's own, whatever the session set
    try:
        yield gc.get_threshold()
    finally:
        gc.set_threshold(*before)


def test_playing_and_recording_a_game_leaves_the_thresholds(defaults: tuple[int, int, int], tmp_path: Path) -> None:
    seen: list[tuple[int, int, int]] = []
    record_game(ATTACK_WING, {}, lambda sink: seen.append(gc.get_threshold()), lambda game: None, None)
    assert seen == [defaults]
    play(load_scenario("duel"), 2, tmp_path / "duel.trek", rounds=1)
    assert gc.get_threshold() == defaults


def test_trek_runs_its_command_with_fewer_young_collections(defaults: tuple[int, int, int],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []

    def run(args: argparse.Namespace) -> int:
        seen.append(gc.get_threshold())
        return 0

    monkeypatch.setattr(cli, "_run", run)
    assert cli.main(["replay", "info", "missing.trek"]) == 0  # (not run: ``run`` stands in for it)
    assert seen == [(cli.GAME_GC_THRESHOLD, *defaults[1:])]
    assert gc.get_threshold() == defaults


def test_the_thresholds_come_back_after_a_command_that_fails(defaults: tuple[int, int, int]) -> None:
    with pytest.raises(RuntimeError), cli.fewer_collections():
        assert gc.get_threshold()[0] == cli.GAME_GC_THRESHOLD
        raise RuntimeError("a command that fails")
    assert gc.get_threshold() == defaults


class _FakeRay:
    """Stands in for ray: records what ``ray.init`` is given."""

    def __init__(self) -> None:
        self.inits: list[dict[str, object]] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, **options: object) -> None:
        self.inits.append(options)

    def shutdown(self) -> None:
        pass


def test_trek_batch_play_s_own_ray_workers_collect_as_trek_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command hands its setting to the workers of the local Ray it starts (Ray runs the hook in
    each worker process); a cluster's workers are left as the cluster runs them."""
    from engine.batch import runner

    fake = _FakeRay()
    monkeypatch.setattr(runner, "_ray", lambda: fake)
    with runner.connected(2, None, cli.collect_less_often):
        pass
    with runner.connected(2, "ray://cluster:10001", cli.collect_less_often):
        pass
    with runner.connected(2, None):
        pass
    hooks = [options.get("runtime_env") for options in fake.inits]
    assert hooks == [{"worker_process_setup_hook": cli.collect_less_often}, None, None]


def test_collect_less_often_raises_the_young_threshold_only(defaults: tuple[int, int, int]) -> None:
    cli.collect_less_often()
    assert gc.get_threshold() == (cli.GAME_GC_THRESHOLD, *defaults[1:])

"""Shared fixtures. Panda3D allows one ShowBase per process: the studio's offscreen ShowBase is
opened once for the whole test session (lazily, so tests that never render never pay for it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="session")
def showbase() -> Any:
    """The process's offscreen ShowBase (p3headlessgl, or p3tinydisplay where GL fails)."""
    from studio.offscreen import offscreen_showbase

    return offscreen_showbase()


@pytest.fixture(scope="session")
def renderer(showbase: Any) -> Any:
    """The shared offscreen studio renderer (``studio.snapshot.shared_renderer``)."""
    from studio.snapshot import shared_renderer

    return shared_renderer()


@pytest.fixture(scope="session")
def local_ray() -> Any:
    """One local Ray for the whole test session (its start-up costs seconds): two processors, no
    dashboard, a small object store, workers' logs kept off the terminal. `trek batch` reuses it
    and leaves it running."""
    ray = pytest.importorskip("ray")
    import logging

    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR,
             object_store_memory=128 * 1024 * 1024)  # replays of a few games: not the default 30% of memory
    yield ray
    ray.shutdown()


@pytest.fixture(scope="session")
def skirmish3_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled skirmish played with seed 3: its replay file (read it, never change it)."""
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("skirmish3") / "skirmish-3.trek"
    play(load_scenario("skirmish"), 3, path)
    return path


@pytest.fixture(scope="session")
def skirmish3(skirmish3_file: Path) -> Any:
    """The bundled skirmish played with seed 3, loaded (``LoadedReplay``); its file is ``.path``."""
    from engine.replay_timeline import load_timeline

    return load_timeline(skirmish3_file)


@pytest.fixture(scope="session")
def skirmish3_r3(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Its first three rounds only (``trek play --rounds 3``), loaded: the viewer's tests."""
    from engine.replay_timeline import load_timeline
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("skirmish3-r3") / "skirmish.trek"
    play(load_scenario("skirmish"), 3, path, rounds=3)
    return load_timeline(path)


@pytest.fixture(scope="module")
def surface(showbase: Any) -> Any:
    """An offscreen 640x360 window surface for a module's viewer (closed after the module)."""
    from studio.surface import OffscreenSurface

    surf = OffscreenSurface(showbase, (640, 360))
    yield surf
    surf.close()

"""The wheel plays (issue 29, item 1): built from this checkout and installed into a fresh
virtualenv outside it, as a Ray worker on a cluster installs it, the light install plays,
validates and batches every bundled game, and adding the studio extra renders.

Slow (a wheel build, two installs, a local Ray): about two minutes on a 2-core machine; the
installs take the versions of requirements.lock, from pip's cache after `make test`'s own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from engine.rulesets.registry import names, ruleset_for

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"


def bundled_games() -> list[str]:
    found: list[str] = []
    for name in names():
        maker = ruleset_for(name).maker
        if maker is not None:
            found.extend(maker.bundled())
    return sorted(found)


def run(argv: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    # no PYTHONPATH and a folder outside the checkout: only what the wheel installed can be found
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


# what the build must not see or leave behind in the checkout (setuptools writes build/ beside the sources)
LEFT_OUT = shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache",
                                  ".hypothesis", ".lock-tools", "out")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    source = out / "source"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)  # a copy: the build writes nothing into the checkout
    done = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(source)], out)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (built,) = out.glob("trek_replay_studio-*.whl")
    return built


def test_the_wheel_plays_validates_and_batches_every_bundled_game_and_renders_with_the_studio(
        wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python, trek = str(env_dir / "bin" / "python"), str(env_dir / "bin" / "trek")
    work = tmp_path / "work"
    work.mkdir()
    done = run([python, "-m", "pip", "install", "--quiet", "-c", str(LOCK), f"{wheel}[batch]"], work)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    where = run([python, "-c", "import engine, trek_replays; print(engine.__file__, trek_replays.__file__)"], work)
    assert str(ROOT) not in where.stdout and str(env_dir) in where.stdout, where.stdout + where.stderr

    games = bundled_games()
    assert {"skirmish", "duel", "alliance-act1", "itu-perditions-gate", "fc-standard"} <= set(games)
    for game in games:
        replay = work / f"{game}.trek"
        played = run([trek, "play", game, "--seed", "3", "-o", str(replay)], work)
        assert played.returncode == 0, (game, played.stderr[-2000:])
        checked = run([trek, "replay", "validate", str(replay)], work)
        assert checked.returncode == 0 and "sound" in checked.stdout, (game, checked.stdout, checked.stderr)

    for game in ("skirmish", "alliance-act1"):
        batch = work / f"batch-{game}"
        played = run([trek, "batch", "play", game, "--seeds", "1..2", "--workers", "1", "-o", str(batch)], work)
        assert played.returncode == 0, (game, played.stderr[-3000:])
        stats = run([trek, "batch", "stats", str(batch), "--json"], work)
        assert stats.returncode == 0, (game, stats.stderr[-2000:])
        assert json.loads(stats.stdout)["games"] == 2, stats.stdout[-2000:]

    shot = work / "skirmish.png"
    missing = run([trek, "screenshot", str(work / "skirmish.trek"), "--at", "40", "-o", str(shot)], work)
    assert missing.returncode == 2 and "the 3D studio is not installed" in missing.stderr, missing.stderr
    done = run([python, "-m", "pip", "install", "--quiet", "-c", str(LOCK), f"{wheel}[studio]"], work)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    drawn = run([trek, "screenshot", str(work / "skirmish.trek"), "--at", "40", "-o", str(shot), "--size", "480x270"],
                work)
    assert drawn.returncode == 0, drawn.stderr[-2000:]
    from studio.snapshot import load_png

    pixels = load_png(shot)
    assert pixels.shape[:2] == (270, 480)
    assert len({tuple(p) for p in pixels.reshape(-1, pixels.shape[-1])[::97]}) > 20  # a scene, not a blank frame

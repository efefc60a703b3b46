"""`trek` starts at once: a command imports its own module and what it needs, never every game
(issue 29, item 2); the layers hold: nothing in engine/ imports the command line or the studio."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from trek.commands import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("attack_wing", "alliance", "into_the_unknown", "fleet_captains")
HEAVY = ("numpy", "shapely", "panda3d", "av", "ray", "pyarrow", "matplotlib")

# runs one command in a fresh interpreter and prints the modules it had loaded when it ended
PROBE = """
import contextlib, io, json, sys
from trek.main import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=True)
    found: list[str] = json.loads(done.stdout.splitlines()[-1])
    return set(found)


def games_in(modules: set[str]) -> set[str]:
    return {g for g in GAMES for m in modules if m.startswith(f"engine.rulesets.{g}")}


def heavy_in(modules: set[str]) -> set[str]:
    return {m for m in modules if m.partition(".")[0] in HEAVY}


def test_trek_help_lists_every_command_and_loads_no_game_and_no_command() -> None:
    done = subprocess.run([sys.executable, "-m", "trek", "--help"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60, check=True)
    for name, command in COMMANDS.items():
        assert name in done.stdout and command.summary.split()[0] in done.stdout, name
    loaded = modules_after("--help")
    assert not games_in(loaded) and not heavy_in(loaded), (games_in(loaded), heavy_in(loaded))
    assert {m for m in loaded if m.startswith("trek.")} == {"trek.main", "trek.commands"}


def test_a_command_imports_its_own_module_only() -> None:
    loaded = modules_after("maneuver", "--kind", "straight", "--speed", "2")
    commands = {m for m in loaded if m.startswith("trek.")} - {"trek.main", "trek.commands", "trek.output",
                                                              "trek.options", "trek.attack_wing"}
    assert commands == {"trek.attack_wing.geometry_cmds"}
    assert games_in(loaded) == {"attack_wing"}  # the maneuver's geometry is Attack Wing's


def test_the_catalog_loads_no_game() -> None:
    loaded = modules_after("catalog", "ships")
    assert not games_in(loaded) and not heavy_in(loaded), (games_in(loaded), heavy_in(loaded))


def test_replay_info_loads_neither_the_geometry_nor_the_view_nor_the_ai(tmp_path: Path) -> None:
    replay = tmp_path / "duel.trek"
    from trek.main import main

    assert main(["play", "duel", "--seed", "2", "--rounds", "2", "-o", str(replay)]) == 0
    loaded = modules_after("replay", "info", str(replay))
    assert "engine.rulesets.attack_wing.codec" in loaded  # it read the file's events (their luck)
    assert not heavy_in(loaded), heavy_in(loaded)
    aw = "engine.rulesets.attack_wing"
    slow = {m for m in loaded if m.startswith((f"{aw}.presenter", f"{aw}.ai", f"{aw}.abilities", f"{aw}.reducer",
                                                "engine.timeline", "studio"))}
    assert not slow, slow


def test_an_unknown_command_is_one_line_naming_the_choices() -> None:
    done = subprocess.run([sys.executable, "-m", "trek", "warp"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60, check=False)
    assert done.returncode == 2 and done.stderr.count("\n") <= 2 and "invalid choice: 'warp'" in done.stderr


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth (inside functions too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


@pytest.mark.parametrize(("layer", "above"), [("engine", ("trek", "studio")), ("studio", ("trek",))])
def test_a_layer_never_imports_the_layers_above_it(layer: str, above: tuple[str, ...]) -> None:
    """The design's layers: the command line above engine and studio, the studio above the engine."""
    offenders = {
        path.relative_to(ROOT).as_posix(): sorted(m for m in imports_of(path) if m.partition(".")[0] in above)
        for path in sorted((ROOT / layer).rglob("*.py"))
    }
    assert not {k: v for k, v in offenders.items() if v}

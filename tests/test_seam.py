"""The seam holds: no module outside engine/rulesets/<game>/ names a game, and the engine runs
without the 3D studio's dependencies (issue 14, items 1 and 7)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("attack_wing", "alliance", "into_the_unknown", "fleet_captains")
REGISTRY = "engine/rulesets/registry.py"  # the one registration line per game

# Modules that still name a game, each to be moved into its ruleset's folder or to reach the
# game through the registry; remove a line when its module is clean (the test says when).
ALLOWED = {
    # teaching: Attack Wing's dial plates, maneuver clips and lessons (the studio's plates draw
    # from engine/teach.py, the teaching view, and name no game)
    "trek/teach_cmd.py", "engine/teach.py",
    # drills (issue 35): Attack Wing's judging and file, and the terminal that asks either game's
    # drill (Into the Unknown's are in its ruleset folder); to reach them through the registry
    "engine/drill.py", "engine/drill_file.py", "trek/teach_drill.py",
    # analysis (issue 33): the grading of Attack Wing's dials and its luck by ship (each game's rollouts
    # are in its ruleset folder, found through the registry's ROLLOUTS); to move there the same way
    "engine/analysis/analyze.py", "engine/analysis/explain.py", "engine/analysis/grading.py",
    # the catalog's list of ability cards (issue 32): Attack Wing's cards; to reach them through its Ruleset
    "trek/catalog_cmd.py",
}


def names_a_game(path: Path) -> list[str]:
    """Where a module imports a game's package or spells a game's name as a string."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in GAMES or any(node.value.startswith(f"engine.rulesets.{g}") for g in GAMES):
                found.append(f"line {node.lineno}: {node.value!r}")
        for m in modules:
            if any(m == f"engine.rulesets.{g}" or m.startswith(f"engine.rulesets.{g}.") for g in GAMES):
                found.append(f"line {node.lineno}: imports {m}")
    return found


def test_no_module_outside_a_rulesets_folder_names_a_game() -> None:
    offenders: dict[str, list[str]] = {}
    for path in sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("studio/**/*.py"), *ROOT.glob("trek/**/*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        # a game's own commands live in trek/<game>/ as its rules live in engine/rulesets/<game>/
        if any(rel.startswith((f"engine/rulesets/{g}/", f"trek/{g}/")) for g in GAMES) or rel == REGISTRY:
            continue
        where = names_a_game(path)
        if where:
            offenders[rel] = where
    new = {k: v for k, v in offenders.items() if k not in ALLOWED}
    assert not new, f"these modules name a game; reach it through engine.rulesets.registry instead: {new}"
    clean = sorted(ALLOWED - set(offenders))
    assert not clean, f"these modules no longer name a game: remove them from ALLOWED: {clean}"


def test_the_checker_sees_imports_and_names(tmp_path: Path) -> None:
    sample = tmp_path / "m.py"
    sample.write_text("from engine.rulesets import alliance\nimport engine.rulesets.attack_wing.events\n"
                      "X = 'attack_wing'\nY = 'engine.rulesets.alliance.ruleset'\nZ = 'an alliance'\n")
    assert len(names_a_game(sample)) == 4


BLOCKER = """
import importlib.abc, sys
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("panda3d", "direct", "av"):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None
sys.meta_path.insert(0, Blocker())
for gone in [m for m in sys.modules if m.partition(".")[0] in ("panda3d", "direct", "av")]:
    del sys.modules[gone]
"""


def run_without_studio(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCKER + code], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, check=False)


def test_the_engine_imports_and_plays_without_the_studio(tmp_path: Path) -> None:
    """Batch workers install the engine without the `studio` extra (panda3d, av)."""
    replay = tmp_path / "duel.trek"
    done = run_without_studio(f"""
import importlib, pkgutil, engine
for module in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(module.name)
from trek.main import main
assert main(["play", "duel", "--seed", "3", "--rounds", "1", "-o", {str(replay)!r}]) == 0
assert main(["replay", "validate", {str(replay)!r}]) == 0
from engine.replay_timeline import load_timeline
assert load_timeline({str(replay)!r}).timeline.moment(1.0).view.ships
assert not [m for m in sys.modules if m.partition(".")[0] in ("panda3d", "direct", "av")]
""")
    assert done.returncode == 0, done.stderr[-2000:]


def test_studio_commands_without_the_studio_say_so_in_one_line(tmp_path: Path) -> None:
    for argv in (["view", "x.trek"], ["render", "x.trek", "-o", "x.mp4"],
                 ["screenshot", "x.trek", "--at", "3", "-o", "x.png"], ["teach", "dial", "x", "-o", "x.png"], ["demo"]):
        done = run_without_studio(f"from trek.main import main\nsys.exit(main({argv!r}))")
        assert done.returncode == 2, (argv, done.stderr[-2000:])
        assert done.stderr.count("\n") == 1 and "the 3D studio is not installed" in done.stderr, done.stderr


def test_a_drill_at_the_terminal_needs_no_studio(tmp_path: Path) -> None:
    """`trek teach drills` and `trek teach drill` draw nothing: a light install runs them; only
    --answer-png asks for the studio."""
    listing = run_without_studio("from trek.main import main\nsys.exit(main(['teach', 'drills']))")
    assert listing.returncode == 0 and "aw-" in listing.stdout, listing.stderr[-2000:]
    drawn = run_without_studio(f"from trek.main import main\nsys.exit(main(['teach', 'drill', 'aw-asteroid', "
                               f"'--progress', {str(tmp_path / 'p.json')!r}, '--answer-png', "
                               f"{str(tmp_path / 'a.png')!r}]))")
    assert drawn.returncode == 2 and "the 3D studio is not installed" in drawn.stderr, drawn.stderr[-2000:]

"""The engine keeps its own promises by the language's and its libraries' public means: no writing
of a library's private attributes (pydantic's ``__pydantic_*__``: any release may change them), no
object given another class, no process-wide setting changed by a library call (the cycle
collector's thresholds are the command line's to set), and no source generated at run time except
where listed here."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ("engine", "studio")
COMMAND_LINE = ROOT / "engine" / "cli"  # the program, not the library: it may set up its own process
# source built at run time and run with exec (the replay reader's per-shape decoders, from tags
# whose alphabet the reader fixes): the only place left
GENERATED = {"engine/replay/compact.py"}
GC_SETTINGS = {"set_threshold", "disable", "enable", "freeze", "unfreeze", "set_debug"}


def _modules(*folders: str) -> Iterator[tuple[str, ast.Module]]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _private_pydantic(name: object) -> bool:
    return isinstance(name, str) and name.lstrip("_").startswith("pydantic") and name.startswith("_")


def test_no_module_writes_pydantic_s_private_attributes() -> None:
    found = []
    for name, tree in _modules(*LIBRARY, "scripts", "bench"):
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
            found += [f"{name}:{t.lineno}" for t in targets
                      if isinstance(t, ast.Attribute) and _private_pydantic(t.attr)]
            # a name handed to setattr, object.__setattr__ or an alias of either
            if isinstance(node, ast.Call):
                found += [f"{name}:{a.lineno}" for a in node.args
                          if isinstance(a, ast.Constant) and _private_pydantic(a.value)]
    assert not found, found


def test_no_object_is_given_another_class() -> None:
    found = [f"{name}:{node.lineno}" for name, tree in _modules(*LIBRARY) for node in ast.walk(tree)
             if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
             for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
             if isinstance(t, ast.Attribute) and t.attr == "__class__"]
    assert not found, found


def test_no_source_is_generated_at_run_time_but_where_listed() -> None:
    found = {name for name, tree in _modules(*LIBRARY) for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id in {"exec", "eval", "compile"}}
    assert found <= GENERATED, sorted(found - GENERATED)


def test_the_library_leaves_the_cycle_collector_alone() -> None:
    found = [f"{name}:{node.lineno}" for name, tree in _modules(*LIBRARY)
             if not (ROOT / name).is_relative_to(COMMAND_LINE) for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr in GC_SETTINGS
             and isinstance(node.value, ast.Name) and node.value.id == "gc"]
    assert not found, found

"""No import cycle in the project, counting the imports inside functions, and no core module that
imports a card (issue 29, item 3): the cards plug into the hooks and the registry the core declares.

The graph is built from the source with ``ast``, over every top-level package of the project
(``engine``, ``studio`` and ``trek`` where it exists). A module imports:

- every module named by an ``import`` or ``from ... import`` at any depth: at the top, inside a
  function or a method, inside ``try`` or ``if``; a ``from package import name`` names the
  submodule when ``name`` is one, else the package;
- the packages above each module it names, which Python runs first (``import a.b.c`` runs
  ``a/__init__.py`` and ``a/b/__init__.py``), but not its own enclosing packages (they are already
  running when it is);
- a module named by a string literal given to ``import_module``, ``lazy`` or ``lazy_maker``
  (``engine.rulesets.lazy``): an import deferred by name is still an import.

Imports under ``if TYPE_CHECKING:`` are left out: they never run (a module that names another's
type only, for the type checker). The ruleset registry's table of game names
(``engine.rulesets.registry.RULESETS``) is not an edge: it is the plug-in boundary, where a game is
found by the name in a file's header.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator, Mapping
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "studio", "trek")
DEFERRED_BY_NAME = frozenset({"import_module", "lazy", "lazy_maker"})

CARDS = "engine.rulesets.attack_wing.abilities.cards"
# the one module outside the cards package that imports it: the abilities package loads the cards
# (they register in abilities.registry) before any of its modules is used
CARDS_LOADER = "engine.rulesets.attack_wing.abilities"


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's top-level packages by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        if not (root / package / "__init__.py").is_file():
            continue
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of the tree, at any depth, but the bodies of ``if TYPE_CHECKING:`` (their else runs)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _strings(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List):
        for item in node.elts:
            yield from _strings(item)


def named(module: str, path: Path, modules: Mapping[str, Path]) -> Iterator[tuple[str, int]]:
    """(module named, line) for every import in the module's source, as the docstring says."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                yield (sub if sub in modules else source), node.lineno
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if called in DEFERRED_BY_NAME:
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    for text in _strings(arg):
                        if text in modules:
                            yield text, node.lineno


def _project_module(name: str, modules: Mapping[str, Path]) -> str | None:
    """The project module an imported name lands in (``a.b.c`` of a function ``c``: ``a.b``), or None."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def import_graph(modules: Mapping[str, Path]) -> dict[str, dict[str, int]]:
    """module -> {module it imports: the line of the first such import}."""
    graph: dict[str, dict[str, int]] = {}
    for module, path in modules.items():
        edges = graph.setdefault(module, {})
        for name, line in named(module, path, modules):
            target = _project_module(name, modules)
            if target is None or target == module:
                continue
            parts = target.split(".")
            for above in [".".join(parts[:i]) for i in range(1, len(parts))] + [target]:
                if above in modules and above != module and not module.startswith(above + "."):
                    edges.setdefault(above, line)
    return graph


def cycles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """One cycle of each group of modules that import each other (a strongly connected component of
    more than one module), as a chain [a, b, ..., a]: the shortest through the group."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph):  # Tarjan's algorithm, without recursion
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return [_shortest_cycle(graph, set(group)) for group in groups]


def _shortest_cycle(graph: Mapping[str, Mapping[str, int]], group: set[str]) -> list[str]:
    best: list[str] | None = None
    for start in sorted(group):
        came_from: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if start in graph[node] and (best is None or len(best) > _depth(came_from, node) + 2):
                path = [node]
                while (step := came_from[path[-1]]) is not None:
                    path.append(step)
                best = [*reversed(path), start]
                break
            for child in sorted(graph[node]):
                if child in group and child not in came_from:
                    came_from[child] = node
                    queue.append(child)
    assert best is not None
    return best


def _depth(came_from: Mapping[str, str | None], node: str) -> int:
    depth = 0
    while (step := came_from[node]) is not None:
        node, depth = step, depth + 1
    return depth


def said(chain: list[str], graph: Mapping[str, Mapping[str, int]]) -> str:
    lines = ", ".join(f"{a} line {graph[a][b]}" for a, b in pairwise(chain))
    return f"{' -> '.join(chain)}  ({lines})"


def test_no_module_imports_itself_back_through_others() -> None:
    modules = project_modules()
    graph = import_graph(modules)
    found = cycles(graph)
    assert not found, "import cycles (each: one chain through modules that import each other):\n" + "\n".join(
        said(chain, graph) for chain in found)


def test_no_module_outside_the_cards_imports_a_card() -> None:
    """A card plugs into the windows and hooks the core declares; only the abilities package loads
    the cards package (``abilities/__init__``), and no core module names a card's module."""
    modules = project_modules()
    graph = import_graph(modules)
    def in_cards(module: str) -> bool:
        return module == CARDS or module.startswith(CARDS + ".")

    offenders = sorted(f"{module} line {line} imports {target}" for module, edges in graph.items()
                       for target, line in edges.items()
                       if in_cards(target) and not in_cards(module) and (module, target) != (CARDS_LOADER, CARDS))
    assert not offenders, "modules that import the cards: " + "; ".join(offenders)
    assert CARDS in graph[CARDS_LOADER], f"{CARDS_LOADER} no longer loads the cards: update this test"


def test_the_graph_sees_deferred_imports_and_finds_a_cycle(tmp_path: Path) -> None:
    """The checker itself: imports in functions, relative imports, parent packages and a module
    named to ``lazy`` count; ``if TYPE_CHECKING:`` does not; a cycle is named as a chain."""
    package = tmp_path / "engine"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from engine import a\n")
    (package / "a.py").write_text("def f():\n    from . import b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine import c\n"
                                  "import engine.sub.d\n")
    (package / "c.py").write_text("import engine.b\n")
    (package / "sub" / "d.py").write_text("X = lazy('engine.c', 'f')\n")
    modules = project_modules(tmp_path)
    graph = import_graph(modules)
    assert graph["engine.a"] == {"engine.b": 2}
    assert graph["engine.b"] == {"engine.sub": 4, "engine.sub.d": 4}  # not engine.c: a type only
    assert graph["engine.sub.d"] == {"engine.c": 1}
    assert cycles(graph) == [["engine.a", "engine.b", "engine.sub", "engine.a"]]
    (package / "a.py").write_text("def f():\n    pass\n")
    assert cycles(import_graph(project_modules(tmp_path))) == [["engine.b", "engine.sub.d", "engine.c", "engine.b"]]


def test_the_project_graph_has_its_packages() -> None:
    graph = import_graph(project_modules())
    assert {"engine.rulesets.attack_wing.combat", "studio.video"} <= set(graph)
    # a deferred import is counted: the ruleset loads its game only when one is played
    assert "engine.rulesets.attack_wing.play" in graph["engine.rulesets.attack_wing.ruleset"]

"""Every memo registers itself where it is defined, so ``engine.memos.forget`` empties it without
a list of caches kept by hand (a benchmark times each game from cold, as a game alone plays)."""

from __future__ import annotations

import ast
from pathlib import Path

from engine import memos
from engine.geometry.pose import Pose
from engine.geometry.shapes import base_polygon
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]


def test_forget_empties_a_memo_defined_after_it() -> None:
    calls: list[int] = []

    @memos.memo(maxsize=None)
    def doubled(n: int) -> int:
        calls.append(n)
        return 2 * n

    table = memos.memo_table()
    table["seen"] = 1
    assert doubled(3) == doubled(3) == 6 and calls == [3]  # remembered
    memos.forget()
    assert doubled.cache_info().currsize == 0 and not table
    assert doubled(3) == 6 and calls == [3, 3]  # worked out afresh


def test_forget_empties_the_engine_s_memos_after_a_game() -> None:
    play(load_scenario("skirmish"), 4)
    base_polygon(Pose(10.0, 10.0, 0.0), 20.0)
    assert base_polygon.cache_info().currsize > 0
    memos.forget()
    assert base_polygon.cache_info().currsize == 0
    from engine.rulesets.attack_wing.abilities import card_odds, windows
    from engine.rulesets.attack_wing.measure import _arc_check
    assert not card_odds._ODDS and not windows._OWNERS and _arc_check.cache_info().currsize == 0


def test_forget_needs_no_list_of_the_modules_memos() -> None:
    """forget() names no module: it imports nothing and reaches into no module's private cache."""
    source = ast.parse((ROOT / "engine" / "memos.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(source) if isinstance(node, ast.Import | ast.ImportFrom)
                for alias in node.names}
    assert imported <= {"annotations", "functools", "Callable", "Any", "TypeVar"}, imported

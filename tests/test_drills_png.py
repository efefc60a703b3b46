"""The drill answer picture (issue 35): the learner's ghost and the ideal answers' on the table."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.drill import Drill, ideal_answers, judge, load_drill
from engine.rulesets.attack_wing.maneuvers import Maneuver
from studio.teach_drills import _layout, draw_answer
from trek.main import main

SIZE = (640, 480)


def _rgb(frame: np.ndarray, px: float, py: float) -> tuple[int, int, int]:
    r, g, b = (int(v) for v in frame[round(py), round(px)][:3])
    return r, g, b


def test_the_learners_miss_is_red_and_the_ideal_answer_green_where_each_ends() -> None:
    drill = load_drill("aw-objective")
    assert isinstance(drill, Drill)
    yours = judge(drill, Maneuver("left-bank", 3), "white")
    ideal = ideal_answers(drill)
    frame = draw_answer(drill, yours, ideal, SIZE)
    layout = _layout(drill, [*ideal, yours], SIZE)
    # a point inside each end base, behind its centre (the nose mark is in front)
    r, g, b = _rgb(frame, *layout.to_pixel(*_inside(yours.result.end)))
    assert r > g + 20 and r > b + 20, (r, g, b)
    r, g, b = _rgb(frame, *layout.to_pixel(*_inside(ideal[0].result.end)))
    assert g > r + 20 and g > b + 10, (r, g, b)
    bare = draw_answer(drill, None, ideal, SIZE)
    # without the learner's ghost that spot is the table (no red there)
    r, g, b = _rgb(bare, *layout.to_pixel(*_inside(yours.result.end)))
    assert not (r > g + 20 and r > b + 20)


def _inside(pose: object) -> tuple[float, float]:
    p = pose.advance(-8.0, 0.0)  # type: ignore[attr-defined]
    return float(p.x), float(p.y)


def test_answer_png_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    out = tmp_path / "a.png"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main(["teach", "drill", "aw-range-1", "--progress", str(tmp_path / "p.json"),
                 "--answer-png", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

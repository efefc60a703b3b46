"""An analysis's win probability over the viewer's timeline (issue 33, item 5): drawn where the
sidecar says, the turning points marked, a click on it jumps to that moment; an analysis of another
replay is refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.analysis.analyze import analyze
from engine.errors import TrekError
from engine.replay_timeline import load_timeline
from engine.rulesets.base import PlayRequest
from engine.rulesets.registry import maker_for
from studio import palette
from studio.win_graph import WinCurve, find_analysis, graph_points, load_curve


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("graph")
    replay = folder / "duel.trek"
    _, maker = maker_for("duel")
    maker.play(PlayRequest("duel", 5, replay, None))
    out = folder / "duel.analysis.json"
    analyze(replay, out, rollouts=4, progress=False)
    return replay, out


@pytest.fixture()
def graphed(showbase: Any, surface: Any, duel: tuple[Path, Path]) -> Iterator[Any]:
    from studio.viewer import Viewer

    replay, out = duel
    loaded = load_timeline(replay)
    curve = load_curve(out, replay, loaded.timeline)
    v = Viewer(showbase, loaded, surface.surface, curve=curve)
    try:
        yield v, curve, surface
    finally:
        v.destroy()


def test_the_analysis_beside_a_replay_is_found_and_read(duel: tuple[Path, Path]) -> None:
    replay, out = duel
    assert find_analysis(replay) == out
    doc = json.loads(out.read_text())
    curve = load_curve(out, replay, load_timeline(replay).timeline)
    assert curve.side == doc["sides"][0] and len(curve.points) == len(doc["points"])
    assert [p for _, p in curve.points] == [pt["win"][curve.side] for pt in doc["points"]]
    times = [t for t, _ in curve.points]
    assert times == sorted(times)  # along the timeline, in order


def test_an_analysis_of_another_replay_is_refused(duel: tuple[Path, Path], tmp_path: Path) -> None:
    _, out = duel
    other = tmp_path / "other.trek"
    _, maker = maker_for("duel")
    maker.play(PlayRequest("duel", 6, other, None))
    with pytest.raises(TrekError, match="another replay"):
        load_curve(out, other, load_timeline(other).timeline)


def test_the_curve_is_drawn_at_its_points_and_a_click_on_it_jumps(graphed: tuple[Any, WinCurve, Any]) -> None:
    viewer, curve, surface = graphed
    viewer.refresh()
    frame = surface.capture().astype(int)
    h, w = frame.shape[:2]
    bar = viewer.scrub
    assert bar.HEIGHT > bar.BAR_HEIGHT  # room was made for the graph
    blue = np.array(palette.player_colour(0)[:3]) * 255
    near = 0
    drawn = graph_points(curve, bar.left, bar.right, bar.graph_bottom, bar.duration)
    for x, z in drawn:
        px, py = round((x / viewer.aspect + 1) / 2 * w), round((1 - z) / 2 * h)
        patch = frame[max(py - 2, 0):py + 3, max(px - 2, 0):px + 3].reshape(-1, 3)
        near += bool((np.abs(patch - blue).sum(axis=1) < 90).any())
    assert near >= 0.8 * len(drawn), f"{near} of {len(drawn)} points drawn in the first side's colour"
    # a click on the graph, half way along, jumps to the middle of the game
    x, z = drawn[len(drawn) // 2]
    viewer.click(x / viewer.aspect, z)
    assert viewer.playback.time == pytest.approx(bar.fraction_at(x) * bar.duration, abs=0.05)

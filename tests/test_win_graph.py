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


def test_the_end_card_draws_the_curve_and_the_video_captions_its_turning_points(
        duel: tuple[Path, Path], tmp_path: Path) -> None:
    """Issue 33 item 5: the battle report gets the graph on its end card and a caption at each turning
    point, from the analysis beside the replay."""
    import shutil

    from studio.cards import GRAPH_BOTTOM, GRAPH_TOP
    from studio.commentary import Words
    from studio.sidecars import sidecar_paths
    from studio.video import FrameRenderer, render_video
    from studio.win_graph import curve_beside

    replay, out = duel
    loaded = load_timeline(replay)
    curve = curve_beside(replay, loaded.timeline)
    assert curve is not None and curve.said
    size = (640, 360)
    with FrameRenderer(loaded, size, words=Words(curve=curve)) as told:  # (one at a time: they share a buffer)
        with_graph = told.card_frame("end", loaded.timeline.duration).astype(int)
    with FrameRenderer(loaded, size) as plain:
        without = plain.card_frame("end", loaded.timeline.duration).astype(int)
    rows = np.nonzero(np.abs(with_graph - without).sum(axis=(1, 2)))[0]
    band = (round((1 - GRAPH_TOP - 0.06) / 2 * size[1]), round((1 - GRAPH_BOTTOM) / 2 * size[1]) + 2)
    assert rows.size and band[0] <= rows.min() and rows.max() <= band[1], (rows.min(), rows.max(), band)
    # the whole video: a caption at each turning point, in the subtitles as on screen
    video = tmp_path / "duel.mp4"
    shutil.copy(replay, tmp_path / "duel.trek")
    shutil.copy(out, tmp_path / "duel.analysis.json")
    render_video(load_timeline(tmp_path / "duel.trek"), video, size=(160, 90), fps=2, progress=False, workers=1)
    srt = sidecar_paths(video)["srt"].read_text(encoding="utf-8")
    from studio.commentary import with_turning_points
    from studio.frame_plan import plan_video

    shown = with_turning_points((), curve, plan_video(loaded.timeline, 2))  # (one within 4 s of another: left out)
    assert shown and srt.count("Turning point: ") == len(shown)
    assert all(s.text in srt for s in shown)


def test_trek_view_refuses_an_analysis_it_cannot_use(duel: tuple[Path, Path], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """`trek view --analysis FILE`: a missing file or an analysis of another replay is one line, before
    any window opens."""
    from tests.cli_helpers import run

    replay, out = duel
    code, _, err = run(capsys, "view", str(replay), "--analysis", str(tmp_path / "nowhere.json"))
    assert code == 2 and "--analysis" in err and "no such file" in err
    other = tmp_path / "other.trek"
    _, maker = maker_for("duel")
    maker.play(PlayRequest("duel", 6, other, None))
    code, _, err = run(capsys, "view", str(other), "--analysis", str(out))
    assert code == 2 and "another replay" in err and err.count("\n") == 1

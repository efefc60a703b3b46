"""A Fleet Captains game's last frame (seed 5, looked at): the header said the last turn's last reason
("nothing left worth doing") over the result, and the camera held the last move's shot, half the
picture beyond the map. The end shows the whole map and the header says who won and why."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from engine.replay_timeline import load_timeline
from engine.rulesets.fleet_captains.narrate import sided
from engine.rulesets.fleet_captains.play import play_game
from engine.view_fleet_captains import ratings_of
from studio.frame_plan import moment_after
from studio.video import FrameRenderer


def test_the_end_frames_the_whole_map_under_the_result(tmp_path: Path) -> None:
    play_game(5, tmp_path / "5.trek")
    loaded = load_timeline(tmp_path / "5.trek")
    tl = loaded.timeline
    end = len(tl) - 1
    event = tl.events[end]
    assert event.type == "game_ended" and event.winner is not None  # type: ignore[union-attr]
    moment = moment_after(tl, end)
    header = moment.header
    assert header is not None and header.player == event.winner  # type: ignore[union-attr]
    # the result in the factions' words: "Federation equalled Klingon's 10 VP", not "side 0 equalled side 1's"
    final = tl.ruleset_final
    winner = final.sides[event.winner].faction  # type: ignore[union-attr]
    assert header.reason == sided(event.reason, final) and header.name == winner  # type: ignore[union-attr]
    assert "side 0" not in header.reason and "side 1" not in header.reason
    focus = tl.focus[end]
    assert focus is not None and focus.kind == "table"
    # on pixels: the map's middle column is in the middle of the picture (it was off to the right)
    size = (640, 360)
    with FrameRenderer(loaded, size) as fr:
        assert fr.hud is not None
        left, right, _, _ = fr.hud.safe_area()  # between the fleet columns
        frame = fr._draw(moment, fr.camera_pose(moment), set())
    u0, u1 = int((left + 1) / 2 * size[0]) + 2, int((right + 1) / 2 * size[0]) - 2
    lit = u0 + np.flatnonzero(frame[size[1] // 2, u0:u1].astype(int).max(axis=1) > 40)  # the map, not the void
    middle = (lit.min() + lit.max()) / 2 / size[0]
    assert abs(middle - 0.5) < 0.06, middle  # it was 0.68: the map's left edge at the middle of the picture


def test_the_end_frame_says_game_over_and_destroyed_ships_keep_their_ratings() -> None:
    """Seed 3's last frame read "TURN 12 / SIDE 0" though side 1 had won, and the destroyed K4's panel
    fell back to shield and hull pips ("2/6 ... 0/3", nothing this game has) with DESTROYED over a
    badge (review round 2)."""
    import tempfile
    from pathlib import Path

    from engine.replay_timeline import load_timeline
    from engine.rulesets.fleet_captains.play import play_game

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fc3.trek"
        play_game(3, out=path)
        tl = load_timeline(path).timeline
    last = tl.moment(tl.duration)
    assert last.phase_label == "GAME OVER"
    gone = [p for p in last.panels if p.destroyed]
    assert gone and all(ratings_of(p).startswith("WPN") and not p.tokens for p in gone)

"""The studio opens Alliance replays: the Timeline folds with the Alliance reducer and shows its
Attack Wing state (``.aw``), the table comes from the Alliance header, and screenshots and
videos render; the Enemy AI's decisions are the reasons of their events."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import av
import numpy as np
import pytest
from cli_helpers import run

from engine.replay.codec import codec_for
from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.play import play_mission
from engine.rulesets.alliance.reducer import apply, initial_state
from engine.rulesets.alliance.ruleset import RULESET as ALLIANCE
from engine.rulesets.alliance.ruleset import table_geometry
from engine.rulesets.alliance.state import PLAYERS
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.presenter import DEFAULT_SECONDS, SECONDS
from engine.timeline import TableGeometry, Timeline
from engine.view_attack_wing import obstacles_of
from studio.camera import table_to_pixel
from studio.frame_plan import moment_after
from studio.palette import PLAYER_COLOURS
from studio.snapshot import load_png
from studio.video import render_screenshot

SEED = 2
SIZE = (320, 180)


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("alliance") / "act1.trek"
    play_mission("alliance-act1", 2, SEED, path)
    return path


@pytest.fixture(scope="module")
def loaded(replay_file: Path) -> LoadedReplay:
    return load_timeline(replay_file)


def test_the_timeline_folds_with_the_alliance_reducer(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    assert len(tl) > 0
    state = initial_state(SEED)
    folded = []
    for e in tl.events:
        state = apply(state, e)  # type: ignore[arg-type]
        folded.append(state)
    assert tl.ruleset_final == state
    assert tl.final == state.aw
    assert tl.state_after(len(tl) - 1) == state.aw
    for i in (0, 1, 63, 64, 65, len(tl) // 2, len(tl) - 2):
        assert tl.state_after(i) == folded[i].aw
        assert tl.ruleset_state_after(i) == folded[i]
    # Alliance-only events take the default time and show the folded state
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, ae.EnemyDirection))
    assert tl.start_of(i + 1) - tl.start_of(i) == pytest.approx(DEFAULT_SECONDS)
    assert "enemy_direction" not in SECONDS
    assert tl.moment(tl.start_of(i)).round == folded[i].aw.round


def test_the_table_is_the_alliance_headers(loaded: LoadedReplay) -> None:
    table = loaded.header["table"]
    tl = loaded.timeline
    assert tl.table.area == (table["play_area"]["width"], table["play_area"]["height"])
    assert [o.name for o in tl.table.obstacles] == [o["name"] for o in table["obstacles"]]
    assert len(tl.table.obstacles) > 0
    assert [p.name for p in tl.table.planets] == [p["name"] for p in table["planets"]]
    view = tl.moment(tl.duration).view
    assert len(obstacles_of(view)) == len(table["obstacles"])


def test_a_bad_alliance_table_is_a_replay_error() -> None:
    assert table_geometry({"table": {"play_area": {"width": 900, "height": 600}}}).area == (900.0, 600.0)
    for bad in ({}, {"table": {}}, {"table": {"play_area": {"width": "x", "height": 1}}},
                {"table": {"play_area": {"width": 900, "height": 900}, "obstacles": [{"points": 3}]}}):
        with pytest.raises(ValueError, match="table"):
            table_geometry(bad)


def test_enemy_ai_decisions_are_the_reasons(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    kinds = {type(e) for e in tl.events}
    assert {ae.EnemyTargetChosen, ae.EnemyDirection, ae.EnemyManeuverRolled} <= kinds
    for i, e in enumerate(tl.events):
        reason = tl.moment(tl.start_of(i)).reason if i < 40 else tl.presenter.reasons[i]
        if isinstance(e, ae.EnemyTargetChosen):
            assert e.reason in reason
        elif isinstance(e, ae.EnemyDirection):
            assert e.direction in reason and e.ring in reason and f"sector {e.sector}" in reason
            assert e.table in reason
        elif isinstance(e, ae.EnemyManeuverRolled):
            assert f"rolls {e.die}" in reason and f"row {e.row}" in reason and e.table in reason
    # an Enemy AI ship's move shows the roll (or swerve / formation) that made it
    rolled = next(i for i, e in enumerate(tl.events) if isinstance(e, ae.EnemyManeuverRolled))
    moved = next(i for i, e in enumerate(tl.events) if i > rolled and isinstance(e, ev.ShipMoved))
    assert tl.events[moved].ship == tl.events[rolled].ship  # type: ignore[attr-defined]
    assert tl.presenter.reasons[moved] in (tl.presenter.reasons[rolled], *tl.presenter.reasons[rolled:moved])
    # the captions are the Alliance lines
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, ae.EnemyManeuverRolled))
    assert "rolls" in tl.lines[i] and tl.lines[i].startswith("R")


def test_an_empty_alliance_timeline_shows_the_state_inside() -> None:
    # the accessor picks the Attack Wing state inside the Alliance one, before any event too
    codec = codec_for("alliance")
    start = codec.initial_state({"seed": 5})
    tl = Timeline(ALLIANCE, [], start, TableGeometry((914.4, 914.4)))
    assert tl.initial == start.aw and tl.final == start.aw and tl.ruleset_initial == start
    assert tl.state_after(-1) == start.aw


def border_pixel(frame: np.ndarray, x: float, y: float, heading: float, area: tuple[float, float]) -> np.ndarray:
    """The base border beside the model, on the ship's right (18.2 mm from the centre)."""
    h = math.radians(heading)
    bx, by = x + 18.2 * math.cos(h), y - 18.2 * math.sin(h)
    u, v = table_to_pixel(bx, by, SIZE, area)
    out: np.ndarray = frame[int(v), int(u)].astype(int)
    return out


def test_a_screenshot_shows_a_player_ship_in_its_colour(loaded: LoadedReplay, tmp_path: Path) -> None:
    tl = loaded.timeline
    n = next(i for i, e in enumerate(tl.events)
             if isinstance(e, ev.ShipMoved) and tl.final.ship(e.ship).side == PLAYERS and e.round == 1)
    out = render_screenshot(loaded, n, tmp_path / "shot.png", size=SIZE, camera="top", hud=False)
    frame = load_png(out)
    assert frame.shape == (SIZE[1], SIZE[0], 3)
    moved = tl.events[n]
    assert isinstance(moved, ev.ShipMoved)
    ship = moment_after(tl, n).view.ship(moved.ship)
    assert ship is not None and ship.player == PLAYERS
    p = border_pixel(frame, ship.pose.x, ship.pose.y, ship.pose.heading, tl.table.area)
    assert np.all(np.abs(p - np.array(PLAYER_COLOURS[PLAYERS][:3]) * 255) <= 60), p
    # and with the HUD (the Alliance captions) it renders too
    assert load_png(render_screenshot(loaded, n, tmp_path / "hud.png", size=SIZE, camera="top")).shape == frame.shape


def test_render_round_one_gives_a_decodable_mp4(capsys: pytest.CaptureFixture[str], replay_file: Path,
                                                tmp_path: Path) -> None:
    out = tmp_path / "round1.mp4"
    code, stdout, err = run(capsys, "render", str(replay_file), "-o", str(out), "--size", "320x180", "--rounds", "1-1",
                            "--fps", "4", "--speed", "8", "--no-progress")
    assert code == 0, err
    assert out.is_file() and "wrote" in stdout
    with av.open(str(out)) as container:
        frames = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
    assert len(frames) > 4 and frames[0].shape == (180, 320, 3)
    assert any(float(np.abs(a.astype(int) - b.astype(int)).mean()) > 0.1 for a, b in itertools.pairwise(frames))


def test_the_sectors_overlay_fills_the_targets_sector_and_not_the_opposite_one(loaded: LoadedReplay,
                                                                              tmp_path: Path) -> None:
    """The studio shows the Enemy AI's direction: the eight sectors around the deciding ship with
    its target's sector filled (docs/alliance.md, "In the studio")."""
    timeline = loaded.timeline
    i = next(i for i, d in enumerate(timeline.presenter.decisions) if d is not None)
    decision = timeline.presenter.decisions[i]
    assert decision is not None
    direction = next(e for e in timeline.events[: i + 1][::-1] if isinstance(e, ae.EnemyDirection))
    assert (decision.ship_id, decision.sector, decision.ring) == (direction.ship, direction.sector, direction.ring)
    size = (640, 360)
    on = tmp_path / "on.png"
    off = tmp_path / "off.png"
    render_screenshot(loaded, i, on, size=size, camera="top", overlays={"sectors"}, hud=False, captions=False)
    render_screenshot(loaded, i, off, size=size, camera="top", overlays=set(), hud=False, captions=False)
    with_overlay, without = load_png(on).astype(int), load_png(off).astype(int)
    area = timeline.table.area

    def pixel_at(bearing: float, distance: float) -> tuple[int, int]:
        a = math.radians(decision.pose.heading + bearing)
        x = decision.pose.x + distance * math.sin(a)
        y = decision.pose.y + distance * math.cos(a)
        px, py = table_to_pixel(x, y, size, area)
        return int(px), int(py)

    def changed(bearing: float) -> int:
        hits = seen = 0
        for d in (80.0, 120.0, 160.0, 200.0):
            px, py = pixel_at(bearing, d)
            left, right = table_to_pixel(0, 0, size, area)[0], table_to_pixel(area[0], 0, size, area)[0]
            if left < px < right and 0 <= py < size[1]:
                seen += 1
                hits += int(np.abs(with_overlay[py, px] - without[py, px]).sum() > 30)
        assert seen >= 3, "the sampled pixels must be on the table to mean anything"
        return hits

    centre = decision.sector * 45.0
    assert changed(centre) >= 3  # inside the filled sector
    # a sector at right angles is not filled (only a ring line may cross it once); pick the side
    # that lies on the table
    left, right = table_to_pixel(0, 0, size, area)[0], table_to_pixel(area[0], 0, size, area)[0]
    side = next(b for b in (centre + 90.0, centre - 90.0)
                if left < pixel_at(b, 200.0)[0] < right and 0 < pixel_at(b, 200.0)[1] < size[1])
    assert changed(side + 5.0) <= 1


def test_reinforcements_have_no_hud_panel_before_they_arrive(loaded: LoadedReplay) -> None:
    from panda3d.core import NodePath

    from studio.hud import Hud

    timeline = loaded.timeline
    hud = Hud(NodePath("aspect2d"), 16 / 9)
    early = timeline.moment(timeline.start_of(next(i for i, e in enumerate(timeline.events)
                                                   if isinstance(e, ev.RoundStarted))) + 0.01)
    hud.update(early, timeline)
    on_table = {s.id for s in early.view.ships}
    later = [s.id for s in timeline.final.ships if s.id not in on_table and not s.destroyed]
    assert later, "Act I brings reinforcements after round 1"
    for ship_id in later:
        assert hud.panels[ship_id].root.isHidden()
    for ship_id in on_table:
        assert not hud.panels[ship_id].root.isHidden()
    hud.update(timeline.moment(timeline.duration), timeline)  # by the end they have arrived
    assert not any(hud.panels[s].root.isHidden() for s in later)

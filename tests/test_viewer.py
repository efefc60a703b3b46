"""The interactive viewer, offscreen: keys, clicks, scrubbing, overlays and clean-up, checked on pixels.

One Viewer per test on the session's offscreen ShowBase, drawing into a small offscreen surface;
time only moves when a test calls ``tick(dt)``; keys go through the real messenger.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay
from studio.camera import preset
from studio.camera import project as camera_project
from studio.director import ship_points
from studio.overlays import DEFAULT_OVERLAYS
from studio.picking import convex_hull, inside, pick, project
from studio.shortcuts import SHORTCUTS, help_rows
from studio.surface import OffscreenSurface
from studio.viewer import TRANSITION_S, Viewer, resolve_ship

SIZE = (640, 360)


@pytest.fixture(scope="module")
def shared_viewer(showbase: Any, skirmish3_r3: LoadedReplay, surface: OffscreenSurface) -> Iterator[Viewer]:
    v = Viewer(showbase, skirmish3_r3, surface.surface)
    yield v
    v.destroy()


@pytest.fixture()
def viewer(shared_viewer: Viewer) -> Viewer:
    """The module's viewer, put back as a fresh one starts (building a scene costs a few tenths of a second)."""
    v = shared_viewer
    v.playback.home()
    v.playback.set_speed(1.0)
    v.overlays = set(DEFAULT_OVERLAYS)
    v.selected = None
    v.captions = True
    v.help.hide()
    v.set_log(True)
    v.log.recentre()
    v.orbit.enabled = True
    v.set_camera("top", smooth=False)
    v.tick(10.0)  # paused: only the toasts fade
    return v


def frame(viewer: Viewer, surface: OffscreenSurface) -> np.ndarray:
    viewer.tick(0.0)
    out: np.ndarray = surface.capture().astype(int)
    return out


def event_of(skirmish3_r3: LoadedReplay, kind: str, after: int = 0) -> int:
    return next(i for i, e in enumerate(skirmish3_r3.timeline.events) if e.type == kind and i >= after)


def window_point(viewer: Viewer, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
    p = project(viewer.surface.camera, viewer.scene.root, (x, y, z))
    assert p is not None
    return p


def pixel(p: tuple[float, float]) -> tuple[int, int]:
    """(row, column) of a window point in the SIZE image."""
    return int((1 - p[1]) / 2 * SIZE[1]), int((p[0] + 1) / 2 * SIZE[0])


# --- keys and playback ---------------------------------------------------------------------------

def test_space_plays_and_the_clock_moves_by_dt_times_speed(showbase: Any, viewer: Viewer) -> None:
    send = showbase.messenger.send
    assert not viewer.playback.playing and viewer.playback.time == 0.0
    send("space")
    assert viewer.playback.playing
    viewer.tick(0.5)
    assert viewer.playback.time == pytest.approx(0.5)
    send("]")
    send("shift-=")  # '+' on most keyboards
    assert viewer.playback.speed == 4.0
    viewer.tick(0.25)
    assert viewer.playback.time == pytest.approx(1.5)
    for _ in range(5):
        send("[")
    assert viewer.playback.speed == 0.25
    send("space")
    viewer.tick(1.0)
    assert viewer.playback.time == pytest.approx(1.5) and not viewer.playback.playing
    assert "Paused 0.25x" in viewer.scrub.status_text.getText()


def test_arrow_keys_step_events_phases_and_rounds(showbase: Any, viewer: Viewer, skirmish3_r3: LoadedReplay) -> None:
    tl, send = skirmish3_r3.timeline, showbase.messenger.send
    send("arrow_right")
    assert viewer.playback.time == tl.step(0.0, 1)
    send("arrow_right-repeat")
    assert viewer.playback.time == tl.step(tl.step(0.0, 1), 1)
    send("arrow_left")
    assert viewer.playback.time == tl.step(0.0, 1)
    rounds = [tl.start_of(i) for i, e in enumerate(tl.events) if e.type == "round_started"]
    phases = [tl.start_of(i) for i, e in enumerate(tl.events) if e.type == "phase_started"]
    send("home")
    send("control-arrow_right")
    assert viewer.playback.time == rounds[0]
    send("page_down")
    assert viewer.playback.time == rounds[1]
    send("shift-arrow_right")
    assert viewer.playback.time == min(p for p in phases if p > rounds[1])
    send("page_up")
    assert viewer.playback.time == rounds[1]
    send("end")
    assert viewer.playback.at_end and viewer.moment is not None and viewer.moment.index == len(tl) - 1
    send("home")
    assert viewer.playback.time == 0.0
    # the event log follows: the current event's line is highlighted in view
    viewer.jump_event(200)
    assert viewer.log.current == viewer.moment.index and viewer.log.z_of(viewer.log.current) is not None


def test_every_shortcut_is_on_the_help_and_bound(showbase: Any, viewer: Viewer) -> None:
    text = viewer.help.text
    for section, keys, what in help_rows():
        assert keys in text and what in text and section in text
    for key in ("space", "left / right", "shift + left / right", "ctrl + left / right", "page up / page down",
                "home / end", "[ or -", "] or +", "1", "2", "3", "a", "r", "t", "l", "g", "k", "h or ?", "e",
                "escape", "q", "left drag", "right / middle drag", "wheel", "click a ship"):
        assert key in text, key
    bound = {e for s in SHORTCUTS for e in s.events}
    for event in ("space", "arrow_left", "arrow_right", "shift-arrow_left", "control-arrow_right", "page_up",
                  "page_down", "home", "end", "[", "]", "-", "=", "1", "2", "3", "a", "r", "t", "l", "g", "k",
                  "h", "?", "e", "escape", "q"):
        assert event in bound, event
    for s in SHORTCUTS:
        if s.action:
            assert callable(getattr(viewer, s.action))


def test_help_overlay_opens_draws_and_closes(showbase: Any, viewer: Viewer, surface: OffscreenSurface) -> None:
    plain = frame(viewer, surface)
    showbase.messenger.send("h")
    assert viewer.help.visible
    shown = frame(viewer, surface)
    h, w = SIZE[1], SIZE[0]
    centre = (slice(h // 3, 2 * h // 3), slice(w // 3, 2 * w // 3))
    assert np.abs(shown[centre] - plain[centre]).mean() > 10  # a dark panel with text over the table
    showbase.messenger.send("escape")
    assert not viewer.help.visible
    showbase.messenger.send("shift-/")
    assert viewer.help.visible
    viewer.click(0.0, 0.0)  # a click anywhere closes it (and selects nothing)
    assert not viewer.help.visible and viewer.selected is None
    assert np.array_equal(frame(viewer, surface), plain)


def test_q_asks_to_quit(showbase: Any, skirmish3_r3: LoadedReplay, surface: OffscreenSurface) -> None:
    quits: list[int] = []
    v = Viewer(showbase, skirmish3_r3, surface.surface, on_quit=lambda: quits.append(1))
    try:
        showbase.messenger.send("q")
        assert v.quit_requested and quits == [1]
    finally:
        v.destroy()


# --- frames ----------------------------------------------------------------------------------------

def test_scrubbing_to_an_event_gives_the_frame_stepping_reaches(showbase: Any, skirmish3_r3: LoadedReplay,
                                                                surface: OffscreenSurface) -> None:
    every = ("arcs", "ranges", "templates", "attack", "trails", "grid")
    n = event_of(skirmish3_r3, "ship_moved", after=30)
    stepper = Viewer(showbase, skirmish3_r3, surface.surface, overlays=every)
    try:
        stepper.set_log(False)
        while stepper.playback.time < skirmish3_r3.timeline.start_of(n):
            stepper.step(1)
            stepper.tick(0.0)
        assert stepper.moment is not None and stepper.moment.index == n
        stepped = frame(stepper, surface)
        stepper.jump_fraction(1.0)  # away, then straight back (another path to the same time)
        frame(stepper, surface)
        stepper.jump_event(n)
        assert np.array_equal(frame(stepper, surface), stepped)
    finally:
        stepper.destroy()
    fresh = Viewer(showbase, skirmish3_r3, surface.surface, overlays=every, at=n)  # scrubbed straight there
    try:
        fresh.set_log(False)
        assert np.array_equal(frame(fresh, surface), stepped)
    finally:
        fresh.destroy()


def test_every_base_shows_its_print_in_its_players_colour(showbase: Any, viewer: Viewer,
                                                         skirmish3_r3: LoadedReplay, surface: OffscreenSurface) -> None:
    """The printed border and arcs of each base, in its player's colour, are drawn over the base (they
    once sorted under it in the viewer: the bases showed bare grey)."""
    from studio.palette import player_colour

    viewer.set_log(False)
    viewer.jump_event(event_of(skirmish3_r3, "round_started"))
    viewer.tick(TRANSITION_S)
    shot = frame(viewer, surface)
    assert viewer.view is not None
    for ship in viewer.view.ships:
        r, c = pixel(window_point(viewer, ship.pose.x, ship.pose.y, 3.0))
        patch = shot[r - 8:r + 9, c - 8:c + 9].reshape(-1, 3)
        colour = np.array(player_colour(ship.player)[:3]) * 255
        assert int((np.abs(patch - colour).max(axis=1) < 60).sum()) >= 6, ship.id


def test_arcs_key_colours_the_table_in_front_of_a_ship(showbase: Any, viewer: Viewer, skirmish3_r3: LoadedReplay,
                                                       surface: OffscreenSurface) -> None:
    viewer.set_log(False)
    viewer.jump_event(event_of(skirmish3_r3, "round_started"))
    viewer.tick(TRANSITION_S)  # the top view makes room for the log no more
    before = frame(viewer, surface)
    assert viewer.view is not None
    ship = viewer.view.ships[0]
    h = math.radians(ship.pose.heading)
    ahead = (ship.pose.x + 150 * math.sin(h), ship.pose.y + 150 * math.cos(h))  # range 2, straight ahead
    behind = (ship.pose.x - 150 * math.sin(h), ship.pose.y - 150 * math.cos(h))
    showbase.messenger.send("a")
    assert "arcs" in viewer.overlays
    after = frame(viewer, surface)
    r, c = pixel(window_point(viewer, *ahead))
    patch = (slice(r - 3, r + 4), slice(c - 3, c + 4))
    assert np.abs(after[patch] - before[patch]).mean() > 6
    colour = after[patch].reshape(-1, 3).mean(axis=0) - before[patch].reshape(-1, 3).mean(axis=0)
    if ship.player == 0:  # blue wedge for the first seat, orange for the second
        assert colour[2] > colour[0]
    else:
        assert colour[0] > colour[2]
    if ship.rear_arc is None:
        r2, c2 = pixel(window_point(viewer, *behind))
        other = [s for s in viewer.view.ships if s.id != ship.id]
        if all(math.dist((s.pose.x, s.pose.y), behind) > 340 for s in other):
            back = (slice(r2 - 3, r2 + 4), slice(c2 - 3, c2 + 4))
            assert np.abs(after[back] - before[back]).mean() < 3
    showbase.messenger.send("a")
    viewer.tick(5.0)  # (paused) the toast fades
    assert np.array_equal(frame(viewer, surface), before)


def test_overlay_keys_toggle_each_overlay(showbase: Any, viewer: Viewer) -> None:
    keys = {"a": "arcs", "r": "ranges", "t": "templates", "k": "attack", "l": "trails", "g": "grid"}
    for key, name in keys.items():
        was = name in viewer.overlays
        showbase.messenger.send(key)
        assert (name in viewer.overlays) != was
        assert viewer.toast.visible and viewer.toast.message
    viewer.tick(5.0)
    assert not viewer.toast.visible  # the toast fades


def test_scrub_bar_shows_the_handle_where_the_time_is(viewer: Viewer, surface: OffscreenSurface) -> None:
    viewer.jump_fraction(0.25)
    a = frame(viewer, surface)
    viewer.jump_fraction(0.75)
    b = frame(viewer, surface)
    row = int((1 - viewer.scrub.TRACK_Z) / 2 * SIZE[1])
    for f, img, other in ((0.25, a, b), (0.75, b, a)):
        col = int((viewer.scrub.x_of(f) / viewer.aspect + 1) / 2 * SIZE[0])
        here = img[row - 2:row + 3, col - 1:col + 2].reshape(-1, 3).mean(axis=0)
        assert here[0] > 180 and here[1] > 140 and here[2] < 140  # the amber handle
        assert np.abs(img[row - 2:row + 3, col - 1:col + 2] - other[row - 2:row + 3, col - 1:col + 2]).mean() > 20


# --- mouse -----------------------------------------------------------------------------------------

def test_clicking_and_dragging_the_scrub_bar_jumps(viewer: Viewer, skirmish3_r3: LoadedReplay) -> None:
    duration = skirmish3_r3.timeline.duration
    y = viewer.scrub.TRACK_Z
    x = viewer.scrub.x_of(0.5) / viewer.aspect
    viewer.click(x, y)
    assert viewer.playback.time == pytest.approx(duration / 2, rel=0.01)
    viewer.press(viewer.scrub.x_of(0.1) / viewer.aspect, y)
    assert not viewer.orbit.enabled  # dragging the bar does not orbit the camera
    viewer.move_pointer(viewer.scrub.x_of(0.8) / viewer.aspect, y + 0.3)  # the drag may leave the bar
    viewer.tick(1 / 60)
    assert viewer.playback.time == pytest.approx(0.8 * duration, rel=0.01)
    viewer.release(viewer.scrub.x_of(0.6) / viewer.aspect, y)
    assert viewer.playback.time == pytest.approx(0.6 * duration, rel=0.01) and viewer.orbit.enabled
    viewer.move_pointer(viewer.scrub.x_of(0.2) / viewer.aspect, y)
    viewer.tick(1 / 60)
    assert viewer.playback.time == pytest.approx(0.6 * duration, rel=0.01)  # released: no more scrubbing


def test_clicking_a_log_line_jumps_to_its_event(viewer: Viewer, skirmish3_r3: LoadedReplay) -> None:
    viewer.jump_event(100)
    assert viewer.log.visible
    target = viewer.log.first + 4
    z = viewer.log.z_of(target)
    assert z is not None
    x = (viewer.log.left + 0.3) / viewer.aspect
    viewer.click(x, z)
    assert viewer.playback.time == skirmish3_r3.timeline.start_of(target)
    assert viewer.moment is not None
    assert viewer.moment.index == skirmish3_r3.timeline.index_at(skirmish3_r3.timeline.start_of(target))
    # the wheel over the log scrolls it; elsewhere it zooms
    first = viewer.log.first
    viewer.move_pointer(x, z)
    viewer.wheel(-1)
    assert viewer.log.first == first + 3 and not viewer.log.follow
    distance = viewer.orbit.orbit.distance
    viewer.move_pointer(-0.2, 0.2)
    viewer.wheel(1)
    assert viewer.orbit.orbit.distance < distance
    viewer.step(1)  # navigating follows the current event again
    assert viewer.log.follow
    showbase_free = viewer.log.toggle()
    assert not showbase_free and not viewer.log.contains(viewer.log.left + 0.3, z)


@pytest.mark.parametrize("camera", ["top", "table"])
def test_clicking_a_ship_selects_it(viewer: Viewer, skirmish3_r3: LoadedReplay, camera: str) -> None:
    viewer.set_log(False)
    viewer.jump_event(event_of(skirmish3_r3, "round_started"))
    viewer.set_camera(camera, smooth=False)
    viewer.tick(0.0)
    assert viewer.view is not None
    for ship in viewer.view.ships:
        x, y = window_point(viewer, ship.pose.x, ship.pose.y, 2.5)
        viewer.click(x, y)
        assert viewer.selected == ship.id
        assert viewer.view.selected == ship.id  # the range bands and highlight follow the selection
    viewer.click(-0.98, 0.95)  # the empty corner: the selection stays
    assert viewer.selected == viewer.view.ships[-1].id
    viewer.escape()
    assert viewer.selected is None


def test_a_drag_is_not_a_click(viewer: Viewer, skirmish3_r3: LoadedReplay) -> None:
    viewer.set_log(False)
    viewer.jump_event(event_of(skirmish3_r3, "round_started"))
    assert viewer.view is not None
    ship = viewer.view.ships[0]
    x, y = window_point(viewer, ship.pose.x, ship.pose.y)
    viewer.press(x, y)
    viewer.release(x + 0.2, y)
    assert viewer.selected is None


def test_picking_geometry() -> None:
    hull = convex_hull([(0, 0), (1, 0), (1, 1), (0, 1), (0.5, 0.5)])
    assert len(hull) == 4 and inside((0.5, 0.5), hull) and not inside((1.5, 0.5), hull)
    hulls = {"a": hull, "b": [(x + 0.8, y) for x, y in hull]}
    assert pick((1.0, 0.5), hulls) == "b"  # both hulls: the nearer centre wins
    assert pick((0.2, 0.5), hulls) == "a"
    assert pick((-0.01, 0.5), hulls, tolerance=0.02) == "a" and pick((-0.5, 0.5), hulls) is None


# --- camera ----------------------------------------------------------------------------------------

def test_camera_presets_move_smoothly(showbase: Any, viewer: Viewer) -> None:
    assert viewer.view is not None
    top, table = viewer.camera_pose("top"), preset("table", viewer.view)
    assert viewer.rig.pose == top
    showbase.messenger.send("2")
    assert viewer.camera_mode == "table" and viewer.transition is not None
    viewer.tick(TRANSITION_S / 2)
    assert viewer.rig.pose not in (top, table)  # on its way
    viewer.tick(TRANSITION_S)
    assert viewer.rig.pose == table and viewer.transition is None
    showbase.messenger.send("1")
    viewer.tick(TRANSITION_S * 1.01)
    assert viewer.rig.pose == top


def test_follow_camera_follows_the_selected_else_the_active_ship(showbase: Any, viewer: Viewer,
                                                               skirmish3_r3: LoadedReplay) -> None:
    moved = event_of(skirmish3_r3, "ship_moved")
    mover = skirmish3_r3.timeline.events[moved].ship  # type: ignore[attr-defined]
    viewer.jump_event(moved)
    showbase.messenger.send("3")
    viewer.tick(TRANSITION_S * 1.01)
    assert viewer.camera_mode == "follow" and viewer.view is not None
    area = viewer.follow_area()
    assert viewer.rig.pose == preset(f"follow:{mover}", viewer.view, area, viewer.aspect)  # the active ship
    ship = viewer.view.ship(mover)
    assert ship is not None
    for x, y in camera_project(viewer.rig.pose, viewer.aspect, ship_points(ship.pose, ship.base_size, ship.base_side)):
        assert area[0] <= x <= area[1] and area[2] <= y <= area[3]  # clear of the HUD, above the dice
    viewer.playback.play()
    viewer.tick(0.5)  # the ship moves along its template and the camera with it
    assert viewer.rig.pose == preset(f"follow:{mover}", viewer.view, viewer.follow_area(), viewer.aspect)
    other = next(s.id for s in viewer.view.ships if s.id != mover)
    viewer.playback.pause()
    viewer.select(other)
    viewer.tick(TRANSITION_S * 1.01)
    assert viewer.rig.pose == preset(f"follow:{other}", viewer.view, viewer.follow_area(), viewer.aspect)
    viewer.orbit.drag("orbit", 0.1, 0.0)  # the mouse takes over
    assert viewer.camera_mode == "free" and viewer.transition is None
    pose = viewer.rig.pose
    viewer.tick(0.5)
    assert viewer.rig.pose == pose


def test_camera_follow_ship_by_name(showbase: Any, skirmish3_r3: LoadedReplay, surface: OffscreenSurface) -> None:
    name = skirmish3_r3.sides[1]["ships"][0]["name"]
    sid = resolve_ship(skirmish3_r3, name.lower())
    assert sid == skirmish3_r3.sides[1]["ships"][0]["id"] and resolve_ship(skirmish3_r3, sid) == sid
    with pytest.raises(ValueError, match="not in this replay"):
        resolve_ship(skirmish3_r3, "Enterprise-J")
    ships = {s["name"]: s["id"] for side in skirmish3_r3.sides for s in side["ships"]}
    assert resolve_ship(skirmish3_r3, "defiant") == ships["U.S.S. Defiant"]  # a unique part of the name will do
    with pytest.raises(ValueError, match="ambiguous"):
        resolve_ship(skirmish3_r3, "U.S.S.")
    v = Viewer(showbase, skirmish3_r3, surface.surface, camera=f"follow:{name}",
               at=event_of(skirmish3_r3, "round_started"))
    try:
        assert v.selected == sid and v.camera_mode == "follow" and v.view is not None
        assert v.rig.pose == preset(f"follow:{sid}", v.view, v.follow_area(), v.aspect)
    finally:
        v.destroy()


# --- clean-up and the command line --------------------------------------------------------------------

def test_destroy_removes_nodes_tasks_and_bindings(showbase: Any, skirmish3_r3: LoadedReplay,
                                                  surface: OffscreenSurface) -> None:
    render_children = surface.render.getNumChildren()
    ui_children = surface.surface.overlay.getNumChildren()
    tasks = len(showbase.taskMgr.getAllTasks())
    v = Viewer(showbase, skirmish3_r3, surface.surface, drive=True)
    assert surface.render.getNumChildren() == render_children + 1
    assert len(showbase.taskMgr.getAllTasks()) == tasks + 2  # the orbit controller and the viewer's clock
    v.destroy()
    assert surface.render.getNumChildren() == render_children
    assert surface.surface.overlay.getNumChildren() == ui_children
    assert len(showbase.taskMgr.getAllTasks()) == tasks
    showbase.messenger.send("space")  # nobody listens any more
    assert not v.playback.playing
    v.destroy()  # twice is fine
    for bad in ("side", "follow:Enterprise-J", "top:A1"):
        with pytest.raises(ValueError):
            Viewer(showbase, skirmish3_r3, surface.surface, camera=bad)
    assert surface.render.getNumChildren() == render_children  # refused before making anything
    assert surface.surface.overlay.getNumChildren() == ui_children


def test_trek_view_without_a_display_says_what_to_use_instead(skirmish3_r3: LoadedReplay,
                                                              capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from trek.main import main

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main(["view", str(skirmish3_r3.path)]) == 2
    out = capsys.readouterr()
    lines = out.err.strip().splitlines()
    assert out.out == "" and len(lines) == 1
    assert lines[0].startswith("trek view: error:") and "trek screenshot" in lines[0] and "trek render" in lines[0]


def test_trek_view_checks_its_arguments(skirmish3_r3: LoadedReplay, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from trek.main import main

    monkeypatch.setenv("DISPLAY", ":99")  # past the display check: the arguments fail first
    assert main(["view", str(tmp_path / "missing.trek")]) == 2
    assert "no such replay file" in capsys.readouterr().err
    assert main(["view", str(skirmish3_r3.path), "--camera", "side"]) == 2
    assert "--camera" in capsys.readouterr().err
    assert main(["view", str(skirmish3_r3.path), "--at", "100000"]) == 2
    assert "outside the replay" in capsys.readouterr().err
    assert main(["view", str(skirmish3_r3.path), "--camera", "follow:Enterprise-J"]) == 2
    assert "not in this replay" in capsys.readouterr().err
    assert main(["view", str(skirmish3_r3.path), "--size", "huge"]) == 2
    assert "--size" in capsys.readouterr().err


def test_a_narrow_window_hides_the_log_and_a_wide_one_brings_it_back(showbase: Any, skirmish3_r3: LoadedReplay,
                                                                     surface: OffscreenSurface) -> None:
    v = Viewer(showbase, skirmish3_r3, surface.surface)
    try:
        wide = v.hud.aspect
        assert v.log.visible and wide < v.aspect  # the HUD makes room for the log
        left, right, bottom, top = v.clear_area()
        assert -1 < left < right < v.log.left / v.aspect and -1 < bottom < top < 1
        v.resize(4 / 3)
        assert not v.log.visible and v.hud.aspect == pytest.approx(2 * (4 / 3) / (2 - v.scrub.HEIGHT))
        v.tick(TRANSITION_S)
        assert v.rig.pose == v.camera_pose("top") and v.rig.aspect == pytest.approx(4 / 3)
        v.toggle_log()  # asked for: shown over the HUD's right column
        assert v.log.visible and v.clear_area()[1] <= v.log.left / v.aspect
        v.toggle_log()
        v.resize(16 / 9)
        assert not v.log.visible  # hidden by choice stays hidden
        v.toggle_log()
        assert v.log.visible and v.hud.aspect == pytest.approx(wide)
    finally:
        v.resize(surface.surface.size[0] / surface.surface.size[1])
        v.destroy()


def test_the_wheel_zooms_toward_the_point_under_the_cursor(viewer: Viewer) -> None:
    """Issue 36 item 4: the wheel zoomed to the table's centre, not the cursor. The table point under
    the cursor stays under it, zooming in or out; the view comes closer to it."""
    import math

    viewer.jump_event(60)
    cursor = (0.35, -0.25)  # off centre, on the table
    viewer.move_pointer(*cursor)
    before = viewer.table_point(*cursor)
    centre = viewer.table_point(0.0, 0.0)
    assert before is not None and centre is not None
    distance = viewer.orbit.orbit.distance
    for notches in (2, 1, -1):
        viewer.wheel(notches)
        after = viewer.table_point(*cursor)
        assert after is not None and math.dist(after, before) < 1.0, (notches, before, after)
    assert viewer.orbit.orbit.distance < distance
    now = viewer.table_point(0.0, 0.0)
    assert now is not None and math.dist(now, before) < math.dist(centre, before)  # the view moved toward it

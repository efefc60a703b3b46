"""Every key of the viewer's help pressed once, in a replay of each of the four games (issue 36).

The viewer opens offscreen on an Attack Wing skirmish, the Alliance mission, Into the Unknown's
learning mission and a game of Fleet Captains, at an attack with a ship selected (so that every
overlay has something to draw), and each shortcut's first key goes through the real messenger: no
key may raise, and each must do what its help line says, seen in the viewer's state and, where it
draws, in the frame's pixels.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.view import TableView
from engine.view_attack_wing import attack_of
from studio.overlays import DEFAULT_OVERLAYS
from studio.playback import STEP_KINDS
from studio.shortcuts import SHORTCUTS, Shortcut, help_rows
from studio.surface import OffscreenSurface
from studio.viewer import Viewer

GOLDEN = Path(__file__).parent / "golden"
GAMES = ("attack_wing", "alliance", "into_the_unknown", "fleet_captains")
FADE = 5.0  # paused: the toasts fade, nothing else moves


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory, skirmish3_r3: LoadedReplay) -> dict[str, LoadedReplay]:
    from engine.rulesets.into_the_unknown.play import play_mission

    itu = tmp_path_factory.mktemp("keys") / "itu22.trek"
    play_mission(22, itu)
    return {"attack_wing": skirmish3_r3, "alliance": load_timeline(GOLDEN / "alliance-act1-seed4.trek"),
            "into_the_unknown": load_timeline(itu), "fleet_captains": load_timeline(GOLDEN / "fc-standard-seed27.trek")}


@dataclass
class Game:
    name: str
    viewer: Viewer
    surface: OffscreenSurface
    quits: list[int] = field(default_factory=list)
    exports: list[list[str]] = field(default_factory=list)


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest, showbase: Any, replays: dict[str, LoadedReplay],
         surface: OffscreenSurface) -> Iterator[Game]:
    g = Game(request.param, Viewer(showbase, replays[request.param], surface.surface), surface)
    g.viewer.on_quit = lambda: g.quits.append(1)
    g.viewer.exporter = g.exports.append
    yield g
    g.viewer.destroy()


def an_attack(v: Viewer) -> int:
    """An event in the middle of an attack (its ruler on the table), else the middle of the game."""
    tl = v.timeline
    during = [i for i in range(len(tl)) if tl.attack_of[i] >= 0]
    lined = [i for i in during if attack_of(tl.moment_after(i).view) is not None]  # Attack Wing's range ruler
    return (lined or during or [len(tl) // 2])[0]


def reset(v: Viewer) -> None:
    """The viewer as it starts, paused at an attack with its attacker selected."""
    v.help.hide()
    v.set_log(True)
    v.playback.set_speed(1.0)
    v.overlays = set(DEFAULT_OVERLAYS)
    v.captions = True
    v.dial_on = False
    v.selected = v.ruler = None
    v.jump_event(an_attack(v))
    v.playback.pause()
    assert v.view is not None
    attack = attack_of(v.view)
    ship = attack.attacker if attack is not None else next(s.id for s in v.view.ships if not s.destroyed)
    v.select(ship)
    v.set_camera("top", smooth=False)
    v.tick(FADE)


def frame(g: Game) -> np.ndarray:
    g.viewer.tick(0.0)
    out: np.ndarray = g.surface.capture().astype(int)
    return out


def press(showbase: Any, s: Shortcut) -> None:
    showbase.messenger.send(s.events[0])


def changed(a: np.ndarray, b: np.ndarray) -> int:
    """How many pixels differ."""
    return int(np.any(a != b, axis=-1).sum())


def draws(view: TableView, selected: str | None, overlay: str) -> bool:
    """Whether this view has something for the overlay to draw."""
    focus = view.ship(selected) if selected else None
    ranged = bool(view.range_edges)  # Fleet Captains has none: its ships fight within a location
    return {
        "arcs": ranged and any(s.front_arc or s.rear_arc or s.has_360_arc for s in view.ships if not s.base_lines),
        "ranges": ranged and focus is not None and not focus.destroyed,
        "templates": bool(view.templates),
        "attack": attack_of(view) is not None,
        "trails": any(len(t.points) > 1 for t in view.trails),
        "grid": True,
        "names": any(not s.destroyed for s in view.ships),
    }.get(overlay, False)


def to_where_it_draws(game: Game, overlay: str) -> np.ndarray | None:
    """Move to the first moment where ``overlay`` has something to draw, if the attack has not; the
    frame there (None: this game never draws it)."""
    v = game.viewer
    assert v.view is not None
    if not draws(v.view, v.selected, overlay):
        tl = v.timeline
        at = next((i for i in range(len(tl)) if draws(tl.moment(tl.start_of(i)).view, v.selected, overlay)), None)
        if at is None:
            return None
        v.jump_event(at)
    v.tick(FADE)
    return frame(game)


def test_the_keys_table_is_the_help(game: Game) -> None:
    """Each help line is a bound key or a mouse gesture; each bound key calls a viewer method."""
    v = game.viewer
    assert [(s.section, s.keys, s.what) for s in SHORTCUTS if s.keys] == help_rows()
    for s in SHORTCUTS:
        assert bool(s.events) == bool(s.action), s
        if s.action:
            assert callable(getattr(v, s.action)), s.action
    for section, keys, what in help_rows():
        assert keys in v.help.text and what in v.help.text and section in v.help.text


@pytest.mark.parametrize("shortcut", [s for s in SHORTCUTS if s.action], ids=lambda s: s.events[0])
def test_every_key_does_what_its_help_line_says(showbase: Any, game: Game, shortcut: Shortcut) -> None:
    name, v = game.name, game.viewer
    reset(v)
    before = frame(game)
    t0, speed0 = v.playback.time, v.playback.speed
    action, args = shortcut.action, shortcut.args
    press(showbase, shortcut)  # must not raise
    if action == "toggle_play":
        assert v.playback.playing
        v.tick(0.5)
        assert v.playback.time == pytest.approx(t0 + 0.5)
        press(showbase, shortcut)
        assert not v.playback.playing
    elif action == "step":
        direction, unit = args
        t = v.playback.time
        assert (t > t0) if direction > 0 else (t < t0), (name, args)
        kinds = STEP_KINDS[unit]
        i = v.timeline.index_at(t)
        at_edge = t in (0.0, v.timeline.duration)
        assert at_edge or not kinds or v.timeline.events[i].type in kinds, (name, args, i)
        assert not np.array_equal(frame(game), before)  # the scrub bar's handle moved, at least
    elif action in ("home", "end"):
        assert v.playback.time == (0.0 if action == "home" else v.timeline.duration)
        assert not np.array_equal(frame(game), before)
    elif action in ("slower", "faster"):
        assert v.playback.speed == (speed0 / 2 if action == "slower" else speed0 * 2)
        assert v.toast.visible and f"{v.playback.speed:g}x" in v.toast.message
    elif action == "set_camera":
        assert v.camera_mode == args[0]
        v.tick(2.0)  # the transition ends
        if args[0] != "top":
            assert changed(frame(game), before) > 1000, (name, args)
    elif action == "escape":
        assert v.selected is None
        v.toggle_help()
        press(showbase, shortcut)
        assert not v.help.visible
    elif action == "toggle_overlay":
        overlay = args[0]
        on = overlay not in DEFAULT_OVERLAYS
        assert (overlay in v.overlays) == on
        assert v.toast.visible and v.toast.message.endswith("on" if on else "off")
        if on and not draws(v.view, v.selected, overlay):  # a key that changes nothing on screen says why
            assert "(" in v.toast.message, (name, v.toast.message)
        press(showbase, shortcut)  # back, to find a moment where it draws
        there = to_where_it_draws(game, overlay)
        if there is not None:
            press(showbase, shortcut)
            v.tick(FADE)
            assert changed(frame(game), there) > 20, (name, overlay)
            press(showbase, shortcut)
            v.tick(FADE)
            assert np.array_equal(frame(game), there), (name, overlay)
        assert (overlay in v.overlays) != on
    elif action == "toggle_dial":
        assert v.dial_on
        v.tick(FADE)
        if v.dial_fan.ghosts:  # a dial the catalog knows: its maneuvers' ghosts are on the table
            assert changed(frame(game), before) > 100, name
        else:
            assert name in ("into_the_unknown", "fleet_captains"), name  # games without a maneuver dial
            assert "(no maneuver dial" in v.toast.message
        press(showbase, shortcut)
        assert not v.dial_on
    elif action == "toggle_log":
        assert not v.log.visible
        v.tick(FADE)
        assert changed(frame(game), before) > 1000
        press(showbase, shortcut)
        assert v.log.visible
    elif action == "toggle_captions":
        assert not v.captions
        v.tick(FADE)
        assert v.moment is not None
        if v.moment.caption:
            assert changed(frame(game), before) > 20, name
        press(showbase, shortcut)
        assert v.captions
    elif action == "toggle_help":
        assert v.help.visible
        assert changed(frame(game), before) > 1000
        press(showbase, shortcut)
        assert not v.help.visible
    elif action == "export_attack":  # reset() stopped in an attack: its clip is rendered (`trek render --attack N`)
        assert v.moment is not None and v.timeline.attack_of[v.moment.index] >= 0, name
        argv = game.exports[-1]
        n, out = argv[argv.index("--attack") + 1], Path(argv[argv.index("-o") + 1])
        assert n.isdigit() and str(v.loaded.path) in argv and out.parent == Path.cwd() and out.suffix == ".mp4"
        assert v.toast.message == f"Exporting attack {n} to {out.name}"
    elif action == "quit":
        assert v.quit_requested and game.quits == [1]
        v.quit_requested = False
        game.quits.clear()
    else:
        pytest.fail(f"no check for the {action!r} key: add one")


def test_the_mouse_selects_measures_and_zooms(game: Game) -> None:
    """The help's mouse lines: click a ship (select it), click another (a ruler), the wheel (zoom)."""
    from studio.picking import project

    name, v = game.name, game.viewer
    reset(v)
    v.select(None)
    assert v.view is not None
    ships = [s for s in v.view.ships if not s.destroyed]
    assert len(ships) >= 2, name
    for s in ships[:2]:
        p = project(v.surface.camera, v.scene.root, (s.pose.x, s.pose.y, 2.0))
        assert p is not None
        v.click(*p)
        assert v.selected == s.id, (name, s.id)
    assert v.ruler == (ships[0].id, ships[1].id)
    if v.view.range_edges:  # a game with range bands measures between the two
        assert v.view.ruler is not None and v.view.ruler.text and v.toast.message == v.view.ruler.text
    before = v.rig.pose
    v.move_pointer(0.0, 0.0)
    v.wheel(1)
    v.tick(0.0)
    assert v.rig.pose != before


class Mouse:
    """A mouse watcher a test moves: where the pointer is and which buttons are held."""

    def __init__(self) -> None:
        self.at = (0.0, 0.0)
        self.held: set[str] = set()

    def hasMouse(self) -> bool:  # the names of Panda3D's MouseWatcher
        return True

    def getMouse(self) -> tuple[float, float]:
        return self.at

    def isButtonDown(self, button: Any) -> bool:
        return str(button) in self.held


def test_left_drag_orbits_and_right_or_middle_drag_pans(showbase: Any, skirmish3_r3: LoadedReplay,
                                                        surface: OffscreenSurface) -> None:
    """The help's drag lines, through a mouse watcher and the task manager as a window's would run:
    a left drag turns the camera about the table (the eye moves, the point looked at stays), a right
    or middle drag slides it (both move), and neither is a click (nothing is selected)."""
    from dataclasses import replace

    mouse = Mouse()
    v = Viewer(showbase, skirmish3_r3, replace(surface.surface, mouse=mouse))
    try:
        for button, kind in (("mouse1", "orbit"), ("mouse3", "pan"), ("mouse2", "pan")):
            v.set_camera("top", smooth=False)
            before = v.rig.pose
            assert before is not None
            mouse.at = (0.1, 0.1)
            mouse.held = {button}
            if button == "mouse1":
                showbase.messenger.send("mouse1")
            showbase.taskMgr.step()
            for x in (0.15, 0.2, 0.3):
                mouse.at = (x, 0.1)
                showbase.taskMgr.step()
            mouse.held = set()
            if button == "mouse1":
                showbase.messenger.send("mouse1-up")
            showbase.taskMgr.step()
            after = v.rig.pose
            assert after is not None and v.camera_mode == "free" and v.selected is None, button
            assert after.eye != before.eye, button
            if kind == "orbit":
                assert after.target == pytest.approx(before.target, abs=1e-6), button
            else:
                assert after.target != pytest.approx(before.target, abs=1.0), button
    finally:
        v.destroy()

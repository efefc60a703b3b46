"""The interactive replay viewer (`trek view FILE`): the Timeline played on the studio's Scene.

``Viewer(showbase, loaded)`` draws into a :class:`~studio.surface.Surface`: a 3D parent and camera, a 2D parent
shaped like ``aspect2d``, the image's aspect and a mouse watcher. ``window_surface`` is the
ShowBase's own window; :class:`~studio.surface.OffscreenSurface` is an offscreen buffer of a chosen size that
tests and benchmarks capture as numpy arrays. Nothing reaches for ShowBase's globals, and
:meth:`Viewer.destroy` removes every node, task and event binding it made, so one ShowBase can
host viewer after viewer.

Each frame :meth:`Viewer.tick` advances the playback clock by ``dt`` real seconds, asks the
Timeline for the moment at the new time (one call, however far the clock jumped), syncs the
Scene, HUD and widgets to it, and moves the camera (a preset, a smooth :class:`Transition` to
one, the followed ship, or wherever the mouse left it). Keys and clicks arrive as messenger
events and call plain methods (:meth:`toggle_play`, :meth:`step`, :meth:`click` ...), which
tests call directly or through ``showbase.messenger.send``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Collection
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.timeline import Moment
from engine.view import TableView
from studio.camera import CameraPose, CameraRig, OrbitController, Transition, preset
from studio.hud import Hud
from studio.offscreen import CLEAR_COLOUR
from studio.overlays import DEFAULT_OVERLAYS, OVERLAY_LABELS, OVERLAYS, validate_overlays
from studio.picking import pick_ship
from studio.playback import Playback, Unit
from studio.scene import Scene
from studio.shortcuts import SHORTCUTS, help_rows
from studio.surface import Surface, window_surface
from studio.teach import DialFan
from studio.widgets import EventLog, HelpOverlay, ScrubBar, Toast, clock

CAMERAS: Final = ("top", "table", "follow")
TRANSITION_S: Final = 0.8
MIN_HUD_ASPECT: Final = 1.3  # narrower than this, the event log covers the HUD instead of squeezing it
LOG_MIN_ASPECT: Final = 1.55  # the event log starts hidden in windows narrower than this (e on shows it)
MAX_DT: Final = 0.25  # a slow frame (window opening, a hitch) slows playback rather than skipping it
CLICK_SLOP: Final = 0.012  # a press and release closer than this (window units) is a click, not a drag
LOG_WHEEL_LINES: Final = 3


def resolve_ship(loaded: LoadedReplay, name: str) -> str:
    """A ship id from an id or a ship name in the replay: the whole name, else a unique prefix, else a
    unique part of it (case-insensitive)."""
    ships = [s for side in loaded.sides for s in side.get("ships", []) if isinstance(s, dict)]
    ids = {str(s.get("id")): str(s.get("name", "")) for s in ships}
    if name in ids:
        return name
    low = name.lower()
    found = [i for i, n in ids.items() if n.lower() == low]
    found = found or [i for i, n in ids.items() if n.lower().startswith(low)]
    found = found or [i for i, n in ids.items() if low in n.lower()]
    if len(found) == 1:
        return found[0]
    known = ", ".join(f"{i} ({n})" for i, n in ids.items())
    what = "is ambiguous" if found else "is not in this replay"
    raise ValueError(f"ship {name!r} {what}; ships: {known}")


# --- the viewer -------------------------------------------------------------------------------------

class Viewer:
    """A replay on screen with playback, camera, overlays, HUD, scrub bar, event log and help.

    ``camera``: ``top``, ``table``, ``follow`` or ``follow:SHIP``; ``at``: start at this event;
    ``log``: show the event log (default: in windows at least 16:10);
    ``drive``: add a task that ticks with the ShowBase's clock (default: on a window surface);
    ``on_quit``: called by ``q`` (default on a window: ``showbase.userExit``).
    """

    def __init__(self, showbase: Any, loaded: LoadedReplay, surface: Surface | None = None, *,
                 camera: str = "top", at: int | None = None, overlays: Collection[str] | None = None,
                 playing: bool = False, log: bool | None = None, drive: bool | None = None,
                 on_quit: Callable[[], None] | None = None) -> None:
        kind, _, ship = camera.partition(":")
        if kind not in CAMERAS or (ship and kind != "follow"):
            raise ValueError(f"unknown camera {camera!r}: use top, table, follow or follow:SHIP")
        if ship:
            camera = f"follow:{resolve_ship(loaded, ship)}"  # before any node is made
        self.showbase = showbase
        self.loaded = loaded
        self.timeline = loaded.timeline
        self.surface = surface or window_surface(showbase)
        self.aspect = self.surface.aspect
        self.clock = 0.0  # the viewer's own seconds (camera transitions, toasts)
        self.playback = Playback(self.timeline)
        self.overlays: set[str] = set(validate_overlays(DEFAULT_OVERLAYS if overlays is None else overlays))
        self.selected: str | None = None
        self.ruler: tuple[str, str] | None = None  # (from, to): the ship clicked before the selected one
        self.exporter: Callable[[list[str]], Any] = _start_export  # runs `trek render --attack N`
        self.captions = True
        self.camera_mode = "top"
        self.transition: Transition | None = None
        self.quit_requested = False
        self.on_quit = on_quit or (showbase.userExit if self.surface.window else None)
        self.moment: Moment | None = None
        self.view: TableView | None = None
        self._drawn: tuple[Any, ...] | None = None
        self._press: tuple[float, float] | None = None
        self._scrubbing = False
        self._pointer: tuple[float, float] | None = None
        self._moment_cache: tuple[float, Moment] | None = None

        self.root = self.surface.render.attachNewNode("viewer")
        self.scene = Scene(self.root, tinydisplay=self.surface.tinydisplay)
        self.dial_fan = DialFan(self.root)
        self.dial_on = False
        self.rig = CameraRig(self.surface.camera, self.aspect)
        self.ui = self.surface.overlay.attachNewNode("viewer-ui")
        self.hud_frame = self.ui.attachNewNode("hud-frame")  # the HUD, fitted above the bar, left of the log
        self.hud = Hud(self.hud_frame, self.aspect)
        names = [str(side.get("name", "")) for side in loaded.sides]
        if len(names) == 2 and all(names):
            self.hud.set_fleet_names(names)
        self.scrub = ScrubBar(self.ui, self.aspect, self.timeline.duration, self.timeline.marks)
        self._narrow = self.aspect < LOG_MIN_ASPECT
        self._log_wanted = True if log is None else log  # hidden in a narrow window unless asked for
        self.log = EventLog(self.ui, self.aspect, self.timeline.lines,
                            visible=self._log_wanted and (not self._narrow or log is not None))
        self.toast = Toast(self.ui)
        self.help = HelpOverlay(self.ui, self.aspect, help_rows(), title=f"{loaded.title}: keyboard and mouse")
        self._layout()
        self.orbit = OrbitController(self.rig, self.surface.mouse, showbase.taskMgr, on_user_move=self._user_moved)
        self.events = DirectObject()
        self._bind()

        if at is not None:
            self.playback.seek_event(at)
        self.refresh()
        self.set_camera(camera, smooth=False)
        if playing:
            self.playback.play()
        self._task = None
        if drive if drive is not None else self.surface.window:
            self._task = showbase.taskMgr.add(self._drive, "trek-viewer")
        self._destroyed = False

    # --- wiring ---------------------------------------------------------------------------------
    def _bind(self) -> None:
        for s in SHORTCUTS:
            if s.action:
                method = getattr(self, s.action)
                for event in s.events:
                    self.events.accept(event, self._call, [method, s.args])
        self.events.accept("mouse1", self._mouse, [True])
        self.events.accept("mouse1-up", self._mouse, [False])
        self.events.accept("wheel_up", self.wheel, [1])
        self.events.accept("wheel_down", self.wheel, [-1])
        if self.surface.window:
            self.events.accept("window-event", self._window_event)

    @staticmethod
    def _call(method: Callable[..., Any], args: tuple[Any, ...]) -> None:
        method(*args)

    def _drive(self, task: Any) -> Any:
        self.tick(min(ClockObject.getGlobalClock().getDt(), MAX_DT))
        return task.cont

    def _window_event(self, win: Any) -> None:
        if win != self.showbase.win or not win.hasSize():
            return
        aspect = float(self.showbase.getAspectRatio(win))
        if abs(aspect - self.aspect) > 1e-6:
            self.resize(aspect, (int(win.getXSize()), int(win.getYSize())))

    def resize(self, aspect: float, size: tuple[int, int] | None = None) -> None:
        """The image's shape changed: lay out the widgets and HUD again and re-aim the camera."""
        self.aspect = self.surface.aspect = aspect
        if size is not None:
            self.surface.size = size
        self.rig.aspect = aspect
        if self.rig.pose is not None:
            self.rig.apply(self.rig.pose)
        narrow = aspect < LOG_MIN_ASPECT
        self.scrub.layout(aspect)
        self.log.layout(aspect)
        self.help.layout(aspect)
        if narrow != self._narrow:  # the log makes way in a narrow window and comes back in a wide one
            self._narrow = narrow
            if self._log_wanted and narrow:
                self.log.hide()
            elif self._log_wanted:
                self.log.show()
        self._layout()
        self._drawn = None
        self.refresh()
        self._reframe()

    def _layout(self) -> None:
        """Fit the HUD into the part of the image the scrub bar and the event log leave (in a
        narrow window the log is drawn over the HUD's right column instead of squeezing it)."""
        a = self.aspect
        bottom, top = -1.0 + self.scrub.HEIGHT, 1.0
        left, right = -a, a
        if self.log.visible and (self.log.left - 0.01 - left) / (top - bottom) >= MIN_HUD_ASPECT:
            right = self.log.left - 0.01
        scale = (top - bottom) / 2
        self.hud_frame.setPos((left + right) / 2, 0, (bottom + top) / 2)
        self.hud_frame.setScale(scale)
        self.hud.set_aspect((right - left) / (top - bottom))

    def clear_area(self) -> tuple[float, float, float, float]:
        """The part of the window (left, right, bottom, top in -1..1) that the HUD's columns and top
        box, the event log and the scrub bar leave clear: where the top view puts the table. (The
        dice strip comes and goes, so the table may run under it.)"""
        a = self.aspect
        hl, hr, _, ht = self.hud.safe_area()
        k, cx, cz = float(self.hud_frame.getSz()), float(self.hud_frame.getX()), float(self.hud_frame.getZ())
        ha = self.hud.aspect
        right = (cx + k * hr * ha) / a
        if self.log.visible:
            right = min(right, (self.log.left - 0.02) / a)
        return ((cx + k * hl * ha) / a, right, -1.0 + self.scrub.HEIGHT + 0.02, cz + k * ht)

    def camera_pose(self, name: str) -> CameraPose:
        """The pose of camera preset ``name`` for this viewer: ``top`` frames the whole play area in
        the clear part of the window (north up); ``table`` and ``follow:SHIP`` are the studio's."""
        assert self.view is not None
        if name.startswith("follow"):
            return preset(name, self.view, self.follow_area(), self.aspect)
        if name != "top":
            return preset(name, self.view)
        base = preset("top", self.view)
        left, right, bottom, top = self.clear_area()
        aw, ah = self.view.area_width, self.view.area_height
        margin = 1.03
        height = margin * max(2 * ah / max(top - bottom, 0.05), 2 * aw / max(self.aspect * (right - left), 0.05))
        dx = (left + right) / 2 * height * self.aspect / 2  # mm from the window centre to the clear centre
        dy = (bottom + top) / 2 * height / 2
        cx, cy = aw / 2 - dx, ah / 2 - dy
        return replace(base, eye=(cx, cy, base.eye[2]), target=(cx, cy, 0.0), ortho_height=height)

    def _reframe(self) -> None:
        """The clear area changed: move the top view there (smoothly)."""
        if self.camera_mode == "top" and self.view is not None:
            target = self.camera_pose("top")
            if self.rig.pose is not None and target != self.rig.pose:
                self.transition = Transition(self.rig.pose, target, self.clock, TRANSITION_S / 2)

    def destroy(self) -> None:
        """Remove every node, task and binding this viewer made."""
        if self._destroyed:
            return
        self._destroyed = True
        self.events.ignoreAll()
        if self._task is not None:
            self.showbase.taskMgr.remove(self._task)
        self.orbit.destroy()
        self.hud.destroy()
        for widget in (self.scrub, self.log, self.help, self.toast):
            widget.destroy()
        self.ui.removeNode()
        self.root.removeNode()

    # --- the frame ------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """One frame: advance the clock by ``dt`` real seconds, then sync everything to it."""
        dt = max(float(dt), 0.0)
        self.clock += dt
        mw = self.surface.mouse
        if mw is not None and mw.hasMouse():
            m = mw.getMouse()
            self._pointer = (float(m[0]), float(m[1]))
        if self._scrubbing and self._pointer is not None:
            self.playback.seek_fraction(self.scrub.fraction_at(self._pointer[0] * self.aspect))
        self.playback.advance(dt)
        self.refresh()
        self._update_camera()
        self.toast.update(self.clock)

    def moment_at(self, time: float) -> Moment:
        if self._moment_cache is None or self._moment_cache[0] != time:
            self._moment_cache = (time, self.timeline.moment(time))
        return self._moment_cache[1]

    def refresh(self) -> None:
        """Sync the scene, HUD and widgets to the playback time (only what changed)."""
        pb = self.playback
        scene_key = (pb.time, frozenset(self.overlays), (self.selected, self.ruler), self.captions)
        key = (*scene_key, pb.playing, pb.speed, self.camera_mode)
        if key == self._drawn:
            return
        m = self.moment_at(pb.time)
        view = m.view
        chosen = self.selected if self.selected is not None and view.ship(self.selected) is not None else None
        if chosen is not None and chosen != view.selected:
            view = replace(view, selected=chosen)
        if self.ruler is not None:
            view = replace(view, ruler=self.timeline.ruler(m.index, *self.ruler))
        if scene_key != (self._drawn or ())[:4]:
            self.scene.update(view, self.overlays)
            self.hud.update(m, self.timeline, captions=self.captions)
            self.log.update(m.index)
        self.scrub.update(pb.fraction, self.status_line(m))
        self.moment, self.view = m, view
        self.dial_fan.update(view if self.dial_on else None, self._focus())
        self._drawn = key

    def status_line(self, m: Moment) -> str:
        pb = self.playback
        state = "Playing" if pb.playing else ("End" if pb.at_end else "Paused")
        speed = f"{pb.speed:g}x"
        where = f"Round {m.round} {m.phase.capitalize()}" if m.round else "Setup"
        return (f"{state} {speed}    {where}    event {max(m.index, 0)} of {len(self.timeline)}    "
                f"{clock(pb.time)} / {clock(pb.duration)}    camera {self.camera_mode}    h: help")

    # --- playback ----------------------------------------------------------------------------------
    def toggle_play(self) -> None:
        playing = self.playback.toggle()
        self.log.recentre()
        self.notify("Playing" if playing else "Paused")
        self.refresh()

    def step(self, direction: int, unit: Unit = "event") -> None:
        self.playback.step(direction, unit)
        self.log.recentre()
        self.refresh()

    def home(self) -> None:
        self.playback.home()
        self.log.recentre()
        self.refresh()

    def end(self) -> None:
        self.playback.end()
        self.log.recentre()
        self.refresh()

    def faster(self) -> None:
        self.notify(f"Speed {self.playback.faster():g}x")
        self.refresh()

    def slower(self) -> None:
        self.notify(f"Speed {self.playback.slower():g}x")
        self.refresh()

    def jump_event(self, index: int) -> None:
        """Jump to the start of event ``index``."""
        self.playback.seek_event(index)
        self.log.recentre()
        self.refresh()

    def jump_fraction(self, fraction: float) -> None:
        self.playback.seek_fraction(fraction)
        self.log.recentre()
        self.refresh()

    # --- overlays and panels -----------------------------------------------------------------------
    def toggle_dial(self) -> bool:
        """Show every maneuver on the selected ship's dial (grey where it would be blocked)."""
        self.dial_on = not self.dial_on
        self.notify(f"dial fan-out {'on' if self.dial_on else 'off'}"
                    + (" (select a ship)" if self.dial_on and self._focus() is None else ""))
        self._drawn = None
        self.refresh()
        return self.dial_on

    def toggle_overlay(self, name: str) -> bool:
        if name not in OVERLAYS:
            raise ValueError(f"unknown overlay {name!r}; known: {', '.join(OVERLAYS)}")
        on = name not in self.overlays
        if on:
            self.overlays.add(name)
        else:
            self.overlays.discard(name)
        label = OVERLAY_LABELS[name]
        if name in ("arcs", "ranges") and on and self.view is not None and not self.view.range_edges:
            label += " (this game has no range bands)"
        elif name == "ranges" and on and self._focus() is None:
            label += " (select a ship)"
        self.notify(f"{label} {'on' if on else 'off'}")
        self.refresh()
        return on

    def toggle_log(self) -> None:
        self.set_log(not self.log.visible)
        self.notify("Event log " + ("shown" if self.log.visible else "hidden"))

    def set_log(self, visible: bool) -> None:
        """Show or hide the event log (the HUD and the top view make room for it)."""
        self._log_wanted = visible
        if visible != self.log.visible:
            if visible:
                self.log.show()
            else:
                self.log.hide()
            self._layout()
            self._reframe()

    def toggle_help(self) -> None:
        self.help.toggle()

    def toggle_captions(self) -> None:
        self.captions = not self.captions
        self.notify("Captions " + ("on" if self.captions else "off"))
        self.refresh()

    def escape(self) -> None:
        if self.help.visible:
            self.help.hide()
        elif self.selected is not None:
            self.select(None)

    def export_attack(self) -> Path | None:
        """Render the attack on screen (or the next one) as a clip beside the current folder's
        files, in the background (`trek render FILE --attack N`); returns where it goes."""
        from studio.frame_plan import attacks

        declared = attacks(self.timeline)
        m = self.moment_at(self.playback.time)
        current = self.timeline.attack_of[m.index] if m.index >= 0 else -1
        if current < 0:
            current = next((a for a in declared if self.timeline.start_of(a) >= self.playback.time), -1)
        if current < 0:
            self.notify("No attack here or after it to export")
            return None
        n = declared.index(current) + 1
        out = Path.cwd() / f"{self.loaded.path.stem}-attack-{n}.mp4"
        self.exporter([sys.executable, "-m", "engine.cli.main", "render", str(self.loaded.path), "--attack", str(n),
                       "-o", str(out), "--no-progress"])
        self.notify(f"Exporting attack {n} to {out.name}")
        return out

    def quit(self) -> None:
        self.quit_requested = True
        if self.on_quit is not None:
            self.on_quit()

    def notify(self, message: str) -> None:
        self.toast.show(message, self.clock)

    # --- selection and camera ------------------------------------------------------------------------
    def select(self, ship_id: str | None) -> None:
        """Select a ship (None: deselect); the follow camera moves to it smoothly."""
        if ship_id == self.selected:
            return
        previous, self.selected = self.selected, ship_id
        self.ruler = (previous, ship_id) if previous is not None and ship_id is not None else None
        self.refresh()
        if ship_id is None:
            self.notify("Selection cleared")
        elif self.view is not None and self.view.ruler is not None:
            self.notify(self.view.ruler.text)
        else:
            ship = self.view.ship(ship_id) if self.view else None
            self.notify(f"Selected {ship.name if ship else ship_id}")
        if self.camera_mode == "follow":
            target = self._follow_pose()
            if target is not None and self.rig.pose is not None:
                self.transition = Transition(self.rig.pose, target, self.clock, TRANSITION_S)

    def _focus(self) -> str | None:
        """The ship the follow camera and range bands use: the selected one, else the active one."""
        view = self.view
        if view is None:
            return self.selected
        if self.selected is not None and view.ship(self.selected) is not None:
            return self.selected
        return view.selected if view.selected is not None and view.ship(view.selected) is not None else None

    def _follow_pose(self) -> CameraPose | None:
        ship_id, view = self._focus(), self.view
        if ship_id is None or view is None:
            return None
        return preset(f"follow:{ship_id}", view, self.follow_area(), self.aspect)

    def follow_area(self) -> tuple[float, float, float, float]:
        """Where the follow camera keeps its ship: the clear area, above the dice strip too."""
        left, right, _, top = self.clear_area()
        k, cz = float(self.hud_frame.getSz()), float(self.hud_frame.getZ())
        return left, right, cz + k * self.hud.safe_area()[2], top

    def set_camera(self, name: str, smooth: bool = True) -> None:
        """``top``, ``table``, ``follow`` or ``follow:SHIP`` (which also selects SHIP)."""
        kind, _, ship = name.partition(":")
        if kind not in CAMERAS:
            raise ValueError(f"unknown camera {name!r}: use top, table or follow:SHIP")
        if self.view is None:
            self.refresh()
        assert self.view is not None
        if kind == "follow":
            if ship:
                self.selected = resolve_ship(self.loaded, ship)
                self.refresh()
            target = self._follow_pose()
            if target is None:
                self.notify("No ship to follow: click one first")
                return
        else:
            target = self.camera_pose(kind)
        self.camera_mode = kind
        if smooth and self.rig.pose is not None:
            self.transition = Transition(self.rig.pose, target, self.clock, TRANSITION_S)
            self.notify(f"Camera: {kind}")
        else:
            self.transition = None
            self._apply(target)
        self.refresh()

    def _apply(self, pose: CameraPose) -> None:
        self.rig.apply(pose)
        self.orbit.set_pose(pose)

    def _update_camera(self) -> None:
        target = self._follow_pose() if self.camera_mode == "follow" else None
        if self.transition is not None:
            if target is not None:
                self.transition.end = target
            pose = self.transition.at(self.clock)
            if self.transition.done(self.clock):
                self.transition = None
            self._apply(pose)
        elif target is not None and target != self.rig.pose:
            self._apply(target)

    def _user_moved(self) -> None:
        """The mouse moved the camera: stop any transition and leave the presets."""
        self.transition = None
        if self.camera_mode != "free":
            self.camera_mode = "free"
            self.refresh()

    # --- mouse ---------------------------------------------------------------------------------------
    def _mouse(self, down: bool) -> None:
        mw = self.surface.mouse
        if mw is None or not mw.hasMouse():
            return
        m = mw.getMouse()
        if down:
            self.press(float(m[0]), float(m[1]))
        else:
            self.release(float(m[0]), float(m[1]))

    def move_pointer(self, x: float, y: float) -> None:
        """Where the mouse is (window units, -1..1), for tests and surfaces without a mouse."""
        self._pointer = (x, y)

    def press(self, x: float, y: float) -> None:
        """Left button down at window point (x, y) (-1..1 left to right, bottom to top)."""
        self._pointer = (x, y)
        ax = x * self.aspect
        if self.help.visible:
            self.help.hide()
            self.orbit.enabled = False
            return
        if self.scrub.contains(ax, y):
            self.orbit.enabled = False
            if self.scrub.on_track(ax, y):
                self._scrubbing = True
                self.jump_fraction(self.scrub.fraction_at(ax))
            return
        if self.log.contains(ax, y):
            self.orbit.enabled = False
            index = self.log.line_at(ax, y)
            if index is not None:
                self.jump_event(index)
            return
        self._press = (x, y)

    def release(self, x: float, y: float) -> None:
        self._pointer = (x, y)
        if self._scrubbing:
            self.jump_fraction(self.scrub.fraction_at(x * self.aspect))
        elif self._press is not None and abs(x - self._press[0]) + abs(y - self._press[1]) <= CLICK_SLOP:
            self.pick(x, y)
        self._scrubbing = False
        self._press = None
        self.orbit.enabled = True

    def click(self, x: float, y: float) -> None:
        """A left click at window point (x, y)."""
        self.press(x, y)
        self.release(x, y)

    def pick(self, x: float, y: float) -> str | None:
        """Select the ship at window point (x, y), if any; returns its id."""
        if self.view is None:
            return None
        ship_id = pick_ship(self.surface.camera, self.scene.root, self.view, (x, y), self.aspect)
        if ship_id is not None:
            self.select(ship_id)
        return ship_id

    def wheel(self, notches: int) -> None:
        """The mouse wheel: scroll the event log when over it, else zoom."""
        p = self._pointer
        mw = self.surface.mouse
        if mw is not None and mw.hasMouse():
            m = mw.getMouse()
            p = (float(m[0]), float(m[1]))
        if p is not None and self.log.contains(p[0] * self.aspect, p[1]):
            self.log.scroll(-notches * LOG_WHEEL_LINES)
        else:
            self.orbit.zoom(notches)


def _start_export(argv: list[str]) -> Any:
    """Start a render in its own process, so the viewer keeps playing while it works."""
    import subprocess

    return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# --- `trek view` --------------------------------------------------------------------------------------

def display_available() -> bool:
    """Whether a window can open here (an X or Wayland display on Linux; always elsewhere)."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def run_viewer(path: str | Path, *, at: int | None = None, camera: str = "top",
               size: tuple[int, int] = (1280, 720), loaded: LoadedReplay | None = None) -> int:
    """Open a window on the replay at ``path`` and run until the user quits."""
    from panda3d.core import loadPrcFileData

    loaded = loaded or load_timeline(path)
    loadPrcFileData("trek-view", "\n".join((
        f"window-title Trek replay: {loaded.title}",
        f"win-size {size[0]} {size[1]}",
        "audio-library-name null",
        "sync-video true",
        "print-pipe-types false",
        "notify-level-display error",
        "notify-level-device fatal",
        "notify-level-glxdisplay error",
        "notify-level-x11display error",
        "framebuffer-multisample 1",
        "multisamples 4",
    )))
    from direct.showbase.ShowBase import ShowBase

    base = ShowBase()
    base.disableMouse()
    base.win.setClearColor(CLEAR_COLOUR)
    base.setFrameRateMeter(False)
    viewer = Viewer(base, loaded, camera=camera, at=at)

    def finish() -> None:
        viewer.destroy()
        base.userExit()

    viewer.on_quit = finish
    base.run()
    return 0

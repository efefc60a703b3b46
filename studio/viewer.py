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

from panda3d.core import ClockObject

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.timeline import Moment
from engine.view import TableView
from studio.camera import CameraPose, CameraRig, OrbitController, Transition
from studio.hud import Hud
from studio.offscreen import CLEAR_COLOUR
from studio.picking import pick_ship, table_point
from studio.playback import Playback, Unit
from studio.scene import Scene
from studio.surface import Surface, window_surface
from studio.teach import DialFan
from studio.viewer_camera import CAMERAS, TRANSITION_S, ViewerCamera, resolve_ship
from studio.viewer_input import ViewerInput
from studio.viewer_overlays import OverlayKeys
from studio.viewer_panels import ViewerPanels
from studio.viewer_playback import PlaybackKeys
from studio.widgets import EventLog, HelpOverlay, ScrubBar, Toast

__all__ = ["CAMERAS", "TRANSITION_S", "Viewer", "display_available", "resolve_ship", "run_viewer"]
MAX_DT: Final = 0.25  # a slow frame (window opening, a hitch) slows playback rather than skipping it


# --- the viewer -------------------------------------------------------------------------------------

class Viewer:
    """A replay on screen with playback, camera, overlays, HUD, scrub bar, event log and help.

    It composes one part per concern, each given the nodes, window and task manager it works with:
    :class:`~studio.viewer_playback.PlaybackKeys` (the clock and its keys),
    :class:`~studio.viewer_overlays.OverlayKeys` (overlays, dial fan-out, captions),
    :class:`~studio.viewer_panels.ViewerPanels` (HUD, scrub bar, event log, toast, help),
    :class:`~studio.viewer_camera.ViewerCamera` (presets, transitions, the orbit) and
    :class:`~studio.viewer_input.ViewerInput` (key bindings, clicks, the wheel); the viewer itself
    holds the selection and the ruler, and syncs the scene and the panels to the playback time.

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
        self.selected: str | None = None
        self.ruler: tuple[str, str] | None = None  # (from, to): the ship clicked before the selected one
        self.exporter: Callable[[list[str]], Any] = _start_export  # runs `trek render --attack N`
        self.quit_requested = False
        self.on_quit = on_quit or (showbase.userExit if self.surface.window else None)
        self.moment: Moment | None = None
        self.view: TableView | None = None
        self._drawn: tuple[Any, ...] | None = None
        self._moment_cache: tuple[float, Moment] | None = None

        self.keys = PlaybackKeys(self.timeline, notify=self.notify, recentre=self._recentre, refresh=self.refresh)
        self.root = self.surface.render.attachNewNode("viewer")
        self.scene = Scene(self.root, tinydisplay=self.surface.tinydisplay)
        self.shown = OverlayKeys(self.root, overlays, notify=self.notify, refresh=self.refresh)
        self.cam = ViewerCamera(self.surface.camera, self.aspect, self.surface.mouse, showbase.taskMgr,
                                clear_area=self.clear_area, follow_area=self.follow_area, on_free=self.refresh)
        names = [str(side.get("name", "")) for side in loaded.sides]
        self.panels = ViewerPanels(self.surface.overlay, self.aspect, self.timeline, title=loaded.title,
                                   fleet_names=names, log=log)
        self.input = ViewerInput(self, self.surface.mouse, self.panels, self.cam.orbit, aspect=lambda: self.aspect,
                                 jump_fraction=self.jump_fraction, jump_event=self.jump_event, pick=self.pick,
                                 window_event=self._window_event if self.surface.window else None,
                                 aim=self.table_point)

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

    # --- the parts, as the viewer's own attributes (tests and tools read them) --------------------
    @property
    def playback(self) -> Playback:
        return self.keys.playback

    @property
    def overlays(self) -> set[str]:
        return self.shown.on

    @overlays.setter
    def overlays(self, names: set[str]) -> None:
        self.shown.on = names

    @property
    def captions(self) -> bool:
        return self.shown.captions

    @captions.setter
    def captions(self, on: bool) -> None:
        self.shown.captions = on

    @property
    def dial_on(self) -> bool:
        return self.shown.dial_on

    @dial_on.setter
    def dial_on(self, on: bool) -> None:
        self.shown.dial_on = on

    @property
    def dial_fan(self) -> DialFan:
        return self.shown.dial_fan

    @property
    def hud(self) -> Hud:
        return self.panels.hud

    @property
    def scrub(self) -> ScrubBar:
        return self.panels.scrub

    @property
    def log(self) -> EventLog:
        return self.panels.log

    @property
    def toast(self) -> Toast:
        return self.panels.toast

    @property
    def help(self) -> HelpOverlay:
        return self.panels.help

    @property
    def rig(self) -> CameraRig:
        return self.cam.rig

    @property
    def orbit(self) -> OrbitController:
        return self.cam.orbit

    @property
    def transition(self) -> Transition | None:
        return self.cam.transition

    @property
    def camera_mode(self) -> str:
        return self.cam.mode

    # --- the window -------------------------------------------------------------------------------
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
        self.cam.resize(aspect)
        self.panels.resize(aspect)
        self._drawn = None
        self.refresh()
        self.cam.reframe(self.view, self.clock)

    def clear_area(self) -> tuple[float, float, float, float]:
        """The part of the window the panels leave clear (:meth:`ViewerPanels.clear_area`)."""
        return self.panels.clear_area()

    def follow_area(self) -> tuple[float, float, float, float]:
        """Where the follow camera keeps its ship: the clear area, above the dice strip too."""
        return self.panels.follow_area()

    def camera_pose(self, name: str) -> CameraPose:
        """The pose of camera preset ``name`` for this viewer (:meth:`ViewerCamera.pose`)."""
        assert self.view is not None
        return self.cam.pose(name, self.view)

    def destroy(self) -> None:
        """Remove every node, task and binding this viewer made."""
        if self._destroyed:
            return
        self._destroyed = True
        self.input.destroy()
        if self._task is not None:
            self.showbase.taskMgr.remove(self._task)
        self.cam.destroy()
        self.panels.destroy()
        self.root.removeNode()

    # --- the frame ------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """One frame: advance the clock by ``dt`` real seconds, then sync everything to it."""
        dt = max(float(dt), 0.0)
        self.clock += dt
        scrubbed = self.input.frame()
        if scrubbed is not None:
            self.playback.seek_fraction(scrubbed)
        self.playback.advance(dt)
        self.refresh()
        self.cam.update(self._follow_pose() if self.camera_mode == "follow" else None, self.clock)
        self.toast.update(self.clock)

    def moment_at(self, time: float) -> Moment:
        if self._moment_cache is None or self._moment_cache[0] != time:
            self._moment_cache = (time, self.timeline.moment(time))
        return self._moment_cache[1]

    def refresh(self) -> None:
        """Sync the scene, HUD and widgets to the playback time (only what changed)."""
        pb = self.playback
        scene_key = (pb.time, frozenset(self.overlays), (self.selected, self.ruler), self.captions)
        key = (*scene_key, pb.playing, pb.speed, self.camera_mode, self.dial_on)
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
            self.panels.update(m, self.timeline, captions=self.captions)
        self.scrub.update(pb.fraction, self.status_line(m))
        self.moment, self.view = m, view
        self.shown.update(view, self._focus())
        self._drawn = key

    def status_line(self, m: Moment) -> str:
        return self.keys.status_line(m, self.camera_mode)

    def _recentre(self) -> None:
        self.log.recentre()

    # --- playback keys --------------------------------------------------------------------------
    def toggle_play(self) -> None:
        self.keys.toggle_play()

    def step(self, direction: int, unit: Unit = "event") -> None:
        self.keys.step(direction, unit)

    def home(self) -> None:
        self.keys.home()

    def end(self) -> None:
        self.keys.end()

    def faster(self) -> None:
        self.keys.faster()

    def slower(self) -> None:
        self.keys.slower()

    def jump_event(self, index: int) -> None:
        """Jump to the start of event ``index``."""
        self.keys.jump_event(index)

    def jump_fraction(self, fraction: float) -> None:
        self.keys.jump_fraction(fraction)

    # --- overlay and panel keys -----------------------------------------------------------------------
    def toggle_dial(self) -> bool:
        """Show every maneuver on the selected ship's dial (grey where it would be blocked)."""
        return self.shown.toggle_dial(self._focus())

    def toggle_overlay(self, name: str) -> bool:
        return self.shown.toggle_overlay(name, self.view, self._focus())

    def toggle_captions(self) -> None:
        self.shown.toggle_captions()

    def toggle_log(self) -> None:
        self.set_log(not self.log.visible)
        self.notify("Event log " + ("shown" if self.log.visible else "hidden"))

    def set_log(self, visible: bool) -> None:
        """Show or hide the event log (the HUD and the top view make room for it)."""
        if self.panels.set_log(visible):
            self.cam.reframe(self.view, self.clock)

    def toggle_help(self) -> None:
        self.help.toggle()

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
        self.exporter([sys.executable, "-m", "trek.main", "render", str(self.loaded.path), "--attack", str(n),
                       "-o", str(out), "--no-progress"])
        self.notify(f"Exporting attack {n} to {out.name}")
        return out

    def quit(self) -> None:
        self.quit_requested = True
        if self.on_quit is not None:
            self.on_quit()

    def notify(self, message: str) -> None:
        self.panels.notify(message, self.clock)

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
            if target is not None:
                self.cam.glide(target, self.clock)

    def _focus(self) -> str | None:
        """The ship the follow camera and range bands use: the selected one, else the active one."""
        view = self.view
        if view is None:
            return self.selected
        if self.selected is not None and view.ship(self.selected) is not None:
            return self.selected
        return view.selected if view.selected is not None and view.ship(view.selected) is not None else None

    def _follow_pose(self) -> CameraPose | None:
        return self.cam.follow_pose(self.view, self._focus())

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
        self.cam.go(kind, target, self.clock, smooth)
        if self.transition is not None:
            self.notify(f"Camera: {kind}")
        self.refresh()

    # --- the mouse (:class:`ViewerInput`) ------------------------------------------------------------
    def move_pointer(self, x: float, y: float) -> None:
        """Where the mouse is (window units, -1..1), for tests and surfaces without a mouse."""
        self.input.move_pointer(x, y)

    def press(self, x: float, y: float) -> None:
        """Left button down at window point (x, y) (-1..1 left to right, bottom to top)."""
        self.input.press(x, y)

    def release(self, x: float, y: float) -> None:
        self.input.release(x, y)

    def click(self, x: float, y: float) -> None:
        """A left click at window point (x, y)."""
        self.input.click(x, y)

    def wheel(self, notches: int) -> None:
        """The mouse wheel: scroll the event log when over it, else zoom toward the cursor."""
        self.input.wheel(notches)

    def table_point(self, x: float, y: float) -> tuple[float, float] | None:
        """The table point under window point (x, y) (-1..1 both ways)."""
        return table_point(self.surface.camera, self.scene.root, (x, y))

    def pick(self, x: float, y: float) -> str | None:
        """Select the ship at window point (x, y), if any; returns its id."""
        if self.view is None:
            return None
        ship_id = pick_ship(self.surface.camera, self.scene.root, self.view, (x, y), self.aspect)
        if ship_id is not None:
            self.select(ship_id)
        return ship_id


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

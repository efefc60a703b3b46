"""The viewer's keys and mouse: every shortcut bound to its handler, clicks, drags of the scrub bar, the wheel.

:class:`ViewerInput` accepts, through its own ``DirectObject`` on the messenger, every event of
:data:`studio.shortcuts.SHORTCUTS` (calling the handler's method the table names), the left button and the
wheel, and the window's resize events. A press and release close together is a click: on the help it
closes the help, on the scrub bar it jumps there (and a drag scrubs), on the event log it jumps to the
line's event, on the table it picks a ship. The wheel scrolls the log when over it and zooms otherwise.
Tests call :meth:`press`, :meth:`release`, :meth:`click` and :meth:`wheel` with window points directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from direct.showbase.DirectObject import DirectObject

from studio.camera import OrbitController
from studio.shortcuts import SHORTCUTS
from studio.viewer_panels import ViewerPanels

CLICK_SLOP: Final = 0.012  # a press and release closer than this (window units) is a click, not a drag
LOG_WHEEL_LINES: Final = 3
Point = tuple[float, float]


class ViewerInput:
    """Keys and the mouse of one viewer: ``handler`` has the methods the shortcuts name."""

    def __init__(self, handler: object, mouse: Any, panels: ViewerPanels, orbit: OrbitController, *,
                 aspect: Callable[[], float], jump_fraction: Callable[[float], None],
                 jump_event: Callable[[int], None], pick: Callable[[float, float], object],
                 window_event: Callable[[Any], None] | None = None,
                 aim: Callable[[float, float], tuple[float, float] | None] | None = None) -> None:
        self.mouse = mouse
        self.panels, self.orbit = panels, orbit
        self._aspect, self._jump_fraction, self._jump_event, self._pick = aspect, jump_fraction, jump_event, pick
        self._aim = aim  # the table point under a window point (the wheel zooms toward it)
        self.pointer: Point | None = None
        self.scrubbing = False
        self._press: Point | None = None
        self.events = DirectObject()
        for s in SHORTCUTS:
            if s.action:
                method = getattr(handler, s.action)
                for event in s.events:
                    self.events.accept(event, self._call, [method, s.args])
        self.events.accept("mouse1", self._mouse, [True])
        self.events.accept("mouse1-up", self._mouse, [False])
        self.events.accept("wheel_up", self.wheel, [1])
        self.events.accept("wheel_down", self.wheel, [-1])
        if window_event is not None:
            self.events.accept("window-event", window_event)

    @staticmethod
    def _call(method: Callable[..., Any], args: tuple[Any, ...]) -> None:
        method(*args)

    def _mouse(self, down: bool) -> None:
        mw = self.mouse
        if mw is None or not mw.hasMouse():
            return
        m = mw.getMouse()
        if down:
            self.press(float(m[0]), float(m[1]))
        else:
            self.release(float(m[0]), float(m[1]))

    def frame(self) -> float | None:
        """Each frame: where the mouse is; while the scrub bar is dragged, the fraction it is at."""
        mw = self.mouse
        if mw is not None and mw.hasMouse():
            m = mw.getMouse()
            self.pointer = (float(m[0]), float(m[1]))
        if self.scrubbing and self.pointer is not None:
            return self.panels.scrub.fraction_at(self.pointer[0] * self._aspect())
        return None

    def move_pointer(self, x: float, y: float) -> None:
        """Where the mouse is (window units, -1..1), for tests and surfaces without a mouse."""
        self.pointer = (x, y)

    def press(self, x: float, y: float) -> None:
        """Left button down at window point (x, y) (-1..1 left to right, bottom to top)."""
        self.pointer = (x, y)
        ax = x * self._aspect()
        p = self.panels
        if p.help.visible:
            p.help.hide()
            self.orbit.enabled = False
            return
        if p.scrub.contains(ax, y):
            self.orbit.enabled = False
            if p.scrub.on_track(ax, y):
                self.scrubbing = True
                self._jump_fraction(p.scrub.fraction_at(ax))
            return
        if p.log.contains(ax, y):
            self.orbit.enabled = False
            index = p.log.line_at(ax, y)
            if index is not None:
                self._jump_event(index)
            return
        self._press = (x, y)

    def release(self, x: float, y: float) -> None:
        self.pointer = (x, y)
        if self.scrubbing:
            self._jump_fraction(self.panels.scrub.fraction_at(x * self._aspect()))
        elif self._press is not None and abs(x - self._press[0]) + abs(y - self._press[1]) <= CLICK_SLOP:
            self._pick(x, y)
        self.scrubbing = False
        self._press = None
        self.orbit.enabled = True

    def click(self, x: float, y: float) -> None:
        """A left click at window point (x, y)."""
        self.press(x, y)
        self.release(x, y)

    def wheel(self, notches: int) -> None:
        """The mouse wheel: scroll the event log when over it, else zoom toward the point under the
        cursor (it stays under the cursor, as a map's zoom does)."""
        p = self.pointer
        mw = self.mouse
        if mw is not None and mw.hasMouse():
            m = mw.getMouse()
            p = (float(m[0]), float(m[1]))
        if p is not None and self.panels.log.contains(p[0] * self._aspect(), p[1]):
            self.panels.log.scroll(-notches * LOG_WHEEL_LINES)
        else:
            at = self._aim(*p) if p is not None and self._aim is not None else None
            self.orbit.zoom(notches, None if at is None else (at[0], at[1], 0.0))

    def destroy(self) -> None:
        self.events.ignoreAll()

"""The viewer's playback keys: play and pause, step by event, phase or round, home and end, speed, jumps.

:class:`PlaybackKeys` holds the :class:`~studio.playback.Playback` clock over the Timeline and turns each
key into a move of it; it says what it did in a toast (``notify``), brings the event log back to the
event on screen after a jump (``recentre``) and asks the viewer to draw the new time (``refresh``):
the viewer hands it those three callables, and it draws nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.timeline import Moment, Timeline
from studio.playback import Playback, Unit
from studio.widgets import clock


class PlaybackKeys:
    """Playback over ``timeline``, driven by keys and clicks."""

    def __init__(self, timeline: Timeline, *, notify: Callable[[str], None], recentre: Callable[[], None],
                 refresh: Callable[[], None]) -> None:
        self.timeline = timeline
        self.playback = Playback(timeline)
        self._notify, self._recentre, self._refresh = notify, recentre, refresh

    def _jumped(self) -> None:
        self._recentre()
        self._refresh()

    def toggle_play(self) -> None:
        playing = self.playback.toggle()
        self._recentre()
        self._notify("Playing" if playing else "Paused")
        self._refresh()

    def step(self, direction: int, unit: Unit = "event") -> None:
        self.playback.step(direction, unit)
        self._jumped()

    def home(self) -> None:
        self.playback.home()
        self._jumped()

    def end(self) -> None:
        self.playback.end()
        self._jumped()

    def faster(self) -> None:
        self._notify(f"Speed {self.playback.faster():g}x")
        self._refresh()

    def slower(self) -> None:
        self._notify(f"Speed {self.playback.slower():g}x")
        self._refresh()

    def jump_event(self, index: int) -> None:
        """Jump to the start of event ``index``."""
        self.playback.seek_event(index)
        self._jumped()

    def jump_fraction(self, fraction: float) -> None:
        self.playback.seek_fraction(fraction)
        self._jumped()

    def status_line(self, m: Moment, camera_mode: str) -> str:
        """The scrub bar's line: playing or not, the speed, where in the game, the clock and the camera."""
        pb = self.playback
        state = "Playing" if pb.playing else ("End" if pb.at_end else "Paused")
        speed = f"{pb.speed:g}x"
        where = f"Round {m.round} {m.phase.capitalize()}" if m.round else "Setup"
        return (f"{state} {speed}    {where}    event {max(m.index, 0)} of {len(self.timeline)}    "
                f"{clock(pb.time)} / {clock(pb.duration)}    camera {camera_mode}    h: help")

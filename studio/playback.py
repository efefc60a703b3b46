"""The viewer's playback controller: a clock over a Timeline. Pure Python, no Panda3D.

:class:`Playback` holds the playback time (seconds into the Timeline), whether it is playing,
and the speed (0.25x to 8x in doubling steps). ``advance(dt)`` moves the clock by real
seconds times the speed and stops at the end; seeking (to a time, a fraction of the duration or an event) sets it at
once and keeps playing if it played; stepping (by event, phase or round), home and end pause.
A jump costs one ``Timeline.moment`` whatever its length. The viewer reads :attr:`Playback.time` each frame.
"""

from __future__ import annotations

import math
from typing import Final, Literal, Protocol

SPEEDS: Final = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
Unit = Literal["event", "phase", "round"]
STEP_KINDS: Final[dict[str, tuple[str, ...]]] = {
    "event": (), "phase": ("phase_started",), "round": ("round_started",),
}


class TimelineLike(Protocol):
    """What the controller needs of ``engine.timeline.Timeline``."""

    @property
    def duration(self) -> float: ...

    def __len__(self) -> int: ...

    def start_of(self, index: int) -> float: ...

    def index_at(self, time: float) -> int: ...

    def step(self, time: float, direction: int, kinds: tuple[str, ...] = ()) -> float: ...


def snap_speed(speed: float) -> float:
    """The speed step nearest ``speed`` (ratio-wise), within 0.25x..8x."""
    if not speed > 0:  # also NaN
        return SPEEDS[0]
    return min(SPEEDS, key=lambda s: abs(math.log2(s) - math.log2(speed)))


class Playback:
    """Clock time, playing or paused, and speed over a timeline."""

    def __init__(self, timeline: TimelineLike, *, time: float = 0.0, speed: float = 1.0,
                 playing: bool = False) -> None:
        self.timeline = timeline
        self._time = 0.0
        self._speed = snap_speed(speed)
        self.playing = False
        self.seek(time)
        if playing:
            self.play()

    # --- state ------------------------------------------------------------------------------
    @property
    def time(self) -> float:
        return self._time

    @property
    def duration(self) -> float:
        return float(self.timeline.duration)

    @property
    def speed(self) -> float:
        return self._speed

    @property
    def fraction(self) -> float:
        """How far through the timeline (0..1)."""
        return self._time / self.duration if self.duration > 0 else 0.0

    @property
    def index(self) -> int:
        """The event in progress (-1 before the first)."""
        return self.timeline.index_at(self._time)

    @property
    def at_end(self) -> bool:
        return self._time >= self.duration

    # --- play, pause, speed -------------------------------------------------------------------
    def play(self) -> None:
        """Play from here (from the start when at the end)."""
        if self.at_end:
            self._time = 0.0
        self.playing = self.duration > 0

    def pause(self) -> None:
        self.playing = False

    def toggle(self) -> bool:
        """Play or pause; returns whether it now plays."""
        if self.playing:
            self.pause()
        else:
            self.play()
        return self.playing

    def set_speed(self, speed: float) -> float:
        self._speed = snap_speed(speed)
        return self._speed

    def faster(self) -> float:
        """The next speed step up (stays at 8x)."""
        i = SPEEDS.index(self._speed)
        self._speed = SPEEDS[min(i + 1, len(SPEEDS) - 1)]
        return self._speed

    def slower(self) -> float:
        """The next speed step down (stays at 0.25x)."""
        i = SPEEDS.index(self._speed)
        self._speed = SPEEDS[max(i - 1, 0)]
        return self._speed

    def advance(self, dt: float) -> float:
        """Move the clock by ``dt`` real seconds at the current speed (when playing); stops at
        the end. Returns the new time."""
        if self.playing and dt > 0:
            self._time = min(self._time + dt * self._speed, self.duration)
            if self.at_end:
                self.playing = False
        return self._time

    # --- jumps ---------------------------------------------------------------------
    def seek(self, time: float) -> float:
        """Jump to ``time`` seconds (clamped to the timeline)."""
        t = float(time)
        self._time = min(max(t, 0.0), self.duration) if t == t else 0.0
        return self._time

    def seek_fraction(self, fraction: float) -> float:
        """Jump to a fraction (0..1) of the duration (the scrub bar)."""
        f = float(fraction)
        return self.seek(min(max(f if f == f else 0.0, 0.0), 1.0) * self.duration)

    def seek_event(self, index: int) -> float:
        """Jump to the start of event ``index`` (clamped to the events; -1 for the start)."""
        n = len(self.timeline)
        if n == 0 or index < 0:
            return self.seek(0.0)
        return self.seek(self.timeline.start_of(min(index, n - 1)))

    def step(self, direction: int, unit: Unit = "event") -> float:
        """Pause and go to the next (+1) or previous (-1) event, phase or round start."""
        if unit not in STEP_KINDS:
            raise ValueError(f"unknown step unit {unit!r}: use event, phase or round")
        self.pause()
        if len(self.timeline) == 0:
            return self.seek(0.0)
        kinds = STEP_KINDS[unit]
        if direction > 0:
            return self.seek(self.timeline.step(self._time, 1, kinds))
        # Timeline.step(-1) can land on the time it started from (a zero-length event just before,
        # which starts at the same time); look again from just before it
        target = self.timeline.step(self._time, -1, kinds)
        while target >= self._time - 1e-9 and target > 0:
            target = self.timeline.step(target - 1e-6, -1, kinds)
        return self.seek(target)

    def home(self) -> float:
        self.pause()
        return self.seek(0.0)

    def end(self) -> float:
        self.pause()
        return self.seek(self.duration)

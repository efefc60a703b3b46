"""The frame plan of a battle-report video: which playback time each frame shows. Pure: no
Panda3D, no files; the options are checked here too (format, size), so a bad option fails before
anything renders.

Frame count (``VideoPlan``):

    title = round(TITLE_SECONDS * fps)
    game  = floor((t1 - t0) * fps / speed + 1e-6) + 1
    end   = round(END_SECONDS * fps)
    total = title + game + end

where [t0, t1] is the playback span (the whole game; ``rounds=(A, B)``: from the start of
round A, or 0 for A = 1, to the start of round B + 1 or the end of the game; a clip
(:func:`event_span`, :func:`attack_span`): events A to B, or the game's Nth attack) and game frame k
shows playback time ``t0 + k * speed / fps``, except the last, which shows the span's last event
done (``VideoPlan.last``: never the first event after the span, e.g. round B + 1's banner). The
last ``FADE_SECONDS`` of the title card dissolve into the first game frame, and the first
``FADE_SECONDS`` of the end card dissolve in from the last one, without changing the count.
Every frame is a pure function of (replay, options, frame number): the same input gives the same
frames in any order. The camera option is checked here too (:func:`resolve_camera`).
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from engine.errors import TrekError
from engine.replay_timeline import LoadedReplay
from engine.timeline import Moment, Timeline

Format = Literal["mp4", "gif", "png"]
FORMATS: Final = ("mp4", "gif", "png")
TITLE_SECONDS: Final = 3.0
END_SECONDS: Final = 4.0
FADE_SECONDS: Final = 0.5
DEFAULTS: Final[dict[str, tuple[tuple[int, int], int]]] = {
    "mp4": ((1280, 720), 30), "gif": ((640, 360), 10), "png": ((1280, 720), 30),
}


class VideoError(TrekError):
    """A video cannot be made with these options (size, rounds, camera, output path...)."""


# --- the plan: which playback time each frame shows ----------------------------------------------

def round_span(timeline: Timeline, rounds: tuple[int, int] | None) -> tuple[float, float]:
    """Playback span from the start of round A to the end of round B (the whole game for None)."""
    if rounds is None:
        return 0.0, timeline.duration
    first, last = rounds
    starts: dict[int, float] = {}
    for start, round_, _ in timeline.marks:
        if round_ >= 1 and round_ not in starts:
            starts[round_] = start
    if not starts:
        raise VideoError("the replay has no rounds")
    top = max(starts)
    if not (1 <= first <= last <= top):
        raise VideoError(f"--rounds {first}-{last} is outside the replay's rounds 1-{top}")
    t0 = 0.0 if first == 1 else starts[first]
    t1 = starts[last + 1] if last + 1 in starts else timeline.duration
    return t0, t1


@dataclass(frozen=True)
class VideoPlan:
    """How many frames of each part, and the playback time of each game frame."""

    fps: float
    speed: float
    start: float
    end: float
    title_frames: int
    game_frames: int
    end_frames: int
    fade_frames: int
    last: int | None = None  # the event whose end the last game frame shows (None: the frame at ``end``)

    @property
    def total(self) -> int:
        return self.title_frames + self.game_frames + self.end_frames

    @property
    def seconds(self) -> float:
        return self.total / self.fps

    def time_of(self, k: int) -> float:
        """Playback time of game frame ``k``."""
        return min(self.start + k * self.speed / self.fps, self.end)

    def first_frame(self, t: float) -> int:
        """The first game frame that shows playback time ``t`` or later (by :meth:`time_of`'s own
        arithmetic: a frame shows an event once its time has reached the event's start)."""
        last = self.game_frames - 1
        k = min(max(math.floor((t - self.start) * self.fps / self.speed), 0), last)
        while k < last and self.time_of(k) < t:
            k += 1
        while k > 0 and self.time_of(k - 1) >= t:
            k -= 1
        return k

    def video_seconds(self, t: float) -> float:
        """Where playback time ``t`` of the game first appears in the video, after the title card."""
        return (self.title_frames + self.first_frame(t)) / self.fps

    def moment_of(self, timeline: Timeline, k: int) -> Moment:
        """The moment game frame ``k`` shows: the one at :meth:`time_of`, the last frame the span's end."""
        if k >= self.game_frames - 1 and self.last is not None:
            return timeline.moment_after(self.last)
        return timeline.moment(self.time_of(k))


def last_before(timeline: Timeline, t1: float) -> int:
    """The last event that starts before playback time ``t1`` (the last event for the game's end)."""
    if t1 >= timeline.duration:
        return len(timeline) - 1
    return bisect.bisect_left(timeline.starts, t1) - 1


def event_span(timeline: Timeline, events: tuple[int, int]) -> tuple[float, float]:
    """Playback span from the start of event A to the end of event B (a clip)."""
    first, last = events
    if not 0 <= first <= last < len(timeline):
        raise VideoError(f"--events {first}-{last} is outside the replay's events 0-{len(timeline) - 1}")
    return timeline.start_of(first), timeline.start_of(last + 1)


ATTACK_LEAD: Final = 0.6  # seconds of playback shown before an attack clip's declaration


def attacks(timeline: Timeline) -> list[int]:
    """The events that declare an attack, in order (attack N is ``attacks(timeline)[N - 1]``)."""
    return [i for i, a in enumerate(timeline.attack_of) if a == i]


def attack_span(timeline: Timeline, n: int) -> tuple[float, float]:
    """Playback span of the game's ``n``-th attack (from 1): a moment before its declaration to the
    end of its last event (its damage, a ship destroyed)."""
    declared = attacks(timeline)
    if not declared:
        raise VideoError("the replay has no attacks")
    if not 1 <= n <= len(declared):
        raise VideoError(f"--attack {n} is outside the replay's attacks 1-{len(declared)}")
    a = declared[n - 1]
    last = attack_last(timeline, a)
    # the lead shows what comes before the declaration (the ship made active), never the end of the
    # attack before it: its dice and damage would open the clip of this one
    lead = timeline.start_of(a) - ATTACK_LEAD
    j = a - 1
    while j >= 0 and timeline.attack_of[j] < 0 and timeline.start_of(j) > lead:
        j -= 1
    floor = timeline.start_of(j + 1) if j >= 0 and timeline.attack_of[j] >= 0 else 0.0
    return max(lead, floor), timeline.start_of(last + 1)


def attack_last(timeline: Timeline, a: int) -> int:
    """The last event of the attack declared by event ``a``."""
    last = a
    while last + 1 < len(timeline) and timeline.attack_of[last + 1] == a:
        last += 1
    return last


def clip_span(timeline: Timeline, events: tuple[int, int] | None,
              attack: int | None) -> tuple[tuple[float, float], int] | None:
    """A clip's playback span and last event: ``events`` (A, B) or the ``attack``-th attack (None: neither)."""
    if events is not None:
        return event_span(timeline, events), events[1]
    if attack is not None:
        span = attack_span(timeline, attack)
        return span, attack_last(timeline, attacks(timeline)[attack - 1])
    return None


def plan_video(timeline: Timeline, fps: float, speed: float = 1.0, rounds: tuple[int, int] | None = None,
               cards: bool = True, span: tuple[float, float] | None = None, last: int | None = None) -> VideoPlan:
    """The frames of a video of ``rounds`` (or of a clip's playback ``span`` whose ``last`` event is
    the last one it shows; default: the last that starts before the span's end)."""
    t0, t1 = span if span is not None else round_span(timeline, rounds)
    last = last_before(timeline, t1) if last is None else last
    game = math.floor((t1 - t0) * fps / speed + 1e-6) + 1
    title = round(TITLE_SECONDS * fps) if cards else 0
    end = round(END_SECONDS * fps) if cards else 0
    fade = min(round(FADE_SECONDS * fps), title, end) if cards else 0
    return VideoPlan(fps, speed, t0, t1, title, game, end, fade, last if len(timeline) else None)


def infer_format(out: Path, format: str | None) -> Format:
    if format is not None:
        if format not in FORMATS:
            raise VideoError(f"unknown format {format!r}: use mp4, gif or png")
        return format  # type: ignore[return-value]
    suffix = out.suffix.lower()
    if suffix in (".mp4", ".m4v"):
        return "mp4"
    if suffix == ".gif":
        return "gif"
    if suffix == "":
        return "png"
    raise VideoError(f"cannot tell the format from {out.name!r}: name it .mp4 or .gif, or give --format")


def check_size(size: tuple[int, int], fmt: str) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    if not (64 <= w <= 3840 and 64 <= h <= 2160):
        raise VideoError(f"size {w}x{h} is out of range: width 64..3840, height 64..2160")
    if fmt == "mp4" and (w % 2 or h % 2):
        raise VideoError(f"size {w}x{h}: H.264 (yuv420p) needs an even width and height")
    return w, h


def moment_after(timeline: Timeline, n: int) -> Moment:
    """The moment at the end of event ``n`` (-1: before the first event), exactly: the state after
    event ``n`` with its move finished, even for events that take no playback time."""
    if not -1 <= n < len(timeline):
        last = f"-1 to {len(timeline) - 1}" if len(timeline) else "-1 (the replay has no events)"
        raise VideoError(f"there is no event {n}: use {last}")
    return timeline.moment_after(n)


def ship_ids(loaded: LoadedReplay) -> dict[str, str]:
    """Ship id -> name, for ``follow:SHIP`` (an id or a name, any case)."""
    return {p.id: p.name for p in loaded.timeline.roster}


def resolve_camera(loaded: LoadedReplay, camera: str) -> str:
    """Check a camera name; ``follow:NAME`` becomes ``follow:ID``."""
    kind, _, ship = camera.partition(":")
    if kind in ("director", "top", "table") and not ship:
        return kind
    if kind != "follow":
        raise VideoError(f"unknown camera {camera!r}: use director, top, table or follow:SHIP")
    ids = ship_ids(loaded)
    if not ship:
        raise VideoError(f"follow needs a ship: follow:ID or follow:NAME; ships: {', '.join(ids)}")
    if ship in ids:
        return f"follow:{ship}"
    matches = [i for i, n in ids.items() if n.lower() == ship.lower() or i.lower() == ship.lower()]
    if not matches:
        matches = [i for i, n in ids.items() if ship.lower() in n.lower()]
    if len(matches) != 1:
        choices = ", ".join(f"{i} ({n})" for i, n in ids.items())
        raise VideoError(f"camera {camera!r}: {'no' if not matches else 'more than one'} ship matches; "
                         f"ships: {choices}")
    return f"follow:{matches[0]}"

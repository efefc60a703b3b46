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
shows playback time ``t0 + k * speed / fps``. The last ``FADE_SECONDS`` of the title card
dissolve into the first game frame, and the first ``FADE_SECONDS`` of the end card dissolve in
from the last one, without changing the count. Every frame is a pure function of (replay,
options, frame number): the same input gives the same frames in any order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from engine.errors import TrekError
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

    @property
    def total(self) -> int:
        return self.title_frames + self.game_frames + self.end_frames

    @property
    def seconds(self) -> float:
        return self.total / self.fps

    def time_of(self, k: int) -> float:
        """Playback time of game frame ``k``."""
        return min(self.start + k * self.speed / self.fps, self.end)


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
    last = a
    while last + 1 < len(timeline) and timeline.attack_of[last + 1] == a:
        last += 1
    return max(timeline.start_of(a) - ATTACK_LEAD, 0.0), timeline.start_of(last + 1)


def plan_video(timeline: Timeline, fps: float, speed: float = 1.0, rounds: tuple[int, int] | None = None,
               cards: bool = True, span: tuple[float, float] | None = None) -> VideoPlan:
    """The frames of a video of ``rounds`` (or of a clip's playback ``span``)."""
    t0, t1 = span if span is not None else round_span(timeline, rounds)
    game = math.floor((t1 - t0) * fps / speed + 1e-6) + 1
    title = round(TITLE_SECONDS * fps) if cards else 0
    end = round(END_SECONDS * fps) if cards else 0
    fade = min(round(FADE_SECONDS * fps), title, end) if cards else 0
    return VideoPlan(fps, speed, t0, t1, title, game, end, fade)


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


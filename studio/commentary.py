"""A video maker's own words over a battle report: `trek render --commentary FILE`.

A commentary file is plain text (UTF-8), a line per remark, each timed by the video's clock or by
an event of the game, ``#`` starting a comment::

    # my notes for the skirmish, seed 4
    0:05 The Federation deploys wide
    @141 Here it goes wrong: the Defiant turns into the asteroids
    1:02.5 Three hits and a crit

``M:SS`` (or ``H:MM:SS``, seconds may have decimals) is the time in the video as a player shows it;
``@N`` the moment event N begins on screen (whatever the speed or the rounds rendered). A remark is
shown in place of the caption line from its time until the next remark or for
:data:`HOLD_SECONDS`, whichever comes first; the subtitles say the same. The file is untrusted
input: bounded in size, every bad line named with its number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from engine.errors import TrekError
from engine.io.reading import printable, read_bytes
from engine.timeline import Timeline
from studio.frame_plan import VideoPlan
from studio.win_graph import WinCurve

MAX_LINES: Final = 5000
MAX_TEXT: Final = 200  # a caption line's worth
HOLD_SECONDS: Final = 8.0
MAX_TITLE: Final = 80
_LINE = re.compile(r"(?:(?P<clock>(?:\d{1,2}:)?\d{1,3}:\d{2}(?:\.\d{1,3})?)|@(?P<event>\d{1,7}))\s+(?P<text>\S.*)")


class CommentaryError(TrekError):
    """A commentary file cannot be read: its line number and what is wrong."""


@dataclass(frozen=True)
class Remark:
    """One timed line: at video seconds ``at`` (``event`` None), or when event ``event`` begins."""

    line: int
    text: str
    at: float | None = None
    event: int | None = None


@dataclass(frozen=True)
class Shown:
    """A remark placed on the video: shown from ``start`` to ``end`` (video seconds)."""

    start: float
    end: float
    text: str


def _seconds(clock: str) -> float:
    parts = clock.split(":")
    total = 0.0
    for part in parts[:-1]:
        total = total * 60 + int(part)
    return total * 60 + float(parts[-1])


def parse_commentary(text: str, source: str = "commentary") -> tuple[Remark, ...]:
    """The remarks of a commentary file's text; CommentaryError naming the first bad line."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise CommentaryError(f"{source}: {len(lines)} lines, over the limit of {MAX_LINES}")
    remarks: list[Remark] = []
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            raise CommentaryError(f"{source}, line {n}: expected 'M:SS words' or '@EVENT words', "
                                  f"got {printable(line[:60])!r}")
        words = m.group("text").strip()
        if len(words) > MAX_TEXT:
            raise CommentaryError(f"{source}, line {n}: {len(words)} characters, over the {MAX_TEXT} "
                                  "a caption line holds")
        if any(not ch.isprintable() for ch in words):
            raise CommentaryError(f"{source}, line {n}: a control character in {printable(words[:60])!r}")
        clock = m.group("clock")
        if clock is not None:
            parts = clock.split(":")
            if int(parts[-1].split(".")[0]) >= 60 or (len(parts) == 3 and int(parts[1]) >= 60):
                raise CommentaryError(f"{source}, line {n}: {clock} is not a time (seconds and minutes go to 59)")
            remarks.append(Remark(n, words, at=_seconds(clock)))
        else:
            remarks.append(Remark(n, words, event=int(m.group("event"))))
    return tuple(remarks)


def check_title(text: str | None) -> str | None:
    """A title card's title as given on the command line: one printable line of at most 80 characters."""
    if text is None:
        return None
    title = " ".join(text.split())
    if not title:
        raise CommentaryError("--title is empty")
    if len(title) > MAX_TITLE:
        raise CommentaryError(f"--title has {len(title)} characters; a title card holds {MAX_TITLE}")
    if any(not ch.isprintable() for ch in title):
        raise CommentaryError(f"--title holds a control character: {printable(title)!r}")
    return title


def read_commentary(path: Path) -> tuple[Remark, ...]:
    """A commentary file's remarks (a regular file within the "commentary" cap of engine.io, UTF-8)."""
    data = read_bytes(path, kind="commentary", error=CommentaryError)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CommentaryError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse_commentary(text, str(path))


def place(remarks: Sequence[Remark], plan: VideoPlan, timeline: Timeline) -> tuple[Shown, ...]:
    """Each remark on the video's clock, in order; one timed past the video or by an event the
    video does not show is a CommentaryError naming its line."""
    game_start = plan.title_frames / plan.fps
    game_end = (plan.title_frames + plan.game_frames) / plan.fps
    timed: list[tuple[float, Remark]] = []
    for r in remarks:
        if r.event is not None:
            if not 0 <= r.event < len(timeline):
                raise CommentaryError(f"commentary line {r.line}: there is no event {r.event} "
                                      f"(the replay has events 0 to {len(timeline) - 1})")
            t = timeline.start_of(r.event)
            if not plan.start <= t <= plan.end:
                raise CommentaryError(f"commentary line {r.line}: event {r.event} is not in the video "
                                      "(outside its rounds or clip)")
            timed.append((plan.video_seconds(t), r))
        else:
            assert r.at is not None
            if r.at >= plan.seconds:
                raise CommentaryError(f"commentary line {r.line}: {r.at:g} s is past the video's end "
                                      f"({plan.seconds:.1f} s)")
            timed.append((r.at, r))
    timed.sort(key=lambda item: (item[0], item[1].line))
    shown: list[Shown] = []
    for n, (start, r) in enumerate(timed):
        start = max(start, game_start)  # over the title card there is no caption line to replace
        nxt = timed[n + 1][0] if n + 1 < len(timed) else game_end
        end = min(start + HOLD_SECONDS, max(nxt, start), game_end)
        if end > start:
            shown.append(Shown(start, end, r.text))
    return tuple(shown)


def remark_at(shown: Sequence[Shown], seconds: float) -> str | None:
    """The remark on screen at video time ``seconds`` (None: the game's own caption)."""
    for s in shown:
        if s.start - 1e-9 <= seconds < s.end - 1e-9:
            return s.text
    return None


@dataclass(frozen=True)
class Words:
    """What a video says beside the game: the maker's title (None: the game's) and remarks placed on
    the video, and an analysis's win probability for the end card (picklable: a split render's
    helpers draw them too)."""

    title: str | None = None
    remarks: tuple[Shown, ...] = ()
    curve: WinCurve | None = None


def with_turning_points(remarks: Sequence[Shown], curve: WinCurve, plan: VideoPlan,
                        seconds: float = 4.0) -> tuple[Shown, ...]:
    """``remarks`` and a caption at each of the analysis's turning points in the video (for
    ``seconds``), where the maker says nothing of their own."""
    game_end = (plan.title_frames + plan.game_frames) / plan.fps
    out = list(remarks)
    for t, text in curve.said:
        if not plan.start <= t <= plan.end:
            continue
        start = plan.video_seconds(t)
        end = min(start + seconds, game_end)
        if end > start and not any(r.start < end and start < r.end for r in out):
            out.append(Shown(start, end, text))
    return tuple(sorted(out, key=lambda r: r.start))


NO_WORDS: Final = Words()

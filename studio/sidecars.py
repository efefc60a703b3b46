"""What a battle report carries beside its picture: chapters and subtitles, timed to the video.

Pure (no Panda3D): from a :class:`VideoPlan` and its Timeline. A chapter per round (the title
card and the end card each have one too); a subtitle cue per caption line, the words the HUD's
caption shows while the cue is on screen (``tests/test_sidecars.py`` holds every game frame of a
video to that). Written as files beside the video: ``NAME.chapters.txt`` in the form YouTube reads
from a description ("0:00 Title"), ``NAME.srt`` and ``NAME.vtt``; the MP4 gets the chapters as its
own chapter track (:mod:`studio.mux`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.timeline import Timeline
from studio.commentary import Shown
from studio.frame_plan import VideoPlan


@dataclass(frozen=True)
class Chapter:
    start: float  # video seconds
    end: float
    title: str


@dataclass(frozen=True)
class Cue:
    start: float  # video seconds
    end: float
    text: str
    remark: bool = False  # the maker's own words (--commentary): a cue of its own, never gathered


def chapters(plan: VideoPlan, timeline: Timeline) -> list[Chapter]:
    """The title card, then a chapter per round that starts in the video's span, then the end card."""
    name = getattr(timeline.ruleset, "round_name", "round").capitalize()
    starts: list[tuple[float, str]] = []
    if plan.title_frames:
        starts.append((0.0, "Title"))
    game_start = plan.title_frames / plan.fps
    seen: set[int] = set()
    rounds: list[tuple[float, str]] = []
    for t, round_, _phase in timeline.marks:
        if round_ < 1 or round_ in seen or not plan.start <= t < plan.end:
            continue
        seen.add(round_)
        rounds.append((plan.video_seconds(t), f"{name} {round_}"))
    if rounds and rounds[0][0] > game_start + 1e-9:
        # what comes before the first round in view (setup, or the end of a round begun before the span)
        first = timeline.moment(plan.start).round
        rounds.insert(0, (game_start, "Setup" if first < 1 else f"{name} {first}"))
    if not rounds:
        first = timeline.moment(plan.start).round
        rounds.append((game_start, "Setup" if first < 1 else f"{name} {first}"))
    starts.extend(rounds)
    if plan.end_frames:
        starts.append(((plan.title_frames + plan.game_frames) / plan.fps, "Result"))
    ends = [s for s, _ in starts[1:]] + [plan.seconds]
    return [Chapter(s, e, title) for (s, title), e in zip(starts, ends, strict=True) if e > s]


MIN_CUE_SECONDS = 1.0  # a line on screen for less cannot be read: it shares a cue with the next ones
MAX_CUE_LINES = 3


def cues(plan: VideoPlan, timeline: Timeline, remarks: Sequence[Shown] = ()) -> list[Cue]:
    """A cue per caption the game part of the video shows, from the frame it first appears to the
    frame it is replaced (lines that repeat one after another are one cue; an empty caption none);
    a maker's remark (``--commentary``) in place of the caption while it is on screen. Captions
    shown for less than a second (a dial set, a phase begun) are gathered, up to three lines, into
    one cue that lasts from the first's start to the last's end."""
    if not plan.game_frames or not len(timeline):
        return []
    first = max(timeline.index_at(plan.start), 0)
    last = plan.last if plan.last is not None else timeline.index_at(plan.end)
    # the caption is the event's line for the whole event: one moment per event, not per frame
    texts: list[tuple[float, str]] = []
    for i in range(first, last + 1):
        t = max(timeline.start_of(i), plan.start)
        if t > plan.end:
            break
        texts.append((plan.video_seconds(t), timeline.moment(t).caption))
    game_end = (plan.title_frames + plan.game_frames) / plan.fps
    segments = [Cue(start, texts[n + 1][0] if n + 1 < len(texts) else game_end, text)
                for n, (start, text) in enumerate(texts)]
    out: list[Cue] = []
    for cue in _overlaid(segments, remarks):
        if not cue.text.strip() or cue.end <= cue.start:
            continue
        if out and out[-1].text == cue.text and abs(out[-1].end - cue.start) < 1e-9:
            out[-1] = Cue(out[-1].start, cue.end, cue.text, cue.remark)
        else:
            out.append(cue)
    return _gathered(out)


def _overlaid(segments: list[Cue], remarks: Sequence[Shown]) -> list[Cue]:
    """``segments`` (back to back) with each remark's span cut out of them and the remark put in."""
    for r in remarks:
        cut: list[Cue] = []
        for c in segments:
            if c.end <= r.start or c.start >= r.end:
                cut.append(c)
                continue
            if c.start < r.start:
                cut.append(Cue(c.start, r.start, c.text, c.remark))
            if c.end > r.end:
                cut.append(Cue(r.end, c.end, c.text, c.remark))
        cut.append(Cue(r.start, r.end, r.text, remark=True))
        segments = sorted(cut, key=lambda c: c.start)
    return segments


def _gathered(items: list[Cue]) -> list[Cue]:
    out: list[Cue] = []
    for cue in items:
        last = out[-1] if out else None
        if last is not None and last.end - last.start < MIN_CUE_SECONDS and abs(last.end - cue.start) < 1e-9 \
                and last.text.count("\n") + 1 < MAX_CUE_LINES and not (last.remark or cue.remark):
            out[-1] = Cue(last.start, cue.end, f"{last.text}\n{cue.text}")
        else:
            out.append(cue)
    return out


def _stamp(seconds: float, sep: str) -> str:
    ms = round(seconds * 1000)
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{sep}{ms:03d}"


def _one_line(text: str) -> str:
    """A line of text with nothing a subtitle parser reads as a cue break or a timing."""
    return " ".join(text.replace("-->", "->").split())


def _lines(text: str) -> str:
    return "\n".join(_one_line(line) for line in text.split("\n"))


def srt_text(items: Sequence[Cue]) -> str:
    blocks = [f"{n}\n{_stamp(c.start, ',')} --> {_stamp(c.end, ',')}\n{_lines(c.text)}\n"
              for n, c in enumerate(items, 1)]
    return "\n".join(blocks)


def vtt_text(items: Sequence[Cue]) -> str:
    blocks = [f"{_stamp(c.start, '.')} --> {_stamp(c.end, '.')}\n"
              f"{_lines(c.text).replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}\n" for c in items]
    return "WEBVTT\n\n" + "\n".join(blocks)


YOUTUBE_SHORTEST = 10.0  # seconds: YouTube takes a description's chapters only if each lasts this long


def youtube_chapters(items: Sequence[Chapter], shortest: float = YOUTUBE_SHORTEST) -> list[Chapter]:
    """``items`` as YouTube takes them: a chapter shorter than ``shortest`` joined with the ones after
    it until they last that long ("Title to Round 2"; a short last one joins the one before), so a
    quick setup or round never makes YouTube drop every chapter of the video."""
    runs: list[list[Chapter]] = []
    for c in items:
        if runs and runs[-1][-1].end - runs[-1][0].start < shortest:
            runs[-1].append(c)
        else:
            runs.append([c])
    if len(runs) > 1 and runs[-1][-1].end - runs[-1][0].start < shortest:
        runs[-2].extend(runs.pop())
    return [Chapter(run[0].start, run[-1].end, run[0].title if len(run) == 1 else f"{run[0].title} to {run[-1].title}")
            for run in runs]


def youtube_chapters_text(items: Sequence[Chapter]) -> str:
    """``M:SS Title`` a line (``H:MM:SS`` past an hour), the first at 0:00, as YouTube reads them
    from a video's description (chapters under 10 s joined: :func:`youtube_chapters`)."""
    def stamp(seconds: float) -> str:
        s = int(seconds)
        h, rest = divmod(s, 3600)
        m, s = divmod(rest, 60)
        return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"

    return "".join(f"{stamp(c.start)} {_one_line(c.title)}\n" for c in youtube_chapters(items))


def sidecar_paths(video: Path) -> dict[str, Path]:
    """The files written beside ``video``: its chapters, and its subtitles in two formats."""
    return {"chapters": video.with_name(video.stem + ".chapters.txt"),
            "srt": video.with_suffix(".srt"), "vtt": video.with_suffix(".vtt")}

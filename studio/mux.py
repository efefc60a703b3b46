"""The last step of an MP4: its chapter track, and a voice or music track, muxed in.

The video's packets are copied as they are (nothing is encoded again); the audio file, any
format PyAV (FFmpeg) reads, is decoded, resampled and encoded as AAC, and cut at the end of the
video (a shorter one just ends). The index goes to the front (faststart), as the renderer's own.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import TrekError
from engine.timeline import Timeline
from studio.commentary import Shown
from studio.frame_plan import VideoPlan
from studio.sidecars import (
    Chapter,
    chapters,
    cues,
    sidecar_paths,
    srt_text,
    vtt_text,
    youtube_chapters_text,
)

if TYPE_CHECKING:
    from av.container.core import Chapter as AvChapter

CHAPTER_TIME_BASE = Fraction(1, 1000)
AUDIO_RATE = 48_000
AUDIO_BITRATE = 160_000
MAX_AUDIO_BYTES = 2 * 1024**3  # a voice track of a long game is tens of MB; a file of GBs is a mistake


class AudioError(TrekError):
    """The audio file given to ``--audio`` cannot be read as sound."""


def check_audio(path: Path) -> None:
    """Fail early (before minutes of rendering) when ``path`` is not a readable sound file."""
    import av

    if not path.is_file():
        raise AudioError(f"--audio {path}: no such file")
    if path.stat().st_size > MAX_AUDIO_BYTES:
        raise AudioError(f"--audio {path}: over {MAX_AUDIO_BYTES // 1024**3} GiB")
    try:
        with av.open(str(path)) as source:
            if not source.streams.audio:
                raise AudioError(f"--audio {path}: the file has no sound track")
    except av.FFmpegError as exc:
        raise AudioError(f"--audio {path}: not a sound file PyAV can read ({exc})") from None


def finish_mp4(video: Path, out: Path, chapters: Sequence[Chapter], audio: Path | None = None,
               title: str = "") -> None:
    """Write ``out``: the video stream of ``video``, ``chapters`` as its chapter track, and the
    sound of ``audio`` (None: none) as AAC, cut at the video's end."""
    import av

    with av.open(str(video)) as source, \
            av.open(str(out), mode="w", format="mp4", options={"movflags": "+faststart"}) as target:
        if title:
            target.metadata["title"] = title
        vin = source.streams.video[0]
        vout = target.add_stream_from_template(vin)
        duration = float(vin.duration * vin.time_base) if vin.duration and vin.time_base else None
        target.set_chapters([_chapter(n, c) for n, c in enumerate(chapters, 1)])
        sound: Any = None
        if audio is not None:
            sound = av.open(str(audio))
        try:
            aout = target.add_stream("aac", rate=AUDIO_RATE) if sound is not None else None
            if aout is not None:
                aout.bit_rate = AUDIO_BITRATE
            for packet in source.demux(vin):
                if packet.dts is None:
                    continue
                packet.stream = vout
                target.mux(packet)
            if sound is not None and aout is not None:
                _mux_audio(sound, aout, target, duration)
        finally:
            if sound is not None:
                sound.close()


def _chapter(n: int, chapter: Chapter) -> AvChapter:
    return {"id": n, "start": round(chapter.start * 1000), "end": round(chapter.end * 1000),
            "time_base": CHAPTER_TIME_BASE, "metadata": {"title": chapter.title}}


def _mux_audio(sound: Any, aout: Any, target: Any, duration: float | None) -> None:
    import av

    ain = sound.streams.audio[0]
    resampler = av.AudioResampler(format="fltp", layout="stereo", rate=AUDIO_RATE)
    written = 0  # samples
    limit = None if duration is None else round(duration * AUDIO_RATE)
    try:
        for frame in sound.decode(ain):
            for out in resampler.resample(frame):
                if limit is not None and written >= limit:
                    break
                if limit is not None and written + out.samples > limit:
                    keep = limit - written
                    array = out.to_ndarray()[:, :keep]
                    cut = av.AudioFrame.from_ndarray(array, format="fltp", layout="stereo")
                    cut.sample_rate = AUDIO_RATE
                    out = cut
                out.pts = written
                written += out.samples
                for packet in aout.encode(out):
                    target.mux(packet)
            if limit is not None and written >= limit:
                break
    except av.FFmpegError as exc:
        raise AudioError(f"--audio: the sound could not be decoded ({exc})") from None
    for packet in aout.encode(None):
        target.mux(packet)


def finish_video(rendered: Path, out: Path, plan: VideoPlan, timeline: Timeline, *, title: str = "",
                 audio: Path | None = None, remarks: Sequence[Shown] = ()) -> dict[str, Path]:
    """Make ``out`` from the renderer's MP4 ``rendered`` (chapters and ``audio`` muxed in; removed
    after) and write its chapters and subtitles beside it; the files written, by kind."""
    from engine.io.output import write_atomic

    marks = chapters(plan, timeline)
    finished = rendered.with_name(rendered.name + ".mux")
    try:
        finish_mp4(rendered, finished, marks, audio, title)
        os.replace(finished, out)
    finally:
        finished.unlink(missing_ok=True)
        rendered.unlink(missing_ok=True)
    lines = cues(plan, timeline, remarks)
    paths = sidecar_paths(out)
    write_atomic(paths["chapters"], youtube_chapters_text(marks))
    write_atomic(paths["srt"], srt_text(lines))
    write_atomic(paths["vtt"], vtt_text(lines))
    return paths

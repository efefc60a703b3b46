"""An MP4 rendered by two processes at once: the video is cut into chunks of frames, each process
takes the next chunk not yet taken, renders it with its own renderer and encodes it with its own
x264 into a part file (which starts with an IDR frame), and the parts are then copied packet by
packet, without encoding again, into one MP4.

One Panda3D ShowBase per process and one core for each renderer: this is how a 1080p video keeps
both cores of a 2-core machine busy (the software renderer draws on one thread). The helper
process is started with ``spawn`` (a fresh interpreter, its own ShowBase on the same display module)
and reads the replay from its file. Should it fail, the chunks it did not finish are rendered by the
calling process, so a helper's trouble costs time, never the video.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from studio.commentary import NO_WORDS, Words
from studio.frame_plan import VideoPlan
from studio.frames import iter_frames

CHUNK_FRAMES: Final = 150  # 5 s at 30 fps: x264's own keyframe distance is about this (keyint 250)
MIN_FRAMES: Final = 2 * CHUNK_FRAMES  # a shorter video is over before a helper has started
CLOSED: Final = 1 << 30  # the chunk counter once the caller has stopped handing out chunks


@dataclass(frozen=True)
class Job:
    """What a helper needs to draw the same frames as the caller (picklable)."""

    replay: Path
    display: str
    folder: Path
    plan: VideoPlan
    size: tuple[int, int]
    camera: str
    overlays: frozenset[str]
    captions: bool
    hud: bool
    pip: bool
    words: Words = NO_WORDS

    @property
    def chunks(self) -> int:
        return -(-self.plan.total // CHUNK_FRAMES)

    def part(self, k: int) -> Path:
        return self.folder / f"part-{k:05d}.mp4"

    def frames(self, k: int) -> tuple[int, int]:
        return k * CHUNK_FRAMES, min(self.plan.total, (k + 1) * CHUNK_FRAMES)


def take_chunk(counter: Any) -> int | None:
    """The next chunk to render from the shared ``counter`` (past the last, or CLOSED: none left)."""
    with counter.get_lock():
        k = int(counter.value)
        counter.value = k + 1
    return k


def render_chunks(fr: Any, job: Job, take: Callable[[], int | None], progress: Callable[[], None]) -> list[int]:
    """Render chunks handed out by ``take`` (None or past the last: done) with ``fr`` (a
    FrameRenderer) into their part files; the chunks done."""
    from studio.encode import Mp4Sink

    done = []
    while (k := take()) is not None and k < job.chunks:
        a, b = job.frames(k)
        sink = Mp4Sink(job.part(k), job.size, job.plan.fps, pixel_format=fr.pixel_format, threads=1,
                       faststart=False)
        try:
            for frame in iter_frames(fr, job.plan, a, b):
                t = time.perf_counter()
                sink.write(frame)
                fr.stats.encode += time.perf_counter() - t
                fr.stats.frames += 1
                progress()
            t = time.perf_counter()
            sink.close()
            fr.stats.encode += time.perf_counter() - t
        except BaseException:
            with contextlib.suppress(Exception):
                sink.abort()
            raise
        done.append(k)
    return done


def concat_parts(parts: list[Path], out: Path, title: str = "") -> int:
    """Copy the packets of ``parts`` (MP4 files of one H.264 stream made with the same settings,
    each starting with a keyframe) into one MP4 ``out`` with the index at the front, each part's
    timestamps after the last; the number of packets."""
    import av

    if not parts:
        raise ValueError("no parts to join")
    with av.open(str(parts[0])) as first:
        template = first.streams.video[0]
        extradata = template.codec_context.extradata
        output = av.open(str(out), mode="w", format="mp4", options={"movflags": "+faststart"})
        try:
            if title:
                output.metadata["title"] = title
            stream = output.add_stream_from_template(template)
            offset, count = 0, 0
            for path in parts:
                with av.open(str(path)) as part:
                    source = part.streams.video[0]
                    if source.codec_context.extradata != extradata or source.time_base != template.time_base:
                        raise ValueError(f"{path.name} was not encoded like {parts[0].name}")
                    end = offset
                    for packet in part.demux(source):
                        if packet.dts is None or packet.pts is None:  # the demuxer's empty packet at the end
                            continue
                        packet.pts += offset
                        packet.dts += offset
                        end = max(end, packet.pts + (packet.duration or 0))
                        packet.stream = stream
                        output.mux(packet)
                        count += 1
                    offset = end
        finally:
            output.close()
    return count


Helper = Callable[[Job, Any, Any, Any], None]


def split_render(fr: Any, job: Job, out: Path, title: str, bar: Any, helper_main: Helper) -> dict[str, Any]:
    """Render ``job`` with ``fr`` (this process's FrameRenderer, raw frames) and one helper process
    into ``out``; the helper's stats and how many chunks each side rendered. ``helper_main(job,
    counter, frames, conn)`` is the helper process's work (``video.render_helper``: it makes its own
    FrameRenderer, renders chunks with ``render_chunks`` and sends (done, stats) or an error)."""
    ctx = mp.get_context("spawn")
    counter = ctx.Value("q", 0)
    frames = ctx.Value("q", 0)
    receive, send = ctx.Pipe(duplex=False)
    helper = ctx.Process(target=helper_main, args=(job, counter, frames, send), name="trek-render-helper",
                         daemon=True)
    helper.start()
    send.close()
    mine = 0

    def tick() -> None:
        nonlocal mine
        mine += 1
        bar.update(mine + int(frames.value) - bar.n)

    info: dict[str, Any] = {"helper_chunks": 0, "helper_error": None}
    try:
        done = render_chunks(fr, job, lambda: take_chunk(counter), tick)
        with counter.get_lock():  # no more chunks for the helper
            claimed = min(int(counter.value), job.chunks) - len(done)
            counter.value = CLOSED
        helper_done: list[int] = []
        if claimed > 0:
            helper_done, info = _wait(helper, receive, info, lambda: bar.update(mine + int(frames.value) - bar.n))
        else:  # it never got to work: the video is finished without it
            helper.terminate()
        left = [k for k in range(job.chunks) if k not in done and k not in helper_done]
        if left:  # what the helper did not finish
            it = iter(left)
            done += render_chunks(fr, job, lambda: next(it, None), tick)
        info["helper_chunks"] = len(helper_done)
        info["parts"] = job.chunks
        info["packets"] = concat_parts([job.part(k) for k in range(job.chunks)], out, title)
        return info
    finally:
        if helper.is_alive():
            helper.kill()
        helper.join(timeout=5)
        receive.close()


def _wait(helper: Any, receive: Any, info: dict[str, Any],
          progress: Callable[[], None]) -> tuple[list[int], dict[str, Any]]:
    """The helper's report once it has finished (an empty list if it failed or died)."""
    while helper.is_alive() and not receive.poll(0.1):
        progress()
    if not receive.poll(0):
        return [], info | {"helper_error": f"the helper process ended (exit code {helper.exitcode})"}
    message = receive.recv()
    if message[0] != "done":
        return [], info | {"helper_error": message[1]}
    return list(message[1]), info | {"helper_stats": message[2]}


def merged_stats(info: dict[str, Any]) -> dict[str, Any]:
    """A split render's figures for the stats: the helper's stages added to the caller's."""
    out = {k: v for k, v in info.items() if k != "helper_stats" and v is not None}
    for k, v in (info.get("helper_stats") or {}).items():
        out[f"helper_{k}"] = v
    return out

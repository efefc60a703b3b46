"""Battle-report videos: a replay rendered offscreen on a fixed clock and encoded in-process.

``render_video(loaded, out, ...)`` renders a title card, the game (scene, HUD and captions in
one capture buffer, the director camera by default) and an end card, and writes H.264 MP4
(PyAV/libx264, yuv420p, faststart), a GIF (PyAV's gif encoder, one palette for the whole film)
or a folder of PNG frames. Output goes to a temporary path beside ``out`` that is renamed at the
end; any error or Ctrl-C deletes it, so a failed render leaves nothing behind.

Frame count (``VideoPlan``):

    title = round(TITLE_SECONDS * fps)
    game  = floor((t1 - t0) * fps / speed + 1e-6) + 1
    end   = round(END_SECONDS * fps)
    total = title + game + end

where [t0, t1] is the playback span (the whole game, or ``rounds=(A, B)``: from the start of
round A, or 0 for A = 1, to the start of round B + 1 or the end of the game) and game frame k
shows playback time ``t0 + k * speed / fps``. The last ``FADE_SECONDS`` of the title card
dissolve into the first game frame, and the first ``FADE_SECONDS`` of the end card dissolve in
from the last one, without changing the count. Every frame is a pure function of (replay,
options, frame number): the same input gives the same frames in any order.
"""

from __future__ import annotations

import contextlib
import math
import os
import queue
import shutil
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final, Literal, cast

import numpy as np

from engine.errors import TrekError
from engine.replay_timeline import LoadedReplay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.params import base_half
from engine.timeline import Moment, Timeline
from studio.camera import CameraPose, CameraRig, follow, preset
from studio.effects import effects_at
from studio.offscreen import CaptureBuffer, Frame

Format = Literal["mp4", "gif", "png"]
FORMATS: Final = ("mp4", "gif", "png")
CAMERAS: Final = ("director", "top", "table", "follow:SHIP")
VIDEO_OVERLAYS: Final = frozenset({"templates", "attack", "trails", "sectors", "names"})
TITLE_SECONDS: Final = 3.0
END_SECONDS: Final = 4.0
FADE_SECONDS: Final = 0.5
DEFAULTS: Final[dict[str, tuple[tuple[int, int], int]]] = {
    "mp4": ((1280, 720), 30), "gif": ((640, 360), 10), "png": ((1280, 720), 30),
}
CRF: Final = 20
PRESET: Final = "veryfast"


class VideoError(TrekError):
    """A video cannot be made with these options (size, rounds, camera, output path...)."""


# --- the plan: which playback time each frame shows ----------------------------------------------

def round_span(timeline: Timeline, rounds: tuple[int, int] | None) -> tuple[float, float]:
    """Playback span from the start of round A to the end of round B (the whole game for None)."""
    if rounds is None:
        return 0.0, timeline.duration
    first, last = rounds
    starts = {e.round: timeline.start_of(i) for i, e in reversed(list(enumerate(timeline.events)))
              if isinstance(e, ev.RoundStarted)}
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


def plan_video(timeline: Timeline, fps: float, speed: float = 1.0, rounds: tuple[int, int] | None = None,
               cards: bool = True) -> VideoPlan:
    t0, t1 = round_span(timeline, rounds)
    game = math.floor((t1 - t0) * fps / speed + 1e-6) + 1
    title = round(TITLE_SECONDS * fps) if cards else 0
    end = round(END_SECONDS * fps) if cards else 0
    fade = min(round(FADE_SECONDS * fps), title, end) if cards else 0
    return VideoPlan(fps, speed, t0, t1, title, game, end, fade)


# --- drawing frames ------------------------------------------------------------------------------

@dataclass
class Stats:
    """Seconds spent per stage (for the progress summary and the benchmark)."""

    moment: float = 0.0
    hud: float = 0.0
    scene: float = 0.0  # Scene.update and the camera
    render: float = 0.0  # GraphicsEngine.renderFrame (the GPU/llvmpipe work)
    readback: float = 0.0  # RAM image to numpy
    encode: float = 0.0
    frames: int = 0
    rendered: int = 0
    extra: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, float | int]:
        return {"moment": self.moment, "hud": self.hud, "scene": self.scene, "render": self.render,
                "readback": self.readback, "encode": self.encode, "frames": self.frames, "rendered": self.rendered}


def ship_ids(loaded: LoadedReplay) -> dict[str, str]:
    """Ship id -> name, for ``follow:SHIP`` (an id or a name, any case)."""
    return {s.id: s.name for s in loaded.timeline.final.ships}


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


class FrameRenderer:
    """Scene, HUD and cards in one offscreen capture buffer of ``size``; draws frames of ``loaded``.

    ``camera``: director, top, table or follow:ID; ``hud``: draw the HUD over the game;
    ``captions``: the HUD's caption line; ``raw``: frames in the buffer's own channel order
    (``pixel_format`` says which, e.g. ``bgra``) instead of RGB, for the MP4 encoder. Call
    :meth:`close` when done (it removes the HUD and cards from the shared renderer's buffer).
    """

    def __init__(self, loaded: LoadedReplay, size: tuple[int, int], camera: str = "director",
                 overlays: Collection[str] = VIDEO_OVERLAYS, captions: bool = True, hud: bool = True,
                 renderer: Any | None = None, raw: bool = False) -> None:
        from studio.cards import Cards
        from studio.director import FULL, Director
        from studio.hud import Hud, hud_scale
        from studio.overlays import validate_overlays
        from studio.snapshot import shared_renderer

        self.loaded = loaded
        self.timeline = loaded.timeline
        self.size = (int(size[0]), int(size[1]))
        self.camera = resolve_camera(loaded, camera)
        try:
            self.overlays = validate_overlays(overlays)
        except ValueError as exc:
            raise VideoError(str(exc)) from None
        self.captions = captions
        self.renderer = renderer or shared_renderer()
        self.buffer: CaptureBuffer
        self.rig: CameraRig
        self.buffer, self.rig = self.renderer.buffer(self.size)
        aspect = self.buffer.aspect
        layer = self.buffer.overlay2d
        self.hud: Hud | None = Hud(layer, aspect, scale=hud_scale(self.size[1])) if hud else None
        if self.hud is not None:
            self.hud.set_fleet_names([str(f.get("name", "")) for f in loaded.sides[:2] if isinstance(f, dict)])
        self.cards = Cards(layer, aspect)
        self.director = Director(self.timeline, aspect, self.hud.safe_area() if self.hud else FULL)
        self.stats = Stats()
        self.raw = raw
        self.pixel_format = "rgb24"
        self._follow_last: CameraPose | None = None

    def close(self) -> None:
        if self.hud is not None:
            self.hud.destroy()
            self.hud = None
        self.cards.destroy()

    def __enter__(self) -> FrameRenderer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def camera_pose(self, moment: Moment) -> CameraPose:
        kind = self.camera.partition(":")[0]
        if kind == "director":  # a still at the end of an event (progress 1): that event's shot, settled
            d = self.director
            return d.settled_pose(moment.time) if moment.progress >= 1.0 else d.pose(moment.time)
        if kind == "follow":
            ship = moment.view.ship(self.camera.partition(":")[2])
            if ship is None:  # not placed yet, or gone: hold the last view of it (or the table)
                return self._follow_last or preset("table", moment.view)
            from studio.assets import PEG_HEIGHT_MM

            self._follow_last = follow(ship.pose, PEG_HEIGHT_MM.get(ship.base_size, 30.0),
                                       self.hud.safe_area() if self.hud else None, self.buffer.aspect,
                                       base_half(ship.base_size))
            return self._follow_last
        return preset(kind, moment.view)

    def _draw(self, moment: Moment, pose: CameraPose, overlays: Collection[str]) -> Frame:
        s = self.stats
        t = time.perf_counter()
        self.renderer.scene.update(moment.view, overlays, moment.trails,
                                   effects_at(self.timeline.events, moment.index, moment.progress))
        self.rig.apply(pose)
        t1 = time.perf_counter()
        self.buffer.render()
        t2 = time.perf_counter()
        if self.raw:
            frame, self.pixel_format = self.buffer.read_raw()
        else:
            frame = self.buffer.read()
        t3 = time.perf_counter()
        s.scene += t1 - t
        s.render += t2 - t1
        s.readback += t3 - t2
        s.rendered += 1
        return frame

    def game_frame(self, t: float) -> Frame:
        """The game at playback time ``t``: scene, HUD, captions."""
        t0 = time.perf_counter()
        moment = self.timeline.moment(t)
        self.stats.moment += time.perf_counter() - t0
        return self.moment_frame(moment)

    def moment_frame(self, moment: Moment) -> Frame:
        """The frame of a Timeline moment (computed elsewhere, e.g. ahead on another thread)."""
        s = self.stats
        t1 = time.perf_counter()
        self.cards.hide()
        if self.hud is not None:
            self.hud.show()
            self.hud.update(moment, self.timeline, captions=self.captions)
        s.hud += time.perf_counter() - t1
        return self._draw(moment, self.camera_pose(moment), self.overlays)

    def card_frame(self, which: Literal["title", "end"], t: float) -> Frame:
        """The title or end card over the table as it stands at playback time ``t``."""
        from studio.cards import end_info, title_info

        moment = self.timeline.moment(t)
        if self.hud is not None:
            self.hud.hide()
        if which == "title":
            self.cards.show_title(title_info(self.loaded))
        else:
            self.cards.show_end(end_info(self.loaded))
        frame = self._draw(moment, self.director.lens.pose(self.director.table_framing), set())
        self.cards.hide()
        return frame


def to_rgb(frame: Frame, pixel_format: str) -> Frame:
    """An RGB copy of a frame in ``pixel_format`` (rgb24, bgr24 or bgra)."""
    if pixel_format == "rgb24":
        return frame
    out: Frame = np.ascontiguousarray(frame[..., 2::-1])
    return out


def blend(a: Frame, b: Frame, alpha: float) -> Frame:
    """``a`` dissolving into ``b`` (alpha 0: a, 1: b)."""
    out = a.astype(np.float32) * (1.0 - alpha) + b.astype(np.float32) * alpha
    return np.rint(out).astype(np.uint8)


def iter_frames(fr: FrameRenderer, plan: VideoPlan) -> Iterator[Frame]:
    """Every frame of the video in order: title card, game, end card."""
    title = fr.card_frame("title", plan.start) if plan.title_frames else None
    first = fr.game_frame(plan.time_of(0))
    if title is not None:
        for j in range(plan.title_frames):
            k = j - (plan.title_frames - plan.fade_frames)
            yield title if k < 0 else blend(title, first, (k + 1) / (plan.fade_frames + 1))
    yield first
    last = first
    # the next moment is worked out on a second thread while this frame renders (Panda3D and the
    # GL driver release the GIL while they draw; Timeline.moment only reads the timeline)
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="timeline") as pool:
        ahead: Future[Moment] | None = pool.submit(fr.timeline.moment, plan.time_of(1)) \
            if plan.game_frames > 1 else None
        for k in range(1, plan.game_frames):
            assert ahead is not None
            t = time.perf_counter()
            moment = ahead.result()
            fr.stats.moment += time.perf_counter() - t
            ahead = pool.submit(fr.timeline.moment, plan.time_of(k + 1)) if k + 1 < plan.game_frames else None
            last = fr.moment_frame(moment)
            yield last
    if plan.end_frames:
        end = fr.card_frame("end", plan.end)
        for j in range(plan.end_frames):
            yield blend(last, end, (j + 1) / (plan.fade_frames + 1)) if j < plan.fade_frames else end


# --- writing ---------------------------------------------------------------------------------------

class Sink:
    """Where frames go; ``close`` finishes the file, ``abort`` drops it."""

    def write(self, frame: Frame) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def abort(self) -> None:
        self.close()


def _rate(fps: float) -> Fraction:
    return Fraction(fps).limit_denominator(1001)


class _AvSink(Sink):
    """A PyAV stream in a container: frames numbered in order, flushed and closed at the end.
    Subclasses open ``container`` and ``stream`` and turn a frame into a VideoFrame."""

    container: Any
    stream: Any
    count: int

    def video_frame(self, frame: Frame) -> Any:
        raise NotImplementedError

    def write(self, frame: Frame) -> None:
        vf = self.video_frame(frame)
        vf.pts = self.count
        self.count += 1
        for packet in self.stream.encode(vf):
            self.container.mux(packet)

    def close(self) -> None:
        for packet in self.stream.encode(None):
            self.container.mux(packet)
        self.container.close()

    def abort(self) -> None:
        self.container.close()


class Mp4Sink(_AvSink):
    """H.264 (libx264, yuv420p, crf 20, BT.709 tagged) in MP4 with the index at the front (faststart).

    ``pixel_format``: the layout of the frames given to :meth:`write` (``rgb24``, or ``bgra`` /
    ``bgr24`` straight from the capture buffer); one reused swscale context converts them.
    """

    def __init__(self, path: Path, size: tuple[int, int], fps: float, title: str = "",
                 pixel_format: str = "rgb24") -> None:
        import av
        from av.video.reformatter import ColorPrimaries, ColorRange, Colorspace, ColorTrc, VideoReformatter

        self.container = av.open(str(path), mode="w", format="mp4", options={"movflags": "+faststart"})
        if title:
            self.container.metadata["title"] = title
        self.stream = self.container.add_stream("libx264", rate=_rate(fps))
        self.stream.width, self.stream.height = size
        self.stream.pix_fmt = "yuv420p"
        self.stream.options = {"crf": str(CRF), "preset": PRESET}
        ctx = self.stream.codec_context
        ctx.time_base = 1 / _rate(fps)
        ctx.colorspace, ctx.color_primaries, ctx.color_trc = int(Colorspace.ITU709), 1, 1  # BT.709
        ctx.color_range = int(ColorRange.MPEG)
        self.size = size
        self.pixel_format = pixel_format
        self.reformatter = VideoReformatter()
        self.convert: dict[str, Any] = {
            "format": "yuv420p", "dst_colorspace": Colorspace.ITU709, "dst_color_range": ColorRange.MPEG,
            "dst_color_trc": ColorTrc.BT709, "dst_color_primaries": ColorPrimaries.BT709}
        self.count = 0

    def video_frame(self, frame: Frame) -> Any:
        """``frame`` as a yuv420p VideoFrame (a plain copy into the plane when the row sizes match)."""
        import av

        w, h = self.size
        vf = av.VideoFrame(w, h, self.pixel_format)
        plane = vf.planes[0]
        if plane.line_size == frame.shape[1] * frame.shape[2] and frame.flags.c_contiguous:
            plane.update(cast(Any, frame))  # any buffer: no extra copy
        else:
            vf = av.VideoFrame.from_ndarray(frame, format=self.pixel_format)
        return self.reformatter.reformat(vf, **self.convert)



def median_cut(pixels: np.ndarray, colours: int = 256) -> np.ndarray:
    """A palette of up to ``colours`` RGB colours for ``pixels`` (N, 3) by median cut (deterministic)."""
    boxes = [np.asarray(pixels, dtype=np.uint8).reshape(-1, 3)]
    while len(boxes) < colours:
        spans = [(b.max(axis=0).astype(int) - b.min(axis=0)).max() if len(b) > 1 else -1 for b in boxes]
        k = int(np.argmax(spans))
        if spans[k] <= 0:
            break
        box = boxes.pop(k)
        axis = int(np.argmax(box.max(axis=0).astype(int) - box.min(axis=0)))
        order = np.argsort(box[:, axis], kind="stable")
        half = len(box) // 2
        boxes += [box[order[:half]], box[order[half:]]]
    pal = np.array([b.astype(np.float64).mean(axis=0) for b in boxes])
    out: np.ndarray = np.rint(pal).astype(np.uint8)
    return out


class GifSink(_AvSink):
    """An animated GIF (loops) with one palette for the whole film, made from sample frames."""

    def __init__(self, path: Path, size: tuple[int, int], fps: float, samples: list[Frame]) -> None:
        import av

        pixels = np.concatenate([s[::2, ::2].reshape(-1, 3) for s in samples])
        pal = median_cut(pixels, 256)
        grid = np.arange(32, dtype=np.float64) * 8 + 4  # a 15-bit RGB look-up table to the nearest colour
        cube = np.stack(np.meshgrid(grid, grid, grid, indexing="ij"), axis=-1).reshape(-1, 3)
        lut = np.empty(len(cube), dtype=np.uint8)
        p = pal.astype(np.float64)
        for i in range(0, len(cube), 4096):
            d = ((cube[i:i + 4096, None, :] - p[None, :, :]) ** 2).sum(axis=2)
            lut[i:i + 4096] = d.argmin(axis=1)
        self.lut = lut
        argb = np.zeros((256, 4), dtype=np.uint8)
        argb[:, 0] = 255
        argb[:len(pal), 1:] = pal
        self.palette = argb
        self.container = av.open(str(path), mode="w", format="gif")
        self.stream = self.container.add_stream("gif", rate=_rate(fps))
        self.stream.width, self.stream.height = size
        self.stream.pix_fmt = "pal8"
        self.stream.codec_context.time_base = 1 / _rate(fps)
        self.count = 0

    def video_frame(self, frame: Frame) -> Any:
        import av

        f = frame.astype(np.uint16) >> 3
        index = self.lut[(f[..., 0] << 10) | (f[..., 1] << 5) | f[..., 2]]
        pair: Any = (index, self.palette)
        return av.VideoFrame.from_ndarray(pair, format="pal8")


class ThreadedSink(Sink):
    """Writes frames to ``sink`` on a worker thread (PyAV and the encoders release the GIL), so the
    encoder works while the next frame renders; at most ``depth`` frames wait. An error in the
    worker is raised by the next ``write`` or by ``close``."""

    def __init__(self, sink: Sink, depth: int = 4) -> None:
        self.sink = sink
        self.queue: queue.Queue[Frame | None] = queue.Queue(maxsize=depth)
        self.error: BaseException | None = None
        self.busy = 0.0  # seconds the worker spent writing
        self.thread = threading.Thread(target=self._run, name="video-encoder", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            frame = self.queue.get()
            if frame is None:
                return
            if self.error is not None:
                continue
            t = time.perf_counter()
            try:
                self.sink.write(frame)
            except BaseException as exc:  # handed to the main thread
                self.error = exc
            self.busy += time.perf_counter() - t

    def _check(self) -> None:
        if self.error is not None:
            raise self.error

    def write(self, frame: Frame) -> None:
        self._check()
        self.queue.put(frame)

    def _stop(self) -> None:
        if self.thread.is_alive():
            self.queue.put(None)
            self.thread.join()

    def close(self) -> None:
        self._stop()
        self._check()
        self.sink.close()

    def abort(self) -> None:
        self.error = self.error or RuntimeError("aborted")
        with contextlib.suppress(queue.Full):
            while self.thread.is_alive():
                self.queue.put(None, timeout=0.1)
                self.thread.join(timeout=1.0)
        self.sink.abort()


class PngSink(Sink):
    """A folder of ``frame_00000.png``..."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir()
        self.folder = folder
        self.count = 0

    def write(self, frame: Frame) -> None:
        from studio.snapshot import save_png

        save_png(frame, self.folder / f"frame_{self.count:05d}.png")
        self.count += 1

    def close(self) -> None:
        pass


# --- the whole job ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class VideoResult:
    path: Path
    format: str
    size: tuple[int, int]
    fps: float
    frames: int
    seconds: float  # length of the video
    span: tuple[float, float]  # playback seconds rendered
    wall: float  # seconds it took
    stats: dict[str, float | int]

    def as_dict(self) -> dict[str, Any]:
        return {"output": str(self.path), "format": self.format, "size": f"{self.size[0]}x{self.size[1]}",
                "fps": self.fps, "frames": self.frames, "seconds": round(self.seconds, 3),
                "span": [round(self.span[0], 3), round(self.span[1], 3)], "wall_seconds": round(self.wall, 3),
                "frames_per_second": round(self.frames / self.wall, 2) if self.wall > 0 else None,
                "stages": {k: round(v, 3) if isinstance(v, float) else v for k, v in self.stats.items()}}


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


def _temp_path(out: Path) -> Path:
    return out.parent / f".{out.name}.partial-{os.getpid()}"


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def progress_enabled(progress: bool | None) -> bool | None:
    """tqdm's ``disable``: None (off when stderr is not a terminal), True under CI."""
    if progress is not None:
        return not progress
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        return True
    return None


def render_video(loaded: LoadedReplay, out: str | Path, *, size: tuple[int, int] | None = None,
                 fps: float | None = None, rounds: tuple[int, int] | None = None, camera: str = "director",
                 overlays: Collection[str] = VIDEO_OVERLAYS, speed: float = 1.0, captions: bool = True,
                 format: str | None = None, hud: bool = True, cards: bool = True, progress: bool | None = None,
                 on_frame: Callable[[int, Frame], None] | None = None, threaded: bool = True) -> VideoResult:
    """Render ``loaded`` to ``out`` (mp4, gif, or a folder of PNG frames); see the module doc.

    ``size`` and ``fps`` default by format (mp4, png: 1280x720 at 30; gif: 640x360 at 10);
    ``rounds``: (A, B) inclusive; ``speed``: playback speed (2 = twice as fast); ``progress``:
    a progress bar on stderr (None: only on a terminal and not under CI); ``on_frame(k, frame)``
    sees every frame before it is written (tests, tools); ``threaded``: encode on a worker thread
    while the next frame renders (``Stats.encode`` is then the time the renderer waited for it).
    """
    from tqdm import tqdm  # type: ignore[import-untyped]

    out = Path(out)
    fmt = infer_format(out, format)
    default_size, default_fps = DEFAULTS[fmt]
    w, h = check_size(size or default_size, fmt)
    fps = float(fps or default_fps)
    if not 1 <= fps <= 60:
        raise VideoError(f"fps {fps:g} is out of range 1..60")
    if not 0.1 <= speed <= 16:
        raise VideoError(f"speed {speed:g} is out of range 0.1..16")
    if not out.parent.is_dir():
        raise VideoError(f"the folder {out.parent} does not exist")
    if fmt == "png" and out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise VideoError(f"{out} exists and is not an empty folder; remove it or pick another name")
    if fmt != "png" and out.is_dir():
        raise VideoError(f"{out} is a folder")
    plan = plan_video(loaded.timeline, fps, speed, rounds, cards)
    tmp = _temp_path(out)
    _remove(tmp)
    started = time.perf_counter()
    sink: Sink | None = None
    bar: Any = None
    try:
        with FrameRenderer(loaded, (w, h), camera, overlays, captions, hud, raw=fmt == "mp4") as fr:
            if fmt == "mp4":
                fr.card_frame("title", plan.start)  # learn the buffer's pixel format
                sink = Mp4Sink(tmp, (w, h), fps, loaded.title, fr.pixel_format)
            elif fmt == "gif":
                samples = [fr.game_frame(plan.start + (plan.end - plan.start) * k / 5) for k in range(6)]
                if cards:
                    samples += [fr.card_frame("title", plan.start), fr.card_frame("end", plan.end)]
                sink = GifSink(tmp, (w, h), fps, samples)
                fr.stats = Stats()
            else:
                sink = PngSink(tmp)
            if threaded:
                sink = ThreadedSink(sink)
            bar = tqdm(total=plan.total, unit="frame", desc=f"rendering {out.name}", file=sys.stderr,
                       disable=progress_enabled(progress), dynamic_ncols=True, smoothing=0.1)
            for k, frame in enumerate(iter_frames(fr, plan)):
                if on_frame is not None:
                    on_frame(k, to_rgb(frame, fr.pixel_format))
                t = time.perf_counter()
                sink.write(frame)
                fr.stats.encode += time.perf_counter() - t
                fr.stats.frames += 1
                bar.update(1)
            t = time.perf_counter()
            sink.close()
            fr.stats.encode += time.perf_counter() - t
            if isinstance(sink, ThreadedSink):
                fr.stats.extra["encoder_busy"] = sink.busy
            sink = None
            stats = fr.stats.as_dict() | fr.stats.extra
        bar.close()
        bar = None
        if fmt == "png" and out.is_dir():
            out.rmdir()
        os.replace(tmp, out)
    except BaseException:
        if bar is not None:
            bar.close()
        if sink is not None:
            with contextlib.suppress(Exception):  # the original error matters, not this one
                sink.abort()
        _remove(tmp)
        raise
    wall = time.perf_counter() - started
    return VideoResult(out, fmt, (w, h), fps, plan.total, plan.seconds, (plan.start, plan.end), wall, stats)


# --- one frame -------------------------------------------------------------------------------------

def moment_after(timeline: Timeline, n: int) -> Moment:
    """The moment at the end of event ``n`` (-1: before the first event), exactly: the state after
    event ``n`` with its move finished, even for events that take no playback time."""
    if not -1 <= n < len(timeline):
        last = f"-1 to {len(timeline) - 1}" if len(timeline) else "-1 (the replay has no events)"
        raise VideoError(f"there is no event {n}: use {last}")
    return timeline.moment_after(n)


def screenshot_frame(loaded: LoadedReplay, at: int, *, size: tuple[int, int] = (1280, 720),
                     camera: str = "director", overlays: Collection[str] | None = None, hud: bool = True,
                     captions: bool = True) -> Frame:
    """The frame at the end of event ``at`` as an (H, W, 3) array (scene and HUD, offscreen)."""
    from studio.overlays import DEFAULT_OVERLAYS

    w, h = check_size(size, "png")
    moment = moment_after(loaded.timeline, at)
    with FrameRenderer(loaded, (w, h), camera, DEFAULT_OVERLAYS if overlays is None else overlays, captions,
                       hud) as fr:
        if fr.hud is not None:
            fr.hud.update(moment, loaded.timeline, captions=captions)
        return fr._draw(moment, fr.camera_pose(moment), fr.overlays)


def render_screenshot(loaded: LoadedReplay, at: int, out: str | Path, **options: Any) -> Path:
    """Write :func:`screenshot_frame` as a PNG (through a temporary file: no partial output)."""
    from studio.snapshot import save_png

    out = Path(out)
    if not out.parent.is_dir():
        raise VideoError(f"the folder {out.parent} does not exist")
    frame = screenshot_frame(loaded, at, **options)
    tmp = out.parent / f".{out.stem}.partial-{os.getpid()}.png"
    try:
        save_png(frame, tmp)
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return out

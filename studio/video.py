"""Battle-report videos: a replay rendered offscreen on a fixed clock and encoded in-process.

``render_video(loaded, out, ...)`` renders a title card, the game (scene, HUD and captions in
one capture buffer, the director camera by default) and an end card, and writes H.264 MP4
(PyAV/libx264, yuv420p, faststart), a GIF (PyAV's gif encoder, one palette for the whole film)
or a folder of PNG frames. Output goes to a temporary path beside ``out`` that is renamed at the
end; any error or Ctrl-C deletes it, so a failed render leaves nothing behind.

The modules split the work: :mod:`studio.frame_plan` says which playback time each frame shows
(pure), this module draws the frames, :mod:`studio.encode` writes them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

import numpy as np

from engine.io.output import STALE_AFTER, process_running
from engine.replay_timeline import LoadedReplay
from engine.timeline import Moment
from engine.view import CardView
from studio.camera import CameraPose, CameraRig, follow, preset
from studio.commentary import NO_WORDS, Remark, Words, place, remark_at, with_turning_points
from studio.encode import GifSink, Mp4Sink, PngSink, Sink, ThreadedSink
from studio.frame_plan import (
    DEFAULTS,
    VideoError,
    VideoPlan,
    check_size,
    clip_span,
    infer_format,
    moment_after,
    plan_video,
    resolve_camera,
)
from studio.frames import iter_frames
from studio.mux import finish_video
from studio.offscreen import CaptureBuffer, Frame, display_name, offscreen_showbase, video_displays
from studio.split import MIN_FRAMES, Job, merged_stats, render_chunks, split_render, take_chunk
from studio.win_graph import curve_beside

CAMERAS: Final = ("director", "top", "table", "follow:SHIP")
VIDEO_OVERLAYS: Final = frozenset({"templates", "attack", "trails", "sectors", "names"})


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
    reused: int = 0  # game frames that looked like the one before (not rendered again)
    extra: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, float | int]:
        return {"moment": self.moment, "hud": self.hud, "scene": self.scene, "render": self.render,
                "readback": self.readback, "encode": self.encode, "frames": self.frames, "rendered": self.rendered,
                "reused": self.reused}


class FrameRenderer:
    """Scene, HUD and cards in one offscreen capture buffer of ``size``; draws frames of ``loaded``.

    ``camera``: director, top, table or follow:ID; ``hud``: draw the HUD over the game;
    ``captions``: the HUD's caption line; ``raw``: frames in the buffer's own channel order
    (``pixel_format`` says which, e.g. ``bgra``) instead of RGB, for the MP4 encoder. Call
    :meth:`close` when done (it removes the HUD and cards from the shared renderer's buffer).
    """

    def __init__(self, loaded: LoadedReplay, size: tuple[int, int], camera: str = "director",
                 overlays: Collection[str] = VIDEO_OVERLAYS, captions: bool = True, hud: bool = True,
                 renderer: Any | None = None, raw: bool = False, pip: bool = False, words: Words = NO_WORDS) -> None:
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
        self.words = words
        self.renderer = renderer or shared_renderer()
        self.buffer: CaptureBuffer
        self.rig: CameraRig
        self.buffer, self.rig = self.renderer.buffer(self.size)
        aspect = self.buffer.aspect
        layer = self.buffer.overlay2d
        self.hud: Hud | None = Hud(layer, aspect, scale=hud_scale(self.size[1]), pip=pip) if hud else None
        if self.hud is not None:
            self.hud.set_fleet_names([str(f.get("name", "")) for f in loaded.sides[:2] if isinstance(f, dict)])
        self.cards = Cards(layer, aspect)
        self._plan: VideoPlan | None = None
        self._views: tuple[CardView, CardView] | None = None  # what the cards say (None: the replay's)
        self.director = Director(self.timeline, aspect, self.hud.safe_area() if self.hud else FULL,
                                 keep_out=self.hud.keep_out(self.timeline) if self.hud else None)
        self.stats = Stats()
        self.raw = raw
        self.pixel_format = "rgb24"
        self._follow_last: CameraPose | None = None
        self._last: tuple[object, Frame] | None = None  # the last game frame and what it showed

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
                                       ship.base_side / 2)
            return self._follow_last
        return preset(kind, moment.view)

    def use_plan(self, plan: VideoPlan) -> None:
        """Word the cards for ``plan``: a clip's own (:mod:`studio.clip_cards`), else the replay's."""
        if plan != self._plan:
            from studio.clip_cards import clip_cards

            self._plan, self._views = plan, clip_cards(self.loaded, plan)

    def prime(self, plan: VideoPlan, k: int) -> None:
        """Get ready to draw game frame ``k`` of ``plan`` as if the frames before it had been drawn: a
        follow camera holds its last view of a ship that is not on the table, so find that view."""
        if not self.camera.startswith("follow:"):
            return
        ship_id = self.camera.partition(":")[2]
        self._follow_last = None
        for j in range(k - 1, -1, -1):
            moment = plan.moment_of(self.timeline, j)
            if moment.view.ship(ship_id) is not None:
                self.camera_pose(moment)
                return

    def _draw(self, moment: Moment, pose: CameraPose, overlays: Collection[str]) -> Frame:
        s = self.stats
        t = time.perf_counter()
        self.renderer.scene.update(moment.view, overlays)
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

    def plan_frame(self, plan: VideoPlan, k: int) -> Frame:
        """Game frame ``k`` of ``plan`` (its last: the span's last event done)."""
        t0 = time.perf_counter()
        moment = plan.moment_of(self.timeline, k)
        self.stats.moment += time.perf_counter() - t0
        return self.remark_frame(plan, k, moment)

    def remark_frame(self, plan: VideoPlan, k: int, moment: Moment) -> Frame:
        """Game frame ``k`` of ``plan``, the maker's remark on screen then in place of the caption."""
        said = remark_at(self.words.remarks, (plan.title_frames + k) / plan.fps) if self.words.remarks else None
        return self.moment_frame(moment if said is None else dataclasses.replace(moment, caption=said))

    def moment_frame(self, moment: Moment) -> Frame:
        """The frame of a Timeline moment (computed elsewhere, e.g. ahead on another thread).

        A moment that shows the same table from the same camera with the same HUD as the game
        frame before it (a hold: dice on screen, a pause between events) gets that frame again,
        not rendered a second time: the scene is a function of (view, overlays), the HUD of its
        :meth:`~studio.hud.Hud.look`. The array is shared: treat frames as read-only."""
        s = self.stats
        t1 = time.perf_counter()
        self.cards.hide()
        hud_changed = False
        if self.hud is not None:
            self.hud.show()
            hud_changed = self.hud.update(moment, self.timeline, captions=self.captions)
        s.hud += time.perf_counter() - t1
        pose = self.camera_pose(moment)
        key = (moment.view, pose)
        if not hud_changed and self._last is not None and self._last[0] == key:
            s.reused += 1
            return self._last[1]
        frame = self._draw(moment, pose, self.overlays)
        self._last = (key, frame)
        return frame

    def card_frame(self, which: Literal["title", "end"], t: float) -> Frame:
        """The title or end card over the table as it stands at playback time ``t``."""
        moment = self.timeline.moment(t)
        self._last = None  # the HUD and cards change what the next game frame is drawn over
        if self.hud is not None:
            self.hud.hide()
        title, end = self._views or (self.loaded.title_card, self.loaded.end_card)
        if self.words.title:
            title = dataclasses.replace(title, title=self.words.title)
        if which == "title":
            self.cards.show_title(title)
        else:
            self.cards.show_end(end, self.words.curve)
        frame = self._draw(moment, self.director.lens.pose(self.director.table_framing), set())
        self.cards.hide()
        return frame


def to_rgb(frame: Frame, pixel_format: str) -> Frame:
    """An RGB copy of a frame in ``pixel_format`` (rgb24, bgr24 or bgra)."""
    if pixel_format == "rgb24":
        return frame
    out: Frame = np.ascontiguousarray(frame[..., 2::-1])
    return out


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
    sidecars: dict[str, Path] = field(default_factory=dict)  # chapters and subtitles written beside it

    def as_dict(self) -> dict[str, Any]:
        return {"output": str(self.path), "format": self.format, "size": f"{self.size[0]}x{self.size[1]}",
                "fps": self.fps, "frames": self.frames, "seconds": round(self.seconds, 3),
                "span": [round(self.span[0], 3), round(self.span[1], 3)], "wall_seconds": round(self.wall, 3),
                "frames_per_second": round(self.frames / self.wall, 2) if self.wall > 0 else None,
                "stages": {k: round(v, 3) if isinstance(v, float) else v for k, v in self.stats.items()},
                "sidecars": {k: str(v) for k, v in self.sidecars.items()}}


def _temp_path(out: Path) -> Path:
    return out.parent / f".{out.name}.partial-{os.getpid()}"


# what a render leaves beside its output while it works: the video being written, a split render's parts
_LEFTOVER = re.compile(r"\.(?:.+\.partial|trek-parts)-(?P<pid>\d{1,10})(?:-.*)?")


def sweep_leftovers(folder: Path) -> int:
    """Remove what renders killed outright (SIGKILL, a power cut) left in ``folder``: a partial video
    or a split render's parts folder whose process is gone, at least ``STALE_AFTER`` seconds old; how
    many. Never one of a running process, nor anything else."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        found = _LEFTOVER.fullmatch(entry.name)
        if found is None or int(found.group("pid")) == os.getpid() or process_running(int(found.group("pid"))):
            continue
        with contextlib.suppress(OSError):
            if now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER:
                _remove(Path(entry.path))
                removed += 1
    return removed


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
                 on_frame: Callable[[int, Frame], None] | None = None, threaded: bool = True,
                 events: tuple[int, int] | None = None, attack: int | None = None,
                 workers: int | None = None, audio: Path | None = None, title: str | None = None,
                 commentary: tuple[Remark, ...] = ()) -> VideoResult:
    """Render ``loaded`` to ``out`` (mp4, gif, or a folder of PNG frames); see the module doc.

    ``size`` and ``fps`` default by format (mp4, png: 1280x720 at 30; gif: 640x360 at 10);
    ``rounds``: (A, B) inclusive, with the clip's own cards short of the whole game
    (:mod:`studio.clip_cards`); a clip instead: ``events`` (A, B) inclusive, or ``attack`` N (the
    game's Nth attack, from 1, with the dice enlarged in an inset), without cards; ``speed``:
    playback speed (2 = twice as fast); ``progress``:
    a progress bar on stderr (None: only on a terminal and not under CI); ``on_frame(k, frame)``
    sees every frame before it is written (tests, tools); ``threaded``: encode on a worker thread
    while the next frame renders (``Stats.encode`` is then the time the renderer waited for it);
    An MP4 gets a chapter per round (its own chapter track, and ``NAME.chapters.txt`` beside it)
    and the captions as subtitles (``NAME.srt``, ``NAME.vtt``), and ``audio`` (a sound file) as its
    sound track (:mod:`studio.mux`). ``title``: the title card's title in place of the game's;
    ``commentary``: the maker's remarks, shown in place of the caption line (:mod:`studio.commentary`).
    ``workers``: processes rendering an MP4 at once (default: 2
    where there are 2 cores or more;
    :mod:`studio.split`), for a video of at least ``split.MIN_FRAMES`` frames from a replay file
    and without ``on_frame``. Videos 1080 high and more are drawn by p3tinydisplay unless
    ``TREK_DISPLAY`` says otherwise or the process's renderer is already open
    (:func:`studio.offscreen.video_displays`).
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
    if sum(x is not None for x in (rounds, events, attack)) > 1:
        raise VideoError("give one of --rounds, --events and --attack")
    clip = clip_span(loaded.timeline, events, attack)
    cards = cards and clip is None
    plan = plan_video(loaded.timeline, fps, speed, rounds, cards, *(clip or (None, None)))
    # an analysis beside the replay: its win probability on the end card, a caption at each turning point
    curve = curve_beside(Path(loaded.path), loaded.timeline) if cards and Path(loaded.path).is_file() else None
    remarks = place(commentary, plan, loaded.timeline)
    words = Words(title or None, with_turning_points(remarks, curve, plan) if curve else remarks, curve)
    tmp = _temp_path(out)
    _remove(tmp)
    sweep_leftovers(out.parent)
    sidecars: dict[str, Path] = {}
    started = time.perf_counter()
    sink: Sink | None = None
    bar: Any = None
    workers = min(2, os.cpu_count() or 1) if workers is None else workers
    split = (fmt == "mp4" and workers > 1 and on_frame is None and plan.total >= MIN_FRAMES
             and Path(loaded.path).is_file())
    offscreen_showbase(video_displays((w, h)))
    try:
        with FrameRenderer(loaded, (w, h), camera, overlays, captions, hud, raw=fmt == "mp4",
                           pip=attack is not None, words=words) as fr:
            fr.use_plan(plan)
            if split:
                fr.card_frame("title", plan.start)  # learn the buffer's pixel format, and warm
                fr.stats = Stats()
                bar = tqdm(total=plan.total, unit="frame", desc=f"rendering {out.name}", file=sys.stderr,
                           disable=progress_enabled(progress), dynamic_ncols=True, smoothing=0.1)
                with tempfile.TemporaryDirectory(prefix=f".trek-parts-{os.getpid()}-", dir=out.parent) as parts:
                    job = Job(Path(loaded.path).resolve(), display_name() or "", Path(parts), plan, (w, h),
                              fr.camera, frozenset(fr.overlays), captions, hud, attack is not None, words)
                    info = split_render(fr, job, tmp, loaded.title, bar, render_helper)
                stats = fr.stats.as_dict() | merged_stats(info)
            else:
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
        if fmt == "mp4":
            sidecars = finish_video(tmp, out, plan, loaded.timeline, title=title or loaded.title, audio=audio,
                                    remarks=words.remarks)
        else:
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
    return VideoResult(out, fmt, (w, h), fps, plan.total, plan.seconds, (plan.start, plan.end), wall, stats,
                       sidecars)


# --- one frame -------------------------------------------------------------------------------------

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


def render_helper(job: Job, counter: Any, frames: Any, conn: Any) -> None:
    """The split render's helper process (``split.split_render``, spawned): render chunks until none
    are left; send (done, stats) or an error."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle: it stops us
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # so is SIGTERM (`timeout` signals the whole group)
    try:
        from engine.replay_timeline import load_timeline

        offscreen_showbase((job.display,))
        loaded = load_timeline(job.replay)
        with FrameRenderer(loaded, job.size, job.camera, job.overlays, job.captions, job.hud, raw=True,
                           pip=job.pip, words=job.words) as fr:
            fr.card_frame("title", job.plan.start)  # the buffer's pixel format, and warm
            fr.stats = Stats()

            def tick() -> None:
                with frames.get_lock():
                    frames.value += 1

            done = render_chunks(fr, job, lambda: take_chunk(counter), tick)
            conn.send(("done", done, fr.stats.as_dict()))
    except BaseException as exc:  # reported to the caller, who renders what is left
        with contextlib.suppress(Exception):
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()

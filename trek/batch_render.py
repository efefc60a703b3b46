"""`trek batch render DIR -o VIDEOS`: the battle report of every game of a batch folder, in parallel.

Each Ray worker gets a replay's bytes and hands back the video's bytes, which this process
writes (whole or not at all) as ``VIDEOS/seed-N.mp4``; videos already there are skipped, so a
stopped render goes on where it stopped. The workers render with the studio, so they need the
``studio`` extra (Panda3D, PyAV) where the players' workers need only the engine.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.batch.games import BatchError
from engine.batch.play import REPLAYS, finished, replay_name
from engine.batch.runner import connected, run_tasks
from engine.errors import TrekError
from engine.io.output import make_folder, write_atomic
from engine.io.reading import show_path
from trek.commands import STUDIO_MISSING as NO_STUDIO
from trek.commands import studio_installed

STUDIO_MISSING = f"rendering needs the studio on every worker: {NO_STUDIO}"


@dataclass(frozen=True)
class RenderOptions:
    format: str = "mp4"  # mp4 or gif
    size: tuple[int, int] | None = None  # None: the format's default
    fps: float | None = None
    speed: float = 1.0


@dataclass(frozen=True)
class VideoOutput:
    seed: int
    video: bytes = b""
    error: str | None = None
    beside: tuple[tuple[str, bytes], ...] = ()  # (suffix, bytes): an MP4's chapters and subtitles


def video_name(seed: int, fmt: str) -> str:
    return f"{Path(replay_name(seed)).stem}.{fmt}"


def render_game(seed: int, replay: bytes, options: RenderOptions) -> VideoOutput:
    """Render one replay's battle report (a worker's task): the video's bytes, or why not."""
    if not studio_installed():
        return VideoOutput(seed, error=STUDIO_MISSING)
    from engine.replay_timeline import load_timeline
    from studio.video import render_video

    with tempfile.TemporaryDirectory(prefix="trek-batch-") as folder:
        source = Path(folder) / replay_name(seed)
        source.write_bytes(replay)
        out = Path(folder) / video_name(seed, options.format)
        try:
            # one process a video: the batch's workers already keep the cores busy, a game each
            result = render_video(load_timeline(source), out, size=options.size, fps=options.fps,
                                  speed=options.speed, format=options.format, progress=False, workers=1)
        except (TrekError, RuntimeError) as exc:  # a bad replay; the studio's RenderError is a RuntimeError
            return VideoOutput(seed, error=str(exc))
        beside = tuple((p.name.removeprefix(out.stem), p.read_bytes()) for p in result.sidecars.values())
        return VideoOutput(seed, out.read_bytes(), beside=beside)


def seed_ranges(seeds: list[int], most: int = 8) -> str:
    """Sorted seeds as ranges: '1..4, 7, 9..12' (the first ``most`` ranges, then how many more)."""
    runs: list[tuple[int, int]] = []
    for s in seeds:
        if runs and s == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], s)
        else:
            runs.append((s, s))
    shown = ", ".join(f"{a}..{b}" if b > a else str(a) for a, b in runs[:most])
    return shown + (f" and {len(runs) - most} more ranges" if len(runs) > most else "")


def render_batch(folder: Path, videos: Path, options: RenderOptions, seeds: range | None, workers: int,
                 address: str | None = None, progress: bool | None = None) -> dict[str, Any]:
    """Render every finished game of ``folder`` (or those of ``seeds``) without a video in ``videos``."""
    from tqdm import tqdm  # type: ignore[import-untyped]

    if not folder.is_dir():
        raise BatchError(f"no batch folder {show_path(folder)}")
    if address is None and not studio_installed():
        raise BatchError(STUDIO_MISSING)
    done = sorted(finished(folder))
    games = [s for s in done if seeds is None or s in seeds]
    if not games:
        if done and seeds is not None:
            raise BatchError(f"no finished game of {show_path(folder)} has a seed in {seeds.start}..{seeds.stop - 1}; "
                             f"its seeds: {seed_ranges(done)}")
        raise BatchError(f"no finished games to render in {show_path(folder)}")
    make_folder(videos, BatchError)
    todo = [s for s in games if not (videos / video_name(s, options.format)).is_file()]
    bar = tqdm(total=len(games), initial=len(games) - len(todo), unit="video", desc="trek batch render",
               file=sys.stderr, disable=None if progress is None else not progress, dynamic_ncols=True)
    rendered = 0
    jobs = ((s, (folder / REPLAYS / replay_name(s)).read_bytes(), options) for s in todo)
    try:
        if todo:
            with connected(workers, address):
                for output in run_tasks(render_game, jobs, workers):
                    if output.error is not None:
                        raise BatchError(f"seed {output.seed}: {output.error}")
                    name = video_name(output.seed, options.format)
                    for suffix, data in output.beside:  # before the video: a video there means all is there
                        write_atomic(videos / (Path(name).stem + suffix), data)
                    write_atomic(videos / name, output.video)
                    rendered += 1
                    bar.update(1)
    finally:
        bar.close()
    return {"videos": str(videos), "games": len(games), "rendered": rendered, "skipped": len(games) - len(todo)}

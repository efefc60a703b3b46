"""A video rendered in chunks by two processes (studio.split) is one MP4 with the planned frames and
one packet per frame, timestamps one frame apart across the joins, and the same picture as the video
rendered by one process: each chunk starts at the right frame (title fade, game, end card fade).

Small renders (192x108) keep this quick; a chunk is 150 frames, so round 1 at 30 fps makes several.
"""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path
from typing import Any

import av
import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay
from studio.frame_plan import plan_video
from studio.split import CHUNK_FRAMES, MIN_FRAMES, Job, concat_parts, render_chunks, take_chunk
from studio.video import FrameRenderer, Stats, render_helper, render_video

SIZE = (192, 108)
FPS = 30.0


def decode(path: Path) -> tuple[list[np.ndarray], list[int], int]:
    """Frames (RGB), their timestamps in frames, and the packet count."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        packets = sum(1 for p in container.demux(stream) if p.size)
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        tick = 1 / (stream.time_base * stream.average_rate)
        frames, stamps = [], []
        for f in container.decode(video=0):
            frames.append(f.to_ndarray(format="rgb24"))
            stamps.append(round(f.pts / tick))
    return frames, stamps, packets


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = float(((a.astype(float) - b.astype(float)) ** 2).mean())
    return 99.0 if mse == 0 else 10 * np.log10(255**2 / mse)


@pytest.fixture(scope="module")
def whole(skirmish3: LoadedReplay, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[np.ndarray]]:
    """Round 1 rendered by this process alone (workers=1): the reference."""
    out = tmp_path_factory.mktemp("whole") / "one.mp4"
    result = render_video(skirmish3, out, size=SIZE, fps=FPS, rounds=(1, 1), progress=False, workers=1)
    frames, stamps, packets = decode(out)
    assert stamps == list(range(len(frames))) and packets == len(frames) == result.frames
    assert "parts" not in result.stats
    return result, frames


def test_a_split_render_is_one_video_with_the_same_frames(skirmish3: LoadedReplay, whole: Any,
                                                          tmp_path: Path) -> None:
    reference, ref_frames = whole
    plan = plan_video(skirmish3.timeline, FPS, 1.0, (1, 1))
    assert plan.total >= MIN_FRAMES and plan.total > 2 * CHUNK_FRAMES
    result = render_video(skirmish3, tmp_path / "two.mp4", size=SIZE, fps=FPS, rounds=(1, 1), progress=False,
                          workers=2)
    assert result.stats["parts"] == -(-plan.total // CHUNK_FRAMES)
    # the parts are gone; the chapters and subtitles lie beside the video
    assert sorted(p.name for p in tmp_path.iterdir()) == ["two.chapters.txt", "two.mp4", "two.srt", "two.vtt"]
    frames, stamps, packets = decode(result.path)
    assert result.frames == reference.frames == plan.total
    assert len(frames) == len(ref_frames) == packets == result.stats["packets"] == plan.total
    assert stamps == list(range(plan.total))  # one frame apart across every join
    # the same picture, frame by frame (each encoded on its own: lossy, not bit-identical), at the
    # joins too (a chunk that started at the wrong frame would show the frame before or after)
    for k in range(plan.total):
        assert psnr(frames[k], ref_frames[k]) > 30, f"frame {k}"
    told = 0
    for k in range(CHUNK_FRAMES, plan.total, CHUNK_FRAMES):
        if np.array_equal(ref_frames[k], ref_frames[k - 1]) or psnr(ref_frames[k], ref_frames[k - 1]) > 42:
            continue  # a hold (a pause, a caption that changed a few pixels): the encoder's noise is larger
        told += 1
        assert psnr(frames[k], ref_frames[k]) > psnr(frames[k], ref_frames[k - 1]), f"join at frame {k}"
    assert told  # at least one join falls where the picture moves


def test_the_helper_process_renders_the_chunks_it_takes(skirmish3: LoadedReplay, whole: Any,
                                                        tmp_path: Path) -> None:
    """The helper (a spawned process with its own renderer) renders every chunk after the first,
    which this process renders; the parts join into the video one process makes."""
    from studio.offscreen import display_name

    _, ref_frames = whole
    plan = plan_video(skirmish3.timeline, FPS, 1.0, (1, 1))
    with FrameRenderer(skirmish3, SIZE, raw=True) as fr:
        fr.card_frame("title", plan.start)
        fr.stats = Stats()
        job = Job(Path(skirmish3.path), display_name() or "", tmp_path, plan, SIZE, fr.camera,
                  frozenset(fr.overlays), True, True, False)
        ctx = mp.get_context("spawn")
        counter, frames = ctx.Value("q", 1), ctx.Value("q", 0)
        receive, send = ctx.Pipe(duplex=False)
        helper = ctx.Process(target=render_helper, args=(job, counter, frames, send))
        helper.start()
        send.close()
        mine = render_chunks(fr, job, iter([0, None]).__next__, lambda: None)
        kind, done, stats = receive.recv()
        helper.join(timeout=60)
    assert helper.exitcode == 0 and kind == "done"
    assert mine == [0] and sorted(done) == list(range(1, job.chunks))
    assert stats["frames"] == frames.value == plan.total - CHUNK_FRAMES and take_chunk(counter) > job.chunks
    out = tmp_path / "joined.mp4"
    assert concat_parts([job.part(k) for k in range(job.chunks)], out) == plan.total
    joined, stamps, _ = decode(out)
    assert stamps == list(range(plan.total))
    assert min(psnr(a, b) for a, b in zip(joined, ref_frames, strict=True)) > 30


def test_parts_encoded_differently_are_refused(tmp_path: Path) -> None:
    from studio.encode import Mp4Sink

    frame = np.full((72, 128, 3), 90, dtype=np.uint8)
    for name, size in (("a.mp4", (128, 72)), ("b.mp4", (64, 36))):
        sink = Mp4Sink(tmp_path / name, size, FPS, faststart=False)
        sink.write(frame[: size[1], : size[0]].copy())
        sink.close()
    with pytest.raises(ValueError, match="not encoded like"):
        concat_parts([tmp_path / "a.mp4", tmp_path / "b.mp4"], tmp_path / "out.mp4")


def test_p3tinydisplay_draws_the_picture_llvmpipe_draws(showbase: Any, skirmish3: LoadedReplay,
                                                        tmp_path: Path) -> None:
    """1080p videos are drawn by p3tinydisplay (in its own process here): at a shield hit and at the
    game's middle event its frame is llvmpipe's but for sub-pixel edges and the stars' sampling, so
    the two agree block by block (a HUD panel, a ship or an overlay missing or misplaced would not).
    (The base prints' stripes and the shield bubbles' mesh, fixed for p3tinydisplay, were checked by
    eye and PSNR over a whole game's frames; these two frames do not show them without the fixes.)"""
    import os
    import subprocess
    import sys

    from studio.offscreen import display_name
    from studio.snapshot import load_png
    from studio.video import screenshot_frame

    if display_name() != "p3headlessgl":
        pytest.skip("llvmpipe is not this process's renderer")
    tl = skirmish3.timeline
    shield = next(i for i, e in enumerate(tl.events) if e.type == "damage_dealt" and getattr(e, "to", "") == "shield")
    env = os.environ | {"TREK_DISPLAY": "p3tinydisplay"}
    for at in (shield, len(tl) // 2):
        out = tmp_path / f"tiny-{at}.png"
        subprocess.run([sys.executable, "-m", "trek.main", "screenshot", str(skirmish3.path), "--at", str(at),
                        "--size", "1920x1080", "-o", str(out)], env=env, check=True, capture_output=True)
        tiny = load_png(out).astype(float)
        gl = screenshot_frame(skirmish3, at, size=(1920, 1080)).astype(float)
        k = 6  # 6x6 blocks: an edge moved by a pixel changes few (0.4% at the shield hit)
        blocks = [np.abs(x.reshape(180, k, 320, k, 3).mean(axis=(1, 3))) for x in (tiny, gl)]
        diff = np.abs(blocks[0] - blocks[1]).max(axis=2)
        assert psnr(blocks[0].astype(np.uint8), blocks[1].astype(np.uint8)) > 30
        assert (diff > 40).mean() < 0.008, f"event {at}: {(diff > 40).mean():.4f} of the blocks differ"


def test_opening_the_1080p_renderer_says_nothing_on_stderr() -> None:
    """A 1080p video loads p3tinydisplay and p3headlessgl, which both register Panda3D's X11 types:
    that C++ warning meant nothing to a user and is kept off the terminal (other lines go through)."""
    import subprocess
    import sys

    code = ("from studio.offscreen import offscreen_showbase, video_displays; "
            "offscreen_showbase(video_displays((1920, 1080)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "TREK_DISPLAY": ""})
    assert done.returncode == 0, done.stderr
    assert "Attempt to register" not in done.stderr, done.stderr


def test_sigterm_stops_a_split_render_with_nothing_left_behind(skirmish3_file: Path, tmp_path: Path) -> None:
    """`timeout 15 trek render ...` (SIGTERM) left a hidden .trek-parts-XXXX/ folder and 'leaked
    semaphore' warnings; it now cleans up as Ctrl-C does: no output, no hidden file, exit status 130."""
    import os
    import signal
    import subprocess
    import sys
    import time

    replay = tmp_path / "g.trek"
    replay.write_bytes(skirmish3_file.read_bytes())
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen([sys.executable, "-m", "trek.main", "render", str(replay), "-o",
                             str(tmp_path / "r.mp4"), "--rounds", "1-2", "--size", "192x108", "--no-progress"],
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not list(tmp_path.glob(".trek-parts-*")) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert list(tmp_path.glob(".trek-parts-*")), "the render never split into parts"
        os.killpg(proc.pid, signal.SIGTERM)  # as `timeout` does: the whole process group
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and "interrupted; no output written" in err
    assert "leaked" not in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.trek"]

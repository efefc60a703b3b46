"""Video rendering speed: frames per second at 1920x1080 and 1280x720, against the video's 30 fps.

The default measurement (``--modes trek``) is what ``trek render FILE -o OUT.mp4 --rounds R-R --size
WxH`` does, timed in-process: ``render_video`` with its defaults (two processes each
rendering and encoding chunks of the video, the parts joined without encoding again: studio.split),
the whole of round ``--round`` (default 2) with the title and end cards, at each size in turn, then
the sizes again in the other order (``--repeat`` rounds of that; each size's best is kept). It
prints each size's speed against real time at 30 fps and against the first size's in the same run
(the figure to compare across loads: other lanes' work on a 2-core machine slows every size alike,
more or less), with the load average, and the CPU seconds both processes spent per video second.
One process has one renderer: every size is drawn by the largest size's choice (p3tinydisplay from
1080 high; ``trek render`` at 720p alone uses p3headlessgl).

The older measurements (``--modes none,inline,threaded``) time the pieces in this one process:
for each size renders ``--frames``
consecutive game frames at 30 fps of playback from round 2 on (ships moving, attacks with dice:
the busiest stretch) or, with ``--round R``, the whole of round R (what a video is made of: moves,
attacks, and the holds in between whose frames are not rendered again), director camera, HUD,
captions and the video overlays, three ways (``--modes`` picks some):

- render only: Timeline moment (worked out one frame ahead on a second thread) + HUD +
  Scene.update + renderFrame + read-back into numpy;
- render + encode: the same frames through H.264 (libx264, crf 20, ultrafast) to a temporary MP4,
  encoding on the main thread after each frame;
- render + encode, threaded: the encoder on a worker thread (what ``trek render`` does).

Prints frames/s, the ratio to 30 fps (1.0 = real time) and where the time goes per frame, then
each size's speed as a ratio to the first size's measured in the same run (the figure to compare
across machines and loads: a busy machine slows every size alike, more or less; the load average
is printed with it) and the CPU seconds a video second costs over all threads, with the real-time
speed that would give if the machine's cores did nothing else and were kept busy (an upper bound:
the figure for a quiet machine lies between the measured one and it). Issue 19's goal is 1920x1080
rendered and encoded at 1.5x real time or better. Run on a quiet machine: other processes on a
2-core machine change the wall-clock figures a lot.
Usage: python bench/bench_video.py [--round R] [--repeat N] [--replay FILE] [--sizes 1280x720,1920x1080]
       [--modes trek [--before] | none,inline,threaded [--frames N]] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

from engine.replay_timeline import LoadedReplay, load_timeline
from studio.encode import Mp4Sink, Sink, ThreadedSink
from studio.frame_plan import VideoPlan
from studio.offscreen import display_name
from studio.video import Stats

FPS = 30.0


def skirmish_replay(folder: Path) -> Path:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = folder / "skirmish.trek"
    play(load_scenario("skirmish"), 1, path)
    return path


def span_start(loaded: LoadedReplay) -> float:
    tl = loaded.timeline
    return next((tl.start_of(i) for i, e in enumerate(tl.events) if e.type == "round_started" and e.round == 2), 0.0)


def span_plan(loaded: LoadedReplay, frames: int, round_: int | None) -> VideoPlan:
    """``frames`` game frames from round 2's start, or the whole of round ``round_`` (no cards)."""
    from studio.frame_plan import plan_video

    if round_ is not None:
        return plan_video(loaded.timeline, FPS, 1.0, (round_, round_), False)
    start = span_start(loaded)
    return VideoPlan(FPS, 1.0, start, start + (frames - 1) / FPS, 0, frames, 0, 0)


def run(loaded: LoadedReplay, size: tuple[int, int], plan: VideoPlan, folder: Path,
        encode: str) -> tuple[float, float, Stats]:
    """Wall and CPU seconds (all threads) for the plan's frames, and the per-stage stats
    (encode: none, inline, threaded)."""
    from studio.frames import iter_frames
    from studio.video import FrameRenderer

    start = plan.start
    with FrameRenderer(loaded, size, raw=encode != "none") as fr:
        fr.game_frame(start)  # warm: nodes, models, HUD text
        fr.stats = Stats()
        sink: Sink | None = None
        if encode != "none":
            sink = Mp4Sink(folder / f"bench-{size[0]}.mp4", size, FPS, pixel_format=fr.pixel_format)
            if encode == "threaded":
                sink = ThreadedSink(sink)
        c0 = time.process_time()
        t0 = time.perf_counter()
        for frame in iter_frames(fr, plan):  # the production loop (next moment computed ahead)
            if sink is not None:
                t = time.perf_counter()
                sink.write(frame)
                fr.stats.encode += time.perf_counter() - t
        if sink is not None:
            t = time.perf_counter()
            sink.close()
            fr.stats.encode += time.perf_counter() - t
            if isinstance(sink, ThreadedSink):
                fr.stats.extra["encoder_busy"] = sink.busy
        wall = time.perf_counter() - t0
        return wall, time.process_time() - c0, fr.stats


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished children (the render helpers), all threads."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def trek_render(loaded: LoadedReplay, size: tuple[int, int], round_: int, folder: Path,
                workers: int | None) -> tuple[float, float, int, dict[str, object]]:
    """``trek render --rounds R-R --size WxH`` to a temporary MP4: wall and CPU seconds, frames, stats."""
    from studio.video import render_video

    c0 = cpu_seconds()
    result = render_video(loaded, folder / f"trek-{size[0]}.mp4", size=size, rounds=(round_, round_),
                          progress=False, workers=workers)
    return result.wall, cpu_seconds() - c0, result.frames, dict(result.stats)


def before(replay: Path, size: tuple[int, int], round_: int) -> tuple[float, float, int]:
    """The same render the way trek render made it before studio.split: llvmpipe (p3headlessgl), one
    process, the encoder on a thread. In a child process (one renderer a process): wall, CPU, frames."""
    import json
    import subprocess
    import sys

    env = os.environ | {"TREK_DISPLAY": "p3headlessgl"}
    out = subprocess.run([sys.executable, __file__, "--one", f"{size[0]}x{size[1]}", "--replay", str(replay),
                          "--round", str(round_), "--workers", "1"], env=env, check=True, capture_output=True,
                         text=True).stdout
    wall, cpu, frames = json.loads(out.strip().splitlines()[-1])
    return float(wall), float(cpu), int(frames)


def main_trek(args: argparse.Namespace, loaded: LoadedReplay, sizes: list[tuple[int, int]], folder: Path) -> None:
    from studio.offscreen import offscreen_showbase, video_displays

    offscreen_showbase(video_displays(max(sizes, key=lambda s: s[1])))
    round_ = args.round or 2
    load = os.getloadavg()[0]
    print(f"trek render --rounds {round_}-{round_} (title and end cards), display {display_name()}, "
          f"{os.cpu_count()} CPUs, workers {args.workers or 'default'}; load average {load:.1f} before starting")
    best: dict[tuple[int, int], tuple[float, float, int, dict[str, object]]] = {}
    for r in range(args.repeat):
        for size in (sizes if r % 2 == 0 else sizes[::-1]):
            wall, cpu, frames, stats = trek_render(loaded, size, round_, folder, args.workers)
            print(f"  {size[0]}x{size[1]}: {frames} frames in {wall:6.1f} s, {frames / wall / FPS:5.2f}x real time, "
                  f"CPU {1000 * cpu / frames:5.1f} ms/frame (both processes), helper rendered "
                  f"{stats.get('helper_chunks', 0)} of {stats.get('parts', 1)} chunks; "
                  f"load average {os.getloadavg()[0]:.1f}")
            if size not in best or wall < best[size][0]:
                best[size] = (wall, cpu, frames, stats)
            if args.before and size == sizes[-1]:
                w0, c0, _ = before(Path(loaded.path), size, round_)
                print(f"  {size[0]}x{size[1]} the way it was rendered before (llvmpipe, one process): "
                      f"{frames / w0 / FPS:5.2f}x real time, CPU {1000 * c0 / frames:5.1f} ms/frame; now "
                      f"{w0 / wall:4.2f}x as fast, for {cpu / c0:4.2f}x the CPU; load average {os.getloadavg()[0]:.1f}")
    base = sizes[0]
    print(f"\nbest of {args.repeat}, against {base[0]}x{base[1]} in the same run "
          f"(load average {os.getloadavg()[0]:.1f} at the end):")
    for size in sizes:
        wall, cpu, frames, _ = best[size]
        ratio = (frames / wall) / (best[base][2] / best[base][0])
        cores = os.cpu_count() or 1
        print(f"  {size[0]}x{size[1]}: {frames / wall / FPS:5.2f}x real time at 30 fps, {ratio:4.2f}x the speed of "
              f"{base[0]}x{base[1]}; {cpu / frames * FPS:4.2f} CPU seconds per video second "
              f"({cores / (cpu / frames * FPS):4.2f}x real time at most on {cores} idle cores)")


def ms(seconds: float, frames: int) -> str:
    return f"{1000 * seconds / frames:6.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--frames", type=int, default=150, help="frames per measurement (default 150 = 5 s)")
    parser.add_argument("--round", type=int, help="render the whole of this round instead of --frames frames")
    parser.add_argument("--modes", default="trek",
                        help="trek (what trek render does), or some of: none (render only), inline, threaded")
    parser.add_argument("--workers", type=int, help="trek mode: processes (default: render_video's)")
    parser.add_argument("--before", action="store_true",
                        help="trek mode: also time the last size the way it was rendered before (llvmpipe, one "
                             "process), right after it")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # WxH: one trek render, printed as JSON (for --before)
    parser.add_argument("--replay", type=Path, help="a replay file (default: play the bundled skirmish, seed 1)")
    parser.add_argument("--sizes", default="1280x720,1920x1080", help="the first is the baseline of the ratios")
    parser.add_argument("--repeat", type=int, default=1, help="repeat each measurement, keep the fastest")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        loaded = load_timeline(args.replay or skirmish_replay(folder))
        if args.one:
            import json

            w, h = (int(v) for v in args.one.split("x"))
            wall, cpu, frames, _ = trek_render(loaded, (w, h), args.round or 2, folder, args.workers)
            print(json.dumps([wall, cpu, frames]))
            return
        if args.modes == "trek":
            main_trek(args, loaded, [(int(w), int(h)) for w, h in sizes], folder)
            return
        plan = span_plan(loaded, args.frames, args.round)
        modes = [m for m in ("none", "inline", "threaded") if m in args.modes.split(",")]
        from studio.offscreen import offscreen_showbase

        offscreen_showbase()
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        what = f"round {args.round}" if args.round is not None else "frames from round 2's start"
        print(f"display {display_name()}, {os.cpu_count()} CPUs (load average {load:.1f} before starting), "
              f"{plan.game_frames} {what} at {FPS:g} fps of playback, director camera, HUD, "
              f"overlays templates+attack+trails+sectors+names")
        speeds: dict[tuple[int, int], dict[str, float]] = {}
        cpu_per_frame: dict[tuple[int, int], dict[str, float]] = {}
        for w, h in sizes:
            size = (int(w), int(h))
            print(f"\n{size[0]}x{size[1]}")
            labels = {"none": "render only", "inline": "render + encode", "threaded": "render + encode, threaded"}
            for encode in modes:
                label = labels[encode]
                runs = [run(loaded, size, plan, folder, encode) for _ in range(args.repeat)]
                wall, cpu, stats = min(runs, key=lambda r: r[0])
                n = plan.game_frames
                fps = n / wall
                speeds.setdefault(size, {})[label] = fps
                cpu_per_frame.setdefault(size, {})[label] = cpu / n
                cores = os.cpu_count() or 1
                print(f"  {label:27s} {fps:6.1f} frames/s  {fps / FPS:5.2f}x real time  "
                      f"({ms(wall, n)} ms/frame; CPU {ms(cpu, n)} ms/frame over all threads, "
                      f"{100 * cpu / wall / cores:3.0f}% of {cores} cores; {stats.rendered} rendered, "
                      f"{stats.reused} held frames reused)")
                parts = [("moment wait", stats.moment), ("hud", stats.hud), ("scene", stats.scene),
                         ("render", stats.render), ("readback", stats.readback)]
                if encode != "none":
                    parts.append(("encode" if encode == "inline" else "wait for encoder", stats.encode))
                other = wall - sum(v for _, v in parts)
                print("      " + "  ".join(f"{k} {ms(v, n)}" for k, v in parts) + f"  other {ms(other, n)} ms")
                if "encoder_busy" in stats.extra:
                    print(f"      encoder thread busy {ms(stats.extra['encoder_busy'], n)} ms/frame "
                          f"(overlapped with rendering)")
        base = (int(sizes[0][0]), int(sizes[0][1]))
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(f"\nagainst {base[0]}x{base[1]} in the same run (load average {load:.1f} at the end):")
        for size, by_label in speeds.items():
            threaded = by_label.get("render + encode, threaded")
            print(f"  {size[0]}x{size[1]}: " + ", ".join(
                f"{label} {fps / speeds[base][label]:.2f}x" for label, fps in by_label.items())
                  + (f"; rendered and encoded (threaded) at {threaded / FPS:.2f}x real time" if threaded else ""))
        cores = os.cpu_count() or 1
        print(f"CPU seconds per video second over all threads (load-independent, more or less), and the bound "
              f"on {cores} otherwise idle cores kept busy:")
        for size, by_label in cpu_per_frame.items():
            print(f"  {size[0]}x{size[1]}: " + ", ".join(
                f"{label} {c * FPS:.2f} ({cores / (c * FPS):.2f}x real time at most)" for label, c in by_label.items()))


if __name__ == "__main__":
    main()

"""Viewer figures, offscreen: jump first -> last event against one step, frame time, and memory.

- jump vs step: on the bundled skirmish (seed 3), the time from a key press to the finished
  frame (``Viewer`` handler, ``tick``, render and read-back) for a jump from the first event to
  the last against a step to the next event from the first, repeated, medians and their ratio.
  The same without rendering (handler + ``tick``: Timeline seek, Scene, HUD and widget sync).
- frame time: the skirmish playing at 1x with every overlay on, ``tick(1/30)`` plus the frame.
- memory: a replay of about 1,000 events (the skirmish's scenario with both fleets doubled,
  6 ships a side, up to 20 rounds) loaded and opened in a viewer: Python heap (tracemalloc)
  and the process's resident set size before and after.

Usage: python bench/bench_viewer.py [--size WxH] [--repeat N] [--frames N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from studio.offscreen import display_name, offscreen_showbase
from studio.overlays import OVERLAYS
from studio.surface import OffscreenSurface
from studio.viewer import Viewer

ROOT = Path(__file__).resolve().parent.parent


def rss_mib() -> float:
    """The resident set size of this process (Linux /proc; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def median_ms(samples: list[float]) -> float:
    return 1000 * statistics.median(samples)


def timed(action: Callable[[], Any], before: Callable[[], Any], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        before()
        t0 = time.perf_counter()
        action()
        out.append(time.perf_counter() - t0)
    return out


def long_scenario(folder: Path) -> Path:
    """The skirmish with each fleet doubled (open format) and a 20-round limit."""
    doc = json.loads((ROOT / "replays" / "skirmish.json").read_text())
    for side in doc["sides"]:
        fleet = json.loads((ROOT / "replays" / side["fleet"]).read_text())
        fleet["ships"] = fleet["ships"] * 2
        name = Path(side["fleet"]).name
        (folder / name).write_text(json.dumps(fleet))
        side["fleet"] = name
    doc.update(name="long skirmish", fleet_format="open", round_limit=20)
    path = folder / "long.json"
    path.write_text(json.dumps(doc))
    return path


def jump_vs_step(showbase: Any, loaded: LoadedReplay, size: tuple[int, int], repeat: int) -> None:
    surface = OffscreenSurface(showbase, size)
    viewer = Viewer(showbase, loaded, surface.surface)
    last = len(loaded.timeline) - 1

    def first() -> None:
        viewer.home()
        viewer.tick(0.0)
        surface.capture()

    def jump() -> None:
        viewer.jump_event(last)
        viewer.tick(0.0)
        surface.capture()

    def step() -> None:
        viewer.step(1)
        viewer.tick(0.0)
        surface.capture()

    def middle() -> None:
        viewer.jump_event(last // 2)
        viewer.tick(0.0)
        surface.capture()

    for action in (jump, step):  # warm: nodes, glyphs, state
        first()
        action()
    jumps, steps, mids = timed(jump, first, repeat), timed(step, first, repeat), timed(step, middle, repeat)
    print(f"  jump first -> last event, to the frame  median {median_ms(jumps):7.2f} ms")
    print(f"  one step from the first event           median {median_ms(steps):7.2f} ms"
          f"   ratio jump/step {statistics.median(jumps) / statistics.median(steps):.2f}")
    print(f"  one step mid-game (event {last // 2:>4})      median {median_ms(mids):7.2f} ms"
          f"   ratio jump/step {statistics.median(jumps) / statistics.median(mids):.2f}")

    def jump_only() -> None:
        viewer.jump_event(last)
        viewer.tick(0.0)

    def step_only() -> None:
        viewer.step(1)
        viewer.tick(0.0)

    def home_only() -> None:
        viewer.home()
        viewer.tick(0.0)

    def middle_only() -> None:
        viewer.jump_event(last // 2)
        viewer.tick(0.0)

    jumps, steps = timed(jump_only, home_only, repeat), timed(step_only, home_only, repeat)
    mids = timed(step_only, middle_only, repeat)
    print(f"  the same without rendering: jump {median_ms(jumps):6.2f} ms, step from the first"
          f" {median_ms(steps):6.2f} ms, mid-game {median_ms(mids):6.2f} ms"
          f"   ratios {statistics.median(jumps) / statistics.median(steps):.2f},"
          f" {statistics.median(jumps) / statistics.median(mids):.2f}")
    tl = loaded.timeline
    far, near, mid = tl.start_of(last), tl.step(0.0, 1), tl.step(tl.start_of(last // 2), 1)
    jumps = timed(lambda: tl.moment(far), lambda: None, repeat)
    steps = timed(lambda: tl.moment(near), lambda: None, repeat)
    mids = timed(lambda: tl.moment(mid), lambda: None, repeat)
    print(f"  of which Timeline.moment: last event {median_ms(jumps):6.2f} ms, second {median_ms(steps):6.2f} ms,"
          f" mid-game {median_ms(mids):6.2f} ms")
    viewer.destroy()
    surface.close()


def frame_time(showbase: Any, loaded: LoadedReplay, size: tuple[int, int], frames: int) -> None:
    surface = OffscreenSurface(showbase, size)
    surface.capture()
    empty = timed(surface.capture, lambda: None, max(frames // 4, 5))
    print(f"  baseline: an empty buffer, render + read back  median {median_ms(empty):7.2f} ms")
    viewer = Viewer(showbase, loaded, surface.surface, overlays=OVERLAYS)
    tl = loaded.timeline
    start = next(tl.start_of(i) for i, e in enumerate(tl.events) if e.type == "ship_moved" and e.round >= 2)
    viewer.playback.seek(start)
    viewer.playback.play()
    viewer.tick(0.0)
    surface.capture()
    samples = []
    for _ in range(frames):
        t0 = time.perf_counter()
        viewer.tick(1 / 30)
        surface.capture()
        samples.append(time.perf_counter() - t0)
    m = statistics.median(samples)
    print(f"  playing, every overlay, HUD, log, bar   median {1000 * m:7.2f} ms ({1 / m:5.1f} fps),"
          f" p95 {1000 * sorted(samples)[int(0.95 * len(samples))]:.2f} ms")
    viewer.destroy()
    surface.close()


def memory(showbase: Any, size: tuple[int, int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        scenario = load_scenario(long_scenario(folder))
        path = folder / "long.trek"
        play(scenario, 2, path, 20)
        surface = OffscreenSurface(showbase, size)
        surface.capture()
        rss0 = rss_mib()
        tracemalloc.start()
        loaded = load_timeline(path)
        heap_loaded = tracemalloc.get_traced_memory()[0]
        viewer = Viewer(showbase, loaded, surface.surface, overlays=OVERLAYS)
        viewer.jump_event(len(loaded.timeline) // 2)
        viewer.tick(0.0)
        surface.capture()
        heap, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rss1 = rss_mib()
        n = len(loaded.timeline)
        rounds = max((m[1] for m in loaded.timeline.marks), default=0)
        print(f"  replay of {n} events, {rounds} rounds, {path.stat().st_size / 1024:.0f} KiB"
              " on disk (the skirmish with both fleets doubled, seed 2)")
        print(f"  Python heap: timeline {heap_loaded / 2**20:.1f} MiB, with the viewer open {heap / 2**20:.1f} MiB"
              f" (peak {peak / 2**20:.1f} MiB), {heap / n / 1024:.1f} KiB per event")
        print(f"  resident set: +{rss1 - rss0:.1f} MiB (from {rss0:.0f} to {rss1:.0f} MiB)")
        viewer.destroy()
        del loaded
        t0 = time.perf_counter()
        loaded = load_timeline(path)
        t1 = time.perf_counter()
        viewer = Viewer(showbase, loaded, surface.surface, overlays=OVERLAYS)
        viewer.tick(0.0)
        surface.capture()
        t2 = time.perf_counter()
        print(f"  load {1000 * (t1 - t0):.0f} ms, viewer open + first frame {1000 * (t2 - t1):.0f} ms")
        viewer.destroy()
        surface.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--frames", type=int, default=120)
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    showbase = offscreen_showbase()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "skirmish.trek"
        play(load_scenario("skirmish"), 3, path)
        loaded = load_timeline(path)
    print(f"display {display_name()}, {w}x{h}; skirmish seed 3: {len(loaded.timeline)} events,"
          f" {loaded.timeline.duration:.0f} s at 1x")
    jump_vs_step(showbase, loaded, (w, h), args.repeat)
    frame_time(showbase, loaded, (w, h), args.frames)
    memory(showbase, (w, h))


if __name__ == "__main__":
    main()

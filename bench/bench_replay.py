"""Replay files: size and speed against JSON, seek time against log length, header-only open.

Four ratios, each measured in this one run on the same synthetic game (the toy ruleset of
``engine.replay.testing``: events shaped like game events, with maneuvers, start and end
poses, dice and damage; a keyframe every 256 events):

1. bytes per event, replay file (keyframes and index included) against the same events as JSON lines;
2. open-and-read speed: JSON lines read with ``json.loads`` against ``open_replay`` + every event
   (the replay reader also checks every record's CRC-32, framing, order and limits), nine times
   each, turn about: the ratio of the best times, and the median ratio of the back-to-back pairs;
3. ``state_at`` on the last events of the log against ``state_at`` near its start: the mean over one
   keyframe period at each end (about 1 however long the log), and the two single points (event n-1 sits
   further past its keyframe than event 10 does past the start, so it costs more; the factor is bounded
   by the keyframe spacing, not the log length);
4. header-only open of the file against a full read of it.

Usage: python bench/bench_replay.py [--quick] [--events N]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from engine.replay import open_replay
from engine.replay.jsonform import to_json
from engine.replay.testing import CODEC, fold, toy_events, write_toy_replay

KEYFRAME_EVERY = 256


def timed(fn: Callable[[], object], repeat: int = 3) -> float:
    best = math.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def interleaved(a: Callable[[], object], b: Callable[[], object], repeat: int = 9) -> tuple[float, float, float]:
    """The best time of each, run turn about (which of the two goes first alternates), and the
    median of the ``repeat`` back-to-back pairs' ratios b / a: on a shared machine a burst of load
    slows both of a pair alike, and the median ignores the pairs a burst split."""
    times_a: list[float] = []
    times_b: list[float] = []
    for i in range(repeat):
        if i % 2:
            times_b.append(timed(b, 1))
            times_a.append(timed(a, 1))
        else:
            times_a.append(timed(a, 1))
            times_b.append(timed(b, 1))
    ratios = sorted(tb / ta for ta, tb in zip(times_a, times_b, strict=True))
    return min(times_a), min(times_b), ratios[len(ratios) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a small log, for the test suite")
    parser.add_argument("--events", type=int, default=None, help="events in the log (default 100,000; quick 5,000)")
    args = parser.parse_args()
    n = args.events or (5_000 if args.quick else 100_000)
    near_start = min(10, n - 1)

    with tempfile.TemporaryDirectory() as tmp:
        trek, jsonl = Path(tmp) / "game.trek", Path(tmp) / "game.jsonl"
        t0 = time.perf_counter()
        write_toy_replay(trek, n, keyframe_every=KEYFRAME_EVERY)
        write_s = time.perf_counter() - t0
        with jsonl.open("w", encoding="utf-8") as f:
            for event in toy_events(n):
                f.write(json.dumps(to_json(event), separators=(",", ":")) + "\n")

        # Correctness before timing: the reader gives back the events, and state_at agrees with a plain fold.
        replay = open_replay(trek)
        if replay.truncated or replay.event_count != n:
            sys.exit("the replay did not read back whole")
        with jsonl.open(encoding="utf-8") as f:
            if [to_json(e) for e in replay.events()] != [json.loads(line) for line in f]:
                sys.exit("the replay's events differ from the JSON lines")
        for k in (near_start, n // 2, n - 1):
            if replay.state_at(k, CODEC) != fold(n, k + 1):
                sys.exit(f"state_at({k}) disagrees with folding the events from the start")

        # 1. bytes per event
        trek_bpe, json_bpe = trek.stat().st_size / n, jsonl.stat().st_size / n

        # 2. open and read every event
        def read_json() -> None:
            with jsonl.open(encoding="utf-8") as f:
                for line in f:
                    json.loads(line)

        def read_trek() -> None:
            for _ in open_replay(trek).events():
                pass

        json_read, trek_read, pair_ratio = interleaved(read_json, read_trek)

        # 3. seek: the state after the last event against the state after an event near the start, and the
        # mean over one keyframe period at each end (the cost depends on the distance to the keyframe before)
        opened = open_replay(trek)
        seek_start = timed(lambda: opened.state_at(near_start, CODEC), 7)
        seek_end = timed(lambda: opened.state_at(n - 1, CODEC), 7)
        period = min(KEYFRAME_EVERY, n // 2)
        first = [k * period // 16 for k in range(16)]
        last = [n - period + k for k in first]
        mean_first = sum(timed(partial(opened.state_at, k, CODEC)) for k in first) / len(first)
        mean_last = sum(timed(partial(opened.state_at, k, CODEC)) for k in last) / len(last)
        fold_all = timed(lambda: fold(n, n), 1)

        # 4. header-only open against a full read
        header_only = timed(lambda: open_replay(trek, header_only=True).header, 7)

    print(f"log: {n:,} events, keyframe every {KEYFRAME_EVERY}; written at {n / write_s:,.0f} events/s "
          f"(with keyframes)")
    print(f"bytes per event:   replay {trek_bpe:8.1f}   JSON lines {json_bpe:8.1f}   "
          f"ratio {trek_bpe / json_bpe:6.2f}x the JSON size")
    print(f"open + read all:   replay {n / trek_read:>10,.0f} events/s   json {n / json_read:>10,.0f} events/s   "
          f"ratio {json_read / trek_read:6.2f}x the JSON speed")
    print(f"                   (best of 9 each, read turn about; the median of the 9 back-to-back pairs: "
          f"{1 / pair_ratio:.2f}x)")
    print(f"state_at:          last {period} events {mean_last * 1e3:6.2f} ms   first {period} events "
          f"{mean_first * 1e3:6.2f} ms (means)   ratio {mean_last / mean_first:6.2f}x")
    print(f"                   event {n - 1:,}: {seek_end * 1e3:6.2f} ms   "
          f"event {near_start}: {seek_start * 1e3:6.2f} ms   ratio {seek_end / seek_start:6.2f}x   "
          f"(folding all {n:,} events: {fold_all * 1e3:,.0f} ms)")
    print(f"header-only open:  {header_only * 1e3:7.3f} ms   full read {trek_read * 1e3:,.1f} ms   "
          f"ratio {trek_read / header_only:,.0f}x faster")


if __name__ == "__main__":
    main()

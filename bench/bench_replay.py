"""Replay files: size and read speed against JSON lines, on real games and on a long toy log.

**Real games** (what issue 20 measures): a few bundled games of each game kind, AI against AI,
recorded through the one recording loop (``engine.rulesets.record``, a keyframe every 128 events):
Attack Wing skirmishes, an Alliance mission, Into the Unknown's learning mission and a Fleet
Captains game. For each kind, in this one run:

1. bytes: the replay files (header, keyframes, definitions, index and trailer included) against the
   JSON lines of the same events *and keyframes* (``to_json``, compact separators, one per line);
2. read speed: ``json.loads`` of every line of those files against ``open_replay`` and one walk of
   every event and keyframe (``Replay.visit``: every record's CRC-32, framing, order and limits
   checked), the kind's games read turn about; the ratio json time / replay time, the median of the
   back-to-back pairs (on a shared machine a burst of load slows both of a pair alike). The shape
   decoders a process has made are kept between files (games of one ruleset share their shapes): a
   shape is decoded by ``engine/replay/positional.py``'s decoder of its width until it has been declared
   in ``compact.COMPILE_AFTER`` files, then by a decoder compiled for it: "read" is a process that has
   read the kind's games ``WARM_READS`` times first (as one reading many games is); the "first file"
   figure reads each replay with that cache emptied first (nothing compiled, every shape checked: a
   process's first game of a ruleset).

**Toy log** (``--events``, 100,000 by default; quick 5,000): the synthetic game of
``engine.replay.testing`` (a keyframe every 256 events): bytes and read speed as above (events only),
``state_at`` near the end against near the start (bounded by the keyframe spacing, not the log length),
and a header-only open against a full read.

Usage: python bench/bench_replay.py [--quick] [--events N] [--repeat N]
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

from engine.replay import compact, open_replay
from engine.replay.jsonform import to_json
from engine.replay.reader import BaseVisitor
from engine.replay.testing import CODEC, fold, toy_events, write_toy_replay

KEYFRAME_EVERY = 256
WARM_READS = 50  # reads of a kind's games before its "read" figure (its shapes' decoders compiled)


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


# -- real games ------------------------------------------------------------------------------------

Recorder = Callable[[Path], object]


def games(quick: bool) -> dict[str, list[tuple[str, Recorder]]]:
    """The bundled games each kind is measured on: (file name, a function that plays it into a path)."""
    from engine.rulesets.alliance.play import play_mission as alliance
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario
    from engine.rulesets.fleet_captains.play import play_game as fleet_captains
    from engine.rulesets.into_the_unknown.play import play_mission as into_the_unknown

    skirmish = load_scenario("skirmish")
    return {
        "Attack Wing": [(f"skirmish-seed{seed}.trek", partial(lambda s, out: play(skirmish, s, out), seed))
                        for seed in ((3,) if quick else (1, 2, 3))],
        "Alliance": [("alliance-act1-seed4.trek", lambda out: alliance("alliance-act1", 2, 4, out))],
        "Into the Unknown": [("itu-seed5.trek", lambda out: into_the_unknown(5, out))],
        "Fleet Captains": [("fc-seed27.trek", lambda out: fleet_captains(27, out))],
    }


class _Lines(BaseVisitor):
    """Writes a replay's events and keyframes (the states), in file order, as JSON lines."""

    def __init__(self, out: list[str]) -> None:
        self.out = out

    def on_event(self, event: dict[str, object]) -> None:
        self.out.append(json.dumps(to_json(event), separators=(",", ":")))

    def on_keyframe(self, events: int, state: dict[str, object]) -> None:
        self.out.append(json.dumps(to_json(state), separators=(",", ":")))


NOTHING = BaseVisitor()


def read_json(paths: list[Path]) -> None:
    for path in paths:
        with path.open(encoding="utf-8") as f:
            for line in f:
                json.loads(line)


def read_trek(paths: list[Path]) -> None:
    for path in paths:
        open_replay(path).visit(NOTHING)


def read_trek_first(paths: list[Path]) -> None:
    """As ``read_trek``, each file as the first of its ruleset that the process reads (no decoder cached)."""
    for path in paths:
        compact.forget_decoders()
        open_replay(path).visit(NOTHING)


def real_games(tmp: Path, quick: bool, repeat: int) -> None:
    print(f"real games, AI against AI (a keyframe every 128 events); read: median of {repeat} back-to-back pairs")
    print(f"{'':18}{'games':>6}{'events':>8}{'kf':>4}{'replay B':>10}{'JSON B':>10}{'bytes':>8}"
          f"{'read':>8}{'first':>8}{'replay ms':>11}{'json ms':>9}")
    summary: list[str] = []
    for kind, plays in games(quick).items():
        treks: list[Path] = []
        jsons: list[Path] = []
        events = keyframes = 0
        for name, record in plays:
            trek = tmp / name
            record(trek)
            replay = open_replay(trek)
            if replay.truncated:
                sys.exit(f"{name}: the replay did not read back whole")
            lines: list[str] = []
            replay.visit(_Lines(lines))
            events += replay.event_count
            keyframes += len(replay.index.keyframes)
            jsonl = trek.with_suffix(".jsonl")
            jsonl.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            treks.append(trek)
            jsons.append(jsonl)
        for _ in range(WARM_READS):
            read_trek(treks)
        trek_bytes = sum(p.stat().st_size for p in treks)
        json_bytes = sum(p.stat().st_size for p in jsons)
        json_best, trek_best, pair = interleaved(partial(read_json, jsons), partial(read_trek, treks), repeat)
        _, _, first_pair = interleaved(partial(read_json, jsons), partial(read_trek_first, treks), repeat)
        summary.append(f"{kind} {1 / pair:.2f}x (first file {1 / first_pair:.2f}x)")
        print(f"{kind:18}{len(treks):>6}{events:>8}{keyframes:>4}{trek_bytes:>10,}{json_bytes:>10,}"
              f"{trek_bytes / json_bytes:>7.2f}x{1 / pair:>7.2f}x{1 / first_pair:>7.2f}x"
              f"{trek_best * 1e3:>11.2f}{json_best * 1e3:>9.2f}")
    print("(bytes: replay / JSON lines of the events and keyframes; read: json time / replay time, above 1 is "
          "faster than json)")
    print("read against json, medians of this run: " + ", ".join(summary))


# -- the toy log -----------------------------------------------------------------------------------


def toy_log(n: int) -> None:
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

    print(f"toy log: {n:,} events, keyframe every {KEYFRAME_EVERY}; written at {n / write_s:,.0f} events/s "
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



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one game of each kind and a small toy log (the tests)")
    parser.add_argument("--events", type=int, default=None, help="events in the toy log (default 100,000; quick 5,000)")
    parser.add_argument("--repeat", type=int, default=None, help="back-to-back pairs of reads (default 15; quick 3)")
    args = parser.parse_args()
    repeat = args.repeat or (3 if args.quick else 15)
    with tempfile.TemporaryDirectory() as tmp:
        real_games(Path(tmp), args.quick, repeat)
    print()
    toy_log(args.events or (5_000 if args.quick else 100_000))


if __name__ == "__main__":
    main()

"""`trek batch play` on a local Ray: games per second with 1 worker and with 2, in the same run.

One local Ray of two processors is started once; both workers are warmed up first (their
processes started, the engine imported), then the same seeds of the bundled skirmish are played
into a fresh folder with ``--workers 1`` and again with ``--workers 2``. Printed: games/s of
each and the ratio 2 workers / 1 worker (2.0 would be perfect scaling; the writing of replays
and rows stays in this one process). Wall-clock time: this is about throughput, and a machine
shared with other work lowers both figures alike.

Usage: python bench/bench_batch.py [--games N] [--scenario NAME]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from engine.batch.games import job_for
from engine.batch.play import play_batch
from engine.batch.runner import connected


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per run (default 40)")
    parser.add_argument("--scenario", default="skirmish")
    args = parser.parse_args()
    job = job_for(args.scenario)
    seeds = range(1, args.games + 1)
    rates: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as folder, connected(2):
        play_batch(job, range(10_001, 10_005), Path(folder) / "warm-up", 2, progress=False)
        for workers in (1, 2):
            t0 = time.perf_counter()
            summary = play_batch(job, seeds, Path(folder) / f"workers-{workers}", workers, progress=False)
            seconds = time.perf_counter() - t0
            assert summary.played == args.games
            rates[workers] = args.games / seconds
            print(f"{workers} worker{'s' if workers > 1 else ' '}: {args.games} {args.scenario} games in "
                  f"{seconds:6.2f} s = {rates[workers]:6.2f} games/s")
    print(f"2 workers / 1 worker: {rates[2] / rates[1]:.2f}x games/s")


if __name__ == "__main__":
    main()

"""`trek batch play` on a local Ray: games per second with 1 worker and with 2, in the same run.

One local Ray of two processors is started once; both workers are warmed up first (their
processes started, the engine imported), then the same seeds of the bundled skirmish are played
into a fresh folder with ``--workers 1`` and again with ``--workers 2``. Printed: games/s of
each and the ratio 2 workers / 1 worker (2.0 would be perfect scaling; the writing of replays
and rows stays in this one process). Wall-clock time: this is about throughput, and a machine
shared with other work lowers both figures alike.

First, in this process, what a game's row costs as a share of the game itself (same run): the
row as `trek batch` reads it (Attack Wing: where ships left play from the events alone), and the
generic reading through the view (a Timeline and a search through its moments) for comparison.

Usage: python bench/bench_batch.py [--games N] [--scenario NAME]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from engine.batch.games import game_row, job_for, losses, play_game
from engine.batch.play import play_batch
from engine.batch.runner import connected


def row_share(scenario: str, games: int = 6) -> None:
    """Print the row's cost, and the view-read losses' cost, as shares of the games' own time."""
    from engine.replay.reader import open_replay
    from engine.replay_timeline import timeline_for
    from engine.rulesets.registry import ruleset_for

    job = job_for(scenario)
    play_game(job, 0)  # warm caches
    t0 = time.perf_counter()
    outputs = [play_game(job, seed) for seed in range(1, games + 1)]  # each game and its row
    both = time.perf_counter() - t0
    t0 = time.perf_counter()
    for out in outputs:
        game_row(out.replay, out.seed)
    row = time.perf_counter() - t0
    t0 = time.perf_counter()
    for out in outputs:
        replay = open_replay(out.replay)
        ruleset = ruleset_for(replay.header["ruleset"])
        codec = ruleset.reading(replay.header)
        losses(timeline_for(replay.header, list(replay.typed_events(codec)), ruleset, codec))
    viewed = time.perf_counter() - t0
    game = both - row
    print(f"a row costs {row / game:.3f} of its game's time; where ships left play read through the view "
          f"(a Timeline) alone would cost {viewed / game:.3f}; {games} {scenario} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per run (default 40)")
    parser.add_argument("--scenario", default="skirmish")
    args = parser.parse_args()
    row_share(args.scenario)
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

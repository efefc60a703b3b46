"""`trek analyze` speed: rollouts and events per second, one worker and two, in the same run.

The bundled skirmish (seed 3) is recorded, then its round-start points (the win-probability
curve) are rolled out ``--rollouts`` times each: in this process (``--workers 1``) and on a local
Ray of two processors (``--workers 2``, warmed up first). Printed: rollouts/s, events/s (the
events each rollout plays, its re-play up to the fork included: rollouts from late points are
shorter after the fork but re-play more before it) and the ratio 2 workers / 1 worker.

Usage: python bench/bench_analysis.py [--rollouts N] [--points N]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from engine.analysis.analyze import load, roll_point
from engine.analysis.rollout import rollout_seed
from engine.batch.runner import connected, run_tasks
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.rollout import continuation
from engine.rulesets.attack_wing.scenario import load_scenario


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rollouts", type=int, default=20, help="rollouts a point (default 20)")
    parser.add_argument("--points", type=int, default=6, help="round starts rolled out (default 6)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "skirmish-3.trek"
        play(load_scenario("skirmish"), 3, path)
        game = load(path)
    starts = [i - 1 for i, e in enumerate(game.events) if e["type"] == "round_started"][:args.points]
    events = sum(len(continuation(game.header, game.events, at, rollout_seed(0, at, i)).events)
                 for at in starts for i in range(2)) / (2 * len(starts))  # a rollout's events, on average
    jobs = [("attack_wing", game.header, game.events[:at + 1], at, 0, args.rollouts) for at in starts]
    total = len(starts) * args.rollouts
    t0 = time.perf_counter()
    for job in jobs:
        roll_point(*job)
    one = time.perf_counter() - t0
    print(f"1 worker:  {total} rollouts in {one:.1f} s: {total / one:.1f} rollouts/s, "
          f"{total * events / one:,.0f} events/s")
    with connected(2):
        list(run_tasks(roll_point, [(*jobs[0][:5], 1)] * 2, 2))  # warm both workers
        t0 = time.perf_counter()
        list(run_tasks(roll_point, jobs, 2))
        two = time.perf_counter() - t0
    print(f"2 workers: {total} rollouts in {two:.1f} s: {total / two:.1f} rollouts/s, "
          f"{total * events / two:,.0f} events/s; ratio {one / two:.2f}x")


if __name__ == "__main__":
    main()

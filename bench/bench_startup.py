"""How fast `trek` answers: whole commands as a person types them, against `python -c pass`.

Each command runs as its own process (the console script's interpreter, nothing cached in
memory), turn about with the baseline, ``--repeat`` times; the median of each is kept, and
the ratio command / baseline printed with it (a shared machine's load slows both of a pair
alike). The commands: `trek --help`, `trek replay info` of a small replay (a two-round duel,
played first), `trek catalog ships` and `trek maneuver`. The aim (issue 29): each under 0.3 s
of wall time on a 2-core machine, with Python's bytecode cache as a first run leaves it.
Usage: python bench/bench_startup.py [--repeat N] [--quick]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

AIM_S = 0.3


# as a person's shell runs it: Python writes and reuses its compiled bytecode (some sandboxes and CI
# runners set PYTHONDONTWRITEBYTECODE, which makes every start compile every module again)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--quick", action="store_true", help="3 runs each, for the test suite")
    args = parser.parse_args()
    repeat = 3 if args.quick else max(1, args.repeat)
    python = sys.executable
    trek = [python, "-m", "trek"]
    with tempfile.TemporaryDirectory() as tmp:
        replay = str(Path(tmp) / "duel.trek")
        subprocess.run([*trek, "play", "duel", "--seed", "2", "--rounds", "2", "-o", replay],
                       stdout=subprocess.DEVNULL, check=True)
        commands = {
            "trek --help": [*trek, "--help"],
            "trek replay info (duel, 2 rounds)": [*trek, "replay", "info", replay],
            "trek catalog ships": [*trek, "catalog", "ships"],
            "trek maneuver --kind left-bank --speed 2": [*trek, "maneuver", "--kind", "left-bank", "--speed", "2"],
        }
        for argv in commands.values():  # the first run of each writes the bytecode of what it imports
            wall(argv)
        baseline: list[float] = []
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(repeat):
            for name, argv in commands.items():
                baseline.append(wall([python, "-c", "pass"]))
                times[name].append(wall(argv))
    base = statistics.median(baseline)
    print(f"baseline `python -c pass`: median {base * 1000:.0f} ms over {len(baseline)} runs")
    print(f"{'command':44} {'median':>8} {'x pass':>8}  aim {AIM_S:.1f} s")
    for name, runs in times.items():
        median = statistics.median(runs)
        mark = "ok" if median <= AIM_S else "OVER"
        print(f"{name:44} {median * 1000:6.0f} ms {median / base:7.1f}x  {mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

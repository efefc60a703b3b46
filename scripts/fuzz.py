"""The long fuzz run for releases: every input kind, every ruleset, for as long as asked.

    .venv/bin/python scripts/fuzz.py --minutes 30          # all kinds in turn, new seeds each round
    .venv/bin/python scripts/fuzz.py --kind replay --seed 17   # reproduce one case

Each case (tests/fuzzing.py, and issue 34's kinds in tests/fuzz_hostile.py: replays claiming an older
engine, cut short, with values of another type or hostile text, compact maps, batch rows, notation
imported) mutates a sound file of one of the four rulesets with a seeded mutator and runs the commands
that read it; any answer other than exit 0, 1, 3 or a one-line 2, a raw control character printed, or
a broken promise of the kind (a forgery validated as sound, output past its bound) is printed with the
(kind, seed) that reproduces it. Exit status 1 when anything was found. CI runs a bounded set
(tests/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

fuzzing = importlib.import_module("fuzzing")  # tests/fuzzing.py: the cases CI runs a bounded set of
CASES, failures = fuzzing.CASES, fuzzing.failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long to run (default 10)")
    parser.add_argument("--kind", choices=sorted(CASES), help="only this kind of input")
    parser.add_argument("--seed", type=int, help="run this one case (with --kind) and stop")
    parser.add_argument("--start", type=int, default=1000, help="first seed (CI uses the seeds below 1000)")
    args = parser.parse_args()
    kinds = [args.kind] if args.kind else sorted(CASES)
    found: list[str] = []
    cases = 0
    with tempfile.TemporaryDirectory(prefix="trek-fuzz-") as tmp:
        work = Path(tmp)
        if args.seed is not None:
            found = [f for kind in kinds for f in failures(kind, args.seed, work / kind)]
            cases = len(kinds)
        else:
            deadline = time.monotonic() + args.minutes * 60
            seed = args.start
            while time.monotonic() < deadline:
                for kind in kinds:
                    new = failures(kind, seed, work / kind)
                    for line in new:
                        print(line, flush=True)
                    found += new
                    cases += 1
                seed += 1
    print(f"{cases} cases, {len(found)} problems", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

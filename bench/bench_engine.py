"""Engine throughput on the bundled skirmish, AI against AI, recording on.

Prints games and events per second, with ratios against three baselines measured in the same
run: folding the same logs through the reducer alone (the floor: bookkeeping without any
decisions), the same games with recording off (what writing the replay costs), and with the
cycle collector's default thresholds (games are timed as `trek` runs them, with the setting its
command line makes for its process; the engine itself leaves the collector alone). Each game is
played in those ways back to back, twice, and the best of each kept (a burst of load on a shared
machine slows a game's four alike). Then where the time goes, by phase of the engine. Every game
is timed from cold: the engine's memos (engine/memos.py) are emptied before it. With
``--against DIR`` (another checkout, e.g. ``git worktree add /tmp/base main``), the same recorded
games also play there and here turn about, each in its own process, and the ratio of their
CPU-time medians is printed (a shared machine's load slows CPU time far less than the wall clock),
each checkout's games as its own `trek` plays them, from cold and as a batch (one process playing
the seeds in turn, its memos kept, as a batch worker would).
Usage: python bench/bench_engine.py [--quick] [--against DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import math
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.memos import forget
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import fold, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario
from trek.main import fewer_collections

# (file, function) whose cumulative time is reported
BUCKETS = {
    "AI: choosing maneuvers": ("ai.py", "plan"), "AI: choosing actions": ("ai.py", "act"),
    "AI: choosing attacks": ("ai.py", "attack"), "movement rules": ("movement.py", "resolve_move"),
    "action options": ("activation.py", "action_options"), "combat steps 3-8": ("combat.py", "resolve_attack"),
    "line of fire": ("measure.py", "line_of_fire"), "events + reducer": ("game_base.py", "emit"),
    "  of maneuvers: arcs, range": ("ai.py", "_arcs_after"), "  of maneuvers: obstacles": ("ai.py", "_touches"),
    "  of combat: odds with cards": ("card_odds.py", "card_odds"),
}
# one process's games, recorded, in CPU seconds (run with the checkout's own engine)
_TIMED = """
import contextlib, importlib, pathlib, sys, tempfile, time
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario


def own(module, name):
    # module.name from this checkout only: an editable install finds a module the checkout lacks in
    # the checkout it was installed from (an older checkout would get a newer one's empty registry)
    try:
        found = importlib.import_module(module)
    except ImportError:
        return None
    if not pathlib.Path(found.__file__).resolve().is_relative_to(pathlib.Path.cwd().resolve()):
        return None
    return getattr(found, name, None)


# the memos as this checkout registers or lists them (none before there were memos)
forget = own("engine.memos", "forget") or own("engine.rulesets.attack_wing.memos", "forget") or (lambda: None)
# the cycle collector as this checkout's `trek` runs games (older ones set it in record_game)
fewer_collections = own("trek.main", "fewer_collections") or contextlib.nullcontext
scenario = load_scenario("skirmish")
play(scenario, 1000)  # warm (catalog, templates) on a game not timed
with tempfile.TemporaryDirectory() as tmp:
    spent = 0.0
    for seed in range(int(sys.argv[1])):
        if sys.argv[2] == "cold":
            forget()  # each game from cold, as alone (else as a batch of games in one process plays them)
        with fewer_collections():
            started = time.process_time()
            play(scenario, seed, pathlib.Path(tmp) / f"{seed}.trek")
            spent += time.process_time() - started
    print(spent)
"""


def versus(other: Path, games: int, turns: int) -> None:
    """This checkout's engine against another's on the same games, turn about, CPU-time medians:
    every game from cold (the memos emptied), and as a batch (one process, the memos kept)."""
    here = Path(__file__).resolve().parents[1]
    print(f"against {other}: {games} recorded games, {turns} turns each, CPU-time medians")
    for mode in ("cold", "batch"):
        times: dict[Path, list[float]] = {here: [], other: []}
        for turn in range(turns):
            for tree in (here, other) if turn % 2 == 0 else (other, here):
                env = {**os.environ, "PYTHONPATH": str(tree)}
                done = subprocess.run([sys.executable, "-c", _TIMED, str(games), mode], cwd=tree, env=env,
                                      check=True, capture_output=True, text=True)
                times[tree].append(float(done.stdout.strip().splitlines()[-1]))
        mine, theirs = statistics.median(times[here]), statistics.median(times[other])
        print(f"  {mode + ':':<6} games/s here {games / mine:.2f}, there {games / theirs:.2f}: "
              f"ratio {theirs / mine:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few games, for the test suite")
    parser.add_argument("--against", type=Path, help="another checkout to time the same games against")
    args = parser.parse_args()
    games = 3 if args.quick else 20
    if args.against is not None:
        versus(args.against.resolve(), 6, 4 if args.quick else 8)
    scenario = load_scenario("skirmish")
    play(scenario, 1000)  # warm caches (catalog, templates) on a game not timed

    # each game recorded, unrecorded, recorded with the collector's default thresholds and folded back
    # to back (which goes first alternates), twice, the best time of each kept: on a shared machine a
    # burst of load then slows the four alike. All but the third run as `trek` runs a game (with
    # its cycle-collector setting, ``fewer_collections``); the third as a program that leaves it.
    recorded = unrecorded = default_gc = folding = 0.0
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(games):
            best = [math.inf] * 4
            for turn in range(2):
                for which in ((0, 1, 2, 3) if (seed + turn) % 2 == 0 else (2, 1, 0, 3)):
                    forget()  # the memos (engine/memos.py) from cold for every game, as a game alone plays
                    with contextlib.nullcontext() if which == 2 else fewer_collections():
                        t0 = time.perf_counter()
                        if which in (0, 2):
                            result = play(scenario, seed, Path(tmp) / f"{seed}.trek")
                        elif which == 1:
                            play(scenario, seed)
                        else:
                            fold(initial_state(seed), result.events)
                        best[which] = min(best[which], time.perf_counter() - t0)
            results.append(result)
            recorded, unrecorded = recorded + best[0], unrecorded + best[1]
            default_gc, folding = default_gc + best[2], folding + best[3]

    events = sum(len(r.events) for r in results)
    print(f"skirmish, {games} games, {events} events ({events / games:.0f} per game)")
    print(f"  games/s, recording on:   {games / recorded:8.1f}")
    print(f"  events/s, recording on:  {events / recorded:8.0f}")
    print(f"  ratio to recording off:  {unrecorded / recorded:8.2f}x  (1.0 = recording is free)")
    print(f"  ratio to default gc:     {default_gc / recorded:8.2f}x  (the collector's thresholds as "
          "Python sets them, as the engine leaves them)")
    print(f"  ratio to reducer alone:  {folding / recorded:8.3f}x  "
          f"(the reducer folds {events / folding:,.0f} events/s)")

    profile = cProfile.Profile()
    for seed in range(min(games, 5)):
        forget()
        with fewer_collections():
            profile.enable()
            play(scenario, seed)
            profile.disable()
    stats = pstats.Stats(profile, stream=io.StringIO())
    table = stats.stats  # type: ignore[attr-defined]
    total = stats.total_tt  # type: ignore[attr-defined]
    print("  where the time goes (cumulative share of a profiled run; buckets overlap where nested):")
    for label, (filename, function) in BUCKETS.items():
        cumulative = sum(v[3] for k, v in table.items() if k[0].endswith(filename) and k[2] == function)
        print(f"    {label:<26} {100 * cumulative / total:5.1f}%")
    for label, marker in (("numpy (own time)", "numpy"), ("shapely (own time)", "shapely")):
        own = sum(v[2] for k, v in table.items() if marker in k[0])
        print(f"    {label:<26} {100 * own / total:5.1f}%")


if __name__ == "__main__":
    main()

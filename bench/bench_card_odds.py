"""The exact odds with cards (``card_odds``) alone: the calls of some cold skirmish games, replayed.

Plays the games once (AI against AI, recording off, the engine's memos emptied before each game
as ``bench_engine.py`` does from cold) and records every ``card_odds`` call the combat and the
attack table make; then replays those calls game by game, the memos emptied again before each
game's calls, and checks that every replayed call returns the Odds it returned in the game. The
CPU time of each replay (``time.process_time``) is printed, min and median, and with
``--profile`` a cProfile of the replays. Run it in two checkouts turn about to compare them.

Usage: python bench/bench_card_odds.py [--games N] [--runs N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from typing import Any

from engine import memos
from engine.rulesets.attack_wing import combat
from engine.rulesets.attack_wing.abilities import card_odds as module
from engine.rulesets.attack_wing.abilities import table_odds
from engine.rulesets.attack_wing.odds import Odds
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario

CALLERS = (combat, table_odds)  # the modules that call card_odds by the name they imported
Call = tuple[int, tuple[Any, ...], dict[str, Any], Odds]  # (game, args, keywords, the Odds returned)


def record(games: int) -> list[Call]:
    """Every card_odds call of the skirmish's seeds 0..games-1, each game from cold."""
    calls: list[Call] = []
    original = module.card_odds
    game = 0

    def recorded(*args: Any, **kwargs: Any) -> Odds:
        odds = original(*args, **kwargs)
        calls.append((game, args, kwargs, odds))
        return odds

    name = "card_odds"  # the name each caller imported it by
    for caller in CALLERS:
        setattr(caller, name, recorded)
    try:
        scenario = load_scenario("skirmish")
        for game in range(games):
            memos.forget()
            play(scenario, game)
    finally:
        for caller in CALLERS:
            setattr(caller, name, original)
    return calls


def replay(calls: list[Call]) -> float:
    """The CPU seconds of the calls, the memos emptied before each game's; the same Odds checked."""
    spent, game = 0.0, -1
    for at, args, kwargs, odds in calls:
        if at != game:
            memos.forget()
            game = at
        started = time.process_time()
        again = module.card_odds(*args, **kwargs)
        spent += time.process_time() - started
        if again != odds:
            raise AssertionError(f"card_odds replayed gives other odds (game {at})")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    play(load_scenario("skirmish"), 1000)  # warm (catalog, templates) on a game not recorded
    calls = record(args.games)
    times = [replay(calls) for _ in range(args.runs)]
    print(f"card_odds: {len(calls)} calls of {args.games} cold skirmish games, replayed {args.runs} times: "
          f"CPU min {min(times):.4f} s, median {statistics.median(times):.4f} s")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(replay, calls)
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()

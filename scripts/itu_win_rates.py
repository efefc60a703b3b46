"""Into the Unknown's AI against itself in the learning mission: wins per fleet over seeded games,
by complication, with the average scores and how often each fleet orders each action.

Issue 17 asks why the Federation won 19 of 20 games; these figures are the before/after of the
AI's fix. Usage: python scripts/itu_win_rates.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from engine.rulesets.into_the_unknown.ai import ItuAI
from engine.rulesets.into_the_unknown.game import play_game

SIDES = ("Federation", "Dominion")


def measure(games: int) -> dict[str, object]:
    wins: Counter[str] = Counter()
    by_complication: Counter[str] = Counter()
    actions: Counter[str] = Counter()
    why: Counter[str] = Counter()
    scores = [0, 0]
    for seed in range(games):
        game = play_game(seed, [ItuAI(), ItuAI()])
        state = game.state
        assert state.winner is not None
        wins[SIDES[state.winner]] += 1
        by_complication[f"{state.complication} {SIDES[state.winner]}"] += 1
        scores[0] += state.score(0)
        scores[1] += state.score(1)
        for event in game.events:
            if event.type == "order_given":
                actions[f"{SIDES[state.ship(event.ship).side]} {event.action}"] += 1
            elif event.type == "game_ended":
                why[event.why] += 1
    return {"games": games, "wins": dict(wins), "by complication": dict(sorted(by_complication.items())),
            "average score": [round(s / games, 2) for s in scores], "ended by": dict(why),
            "orders per game": {k: round(v / games, 2) for k, v in sorted(actions.items())}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.games)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()

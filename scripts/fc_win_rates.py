"""Fleet Captains' AI against itself in the standard game: wins per side and per faction over
seeded games, game lengths, how games end, how often each side forms task forces, scans, cloaks,
deploys sensor echoes, searches for cloaked ships and uses its transporters (issue 18).
Usage: python scripts/fc_win_rates.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from statistics import mean, median

from engine.rulesets.fleet_captains.play import play_game


def measure(games: int) -> dict[str, object]:
    wins: Counter[str] = Counter()
    ended: Counter[str] = Counter()
    per_game: Counter[str] = Counter()
    turns: list[int] = []
    for seed in range(games):
        result = play_game(seed)
        state = result.state
        faction = "draw" if state.winner is None else state.sides[state.winner].faction
        first = "" if state.winner is None else ("first" if state.winner == state.first else "second")
        wins[faction] += 1
        if first:
            wins[f"{first} player"] += 1
        ended[state.reason.split(":")[0].split(" ")[0] if "turn limit" not in state.reason else "turn limit"] += 1
        turns.append(state.turn)
        for e in result.events:
            if e.type == "move_started" and len(e.ships) > 1:
                per_game["task force moves"] += 1
            elif e.type == "action_taken" and e.action in ("scan", "transporter"):
                per_game[f"{e.action} actions"] += 1
            elif e.type == "scanned":
                per_game["locations scanned"] += 1
            elif e.type == "tested" and e.kind == "scan":
                per_game["searches"] += 1
            elif e.type in ("mission_completed", "cargo_moved", "token_gathered", "redrafted", "cloaked",
                            "echo_deployed", "token_moved"):
                per_game[e.type] += 1
            elif e.type == "token_revealed":
                per_game["revealed: a ship" if e.ship else "revealed: an echo"] += 1
            if e.type == "tested" and e.kind == "transporter" and e.system == "sensors":  # the beaming side's half
                per_game["beams"] += 1
            elif e.type == "chosen" and e.kind == "turn" and " transfers " in e.choice:
                per_game["transfers"] += 1
    return {"games": games, "wins": dict(sorted(wins.items())), "ended by": dict(ended),
            "turns": {"mean": round(mean(turns), 2), "median": median(turns), "min": min(turns), "max": max(turns)},
            "per game": {k: round(v / games, 2) for k, v in sorted(per_game.items())},
            "in all": dict(sorted(per_game.items()))}


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

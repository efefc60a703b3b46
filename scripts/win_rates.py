"""The AI's results in seeded skirmishes, AI against AI: wins per side, draws, average rounds.

Issue 15 asks for these figures before and after a rules change (a rule that changes what a
ship may do changes how games go). Also counts how often the rules items of issue 15 come up:
actions skipped, obstacle rolls, rearming a disabled weapon. Usage:
python scripts/win_rates.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario


def measure(games: int, scenario_name: str = "skirmish") -> dict[str, object]:
    scenario = load_scenario(scenario_name)
    wins: Counter[str] = Counter()
    rounds = 0
    counts: Counter[str] = Counter()
    for seed in range(1, games + 1):
        result = play(scenario, seed)
        outcome = result.state.result
        assert outcome is not None
        wins["draw" if outcome.winner is None else f"side {outcome.winner}"] += 1
        rounds += result.state.round
        for event in result.events:
            if isinstance(event, ev.ObstacleRolled):
                counts["obstacle rolls"] += 1
            elif isinstance(event, ev.ActionSkipped):
                counts["actions skipped"] += 1
            elif isinstance(event, ev.ActionPerformed):
                counts[f"action {event.action}"] += 1
            elif isinstance(event, ev.AttackDeclared):
                counts["attacks"] += 1
            elif isinstance(event, ev.AbilityUsed):  # each card ability used, by card and window
                counts[f"card {event.card_name} ({event.card}) {event.window}"] += 1
    return {"scenario": scenario_name, "games": games, "side 0 wins": wins["side 0"],
            "side 1 wins": wins["side 1"], "draws": wins["draw"], "average rounds": round(rounds / games, 2),
            "per game": {k: round(v / games, 2) for k, v in sorted(counts.items())}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--scenario", default="skirmish")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.games, args.scenario)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for key, value in figures.items():
        if isinstance(value, dict):
            print(f"{key}:")
            for k, v in value.items():
                print(f"  {k:32} {v}")
        else:
            print(f"{key:34} {value}")


if __name__ == "__main__":
    main()

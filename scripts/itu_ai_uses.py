"""Which of the rules' options Into the Unknown's AI uses, over seeded games: SENSOR LOCK tests,
reserve spent on an attack, two beam attacks on ships in one FIRE WEAPONS action, a turn after the
advance, the Fighter at warp, a torpedo's DEMOLITION SALVO. Each count is of games where it happened
at least once (and of times in all). Usage: python scripts/itu_ai_uses.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from engine.rulesets.into_the_unknown.ai import ItuAI
from engine.rulesets.into_the_unknown.events import ItuEvent
from engine.rulesets.into_the_unknown.game import play_game

USES = ("sensor lock test", "reserve on an attack", "two beam attacks on ships in one action",
        "turn after the advance", "Fighter warps", "torpedo DEMOLITION SALVO")


def uses(events: list[ItuEvent]) -> Counter[str]:
    """How many times each use happened in one game's events."""
    found: Counter[str] = Counter()
    ship_attacks = 0
    for event in events:
        if event.type == "order_given":
            ship_attacks = 0
        elif event.type == "test_made" and event.test == "SENSOR LOCK":
            found["sensor lock test"] += 1
        elif event.type == "test_made" and event.test == "DEMOLITION SALVO" and event.ship.startswith("torpedo"):
            found["torpedo DEMOLITION SALVO"] += 1
        elif event.type == "attack_made" and event.end is not None and event.weapon not in ("Weapons Array",) \
                and not event.ship.startswith("torpedo") and not event.ship.startswith("objective"):
            found["reserve on an attack"] += event.reserve > 0
            ship_attacks += 1
            found["two beam attacks on ships in one action"] += ship_attacks == 2
        elif event.type == "ship_moved":
            found["turn after the advance"] += event.turn_when == "after"
            found["Fighter warps"] += event.maneuver == "warp" and event.ship == "fighter"
    return found


def measure(games: int) -> dict[str, object]:
    in_games: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for seed in range(games):
        found = uses(play_game(seed, [ItuAI(), ItuAI()]).events)
        total.update(found)
        in_games.update(k for k, v in found.items() if v)
    return {"games": games, "games with": {k: in_games[k] for k in USES}, "times": {k: total[k] for k in USES}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.games)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['games']} games (seeds 0-{args.games - 1})")
    for key in USES:
        print(f"  {key}: {result['games with'][key]} games, {result['times'][key]} times")  # type: ignore[index]


if __name__ == "__main__":
    main()

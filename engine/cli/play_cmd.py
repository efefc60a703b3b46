"""`trek play SCENARIO --seed N -o FILE`: a whole game, AI in every seat, recorded."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from engine.cli.output import print_json


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a scenario AI against AI and record the replay",
                       description="Play a whole game with the engine's AI in every seat and write its replay.")
    p.add_argument("scenario", help="a bundled scenario (skirmish, duel), an Alliance mission (alliance-act1), "
                                    "or a scenario file")
    p.add_argument("--seed", type=int, default=1, help="random seed (same seed, same game, same bytes)")
    p.add_argument("-o", "--output", type=Path, help="replay file to write (.trek)")
    p.add_argument("--rounds", type=int, help="stop after this many rounds (default: the scenario's limit)")
    p.add_argument("--players", default=None,
                   help="who plays each side: ai or random (default ai,ai); for an Alliance mission, "
                        "the number of player ships, 2 to 6 (default 2)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON document")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from engine.errors import TrekError
    from engine.rulesets.alliance.mission import bundled_missions
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    if args.scenario in bundled_missions():
        return run_mission(args)
    players = [p.strip() for p in (args.players or "ai,ai").split(",")]
    if len(players) != 2 or any(p not in ("ai", "random") for p in players):
        raise TrekError(f"--players needs two of ai or random, e.g. ai,random; got {args.players!r}")
    if args.rounds is not None and not 1 <= args.rounds <= 100:
        raise TrekError("--rounds must be between 1 and 100")
    scenario = load_scenario(args.scenario)
    started = time.perf_counter()
    result = play(scenario, args.seed, args.output, args.rounds, players)
    seconds = time.perf_counter() - started
    state = result.state
    outcome = state.result
    sides = [s.name for s in scenario.sides]
    doc = {
        "scenario": scenario.name,
        "seed": args.seed,
        "replay": str(args.output) if args.output else None,
        "rounds": state.round,
        "events": len(result.events),
        "winner": None if outcome is None or outcome.winner is None else sides[outcome.winner],
        "reason": outcome.reason if outcome else "stopped",
        "fleet_points": {sides[0]: outcome.points[0], sides[1]: outcome.points[1]} if outcome else None,
        "ships_lost": {sides[0]: outcome.ships_lost[0], sides[1]: outcome.ships_lost[1]} if outcome else None,
        "seconds": round(seconds, 3),
    }
    if args.json:
        print_json(doc)
        return 0
    print(f"{scenario.name}, seed {args.seed}: {doc['rounds']} rounds, {doc['events']} events in {seconds:.2f} s")
    if outcome is not None:
        print(f"  result: {doc['winner'] or 'draw'} ({outcome.reason})")
        print(f"  fleet points: {sides[0]} {outcome.points[0]}, {sides[1]} {outcome.points[1]}")
        print(f"  ships lost:   {sides[0]} {outcome.ships_lost[0]}, {sides[1]} {outcome.ships_lost[1]}")
    if args.output:
        print(f"  replay: {args.output}", file=sys.stdout)
    return 0


def run_mission(args: argparse.Namespace) -> int:
    """An Alliance mission: the players' ships flown by the AI against the Enemy AI."""
    from engine.errors import TrekError
    from engine.rulesets.alliance.play import play_mission

    try:
        count = int(args.players or 2)
    except ValueError:
        raise TrekError(f"--players for a mission is the number of player ships (2 to 6), not {args.players!r}")\
            from None
    if not 2 <= count <= 6:
        raise TrekError("--players for a mission must be between 2 and 6")
    started = time.perf_counter()
    result = play_mission(args.scenario, count, args.seed, args.output, args.rounds)
    seconds = time.perf_counter() - started
    state = result.state
    doc = {"mission": args.scenario, "players": count, "seed": args.seed,
           "replay": str(args.output) if args.output else None, "rounds": state.aw.round,
           "events": len(result.events), "outcome": _mission_outcome(state), "seconds": round(seconds, 3)}
    if args.json:
        print_json(doc)
        return 0
    print(f"{args.scenario}, {count} player ships, seed {args.seed}: {doc['rounds']} rounds, "
          f"{doc['events']} events in {seconds:.2f} s")
    print(f"  outcome: {doc['outcome']}")
    if args.output:
        print(f"  replay: {args.output}")
    return 0


def _mission_outcome(state: Any) -> str:
    mission = state.mission
    if mission is None:
        return state.aw.result.reason if state.aw.result is not None else "stopped"
    label = "success" if mission.success else "failure"
    return mission.reason if label in mission.reason else f"{label}: {mission.reason}"

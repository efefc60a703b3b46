"""`trek mission list|show|play`: Star Trek Alliance missions against the Enemy AI."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from trek.commands import summary
from trek.options import seed
from trek.output import print_json


def register(sub: Any) -> None:
    p = sub.add_parser("mission", help=summary("mission"))
    msub = p.add_subparsers(dest="mission_command", metavar="SUBCOMMAND")
    msub.required = True

    listing = msub.add_parser("list", help="the bundled missions")
    listing.add_argument("--json", action="store_true", help="print one JSON document")
    listing.set_defaults(handler=cmd_list)

    show = msub.add_parser("show", help="a mission's map, Enemy Ships table, objectives and rules")
    show.add_argument("mission", metavar="NAME_OR_PATH", help="a bundled mission (alliance-act1) or a mission file")
    show.add_argument("--players", type=int, default=2, help="player count for the Enemy Ships columns (2-6)")
    show.add_argument("--json", action="store_true", help="print one JSON document")
    show.set_defaults(handler=cmd_show)

    play = msub.add_parser("play", help="play a mission with the engine's AI flying every player ship",
                           description="Play a whole mission: the player ships (the mission's pre-generated "
                                       "ships) flown by the Attack Wing AI together, the Enemy AI by its Logic cards.")
    play.add_argument("mission", metavar="NAME_OR_PATH", help="a bundled mission (alliance-act1) or a mission file")
    play.add_argument("--players", type=int, default=2, help="number of player ships, 2 to 6 (default 2)")
    play.add_argument("--seed", type=seed, default=1, help="random seed (same seed, same game, same bytes)")
    play.add_argument("-o", "--output", type=Path, help="replay file to write (.trek)")
    play.add_argument("--rounds", type=int, help="stop after this many rounds (default: the mission's)")
    play.add_argument("--pilot", choices=("ai", "random"), default="ai", help="who flies the player ships")
    play.add_argument("--json", action="store_true", help="print the result as one JSON document")
    play.set_defaults(handler=cmd_play)


def cmd_list(args: argparse.Namespace) -> int:
    from engine.rulesets.alliance.mission import MissionError, bundled_missions, load_mission

    rows: list[dict[str, Any]] = []
    for name in bundled_missions():
        try:
            m = load_mission(name)
        except MissionError as exc:
            rows.append({"name": name, "error": str(exc)})
            continue
        rows.append({"name": name, "title": m.spec.title, "round_limit": m.spec.end.round_limit})
    if args.json:
        print_json({"missions": rows})
        return 0
    for row in rows:
        print(f"{row['name']}  " + (f"(does not load: {row['error']})" if "error" in row
                                    else f"{row['title']}, {row['round_limit']} rounds"))
    return 0


def mission_document(name: str, players: int) -> dict[str, Any]:
    from engine.errors import TrekError
    from engine.rulesets.alliance.mission import MAX_PLAYERS, MIN_PLAYERS, load_mission

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TrekError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    m = load_mission(name)
    spec = m.spec
    return {
        "name": spec.name, "title": spec.title, "briefing": spec.briefing, "players": players,
        "round_limit": spec.end.round_limit,
        "enemy_ships": [{"formation": r.formation, "arrival": r.arrival, "bearing": r.bearing, "orders": r.orders,
                         "ships": [s.type + (" (elite)" if s.elite else "") for s in r.ships_for(players)]}
                        for r in m.rows(players)],
        "objectives": [o.text for o in spec.objectives],
        "xp": spec.xp.text, "end": spec.end.text,
        "retreat_edges": [e for e in ("north", "south", "east", "west") if m.may_retreat(e, "players")],
        "special_rules": [r.text for r in spec.special_rules],
        "pregenerated": [s.label for s in spec.pregenerated],
    }


def cmd_show(args: argparse.Namespace) -> int:
    doc = mission_document(args.mission, args.players)
    if args.json:
        print_json(doc)
        return 0
    print(f"{doc['title']} ({doc['name']}), {doc['players']} players, {doc['round_limit']} rounds")
    print("Enemy ships:")
    for r in doc["enemy_ships"]:
        print(f"  {r['formation']:<20} arrives {r['arrival']!s:<6} bearing {r['bearing']:<5} "
              f"{r['orders']}: {', '.join(r['ships'])}")
    for text in doc["objectives"]:
        print(f"Objective: {text}")
    print(f"XP: {doc['xp']}")
    print(f"End: {doc['end']}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from engine.rulesets.alliance.play import check_rounds, play_mission

    check_rounds(args.rounds)
    started = time.perf_counter()
    result = play_mission(args.mission, args.players, args.seed, args.output, args.rounds, pilot=args.pilot)
    seconds = time.perf_counter() - started
    state = result.state
    outcome = state.mission
    doc = {
        "mission": str(args.mission), "players": args.players, "seed": args.seed,
        "replay": str(args.output) if args.output else None, "rounds": state.aw.round,
        "events": len(result.events),
        "success": outcome.success if outcome else None, "reason": outcome.reason if outcome else "stopped",
        "returned": list(outcome.returned) if outcome else [],
        "xp": dict(outcome.xp) if outcome else {},
        "player_ships_lost": sum(1 for s in state.aw.ships if s.side == 0 and s.destroyed
                                 and s.id not in state.retreated),
        "enemy_ships_destroyed": sum(1 for s in state.aw.ships if s.side == 1 and s.destroyed),
        "seconds": round(seconds, 3),
    }
    if args.json:
        print_json(doc)
        return 0
    print(f"{args.mission}, {args.players} players, seed {args.seed}: {doc['rounds']} rounds, {doc['events']} events "
          f"in {seconds:.2f} s")
    if outcome is not None:
        print(f"  result: {'SUCCESS' if outcome.success else 'FAILURE'} ({outcome.reason})")
        print(f"  sensor data returned: {', '.join(outcome.returned) or 'none'}")
        print(f"  XP: {', '.join(f'{k} {v}' for k, v in outcome.xp)}")
    print(f"  ships lost: players {doc['player_ships_lost']}, Enemy AI {doc['enemy_ships_destroyed']}")
    if args.output:
        print(f"  replay: {args.output}")
    return 0

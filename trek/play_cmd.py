"""`trek play NAME --seed N -o FILE`: a whole game, AI in every seat, recorded; the ruleset that
plays NAME (a bundled scenario or mission, or a scenario file) is found through the registry."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from trek.commands import summary
from trek.options import seed
from trek.output import print_json


def register(sub: Any) -> None:
    p = sub.add_parser("play", help=summary("play"),
                       description="Play a whole game with the engine's AI in every seat and write its replay.")
    p.add_argument("scenario", help="a bundled scenario or mission (skirmish, duel, alliance-act1...), "
                                    "or a scenario file")
    p.add_argument("--seed", type=seed, default=1, help="random seed (same seed, same game, same bytes)")
    p.add_argument("-o", "--output", type=Path, help="replay file to write (.trek)")
    p.add_argument("--rounds", type=int, help="stop after this many rounds (default: the scenario's limit)")
    p.add_argument("--players", default=None,
                   help="who plays each side: ai or random (default ai,ai); for a mission, "
                        "the number of player ships, 2 to 6 (default 2)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON document")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from engine.rulesets.base import PlayRequest
    from engine.rulesets.registry import maker_for

    _, maker = maker_for(args.scenario)
    played = maker.play(PlayRequest(args.scenario, args.seed, args.output, args.rounds, args.players))
    if args.json:
        print_json(played.doc)
    else:
        print("\n".join(played.lines))
    return 0

"""`trek play NAME --seed N -o FILE`: a whole game, recorded; the ruleset that plays NAME (a bundled
scenario or mission, or a scenario file) is found through the registry. The AI sits in every seat
unless ``--players`` puts a person in one (``human``), who plays at the terminal (``--ui terminal``);
`trek play --resume GAME.trek` goes on with a saved game, ``--from EVENT -o NEW.trek`` forks it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from trek.commands import summary
from trek.options import seed
from trek.output import print_json


def register(sub: Any) -> None:
    p = sub.add_parser("play", help=summary("play"),
                       description="Play a whole game, the engine's AI or a person in each seat, and write its "
                                   "replay; a game with people is saved when they leave and resumed with --resume.")
    p.add_argument("scenario", nargs="?", help="a bundled scenario or mission (skirmish, duel, alliance-act1...), "
                                               "or a scenario file (not with --resume)")
    p.add_argument("--seed", type=seed, default=1, help="random seed (same seed, same game, same bytes)")
    p.add_argument("-o", "--output", type=Path, help="replay file to write (.trek)")
    p.add_argument("--rounds", type=int, help="stop after this many rounds (default: the scenario's limit)")
    p.add_argument("--players", default=None,
                   help="who plays each side: ai, human or random (default ai,ai; human,ai puts you in the first "
                        "seat); for a mission, the number of player ships, 2 to 6 (default 2), and which of them "
                        "people fly: 3:P1 or 2:P1,P2")
    p.add_argument("--ui", choices=("terminal",), default="terminal",
                   help="where people in the seats play: terminal (numbered options, one line each; piped input "
                        "works)")
    p.add_argument("--dice", choices=("engine", "table"), default="engine",
                   help="engine: roll from the seed; table: type in each roll's faces as they came up on the "
                        "physical dice, the AI's rolls too")
    p.add_argument("--resume", type=Path, metavar="GAME.trek",
                   help="go on with a saved game: its seats, answers and dice where they were")
    p.add_argument("--from", dest="from_event", type=int, metavar="EVENT",
                   help="with --resume: fork from the state after event EVENT into a new file (-o)")
    p.add_argument("--notation", type=Path, metavar="FILE",
                   help="also write the game in its table notation when it ends or is saved (Attack Wing, Into the "
                        "Unknown, Fleet Captains): a game followed at the table ends with both files")
    p.add_argument("--json", action="store_true", help="print the result as one JSON document")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from engine.errors import TrekError
    from engine.rulesets.base import PlayRequest
    from engine.rulesets.registry import maker_for
    from trek.seats.terminal import TerminalSeat

    # the questions go to standard error when standard output carries the JSON document
    front = TerminalSeat(stdout=sys.stderr if args.json else sys.stdout)
    if args.resume is not None:
        from engine.seats.session import resume

        if args.scenario is not None or args.players is not None or args.rounds is not None or args.dice != "engine":
            raise TrekError("--resume plays the saved game with its own scenario, seats, rounds and dice: "
                            "give none of them with it")
        played = resume(args.resume, front, args.from_event, args.output)
    else:
        if args.scenario is None:
            raise TrekError("give a scenario to play (or --resume GAME.trek)")
        if args.from_event is not None:
            raise TrekError("--from EVENT forks a saved game: use it with --resume GAME.trek")
        game, maker = maker_for(args.scenario)
        if args.notation is not None:
            _check_notation(game, args.notation)
        played = maker.play(PlayRequest(args.scenario, args.seed, args.output, args.rounds, args.players, front,
                                        args.dice))
    if args.notation is not None:
        _write_notation(played.doc.get("replay"), args.notation)
        played.doc["notation"] = str(args.notation)
    if args.json:
        print_json(played.doc)
    else:
        print("\n".join(played.lines))
        if args.notation is not None:
            print(f"  notation: {args.notation}")
    return 0


def _check_notation(game: str, out: Path) -> None:
    """Before a game is played: its ruleset has a notation to write, into a folder that is there."""
    from engine.errors import TrekError
    from engine.rulesets.registry import ruleset_for

    if ruleset_for(game).notation is None:
        raise TrekError(f"--notation: {game} games have no notation yet")
    if not out.parent.is_dir():
        raise TrekError(f"--notation {out}: no folder {out.parent}")


def _write_notation(replay: object, out: Path) -> None:
    from engine.errors import TrekError
    from engine.io.output import write_atomic
    from trek.notation_cmd import notation_of

    if not isinstance(replay, str):
        raise TrekError("--notation writes the notation of the recorded game: give -o GAME.trek too")
    write_atomic(out, notation_of(Path(replay)).encode("utf-8"))

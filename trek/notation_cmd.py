"""`trek notation check|import|export`: games played on a real table, written down and replayed.

Any game with a notation (docs/notation.md): the notation's ``Game:`` tag (none: Attack Wing) or
the replay's ruleset names the game, and its ``Ruleset.notation`` does the rest; this module names
no game. Exit status: 0 when the notation is sound (and the replay or the notation was written), 1
when it breaks the rules or the grammar (every issue on stderr, or in the JSON document; nothing is
written), 2 when the input cannot be read at all.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TypeVar

from engine.io.reading import one_line, show_path
from trek.commands import summary
from trek.output import print_json

P = TypeVar("P", bound=argparse.ArgumentParser)

EXIT_ILLEGAL = 1
MAX_LISTED = 200  # issues printed; the JSON document has them all


def register(subparsers: argparse._SubParsersAction[P]) -> None:
    """Add `trek notation` and its subcommands."""
    p = subparsers.add_parser("notation", help=summary("notation"),
                              description="A plain-text record of a game (docs/notation.md), of any of the games: "
                                          "check it against the rules, import it as a replay, or export any replay "
                                          "as notation. The notation's Game tag says which game it is (none: Attack "
                                          "Wing).")
    sub = p.add_subparsers(dest="notation_command", metavar="SUBCOMMAND")
    sub.required = True

    check = sub.add_parser("check", help="check a notation against the rules: every issue with its line number")
    check.add_argument("file", metavar="FILE", help="a notation file (.trekn), or - for standard input")
    check.add_argument("--json", action="store_true", help="print one JSON document")
    check.set_defaults(handler=cmd_check)

    imp = sub.add_parser("import", help="build the replay of a notation (written only when the notation is sound)")
    imp.add_argument("file", metavar="FILE", help="a notation file (.trekn), or - for standard input")
    imp.add_argument("-o", "--output", required=True, metavar="REPLAY", help="the replay file to write (.trek)")
    imp.add_argument("--json", action="store_true", help="print one JSON document")
    imp.set_defaults(handler=cmd_import)

    export = sub.add_parser("export", help="write a replay (an AI game too) as notation")
    export.add_argument("file", metavar="REPLAY", help="a replay file (.trek)")
    export.add_argument("-o", "--output", metavar="FILE", help="the notation file to write (default: stdout)")
    export.set_defaults(handler=cmd_export)


def _read(args: argparse.Namespace) -> tuple[str, str, Path | None]:
    """The notation's text, its label for messages and its folder (None for standard input)."""
    from engine.io.reading import read_bytes, show_path
    from engine.rulesets.notation import MAX_BYTES, NotationError, decode

    if args.file == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        return decode(data, "standard input"), "<stdin>", None
    data = read_bytes(args.file, kind="notation", max_bytes=MAX_BYTES, error=NotationError)
    label = show_path(args.file)
    return decode(data, label), label, Path(args.file).resolve().parent


def _run(args: argparse.Namespace, record: bool) -> tuple[Any, str, str]:
    """The game's run of the notation (an unknown game: one header issue), its label and game."""
    from engine.rulesets.notation import Issue, NotationRun, game_of
    from engine.rulesets.registry import UnknownRuleset, names, ruleset_for

    text, label, base = _read(args)
    game, line = game_of(text)
    try:
        ruleset = ruleset_for(game)
    except UnknownRuleset:
        ruleset = None
    if ruleset is None or ruleset.notation is None:
        known = ", ".join(n for n in names() if ruleset_for(n).notation is not None)
        why = "names no game this program knows" if ruleset is None else "names a game that has no notation"
        issue = Issue(line, "header", f"Game {game!r}: the tag {why} (games with a notation: {known})",
                      "the header's Game tag names the game the notation records (docs/notation.md)")
        return NotationRun(sound=False, issues=(issue,), events=0, rounds=None, result=None), label, game
    return ruleset.notation().run(text, base, record), label, game


def _report(outcome: Any, label: str, game: str, args: argparse.Namespace, extra: dict[str, Any]) -> int:
    if args.json:
        print_json({
            "file": label,
            "game": game,
            "sound": outcome.sound,
            "issues": [i.as_dict() for i in outcome.issues],
            "rounds": outcome.rounds,
            "events": outcome.events,
            "result": outcome.result,
            "warnings": list(outcome.warnings),
            **extra,
        })
    else:
        for warning in outcome.warnings:  # a card the engine does not play: never silently
            print(one_line(f"{label}: {warning}"), file=sys.stderr)
        for issue in outcome.issues[:MAX_LISTED]:
            print(one_line(issue.format(label)), file=sys.stderr)
        if len(outcome.issues) > MAX_LISTED:
            print(f"{label}: ... and {len(outcome.issues) - MAX_LISTED} more", file=sys.stderr)
        if outcome.sound:
            end = f"; {outcome.ending}" if outcome.ending else ""
            rounds = f"{outcome.rounds or 0} {outcome.round_name}s"
            print(one_line(f"{label}: sound: {rounds}, {outcome.events} events{end}"))
        else:
            n = len(outcome.issues)
            print(f"{label}: {n} issue{'s' if n != 1 else ''}", file=sys.stderr)
    return 0 if outcome.sound else EXIT_ILLEGAL


def cmd_check(args: argparse.Namespace) -> int:
    outcome, label, game = _run(args, record=False)
    return _report(outcome, label, game, args, {})


def cmd_import(args: argparse.Namespace) -> int:
    outcome, label, game = _run(args, record=True)
    out = Path(args.output)
    written = None
    if outcome.sound and outcome.replay is not None:
        _write_bytes(out, outcome.replay)
        written = str(out)
    status = _report(outcome, label, game, args, {"replay": written})
    if written and not args.json:
        print(f"  replay: {show_path(written)}")  # a name from the command line: escaped too
    return status


def notation_of(path: Path) -> str:
    """The notation of the replay at ``path`` (a sound one: a forged or damaged game is refused, never
    half-exported); TrekError for a game without a notation."""
    from engine.errors import TrekError
    from engine.replay import ReplayError, open_replay
    from engine.replay.validate import soundness_problem
    from engine.rulesets.registry import ruleset_for

    replay = open_replay(path)
    ruleset = ruleset_for(replay.ruleset)
    if ruleset.notation is None:
        raise TrekError(f"{show_path(path)}: {replay.ruleset} games have no notation yet")
    problem = soundness_problem(replay)
    if problem is not None:
        raise ReplayError(f"{show_path(path)} is not a sound replay (see `trek replay validate`): {problem}")
    events = list(replay.typed_events(ruleset.reading(replay.header)))
    cut = f"the replay is cut off after {len(events)} events: {replay.cut_reason}" if replay.truncated else None
    text: str = ruleset.notation().export(replay.header, events, cut)
    return text


def cmd_export(args: argparse.Namespace) -> int:
    text = notation_of(Path(args.file))
    if args.output:
        _write_bytes(Path(args.output), text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return 0


def _write_bytes(path: Path, data: bytes) -> None:
    """Write a whole file atomically (temporary file beside it, fsynced, renamed)."""
    from engine.io.output import write_atomic

    write_atomic(path, data)

"""`trek notation check|import|export`: games played on a real table, written down and replayed.

Exit status: 0 when the notation is sound (and the replay or the notation was written), 1 when
it breaks the rules or the grammar (every issue on stderr, or in the JSON document), 2 when
the input cannot be read at all.
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
                              description="A plain-text record of a game (docs/notation.md): check it against the "
                                          "rules, import it as a replay, or export any replay as notation.")
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


def _read(args: argparse.Namespace) -> tuple[Any, str, Path | None]:
    from engine.rulesets.attack_wing.notation.parser import decode, parse_notation, read_notation

    if args.file == "-":
        data = sys.stdin.buffer.read(8 * 1024 * 1024 + 1)
        from engine.rulesets.attack_wing.notation.errors import NotationError
        from engine.rulesets.attack_wing.notation.parser import MAX_BYTES

        if len(data) > MAX_BYTES:
            raise NotationError(f"standard input: over the limit of {MAX_BYTES} bytes for a notation")
        return parse_notation(decode(data, "standard input")), "<stdin>", None
    doc, label = read_notation(args.file)
    return doc, label, Path(args.file).resolve().parent


def _report(outcome: Any, label: str, args: argparse.Namespace, extra: dict[str, Any]) -> int:
    state = outcome.state
    result = state.result if state is not None else None
    if args.json:
        print_json({
            "file": label,
            "sound": outcome.sound,
            "issues": [i.as_dict() for i in outcome.issues],
            "rounds": state.round if state is not None else None,
            "events": len(outcome.events),
            "result": None if result is None else {"winner": result.winner, "reason": result.reason,
                                                   "points": list(result.points)},
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
            end = f"; {result.reason}" if result is not None else ""
            print(one_line(f"{label}: sound: {state.round if state else 0} rounds, {len(outcome.events)} events{end}"))
        else:
            n = len(outcome.issues)
            print(f"{label}: {n} issue{'s' if n != 1 else ''}", file=sys.stderr)
    return 0 if outcome.sound else EXIT_ILLEGAL


def cmd_check(args: argparse.Namespace) -> int:
    from engine.rulesets.attack_wing.notation.importer import run_notation

    doc, label, base = _read(args)
    return _report(run_notation(doc, base), label, args, {})


def cmd_import(args: argparse.Namespace) -> int:
    from engine.rulesets.attack_wing.notation.importer import run_notation

    doc, label, base = _read(args)
    outcome = run_notation(doc, base, record=True)
    out = Path(args.output)
    written = None
    if outcome.sound and outcome.replay is not None:
        _write_bytes(out, outcome.replay)
        written = str(out)
    status = _report(outcome, label, args, {"replay": written})
    if written and not args.json:
        print(f"  replay: {show_path(written)}")  # a name from the command line: escaped too
    return status


def cmd_export(args: argparse.Namespace) -> int:
    from engine.replay import ReplayError, open_replay
    from engine.replay.validate import soundness_problem
    from engine.rulesets.attack_wing.notation.exporter import export_file
    from engine.rulesets.attack_wing.notation.writer import write_notation

    replay = open_replay(Path(args.file))
    problem = soundness_problem(replay)  # a forged or damaged game is refused, never half-exported
    if problem is not None:
        raise ReplayError(f"{show_path(args.file)} is not a sound replay (see `trek replay validate`): {problem}")
    text = write_notation(export_file(args.file))
    if args.output:
        _write_bytes(Path(args.output), text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    return 0


def _write_bytes(path: Path, data: bytes) -> None:
    """Write a whole file atomically (temporary file beside it, fsynced, renamed)."""
    from engine.io.output import write_atomic

    write_atomic(path, data)

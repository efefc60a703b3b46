"""The `trek` command line: one console script, one subcommand per job.

Every subcommand module exposes ``register(subparsers)``; its handler returns an exit
status. User errors (``TrekError``) and bad arguments print one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import NoReturn

from engine.errors import TrekError
from engine.io.reading import one_line, os_error_text, show_path
from trek.commands import COMMANDS, STUDIO_COMMANDS, STUDIO_MISSING, studio_installed

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
GAME_GC_THRESHOLD = 20_000  # allocations between young collections while a command runs (Python's default: 700)


class TrekArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, with the arguments of ``command`` in full (None: of all).

    The others are listed by name and summary alone, so `trek COMMAND` imports only the
    module of COMMAND and `trek --help` none at all.
    """
    parser = TrekArgumentParser(
        prog="trek",
        description="Rules engine and replay studio for Star Trek: Attack Wing and its siblings.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=TrekArgumentParser)
    sub.required = True
    wanted = {c.module for c in COMMANDS.values()} if command is None else \
        {COMMANDS[command].module} if command in COMMANDS else set()
    for name, entry in COMMANDS.items():  # the table's order, a module's commands side by side
        if name in sub.choices:
            continue
        if entry.module in wanted:
            importlib.import_module(entry.module).register(sub)
        else:
            sub.add_parser(name, help=entry.summary, add_help=False)
    return parser


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM (``timeout``, ``kill``, a job scheduler) stops a command the way Ctrl-C does: the
    same cleanup runs (temporary files and folders removed, helper processes stopped)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """The cycle collector's young generation collected every GAME_GC_THRESHOLD allocations, not
    every 700, while the command runs; the thresholds as they were afterwards. A game makes hundreds
    of thousands of short-lived objects (states, events, copies) and hardly a cycle: at the default,
    the collector takes ~6% of a recorded skirmish, finding nothing of the game's to free. The
    program decides this for its own process: the engine's functions leave the collector alone."""
    old = gc.get_threshold()
    gc.set_threshold(max(old[0], GAME_GC_THRESHOLD), *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def collect_less_often() -> None:
    """``fewer_collections`` for good, in a process the command owns and never hands back (the
    workers of `trek batch play`'s own Ray)."""
    gc.set_threshold(max(gc.get_threshold()[0], GAME_GC_THRESHOLD), *gc.get_threshold()[1:])


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words[0] if words else "")
    args = parser.parse_args(words)
    # a studio command's subcommand may say it draws nothing (a drill at the terminal: needs_studio=False)
    if getattr(args, "needs_studio", args.command in STUDIO_COMMANDS) and not studio_installed():
        print(f"trek {args.command}: error: {STUDIO_MISSING}", file=sys.stderr)
        return EXIT_USAGE
    with sigterm_as_interrupt(), fewer_collections():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    try:
        status: int = args.handler(args)
    except TrekError as exc:
        print(f"trek {args.command}: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # `trek ... | head` closes the pipe early; not an error
        return 0
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM where the command has no cleanup of its own to report
        print(f"trek {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as exc:  # a last guard: a file the layers above did not name (engine/io names every one it reads)
        name = f"{show_path(exc.filename)}: " if isinstance(exc.filename, str) else ""
        print(f"trek {args.command}: error: {name}{os_error_text(exc)}", file=sys.stderr)
        return EXIT_USAGE
    return status


if __name__ == "__main__":
    sys.exit(main())

"""A person's seat at a terminal: each decision printed with numbered options, one line read.

The line is an option's number or its text (the game's notation where it has one; a unique
beginning of it will do, case does not matter). ``?`` lists the options with their details; a
wrong line gets a one-line reason and the same question again. ``save`` (or the end of input, or
Ctrl-C) leaves the table: the game is saved as it stands and `trek play --resume` goes on with it.
It reads any text stream, so piped input drives it (scripts, tests).
"""

from __future__ import annotations

import sys
import threading
from typing import TextIO

from engine.seats.decision import Decision, SeatClosed, Undo

MAX_LINE = 1000  # characters of one answer line that are read (the rest is ignored)
LEAVE_WORDS = frozenset({"save", "quit", "q"})
BACK_WORDS = frozenset({"back", "undo"})
THINKING_S = 0.5  # an AI turn longer than this shows that it is thinking (issue 30: at a terminal)
TABLE_SEAT = "the table"  # who is asked a table die's face (``--dice table``): whoever keeps the table


class TerminalSeat:
    """The ``FrontEnd`` of a person at a terminal (or of a script piping lines in)."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, echo: bool | None = None,
                 leave: str = "save leaves the game (trek play --resume goes on)") -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.leave = leave  # what `?` says of leaving (a drill has no game to resume)
        self.stdout = stdout if stdout is not None else sys.stdout
        # piped input is not shown by the terminal: echo it, so that a transcript reads as a dialogue
        self.echo = (not _is_tty(self.stdin)) if echo is None else echo
        self.last_seat: str | None = None  # who was asked last: a new seat at one screen is a hand-over
        # at a terminal, a wait of more than THINKING_S after the person's answer says the AI is thinking
        self.thinking = _is_tty(self.stdout)
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    def tell(self, line: str) -> None:
        self._quiet()
        with self._lock:
            print(shown(line), file=self.stdout)
        self._wait()

    def ask(self, decision: Decision) -> int:
        self._quiet()
        try:
            return self._ask(decision)
        finally:
            self._wait()

    def _wait(self) -> None:
        """The game goes on without the person: say so if it takes a while (a terminal only)."""
        if self.thinking:
            self._timer = threading.Timer(THINKING_S, self._say_thinking)
            self._timer.daemon = True
            self._timer.start()

    def _quiet(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
            with self._lock:  # (a line it had begun to print is finished first)
                pass

    def _say_thinking(self) -> None:
        with self._lock:
            print("   ... the AI is thinking", file=self.stdout, flush=True)

    def _ask(self, decision: Decision) -> int:
        if decision.seat != TABLE_SEAT:
            if self.last_seat is not None and decision.seat != self.last_seat:
                self._hand_over(decision.seat)
            self.last_seat = decision.seat
        self._show(decision)
        while True:
            line = self._read()
            answer = line.strip()
            if answer == "?":
                self._details(decision)
                continue
            if answer.lower() in LEAVE_WORDS:
                raise SeatClosed("the player saved the game")
            if answer.lower() in BACK_WORDS:
                if decision.undoable:
                    raise Undo(decision.prompt)
                print("  nothing to take back here: the game has acted on the choices before this one",
                      file=self.stdout)
                continue
            index, why = parse_answer(answer, decision)
            if index is not None:
                return index
            print(f"  {why}", file=self.stdout)
            print(f"{shown(decision.seat)}: {shown(decision.prompt)} [1-{len(decision.options)}, ? lists the options]",
                  file=self.stdout)

    def _hand_over(self, seat: str) -> None:
        """Two people at one screen: the next question is the other's. At a terminal the screen is
        cleared once they say they sit at it, so that one's dial stays hidden from the other."""
        print(f"\n--- pass to {shown(seat)} ---", file=self.stdout)
        if self.echo or not _is_tty(self.stdout):
            return  # (a script answers both seats: nothing to hide, no line to spend)
        print(f"{shown(seat)}: press Enter when you are at the screen ", end="", file=self.stdout, flush=True)
        self._read()
        print("\x1b[2J\x1b[H", end="", file=self.stdout, flush=True)

    def _show(self, decision: Decision) -> None:
        out = self.stdout
        print(f"\n== {shown(decision.seat)}: {shown(decision.prompt)}", file=out)
        for line in decision.situation:
            print(f"   {shown(line)}", file=out)
        for number, option in enumerate(decision.options, start=1):
            print(f"  {number:>3}. {shown(option.text)}", file=out)

    def _details(self, decision: Decision) -> None:
        for number, option in enumerate(decision.options, start=1):
            more = f"  ({shown(option.details)})" if option.details else ""
            print(f"  {number:>3}. {shown(option.text)}{more}", file=self.stdout)
        print(f"  type a number or an option's text; {self.leave}"
              + ("; back takes back this order's choices so far" if decision.undoable else ""), file=self.stdout)

    def _read(self) -> str:
        print("> ", end="", file=self.stdout, flush=True)
        try:
            line = self.stdin.readline(MAX_LINE + 1)
        except KeyboardInterrupt:
            print(file=self.stdout)
            raise SeatClosed("Ctrl-C") from None
        except (OSError, ValueError) as exc:  # closed, not text, not readable: as the end of input
            raise SeatClosed(f"standard input cannot be read ({type(exc).__name__})") from None
        if line == "":
            print(file=self.stdout)
            raise SeatClosed("the end of input")
        if len(line) > MAX_LINE and not line.endswith("\n"):  # skip the rest of an overlong line
            while True:
                rest = self.stdin.readline(MAX_LINE)
                if rest == "" or rest.endswith("\n"):
                    break
        if self.echo:
            print(shown(line.rstrip("\n")[:MAX_LINE]), file=self.stdout)
        return line


def parse_answer(answer: str, decision: Decision) -> tuple[int | None, str]:
    """The option a line names (its 1-based number, its text, or a unique beginning of its text)
    and, when it names none, why (one line)."""
    count = len(decision.options)
    if not answer:
        return None, f"an empty line: type 1 to {count}, an option's text, or ? for the options"
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= count:
            return number - 1, ""
        return None, f"{number} is not an option's number: the options are 1 to {count}"
    wanted = " ".join(answer.lower().split())
    texts = [" ".join(o.text.lower().split()) for o in decision.options]
    if wanted in texts:
        return texts.index(wanted), ""
    starts = [i for i, text in enumerate(texts) if text.startswith(wanted)]
    if len(starts) == 1:
        return starts[0], ""
    said = answer if len(answer) <= 40 else answer[:37] + "..."
    if starts:
        return None, (f"{said!r} begins {len(starts)} options ({', '.join(str(i + 1) for i in starts[:8])}): "
                      "type more of it or a number")
    return None, f"{said!r} is not one of the options: type 1 to {count}, an option's text, or ? for the options"


def shown(text: str) -> str:
    """Text as it may reach a terminal: names can come from a file, so no control or direction
    characters (they are written as escapes)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False

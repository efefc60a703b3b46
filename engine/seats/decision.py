"""A decision as plain data, the front end that answers it, and the journal of the answers.

A person's seat in any game asks its ``FrontEnd`` one ``Decision`` at a time: who decides, what,
the question and the options, each with the text a person reads (the game's notation where it has
one) and may type. The answer is the index of an option. Every answer goes into the ``Journal``
shared by the game's people: a saved game is its replay plus these answers, and a resumed game
gives its saved answers back, in order, before it asks anyone again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.errors import TrekError

MAX_ANSWERS = 200_000  # a saved game's answers (a whole game of any ruleset asks a few thousand at most)


@dataclass(frozen=True)
class Choice:
    """One option of a decision: ``text`` is the line a person reads and may type (the notation's
    line where the game has a notation), ``details`` what ``?`` shows of it."""

    text: str
    details: str = ""


@dataclass(frozen=True)
class Decision:
    """A question for a seat: the game (its ruleset), who decides (``seat``), what kind of decision
    it is, the question, the options (never empty) and a few lines on the situation."""

    game: str
    seat: str
    kind: str
    prompt: str
    options: tuple[Choice, ...]
    situation: tuple[str, ...] = ()
    undoable: bool = False  # a part of a choice not yet committed: the person may take it back (``Undo``)


class SeatClosed(Exception):  # (not an error: the person left the table, and the game is saved)
    """The person left: end of input, Ctrl-C, the window closed. The game stops and is saved."""


class Undo(Exception):  # (not an error: the person takes back a choice the game has not acted on)
    """The person takes back the parts of a choice not yet committed (a ``Decision`` that is
    ``undoable``): the seat asks that choice again from its first part."""


class FrontEnd(Protocol):
    """How a person is asked: ``ask`` returns the index of the option chosen (or raises
    ``SeatClosed``); ``tell`` shows a line of news (what the other seats did)."""

    def ask(self, decision: Decision) -> int: ...

    def tell(self, line: str) -> None: ...


class NoOneThere:
    """The front end of a game played again from its saved answers alone (validation): no one to ask."""

    def ask(self, decision: Decision) -> int:
        raise SeatClosed(decision.prompt)

    def tell(self, line: str) -> None:
        return None


@dataclass
class Journal:
    """The answers of a game's people, in the order they were asked.

    ``saved`` are answers to give back first (a resumed game); ``until`` (a fork from event N) gives
    them back only to questions asked before event N + 1 is emitted, so events 0..N are the saved
    game's and the people are asked again from there; ``events`` counts the events emitted so far.
    ``asked_at`` keeps the event count at each answer, so a game stopped between questions can be saved as it stood
    at the last question."""

    saved: Sequence[int] = ()
    until: int | None = None
    events: Callable[[], int] = lambda: 0
    answers: list[int] = field(default_factory=list)
    asked_at: list[int] = field(default_factory=list)

    def answer(self, front: FrontEnd, decision: Decision) -> int:
        """The answer to ``decision``: the next saved one while there is one, else the front end's."""
        if not decision.options:
            raise ValueError(f"a decision without options: {decision.prompt}")
        count = self.events()
        position = len(self.answers)
        if position < len(self.saved) and (self.until is None or count <= self.until):
            index = self.saved[position]
            if type(index) is not int or not 0 <= index < len(decision.options):
                raise TrekError(f"saved answer {position} ({index!r}) is not one of the {len(decision.options)} "
                                f"options of '{decision.prompt}': the save does not belong to this game")
        else:
            index = front.ask(decision)
            if type(index) is not int or not 0 <= index < len(decision.options):
                raise TrekError(f"the front end answered {index!r} to '{decision.prompt}', not an option's number")
        if position >= MAX_ANSWERS:
            raise TrekError(f"more than {MAX_ANSWERS} answers in one game")
        self.answers.append(index)
        self.asked_at.append(count)
        return index

    def mark(self) -> int:
        """Where the answers stand: the start of a choice the person may take back."""
        return len(self.answers)

    def take_back(self, mark: int) -> None:
        """Forget the answers since ``mark`` (a choice taken back before the game acted on it)."""
        del self.answers[mark:]
        del self.asked_at[mark:]

    def replaying(self) -> bool:
        """Whether the next answer comes from the save (no one is asked)."""
        return len(self.answers) < len(self.saved) and (self.until is None or self.events() <= self.until)


def ask(journal: Journal, front: FrontEnd, decision: Decision) -> int:
    """The seat's one way to ask: through the journal (saved answers first), then the front end."""
    return journal.answer(front, decision)


def yes_no(game: str, seat: str, kind: str, prompt: str, yes: str, no: str,
           situation: tuple[str, ...] = ()) -> Decision:
    return Decision(game, seat, kind, prompt, (Choice(yes), Choice(no)), situation)

"""A recorded event log read ahead of a re-play: what a log-driven player and dice source look up.

A re-play of a replay file feeds every recorded decision back through the ruleset's Player
interface and compares every event the engine emits with the recorded one at the same place.
The decisions sit in events a little ahead of the engine (all dials are chosen before the
first ``dial_set`` is emitted), so the player looks ahead from the engine's position. The log
is read from the file as it is needed and forgotten behind the engine: memory stays bounded by
the look-ahead window, not by the length of the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from engine.errors import TrekError

LOOK_AHEAD: Final = 512  # events a decision may sit ahead of the engine (far more than a phase holds)


class LogEnds(Exception):
    """The recorded log ends here (a cut-off file): the re-play stops without a verdict on the rest.

    ``args[0]`` names what the rules wanted next from the log (a decision, the dice)."""


class Mismatch(ValueError):
    """The recorded log departs from what the rules give; ``index`` is the event where it does."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"event {index}: {message}")
        self.index = index


class RecordedLog:
    """The recorded events as plain maps, by index, read lazily from ``events``."""

    def __init__(self, events: Iterable[dict[str, Any]]) -> None:
        self._source: Iterator[dict[str, Any]] = iter(events)
        self._buffer: list[dict[str, Any]] = []
        self._first = 0  # the index of _buffer[0]
        self._done = False
        self.position = 0  # how many events the re-play has emitted (and matched)

    def get(self, index: int) -> dict[str, Any] | None:
        """Event ``index`` of the file, or None past its end."""
        while not self._done and index >= self._first + len(self._buffer):
            try:
                self._buffer.append(next(self._source))
            except StopIteration:
                self._done = True
        k = index - self._first
        return self._buffer[k] if 0 <= k < len(self._buffer) else None

    def advance(self) -> None:
        """One more event matched: forget what lies behind the engine."""
        self.position += 1
        drop = self.position - self._first
        if drop > LOOK_AHEAD:
            del self._buffer[:drop]
            self._first += drop

    def find(self, wanted: Callable[[dict[str, Any]], bool], stop: Callable[[dict[str, Any]], bool],
             what: str) -> tuple[int, dict[str, Any]] | None:
        """The first event from the engine's position on that is ``wanted``; None when ``stop`` comes first.

        LogEnds when the file ends before either (a cut-off file); Mismatch when nothing decides within
        the look-ahead window.
        """
        for index in range(self.position, self.position + LOOK_AHEAD):
            event = self.get(index)
            if event is None:
                raise LogEnds(what)
            if wanted(event):
                return index, event
            if stop(event):
                return None
        raise Mismatch(self.position, f"no {what} within {LOOK_AHEAD} events")

    def remaining(self) -> int:
        """How many recorded events lie beyond the engine's position (reads the rest of the file)."""
        count = max(0, self._first + len(self._buffer) - self.position)
        if not self._done:
            count += sum(1 for _ in self._source)
            self._done = True
        return count


def play_against_log(log: RecordedLog, play: Callable[[Callable[[Any, Any], None]], dict[str, Any] | None],
                     to_dict: Callable[[Any], dict[str, Any]], result: dict[str, Any] | None, complete: bool
                     ) -> list[str]:
    """Run ``play`` (a game fed from ``log``, emitting through the sink it is given, returning the result
    the writer records) and compare every event it emits with the recorded one; the problems found.

    ``complete`` is False for a cut-off file: the re-play stops where the file does, no verdict on the rest.
    """
    def compare(event: Any, state: Any) -> None:
        index = log.position
        recorded = log.get(index)
        if recorded is None:
            if complete:
                raise Mismatch(index, "the file ends here, but by the rules the game goes on "
                               f"({getattr(event, 'type', 'an event')} comes next)")
            raise LogEnds("events")
        emitted = to_dict(event)
        if not same(recorded, emitted):
            raise Mismatch(index, f"{recorded.get('type')!r} does not follow the rules: "
                           f"{differences(recorded, emitted)}")
        log.advance()

    try:
        expected = play(compare)
    except LogEnds as exc:
        if complete:  # a file that says it is whole must hold every decision and die roll to the end
            what = exc.args[0] if exc.args else "the next event"
            return [f"event {log.position}: the file ends here, but by the rules the game goes on "
                    f"(next comes: {what})"]
        return []
    except Mismatch as exc:
        return [str(exc)]
    except (TrekError, ValueError) as exc:  # a decision the rules refuse (IllegalDecision is one)
        return [f"event {log.position}: the rules refuse the recorded decision: {str(exc).splitlines()[0]}"]
    problems = []
    extra = log.remaining()
    if extra:
        problems.append(f"event {log.position}: by the rules the game is over after event {log.position - 1}, "
                        f"but the file holds {extra} more events")
    if complete and not same(result, expected):
        problems.append(f"the index's result {_short(result)} is not the game's ({_short(expected)})")
    return problems


FRAMING_KEYS: Final = frozenset({"format", "schema", "ruleset", "engine_version", "event_schema"})


def header_problem(header: dict[str, Any], expected: dict[str, Any], source: str,
                   optional: frozenset[str] = frozenset()) -> str | None:
    """Why a replay header is not the one its own setup gives (``expected``, built by the engine), or None.

    Every key ``expected`` has must hold the same value; any other key must be a framing key or one of
    ``optional`` (a notation's tags): a file is no place for data nothing reads.
    """
    # an older event schema is the file's own (its events are upgraded as they are read), not a departure
    older = isinstance(header.get("event_schema", 1), int) and isinstance(expected.get("event_schema"), int) \
        and header.get("event_schema", 1) < expected["event_schema"]
    skip = {"engine_version", "event_schema"} if older else {"engine_version"}
    stored = {k: header.get(k) for k in expected if k not in skip}
    wanted = {k: v for k, v in expected.items() if k not in skip}
    if not same(stored, wanted):
        return (f"the header disagrees with its own {source}: {differences(stored, wanted)}"
                .replace("the rules give", f"the {source} gives"))
    unknown = sorted(set(header) - set(expected) - FRAMING_KEYS - optional)
    if unknown:
        return f"the header holds {_short(unknown[0])}, which trek does not write"
    return None


def differences(recorded: dict[str, Any], emitted: dict[str, Any]) -> str:
    """Where a recorded event departs from the engine's: 'ships[0].hull: the file has 1000, the rules give 4'."""
    found: list[str] = []
    _diff(recorded, emitted, "", found, 0)
    more = f" (and {len(found) - 3} more)" if len(found) > 3 else ""
    return "; ".join(found[:3]) + more


def same(a: Any, b: Any) -> bool:
    """Whether two plain values are the same value of the same type: what the engine writes, exactly.

    ``==`` is not enough for a file: ``true == 1``, ``4.0 == 4`` and ``-0.0 == 0.0`` in Python, and a
    file holding one where the engine writes the other is not the engine's file.
    """
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        return len(a) == len(b) and all(k in b and same(v, b[k]) for k, v in a.items())
    if kind is list or kind is tuple:
        return len(a) == len(b) and all(map(same, a, b))
    if kind is float:
        return (a == b and math.copysign(1.0, a) == math.copysign(1.0, b)) or (math.isnan(a) and math.isnan(b))
    return bool(a == b)


def _diff(a: Any, b: Any, path: str, out: list[str], depth: int) -> None:
    if same(a, b) or len(out) > 3:
        return
    if depth < 8 and type(a) is dict and type(b) is dict:
        for key in dict.fromkeys([*b, *a]):
            _diff(a.get(key, _MISSING), b.get(key, _MISSING), f"{path}.{key}" if path else str(key), out, depth + 1)
        return
    if depth < 8 and type(a) is list and type(b) is list and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, f"{path}[{i}]", out, depth + 1)
        return
    out.append(f"{path or 'the event'}: the file has {_short(a)}, the rules give {_short(b)}")


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING: Final = _Missing()


def _short(value: Any) -> str:
    if type(value) is list and len(value) > 8:
        return f"{len(value)} items"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."

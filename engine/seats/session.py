"""A game with people in its seats: played, saved when they leave, resumed, forked and checked.

The replay file is the save. Its header holds what the game's own header holds plus the seats and
``answers``, every answer the people gave (``Journal``); the events are the game's. Resuming plays
the game again from its header: the AI decides as it did, the dice come from the generator kept in
the state, the people's saved answers are given back in order, and once they run out the people are
asked again. So a game resumed any number of times writes the same bytes as one played in one go,
and ``trek replay validate`` checks such a file by the same re-play (``check``).

A person who leaves (end of input, Ctrl-C, the window closed) stops the game at a question: the
file holds every event up to it and no result. Stopped while the AI was thinking, the game is
saved as it stood when a person was last asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from engine.errors import TrekError
from engine.replay.recorded import RecordedLog, play_against_log
from engine.rulesets.base import Played, Recorded
from engine.rulesets.record import KEYFRAME_EVERY, stamped
from engine.seats.decision import FrontEnd, Journal, NoOneThere, SeatClosed

G = TypeVar("G")
ANSWERS_KEY = "answers"
Sink = Callable[[Any, Any], None]


@dataclass(frozen=True)
class Seated(Generic[G]):
    """A game of one ruleset as its header describes it, seats included (``recording``: what its replay
    is written with): ``run`` plays it with the
    people answering through the journal and front end it is given (the AI seats as the header
    says), emitting every event to the sink; ``result`` is the replay's result of a finished game;
    ``report`` what `trek play` prints of it (a JSON document and lines, from the game, or None for
    a game stopped before its end, and the events played); ``narrate`` the log line of an event,
    told to the people as the game goes (news of the other seats between their questions)."""

    recording: Recorded[Any, Any]
    header: dict[str, Any]
    run: Callable[[Journal, FrontEnd, Sink], G]
    result: Callable[[G], dict[str, Any] | None]
    report: Callable[[G | None, Sequence[Any]], tuple[dict[str, Any], list[str]]]
    narrate: Callable[[Any, Any], str] | None = None  # (event, the state before it): the game's log line


@dataclass
class Session:
    """What a session played: the events, their states, the answers, the game (None: stopped)."""

    events: list[Any] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    game: Any = None
    result: dict[str, Any] | None = None
    stopped: str | None = None  # why the game stopped before its end (None: it ended)
    answers: list[int] = field(default_factory=list)


def has_people(header: Mapping[str, Any]) -> bool:
    """A header of a game with people in its seats (``answers`` recorded)."""
    return ANSWERS_KEY in header


def saved_answers(header: Mapping[str, Any]) -> list[int]:
    raw = header.get(ANSWERS_KEY)
    if not isinstance(raw, list) or not all(type(a) is int and 0 <= a < 100_000 for a in raw):
        raise TrekError(f"the header's {ANSWERS_KEY} is not a list of option numbers")
    return list(raw)


def play(seated: Seated[G], front: FrontEnd, saved: Sequence[int] = (), until: int | None = None,
         recorded: Sequence[dict[str, Any]] | None = None) -> Session:
    """Play the game: the saved answers first (up to event ``until`` for a fork), then the people.
    ``recorded``: the saved file's events, which the re-play must give again event for event up
    to where the fork or the save begins (a save that is not this game's is refused)."""
    session = Session()
    journal = Journal(saved, until, lambda: len(session.events))
    encode = seated.recording.codec.encode_event
    keep = None if recorded is None else len(recorded) if until is None else min(until + 1, len(recorded))

    def sink(event: Any, state: Any) -> None:
        index = len(session.events)
        if keep is not None and recorded is not None and index < keep and encode(event) != recorded[index]:
            raise TrekError(f"event {index}: the saved game's answers give {getattr(event, 'type', 'an event')} "
                            f"here, but the file holds {recorded[index].get('type')!r}: the file is not that game")
        if seated.narrate is not None and not journal.replaying() and (keep is None or index >= keep):
            before = session.states[-1] if session.states else state
            front.tell(f"   - {seated.narrate(event, before)}")
        session.events.append(event)
        session.states.append(state)

    try:
        session.game = seated.run(journal, front, sink)
        session.result = seated.result(session.game)
    except SeatClosed as left:
        session.stopped = str(left) or "the person left"
    except KeyboardInterrupt:  # between two questions: saved as it stood at the last question
        session.stopped = "interrupted"
        if journal.asked_at:
            at = journal.asked_at[-1]
            while journal.asked_at and journal.asked_at[-1] == at:
                journal.asked_at.pop()
                journal.answers.pop()
            del session.events[at:]
            del session.states[at:]
        else:
            session.events.clear()
            session.states.clear()
    session.answers = list(journal.answers)
    if keep is not None and len(session.events) < keep:
        raise TrekError(f"the saved game's answers stop after event {len(session.events) - 1}; the file goes on")
    return session


def write(seated: Seated[Any], session: Session, out: Path) -> None:
    """The session's replay: the header with the seats and answers, every event, keyframes as
    ``record_game`` writes them, and the result (none for a game stopped before its end)."""
    from engine.replay.writer import ReplayWriter

    header = stamped(seated.recording, {**seated.header, ANSWERS_KEY: session.answers})
    codec = seated.recording.codec
    with ReplayWriter(out, header, keyframe_every=KEYFRAME_EVERY, atomic=True) as writer:
        since = 0
        for event, state in zip(session.events, session.states, strict=True):
            writer.event(codec.encode_event(event))
            since += 1
            if since >= KEYFRAME_EVERY and writer.wants_keyframe:
                writer.keyframe(codec.encode_state(state))
                since = 0
        writer.close(session.result)


def check(seated: Seated[Any], header: Mapping[str, Any], events: Iterator[dict[str, Any]],
          result: dict[str, Any] | None, complete: bool) -> list[str]:
    """`trek replay validate` of a game with people: play it again from its header, the people's
    answers from the save, and compare every event; a save stops where no answer is left."""
    try:
        answers = saved_answers(header)
    except TrekError as exc:
        return [str(exc)]
    log = RecordedLog(events)

    def run(sink: Sink) -> dict[str, Any] | None:
        journal = Journal(answers, None, lambda: log.position)
        try:
            game = seated.run(journal, NoOneThere(), sink)
        except SeatClosed:
            return None  # a saved game: it stops at the first question no saved answer answers
        if len(journal.answers) != len(answers):
            raise TrekError(f"the game ends after {len(journal.answers)} of the {len(answers)} saved answers")
        return seated.result(game)

    return play_against_log(log, run, seated.recording.codec.encode_event, result, complete)


def play_and_save(seated: Seated[Any], front: FrontEnd, out: Path, saved: Sequence[int] = (),
                  until: int | None = None, recorded: Sequence[dict[str, Any]] | None = None) -> Played:
    """Play (or go on with) the game, write its replay to ``out`` and say what happened and, for a
    game stopped before its end, how to go on."""
    session = play(seated, front, saved, until, recorded)
    if not session.events:
        raise TrekError("the game stopped before anything was played: nothing saved")
    write(seated, session, out)
    doc, lines = seated.report(session.game if session.stopped is None else None, session.events)
    doc = {**doc, "replay": str(out), "answers": len(session.answers), "saved": session.stopped is not None}
    lines = [*lines, f"  replay: {out}"]
    if session.stopped is not None:
        lines += [f"  stopped ({session.stopped}) after event {len(session.events) - 1}: the game is saved",
                  f"  go on with: trek play --resume {out}"]
    return Played(doc, tuple(lines))


def default_out(name: str, seed: int) -> Path:
    """Where a game with people is saved when no -o is given: NAME-seedN.trek here."""
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in Path(name).stem)[:60] or "game"
    return Path(f"{stem}-seed{seed}.trek")


MAX_RESUMED_EVENTS = 1_000_000  # a saved game's events read back to check the re-play against


def resume(path: Path, front: FrontEnd, until: int | None = None, out: Path | None = None) -> Played:
    """`trek play --resume GAME.trek [--from EVENT -o NEW.trek]`: the saved game played again from its
    header with its seats and answers, checked event for event against the file, then on with the
    people; written back to ``path`` (or to ``out``, a fork from event ``until``)."""
    from engine.replay import open_replay
    from engine.replay.validate import recorded_events
    from engine.rulesets.registry import ruleset_for

    if until is not None and (out is None or out.resolve() == path.resolve()):
        raise TrekError("--from EVENT forks the game into a new file: give -o NEW.trek (not the saved file)")
    replay = open_replay(path)
    header = dict(replay.header)
    if not has_people(header):
        raise TrekError(f"{path} is a game without people in its seats: nothing to resume (trek play plays it again)")
    ruleset = ruleset_for(replay.ruleset or "")
    if ruleset.maker is None or ruleset.maker.seated is None:
        raise TrekError(f"{ruleset.name} games cannot be resumed")
    if replay.truncated:
        raise TrekError(f"{path} is cut off ({replay.cut_reason}): it cannot be resumed")
    recorded = []
    for raw in recorded_events(replay):
        recorded.append(raw)
        if len(recorded) > MAX_RESUMED_EVENTS:
            raise TrekError(f"{path} holds more than {MAX_RESUMED_EVENTS} events")
    if until is not None and not 0 <= until < len(recorded):
        raise TrekError(f"--from {until}: the game has events 0 to {len(recorded) - 1}")
    if until is None and replay.result is not None:
        raise TrekError(f"{path} is a finished game; fork it from an event with --from EVENT -o NEW.trek")
    seated = ruleset.maker.seated(header)
    return play_and_save(seated, front, out or path, saved_answers(header), until, recorded)


def validate(seated_from_header: Callable[[dict[str, Any]], Seated[Any]], header: dict[str, Any],
             events: Iterator[dict[str, Any]], result: dict[str, Any] | None, complete: bool,
             source: str) -> list[str]:
    """A ruleset's `trek replay validate` of a game with people: the header must be the one its own
    setup and seats give (plus the answers), then the game is played again (``check``)."""
    from engine.replay.recorded import header_problem

    try:
        seated = seated_from_header(header)
    except (TrekError, ValueError) as exc:
        return [str(exc)]
    problem = header_problem(header, {**stamped(seated.recording, seated.header), ANSWERS_KEY: header.get(ANSWERS_KEY)},
                             source)
    return [problem] if problem else check(seated, header, events, result, complete)

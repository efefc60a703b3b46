"""Check a whole replay: framing, checksums, order, the index, and (with a codec) the rules.

A file is sound when it opens, is complete (not cut off), every record reads back and
agrees with the index, and, when a codec for its ruleset is known, every event fits the
ruleset and every keyframe equals the state folded from the events before it. When the
ruleset can play a game again (its ``Ruleset.replay_check``, in its ``replay_check`` module), the
game is played again from the header with the recorded
decisions and dice, and every event must be the one the rules give (``replayed``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import msgpack
from pydantic import ValidationError

import engine
from engine.io.documents import validation_line
from engine.io.reading import has_control, one_line
from engine.replay.codec import ReplayCodec, codec_for_header, rounds_of
from engine.replay.errors import ReplayError
from engine.replay.format import DEFAULT_LIMITS, KIND_EVENT, Limits
from engine.replay.reader import Replay, open_replay
from engine.replay.recorded import same
from engine.replay.source import Source


@dataclass
class ValidationReport:
    sound: bool = True
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    schema: int | None = None
    ruleset: str | None = None
    events: int | None = None
    keyframes: int | None = None
    truncated: bool | None = None
    rules_checked: bool = False
    replayed: bool = False  # the game was played again through the engine and every event matched
    # False when the file names another engine (its rules of play) and today's rules play it otherwise,
    # or names a ruleset this engine does not know (or none): no forgery can be proven, and none ruled
    # out, so the file is not vouched for (exit status 3)
    verified: bool = True

    def problem(self, text: str) -> None:
        self.sound = False
        self.problems.append(text)

    def as_json(self) -> dict[str, Any]:
        return {
            "sound": self.sound, "problems": self.problems, "notes": self.notes, "schema": self.schema,
            "ruleset": self.ruleset, "events": self.events, "keyframes": self.keyframes,
            "truncated": self.truncated, "rules_checked": self.rules_checked, "replayed": self.replayed,
            "verified": self.verified,
        }


def validate_replay(source: Source | Replay, *, codec: ReplayCodec[Any, Any] | None = None, use_registry: bool = True,
                    limits: Limits = DEFAULT_LIMITS, replay_check: ReplayCheck | None = None) -> ValidationReport:
    """Read everything in the file and report every problem found (reading stops at the first damaged record)."""
    report = ValidationReport()
    try:
        replay = source if isinstance(source, Replay) else open_replay(source, limits=limits)
        report.schema, report.ruleset = replay.schema, replay.ruleset
        report.truncated = replay.truncated
        report.events, report.keyframes = replay.event_count, len(replay.index.keyframes)
    except ReplayError as exc:
        report.problem(str(exc))
        return report
    if replay.truncated:
        report.problem(f"cut off: {replay.cut_reason}")
    version = replay.header.get("engine_version")
    if version is not None and not (type(version) is str and 0 < len(version) <= 40 and not has_control(version)):
        # (the version is the file's own claim, shown by `info` and the notes: a short plain text)
        report.problem(f"the header's engine_version {_shown(version)} is not a version")
    if replay.schema != replay.header.get("schema"):
        report.notes.append(f"written in schema {replay.schema}, read through the upgrades to schema "
                            f"{replay.header.get('schema')}")
    if codec is None and use_registry:
        try:
            codec = codec_for_header(replay.header)
        except ReplayError as exc:
            report.notes.append(f"{exc}: the events were not checked against the rules")
            # framing alone cannot vouch for a game: any events, any result would pass (exit status 3)
            report.verified = False
    report.rules_checked = codec is not None
    try:
        _check_records(replay, codec, report)
    except ReplayError as exc:
        report.problem(str(exc))
        return report
    if replay_check is None and use_registry:
        replay_check = replay_check_for(replay.ruleset)
    if replay_check is not None:
        try:
            problems = replay_check(replay.header, recorded_events(replay), replay.result, not replay.truncated)
        except ReplayError as exc:
            problems = [str(exc)]
        other = other_engine(replay.header)
        for problem in problems:
            if other is None:
                report.problem(f"played again by the rules: {problem}")
            else:
                report.notes.append(f"written by engine {other}, whose rules this engine ({engine.__version__}) "
                                    f"does not know: played again by today's rules, {problem}")
        report.replayed = not problems
        # a file may claim an older engine to hide a forgery: its departures are not vouched for either
        report.verified = not problems or other is None
    return report


def _shown(value: Any) -> str:
    text = one_line(repr(value))
    return text if len(text) <= 60 else text[:57] + "..."


def other_engine(header: dict[str, Any]) -> str | None:
    """The engine version that wrote a replay, when it is not this engine's (None when it is the same).

    A game is played again by this engine's rules; a file from an engine with other rules may play
    differently without being forged, so its departures are notes, not problems, but such a file is
    not verified either (``ValidationReport.verified``): the header's version is the file's own claim.
    The engine's version changes whenever the rules of play change (docs/replay-format.md).
    """
    version = header.get("engine_version")
    if version == engine.__version__:
        return None
    return repr(version) if not isinstance(version, str) else version[:40]


ReplayCheck = Callable[[dict[str, Any], Iterator[dict[str, Any]], "dict[str, Any] | None", bool], list[str]]


def replay_check_for(ruleset: str | None) -> ReplayCheck | None:
    """The ruleset's re-play check (its ``Ruleset.replay_check``), if it has one (None for an unknown ruleset)."""
    from engine.rulesets.registry import UnknownRuleset, ruleset_for

    try:
        return ruleset_for(ruleset).replay_check
    except UnknownRuleset:
        return None


def soundness_problem(replay: Replay) -> str | None:
    """The first reason a replay is not the game it claims to be (for viewers), or None when it is."""
    check = replay_check_for(replay.ruleset)
    if check is None:
        return None
    if other_engine(replay.header) is not None:
        return None  # another engine's rules: nothing this one can judge (validate notes what it sees)
    try:
        problems = check(replay.header, recorded_events(replay), replay.result, not replay.truncated)
    except ReplayError as exc:
        return str(exc)
    return problems[0] if problems else None


def recorded_events(replay: Replay) -> Iterator[dict[str, Any]]:
    """The file's events as today's engine writes them: events of an older event schema go through the
    ruleset's upgrades first (the re-play compares them with what the engine emits now)."""
    from engine.rulesets.base import UpgradingCodec

    codec = codec_for_header(replay.header)
    if not isinstance(codec, UpgradingCodec):
        return replay.events()
    return (codec.encode_event(codec.decode_event(raw)) for raw in replay.events())


def _check_records(replay: Replay, codec: ReplayCodec[Any, Any] | None, report: ValidationReport) -> None:
    types: dict[str, int] = {}
    rounds: int | None = None
    legacy: int | None = None  # an index written before the ruleset named its round key counted "round"
    key = rounds_of(replay.header)[0]
    state: Any = None
    exact = other_engine(replay.header) is None and replay.schema == replay.header.get("schema")
    if codec is not None:
        with _blame("the codec cannot build the initial state from the header"):
            state = codec.initial_state(replay.header)
    for rec in replay.records():
        if rec.kind == KIND_EVENT:
            body = replay.event_body(rec)
            types[body["type"]] = types.get(body["type"], 0) + 1
            rnd, old = body.get(key), body.get("round")
            if type(rnd) is int and (rounds is None or rnd > rounds):
                rounds = rnd
            if type(old) is int and (legacy is None or old > legacy):
                legacy = old
            if codec is not None:
                with _blame(f"event {rec.seq} does not fit ruleset {codec.ruleset!r}", rec.offset, rec.number):
                    event = codec.decode_event(body)
                with _blame(f"ruleset {codec.ruleset!r} rejects event {rec.seq}", rec.offset, rec.number):
                    state = codec.apply(state, event)
            continue
        raw = replay.keyframe_body(rec)
        if codec is not None:
            where = f"keyframe after {rec.seq} events"
            with _blame(f"{where} does not fit ruleset {codec.ruleset!r}", rec.offset, rec.number):
                kept = codec.decode_state(raw)
            with _blame("the codec cannot encode the folded state", rec.offset, rec.number):
                folded = _plain(codec.encode_state(state))
            # compared as this engine reads the keyframe (a state field added since it was written
            # takes its default), so an older file's keyframes still agree; a file of this engine's
            # holds exactly what it writes (a renamed key, true for 1, would otherwise read back as
            # the default or the same number)
            if not same(folded, _plain(raw) if exact else _plain(codec.encode_state(kept))):
                report.problem(str(ReplayError(f"{where} disagrees with the state folded from the events before it",
                                               offset=rec.offset, record=rec.number)))
    index = replay.index
    if index.types is not None and dict(sorted(index.types.items())) != dict(sorted(types.items())):
        report.problem(f"the index counts events by type as {index.types}, the file holds {types}")
    if index.types is not None and index.rounds not in (rounds, legacy):
        report.problem(f"the index says the last round is {index.rounds}, the events reach {rounds}")


@contextmanager
def _blame(what: str, offset: int | None = None, record: int | None = None) -> Iterator[None]:
    """Codec code runs on untrusted data: any failure in it becomes a ReplayError saying where."""
    try:
        yield
    except ReplayError:
        raise
    except Exception as exc:  # codec code on untrusted data
        if isinstance(exc, ValidationError):  # one line naming the field, not pydantic's report and link
            raise ReplayError(f"{what}: {validation_line(exc)}", offset=offset, record=record) from exc
        text = str(exc).strip().splitlines()
        raise ReplayError(f"{what}: {type(exc).__name__}{': ' + text[0] if text else ''}", offset=offset,
                          record=record) from exc


def _plain(value: Any) -> Any:
    """The value as it would read back from a file (tuples become lists)."""
    try:
        return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False, strict_map_key=False)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ReplayError(f"the codec's encoded state is not plain data: {exc}") from None

"""Record bodies: an event's, a block's and a keyframe's body decoded with every check, and codec calls guarded.

The hot paths (``hot_body``, ``block_bodies``) decode a sound body with no call they can spare and
leave anything else to the careful path (``Replay.event_body``), which says what is wrong. Codec
code runs on untrusted data through ``codec_call``: any failure becomes a ``ReplayError`` saying where.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import ValidationError

from engine.io.documents import validation_line
from engine.replay.codec import ReplayCodec
from engine.replay.compact import Tables
from engine.replay.errors import ReplayError
from engine.replay.format import (
    KIND_BLOCK,
    KIND_DEFINITIONS,
    KIND_EVENT,
    KIND_KEYFRAME,
    SMALL_BODY,
    Limits,
    RawRecord,
    unpack_body,
)
from engine.replay.upgrade import upgrade_record

E = TypeVar("E")


def block_items(payload: bytes, first: int, offset: int, number: int | None, limits: Limits) -> list[Any]:
    """The event bodies of a block record (each still compact): a non-empty array, decoded within the limits."""
    try:
        items = unpack_body(payload, limits)  # (one call for many events: no need for SmallBodies)
        if items.__class__ is not list or not items:
            raise ValueError(f"is a {type(items).__name__} of {len(items) if type(items) is list else 1}, not a "
                             "non-empty array of event bodies")
    except ValueError as exc:
        raise ReplayError(f"the body of the block of events from event {first} {exc}", offset=offset,
                          record=number) from None
    out: list[Any] = items
    return out


def misplaced(rec: RawRecord, expected: int, at_keyframe: bool) -> str:
    """Why a record is not where it belongs (``expected`` events read; ``at_keyframe``: where the index points)."""
    if at_keyframe:
        return f"the index points to a keyframe here but finds {rec.describe()}"
    if rec.kind == KIND_EVENT:
        return f"event {rec.seq} found where event {expected} should be"
    if rec.kind == KIND_KEYFRAME:
        return f"keyframe after {rec.seq} events (found after {expected} events) is not where the index says"
    if rec.kind == KIND_DEFINITIONS:
        return (f"definitions record after {rec.seq} events (found after {expected} events) is not where the "
                "index says")
    if rec.kind == KIND_BLOCK:
        return f"block of events from event {rec.seq} found where event {expected} should be"
    return "an index record in the middle of the records"


def upgraded(kind: str, body: dict[str, Any], schema: int, rec: RawRecord) -> dict[str, Any]:
    try:
        return upgrade_record(kind, body, schema)
    except ValueError as exc:
        raise ReplayError(f"cannot upgrade {rec.describe()} from schema {schema}: {exc}", offset=rec.offset,
                          record=rec.number) from None


def decode_event(codec: ReplayCodec[Any, E], body: dict[str, Any], rec: RawRecord) -> E:
    return codec_call(codec.decode_event, body, f"event {rec.seq} does not fit ruleset {codec.ruleset!r}", rec)


T = TypeVar("T")
A = TypeVar("A")
B = TypeVar("B")


def codec_call(fn: Callable[[A], T], arg: A, what: str, rec: RawRecord | None) -> T:
    """Run codec code on untrusted data: any failure becomes a ReplayError saying where."""
    try:
        return fn(arg)
    except Exception as exc:  # codec code on untrusted data must not crash the reader
        raise ReplayError(f"{what}: {what_failed(exc)}", offset=rec.offset if rec else None,
                          record=rec.number if rec else None) from exc


def codec_call2(fn: Callable[[A, B], T], a: A, b: B, what: str, rec: RawRecord) -> T:
    try:
        return fn(a, b)
    except Exception as exc:  # codec code on untrusted data
        raise ReplayError(f"{what}: {what_failed(exc)}", offset=rec.offset, record=rec.number) from exc


def what_failed(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):  # one line naming the field, not pydantic's report and link
        return validation_line(exc)
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    if len(text) > 1:
        first += f" (+{len(text) - 1} more lines)"
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def block_bodies(items: list[Any], tables: Tables, first: int, depth: int, number: int | None, offset: int,
                  end: int) -> list[Any]:
    """The events of a block (from event ``first``), each decoded with ``hot_body``'s checks (its body is
    unpacked already), or left as its record for the careful path (``Replay.event_body``) that says what is wrong."""
    strings, decoders, events = tables.strings, tables.decoders, tables.events
    bodies: list[Any] = []
    keep = bodies.append
    seq = first
    try:  # a sound block (every event is): an array of the events' shapes, declared (their seq is the
        # record's own and their type a string or nil), each type a string
        for item in items:
            if item.__class__ is not list or not item or item[0].__class__ is not int or item[0] not in events:
                break
            body = decoders[item[0]](item, depth, seq, strings, decoders)
            if body["type"] is None:
                break
            keep(body)
            seq += 1
        else:
            return bodies
    except Exception:  # the loop below finds the events that do not fit, for the careful path
        pass
    del bodies
    out: list[Any] = []
    append = out.append
    seq = first
    for item in items:
        if item.__class__ is list and item and item[0].__class__ is int and item[0] >= 0:
            try:
                body = decoders[item[0]](item, depth, seq, strings, decoders)
                if body.get("seq").__class__ is int and body["seq"] == seq and body.get("type").__class__ is str:
                    append(body)
                    seq += 1
                    continue
            except Exception:  # the careful path (Replay.event_body) says what is wrong
                pass
        append(tuple.__new__(RawRecord, (number, offset, end, KIND_EVENT, seq, item, tables)))
        seq += 1
    return out


def hot_body(small: Callable[[bytes], Any], payload: Any, tables: Tables | None, seq: int, depth: int
              ) -> dict[str, Any] | None:
    """Schema 3's hot path for an event body, every check kept: a small body (decoded by ``small``),
    a compact map of a declared shape, with its ``seq`` and a string ``type``. None: anything else
    (even a plain map, an extension type or trailing bytes), for the careful path that says what
    is wrong."""
    if tables is None or payload.__class__ is not bytes or len(payload) > SMALL_BODY:
        return None
    try:
        obj = small(payload)
        number = obj[0] if obj.__class__ is list and obj else None
        if number.__class__ is int and number >= 0:
            decoders = tables.decoders
            body: dict[str, Any] = decoders[number](obj, depth, seq, tables.strings, decoders)
            if body.get("seq").__class__ is int and body["seq"] == seq and body.get("type").__class__ is str:
                return body
    except Exception:  # the careful path reads it again and says what is wrong
        return None
    return None

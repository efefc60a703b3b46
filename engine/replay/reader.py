"""The replay reader: open (header only, or with the index), iterate, visit, and seek to any event.

A file is untrusted input. Every read is bounded by ``Limits``; everything that is wrong
raises ``ReplayError`` saying what and where (byte offset, record number). A file without
a sound trailer (a crash, a cut download) is indexed by one scan and opens up to its last
whole record, with ``truncated`` set and ``cut_reason`` saying where it stops.

Here: ``open_replay``, the ``Replay`` and its one loop over the records (``_walk``). The source and
its header are read by ``source.py``, the index by ``index.py``, the bodies decoded by ``bodies.py``.
"""

from __future__ import annotations

import zlib
from bisect import bisect_left
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import msgpack

from engine.replay.bodies import (
    block_bodies,
    block_items,
    codec_call,
    codec_call2,
    decode_event,
    hot_body,
    misplaced,
    upgraded,
    what_failed,
)
from engine.replay.codec import ReplayCodec, rounds_of
from engine.replay.compact import Tables
from engine.replay.errors import ReplayError
from engine.replay.format import (
    CURRENT_SCHEMA,
    DEFAULT_LIMITS,
    KIND_BLOCK,
    KIND_DEFINITIONS,
    KIND_EVENT,
    KIND_KEYFRAME,
    SMALL_BODY,
    Limits,
    RawRecord,
    SmallBodies,
    check_plain,
    decode_body,
    parse_record,
    unpack_body,
    unpacker,
)
from engine.replay.index import Cut, IndexReader, ReplayIndex, Summary, objects
from engine.replay.source import Opener, Source, open_source, read_header
from engine.replay.visitor import BaseVisitor as BaseVisitor
from engine.replay.visitor import ReplayVisitor

S = TypeVar("S")
E = TypeVar("E")


def open_replay(source: Source, *, header_only: bool = False, salvage: bool = False,
                limits: Limits = DEFAULT_LIMITS) -> Replay:
    """Open a replay from a path or from bytes.

    ``header_only`` reads just the header (the index is read on first need). ``salvage``
    ignores the trailer and scans, stopping at the first damaged record as if the file were
    cut there, instead of raising.
    """
    replay = Replay(source, limits=limits, salvage=salvage)
    if not header_only:
        replay.index  # noqa: B018 - load and check the index now, so errors surface at open
    return replay


class Replay:
    """An opened replay. Reads go back to the file (or bytes) on demand; nothing large is kept."""

    def __init__(self, source: Source, *, limits: Limits = DEFAULT_LIMITS, salvage: bool = False) -> None:
        self.limits = limits
        self.salvage = salvage
        opened = open_source(source, limits)
        self.path: Path | None = opened.path
        self.size = opened.size
        self._opener: Opener = opened.opener
        self._index: ReplayIndex | None = None
        self._truncated = False
        self._cut_reason: str | None = None
        self._data_end = 0
        self._summary: Summary | None = None
        self._tables: dict[int, Tables] = {}  # schema 3: the tables before definitions record k, by k
        self._small_bodies: SmallBodies | None = None  # (made on first need: most files have few small bodies)
        # msgpack's own defaults bound every string and container by the body's size: for a small
        # body that is within the limits, so the hot path may decode with no options to parse
        self._plain_small = SMALL_BODY <= min(limits.max_str_bytes, limits.max_container_len)
        self.header: dict[str, Any]
        self.schema, self.header, self.header_end = read_header(self._opener, self.size, limits)

    @property
    def _small(self) -> SmallBodies:
        if self._small_bodies is None:
            self._small_bodies = SmallBodies(self.limits)
        return self._small_bodies

    # -- the header ----------------------------------------------------------------------------

    @property
    def ruleset(self) -> str | None:
        value = self.header.get("ruleset")
        return value if isinstance(value, str) else None

    # -- the index -----------------------------------------------------------------------------

    @property
    def index(self) -> ReplayIndex:
        if self._index is None:
            self._load_index()
        assert self._index is not None
        return self._index

    @property
    def truncated(self) -> bool:
        """True when the file does not end with a sound index and trailer (cut off, or salvaged)."""
        self.index  # noqa: B018
        return self._truncated

    @property
    def cut_reason(self) -> str | None:
        """Where and how a truncated file stops; None for a complete file."""
        self.index  # noqa: B018
        return self._cut_reason

    @property
    def event_count(self) -> int:
        return self.index.events

    @property
    def result(self) -> dict[str, Any] | None:
        return self.index.result

    @property
    def data_end(self) -> int:
        """The byte where the event and keyframe records end (the index, or the end of the last whole record)."""
        self.index  # noqa: B018
        return self._data_end

    def _load_index(self) -> None:
        indexed = IndexReader(self._opener, self.size, self.header_end, self.schema, self.limits, self.salvage).load()
        self._index, self._data_end, self._cut_reason = indexed.index, indexed.data_end, indexed.cut_reason
        self._truncated = indexed.cut_reason is not None

    # -- records -------------------------------------------------------------------------------

    def records(self, from_keyframe: int = -1) -> Iterator[RawRecord]:
        """Event and keyframe records in file order, from the start or from keyframe number ``from_keyframe``.

        Checks each record's framing and checksum, that events are numbered 0, 1, 2, ...,
        that each keyframe sits where the index says, and (when read to the end) that the
        index's counts match the file. Schema 3's definitions records are read on the way (each
        record carries the tables declared before it, for its body) and not yielded. One loop, no
        layers: this is the hot path.
        """
        walk: Iterator[RawRecord] = self._walk(from_keyframe, False)
        return walk

    def _walk(self, from_keyframe: int, decode: bool) -> Iterator[Any]:
        """``records``; with ``decode``, a sound event of schema 3 or later comes decoded (its map, see ``_hot_body``)
        instead of as its record: the one loop of reading, with no call per event it can spare. A block (schema 4)
        gives its events one by one, each as a record of its own (the block's offset and number) or decoded."""
        index = self.index
        keyframes = index.keyframes
        if from_keyframe >= 0:
            ref = keyframes[from_keyframe]
            start, expected = ref.offset, ref.events
        else:
            start, expected = self.header_end, 0
        definitions = index.definitions
        next_def = bisect_left(definitions, start)
        end, schema, limits = self.data_end, self.schema, self.limits
        # the record's number (for messages): counted from the start, or from a keyframe while a record
        # holds one event (schema 4's blocks hold many: there it is not known, None)
        number: int | None = None if schema >= 4 and from_keyframe >= 0 else \
            1 + expected + max(from_keyframe, 0) + next_def
        next_kf = max(from_keyframe, 0)
        event_bytes = limits.max_event_bytes + 64
        tables = self._tables_before(next_def) if schema >= 3 else None
        hot = decode and schema >= 3  # (schema 3's events read as schema 4's: the upgrade changes the header only)
        small, depth = msgpack.unpackb if self._plain_small else self._small, limits.max_depth
        with self._opener() as f:
            f.seek(start)
            u = unpacker(f, limits)
            pos = start
            while pos < end:
                try:
                    obj = u.unpack()
                except msgpack.OutOfData:
                    raise ReplayError("the file ends inside a record", offset=pos, record=number) from None
                except msgpack.BufferFull:
                    raise ReplayError(f"a record is larger than the limit of {limits.max_record_bytes} bytes "
                                      "(or its length is damaged)", offset=pos, record=number) from None
                except (ValueError, msgpack.UnpackException) as exc:
                    raise ReplayError(f"undecodable data where a record should start ({what_failed(exc)})", offset=pos,
                                      record=number) from None
                rec_end = start + u.tell()
                if rec_end > end:
                    raise ReplayError(f"a record runs past the end of the records at byte {end}", offset=pos,
                                      record=number)
                if obj.__class__ is list and len(obj) == 4 and obj[1] == expected and obj[1].__class__ is int \
                        and obj[3].__class__ is bytes and obj[2].__class__ is int and schema >= 2 \
                        and rec_end - pos <= event_bytes and (pos != start or from_keyframe < 0) \
                        and ((obj[0] == KIND_BLOCK and schema >= 4) or obj[0] == KIND_EVENT) \
                        and zlib.crc32(obj[3]) == obj[2]:
                    # the next events, sound (parse_record's fast path, inline: this runs for every record)
                    if obj[0] == KIND_EVENT:
                        body = hot_body(small, obj[3], tables, expected, depth) if hot else None
                        yield body if body is not None else \
                            tuple.__new__(RawRecord, (number, pos, rec_end, KIND_EVENT, expected, obj[3], tables))
                        expected += 1
                    elif hot:  # a block, its events decoded and given together (a list: one resumption, not 64)
                        assert tables is not None  # (schema 4)
                        # (the block's arrays are not kept in a name while its events are read, nor its events
                        # while the next block is decoded: fewer objects alive at once, and the collector does
                        # not run in most files)
                        bodies = block_bodies(block_items(obj[3], expected, pos, number, limits), tables, expected,
                                               depth, number, pos, rec_end)
                        yield bodies
                        expected += len(bodies)
                        del bodies
                    else:  # a block, its events one by one as records
                        for item in block_items(obj[3], expected, pos, number, limits):
                            yield tuple.__new__(RawRecord, (number, pos, rec_end, KIND_EVENT, expected, item, tables))
                            expected += 1
                    pos = rec_end
                    if number is not None:
                        number += 1
                    continue
                rec = parse_record(obj, schema, pos, rec_end, number, limits, tables)
                kind = rec.kind
                if kind == KIND_EVENT and rec.seq == expected and (pos != start or from_keyframe < 0):
                    expected += 1
                elif kind == KIND_KEYFRAME and rec.seq == expected and next_kf < len(keyframes) \
                        and keyframes[next_kf].offset == pos and keyframes[next_kf].events == expected:
                    next_kf += 1
                elif kind == KIND_DEFINITIONS and rec.seq == expected and next_def < len(definitions) \
                        and definitions[next_def] == pos and (pos != start or from_keyframe < 0):
                    assert tables is not None  # (schema 3: parse_record refuses the kind before it)
                    self._declare(tables, rec)
                    next_def += 1
                    pos = rec_end
                    if number is not None:
                        number += 1
                    continue
                else:  # (a sound block where it belongs took the fast path)
                    raise ReplayError(misplaced(rec, expected, from_keyframe >= 0 and pos == start), offset=pos,
                                      record=number)
                yield rec
                pos = rec_end
                if number is not None:
                    number += 1
        if expected != index.events:
            raise ReplayError(f"the index counts {index.events} events but the file holds {expected}",
                              offset=index.index_offset)
        if next_kf != len(keyframes):
            missing = keyframes[next_kf]
            raise ReplayError(f"the index lists a keyframe after {missing.events} events that is not in the file",
                              offset=missing.offset)
        if next_def != len(definitions):
            raise ReplayError("the index lists a definitions record that is not in the file",
                              offset=definitions[next_def])

    def _declare(self, tables: Tables, rec: RawRecord) -> None:
        try:
            payload = rec.payload
            tables.declare(unpack_body(payload, self.limits, lists=False) if isinstance(payload, bytes) else payload)
        except ValueError as exc:
            raise ReplayError(f"the {rec.describe()} {exc}", offset=rec.offset, record=rec.number) from None

    def _tables_before(self, k: int) -> Tables:
        """The strings and shapes declared by the first ``k`` definitions records (a copy to extend)."""
        known = max((j for j in self._tables if j <= k), default=0)
        tables = self._tables[known].copy() if known else Tables()
        if known < k:
            offsets = self.index.definitions
            with self._opener() as f:
                for j in range(known, k):
                    try:
                        pos, rec_end, obj = next(objects(f, offsets[j], self.data_end, self.size, self.limits))
                    except Cut:
                        raise ReplayError("the file ends inside a definitions record", offset=offsets[j]) from None
                    rec = parse_record(obj, self.schema, pos, rec_end, None, self.limits)
                    if rec.kind != KIND_DEFINITIONS:
                        raise ReplayError(f"the index points to a definitions record here but finds {rec.describe()}",
                                          offset=pos)
                    self._declare(tables, rec)
            if len(self._tables) > 64:
                self._tables.clear()
            self._tables[k] = tables.copy()
        return tables

    def event_body(self, rec: RawRecord) -> dict[str, Any]:
        """The checked (and upgraded) body of an event record."""
        payload = rec.payload
        if self.schema >= 3:  # (schema 3's events read as schema 4's)
            hot = hot_body(msgpack.unpackb if self._plain_small else self._small, payload, rec.tables, rec.seq,
                            self.limits.max_depth)
            if hot is not None:
                return hot
        if type(payload) is bytes:
            try:
                body = decode_body(payload, self.limits) if rec.tables is None else self._compact(rec, payload)
            except ValueError as exc:
                raise ReplayError(f"the body of event {rec.seq} {exc}", offset=rec.offset, record=rec.number) \
                    from None
        elif rec.tables is not None:  # an event of a block (schema 4): its body is decoded already
            try:
                body = self._compact_object(rec, payload)
            except ValueError as exc:
                raise ReplayError(f"the body of event {rec.seq} {exc}", offset=rec.offset, record=rec.number) \
                    from None
        else:
            body = rec.body(self.limits)
        if self.schema < CURRENT_SCHEMA:
            body = upgraded(KIND_EVENT, body, self.schema, rec)
        if body.get("seq") != rec.seq or type(body["seq"]) is not int:
            raise ReplayError(f"event {rec.seq}'s body says seq {body.get('seq')!r}", offset=rec.offset,
                              record=rec.number)
        if type(body.get("type")) is not str:
            raise ReplayError(f"event {rec.seq} has no string 'type'", offset=rec.offset, record=rec.number)
        return body

    def keyframe_body(self, rec: RawRecord) -> dict[str, Any]:
        if rec.tables is not None and type(rec.payload) is bytes:
            try:
                body = self._compact(rec, rec.payload)
            except ValueError as exc:
                raise ReplayError(f"the body of {rec.describe()} {exc}", offset=rec.offset, record=rec.number) \
                    from None
        else:
            body = rec.body(self.limits)
        if self.schema < CURRENT_SCHEMA:
            body = upgraded(KIND_KEYFRAME, body, self.schema, rec)
        return body

    def _compact(self, rec: RawRecord, payload: bytes) -> dict[str, Any]:
        """A schema-3 body: a compact map (an array, by its declared shape) or a plain map."""
        return self._compact_object(rec, self._small(payload) if len(payload) <= SMALL_BODY
                                    else unpack_body(payload, self.limits))

    def _compact_object(self, rec: RawRecord, obj: Any) -> dict[str, Any]:
        """A schema-3 body once unpacked: a compact map or a plain map."""
        if type(obj) is list:
            out: dict[str, Any] = rec.tables.decode(obj, rec.seq, self.limits.max_depth)
            return out
        if type(obj) is not dict:
            raise ValueError(f"is a {type(obj).__name__}, not a map")
        check_plain(obj, self.limits)
        return obj

    # -- reading -------------------------------------------------------------------------------

    def events(self, start: int = 0, stop: int | None = None) -> Iterator[dict[str, Any]]:
        """The raw events with ``start <= seq < stop``; seeks to the nearest keyframe before ``start``."""
        count = self.event_count
        stop = count if stop is None else max(0, min(stop, count))
        start = max(start, 0)
        if start >= stop:
            return
        event_body = self.event_body
        for item in self._walk(self.index.keyframe_before(start), True):
            if item.__class__ is list:  # a block's events
                for event in item:
                    seq = event["seq"] if event.__class__ is dict else event.seq
                    if seq >= start:
                        if seq >= stop:
                            return
                        yield event if event.__class__ is dict else event_body(event)
            elif item.__class__ is dict:  # an event, decoded on the way
                seq = item["seq"]
                if seq >= start:
                    if seq >= stop:
                        return
                    yield item
            elif item.kind == KIND_EVENT and item.seq >= start:
                if item.seq >= stop:
                    return
                yield event_body(item)

    def _event_records(self, start: int, stop: int | None) -> Iterator[RawRecord]:
        count = self.event_count
        stop = count if stop is None else max(0, min(stop, count))
        start = max(start, 0)
        if start >= stop:
            return
        for rec in self.records(self.index.keyframe_before(start)):
            if rec.kind == KIND_EVENT and rec.seq >= start:
                if rec.seq >= stop:
                    return
                yield rec

    def typed_events(self, codec: ReplayCodec[Any, E], start: int = 0, stop: int | None = None) -> Iterator[E]:
        """The events validated into the ruleset's types by ``codec.decode_event``."""
        for rec in self._event_records(start, stop):
            yield decode_event(codec, self.event_body(rec), rec)

    def keyframes(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """(events applied, raw state) for every keyframe, in order."""
        for rec in self.records():
            if rec.kind == KIND_KEYFRAME:
                yield rec.seq, self.keyframe_body(rec)

    def visit(self, visitor: ReplayVisitor) -> None:
        """Walk the whole replay in file order; ``on_end`` comes last, also after an early stop."""
        visitor.on_header(self.header)
        on_event = visitor.on_event
        for item in self._walk(-1, True):
            if item.__class__ is list:  # a block's events
                stop = False
                for event in item:
                    if on_event(event if event.__class__ is dict else self.event_body(event)) is False:
                        stop = True
                        break
                if stop:
                    break
            elif item.__class__ is dict:  # an event, decoded on the way
                if on_event(item) is False:
                    break
            elif item.kind == KIND_EVENT:
                if on_event(self.event_body(item)) is False:
                    break
            else:
                visitor.on_keyframe(item.seq, self.keyframe_body(item))
        visitor.on_end(self.result, self.truncated)

    def summary(self) -> Summary:
        """Events by type and the last round, from the index when it has them, else by reading every event."""
        if self._summary is None:
            index = self.index
            key = rounds_of(self.header)[0]
            # an index written before its ruleset named another round key counted no rounds: read them
            if index.types is not None and (index.rounds is not None or key == "round"):
                self._summary = Summary(dict(index.types), index.rounds)
            else:
                types: dict[str, int] = {}
                rounds: int | None = None
                for event in self.events():
                    kind = event["type"]
                    types[kind] = types.get(kind, 0) + 1
                    rnd = event.get(key)
                    if type(rnd) is int and (rounds is None or rnd > rounds):
                        rounds = rnd
                self._summary = Summary(dict(sorted(types.items())), rounds)
        return self._summary

    def state_at(self, n: int, codec: ReplayCodec[S, Any]) -> S:
        """The state after event ``n`` (``n = -1``: before any event).

        Starts from the last keyframe at or before it (or the codec's initial state) and
        applies the events after it with the codec's reducer: the cost is bounded by the
        keyframe spacing, not by the length of the game.
        """
        count = self.event_count
        if not -1 <= n < count:
            last = f"0 to {count - 1}" if count else "none: the replay has no events"
            raise ReplayError(f"there is no event {n}: events are numbered {last}, and -1 is the state before "
                              "any event")
        target = n + 1  # events to apply
        position = self.index.keyframe_before(target)
        records = self.records(position)
        state: S
        if position >= 0:
            rec = next(records)  # records() checks that this is the keyframe the index points to
            state = codec_call(codec.decode_state, self.keyframe_body(rec),
                          f"keyframe after {rec.seq} events does not fit ruleset {codec.ruleset!r}", rec)
            applied = rec.seq
        else:
            state = codec_call(codec.initial_state, self.header,
                          "the codec could not build the initial state from the header", None)
            applied = 0
        if applied == target:
            return state
        for rec in records:
            if rec.kind != KIND_EVENT:
                continue
            event = decode_event(codec, self.event_body(rec), rec)
            state = codec_call2(codec.apply, state, event, f"ruleset {codec.ruleset!r} rejects event {rec.seq}", rec)
            if rec.seq == target - 1:
                return state
        raise ReplayError(f"event {n} could not be reached")  # pragma: no cover - the record checks catch this

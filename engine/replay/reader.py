"""The replay reader: open (header only, or with the index), iterate, visit, and seek to any event.

A file is untrusted input. Every read is bounded by ``Limits``; everything that is wrong
raises ``ReplayError`` saying what and where (byte offset, record number). A file without
a sound trailer (a crash, a cut download) is indexed by one scan and opens up to its last
whole record, with ``truncated`` set and ``cut_reason`` saying where it stops.
"""

from __future__ import annotations

import io
import os
import stat
import zlib
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, Protocol, TypeVar

import msgpack
from pydantic import ValidationError

from engine.io.documents import validation_line
from engine.replay.codec import ReplayCodec, rounds_of
from engine.replay.compact import Tables
from engine.replay.errors import ReplayError
from engine.replay.format import (
    CURRENT_SCHEMA,
    DEFAULT_LIMITS,
    KIND_BLOCK,
    KIND_DEFINITIONS,
    KIND_EVENT,
    KIND_INDEX,
    KIND_KEYFRAME,
    SMALL_BODY,
    TRAILER_SIZE,
    Limits,
    RawRecord,
    SmallBodies,
    check_plain,
    decode_body,
    decode_trailer,
    is_trailer_prefix,
    msgpack_why,
    parse_header,
    parse_record,
    unpack_body,
    unpacker,
)
from engine.replay.upgrade import upgrade_header, upgrade_record

S = TypeVar("S")
E = TypeVar("E")

Source = str | os.PathLike[str] | bytes | bytearray | memoryview

# A file of at most this many bytes is read whole once when opened (one system call, not one per read);
# a larger one is read one record at a time, as it is needed.
SMALL_FILE = 1 << 20
_INTS = frozenset({int})


@dataclass(frozen=True, slots=True)
class KeyframeRef:
    """A keyframe: the whole state after the first ``events`` events, stored at byte ``offset``."""

    events: int
    offset: int


@dataclass(frozen=True)
class ReplayIndex:
    """Where things are: the event count, the keyframes, the result, and per-type counts if the file kept them."""

    events: int
    keyframes: tuple[KeyframeRef, ...]
    result: dict[str, Any] | None
    types: dict[str, int] | None
    rounds: int | None
    source: Literal["index", "scan"]  # read from the file's index record, or built by scanning the file
    index_offset: int | None = None  # where the index record is, when the file has one
    definitions: tuple[int, ...] = ()  # schema 3: where each definitions record starts
    _counts: list[int] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._counts.extend(k.events for k in self.keyframes)

    def keyframe_before(self, events: int) -> int:
        """The position in ``keyframes`` of the last keyframe with at most ``events`` events, or -1."""
        return bisect_right(self._counts, events) - 1


@dataclass(frozen=True)
class Summary:
    events_by_type: dict[str, int]
    rounds: int | None


class ReplayVisitor(Protocol):
    """Receives a replay in file order (python-chess style). ``on_event`` may return False to stop early."""

    def on_header(self, header: dict[str, Any]) -> None: ...

    def on_event(self, event: dict[str, Any]) -> bool | None: ...

    def on_keyframe(self, events: int, state: dict[str, Any]) -> None: ...

    def on_end(self, result: dict[str, Any] | None, truncated: bool) -> None: ...


class BaseVisitor:
    """A visitor that does nothing; subclass it and override what you need."""

    def on_header(self, header: dict[str, Any]) -> None:
        return None

    def on_event(self, event: dict[str, Any]) -> bool | None:
        return None

    def on_keyframe(self, events: int, state: dict[str, Any]) -> None:
        return None

    def on_end(self, result: dict[str, Any] | None, truncated: bool) -> None:
        return None


class _Cut(Exception):
    """The data ends inside a msgpack object that starts at ``offset``."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


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
        self.path: Path | None
        if isinstance(source, bytes | bytearray | memoryview):
            data = bytes(source)
            self.path = None
            self.size = len(data)
            self._opener: Callable[[], IO[bytes]] = lambda: io.BytesIO(data)
        else:
            path = source if isinstance(source, Path) else Path(os.fspath(source))
            self.path = path
            name = os.fspath(path)  # (once: each use of a Path converts it again)
            try:
                st = os.stat(name)
            except OSError as exc:
                raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
            if not stat.S_ISREG(st.st_mode):
                raise ReplayError(f"cannot read {path}: not a regular file")
            self.size = st.st_size

            def opener() -> IO[bytes]:
                try:
                    return open(name, "rb")  # callers use it in a with block
                except OSError as exc:
                    raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None

            self._opener = opener
            if 0 < self.size <= SMALL_FILE:  # read once: each read after it (index, records) opens no file
                with opener() as f:
                    data = f.read(self.size)
                self.size = len(data)  # (a file cut since its size was seen reads as cut)
                self._opener = lambda: io.BytesIO(data)
        if self.size == 0:
            raise ReplayError("empty file: not a trek replay", offset=0, record=0)
        if self.size > limits.max_file_bytes:
            raise ReplayError(f"file of {self.size} bytes is over the limit of {limits.max_file_bytes}")
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
        self.schema, stored, self.header_end = self._read_header()
        try:
            self.header: dict[str, Any] = upgrade_header(stored, self.schema) if self.schema < CURRENT_SCHEMA \
                else stored
        except ValueError as exc:
            raise ReplayError(f"cannot upgrade the schema-{self.schema} header: {exc}", offset=0, record=0) from None

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

    def _read_header(self) -> tuple[int, dict[str, Any], int]:
        with self._opener() as f:
            u = unpacker(f, self.limits, read_size=16 * 1024)
            try:
                obj = u.unpack()
            except msgpack.OutOfData:
                raise ReplayError("the file ends inside its first object (the header): cut off, or not a "
                                  "trek replay", offset=self.size, record=0) from None
            except msgpack.BufferFull:
                raise ReplayError(f"the header is larger than the limit of {self.limits.max_header_bytes} bytes",
                                  offset=0, record=0) from None
            except (ValueError, msgpack.UnpackException) as exc:
                raise ReplayError(f"not a trek replay: the first object is not valid msgpack: {msgpack_why(exc)}",
                                  offset=0, record=0) from None
            end = u.tell()
        if end > self.size:  # the header goes on past the size seen at open (the file is being written)
            raise ReplayError("the file ends inside its header", offset=self.size, record=0)
        schema, header = parse_header(obj, end, self.limits)
        return schema, header, end

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
        if not self.salvage and self.size >= self.header_end + TRAILER_SIZE:
            with self._opener() as f:
                f.seek(self.size - TRAILER_SIZE)
                tail = f.read(TRAILER_SIZE)
            offset = decode_trailer(tail)
            if offset is not None:
                self._read_index(offset)
                return
        self._scan()

    def _read_index(self, offset: int) -> None:
        trailer_at = self.size - TRAILER_SIZE
        if not self.header_end <= offset < trailer_at:
            raise ReplayError(f"the trailer points to byte {offset}, outside the records "
                              f"(bytes {self.header_end} to {trailer_at})", offset=trailer_at)
        with self._opener() as f:
            try:
                pos, end, obj = next(self._objects(f, offset, trailer_at))
            except _Cut:
                raise ReplayError("the index record runs into the trailer", offset=offset) from None
        if end != trailer_at:
            raise ReplayError(f"the index record ends at byte {end}, not where the trailer starts ({trailer_at})",
                              offset=offset)
        rec = parse_record(obj, self.schema, pos, end, None, self.limits)
        if rec.kind != KIND_INDEX:
            raise ReplayError(f"the trailer points to a {rec.name} record, not the index", offset=offset)
        self._index = self._parse_index(rec, "index")
        self._data_end = offset

    def _parse_index(self, rec: RawRecord, source: Literal["index", "scan"]) -> ReplayIndex:
        body = rec.body(self.limits)
        where = {"offset": rec.offset, "record": rec.number}
        if self.schema < CURRENT_SCHEMA:
            body = _upgraded(KIND_INDEX, body, self.schema, rec)
        events = body.get("events")
        if type(events) is not int or events < 0 or events != rec.seq:
            raise ReplayError(f"the index's event count {events!r} is not a count matching its record ({rec.seq})",
                              **where)
        raw_kf = body.get("keyframes")
        if type(raw_kf) is not list or len(raw_kf) > self.limits.max_keyframes:
            raise ReplayError("the index's keyframes must be a list of at most "
                              f"{self.limits.max_keyframes} [events, offset] pairs", **where)
        keyframes: list[KeyframeRef] = []
        last_count, last_offset = -1, self.header_end - 1
        for i, pair in enumerate(raw_kf):
            if (type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int
                    or type(pair[1]) is not int):
                raise ReplayError(f"the index's keyframe {i} is not an [events, offset] pair of integers", **where)
            count, off = pair
            if not last_count < count <= events or not last_offset < off < rec.offset:
                raise ReplayError(f"the index's keyframe {i} ({count} events at byte {off}) is out of order or "
                                  "outside the records", **where)
            keyframes.append(KeyframeRef(count, off))
            last_count, last_offset = count, off
        result = body.get("result")
        if result is not None and type(result) is not dict:
            raise ReplayError("the index's result must be a map or nil", **where)
        types: dict[str, int] | None = None
        rounds: int | None = None
        summary = body.get("summary")
        if summary is not None:
            if type(summary) is not dict:
                raise ReplayError("the index's summary must be a map or nil", **where)
            raw_types = summary.get("types")
            raw_rounds = summary.get("rounds")
            if (type(raw_types) is not dict or not _INTS.issuperset(map(type, raw_types.values()))
                    or min(raw_types.values(), default=0) < 0 or sum(raw_types.values()) != events):
                raise ReplayError("the index's summary.types must count each event type, adding up to the "
                                  "event count", **where)
            if raw_rounds is not None and type(raw_rounds) is not int:
                raise ReplayError("the index's summary.rounds must be an integer or nil", **where)
            types, rounds = raw_types, raw_rounds
        definitions = body.get("definitions", [])
        if type(definitions) is not list or not all(type(o) is int for o in definitions) or any(
                not self.header_end <= a < b for a, b in zip(definitions, [*definitions[1:], rec.offset],
                                                             strict=False)):
            raise ReplayError("the index's definitions must be the increasing offsets of records before it", **where)
        return ReplayIndex(events, tuple(keyframes), result, types, rounds, source, rec.offset, tuple(definitions))

    def _scan(self) -> None:
        """Index a file without a sound trailer by reading every record's framing once."""
        events = 0
        keyframes: list[KeyframeRef] = []
        definitions: list[int] = []
        number = 1
        pos = self.header_end
        index_rec: RawRecord | None = None
        reason: str | None = None
        with self._opener() as f:
            objects = self._objects(f, self.header_end, self.size)
            try:
                for pos, end, obj in objects:  # pos is used after the loop
                    rec = parse_record(obj, self.schema, pos, end, number, self.limits)
                    if rec.seq != events:
                        raise ReplayError(f"{rec.name} record has sequence number {rec.seq} where {events} events "
                                          "have been read", offset=pos, record=number)
                    if rec.kind == KIND_EVENT:
                        events += 1
                    elif rec.kind == KIND_BLOCK:
                        assert type(rec.payload) is bytes  # (schema 4)
                        events += len(self._block_items(rec.payload, rec.seq, pos, number))
                    elif rec.kind == KIND_KEYFRAME:
                        if keyframes and keyframes[-1].events == rec.seq:
                            raise ReplayError(f"a second keyframe after {rec.seq} events", offset=pos, record=number)
                        if len(keyframes) >= self.limits.max_keyframes:
                            raise ReplayError(f"more than {self.limits.max_keyframes} keyframes", offset=pos,
                                              record=number)
                        keyframes.append(KeyframeRef(rec.seq, pos))
                    elif rec.kind == KIND_DEFINITIONS:
                        definitions.append(pos)
                    else:
                        index_rec = rec
                        break
                    number += 1
                else:
                    pos = self.size
            except _Cut as cut:
                pos = cut.offset
                reason = (f"the file is cut off at byte {self.size}, inside record {number}; the last whole record "
                          f"ends at byte {pos}")
            except ReplayError as exc:
                if not self.salvage:
                    raise
                pos = exc.offset if exc.offset is not None else pos
                reason = f"damaged from byte {pos}, read up to there: {exc.reason}"
        if index_rec is not None:
            try:
                index = self._parse_index(index_rec, "scan")
                if index.keyframes != tuple(keyframes):
                    raise ReplayError("the index's keyframes do not match the keyframes in the file",
                                      offset=index_rec.offset, record=index_rec.number)
                if index.definitions != tuple(definitions):
                    raise ReplayError("the index's definitions do not match the definitions records in the file",
                                      offset=index_rec.offset, record=index_rec.number)
                reason = self._check_after_index(index_rec)
            except ReplayError as exc:
                if not self.salvage:
                    raise
                reason = f"damaged from byte {index_rec.offset}, read up to there: {exc.reason}"
                index = ReplayIndex(events, tuple(keyframes), None, None, None, "scan", None, tuple(definitions))
            self._index = index
            self._data_end = index_rec.offset
        else:
            if reason is None:
                reason = f"the file ends after record {number - 1} (byte {pos}) without its index and trailer"
            self._index = ReplayIndex(events, tuple(keyframes), None, None, None, "scan", None, tuple(definitions))
            self._data_end = pos
        self._truncated = reason is not None
        self._cut_reason = reason

    def _check_after_index(self, index_rec: RawRecord) -> str | None:
        """Why the file counts as cut after its index record, or None when a sound trailer follows it."""
        rest = self.size - index_rec.end
        if rest == 0:
            return "the file ends after its index: the trailer is missing"
        if rest > TRAILER_SIZE:
            raise ReplayError(f"{rest} bytes follow the index where only an {TRAILER_SIZE}-byte trailer belongs",
                              offset=index_rec.end)
        with self._opener() as f:
            f.seek(index_rec.end)
            tail = f.read(rest)
        if rest < TRAILER_SIZE and is_trailer_prefix(tail):
            return f"the file is cut off inside its trailer at byte {self.size}"
        if decode_trailer(tail) == index_rec.offset:
            return None  # complete (reached by a salvage scan)
        raise ReplayError("the trailer is damaged", offset=index_rec.end)

    def _objects(self, f: IO[bytes], start: int, stop: int) -> Iterator[tuple[int, int, Any]]:
        """Top-level msgpack objects from ``start`` until ``stop``: (offset, end, object)."""
        f.seek(start)
        u = unpacker(f, self.limits)
        pos = start
        while pos < stop:
            try:
                obj = u.unpack()
            except msgpack.OutOfData:
                raise _Cut(pos) from None
            except msgpack.BufferFull:
                raise ReplayError(f"a record is larger than the limit of {self.limits.max_record_bytes} bytes "
                                  "(or its length is damaged)", offset=pos) from None
            except (ValueError, msgpack.UnpackException) as exc:
                raise ReplayError(f"undecodable data where a record should start ({_what(exc)})", offset=pos) \
                    from None
            end = start + u.tell()
            if end > self.size:  # past the size we saw at open (the file is still being written)
                raise _Cut(pos)
            yield pos, end, obj
            pos = end

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
                    raise ReplayError(f"undecodable data where a record should start ({_what(exc)})", offset=pos,
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
                        body = _hot_body(small, obj[3], tables, expected, depth) if hot else None
                        yield body if body is not None else \
                            tuple.__new__(RawRecord, (number, pos, rec_end, KIND_EVENT, expected, obj[3], tables))
                        expected += 1
                    elif hot:  # a block, its events decoded and given together (a list: one resumption, not 64)
                        assert tables is not None  # (schema 4)
                        # (the block's arrays are not kept in a name while its events are read, nor its events
                        # while the next block is decoded: fewer objects alive at once, and the collector does
                        # not run in most files)
                        bodies = _block_bodies(self._block_items(obj[3], expected, pos, number), tables, expected,
                                               depth, number, pos, rec_end)
                        yield bodies
                        expected += len(bodies)
                        del bodies
                    else:  # a block, its events one by one as records
                        for item in self._block_items(obj[3], expected, pos, number):
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
                    raise ReplayError(self._misplaced(rec, expected, from_keyframe >= 0 and pos == start), offset=pos,
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

    def _block_items(self, payload: bytes, first: int, offset: int, number: int | None) -> list[Any]:
        """The event bodies of a block record (each still compact): a non-empty array, decoded within the limits."""
        try:
            items = unpack_body(payload, self.limits)  # (one call for many events: no need for self._small)
            if items.__class__ is not list or not items:
                raise ValueError(f"is a {type(items).__name__} of {len(items) if type(items) is list else 1}, not a "
                                 "non-empty array of event bodies")
        except ValueError as exc:
            raise ReplayError(f"the body of the block of events from event {first} {exc}", offset=offset,
                              record=number) from None
        out: list[Any] = items
        return out

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
                        pos, rec_end, obj = next(self._objects(f, offsets[j], self.data_end))
                    except _Cut:
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

    @staticmethod
    def _misplaced(rec: RawRecord, expected: int, at_keyframe: bool) -> str:
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

    def event_body(self, rec: RawRecord) -> dict[str, Any]:
        """The checked (and upgraded) body of an event record."""
        payload = rec.payload
        if self.schema >= 3:  # (schema 3's events read as schema 4's)
            hot = _hot_body(msgpack.unpackb if self._plain_small else self._small, payload, rec.tables, rec.seq,
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
            body = _upgraded(KIND_EVENT, body, self.schema, rec)
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
            body = _upgraded(KIND_KEYFRAME, body, self.schema, rec)
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
            yield _decode_event(codec, self.event_body(rec), rec)

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
            state = _call(codec.decode_state, self.keyframe_body(rec),
                          f"keyframe after {rec.seq} events does not fit ruleset {codec.ruleset!r}", rec)
            applied = rec.seq
        else:
            state = _call(codec.initial_state, self.header,
                          "the codec could not build the initial state from the header", None)
            applied = 0
        if applied == target:
            return state
        for rec in records:
            if rec.kind != KIND_EVENT:
                continue
            event = _decode_event(codec, self.event_body(rec), rec)
            state = _call2(codec.apply, state, event, f"ruleset {codec.ruleset!r} rejects event {rec.seq}", rec)
            if rec.seq == target - 1:
                return state
        raise ReplayError(f"event {n} could not be reached")  # pragma: no cover - the record checks catch this


def _upgraded(kind: str, body: dict[str, Any], schema: int, rec: RawRecord) -> dict[str, Any]:
    try:
        return upgrade_record(kind, body, schema)
    except ValueError as exc:
        raise ReplayError(f"cannot upgrade {rec.describe()} from schema {schema}: {exc}", offset=rec.offset,
                          record=rec.number) from None


def _decode_event(codec: ReplayCodec[Any, E], body: dict[str, Any], rec: RawRecord) -> E:
    return _call(codec.decode_event, body, f"event {rec.seq} does not fit ruleset {codec.ruleset!r}", rec)


T = TypeVar("T")
A = TypeVar("A")
B = TypeVar("B")


def _call(fn: Callable[[A], T], arg: A, what: str, rec: RawRecord | None) -> T:
    """Run codec code on untrusted data: any failure becomes a ReplayError saying where."""
    try:
        return fn(arg)
    except Exception as exc:  # codec code on untrusted data must not crash the reader
        raise ReplayError(f"{what}: {_what(exc)}", offset=rec.offset if rec else None,
                          record=rec.number if rec else None) from exc


def _call2(fn: Callable[[A, B], T], a: A, b: B, what: str, rec: RawRecord) -> T:
    try:
        return fn(a, b)
    except Exception as exc:  # codec code on untrusted data
        raise ReplayError(f"{what}: {_what(exc)}", offset=rec.offset, record=rec.number) from exc


def _what(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):  # one line naming the field, not pydantic's report and link
        return validation_line(exc)
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    if len(text) > 1:
        first += f" (+{len(text) - 1} more lines)"
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _block_bodies(items: list[Any], tables: Tables, first: int, depth: int, number: int | None, offset: int,
                  end: int) -> list[Any]:
    """The events of a block (from event ``first``), each decoded with ``_hot_body``'s checks (its body is
    unpacked already), or left as its record for the careful path (``event_body``) that says what is wrong."""
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
            except Exception:  # the careful path (event_body) says what is wrong
                pass
        append(tuple.__new__(RawRecord, (number, offset, end, KIND_EVENT, seq, item, tables)))
        seq += 1
    return out


def _hot_body(small: Callable[[bytes], Any], payload: Any, tables: Tables | None, seq: int, depth: int
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

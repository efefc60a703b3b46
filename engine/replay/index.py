"""The index: where a replay's events, keyframes and definitions are, and how it ends.

A sound file's trailer points to its index record, which is read and checked. A file without a
sound trailer (a crash, a cut download) is indexed by one scan of every record's framing, and
opens up to its last whole record with the reason it counts as cut; a salvage scan stops at the
first damaged record as if the file were cut there.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Literal

import msgpack

from engine.replay.bodies import block_items, upgraded, what_failed
from engine.replay.errors import ReplayError
from engine.replay.format import (
    CURRENT_SCHEMA,
    KIND_BLOCK,
    KIND_DEFINITIONS,
    KIND_EVENT,
    KIND_INDEX,
    KIND_KEYFRAME,
    TRAILER_SIZE,
    Limits,
    RawRecord,
    decode_trailer,
    is_trailer_prefix,
    parse_record,
    unpacker,
)

Opener = Callable[[], IO[bytes]]
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


@dataclass(frozen=True)
class Indexed:
    """A file's index, where its event and keyframe records end, and why it counts as cut (None: complete)."""

    index: ReplayIndex
    data_end: int
    cut_reason: str | None


class Cut(Exception):
    """The data ends inside a msgpack object that starts at ``offset``."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def objects(f: IO[bytes], start: int, stop: int, size: int, limits: Limits) -> Iterator[tuple[int, int, Any]]:
    """Top-level msgpack objects from ``start`` until ``stop`` in a file of ``size`` bytes: (offset, end, object)."""
    f.seek(start)
    u = unpacker(f, limits)
    pos = start
    while pos < stop:
        try:
            obj = u.unpack()
        except msgpack.OutOfData:
            raise Cut(pos) from None
        except msgpack.BufferFull:
            raise ReplayError(f"a record is larger than the limit of {limits.max_record_bytes} bytes "
                              "(or its length is damaged)", offset=pos) from None
        except (ValueError, msgpack.UnpackException) as exc:
            raise ReplayError(f"undecodable data where a record should start ({what_failed(exc)})", offset=pos) \
                from None
        end = start + u.tell()
        if end > size:  # past the size we saw at open (the file is still being written)
            raise Cut(pos)
        yield pos, end, obj
        pos = end


class IndexReader:
    """Reads the index of one file: ``load`` it from the trailer's index record, or by a scan."""

    def __init__(self, opener: Opener, size: int, header_end: int, schema: int, limits: Limits,
                 salvage: bool) -> None:
        self.opener, self.size, self.header_end = opener, size, header_end
        self.schema, self.limits, self.salvage = schema, limits, salvage

    def load(self) -> Indexed:
        if not self.salvage and self.size >= self.header_end + TRAILER_SIZE:
            with self.opener() as f:
                f.seek(self.size - TRAILER_SIZE)
                tail = f.read(TRAILER_SIZE)
            offset = decode_trailer(tail)
            if offset is not None:
                return self.read(offset)
        return self.scan()

    def read(self, offset: int) -> Indexed:
        """The index record the trailer points to, at ``offset``."""
        trailer_at = self.size - TRAILER_SIZE
        if not self.header_end <= offset < trailer_at:
            raise ReplayError(f"the trailer points to byte {offset}, outside the records "
                              f"(bytes {self.header_end} to {trailer_at})", offset=trailer_at)
        with self.opener() as f:
            try:
                pos, end, obj = next(objects(f, offset, trailer_at, self.size, self.limits))
            except Cut:
                raise ReplayError("the index record runs into the trailer", offset=offset) from None
        if end != trailer_at:
            raise ReplayError(f"the index record ends at byte {end}, not where the trailer starts ({trailer_at})",
                              offset=offset)
        rec = parse_record(obj, self.schema, pos, end, None, self.limits)
        if rec.kind != KIND_INDEX:
            raise ReplayError(f"the trailer points to a {rec.name} record, not the index", offset=offset)
        return Indexed(self.parse(rec, "index"), offset, None)

    def parse(self, rec: RawRecord, source: Literal["index", "scan"]) -> ReplayIndex:
        body = rec.body(self.limits)
        where = {"offset": rec.offset, "record": rec.number}
        if self.schema < CURRENT_SCHEMA:
            body = upgraded(KIND_INDEX, body, self.schema, rec)
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

    def scan(self) -> Indexed:
        """Index a file without a sound trailer by reading every record's framing once."""
        events = 0
        keyframes: list[KeyframeRef] = []
        definitions: list[int] = []
        number = 1
        pos = self.header_end
        index_rec: RawRecord | None = None
        reason: str | None = None
        with self.opener() as f:
            found = objects(f, self.header_end, self.size, self.size, self.limits)
            try:
                for pos, end, obj in found:  # pos is used after the loop
                    rec = parse_record(obj, self.schema, pos, end, number, self.limits)
                    if rec.seq != events:
                        raise ReplayError(f"{rec.name} record has sequence number {rec.seq} where {events} events "
                                          "have been read", offset=pos, record=number)
                    if rec.kind == KIND_EVENT:
                        events += 1
                    elif rec.kind == KIND_BLOCK:
                        assert type(rec.payload) is bytes  # (schema 4)
                        events += len(block_items(rec.payload, rec.seq, pos, number, self.limits))
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
            except Cut as cut:
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
                index = self.parse(index_rec, "scan")
                if index.keyframes != tuple(keyframes):
                    raise ReplayError("the index's keyframes do not match the keyframes in the file",
                                      offset=index_rec.offset, record=index_rec.number)
                if index.definitions != tuple(definitions):
                    raise ReplayError("the index's definitions do not match the definitions records in the file",
                                      offset=index_rec.offset, record=index_rec.number)
                reason = self.check_after_index(index_rec)
            except ReplayError as exc:
                if not self.salvage:
                    raise
                reason = f"damaged from byte {index_rec.offset}, read up to there: {exc.reason}"
                index = ReplayIndex(events, tuple(keyframes), None, None, None, "scan", None, tuple(definitions))
            return Indexed(index, index_rec.offset, reason)
        if reason is None:
            reason = f"the file ends after record {number - 1} (byte {pos}) without its index and trailer"
        return Indexed(ReplayIndex(events, tuple(keyframes), None, None, None, "scan", None, tuple(definitions)),
                       pos, reason)

    def check_after_index(self, index_rec: RawRecord) -> str | None:
        """Why the file counts as cut after its index record, or None when a sound trailer follows it."""
        rest = self.size - index_rec.end
        rest = self.size - index_rec.end
        if rest == 0:
            return "the file ends after its index: the trailer is missing"
        if rest > TRAILER_SIZE:
            raise ReplayError(f"{rest} bytes follow the index where only an {TRAILER_SIZE}-byte trailer belongs",
                              offset=index_rec.end)
        with self.opener() as f:
            f.seek(index_rec.end)
            tail = f.read(rest)
        if rest < TRAILER_SIZE and is_trailer_prefix(tail):
            return f"the file is cut off inside its trailer at byte {self.size}"
        if decode_trailer(tail) == index_rec.offset:
            return None  # complete (reached by a salvage scan)
        raise ReplayError("the trailer is damaged", offset=index_rec.end)


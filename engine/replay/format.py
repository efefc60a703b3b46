"""The bytes of a replay file: constants, limits, record framing, the trailer, body checks.

Everything here is documented in ``docs/replay-format.md``; the two must agree. A file is
a sequence of concatenated msgpack objects: a header, then records, then (when the game
was closed properly) an index record and an 18-byte trailer. Only plain msgpack is used:
nil, booleans, integers, floats, strings, binary, arrays and maps with string keys.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import chain
from typing import Any, Final, NamedTuple

import msgpack

from engine.replay.errors import ReplayError

FORMAT_NAME: Final = "trek-replay"
CURRENT_SCHEMA: Final = 4
SUPPORTED_SCHEMAS: Final = (1, 2, 3, 4)

KIND_EVENT: Final = "e"
KIND_KEYFRAME: Final = "k"
KIND_INDEX: Final = "x"
KIND_DEFINITIONS: Final = "d"  # schema 3: strings and shapes the records after it use (compact.py)
KIND_BLOCK: Final = "b"  # schema 4: consecutive events in one record
KIND_NAMES: Final = {KIND_EVENT: "event", KIND_KEYFRAME: "keyframe", KIND_INDEX: "index",
                     KIND_DEFINITIONS: "definitions", KIND_BLOCK: "block"}
# The schema that brought each kind of record (a file of an older schema may not hold it).
KIND_SINCE: Final = {KIND_EVENT: 1, KIND_KEYFRAME: 1, KIND_INDEX: 1, KIND_DEFINITIONS: 3, KIND_BLOCK: 4}

# The trailer: msgpack bin 8 of 16 bytes = b"TRKX" + index offset (uint64 BE) + CRC-32 of those 12 bytes (uint32 BE).
TRAILER_MAGIC: Final = b"TRKX"
TRAILER_PREFIX: Final = b"\xc4\x10" + TRAILER_MAGIC
TRAILER_SIZE: Final = 18

# Keys of the header envelope (schema 2 and later), the first object of the file.
ENVELOPE_KEYS: Final = frozenset({"format", "schema", "crc32", "header"})

MiB: Final = 1 << 20


@dataclass(frozen=True)
class Limits:
    """Bounds the reader enforces on untrusted files (and the writer on what it writes).

    Peak memory while decoding one record is bounded by a small multiple (about 10x) of its size
    (docs/replay-format.md, "Memory").
    """

    max_file_bytes: int = 512 * MiB
    max_header_bytes: int = 2 * MiB
    max_event_bytes: int = 1 * MiB
    max_keyframe_bytes: int = 8 * MiB
    max_index_bytes: int = 8 * MiB
    max_depth: int = 32  # nesting of arrays and maps inside one body
    max_container_len: int = 65_536  # elements of one array or entries of one map in a body
    max_str_bytes: int = 65_536  # one string, in UTF-8 bytes
    max_keyframes: int = 500_000

    def max_body(self, kind: str) -> int:
        if kind == KIND_EVENT or kind == KIND_DEFINITIONS or kind == KIND_BLOCK:
            return self.max_event_bytes
        if kind == KIND_KEYFRAME:
            return self.max_keyframe_bytes
        return self.max_index_bytes

    @property
    def max_record_bytes(self) -> int:
        return max(self.max_header_bytes, self.max_event_bytes, self.max_keyframe_bytes, self.max_index_bytes) + 64


DEFAULT_LIMITS: Final = Limits()

_SCALARS: Final = frozenset({type(None), bool, int, float, str, bytes})
_LISTS: Final = frozenset({list})



def msgpack_why(exc: BaseException) -> str:
    """Why bytes are not msgpack, in words (no Python exception names or codec jargon)."""
    if isinstance(exc, UnicodeDecodeError):
        return f"a string holds the byte 0x{exc.object[exc.start]:02x}, which is not UTF-8 text"
    if isinstance(exc, msgpack.ExtraData):
        return "more data follows the object"
    if isinstance(exc, msgpack.StackError):
        return "nested too deeply"
    if isinstance(exc, msgpack.FormatError):
        return "a byte that starts no msgpack value"
    text = str(exc).splitlines()
    return text[0] if text and text[0] else "malformed"

def _no_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"msgpack extension type {code} is not allowed in a replay")


def unpacker(file: Any, limits: Limits, *, read_size: int = 64 * 1024) -> msgpack.Unpacker:
    """A streaming msgpack decoder over ``file`` whose buffer and lengths are bounded by ``limits``."""
    cap = limits.max_record_bytes
    return msgpack.Unpacker(
        file,
        read_size=min(read_size, cap),
        max_buffer_size=cap,
        raw=False,
        strict_map_key=True,
        ext_hook=_no_ext,
        max_str_len=max(limits.max_str_bytes, 64),
        max_bin_len=cap,
        max_array_len=limits.max_container_len,
        max_map_len=limits.max_container_len,
    )


def check_plain(obj: Any, limits: Limits, *, levels: int | None = None) -> None:
    """Raise ValueError unless ``obj`` is plain data (str-keyed maps, lists, scalars) nested at most max_depth
    (or ``levels``: what is left of it where ``obj`` sits inside a body).

    The message completes a sentence whose subject the caller supplies ("the body of event 7 ...").
    One recursive walk (at most ``levels`` deep, so at most 32 frames by default), a map's keys checked in C.
    """
    kind = obj.__class__
    if kind is dict or kind is list:
        _check_container(obj, 1, limits.max_depth if levels is None else levels, limits.max_depth)
    elif kind not in _SCALARS:
        raise ValueError(f"holds a value of type {kind.__name__}")


def _check_container(obj: dict[str, Any] | list[Any], depth: int, deepest: int, limit: int) -> None:
    if depth > deepest:
        raise ValueError(f"is nested deeper than {limit} levels")
    values: Any
    if obj.__class__ is dict:
        try:
            "".join(obj)  # fails unless every key is a str
        except TypeError:
            bad = next(type(k).__name__ for k in obj if type(k) is not str)
            raise ValueError(f"has a map key of type {bad}; keys must be strings") from None
        values = obj.values()
    else:
        values = obj
    for value in values:
        kind = value.__class__
        if kind in _SCALARS:  # (most values: one test)
            continue
        if kind is list and depth < deepest and _SCALARS.issuperset(map(type, value)):
            continue  # a list of scalars (a point, a row of a dial...): checked in C, with no call
        if kind is list and depth + 1 < deepest and _LISTS.issuperset(map(type, value)) \
                and _SCALARS.issuperset(map(type, chain.from_iterable(value))):
            continue  # rows of scalars (a polygon's points, a dial): also in C
        if kind is dict or kind is list:
            _check_container(value, depth + 1, deepest, limit)
        else:
            raise ValueError(f"holds a value of type {kind.__name__}")


class _Containers:
    """Counts the arrays and maps a body decodes to, and stops the decoder past the limit: an empty
    map is one byte in msgpack but dozens in memory, so a body of nothing else would take far more
    memory than its size. Real bodies hold one container per 30 bytes or more; the limit is one per
    ``BYTES_PER_CONTAINER`` bytes."""

    __slots__ = ("left",)

    def __init__(self, size: int) -> None:
        self.left = containers_allowed(size)

    def __call__(self, obj: Any) -> Any:
        self.left -= 1
        if self.left < 0:
            raise ValueError(f"holds more than one array or map per {BYTES_PER_CONTAINER} bytes")
        return obj


BYTES_PER_CONTAINER: Final = 8


def containers_allowed(size: int) -> int:
    """The arrays and maps a body of ``size`` bytes may hold (a small body may nest: the depth limit speaks)."""
    return size // BYTES_PER_CONTAINER + 64

# A body this small is decoded without counting its arrays and maps: whatever it holds, it decodes to
# at most a few hundred KiB (an empty map is 64 bytes in memory), and the count's hooks would cost
# more than the decoding itself: most events are under 200 bytes.
SMALL_BODY: Final = 4096


def decode_body(data: bytes, limits: Limits) -> dict[str, Any]:
    """Decode one body (a msgpack map) with every limit applied; ValueError completes "<what> ..." if it is bad."""
    obj = unpack_body(data, limits)
    if type(obj) is not dict:
        raise ValueError(f"is a {type(obj).__name__}, not a map")
    check_plain(obj, limits)
    return obj


# The bytes a msgpack array or map starts with (fixmap, fixarray, array 16/32, map 16/32); every other byte.
CONTAINER_HEADS: Final = bytes(range(0x80, 0xA0)) + b"\xdc\xdd\xde\xdf"
_NOT_CONTAINER_HEADS: Final = bytes(b for b in range(256) if b not in CONTAINER_HEADS)


def containers_at_most(data: bytes) -> int:
    """An upper bound on the arrays and maps ``data`` decodes to, counted in C without decoding: each one starts
    with a byte of ``CONTAINER_HEADS`` of its own (the same bytes inside strings, numbers or binary count too)."""
    return len(data.translate(None, _NOT_CONTAINER_HEADS))


def unpack_body(data: bytes, limits: Limits, *, lists: bool = True) -> Any:
    """The one msgpack object of a body, decoded within the limits (not yet checked to be plain data).

    ``lists=False``: arrays as tuples (hashable: the definitions, looked up by value)."""
    size = len(data)
    # A large body is decoded counting its arrays and maps (a hook per container) unless the bytes that
    # could start one are few enough already: then the count cannot go over, and msgpack decodes alone.
    count = _Containers(size) if size > SMALL_BODY and containers_at_most(data) > containers_allowed(size) else None
    try:
        if count is None:
            if size > SMALL_BODY:  # (SMALL_BODY bounded the lengths; here the body's size does)
                options = dict(_small_options(limits), max_bin_len=size,
                               max_array_len=min(limits.max_container_len, size),
                               max_map_len=min(limits.max_container_len, size // 2))
            else:
                options = _small_options(limits)
            return msgpack.unpackb(data, use_list=lists, **options)
        return msgpack.unpackb(
            data,
            use_list=lists,
            raw=False,
            strict_map_key=True,
            ext_hook=_no_ext,
            max_str_len=limits.max_str_bytes,
            max_bin_len=size,
            # an array or map cannot hold more elements than the body has bytes: the decoder allocates
            # what a header claims before reading the elements
            max_array_len=min(limits.max_container_len, size),
            max_map_len=min(limits.max_container_len, size // 2),
            object_hook=count,
            list_hook=count,
        )
    except ValueError as exc:  # FormatError, StackError, ExtraData, UnicodeDecodeError are ValueErrors
        if count is not None and count.left < 0:
            raise ValueError(str(exc)) from None
        raise ValueError(f"is not valid msgpack: {msgpack_why(exc)}") from None
    except msgpack.UnpackException as exc:  # OutOfData: the body stops mid-object
        raise ValueError(f"is not valid msgpack: it stops in the middle of a value ({type(exc).__name__})") \
            from None


def _small_options(limits: Limits) -> dict[str, Any]:
    """msgpack's options for a body of at most SMALL_BODY bytes (lengths bounded by that size). Kept per
    limits: callers copy it before changing it. (The default limits' without hashing them: a dataclass's
    hash is a Python call, and a file's read asks once a record.)"""
    return _DEFAULT_SMALL_OPTIONS if limits is DEFAULT_LIMITS else _options_for(limits)


@functools.cache
def _options_for(limits: Limits) -> dict[str, Any]:
    return {"raw": False, "strict_map_key": True, "ext_hook": _no_ext, "max_str_len": limits.max_str_bytes,
            "max_bin_len": SMALL_BODY, "max_array_len": min(limits.max_container_len, SMALL_BODY),
            "max_map_len": min(limits.max_container_len, SMALL_BODY // 2)}


_DEFAULT_SMALL_OPTIONS: Final = _options_for(DEFAULT_LIMITS)


class SmallBodies:
    """Decodes bodies of at most SMALL_BODY bytes one after another through one ``msgpack.Unpacker``:
    the same checks as ``unpack_body``, without parsing msgpack's options again for every event
    (which costs more than decoding one). Any error starts a fresh unpacker."""

    __slots__ = ("_options", "_pos", "_unpacker")

    def __init__(self, limits: Limits) -> None:
        self._options = dict(_small_options(limits))
        del self._options["max_bin_len"]  # (the Unpacker bounds it by its buffer: SMALL_BODY)
        self._fresh()

    def _fresh(self) -> None:
        self._unpacker = msgpack.Unpacker(max_buffer_size=SMALL_BODY, **self._options)
        self._pos = 0

    def __call__(self, data: bytes) -> Any:
        """The one object in ``data`` (at most SMALL_BODY bytes); ValueError completes "<what> ..."."""
        unpacker = self._unpacker
        try:
            unpacker.feed(data)
            obj = unpacker.unpack()
        except ValueError as exc:
            self._fresh()
            raise ValueError(f"is not valid msgpack: {msgpack_why(exc)}") from None
        except msgpack.UnpackException as exc:  # OutOfData: the body stops mid-object
            self._fresh()
            raise ValueError(f"is not valid msgpack: it stops in the middle of a value ({type(exc).__name__})") \
                from None
        self._pos += len(data)
        if unpacker.tell() != self._pos:
            self._fresh()
            raise ValueError("is not valid msgpack: Extra data (more after the body's one object)")
        return obj


def encode_body(body: Mapping[str, Any], limits: Limits, what: str, max_bytes: int) -> bytes:
    """Encode a body the way the writer stores it, and prove the reader will accept it."""
    try:
        data: bytes = msgpack.packb(body, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ReplayError(f"cannot write {what}: {exc}") from None
    if len(data) > max_bytes:
        raise ReplayError(f"cannot write {what}: {len(data)} bytes is over the limit of {max_bytes}")
    if len(data) <= min(SMALL_BODY, limits.max_str_bytes, limits.max_container_len) and type(body) is dict:
        # a small body of plain data is what the reader decodes it to (no string or container can be
        # over the limits in so few bytes): checking the data is enough, without decoding it again
        try:
            check_plain(body, limits)
            return data
        except ValueError:
            pass  # tuples, subclasses of str or int...: decode it, as the reader will
    try:
        decode_body(data, limits)
    except ValueError as exc:
        raise ReplayError(f"cannot write {what}: it {exc}") from None
    return data


def crc32(data: bytes) -> int:
    """CRC-32 as zlib, PNG and IEEE 802.3 define it (unsigned)."""
    return zlib.crc32(data)


def encode_record(kind: str, seq: int, body: bytes) -> bytes:
    """A record (schema 2 and later): the msgpack array [kind, seq, crc32(body), body]."""
    out: bytes = msgpack.packb([kind, seq, crc32(body), body], use_bin_type=True)
    return out


def encode_envelope(header_body: bytes, schema: int = CURRENT_SCHEMA) -> bytes:
    """The header envelope: a map in the clear naming the format, with the header inside as checked bytes."""
    out: bytes = msgpack.packb(
        {"format": FORMAT_NAME, "schema": schema, "crc32": crc32(header_body), "header": header_body},
        use_bin_type=True,
    )
    return out


def encode_trailer(index_offset: int) -> bytes:
    payload = TRAILER_MAGIC + index_offset.to_bytes(8, "big")
    return b"\xc4\x10" + payload + crc32(payload).to_bytes(4, "big")


def decode_trailer(data: bytes) -> int | None:
    """The index offset a trailer holds, or None when ``data`` is not a sound trailer."""
    if len(data) != TRAILER_SIZE or not data.startswith(TRAILER_PREFIX):
        return None
    payload = data[2:14]
    if crc32(payload) != int.from_bytes(data[14:18], "big"):
        return None
    return int.from_bytes(payload[4:12], "big")


def is_trailer_prefix(data: bytes) -> bool:
    """Whether ``data`` (shorter than a trailer) could be the start of one cut off."""
    n = min(len(data), len(TRAILER_PREFIX))
    return len(data) < TRAILER_SIZE and data[:n] == TRAILER_PREFIX[:n]


class RawRecord(NamedTuple):
    """One record as framed in the file; ``payload`` is the checked body bytes (schema 2) or the body (schema 1)."""

    number: int | None
    offset: int
    end: int
    kind: str
    seq: int
    payload: bytes | dict[str, Any]
    tables: Any = None  # schema 3: the strings and shapes declared before the record (compact.Tables)

    @property
    def name(self) -> str:
        return KIND_NAMES.get(self.kind, self.kind)

    def describe(self) -> str:
        if self.kind == KIND_EVENT:
            return f"event {self.seq}"
        if self.kind == KIND_KEYFRAME:
            return f"keyframe after {self.seq} events"
        if self.kind == KIND_DEFINITIONS:
            return f"definitions record after {self.seq} events"
        if self.kind == KIND_BLOCK:
            return f"block of events from event {self.seq}"
        return "index"

    def body(self, limits: Limits) -> dict[str, Any]:
        """The decoded body; ReplayError (with where) when it is not a valid map."""
        if isinstance(self.payload, dict):
            return self.payload
        try:
            return decode_body(self.payload, limits)
        except ValueError as exc:
            raise ReplayError(f"the body of {self.describe()} {exc}", offset=self.offset, record=self.number) from None


def parse_record(obj: Any, schema: int, offset: int, end: int, number: int | None, limits: Limits,
                 tables: Any = None) -> RawRecord:
    """Check one decoded top-level object against the record framing of ``schema``."""
    if schema >= 2 and type(obj) is list and len(obj) == 4:  # the fast path for a sound record
        kind, seq, crc, payload = obj
        if (type(kind) is str and kind in KIND_NAMES and KIND_SINCE[kind] <= schema and type(seq) is int
                and seq >= 0 and type(payload) is bytes
                and type(crc) is int and zlib.crc32(payload) == crc
                and end - offset <= (limits.max_event_bytes if kind == KIND_EVENT else limits.max_body(kind)) + 64):
            return tuple.__new__(RawRecord, (number, offset, end, kind, seq, payload, tables))
    return _parse_record_slowly(obj, schema, offset, end, number, limits)._replace(tables=tables)


def _parse_record_slowly(obj: Any, schema: int, offset: int, end: int, number: int | None,
                         limits: Limits) -> RawRecord:
    def bad(message: str) -> ReplayError:
        return ReplayError(message, offset=offset, record=number)

    want = 4 if schema >= 2 else 3
    if type(obj) is not list or len(obj) != want:
        shape = f"an array of {len(obj)}" if type(obj) is list else f"a {type(obj).__name__}"
        raise bad(f"expected a record (an array of {want}), found {shape}")
    kind, seq = obj[0], obj[1]
    if type(kind) is not str or kind not in KIND_NAMES or KIND_SINCE[kind] > schema:
        expected = ", ".join(repr(k) for k, since in KIND_SINCE.items() if since <= schema)
        raise bad(f"unknown record kind {kind!r} (expected {expected})")
    if type(seq) is not int or seq < 0:
        raise bad(f"record sequence number {seq!r} is not a non-negative integer")
    size = end - offset
    limit = limits.max_body(kind) + 64
    if size > limit:
        raise bad(f"{KIND_NAMES[kind]} record of {size} bytes is over the limit of {limit}")
    if schema >= 2:
        crc, payload = obj[2], obj[3]
        if type(crc) is not int or not 0 <= crc <= 0xFFFFFFFF:
            raise bad(f"record checksum {crc!r} is not a 32-bit unsigned integer")
        if type(payload) is not bytes:
            raise bad(f"record body is a {type(payload).__name__}, not binary")
        if crc32(payload) != crc:
            what = f"the block of events from event {seq}" if kind == KIND_BLOCK else f"{KIND_NAMES[kind]} {seq}"
            raise bad(f"checksum mismatch in {what}: the record is damaged")
        return RawRecord(number, offset, end, kind, seq, payload)
    body = obj[2]
    if type(body) is not dict:
        raise bad(f"record body is a {type(body).__name__}, not a map")
    try:
        check_plain(body, limits)
    except ValueError as exc:
        raise bad(f"the body of {KIND_NAMES[kind]} {seq} {exc}") from None
    return RawRecord(number, offset, end, kind, seq, body)


def parse_header(obj: Any, end: int, limits: Limits) -> tuple[int, dict[str, Any]]:
    """The schema and the header (as stored, before upgrades) from the first object of a file."""

    def bad(message: str) -> ReplayError:
        return ReplayError(message, offset=0, record=0)

    if type(obj) is not dict or obj.get("format") != FORMAT_NAME:
        raise bad(f"not a trek replay: the file does not start with a map whose format is {FORMAT_NAME!r}")
    schema = obj.get("schema")
    if type(schema) is not int:
        raise bad(f"the header's schema {schema!r} is not an integer")
    if schema > CURRENT_SCHEMA:
        raise bad(f"written with replay schema {schema}, newer than this reader (schemas "
                  f"{SUPPORTED_SCHEMAS[0]} to {CURRENT_SCHEMA}): update trek")
    if schema not in SUPPORTED_SCHEMAS:
        raise bad(f"unknown replay schema {schema}")
    if end > limits.max_header_bytes + 64:
        raise bad(f"header of {end} bytes is over the limit of {limits.max_header_bytes}")
    if schema == 1:
        try:
            check_plain(obj, limits)
        except ValueError as exc:
            raise bad(f"the header {exc}") from None
        return schema, obj
    if set(obj) != ENVELOPE_KEYS:
        raise bad(f"the header envelope has keys {sorted(obj)}, expected {sorted(ENVELOPE_KEYS)}")
    crc, data = obj["crc32"], obj["header"]
    if type(data) is not bytes or type(crc) is not int:
        raise bad("the header envelope's header must be binary and its crc32 an integer")
    if crc32(data) != crc:
        raise bad("checksum mismatch in the header: the header is damaged")
    try:
        header = decode_body(data, limits)
    except ValueError as exc:
        raise bad(f"the header {exc}") from None
    if header.get("format") != FORMAT_NAME or header.get("schema") != schema:
        raise bad("the header inside the envelope disagrees with it on format or schema")
    return schema, header

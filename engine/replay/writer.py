"""The replay writer: streams records as the game goes, so a crash leaves a readable prefix.

The engine calls ``event(raw)`` for every event, ``keyframe(state)`` whenever
``wants_keyframe`` is true, and ``close(result)`` at the end, which writes the index and
the trailer. Each record is written and flushed as one ``write`` call. Schema 4 gathers
consecutive events into blocks (up to ``BLOCK_EVENTS`` events, ``BLOCK_BYTES`` bytes), written
when full, before a keyframe, and at the end (also when the writer is left on an error).
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import msgpack

from engine.io.output import new_temp
from engine.io.reading import os_error_text, show_path
from engine.replay.codec import rounds_of
from engine.replay.compact import CompactEncoder
from engine.replay.errors import ReplayError
from engine.replay.format import (
    BYTES_PER_CONTAINER,
    CURRENT_SCHEMA,
    DEFAULT_LIMITS,
    FORMAT_NAME,
    KIND_BLOCK,
    KIND_DEFINITIONS,
    KIND_EVENT,
    KIND_INDEX,
    KIND_KEYFRAME,
    SMALL_BODY,
    Limits,
    encode_body,
    encode_envelope,
    encode_record,
    encode_trailer,
)

BLOCK_EVENTS = 64  # events in one block at most: what a crash (no close, no abort) can lose
BLOCK_BYTES = SMALL_BODY  # a block's body at most: the reader decodes it without counting its containers


class ReplayWriter:
    """Write one replay file (schema ``CURRENT_SCHEMA``) record by record.

    ``target`` is a path or a binary file object positioned at the start of the replay.
    With a path and ``atomic=True`` the file is written under a temporary name and renamed
    into place by ``close`` (for tools that write whole files); the default writes in place,
    which is what a live game wants: a crash leaves a file cut after its last whole record.
    Used as a context manager, an exception leaves the file without its end (it reads as cut
    off), or, when atomic, removes the temporary file.
    """

    def __init__(
        self,
        target: str | os.PathLike[str] | IO[bytes],
        header: Mapping[str, Any],
        *,
        keyframe_every: int = 256,
        atomic: bool = False,
        fsync: bool = False,
        limits: Limits = DEFAULT_LIMITS,
        schema: int = CURRENT_SCHEMA,
    ) -> None:
        if keyframe_every < 1:
            raise ValueError("keyframe_every must be at least 1")
        if schema not in (3, CURRENT_SCHEMA):
            raise ValueError(f"this writer writes schema 3 (retired, for the golden files) or {CURRENT_SCHEMA}")
        self.schema = schema
        self._block: list[bytes] = []  # schema 4: the events of the block being gathered, encoded
        self._block_bytes = 0
        self._broken = False  # a write failed: nothing more is written
        self.keyframe_every = keyframe_every
        self.limits = limits
        self._max_event_bytes = limits.max_event_bytes
        self._fsync = fsync
        self._events = 0
        self._last_keyframe = 0
        self._keyframes: list[list[int]] = []
        self._definitions: list[int] = []  # where each definitions record starts
        self._compact = CompactEncoder(limits)
        self._pack = msgpack.Packer(use_bin_type=True).pack  # (msgpack.packb's bytes, without a Packer per body)
        self._types: dict[str, int] = {}
        self._rounds: int | None = None
        self._round_key = rounds_of(header)[0] if isinstance(header, Mapping) else "round"
        self._pos = 0
        self._closed = False
        self._final: Path | None = None
        self._temp: Path | None = None
        body = encode_body(_complete_header(header, schema), limits, "the header", limits.max_header_bytes)
        envelope = encode_envelope(body, schema)
        self._owns = not hasattr(target, "write")
        self._label: str | None = None
        if self._owns:
            path = Path(os.fspath(target))  # type: ignore[arg-type]
            self._label = show_path(path)
            try:
                if path.is_dir():
                    raise ReplayError(f"cannot write {self._label}: it is a directory")
                if atomic:
                    fd, tmp = new_temp(path)
                    self._file: IO[bytes] = os.fdopen(fd, "wb")
                    self._final, self._temp = path, tmp
                else:
                    self._file = open(path, "wb")  # closed by close()/abort()
            except OSError as exc:
                raise ReplayError(f"cannot write {self._label}: {os_error_text(exc)}") from None
        else:
            self._file = target  # type: ignore[assignment]
        try:
            self._write(envelope)
        except BaseException:
            self.abort()
            raise

    # -- what the engine uses -------------------------------------------------------------------

    @property
    def event_count(self) -> int:
        return self._events

    @property
    def wants_keyframe(self) -> bool:
        """True when ``keyframe_every`` events have been written since the last keyframe."""
        return self._events - self._last_keyframe >= self.keyframe_every

    def event(self, event: Mapping[str, Any]) -> None:
        """Append one event: a plain map with ``seq`` equal to the number of events so far and a str ``type``."""
        if self._closed:
            self._check_open()  # (raises)
        seq = event.get("seq")
        if type(seq) is not int or seq != self._events:
            raise ReplayError(f"cannot write event: its seq is {seq!r}, expected {self._events} "
                              "(sequence numbers count events from 0)")
        kind = event.get("type")
        if type(kind) is not str:
            raise ReplayError(f"cannot write event {seq}: its type {kind!r} is not a string")
        if self.schema >= 4:
            self._gather(seq, event)
        else:
            self._write_compact(KIND_EVENT, seq, event, f"event {seq}", self.limits.max_event_bytes)
        self._events = seq + 1
        types = self._types
        types[kind] = types.get(kind, 0) + 1
        rnd = event.get(self._round_key)
        if type(rnd) is int and (self._rounds is None or rnd > self._rounds):
            self._rounds = rnd

    def keyframe(self, state: Mapping[str, Any]) -> None:
        """Append the whole state after the events written so far (a plain map)."""
        self._check_open()
        if self._keyframes and self._keyframes[-1][0] == self._events:
            raise ReplayError(f"cannot write keyframe: there is already one after {self._events} events")
        if len(self._keyframes) >= self.limits.max_keyframes:
            raise ReplayError(f"cannot write keyframe: the limit of {self.limits.max_keyframes} keyframes is reached")
        self._flush_block()
        self._write_compact(KIND_KEYFRAME, self._events, state, f"keyframe after {self._events} events",
                            self.limits.max_keyframe_bytes)
        self._last_keyframe = self._events

    def flush(self) -> None:
        """Write the events gathered into the block now (a reader following the file sees them at once)."""
        self._check_open()
        self._flush_block()

    def close(self, result: Mapping[str, Any] | None = None) -> None:
        """Write the index (with ``result``, the game's outcome) and the trailer, and close the file."""
        if self._closed:
            return
        self._flush_block()
        index = {
            "events": self._events,
            "keyframes": self._keyframes,
            "result": None if result is None else dict(result),
            "summary": {"types": dict(sorted(self._types.items())), "rounds": self._rounds},
            "definitions": self._definitions,
        }
        body = encode_body(index, self.limits, "the index", self.limits.max_index_bytes)
        offset = self._pos
        self._write(encode_record(KIND_INDEX, self._events, body))
        self._write(encode_trailer(offset))
        self._finish(keep=True)

    def abort(self) -> None:
        """Stop without an end: a file in place stays (and reads as cut off); an atomic one is removed."""
        if not self._closed:
            if self._temp is None and not self._broken:  # in place: the events gathered so far are kept
                with contextlib.suppress(ReplayError, OSError):
                    self._flush_block()
            if not self._closed:  # (a failed write has finished it)
                self._finish(keep=False)

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()

    # -- inside ---------------------------------------------------------------------------------

    def _encode(self, kind: str, data: Mapping[str, Any], what: str | int, max_bytes: int) -> bytes:
        """One event or keyframe as a compact body (compact.py); what it declares waits in the encoder.
        ``what`` names it in an error (an int: event ``what``, named only if there is one)."""
        compact = self._compact
        mark = compact.mark()
        try:
            body = compact.body(data if type(data) is dict else dict(data), event=kind == KIND_EVENT)
            packed: bytes = self._pack(body)
        except (TypeError, ValueError, OverflowError) as exc:
            compact.forget_pending(mark)
            raise ReplayError(f"cannot write {_named(what)}: "
                              f"{exc if isinstance(exc, OverflowError) else f'it {exc}'}") from None
        size = len(packed)
        if size > max_bytes:
            compact.forget_pending(mark)
            raise ReplayError(f"cannot write {_named(what)}: {size} bytes is over the limit of {max_bytes}")
        if size > SMALL_BODY and compact.containers > size // BYTES_PER_CONTAINER + 64:
            compact.forget_pending(mark)
            raise ReplayError(f"cannot write {_named(what)}: it holds more than one array or map per "
                              f"{BYTES_PER_CONTAINER} bytes")
        return packed

    def _write_compact(self, kind: str, seq: int, data: Mapping[str, Any], what: str, max_bytes: int) -> None:
        """One event or keyframe record, after the definitions it needs."""
        packed = self._encode(kind, data, what, max_bytes)
        self._write_definitions(what)
        if kind == KIND_KEYFRAME:
            self._keyframes.append([self._events, self._pos])
        self._write(encode_record(kind, seq, packed))

    def _write_definitions(self, what: str) -> None:
        """The strings and shapes declared and not yet written, as one definitions record."""
        definitions = self._compact.definitions()
        if definitions is not None:
            encoded: bytes = msgpack.packb(definitions, use_bin_type=True)  # (strings and shapes: plain by making)
            if len(encoded) > self.limits.max_event_bytes:
                raise ReplayError(f"cannot write {what}: it declares {len(encoded)} bytes of strings and shapes, over "
                                  f"the limit of {self.limits.max_event_bytes}")
            self._definitions.append(self._pos)
            self._write(encode_record(KIND_DEFINITIONS, self._events - len(self._block), encoded))

    def _gather(self, seq: int, event: Mapping[str, Any]) -> None:
        """Schema 4: add one event to the block (writing the block first when it is full); an event too large
        for a block is written as an event record of its own."""
        packed = self._encode(KIND_EVENT, event, seq, self._max_event_bytes)
        size = len(packed) + 3  # (3: the block's array header)
        if size > BLOCK_BYTES:
            self._flush_block()  # (with the definitions this event needs)
            self._write(encode_record(KIND_EVENT, seq, packed))
            return
        block = self._block
        if len(block) >= BLOCK_EVENTS or self._block_bytes + size > BLOCK_BYTES:
            self._flush_block()  # (its definitions record holds this event's too: declared early is allowed)
            block = self._block
        block.append(packed)
        self._block_bytes += size - 3

    def _flush_block(self) -> None:
        """Write the definitions waiting and the gathered events as one block record."""
        block = self._block
        if not block and self._compact.mark() == (0, 0):
            return
        first = self._events - len(block)
        self._write_definitions(f"events from event {first}")
        if block:
            n = len(block)
            head = bytes([0x90 | n]) if n < 16 else b"\xdc" + n.to_bytes(2, "big")  # a msgpack array of n
            self._block, self._block_bytes = [], 0
            self._write(encode_record(KIND_BLOCK, first, head + b"".join(block)))

    def _check_open(self) -> None:
        if self._closed:
            raise ReplayError("the replay writer is closed")

    def _write(self, data: bytes) -> None:
        try:
            self._file.write(data)
            if self._temp is None:  # in place, each record reaches the file at once (a live game's reader
                self._file.flush()  # follows it); an atomic file is seen only whole, after close
        except OSError as exc:  # a full disk: one line, and (atomic) no partial file left
            self._broken = True
            if self._label is None:
                raise
            self.abort()
            raise ReplayError(f"cannot write {self._label}: {os_error_text(exc)}") from None
        self._pos += len(data)

    def _finish(self, *, keep: bool) -> None:
        self._closed = True
        try:
            try:
                if keep:
                    self._file.flush()
                if keep and (self._fsync or self._temp is not None):  # a rename must not beat the data to disk
                    with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
                        os.fsync(self._file.fileno())
            finally:
                if self._owns:
                    self._file.close()
            if self._temp is not None and self._final is not None and keep:
                os.replace(self._temp, self._final)
        except OSError as exc:
            if self._temp is not None:
                self._temp.unlink(missing_ok=True)
            if self._label is None:
                raise
            raise ReplayError(f"cannot write {self._label}: {os_error_text(exc)}") from None
        if self._temp is not None and not keep:
            with contextlib.suppress(OSError):
                self._temp.unlink(missing_ok=True)


def _named(what: str | int) -> str:
    return f"event {what}" if type(what) is int else str(what)


def _complete_header(header: Mapping[str, Any], schema: int) -> dict[str, Any]:
    if not isinstance(header, Mapping):
        raise ReplayError("cannot write header: it must be a map")
    if header.get("format", FORMAT_NAME) != FORMAT_NAME:
        raise ReplayError(f"cannot write header: its format is {header.get('format')!r}, expected {FORMAT_NAME!r}")
    if header.get("schema", schema) != schema:
        raise ReplayError(f"cannot write header: its schema is {header.get('schema')!r}; "
                          f"this writer writes schema {schema}")
    if type(header.get("ruleset")) is not str:
        raise ReplayError("cannot write header: it must name its ruleset (a string under 'ruleset')")
    out: dict[str, Any] = {"format": FORMAT_NAME, "schema": schema}
    out.update((k, v) for k, v in header.items() if k not in out)
    return out

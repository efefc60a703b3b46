"""A replay's source: a path or bytes, opened for reading, and its header read, checked and upgraded.

A small file is read whole once (each read after it opens no file); a larger one is read one
record at a time, as it is needed. The header is the file's first msgpack object.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import msgpack

from engine.replay.errors import ReplayError
from engine.replay.format import CURRENT_SCHEMA, Limits, msgpack_why, parse_header, unpacker
from engine.replay.upgrade import upgrade_header

Source = str | os.PathLike[str] | bytes | bytearray | memoryview
Opener = Callable[[], IO[bytes]]

# A file of at most this many bytes is read whole once when opened (one system call, not one per read);
# a larger one is read one record at a time, as it is needed.
SMALL_FILE = 1 << 20


@dataclass(frozen=True)
class Opened:
    """A source ready to read: its path (None for bytes), its size, and how to open it (in a with block)."""

    path: Path | None
    size: int
    opener: Opener


def open_source(source: Source, limits: Limits) -> Opened:
    """Open a path or bytes; refuse what cannot be read, an empty file and one over ``limits``."""
    path: Path | None
    opener: Opener
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
        path, size = None, len(data)
        opener = lambda: io.BytesIO(data)  # noqa: E731
    else:
        path = source if isinstance(source, Path) else Path(os.fspath(source))
        name = os.fspath(path)  # (once: each use of a Path converts it again)
        try:
            st = os.stat(name)
        except OSError as exc:
            raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
        if not stat.S_ISREG(st.st_mode):
            raise ReplayError(f"cannot read {path}: not a regular file")
        size = st.st_size

        def opener() -> IO[bytes]:
            try:
                return open(name, "rb")  # callers use it in a with block
            except OSError as exc:
                raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None

        if 0 < size <= SMALL_FILE:  # read once: each read after it (index, records) opens no file
            with opener() as f:
                whole = f.read(size)
            size = len(whole)  # (a file cut since its size was seen reads as cut)
            opener = lambda: io.BytesIO(whole)  # noqa: E731
    if size == 0:
        raise ReplayError("empty file: not a trek replay", offset=0, record=0)
    if size > limits.max_file_bytes:
        raise ReplayError(f"file of {size} bytes is over the limit of {limits.max_file_bytes}")
    return Opened(path, size, opener)


def read_header(opener: Opener, size: int, limits: Limits) -> tuple[int, dict[str, Any], int]:
    """The file's schema, its header (upgraded to the current schema) and the byte where the header ends."""
    with opener() as f:
        u = unpacker(f, limits, read_size=16 * 1024)
        try:
            obj = u.unpack()
        except msgpack.OutOfData:
            raise ReplayError("the file ends inside its first object (the header): cut off, or not a "
                              "trek replay", offset=size, record=0) from None
        except msgpack.BufferFull:
            raise ReplayError(f"the header is larger than the limit of {limits.max_header_bytes} bytes",
                              offset=0, record=0) from None
        except (ValueError, msgpack.UnpackException) as exc:
            raise ReplayError(f"not a trek replay: the first object is not valid msgpack: {msgpack_why(exc)}",
                              offset=0, record=0) from None
        end = u.tell()
    if end > size:  # the header goes on past the size seen at open (the file is being written)
        raise ReplayError("the file ends inside its header", offset=size, record=0)
    schema, stored = parse_header(obj, end, limits)
    try:
        header = upgrade_header(stored, schema) if schema < CURRENT_SCHEMA else stored
    except ValueError as exc:
        raise ReplayError(f"cannot upgrade the schema-{schema} header: {exc}", offset=0, record=0) from None
    return schema, header, end

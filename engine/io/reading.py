"""Reading an input file: regular files only, opened without blocking, never more than its kind's cap.

A FIFO, a device (``/dev/zero``), a socket or a directory is refused before a byte is read:
the file is opened with ``O_NONBLOCK`` (opening a FIFO does not wait for a writer) and
checked with ``fstat`` on the open descriptor (no race between the check and the read).
Every ``OSError`` (no such file, permission, a name over 255 bytes) becomes one line.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path
from typing import Final, TypeVar

from engine.errors import TrekError

MiB: Final = 1 << 20

# The most bytes each kind of input may hold (documented in docs/file-safety.md).
CAPS: Final[dict[str, int]] = {
    "replay": 512 * MiB,  # streamed record by record (engine/replay/reader.py), never read whole
    "replay JSON": 32 * MiB,  # read whole: up to ~25x its size in memory (docs/replay-format.md)
    "fleet": 1_000_000,
    "scenario": 1_000_000,
    "mission": 1_000_000,
    "campaign": 1_000_000,
    "notation": 2 * MiB,
    "fleet-builder": 1_000_000,
    "lesson": 1_000_000,
    "commentary": 256 * 1024,  # a video maker's timed remarks (studio/commentary.py)
    "batch row": 1_000_000,  # rows/seed-N.json of a batch folder: a few KB each
    "batch manifest": 1_000_000,  # batch.json of a batch folder
}


class InputError(TrekError):
    """An input file cannot be read: missing, not a regular file, too large, not text."""


E = TypeVar("E", bound=TrekError)

_MAX_SHOWN = 120


def one_line(text: str) -> str:
    """``text`` with its control characters escaped: an error message stays one line whatever a file named."""
    if not has_control(text):
        return text
    return "".join(c.encode("unicode_escape").decode("ascii") if _is_control(c) else c for c in text)


def printable(text: str) -> str:
    """``text`` for a terminal: its lines kept, every other control character escaped (untrusted names
    from a file, ESC sequences included, are shown, never acted on)."""
    return "\n".join(one_line(line) for line in text.split("\n"))


# Characters that are not shown but act on the text around them: the C0 controls, DEL and C1 (0x9b is
# a one-byte CSI to some terminals); the bidirectional overrides, embeddings, isolates and marks (U+202E
# shows what follows backwards: a name could hide or fake a result); the line and paragraph separators (a
# line break to some terminals); lone surrogates (no encoding can print them)
_CONTROL: Final = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                             "\u2066-\u2069\ud800-\udfff]")


def _is_control(c: str) -> bool:
    return _CONTROL.match(c) is not None


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character (ESC, BEL, a newline...) that a terminal would act on."""
    return _CONTROL.search(text) is not None


def plain_text(text: str) -> str:
    """``text`` unchanged; ValueError when it holds a control character (a validator for names in files)."""
    if has_control(text):
        bad = next(c for c in text if _is_control(c))
        raise ValueError(f"holds a control character ({bad.encode('unicode_escape').decode('ascii')}); "
                         "names are plain text")
    return text


def show_path(path: str | os.PathLike[str]) -> str:
    """A path as one short line for a message: control characters escaped, long names cut in the middle."""
    text = one_line(os.fspath(path))
    if len(text) > _MAX_SHOWN:
        text = f"{text[:60]}...{text[-50:]} ({len(os.fspath(path))} characters)"
    return text


def os_error_text(exc: OSError) -> str:
    """What an OSError says, without the file name (the caller names the file)."""
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long (a file name has at most 255 bytes)"
    if exc.errno == errno.ENOSPC:
        return "no space left on the device (the disk is full)"
    return (exc.strerror or str(exc) or type(exc).__name__).splitlines()[0]


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def is_regular_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a regular file; a name the system refuses (too long, NUL byte) names none."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def read_bytes(path: str | os.PathLike[str], *, kind: str, max_bytes: int | None = None,
               error: type[E] = InputError) -> bytes:  # type: ignore[assignment]
    """The bytes of a regular file of at most ``max_bytes`` (default: the kind's cap); ``error`` otherwise."""
    cap = CAPS[kind] if max_bytes is None else max_bytes
    label = show_path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(os.fspath(path), flags)
    except OSError as exc:
        raise error(f"{label}: cannot read: {os_error_text(exc)}") from None
    except ValueError:  # an embedded NUL byte
        raise error(f"{label}: cannot read: the name holds a NUL byte") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{label}: cannot read: it is {_kind_of(st.st_mode)}, not a regular file")
        if st.st_size > cap:
            raise error(f"{label}: the file is {st.st_size:,} bytes, larger than the limit of {cap:,} bytes "
                        f"for a {kind} file")
        chunks: list[bytes] = []
        total = 0
        while total <= cap:  # the size may grow while reading: never take more than cap + 1 bytes
            chunk = os.read(fd, min(cap + 1 - total, 1 * MiB))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise error(f"{label}: cannot read: {os_error_text(exc)}") from None
    finally:
        os.close(fd)
    if total > cap:
        raise error(f"{label}: the file is larger than the limit of {cap:,} bytes for a {kind} file")
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], *, kind: str, max_bytes: int | None = None,
              error: type[E] = InputError) -> str:  # type: ignore[assignment]
    """A regular file's text (UTF-8, a leading byte-order mark dropped); ``error`` for anything wrong."""
    raw = read_bytes(path, kind=kind, max_bytes=max_bytes, error=error)
    return decode_text(raw, show_path(path), error)


def decode_text(raw: bytes, label: str, error: type[E] = InputError) -> str:  # type: ignore[assignment]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{label}: not UTF-8 text (byte {exc.start})") from None
    if "\x00" in text:
        raise error(f"{label}: not a text file (it holds NUL bytes)")
    return text


def confined_path(folder: Path, name: str, *, what: str, error: type[E] = InputError) -> Path:  # type: ignore[assignment]
    """``name`` (a path written inside a file) resolved in ``folder``; ``error`` when it leads out of it.

    Absolute names, ``..`` that climbs out and symbolic links pointing elsewhere are all refused:
    a shared file may only name files that travel with it.
    """
    if not name or "\x00" in name:
        raise error(f"{what}: an empty name or one holding a NUL byte")
    candidate = Path(name)
    if candidate.is_absolute():
        raise error(f"{what} {show_path(name)!r} is an absolute path: it must name a file in {show_path(folder)}")
    try:
        base = folder.resolve()
        target = (base / candidate).resolve()
    except (OSError, RuntimeError) as exc:
        text = os_error_text(exc) if isinstance(exc, OSError) else "a symbolic link loop"
        raise error(f"{what} {show_path(name)!r}: {text}") from None
    if not target.is_relative_to(base):
        raise error(f"{what} {show_path(name)!r} leads outside its folder ({show_path(folder)}): it must name a "
                    "file inside it")
    return target

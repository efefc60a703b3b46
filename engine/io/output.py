"""Writing outputs atomically: a temporary file in the same folder, flushed, fsynced, renamed.

Readers never see a half-written file, a full disk or an unwritable folder gives one line
instead of a traceback or a truncated file, and no hidden temporary file is left behind
whatever goes wrong (the temporary file is removed on any error, Ctrl-C included).
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from engine.errors import TrekError
from engine.io.reading import os_error_text, show_path


class OutputError(TrekError):
    """An output cannot be written: no such folder, no permission, a full disk, a name too long."""


def _cannot(path: Path, exc: OSError) -> OutputError:
    return OutputError(f"cannot write {show_path(path)}: {os_error_text(exc)}")


def _check_target(path: Path) -> None:
    """Refuse places where a rename cannot put a file (a folder; under a file) before any work.

    A missing folder is fine: it is made when the output is written (`-o runs/game.trek` in a fresh
    folder works, as `-o runs/skirmish` does for a batch), so a failed command leaves no empty folder.
    """
    try:
        if path.is_dir():
            raise OutputError(f"cannot write {show_path(path)}: it is a directory")
        _check_folder(path.parent, f"cannot write {show_path(path)}")
    except OSError as exc:
        raise _cannot(path, exc) from None


def _check_folder(folder: Path, what: str) -> None:
    """OutputError (``what``: ...) unless ``folder`` is a folder or can be made one (its nearest existing
    ancestor is a folder)."""
    ancestor = folder
    while not ancestor.exists():
        if ancestor.parent == ancestor:
            break
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise OutputError(f"{what}: {show_path(ancestor)} is a file, not a folder")


def make_folder(folder: Path, error: type[TrekError] = OutputError) -> None:
    """``folder`` and any missing parents (as ``mkdir -p``); one line (``error``) when that cannot be done."""
    try:
        _check_folder(folder, f"cannot create {show_path(folder)}")
        folder.mkdir(parents=True, exist_ok=True)
    except OutputError as exc:
        raise error(str(exc)) from None
    except OSError as exc:
        raise error(f"cannot create {show_path(folder)}: {os_error_text(exc)}") from None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


STALE_AFTER = 60.0  # seconds: a temporary file this old whose process is gone is a leftover


def new_temp(path: Path, *, sweep: bool = True) -> tuple[int, Path]:
    """A new hidden temporary file beside ``path`` (open descriptor, name), with the mode a plain
    ``open`` would give (mkstemp's own 0600 would make shared outputs unreadable to others).

    Its name holds this process's id (``.NAME.PID.XXXXXXXX.tmp``): a run killed outright (SIGKILL, a
    power cut) cannot remove its own, so the next output of the same name removes those of processes
    that no longer run (``sweep``; `batch play` sweeps its folders once instead, see ``sweep_folder``).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    if sweep:
        sweep_folder(path.parent, path.name)
    fd, name = tempfile.mkstemp(prefix=f".{path.name[:200]}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o666 & ~_umask())
    except OSError:
        os.close(fd)
        os.unlink(name)
        raise
    return fd, Path(name)


def sweep_folder(folder: Path, name: str | None = None) -> int:
    """Remove the temporary files ``new_temp`` left in ``folder`` (for outputs named ``name``, or any)
    whose process has ended, at least ``STALE_AFTER`` seconds ago; how many were removed. Never one of
    a running process, nor anything but such a file."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        found = _TEMP.fullmatch(entry.name)
        if found is None or (name is not None and found.group("name") != name[:200]):
            continue
        pid = int(found.group("pid"))
        if pid == os.getpid() or _running(pid):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER:
                os.unlink(entry.path)
                removed += 1
    return removed


# .NAME.PID.XXXXXXXX.tmp: new_temp's names (mkstemp's eight random letters, digits or underscores)
_TEMP = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d{1,10})\.[a-z0-9_]{8}\.tmp")


def process_running(pid: int) -> bool:
    """Whether process ``pid`` may still be running (another user's counts as running)."""
    return _running(pid)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):  # another user's process, or not a process id
        return True
    return True


@contextlib.contextmanager
def atomic_path(target: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path beside ``target`` for a writer that opens files itself; renamed onto ``target`` at the end.

    The writer must have closed the file when the block ends; it is fsynced, then renamed. On any
    error the temporary file is removed and OSErrors become ``OutputError``.
    """
    path = Path(os.fspath(target))
    _check_target(path)
    try:
        fd, tmp = new_temp(path)
        os.close(fd)
    except OSError as exc:
        raise _cannot(path, exc) from None
    with _removed_on_error(tmp, path):
        yield tmp
        _fsync_path(tmp)
        os.replace(tmp, path)


@contextlib.contextmanager
def _removed_on_error(tmp: Path, path: Path) -> Iterator[None]:
    """Remove the temporary file on any error; an OSError becomes the one-line ``OutputError`` for ``path``."""
    try:
        yield
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise _cannot(path, exc) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _fsync_path(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def atomic_output(target: str | os.PathLike[str], *, sweep: bool = True) -> Iterator[IO[bytes]]:
    """A binary file to write ``target`` through: flushed, fsynced and renamed when the block ends."""
    path = Path(os.fspath(target))
    _check_target(path)
    try:
        fd, tmp = new_temp(path, sweep=sweep)
    except OSError as exc:
        raise _cannot(path, exc) from None
    with _removed_on_error(tmp, path):
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)


def write_atomic(target: str | os.PathLike[str], data: bytes | str, *, sweep: bool = True) -> Path:
    """Write ``data`` (text as UTF-8) to ``target`` atomically; ``OutputError`` on any failure."""
    with atomic_output(target, sweep=sweep) as handle:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)
    return Path(os.fspath(target))

"""Handing jobs to Ray workers: a local Ray by default, a cluster by address.

Ray is imported only here and only when a batch runs (the ``batch`` extra). At most ``workers``
tasks are in flight at once, so the figure means the same on a local Ray started for the batch
and on one already running (a test session's, a cluster). Results come back to the caller as
they finish, in any order; the caller writes them, so workers need no shared disk.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from engine.batch.games import BatchError

T = TypeVar("T")
R = TypeVar("R")

BATCH_MISSING = "trek batch needs Ray (and pyarrow, matplotlib): pip install 'trek-replay-studio[batch]'"
MAX_WORKERS = 1024


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BatchError(BATCH_MISSING) from None
    return ray


def check_workers(workers: int | None) -> int:
    """The number of workers: as given (1 to 1024), or this machine's processor count."""
    if workers is None:
        return max(os.cpu_count() or 1, 1)
    if not 1 <= workers <= MAX_WORKERS:
        raise BatchError(f"--workers must be between 1 and {MAX_WORKERS}, not {workers}")
    return workers


@contextlib.contextmanager
def connected(workers: int, address: str | None = None,
              worker_setup: Callable[[], None] | None = None) -> Iterator[None]:
    """Ray for the length of the block: the one already started in this process if any (left
    running), else a cluster at ``address`` (ray://HOST:PORT, or "auto"), else a local Ray with
    ``workers`` processors, no dashboard and no worker logs on the terminal (shut down after).
    ``worker_setup`` runs first in each worker process of a local Ray started here (the program's
    settings for the processes it owns, e.g. the `trek` command's cycle collector); a cluster's
    workers are its own."""
    ray = _ray()
    if ray.is_initialized():
        yield
        return
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
    if worker_setup is not None and not address:
        quiet["runtime_env"] = {"worker_process_setup_hook": worker_setup}
    # Ray's core worker installs its own handlers for SIGTERM and SIGINT (they print native stack traces
    # and exit 15): ours are put back, so a stopped batch ends as Ctrl-C does (exit 130, files cleaned up)
    handlers = _handlers()
    try:
        with warnings.catch_warnings():  # Ray Client warns before it raises; the error says it in one line
            warnings.simplefilter("ignore")
            if address:
                ray.init(address=address, **quiet)
            else:  # "local": a new Ray of our own, never one that `ray start` left running here
                ray.init(address="local", num_cpus=workers, include_dashboard=False, **quiet)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError... with one message
        where = f"the Ray cluster at {address}" if address else "a local Ray"
        raise BatchError(f"cannot start {where}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")\
            from None
    finally:
        _restore(handlers)
    _OWN.append(True)
    try:
        yield
    finally:
        _OWN.pop()
        ray.shutdown()
        _restore(handlers)


# a Ray started by ``connected`` (the innermost block): its shutdown stops every task, so a batch stopped
# early leaves cancelling to it (cancelling a task whose reply is on its way can abort Ray's core worker
# with "Check failed: it != submissible_tasks_.end()", exit 1 and a native stack trace)
_OWN: list[bool] = []


def _handlers() -> dict[int, Any]:
    """This process's Python handlers of SIGTERM and SIGINT (none from a thread: only the main one has them)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}


def _restore(handlers: dict[int, Any]) -> None:
    for sig, handler in handlers.items():
        if handler is not None:  # (None: a handler not set from Python, which cannot be put back)
            signal.signal(sig, handler)


def run_tasks(fn: Callable[..., R], jobs: Iterable[tuple[Any, ...]], workers: int) -> Iterator[R]:
    """Run ``fn(*args)`` for every tuple of ``jobs`` on Ray workers (one processor each), at most
    ``workers`` at a time, yielding each result as it finishes. Needs ``connected``."""
    ray = _ray()
    remote = ray.remote(num_cpus=1, max_retries=1)(fn)
    pending = iter(jobs)
    running: list[Any] = []
    try:
        while True:
            while len(running) < workers and (args := next(pending, None)) is not None:
                running.append(remote.remote(*args))
            if not running:
                return
            done, running = ray.wait(running, num_returns=1)
            try:
                result: R = ray.get(done[0])
            except ray.exceptions.RayError as exc:  # a worker crashed or raised: its cause, in one line
                cause = getattr(exc, "cause", None) or exc
                text = str(cause).strip().splitlines()
                raise BatchError(f"a worker failed: {type(cause).__name__}: {text[-1] if text else ''}") from None
            yield result
    finally:
        for ref in running if not _OWN else ():  # stopped early (an error, Ctrl-C): drop what is still queued
            with contextlib.suppress(Exception):  # or running in a Ray this batch did not start
                ray.cancel(ref, force=True)

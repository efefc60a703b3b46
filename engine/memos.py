"""The engine's memos: caches of pure computations over where ships stand and what they roll (a pair
of bases' arc check, a base's or a template's outline, an attack's exact odds with cards), kept
across games in one process, which a batch of games gains from.

Each memo registers itself here where it is defined: ``@memo(maxsize)`` on a function (an
``functools.lru_cache`` that ``forget`` knows), ``memo_table()`` for a dictionary a module fills
and bounds itself. ``forget`` empties every one registered, so a benchmark or a test can play a
game from cold, as a game alone would play, without a list of caches kept by hand. Tables that
are the same for every game (the catalog, the dice's odds by pool) are plain ``functools.cache``:
they are not memos of a game and ``forget`` leaves them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

_CLEARS: list[Callable[[], None]] = []  # every registered memo's way to empty itself, in definition order


def memo(maxsize: int | None) -> Callable[[Callable[..., T]], functools._lru_cache_wrapper[T]]:
    """``functools.lru_cache(maxsize)``, registered: ``forget`` empties it."""
    def register(function: Callable[..., T]) -> functools._lru_cache_wrapper[T]:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _CLEARS.append(cached.cache_clear)
        return cached
    return register


def memo_table() -> dict[Any, Any]:
    """A new, empty dictionary registered as a memo: ``forget`` empties it (its module bounds its size)."""
    table: dict[Any, Any] = {}
    _CLEARS.append(table.clear)
    return table


def forget() -> None:
    """Empty every memo registered so far (the modules not yet imported have none filled)."""
    for clear in _CLEARS:
        clear()


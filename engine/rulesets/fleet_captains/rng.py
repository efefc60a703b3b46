"""The game's random generator as data: a 64-bit state stepped by splitmix64.

The state lives in the game state; every die and shuffle is a pure function of it, so the
reducer can check a recorded roll or shuffle against the generator and refuse a forged one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


def seeded(seed: int) -> int:
    """The generator state for a game's seed."""
    return (seed * 0x9E3779B97F4A7C15 + 0xF1EE7C4A) & MASK


def _next(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) and the next state (rejection sampling: no modulo bias)."""
    if n <= 0:
        raise ValueError(f"cannot draw below {n}")
    limit = (1 << 64) - (1 << 64) % n
    while True:
        value, state = _next(state)
        if value < limit:
            return value % n, state


def d6(state: int) -> tuple[int, int]:
    """One d6 roll and the next state."""
    value, state = below(state, 6)
    return value + 1, state


def shuffled(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """``items`` in a Fisher-Yates shuffle order and the next state."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state

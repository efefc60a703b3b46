"""The seeded random generator shared by the rulesets, kept as data in the game state.

It is counter-based (splitmix64 of the seed and the draw number), so its whole state is two
integers and any draw is a pure function of them: a reducer advances the counter by the number of
draws an event records and lands on exactly the engine's state. Attack Wing (and Alliance through
it) and Into the Unknown draw from it; ``engine.rulesets.attack_wing.dice`` re-exports it.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

_MASK64: Final = (1 << 64) - 1

# A game played at a real table rolls real dice: while a notation is imported, ``below`` asks this
# (the number of faces or cards, the draw's number) for what the table rolled instead of the seed's
# number, and the counter still advances as the seeded generator's would (None: the seed decides).
TableDraw = Callable[[int, int], int]
TABLE_DICE: Final[ContextVar[TableDraw | None]] = ContextVar("table_dice", default=None)


def splitmix64(x: int) -> int:
    """One splitmix64 output for input x (a well-mixed 64-bit hash)."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """The seeded generator's whole state: the seed and how many numbers were drawn."""

    seed: int
    drawn: int = 0

    def value(self, k: int = 0) -> int:
        """The (drawn + k)-th 64-bit number, without advancing."""
        return splitmix64((self.seed & _MASK64) ^ splitmix64(self.drawn + k))

    def below(self, n: int, k: int = 0) -> int:
        """A number in [0, n) from the (drawn + k)-th draw (n is small, bias is negligible)."""
        table = TABLE_DICE.get()
        if table is not None:
            return table(n, self.drawn + k)
        return self.value(k) % n

    def advanced(self, count: int) -> Rng:
        return Rng(self.seed, self.drawn + count)

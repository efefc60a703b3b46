"""Dice and the random generator, kept as data in the game state (boardgame.io style).

Rulebook "Dice": eight-sided. Attack die: 3 hit, 1 critical hit, 2 battle stations, 2 blank.
Defense die: 3 evade, 2 battle stations, 3 blank.

The generator is counter-based (splitmix64 of seed and draw number), so its whole state is
two integers and any draw is a pure function of them: the reducer advances the counter by
the number of draws an event records and lands on exactly the engine's state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

AttackFace = Literal["hit", "crit", "battle_stations", "blank"]
DefenseFace = Literal["evade", "battle_stations", "blank"]
Face = Literal["hit", "crit", "battle_stations", "blank", "evade"]
DiceKind = Literal["attack", "defense"]

ATTACK_DIE: Final[tuple[AttackFace, ...]] = (
    "hit", "hit", "hit", "crit", "battle_stations", "battle_stations", "blank", "blank")
DEFENSE_DIE: Final[tuple[DefenseFace, ...]] = (
    "evade", "evade", "evade", "battle_stations", "battle_stations", "blank", "blank", "blank")
FACES: Final[dict[str, tuple[str, ...]]] = {"attack": ATTACK_DIE, "defense": DEFENSE_DIE}

_MASK64: Final = (1 << 64) - 1


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
        return self.value(k) % n

    def advanced(self, count: int) -> Rng:
        return Rng(self.seed, self.drawn + count)


def roll(rng: Rng, kind: DiceKind, count: int) -> tuple[list[str], Rng]:
    """Roll ``count`` dice of a kind; returns the faces and the advanced generator."""
    faces = FACES[kind]
    return [faces[rng.below(8, i)] for i in range(count)], rng.advanced(count)


def shuffled(rng: Rng, items: tuple[str, ...]) -> tuple[tuple[str, ...], Rng]:
    """Fisher-Yates shuffle drawing one number per position."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1, len(out) - 1 - i)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng.advanced(max(len(out) - 1, 0))

"""Dice and the random generator, kept as data in the game state (boardgame.io style).

Rulebook "Dice": eight-sided. Attack die: 3 hit, 1 critical hit, 2 battle stations, 2 blank.
Defense die: 3 evade, 2 battle stations, 3 blank.
The Elite Attack Die (a resource, catalog 4001): a double hit, 2 critical hits, 3 hits, 2 battle
stations; a fleet with it may roll it as one of its attack dice once a round.

The generator is the shared counter-based one (``engine.rulesets.rng``, re-exported here): its
whole state is two integers, so the reducer advances the counter by the number of draws an
event records and lands on exactly the engine's state.
"""

from __future__ import annotations

from typing import Final, Literal

from engine.rulesets.rng import Rng as Rng
from engine.rulesets.rng import splitmix64 as splitmix64

AttackFace = Literal["hit", "crit", "battle_stations", "blank"]
DefenseFace = Literal["evade", "battle_stations", "blank"]
Face = Literal["hit", "crit", "battle_stations", "blank", "evade", "double_hit"]
DiceKind = Literal["attack", "defense"]

ATTACK_DIE: Final[tuple[AttackFace, ...]] = (
    "hit", "hit", "hit", "crit", "battle_stations", "battle_stations", "blank", "blank")
DEFENSE_DIE: Final[tuple[DefenseFace, ...]] = (
    "evade", "evade", "evade", "battle_stations", "battle_stations", "blank", "blank", "blank")
ELITE_CARD: Final = "4001"  # the resource card that brings the Elite Attack Die
# the Elite Attack Die's faces as its resource card lists them: "double_hit" is its own face (two damage,
# canceled by one evade: spending.uncanceled)
ELITE_DIE: Final[tuple[str, ...]] = (
    "double_hit", "crit", "crit", "hit", "hit", "hit", "battle_stations", "battle_stations")
FACES: Final[dict[str, tuple[str, ...]]] = {"attack": ATTACK_DIE, "defense": DEFENSE_DIE}

def roll(rng: Rng, kind: DiceKind, count: int, elite: int = -1) -> tuple[list[str], Rng]:
    """Roll ``count`` dice of a kind; returns the faces and the advanced generator. ``elite``: the
    die at that position is the Elite Attack Die (one draw like any die)."""
    faces = FACES[kind]
    return [(ELITE_DIE if i == elite else faces)[rng.below(8, i)] for i in range(count)], rng.advanced(count)


def shuffled(rng: Rng, items: tuple[str, ...]) -> tuple[tuple[str, ...], Rng]:
    """Fisher-Yates shuffle drawing one number per position."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1, len(out) - 1 - i)
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng.advanced(max(len(out) - 1, 0))

"""The dice spending policy (rulings.md "Dice spending policy"), as pure functions of the faces and
the tokens: which attack dice a target lock rerolls, which battle stations results a token turns
into hits, what the defender spends, and what stays uncanceled (rulebook combat steps 4, 6 and 7).

``combat`` emits events from these decisions and ``odds`` enumerates the same decisions over every
roll, so the odds and the game cannot disagree; both import this module, neither the other's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def count(faces: tuple[str, ...], *wanted: str) -> int:
    return sum(1 for f in faces if f in wanted)


def uncanceled(attack: tuple[str, ...], defense: tuple[str, ...]) -> tuple[int, int, int]:
    """Step 7: evades cancel hits before crits. Returns (hits, crits, canceled). The Elite Attack
    Die's double hit is two hits canceled by one evade, after the hits and before the crits (its
    card's order); the hits returned count it as two."""
    # (one face each: the sequences' own count, not ``count``'s generator; 3,000 calls in 10 games)
    hits, crits, evades = attack.count("hit"), attack.count("crit"), defense.count("evade")
    doubles = attack.count("double_hit")
    cancel_hits = min(hits, evades)
    cancel_doubles = min(doubles, evades - cancel_hits)
    cancel_crits = min(crits, evades - cancel_hits - cancel_doubles)
    return (hits - cancel_hits + 2 * (doubles - cancel_doubles), crits - cancel_crits,
            cancel_hits + cancel_doubles + cancel_crits)


def attack_rerolls(faces: Sequence[str], rerolled: Sequence[bool], has_lock: bool, has_bs: bool
                   ) -> tuple[int, ...]:
    """Step 4: the attack dice a target lock on the defender rerolls: every blank, and every
    battle stations result when there is no battle stations token to convert it; never a die
    already rerolled. Empty: the lock is kept."""
    if not has_lock:
        return ()
    wanted = ("blank",) if has_bs else ("blank", "battle_stations")
    return tuple(i for i, f in enumerate(faces) if f in wanted and not rerolled[i])


def attack_conversion(faces: Sequence[str], has_bs: bool) -> tuple[int, ...]:
    """Step 4, after any reroll: the battle stations results a battle stations token turns into
    hits. Empty: the token is kept."""
    if not has_bs:
        return ()
    return tuple(i for i, f in enumerate(faces) if f == "battle_stations")


@dataclass(frozen=True, slots=True)
class DefenseSpend:
    """Step 6: what the defender spends. ``convert``: the defense dice a battle stations token
    turns into evades (empty: the token is kept); ``evade_tokens``: evade tokens spent, each
    adding an evade."""

    convert: tuple[int, ...]
    evade_tokens: int


def defense_spends(attack: Sequence[str], defense: Sequence[str], has_bs: bool, evades: int) -> DefenseSpend:
    """Step 6: spend only while it saves damage: a battle stations token (battle stations results
    to evades) while hits or crits are uncanceled, then one evade token if some still are."""
    hits, crits, _ = uncanceled(tuple(attack), tuple(defense))
    convert: tuple[int, ...] = ()
    bs = tuple(i for i, f in enumerate(defense) if f == "battle_stations")
    if hits + crits and has_bs and bs:
        convert = bs
        after = tuple("evade" if f == "battle_stations" else f for f in defense)
        hits, crits, _ = uncanceled(tuple(attack), after)
    return DefenseSpend(convert, 1 if hits + crits and evades > 0 else 0)

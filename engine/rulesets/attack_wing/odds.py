"""Exact odds of an attack: the distribution of uncanceled hits and critical hits after both
sides spend their tokens, and how lucky a roll was.

No sampling. The decisions are the engine's own (``spending.attack_rerolls``,
``spending.attack_conversion``, ``spending.defense_spends``, ``spending.uncanceled``), called once
per *multiset* of faces rather than per sequence of dice: a roll of n dice has at most
C(n + 3, 3) distinct multisets (286 for 10 attack dice) against 8**n sequences, and each
multiset's weight is its multinomial count. A target lock reroll is a convolution with the
multisets of the rerolled dice, added die by die (dynamic programming over the dice still to
reroll), and the defender decides once per total of uncanceled hits and crits and defense
multiset. The cost grows like a polynomial in the dice (bench/bench_odds.py). Every weight is a
whole number over a power of 8, so the probabilities are exact fractions; floats are taken
from them at the end.

The number of dice comes from ``rules.attack_dice`` and ``rules.defense_dice`` (range
bonuses, obstruction, scan, cloak, the rule of 3), as in a game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from math import factorial
from types import MappingProxyType
from typing import Any

from engine.errors import TrekError
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.dice import ATTACK_DIE, DEFENSE_DIE, ELITE_DIE
from engine.rulesets.attack_wing.spending import attack_conversion, attack_rerolls, defense_spends, uncanceled
from engine.rulesets.attack_wing.state import ShipState, Weapon

SIDES = 8  # faces of a die
MAX_DICE = 40  # more dice than any ship can roll (printed 20 + 3 + a range bonus, cloak +4)

ATTACK_FACES: tuple[str, ...] = tuple(dict.fromkeys(ATTACK_DIE))  # hit, crit, battle_stations, blank
DEFENSE_FACES: tuple[str, ...] = tuple(dict.fromkeys(DEFENSE_DIE))  # evade, battle_stations, blank
ATTACK_WEIGHTS: tuple[int, ...] = tuple(ATTACK_DIE.count(f) for f in ATTACK_FACES)  # 3, 1, 2, 2
DEFENSE_WEIGHTS: tuple[int, ...] = tuple(DEFENSE_DIE.count(f) for f in DEFENSE_FACES)  # 3, 2, 3

Counts = tuple[int, ...]
# the Elite Attack Die (resource 4001): its faces in the attack die's order, then the double hit
ELITE_FACES: tuple[str, ...] = (*ATTACK_FACES, "double_hit")
ELITE_WEIGHTS: tuple[int, ...] = tuple(ELITE_DIE.count(f) for f in ELITE_FACES)  # 3, 2, 2, 0, 1


# --- multisets of faces -------------------------------------------------------------------------

def _compositions(n: int, k: int) -> Iterator[Counts]:
    """Every way to split n dice among k faces."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


@cache
def roll_weights(kind: str, n: int) -> tuple[tuple[Counts, int], ...]:
    """Every multiset of faces n dice of a kind can show, with its number of sequences out of
    8**n (the multinomial count times each face's share of the die)."""
    weights = ATTACK_WEIGHTS if kind == "attack" else DEFENSE_WEIGHTS
    out = []
    for counts in _compositions(n, len(weights)):
        w = factorial(n)
        for c in counts:
            w //= factorial(c)
        for c, fw in zip(counts, weights, strict=True):
            w *= fw ** c
        out.append((counts, w))
    return tuple(out)


def faces_of(counts: Counts, faces: Sequence[str]) -> tuple[str, ...]:
    """A canonical roll showing a multiset: its faces in die order."""
    return tuple(f for f, c in zip(faces, counts, strict=True) for _ in range(c))


def _count(faces: Sequence[str], order: Sequence[str]) -> Counts:
    return tuple(sum(1 for f in faces if f == o) for o in order)


# --- the distribution ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Odds:
    """The exact distribution of (uncanceled hits, uncanceled crits) of one attack.

    ``weights[(hits, crits)]`` counts equally likely cases out of ``total`` (a power of 8).
    Damage is hits + crits, each uncanceled result one point, as the rulebook deals it.
    """

    attack_dice: int
    defense_dice: int
    target_lock: bool
    attack_battle_stations: bool
    defense_battle_stations: bool
    evade_tokens: int
    weights: Mapping[tuple[int, int], int] = field(repr=False)
    total: int = field(repr=False)
    extra: int = 0  # damage beyond one point per attack die that card abilities can add
    elite: bool = False  # one of the attack dice is the Elite Attack Die

    # exact values
    def probability(self, hits: int, crits: int) -> Fraction:
        return Fraction(self.weights.get((hits, crits), 0), self.total)

    def damage_exact(self) -> tuple[Fraction, ...]:
        """P(damage = k) for k = 0 .. the most damage possible."""
        return tuple(Fraction(w, self.total) for w in self._damage_weights())

    def _damage_weights(self) -> list[int]:
        out = [0] * (self.attack_dice + self.extra + 1)
        for (h, c), w in self.weights.items():
            out[h + c] += w
        return out

    # floats for reports
    @property
    def damage(self) -> tuple[float, ...]:
        """P(damage = k) for k = 0 .. attack dice."""
        return tuple(w / self.total for w in self._damage_weights())

    @property
    def expected_damage(self) -> float:
        return sum((h + c) * w for (h, c), w in self.weights.items()) / self.total

    @property
    def expected_hits(self) -> float:
        return sum(h * w for (h, _), w in self.weights.items()) / self.total

    @property
    def expected_crits(self) -> float:
        return sum(c * w for (_, c), w in self.weights.items()) / self.total

    @property
    def p_damage(self) -> float:
        """P(at least one point of damage)."""
        return self.at_least(1)

    @property
    def p_crit(self) -> float:
        """P(at least one uncanceled critical hit)."""
        return sum(w for (_, c), w in self.weights.items() if c) / self.total

    def at_least(self, k: int) -> float:
        """P(damage >= k)."""
        return sum(w for (h, c), w in self.weights.items() if h + c >= k) / self.total

    def percentile(self, damage: int) -> float:
        """How lucky ``damage`` was for the attacker: the mid-rank percentile in [0, 1],
        P(damage < actual) + P(damage == actual) / 2 (0.5 is an average roll)."""
        below = sum(w for (h, c), w in self.weights.items() if h + c < damage)
        equal = sum(w for (h, c), w in self.weights.items() if h + c == damage)
        return (2 * below + equal) / (2 * self.total)

    def as_json(self) -> dict[str, Any]:
        dmg = self.damage
        return {
            "attack_dice": self.attack_dice, "defense_dice": self.defense_dice,
            "target_lock": self.target_lock, "attack_battle_stations": self.attack_battle_stations,
            "defense_battle_stations": self.defense_battle_stations, "evade_tokens": self.evade_tokens,
            "elite": self.elite, "expected_damage": self.expected_damage, "expected_hits": self.expected_hits,
            "expected_crits": self.expected_crits, "p_damage": self.p_damage, "p_crit": self.p_crit,
            "damage": [{"damage": k, "p": p, "p_at_least": self.at_least(k)} for k, p in enumerate(dmg)],
            "outcomes": [{"hits": h, "crits": c, "p": w / self.total}
                         for (h, c), w in sorted(self.weights.items())],
        }


@lru_cache(maxsize=4096)
def _attack_stage(n: int, has_lock: bool, has_bs: bool) -> tuple[dict[Counts, int], int]:
    """The attack dice after step 4 (reroll, then convert), as multisets with weights out of 8**(2n)."""
    # the roll, then the reroll decision: group by the dice kept and the number rerolled
    kept: dict[tuple[Counts, int], int] = {}
    none = (False,) * n
    for counts, w in roll_weights("attack", n):
        faces = faces_of(counts, ATTACK_FACES)
        idx = attack_rerolls(faces, none, has_lock, has_bs)
        rest = _count([f for i, f in enumerate(faces) if i not in idx], ATTACK_FACES)
        key = (rest, len(idx))
        kept[key] = kept.get(key, 0) + w * SIDES ** (n - len(idx))  # out of 8**(2n)
    # the rerolled dice, added one at a time to what was kept (dynamic programming over the number
    # still to roll: each multiset is reached once per step, so the cost grows like n**4, not 8**n)
    todo: list[dict[Counts, int]] = [{} for _ in range(n + 1)]
    for (rest, r), w in kept.items():
        todo[r][rest] = todo[r].get(rest, 0) + w
    for r in range(n, 0, -1):
        nxt = todo[r - 1]
        for counts, w in todo[r].items():
            for face, fw in enumerate(ATTACK_WEIGHTS):
                post = (*counts[:face], counts[face] + 1, *counts[face + 1:])
                nxt[post] = nxt.get(post, 0) + w * fw
    after = todo[0]
    # the conversion decision on what the dice show now
    final: dict[Counts, int] = {}
    for counts, w in after.items():
        shown = list(faces_of(counts, ATTACK_FACES))
        for i in attack_conversion(shown, has_bs):
            shown[i] = "hit"
        converted = _count(shown, ATTACK_FACES)
        final[converted] = final.get(converted, 0) + w
    return final, SIDES ** (2 * n)


@lru_cache(maxsize=1024)
def _elite_stage(n: int, has_lock: bool, has_bs: bool) -> tuple[dict[Counts, int], int]:
    """``_attack_stage`` with the last of the n dice the Elite Attack Die: multisets over
    ``ELITE_FACES`` out of 8**(2n). A target lock's reroll of it rolls it again; a battle stations
    token turns its battle stations result into a hit too."""
    none = (False,) * n
    # the roll and the reroll decision: (standard dice kept, standard dice rerolled, elite face kept or None)
    kept: dict[tuple[Counts, int, str | None], int] = {}
    for counts, w in roll_weights("attack", n - 1):
        faces = faces_of(counts, ATTACK_FACES)
        for shown, ew in zip(ELITE_FACES, ELITE_WEIGHTS, strict=True):
            if not ew:
                continue
            idx = attack_rerolls((*faces, shown), none, has_lock, has_bs)
            elite_again = n - 1 in idx
            rest = _count([f for i, f in enumerate(faces) if i not in idx], ATTACK_FACES)
            key = (rest, len(idx) - int(elite_again), None if elite_again else shown)
            kept[key] = kept.get(key, 0) + w * ew * SIDES ** (n - len(idx))
    after: dict[Counts, int] = {}
    for (rest, r, face), w in kept.items():
        todo: dict[Counts, int] = {rest: w}
        for _ in range(r):  # the standard dice rerolled, one at a time
            nxt: dict[Counts, int] = {}
            for counts, cw in todo.items():
                for k, fw in enumerate(ATTACK_WEIGHTS):
                    post = (*counts[:k], counts[k] + 1, *counts[k + 1:])
                    nxt[post] = nxt.get(post, 0) + cw * fw
            todo = nxt
        elite_faces = ((face, 1),) if face is not None else tuple(
            (f, ew) for f, ew in zip(ELITE_FACES, ELITE_WEIGHTS, strict=True) if ew)
        for counts, cw in todo.items():
            for f, ew in elite_faces:
                full = (*counts, 0)
                i = ELITE_FACES.index(f)
                full = (*full[:i], full[i] + 1, *full[i + 1:])
                after[full] = after.get(full, 0) + cw * ew
    final: dict[Counts, int] = {}
    for counts, w in after.items():
        result = list(faces_of(counts, ELITE_FACES))
        for i in attack_conversion(result, has_bs):
            result[i] = "hit"
        converted = _count(result, ELITE_FACES)
        final[converted] = final.get(converted, 0) + w
    return final, SIDES ** (2 * n)


@lru_cache(maxsize=4096)
def _defense_stage(threat: int, m: int, has_bs: bool, evades: int) -> tuple[tuple[int, int], ...]:
    """The evades after step 6 against ``threat`` uncanceled hits and crits, with weights out of
    8**m. ``spending.defense_spends`` reads the attack only through how many hits and crits it
    leaves uncanceled, so the decision is taken once per total (tests/test_odds.py checks it)."""
    shown = ("hit",) * threat
    dist: dict[int, int] = {}
    for counts, w in roll_weights("defense", m):
        defense = list(faces_of(counts, DEFENSE_FACES))
        spend = defense_spends(shown, defense, has_bs, evades)
        for i in spend.convert:
            defense[i] = "evade"
        n = defense.count("evade") + spend.evade_tokens
        dist[n] = dist.get(n, 0) + w
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=4096)
def attack_odds(attack_dice: int, defense_dice: int, *, target_lock: bool = False,
                attack_battle_stations: bool = False, defense_battle_stations: bool = False,
                evade_tokens: int = 0, elite: bool = False) -> Odds:
    """The exact odds of ``attack_dice`` against ``defense_dice`` with the spending policy of the
    engine (rulings.md): the attacker's target lock on the defender and battle stations token,
    the defender's battle stations token and evade tokens; ``elite``: one of the attack dice is
    the Elite Attack Die."""
    for what, value in (("attack dice", attack_dice), ("defense dice", defense_dice)):
        if not 0 <= value <= MAX_DICE:
            raise TrekError(f"{what} must be 0 to {MAX_DICE}, not {value}")
    if evade_tokens < 0:
        raise TrekError(f"evade tokens cannot be negative ({evade_tokens})")
    elite = elite and attack_dice > 0
    attack, attack_total = (_elite_stage if elite else _attack_stage)(attack_dice, target_lock, attack_battle_stations)
    # only hits, crits (and a double hit) are canceled or dealt (rulebook step 7): the attack collapses to them
    hc: dict[tuple[int, int, int], int] = {}
    for counts, w in attack.items():
        key = (counts[0], counts[1], counts[4] if elite else 0)
        hc[key] = hc.get(key, 0) + w
    out: dict[tuple[int, int], int] = {}
    for (hits, crits, doubles), aw in hc.items():
        shown = ("hit",) * hits + ("crit",) * crits + ("double_hit",) * doubles
        for evades, dw in _defense_stage(hits + crits + doubles, defense_dice, defense_battle_stations,
                                         evade_tokens):
            h, c, _ = uncanceled(shown, ("evade",) * evades)
            out[(h, c)] = out.get((h, c), 0) + aw * dw
    return Odds(attack_dice, defense_dice, target_lock, attack_battle_stations, defense_battle_stations,
                evade_tokens, MappingProxyType(dict(sorted(out.items()))), attack_total * SIDES ** defense_dice,
                extra=int(elite), elite=elite)


def simulate_attack(rng: random.Random, attack_dice: int, defense_dice: int, *, target_lock: bool = False,
                    attack_battle_stations: bool = False, defense_battle_stations: bool = False,
                    evade_tokens: int = 0) -> tuple[int, int]:
    """One attack rolled with ``rng`` through the engine's steps 3 to 7 (the same decisions as
    ``combat.resolve_attack``, without events): (uncanceled hits, uncanceled crits). For checking
    and benchmarking the exact odds against sampling."""
    attack = [ATTACK_DIE[rng.randrange(SIDES)] for _ in range(attack_dice)]
    rerolled = [False] * attack_dice
    for i in attack_rerolls(attack, rerolled, target_lock, attack_battle_stations):
        attack[i], rerolled[i] = ATTACK_DIE[rng.randrange(SIDES)], True
    for i in attack_conversion(attack, attack_battle_stations):
        attack[i] = "hit"
    defense = [DEFENSE_DIE[rng.randrange(SIDES)] for _ in range(defense_dice)]
    spend = defense_spends(attack, defense, defense_battle_stations, evade_tokens)
    for i in spend.convert:
        defense[i] = "evade"
    defense += ["evade"] * spend.evade_tokens
    hits, crits, _ = uncanceled(tuple(attack), tuple(defense))
    return hits, crits


# --- odds from the table ------------------------------------------------------------------------

def odds_for(attacker: ShipState, defender: ShipState, weapon: Weapon | None, band: int, obstructed: bool,
             *, extra_attack: int = 0, extra_defense: int = 0, elite: bool = False, lock_kept: bool = False
             ) -> Odds:
    """The odds of an attack about to be rolled, from the ships as they stand: the dice from the
    rules (plus any ability's extra dice), the tokens the engine's policy will spend (a
    torpedo's lock is spent to fire)."""
    n = max(0, rules.attack_dice(attacker, weapon, band, explain=False).count + extra_attack)
    m = max(0, rules.defense_dice(defender, attacker, weapon is None, band, obstructed, explain=False).count
            + extra_defense)
    # a torpedo's lock is spent to fire, unless a card keeps it (``lock_kept``: Gor Portas)
    lock = attacker.target_lock == defender.id and (lock_kept or not (weapon is not None and weapon.needs_target_lock))
    return attack_odds(n, m, target_lock=lock, attack_battle_stations=attacker.battle_stations > 0,
                       defense_battle_stations=defender.battle_stations > 0, evade_tokens=defender.evade,
                       elite=elite)


def _table_ship(ship_id: str, side: int, attack: int, agility: int, **tokens: Any) -> ShipState:
    return ShipState(id=ship_id, side=side, name=ship_id, ship_id=ship_id, class_name="", faction="", base="small",
                     captain="", skill=1, attack=attack, agility=agility, hull=1, shields_max=0, cost=0, actions=(),
                     front_arc=90.0, rear_arc=None, has_360_arc=False, dial=(), **tokens)


@dataclass(frozen=True)
class TableOdds:
    """The odds of a primary weapon attack described by its numbers (``trek odds``)."""

    odds: Odds
    attack_reason: str
    defense_reason: str


def primary_odds(attack: int, defense: int, band: int = 2, *, obstructed: bool = False,
                 target_lock: bool = False, battle_stations_attack: bool = False,
                 battle_stations_defense: bool = False, evade: int = 0, scan: int = 0,
                 cloaked: bool = False, elite: bool = False) -> TableOdds:
    """Printed primary weapon ``attack`` against printed agility ``defense`` at a range band,
    through the engine's own dice counts (range bonuses, obstruction, scan, cloak, rule of 3)."""
    if band not in (1, 2, 3):
        raise TrekError(f"range must be 1, 2 or 3, not {band}")
    attacker = _table_ship("attacker", 0, attack, 0, scan=scan, battle_stations=int(battle_stations_attack),
                           target_lock="defender" if target_lock else None)
    defender = _table_ship("defender", 1, 0, defense, evade=evade, battle_stations=int(battle_stations_defense),
                           cloak="green" if cloaked else "none")
    n = rules.attack_dice(attacker, None, band)
    m = rules.defense_dice(defender, attacker, True, band, obstructed)
    return TableOdds(odds_for(attacker, defender, None, band, obstructed, elite=elite), n.explanation, m.explanation)


def event_fields(odds: Odds) -> dict[str, Any]:
    """The ``AttackOdds`` event's numbers for these odds (rounded: a replay is for reading)."""
    return {"attack_dice": odds.attack_dice, "defense_dice": odds.defense_dice, "target_lock": odds.target_lock,
            "attack_battle_stations": odds.attack_battle_stations,
            "defense_battle_stations": odds.defense_battle_stations, "evade_tokens": odds.evade_tokens,
            "expected": round(odds.expected_damage, 4), "p_damage": round(odds.p_damage, 6),
            "p_crit": round(odds.p_crit, 6), "damage": tuple(round(p, 6) for p in odds.damage)}

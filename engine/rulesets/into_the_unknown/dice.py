"""Intuition (d8) and expertise (d6) dice, and the test procedure (guide, "Tests", "Making a Test").

The faces are chosen (docs/rulings.md): the guide says only that the expertise die alone has the
discovery face, only the intuition die a double success, and that expertise dice are the more
reliable. The generator is the game's counter-based one (its state is data in the game state).

A test is rolled and modified in the order the guide gives: the tester's rerolls (the test's
allowance, a friendly lock, keywords such as Relentless and Pulse), discovery results changed to
any face, advantage tokens spent to reroll; then the opponent's peril tokens force rerolls of dice
not showing a breakthrough. Who rerolls what is the seats' choice (``Modifier``); every step is
recorded (``Step``) so the replay shows each die.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Literal

from engine.rulesets.rng import Rng

DieKind = Literal["intuition", "expertise"]
Face = Literal["blank", "analysis", "success", "double", "breakthrough", "discovery"]
INTUITION: Final[tuple[Face, ...]] = ("blank", "blank", "analysis", "analysis", "success", "success", "double",
                                      "breakthrough")
EXPERTISE: Final[tuple[Face, ...]] = ("blank", "analysis", "success", "success", "breakthrough", "discovery")
FACES: Final[dict[DieKind, tuple[Face, ...]]] = {"intuition": INTUITION, "expertise": EXPERTISE}
SUCCESS_VALUE: Final[dict[str, int]] = {"success": 1, "double": 2, "breakthrough": 1}
How = Literal["allowance", "lock", "relentless", "pulse", "discovery", "advantage", "peril"]


@dataclass(frozen=True)
class Die:
    kind: DieKind
    face: Face


@dataclass(frozen=True)
class Step:
    """One change to the pool: a die rerolled (or, for ``discovery``, set) to ``face``."""

    how: How
    index: int
    face: Face


@dataclass(frozen=True)
class Pool:
    """The dice of a test as they stand, and how they came to be."""

    dice: tuple[Die, ...]
    steps: tuple[Step, ...] = ()
    first: tuple[Die, ...] = ()  # as rolled, before any step

    def successes(self) -> int:
        """Success results: a breakthrough counts as one, a double success as two."""
        return sum(SUCCESS_VALUE.get(d.face, 0) for d in self.dice)

    def count(self, face: Face) -> int:
        return sum(d.face == face for d in self.dice)

    def changed(self, step: Step) -> Pool:
        dice = list(self.dice)
        dice[step.index] = Die(dice[step.index].kind, step.face)
        return Pool(tuple(dice), (*self.steps, step), self.first)


# The faces of dice rolled at a real table (``--dice table``): the face die ``index`` of a kind shows,
# rolled for ``how`` ("roll", or the reroll's source); the generator advances as for rolled dice.
TableFaces = Callable[[DieKind, int, str], Face]


def _table_face(table: TableFaces, kind: DieKind, index: int, how: str) -> Face:
    face = table(kind, index, how)
    if face not in FACES[kind]:
        raise ValueError(f"the {kind} die has no {face!r} face (it has {', '.join(dict.fromkeys(FACES[kind]))})")
    return face


def roll(rng: Rng, intuition: int, expertise: int, table: TableFaces | None = None) -> tuple[Pool, Rng]:
    """Roll the intuition dice, then the expertise dice (``table``: as they came up at the table)."""
    first: DieKind = "intuition"
    second: DieKind = "expertise"
    kinds = [first] * intuition + [second] * expertise
    if table is not None:
        dice = tuple(Die(k, _table_face(table, k, i, "roll")) for i, k in enumerate(kinds))
    else:
        dice = tuple(Die(k, FACES[k][rng.below(len(FACES[k]), i)]) for i, k in enumerate(kinds))
    return Pool(dice, (), dice), rng.advanced(len(kinds))


def reroll(pool: Pool, rng: Rng, index: int, how: How, table: TableFaces | None = None) -> tuple[Pool, Rng]:
    kind = pool.dice[index].kind
    face = _table_face(table, kind, index, how) if table is not None else FACES[kind][rng.below(len(FACES[kind]))]
    return pool.changed(Step(how, index, face)), rng.advanced(1)


@dataclass(frozen=True)
class Allowances:
    """What the tester may do before the opponent: rerolls by source, tokens to spend."""

    rerolls: tuple[tuple[How, int], ...] = ()  # (allowance | lock | relentless | pulse, up to how many dice)
    advantage: int = 0


# A seat's choice of which die to reroll next for a source (None: no more), seeing the pool and the
# difficulty; and which face a discovery becomes (None: keep it to gain an advantage token).
Chooser = Callable[[Pool, int, How], int | None]
Discoverer = Callable[[Pool, int, int], Face | None]


@dataclass(frozen=True)
class Modifier:
    """A seat's decisions during the modify steps of a test; ``table``: the dice's faces as they came
    up at a real table (None: rolled from the generator)."""

    choose: Chooser
    discover: Discoverer
    table: TableFaces | None = None


@dataclass
class Rolled:
    """A finished pool: the dice, tokens spent and the generator after it."""

    pool: Pool
    rng: Rng
    advantage_spent: int = 0
    peril_spent: int = 0
    relentless_breakthroughs: int = 0
    spent: dict[str, int] = field(default_factory=dict)


def _die(pool: Pool, index: object, who: str) -> int:
    """A seat's die: one of the pool's (a person may answer anything)."""
    if type(index) is not int or not 0 <= index < len(pool.dice):
        raise ValueError(f"{who} chose die {index!r}: the pool has dice 0 to {len(pool.dice) - 1}")
    return index


def modify(pool: Pool, rng: Rng, difficulty: int, allow: Allowances, peril: int, tester: Modifier,
           opponent: Chooser) -> Rolled:
    """Steps 4 and 5 of a test (or 6 and 7 of an attack)."""
    result = Rolled(pool, rng)
    for how, limit in allow.rerolls:
        for _ in range(limit):
            index = tester.choose(result.pool, difficulty, how)
            if index is None:
                break
            index = _die(result.pool, index, f"the tester ({how})")
            result.pool, result.rng = reroll(result.pool, result.rng, index, how, tester.table)
            if how == "relentless" and result.pool.dice[index].face == "breakthrough":
                result.relentless_breakthroughs += 1
    for index, die in enumerate(result.pool.dice):
        if die.face == "discovery":
            face = tester.discover(result.pool, difficulty, index)
            if face is not None and face not in (*INTUITION, *EXPERTISE):  # "any face" of the dice
                raise ValueError(f"a discovery becomes a face of the dice, not {face!r}")
            if face is not None:
                result.pool = result.pool.changed(Step("discovery", index, face))
    while result.advantage_spent < allow.advantage:
        index = tester.choose(result.pool, difficulty, "advantage")
        if index is None:
            break
        index = _die(result.pool, index, "the tester (advantage)")
        result.pool, result.rng = reroll(result.pool, result.rng, index, "advantage", tester.table)
        result.advantage_spent += 1
    while result.peril_spent < peril:
        index = opponent(result.pool, difficulty, "peril")
        if index is None:
            break
        index = _die(result.pool, index, "the opponent (peril)")
        if result.pool.dice[index].face == "breakthrough":
            raise ValueError("peril cannot force a breakthrough success to be rerolled")
        result.pool, result.rng = reroll(result.pool, result.rng, index, "peril", tester.table)
        result.peril_spent += 1
    return result

"""Attack Wing's own part of the view: the obstacle tokens, the attack's range ruler, the odds.

An Attack Wing table is the shared core of ``engine.view`` with an :class:`AttackWingTable` part;
its moments carry an :class:`AttackWingMoment` (the exact odds of the attack on the table).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.view import MomentPart, Parted, Point, TablePart, TableView, part_of


@dataclass(frozen=True, slots=True)
class ObstacleView:
    """An obstacle token (asteroid field, debris field...) as its outline polygon."""

    name: str
    points: tuple[Point, ...]
    kind: str = "asteroid field"


@dataclass(frozen=True, slots=True)
class AttackView:
    """The attack being resolved: the range ruler from attacker to defender and its band."""

    attacker: str
    defender: str
    start: Point  # on the attacker's base outline
    end: Point  # on the part of the defender in arc
    band: int  # 1, 2, 3 (4 = beyond range)
    obstructed: bool = False


@dataclass(frozen=True, slots=True)
class OddsView:
    """The odds of the attack on the table (recorded before its roll), and once the attack is
    resolved, what it did and how lucky that was (the mid-rank percentile; 0.5 is average)."""

    expected: float  # expected damage (uncanceled hits + crits)
    p_damage: float  # P(at least one damage)
    p_crit: float  # P(at least one uncanceled crit)
    damage: tuple[float, ...]  # P(damage = k), k = 0, 1, ...
    actual: int | None = None  # damage rolled (hits + crits), once resolved
    percentile: float | None = None  # once resolved


@dataclass(frozen=True, slots=True)
class AttackWingTable(TablePart):
    """An Attack Wing table's own pieces: its obstacles and the attack being resolved (its ruler)."""

    obstacles: tuple[ObstacleView, ...] = ()
    attack: AttackView | None = None


@dataclass(frozen=True, slots=True)
class AttackWingMoment(MomentPart):
    """The current attack's odds (None: no attack, or a log without odds)."""

    odds: OddsView | None = None


def table_of(view: TableView) -> AttackWingTable | None:
    """The view's Attack Wing part (an Alliance table's too), None on another game's table."""
    return part_of(view, AttackWingTable)


def odds_of(moment: Parted) -> OddsView | None:
    """The odds of the attack on the table (None: no attack, or another game)."""
    part = part_of(moment, AttackWingMoment)
    return part.odds if part is not None else None


def obstacles_of(view: TableView) -> tuple[ObstacleView, ...]:
    """The obstacle tokens on the table (none on another game's table)."""
    part = table_of(view)
    return part.obstacles if part is not None else ()


def attack_of(view: TableView) -> AttackView | None:
    """The attack being resolved on the table (None: none, or another game's table)."""
    part = table_of(view)
    return part.attack if part is not None else None

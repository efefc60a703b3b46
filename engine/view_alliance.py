"""Star Trek Alliance's own part of the view: an Attack Wing table with the Enemy AI's decision.

An Alliance table is an Attack Wing table (:class:`~engine.view_attack_wing.AttackWingTable`) and
more: :class:`AllianceTable` adds the Enemy AI ship choosing its maneuver (its sectors and rings).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.geometry.pose import Pose
from engine.view import BaseSize, Point, TableView, part_of
from engine.view_attack_wing import AttackWingTable


@dataclass(frozen=True, slots=True)
class DecisionView:
    """An Enemy AI ship's Choose Maneuver step (Alliance): the eight 45-degree sectors around it,
    the one its target lies in (0 ahead, clockwise to 7 front-left), and the ring it used."""

    ship_id: str
    pose: Pose
    base_size: BaseSize
    sector: int
    ring: str  # "inner" or "outer"
    target: str
    base_side: float = 40.0  # the base's side in mm

    def point(self, bearing: float, r: float) -> Point:
        """The table point ``r`` mm from the ship's centre, ``bearing`` degrees clockwise off its heading."""
        a = math.radians(self.pose.heading + bearing)
        return self.pose.x + r * math.sin(a), self.pose.y + r * math.cos(a)

    def fan(self, reach: float, steps: int = 12) -> list[Point]:
        """The target's 45-degree sector's arc at ``reach`` mm (its edges at sector * 45 -+ 22.5 degrees)."""
        lo = self.sector * 45.0 - 22.5
        return [self.point(lo + 45.0 * k / steps, reach) for k in range(steps + 1)]

    def footprint(self, edges: tuple[float, ...]) -> list[Point]:
        """What the sectors-and-rings drawing reaches, for the director's framing: the ends of the
        eight sector lines and the target's sector's arc, Range 3 (``edges[-1]``) past the base's
        half side; the Range 1 and 2 rings lie inside them."""
        reach = edges[-1] + self.base_side / 2
        return [self.point(22.5 + 45.0 * k, reach) for k in range(8)] + self.fan(reach)


@dataclass(frozen=True, slots=True)
class AllianceTable(AttackWingTable):
    """An Alliance table: Attack Wing's, and the Enemy AI ship choosing its maneuver now."""

    decision: DecisionView | None = None


def decision_of(view: TableView) -> DecisionView | None:
    """The Enemy AI ship choosing its maneuver now (None: none, or another game's table)."""
    part = part_of(view, AllianceTable)
    return part.decision if part is not None else None

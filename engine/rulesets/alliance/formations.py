"""Formations, swerving and board edges for Enemy AI ships: pure geometry and rules, no events.

- Deployment "In Formation" (rulebook "Enemy Formation Placement"): the highest-numbered ship at
  slot A, the next at B, and so on; our slots are rows of two, A and B at the back (A on the
  left), C and D in front of them, E and F in front of those; the formation is centred across the
  bearing arrow and faces where the arrow points.
- Leaving a formation ("Formations"): a ship that ends facing a different way from the majority
  of its formation leaves it; with no majority the formation breaks.
- Swerving to Avoid Obstacles: the substitute maneuvers for each kind.
- Swerving to Avoid Board Edges: where a ship that left the map is placed, facing in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from engine.geometry.pose import Pose, heading_difference, normalize_heading
from engine.geometry.shapes import PlayArea, base_corners
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver

SLOT_NAMES: Final = "ABCDEFGH"
SLOT_SPACING_MM: Final = 60.0  # centre to centre, across and along (a 20 mm gap between small bases)
EDGE_INSET_MM: Final = 5.0  # the rear row's bases stand this far inside the edge
SAME_FACING_DEG: Final = 0.5
BANK_TEMPLATE_MAX: Final = 3  # the printed bank and turn templates go to speed 3


# --- deployment -----------------------------------------------------------------------------------

def slot_offsets(count: int) -> list[tuple[str, float, float]]:
    """(slot, forward, right) of each slot used by a formation of ``count`` ships, centred across."""
    raw = []
    for i in range(count):
        row, col = divmod(i, 2)
        raw.append((SLOT_NAMES[i], row * SLOT_SPACING_MM, (col - 0.5) * SLOT_SPACING_MM))
    mean_right = sum(r for _, _, r in raw) / len(raw) if raw else 0.0
    return [(name, f, r - mean_right) for name, f, r in raw]


def formation_poses(arrow: Pose, count: int, base: str = "small", area: PlayArea | None = None
                    ) -> list[tuple[str, Pose]]:
    """Slot names and poses of a formation at a bearing arrow (slot A first). The rear row stands
    just inside the edge the arrow is on; the formation faces the arrow's way."""
    half = P.base_half(base)
    origin = Pose(arrow.x, arrow.y, normalize_heading(arrow.heading)).advance(half + EDGE_INSET_MM)
    out = [(name, origin.advance(f, r)) for name, f, r in slot_offsets(count)]
    if area is not None:  # an arrow near a corner: slide the whole formation inside the map
        dx = dy = 0.0
        for _, p in out:
            for x, y in base_corners(p, half):
                dx = max(dx, -x) if x < 0 else min(dx, area.width - x) if x > area.width else dx
                dy = max(dy, -y) if y < 0 else min(dy, area.height - y) if y > area.height else dy
        out = [(name, Pose(p.x + dx, p.y + dy, p.heading)) for name, p in out]
    return out


def deploy_clear(poses: Sequence[Pose], blocked: Callable[[Pose], bool], step: float = 10.0,
                 reach: float = 300.0) -> list[Pose]:
    """Slide a formation straight ahead (into the map) until no base is blocked; unchanged if it
    never clears within ``reach`` (rulings.md: a formation arriving on top of ships)."""
    moved = list(poses)
    travelled = 0.0
    while any(blocked(p) for p in moved) and travelled < reach:
        moved = [p.advance(step) for p in moved]
        travelled += step
    return moved if not any(blocked(p) for p in moved) else list(poses)


# --- leaving a formation --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Facing:
    leaving: tuple[str, ...]  # ships that leave the formation
    whole: bool  # no majority: the formation breaks
    reason: str


def facing_check(headings: Sequence[tuple[str, float]]) -> Facing | None:
    """Who leaves a formation for facing a different way from the majority (None: all agree)."""
    if len(headings) < 2:
        return None
    groups: list[list[tuple[str, float]]] = []
    for sid, h in headings:
        for g in groups:
            if heading_difference(g[0][1], h) <= SAME_FACING_DEG:
                g.append((sid, h))
                break
        else:
            groups.append([(sid, h)])
    if len(groups) == 1:
        return None
    biggest = max(groups, key=len)
    if 2 * len(biggest) > len(headings) and len(biggest) >= 2:
        leaving = tuple(sid for g in groups if g is not biggest for sid, _ in g)
        return Facing(leaving, False, f"facing a different way from the majority (heading "
                                      f"{biggest[0][1]:.0f})")
    return Facing(tuple(sid for sid, _ in headings), True, "the ships face different ways: no majority")


# --- swerving ---------------------------------------------------------------------------------------

def swerve_substitutes(m: Maneuver) -> list[Maneuver]:
    """Rulebook "Swerving to Avoid Obstacles", its four bullets (glyphs 8 2 7 9 | 7 9 4 6 | 4 6 7 9 |
    5 8-1): a straight or a come about becomes a bank of the same speed (or the highest bank there
    is, 3) either way; a bank becomes a turn the same way; a turn a bank the same way; a full
    astern a 1 straight. Anything else (spins, rotations, a stop) has no swerve."""
    side = m.kind.split("-")[0]
    if (m.kind == "straight" and m.speed > 0) or m.kind == "about":
        s = min(m.speed, BANK_TEMPLATE_MAX)
        return [Maneuver("left-bank", s), Maneuver("right-bank", s)]
    if m.is_full_astern:
        return [Maneuver("straight", 1)]
    if m.kind.endswith("-bank"):
        return [Maneuver(f"{side}-turn", min(m.speed, BANK_TEMPLATE_MAX))]
    if m.kind.endswith("-turn"):
        return [Maneuver(f"{side}-bank", min(m.speed, BANK_TEMPLATE_MAX))]
    return []


# --- board edges ------------------------------------------------------------------------------------

EDGE_FACING: Final = {"north": 180.0, "south": 0.0, "east": 270.0, "west": 90.0}


def edge_crossed(pose: Pose, base: str, area: PlayArea) -> str | None:
    """The board edge a base overlaps or lies beyond (the one it is furthest over), or None."""
    corners = base_corners(pose, P.base_half(base))
    over = {
        "north": max(y for _, y in corners) - area.height,
        "south": -min(y for _, y in corners),
        "east": max(x for x, _ in corners) - area.width,
        "west": -min(x for x, _ in corners),
    }
    edge = max(over, key=lambda k: over[k])
    return edge if over[edge] > P.TOUCH_TOLERANCE_MM else None


def edge_pose(pose: Pose, base: str, area: PlayArea, edge: str) -> Pose:
    """Placed off the map where it left, the front edge of its base against the outside of the
    board edge, facing into the map."""
    half = P.base_half(base)
    x = min(max(pose.x, half), area.width - half)
    y = min(max(pose.y, half), area.height - half)
    if edge == "north":
        return Pose(x, area.height + half, EDGE_FACING[edge])
    if edge == "south":
        return Pose(x, -half, EDGE_FACING[edge])
    if edge == "east":
        return Pose(area.width + half, y, EDGE_FACING[edge])
    return Pose(-half, y, EDGE_FACING[edge])


def slide_clear(pose: Pose, blocked: Callable[[Pose], bool], area: PlayArea, edge: str, base: str,
                step: float = 5.0) -> Pose:
    """The nearest pose along the edge that no other base blocks (the pose itself when clear)."""
    if not blocked(pose):
        return pose
    half = P.base_half(base)
    along = (1.0, 0.0) if edge in ("north", "south") else (0.0, 1.0)
    length = area.width if edge in ("north", "south") else area.height
    for k in range(1, int(length / step) + 1):
        for sign in (1, -1):
            x = pose.x + sign * k * step * along[0]
            y = pose.y + sign * k * step * along[1]
            t = x if along[0] else y
            if not half <= t <= length - half:
                continue
            candidate = Pose(x, y, pose.heading)
            if not blocked(candidate):
                return candidate
    return pose

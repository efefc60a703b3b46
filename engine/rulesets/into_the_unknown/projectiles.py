"""Projectiles (guide, "Projectiles", "Launching Projectiles", "Projectile Impulse Maneuver"): torpedo
tokens launched with the turning tool, moving along their sides at their full engine power
(Inertia), detonating at 1" of an opposing unit before or after (not during) a move, with Blast X
attacks on each unit at X"; endurance counting down, lost when a move crosses a system boundary.

Geometry (chosen, docs/rulings.md): a torpedo token is a hexagon 1/2" wide and 1" from its aft
point to its fore point, its lateral sides parallel to its heading and its fore and aft sides at 45
degrees; the turning tool's stem puts the notch 1.5" from the slot's centre; the ruler is 1" wide.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from engine.geometry.pose import Pose, normalize_heading
from engine.rulesets.into_the_unknown.combat import IllegalAttack, dice_attack, hostile_act, volley_of
from engine.rulesets.into_the_unknown.dice import Chooser, Modifier
from engine.rulesets.into_the_unknown.displays import PROJECTILES, End, Launcher
from engine.rulesets.into_the_unknown.events import AttackMade, Effects, Phase, PoseModel, ProjectileLaunched
from engine.rulesets.into_the_unknown.movement import NOTCH_DEGREES, SEARCH_STEP_MM
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState, ShipState
from engine.rulesets.into_the_unknown.table import (
    DEEP_SPACE,
    INCH,
    PROJECTILE_HALF,
    SYSTEMS,
    TOKEN_RADIUS,
    base_polygon,
    end_polygon,
    inside_sector,
    slot,
    token_area,
    token_outline,
)
from engine.rulesets.into_the_unknown.volley import refusal

HALF_WIDTH, HALF_LENGTH = PROJECTILE_HALF
outline = token_outline  # the token's shape (table.py, where combat can reach it too)
TOOL_STEM = 1.5 * INCH  # from the slot's centre dot to the notch at the end of the stem
RULER_WIDTH = 1.0 * INCH
DETONATION_IN = 1.0  # guide: a torpedo detonates at 1" of an opposing unit
PROJECTILE_SENSORS_IN = 4.0  # chosen: a torpedo's Sensors range, for moving along its fore sides
ManeuverSide = Literal["port", "starboard", "fore_port", "fore_starboard"]


def launch_pose(ship_pose: Pose, base: str, end: End, turn: float) -> Pose:
    """Steps 2-4 of the launch: the tool's head in the slot of the launcher's end, turned ``turn``
    notches (negative: to port), the token's aft point against the notch at the end of the stem."""
    heading = normalize_heading(ship_pose.heading + (0.0 if end == "fore" else 180.0) + turn * NOTCH_DEGREES)
    sx, sy = slot(ship_pose, base, end)  # type: ignore[arg-type]
    h = math.radians(heading)
    notch = (sx + TOOL_STEM * math.sin(h), sy + TOOL_STEM * math.cos(h))
    return Pose(notch[0] + HALF_LENGTH * math.sin(h), notch[1] + HALF_LENGTH * math.cos(h), heading)


def side_direction(heading: float, side: ManeuverSide) -> float:
    """The direction a token moves along a side: lateral sides run with the heading; fore sides at 45
    degrees toward their side."""
    return normalize_heading(heading + {"port": 0.0, "starboard": 0.0, "fore_port": -45.0,
                                        "fore_starboard": 45.0}[side])


@dataclass(frozen=True)
class ProjectileMove:
    """Where a torpedo's impulse ends, how far it went and whether it crossed a system boundary."""

    end: Pose
    distance: float
    crossed_boundary: bool
    stopped: Literal["unit", "sector", "returned"] | None = None


def impulse(start: Pose, side: ManeuverSide, distance: float, across: bool, others: tuple[Polygon, ...]) -> \
        ProjectileMove:
    """Steps 1-4 of the projectile maneuver: along the chosen side for ``distance``, placed with that
    side against the ruler (``across`` False) or with its opposite side against the ruler's other
    edge, a ruler and a token's width further toward that side. A token that would overlap a unit or
    leave the sector is moved back along the ruler until it fits, else returned."""
    direction = math.radians(side_direction(start.heading, side))
    shift = (RULER_WIDTH + 2 * HALF_WIDTH) if across else 0.0
    to_side = -1.0 if side in ("port", "fore_port") else 1.0
    perp = math.radians(side_direction(start.heading, side) + 90.0 * to_side)
    d = distance
    first: Literal["unit", "sector"] | None = None
    while d >= 0:
        x = start.x + d * math.sin(direction) + shift * math.sin(perp)
        y = start.y + d * math.cos(direction) + shift * math.cos(perp)
        end = Pose(x, y, start.heading)
        shape = outline(end)
        why: Literal["unit", "sector"] | None = None
        if not inside_sector(shape):
            why = "sector"
        elif any(shape.intersection(o).area > 1e-6 for o in others):
            why = "unit"
        if why is None:
            return ProjectileMove(end, d, crosses_boundary(start, end), first)
        first = first or why
        d -= SEARCH_STEP_MM
    return ProjectileMove(start, 0.0, False, "returned")


def crosses_boundary(start: Pose, end: Pose) -> bool:
    """Whether a token's move from ``start`` to ``end`` crosses a system boundary (guide, "Check
    Endurance"), judged by the token's outline as a unit's area is (``token_area``): it ends in
    another area than it began, or it began in deep space and its path (the hull of the token at
    both ends) passed over a system. A token that began in a system and ends in it never left it:
    a system is a disc, so a straight slide out of it does not come back in."""
    before = token_area(start)
    if before != token_area(end):
        return True
    if before != DEEP_SPACE:
        return False
    swept = unary_union([outline(start), outline(end)]).convex_hull
    return any(swept.distance(Point(s.x, s.y)) <= s.radius for s in SYSTEMS)


def in_blast(pose: Pose, target: Polygon, inches: float) -> bool:
    """A unit at X" of the token (less than X inches from its outline)."""
    return bool(outline(pose).distance(target) < inches * INCH - 1e-9)


@dataclass(frozen=True)
class Launch:
    """A launch as chosen: the launcher, the end it launches from, the tool's turn (notches, negative
    to port), the endurance marker set, and the power spent from weapons power and reserve."""

    launcher: Launcher
    end: End
    turn: float
    endurance: int
    weapons_power: int
    reserve: int = 0


def units(state: ItuState, but: str = "") -> tuple[Polygon, ...]:
    """Every unit's outline on the table (ship bases and projectile tokens), but one."""
    return tuple([base_polygon(s.pose.pose(), s.card.base) for s in state.ships if not s.destroyed and s.id != but]
                 + [outline(p.pose.pose()) for p in state.projectiles if p.id != but])


def launch(state: ItuState, ship_id: str, chosen: Launch, *, seq: int, phase: Phase) -> ProjectileLaunched:
    """The launch procedure as an event: the launcher status must show torpedoes; power from weapons
    power and reserve equal to the launcher's cost; the token placed against the tool's notch, on no
    other unit nor anomaly token; the endurance marker up to the card's; a hostile act."""
    ship = state.ship(ship_id)
    card = PROJECTILES[chosen.launcher.projectile]
    if ship.stats.launcher != "torpedo":
        raise IllegalAttack(f"{ship.name}'s launcher status shows probes only")
    if chosen.weapons_power + chosen.reserve != chosen.launcher.cost or chosen.reserve > ship.reserve:
        raise IllegalAttack(f"{chosen.launcher.name} costs {chosen.launcher.cost} power")
    if abs(chosen.turn) > chosen.launcher.impulse_turn or dict(chosen.launcher.ends).get(chosen.end, 0) < 1:
        raise IllegalAttack(f"{chosen.launcher.name} cannot launch so from the {chosen.end}")
    if not 0 < chosen.endurance <= card.endurance:
        raise IllegalAttack(f"a {card.name}'s endurance is 1 to {card.endurance}")
    why = refusal(ship, volley_of(state, ship_id, None), chosen.launcher.name, chosen.end, chosen.weapons_power,
                  chosen.reserve)
    if why is not None:
        raise IllegalAttack(why)
    pose = launch_pose(ship.pose.pose(), ship.card.base, chosen.end, chosen.turn)
    shape = outline(pose)
    tokens = [Point(a.x, a.y).buffer(TOKEN_RADIUS, quad_segs=16) for a in state.anomalies]
    if not inside_sector(shape) or any(shape.intersection(o).area > 1e-6 for o in [*units(state), *tokens]):
        raise IllegalAttack("the torpedo would overlap another unit or feature")
    flips, negative = hostile_act(state, ship.side)
    return ProjectileLaunched(seq=seq, round=state.round, phase=phase, ship=ship.id, launcher=chosen.launcher.name,
                              projectile=f"torpedo-{state.launched + 1}", kind=chosen.launcher.projectile,
                              end=chosen.end, turn=chosen.turn, pose=PoseModel.of(pose), endurance=chosen.endurance,
                              weapons_power=chosen.weapons_power, reserve=chosen.reserve,
                              effects=Effects(negative=negative, hostile=flips))


def detonates(state: ItuState, token: ProjectileState) -> bool:
    """Guide: a torpedo detonates at 1" of an opposing unit. That is a range a non-attack effect
    measures, so only a unit in the token's own area can be at it (guide, "Measuring Between Areas":
    "any objects in different areas of the sector are not at range")."""
    area = token_area(token.pose.pose())
    return any(in_blast(token.pose.pose(), base_polygon(s.pose.pose(), s.card.base), DETONATION_IN)
               for s in state.ships if s.side != token.side and not s.destroyed and s.area == area)


def moving_sides(state: ItuState, token: ProjectileState) -> tuple[ManeuverSide, ...]:
    """The sides the torpedo may move along now (guide, "Sensor Lock": "Torpedoes can also move along
    their fore sides when a locked opposing unit is at Sensors range"): its lateral sides, and its
    fore sides too while a friendly lock is on an opposing ship at its Sensors range."""
    locked = {s.lock for s in state.ships if s.side == token.side and s.lock}
    guided = any(e.id in locked and in_blast(token.pose.pose(), base_polygon(e.pose.pose(), e.card.base),
                                             PROJECTILE_SENSORS_IN)
                 for e in state.ships if e.side != token.side and not e.destroyed)
    return ("port", "starboard", "fore_port", "fore_starboard") if guided else ("port", "starboard")


def side_refusal(state: ItuState, token: ProjectileState, side: str) -> str | None:
    """Why the torpedo may not move along ``side`` now (None: it may)."""
    allowed = moving_sides(state, token)
    if side in allowed:
        return None
    if side in ("fore_port", "fore_starboard"):
        return (f"{token.id} moves along its {side.replace('_', ' ')} side without a locked opposing unit at its "
                f"Sensors range ({PROJECTILE_SENSORS_IN:g}\"); guide, \"Sensor Lock\": only then along its fore sides")
    return f"{token.id} moves along its lateral sides ({', '.join(allowed)}), not {side!r} (guide, \"Projectiles\")"


def blast_targets(state: ItuState, token: ProjectileState) -> list[ShipState]:
    """Blast X: each unit at X"; only the opposing ones with a friendly lock when there are any. The
    blast is an attack, so it reaches across areas but not into another system (guide, "Declare
    Target": "The attacker and target cannot be in different systems, but either or both can be
    outside a system")."""
    reach = PROJECTILES[token.kind].blast_in
    area = token_area(token.pose.pose())
    near = [s for s in state.ships if not s.destroyed and (DEEP_SPACE in (area, s.area) or s.area == area)
            and in_blast(token.pose.pose(), base_polygon(s.pose.pose(), s.card.base), reach)]
    locked = {t.lock for t in state.ships if t.side == token.side and t.lock}
    marked = [s for s in near if s.side != token.side and s.id in locked]
    return marked or near


def blast_attack(state: ItuState, token: ProjectileState, target: ShipState, tester: Modifier, opponent: Chooser,
                 *, seq: int, phase: Phase) -> AttackMade:
    """The detonation attack on one unit: the card's intuition dice against evasion, at the target's
    nearer end, shields from reserve, the hull dial (Breach from the card). On an opposing ship it is
    a hostile act (guide, "Hostile Acts": an opposing unit "performs an attack targeting a friendly
    ship"), whatever the directives were when the torpedo was launched."""
    card = PROJECTILES[token.kind]
    shape = outline(token.pose.pose())
    ends: tuple[End, End] = ("fore", "aft")
    mm, end = min((shape.distance(end_polygon(target.pose.pose(), target.card.base, e)), e) for e in ends)
    return dice_attack(state, token.id, card.name, target, end, mm, card.dice, dict(card.keywords).get("Breach", 0),
                       tester, opponent, seq=seq, phase=phase,
                       hostile_side=token.side if target.side != token.side else None)

"""What the table shows of Into the Unknown beyond the ships' places (through engine/view.py): the
bases at their true sizes with their quarter lines and end wedges, the attacker's arc and the
range ruler to the closest point in arc, the turning tool and ruler during impulse, warp and
launches, and the projectile tokens in flight.

The tool's own sizes are chosen (docs/rulings.md, "Into the Unknown in the studio"): its head is
0.8" across, its stem 0.5" wide with its end notch 1.5" from the head's centre (``TOOL_STEM``).
"""

from __future__ import annotations

import math
from dataclasses import replace

from shapely.geometry import Polygon
from shapely.ops import nearest_points

from engine.geometry.pose import Pose, normalize_heading
from engine.rulesets.into_the_unknown.dice import SUCCESS_VALUE
from engine.rulesets.into_the_unknown.displays import BaseSize
from engine.rulesets.into_the_unknown.events import AttackMade, ProjectileLaunched, ProjectileMoved, ShipMoved, TestMade
from engine.rulesets.into_the_unknown.measure import WEDGES, part_in_arc
from engine.rulesets.into_the_unknown.movement import NOTCH_DEGREES
from engine.rulesets.into_the_unknown.projectiles import TOOL_STEM, outline
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState, ShipState
from engine.rulesets.into_the_unknown.table import BASES, INCH, base_polygon, end_polygon, slot
from engine.view import DiceView, DieMark, DieView, RulerView
from engine.view_into_the_unknown import ArcView, PieceView, ToolView

HEAD_RADIUS = 0.4 * INCH  # chosen: the turning tool's round head is 0.8" across
STEM_WIDTH = 0.5 * INCH  # chosen
TOOL_NOTCHES = 4  # notch marks drawn either side of the central notch (the largest impulse turn)
# the lines printed on a base, as bearings off its heading: the quarter lines and the bow and stern wedges
BASE_LINES = (45.0, 135.0, 225.0, 315.0, 22.5, 337.5, 157.5, 202.5)
TURN_SHARE = 0.3  # the part of an impulse's playing time spent turning (before or after the advance)


def tool(x: float, y: float, stem: float, turned: float = 0.0) -> ToolView:
    return ToolView(x=x, y=y, heading=normalize_heading(stem), head_radius=HEAD_RADIUS, length=TOOL_STEM,
                    width=STEM_WIDTH, notch=NOTCH_DEGREES, notches=TOOL_NOTCHES, turned=turned)


def _with_slot_at(heading: float, size: BaseSize, side: str, x: float, y: float) -> Pose:
    sx, sy = slot(Pose(0.0, 0.0, heading), size, side)
    return Pose(x - sx, y - sy, heading)


def impulse_frame(event: ShipMoved, size: BaseSize, progress: float) -> tuple[Pose, ToolView]:
    """Where the ship and the turning tool are ``progress`` of the way through a forward impulse
    (guide, steps 1-6): the tool's head stays in the slot of the side turned toward while the tool
    turns (before) and slides along the ruler, and the ship pivots about the head when it turns
    after the advance; the ship's slot is always on the tool's head."""
    start, end = event.start.pose(), event.end.pose()
    side = event.turn_side or "port"
    if progress >= 1:  # done: exactly where the rules put it (the event's pose), the head in its slot
        _, turning_tool = impulse_frame(event, size, 0.999999)
        x, y = slot(end, size, side)
        return end, replace(turning_tool, x=x, y=y)
    degrees = ((end.heading - start.heading + 180.0) % 360.0) - 180.0
    turning = degrees != 0.0
    normal = start.heading + (-90.0 if side == "port" else 90.0)  # the stem points out of the slot
    hx, hy = slot(start, size, side)
    if event.turn_when == "after":
        h = math.radians(start.heading)  # the ruler runs straight ahead
        ex, ey = hx + event.distance * math.sin(h), hy + event.distance * math.cos(h)
        advance = min(progress / (1 - TURN_SHARE), 1.0) if turning else progress
        turn = max(progress - (1 - TURN_SHARE), 0.0) / TURN_SHARE if turning else 0.0
        x, y = hx + (ex - hx) * advance, hy + (ey - hy) * advance
        heading = start.heading + degrees * turn
        return _with_slot_at(normalize_heading(heading), size, side, x, y), tool(x, y, normal,
                                                                               -degrees * turn / NOTCH_DEGREES)
    turn = min(progress / TURN_SHARE, 1.0) if turning else 1.0
    advance = max(progress - TURN_SHARE, 0.0) / (1 - TURN_SHARE) if turning else progress
    heading = start.heading + degrees * turn
    d = event.distance * advance
    x, y = hx + d * math.sin(math.radians(end.heading)), hy + d * math.cos(math.radians(end.heading))
    return (_with_slot_at(normalize_heading(heading), size, side, x, y),
            tool(x, y, normal + degrees * turn, degrees * turn / NOTCH_DEGREES))


def launch_tool(ship: ShipState, event: ProjectileLaunched) -> ToolView:
    """The launch's turning tool (guide, "Launching Projectiles", steps 2-4): its head in the slot
    of the launcher's end, turned ``event.turn`` notches, the token's aft point at its stem's notch."""
    pose = ship.pose.pose()
    x, y = slot(pose, ship.card.base, event.end)
    out = pose.heading + (0.0 if event.end == "fore" else 180.0)
    return tool(x, y, out + event.turn * NOTCH_DEGREES, event.turn)


def pieces(state: ItuState, event: object, progress: float) -> tuple[PieceView, ...]:
    """The projectile tokens: a moving one slides from its start to its end while its move plays."""
    out = []
    for p in state.projectiles:
        pose = _piece_pose(p, event, progress)
        out.append(PieceView(id=p.id, points=tuple((float(x), float(y)) for x, y in outline(pose).exterior.coords[:-1]),
                             player=p.side, label=f"{p.id} (endurance {p.endurance})"))
    return tuple(out)


def _piece_pose(p: ProjectileState, event: object, progress: float) -> Pose:
    if isinstance(event, ProjectileMoved) and event.projectile == p.id and progress < 1:
        a, b = event.start.pose(), event.end.pose()
        return Pose(a.x + (b.x - a.x) * progress, a.y + (b.y - a.y) * progress, b.heading)
    return p.pose.pose()


def base_size(ship: ShipState) -> tuple[float, float]:
    """(width, length) of the ship's base in mm."""
    return BASES[ship.card.base]


def closest_in_arc(attacker: ShipState, arc: str, target: Polygon) -> tuple[tuple[float, float], tuple[float, float],
                                                                           float] | None:
    """The closest points of the attacker's base and the part of ``target`` in ``arc`` (guide,
    "Range": range is measured to the closest point in arc), and the distance; None: not in arc."""
    pose = attacker.pose.pose()
    part = part_in_arc(pose, arc, target)  # type: ignore[arg-type]
    if part.is_empty:
        return None
    a, b = nearest_points(base_polygon(pose, attacker.card.base), part)
    return (a.x, a.y), (b.x, b.y), float(a.distance(b))


def attack_arc(attacker: ShipState, event: AttackMade) -> ArcView:
    """The attacker's arc, traced out to the weapon's range beyond the base's centre line."""
    weapon = next((w for w in attacker.card.beams if w.name == event.weapon), None)
    reach_in = weapon.range_in if weapon is not None else event.range / INCH
    _, length = base_size(attacker)
    return ArcView(ship=attacker.id, pose=attacker.pose.pose(), wedges=WEDGES[event.arc],  # type: ignore[index]
                   reach=reach_in * INCH + length / 2, player=attacker.side,
                   label=f"{event.arc.replace('_', ' ').upper()} ARC")


def attack_words(attacker: ShipState, event: AttackMade) -> str:
    """What the attack's ruler measures, for the HUD's header: range, end, arc and the weapon's reach."""
    weapon = next((w for w in attacker.card.beams if w.name == event.weapon), None)
    reach = f' (range {weapon.range_in:g}")' if weapon is not None else ""
    return f'{event.range / INCH:.1f}" to the {event.end} end in the {event.arc.replace("_", " ")} arc' + reach


def attack_ruler(attacker: ShipState, target: ShipState, event: AttackMade) -> RulerView | None:
    """The range ruler between the closest points: the attacker's base and the target end's part in
    arc (its words are the header's, :func:`attack_words`: a label on the table would cover the ships)."""
    if event.end is None:  # an attack on a projectile has no end to measure to
        return None
    aim = end_polygon(target.pose.pose(), target.card.base, event.end)
    found = closest_in_arc(attacker, event.arc, aim)
    if found is None:
        return None
    start, end, mm = found
    return RulerView(ship=attacker.id, target=target.id, start=start, end=end, distance=mm, band=1, arc=event.arc,
                     text="")


def ship_ruler(ship: ShipState, target: ShipState) -> RulerView:
    """The viewer's ruler: from the ship's base to the closest point of the target's base, named by
    the quarter arc (fore, starboard, aft, port) that point lies in."""
    pose = ship.pose.pose()
    other = base_polygon(target.pose.pose(), target.card.base)
    a, b = nearest_points(base_polygon(pose, ship.card.base), other)
    mm = float(a.distance(b))
    bearing = (math.degrees(math.atan2(b.x - pose.x, b.y - pose.y)) - pose.heading) % 360.0
    arc = ("fore", "starboard", "aft", "port")[int(((bearing + 45.0) % 360.0) // 90.0)]
    return RulerView(ship=ship.id, target=target.id, start=(a.x, a.y), end=(b.x, b.y), distance=mm,
                     band=1 if mm < 8 * INCH else 4, arc=arc,
                     text=f'{target.name}: {mm / INCH:.1f}", {arc} arc')


STEP_WORDS = {"allowance": "instruments", "lock": "sensor lock", "relentless": "Relentless", "pulse": "Pulse",
              "discovery": "discovery", "advantage": "advantage", "peril": "peril"}


def dice_of_test(event: TestMade) -> DiceView:
    """A test's dice (guide, "Making a Test") as an attack's are drawn, under the test's name; the
    tally is the successes against the difficulty and the result (the caption listed only faces)."""
    dice = _pool(event).attack
    successes = sum(SUCCESS_VALUE.get(d.face, 0) for d in dice)
    return DiceView(attack=dice, attack_label=event.test,
                    tally=f"{successes} success{'es' if successes != 1 else ''} vs difficulty {event.difficulty}: "
                          f"{'success' if event.success else 'failure'}")


def _pool(event: AttackMade | TestMade) -> DiceView:
    """The dice as rolled and changed: each die's final face, marked with what changed it last."""
    faces = [d.face for d in event.dice]
    marks: list[DieMark] = [""] * len(faces)
    by = [""] * len(faces)
    for step in event.steps:
        if step.index < len(faces):
            faces[step.index] = step.face
            marks[step.index] = "converted" if step.how == "discovery" else "rerolled"
            by[step.index] = STEP_WORDS[step.how]
    return DiceView(attack=tuple(DieView(kind="attack", face=f, mark=m, fresh=True, by=b)
                                 for f, m, b in zip(faces, marks, by, strict=True)))


def attack_dice(event: AttackMade, target: ShipState | None) -> DiceView:
    """The attack's dice as rolled and changed (guide, "Making an Attack"): each die's final face,
    marked rerolled (or converted, a discovery made a breakthrough) with what changed it last; the
    tally is the successes against the target's evasion and what the hit did."""
    dice = _pool(event).attack
    successes = sum(SUCCESS_VALUE.get(d.face, 0) for d in dice)
    evasion = f" vs evasion {target.card.evasion}" if target is not None else ""
    outcome = f"hit for {event.damage}, shields cancel {event.shields}" if event.hit else "miss"
    return DiceView(attack=dice, tally=f"{successes} success{'es' if successes != 1 else ''}{evasion}: {outcome}")

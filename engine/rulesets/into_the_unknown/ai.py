"""The players of Into the Unknown: what a seat decides (``Player``) and the engine's AI for either fleet.

Every choice the guide leaves to a player goes through the seat: which order to give (or to pass),
the maneuver, the target, the power spent, each reroll, what a discovery becomes, which die a peril
token forces, wreckage (peril or reserve), which officers to ready. The AI writes a reason for each
order it gives.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal, Protocol

from shapely.geometry import Point

from engine.rulesets.into_the_unknown.ai_fire import plan_fire
from engine.rulesets.into_the_unknown.combat import Shot
from engine.rulesets.into_the_unknown.dice import Face, How, Modifier, Pool
from engine.rulesets.into_the_unknown.displays import OFFICERS, PROJECTILES, ActionName, StationKey
from engine.rulesets.into_the_unknown.displays import Section as SectionKey
from engine.rulesets.into_the_unknown.events import PoseModel
from engine.rulesets.into_the_unknown.movement import NOTCH_DEGREES, ComeAboutPlan, ImpulsePlan, Plan, WarpPlan, resolve
from engine.rulesets.into_the_unknown.orders import MISSION_ACTIONS as MISSION_ACTIONS
from engine.rulesets.into_the_unknown.orders import Option, options, options_at, pay, table_for
from engine.rulesets.into_the_unknown.orders import mission_action as mission_action
from engine.rulesets.into_the_unknown.procedures import COLOURS, at_sensors_range, lockable, within
from engine.rulesets.into_the_unknown.projectiles import (
    Launch,
    ManeuverSide,
    impulse,
    moving_sides,
    outline,
    units,
)
from engine.rulesets.into_the_unknown.state import ItuState, ObjectiveState, ProjectileState, ShipState
from engine.rulesets.into_the_unknown.table import INCH, area_of, area_of_point, base_polygon

SIDES: tuple[Literal["port"], Literal["starboard"]] = ("port", "starboard")
WARP_BEYOND_IN = 0.0  # within an area, warp toward a goal beyond an impulse's reach (plus this many inches)
ORDER_COST = 500.0  # a move's score (mm-like) for each further order its end leaves to reach the goal
MISSION_SKILLS: dict[ActionName, str] = {"THREAT ANALYSIS": "Discipline", "DEMOLITION SALVO": "Ordnance",
                                         "TRANSPORTER EVAC": "Mechanics"}  # the skill each mission test names


@dataclass(frozen=True)
class Choice:
    """An order a seat gives: the ship, the option (action, station, officer, payment) and what the
    action needs: a maneuver, an objective, shots, a lock target, an alert step; and the reason."""

    ship: str
    option: Option
    plan: Plan | None = None
    objective: str | None = None
    shots: tuple[Shot, ...] = ()
    launches: tuple[Launch, ...] = ()
    target: str | None = None
    alert: int = 0
    reason: str = ""


@dataclass(frozen=True)
class Relocation:
    """The ready phase's third step, as a seat chooses it: an officer to a section (and perhaps a
    station) aboard the ship, and why."""

    ship: str
    officer: str
    section: SectionKey
    station: StationKey | None
    reason: str


class Player(Protocol):
    """A seat: the engine asks it for every decision the rules leave to a player."""

    def order(self, state: ItuState, side: int, kind: Literal["priority", "standby"]) -> Choice | None: ...

    def tester(self, state: ItuState, side: int) -> Modifier: ...

    def peril(self, pool: Pool, difficulty: int, how: How) -> int | None: ...

    def wreckage(self, state: ItuState, ship: str) -> Literal["peril", "reserve"]: ...

    def ready(self, state: ItuState, side: int) -> list[tuple[str, str]]: ...

    def relocate(self, state: ItuState, side: int) -> list[Relocation]: ...

    def raise_alert(self, state: ItuState, ship: str) -> bool: ...

    def hail(self, state: ItuState, side: int) -> bool: ...

    def steer(self, state: ItuState, token: ProjectileState) -> tuple[ManeuverSide, bool]: ...

    def salvo(self, state: ItuState, token: ProjectileState, outposts: list[str]) -> str | None: ...


def reroll_choice(pool: Pool, difficulty: int, how: How) -> int | None:
    """Reroll a blank; when short of the difficulty, an analysis too (Relentless: blanks only)."""
    for wanted in ("blank",) if how == "relentless" else ("blank", "analysis"):
        if wanted == "analysis" and pool.successes() >= difficulty:
            return None
        for i, die in enumerate(pool.dice):
            if die.face == wanted:
                return i
    return None


def discovery_choice(pool: Pool, difficulty: int, index: int) -> Face | None:
    """A discovery becomes a breakthrough: a success that also pays kickers and damage cards."""
    return "breakthrough"


def peril_choice(pool: Pool, difficulty: int, how: How) -> int | None:
    """As the opponent: force a reroll of a success die (not a breakthrough) while the test holds."""
    if pool.successes() < difficulty:
        return None
    for wanted in ("double", "success"):
        for i, die in enumerate(pool.dice):
            if die.face == wanted:
                return i
    return None


def _goal_point(state: ItuState, ship: ShipState) -> tuple[float, float, str] | None:
    """Where the ship is heading and why: an objective its mission action needs, else the enemy."""
    targets = mission_objectives(state, ship)
    if targets:
        best = min(targets, key=lambda o: math.hypot(o.x - ship.pose.x, o.y - ship.pose.y))
        return best.x, best.y, f"toward {best.id}"
    enemies = [s for s in state.ships if s.side != ship.side and not s.destroyed]
    if enemies and hostile_mode(state, ship.side):
        enemy = enemies[0]
        return enemy.pose.x, enemy.pose.y, f"toward {enemy.name}"
    return None


def hostile_mode(state: ItuState, side: int) -> bool:
    """The AI fights when its directive is HOSTILE, in the Outpost Ambush, or when it trails by 2 in
    the overture's later rounds (as the Dominion does in the guide's attack example)."""
    if state.complication == "rescue_op":
        return False
    return (state.directives[side] == "hostile" or state.complication == "outpost_ambush"
            or (state.round >= 2 and state.score(1 - side) - state.score(side) >= 2))


def mission_objectives(state: ItuState, ship: ShipState) -> list[ObjectiveState]:
    """Objectives the ship's mission action can be taken at, wherever it stands."""
    mine, theirs = COLOURS[ship.side], COLOURS[1 - ship.side]
    if state.complication is None:
        # replacing an opposing marker is a hostile act: 2 negative VP while the directive is CALM,
        # and both directives turn HOSTILE; worth it only once the directive is HOSTILE anyway
        calm = state.directives[ship.side] == "calm"
        return [o for o in state.objectives if o.marker == mine or (o.marker == theirs and not calm)]
    if state.complication == "outpost_ambush":
        return [o for o in state.objectives if o.marker == theirs]
    return [o for o in state.objectives if o.marker is None and o.marker != mine]


def mission_ready(state: ItuState, ship: ShipState) -> list[ObjectiveState]:
    """Objectives where the mission action can be taken from where the ship stands now."""
    action = mission_action(state)
    found = []
    for o in mission_objectives(state, ship):
        if action == "DEMOLITION SALVO":
            if within(ship, o, max((w.range_in for w in ship.card.beams), default=0.0)):
                found.append(o)
        elif at_sensors_range(ship, o):
            found.append(o)
    return found


def orders_to_reach(gap: float, facing: float, engine: int, impulse_turn: int) -> int:
    """About how many maneuver orders a ship ``gap`` mm from its goal, ``facing`` degrees off it,
    still needs: a come about when the heading is more than an impulse turn off, then one forward
    impulse per engine power of distance (at least one)."""
    turn = 1 if facing > impulse_turn * NOTCH_DEGREES + 1.0 else 0
    return turn + max(1, math.ceil(gap / max(engine * INCH, 1.0)))


def best_move(state: ItuState, ship: ShipState, goal: tuple[float, float], warp: bool) -> tuple[Plan, float]:
    """The maneuver among a fan of candidates that ends nearest a point 1" short of the goal."""
    stats = ship.stats
    start = ship.pose.pose()
    table = table_for(state, ship)
    candidates: list[Plan] = []
    if warp:
        for factor in range(1, ship.card.warp_drive + 1):
            if factor - stats.engine <= ship.reserve - 2 or factor <= stats.engine:
                candidates += [WarpPlan(factor, 2 * factor * INCH), WarpPlan(factor, factor * INCH)]
    else:
        for fraction in (1.0, 0.75, 0.5, 0.25):
            for turn in (0.0, stats.impulse_turn / 2, float(stats.impulse_turn)):
                for side in SIDES:
                    candidates.append(ImpulsePlan(stats.engine * INCH * fraction, turn, side, "before"))
                    if turn and fraction in (1.0, 0.5):  # straight on, then facing the goal (guide, step 6)
                        candidates.append(ImpulsePlan(stats.engine * INCH * fraction, turn, side, "after"))
        bearing = math.degrees(math.atan2(goal[0] - start.x, goal[1] - start.y)) % 360.0
        candidates.append(ComeAboutPlan(round(bearing, 3)))
    best: tuple[Plan, float] | None = None
    gx, gy = goal
    for plan in candidates:
        end = resolve(start, ship.card.base, plan, table).end
        if warp and (area_of(end, ship.card.base) == area_of(start, ship.card.base)) != (
                area_of_point(gx, gy) == area_of(start, ship.card.base)):
            continue  # a warp toward a goal in another area must cross into it; within an area, stay in it
        gap = base_polygon(end, ship.card.base).distance(Point(gx, gy))
        heading_to = math.degrees(math.atan2(gx - end.x, gy - end.y)) % 360.0
        facing = abs(((heading_to - end.heading) + 180.0) % 360.0 - 180.0)
        # first the orders still needed after this one (an end from which the mission action can be
        # taken needs none; a ship whose Sensors look only through its fore arc must face the
        # objective, and a heading its impulse turn cannot fix costs a come about), then closeness
        moved = ship.model_copy(update={"pose": PoseModel.of(end), "area": area_of(end, ship.card.base)})
        orders = 0 if mission_ready(state, moved) else orders_to_reach(gap, facing, stats.engine, stats.impulse_turn)
        score = orders * ORDER_COST + abs(gap - 1 * INCH) + facing * 0.2
        if best is None or score < best[1]:
            best = (plan, score)
    if best is None:
        return ComeAboutPlan(start.heading), 1e9
    return best


@dataclass
class ItuAI:
    """The engine's player for either fleet: the mission action where it can, moving toward the
    next objective, fighting when its directive or the mission calls for it."""

    reasons: list[str] = field(default_factory=list)

    def tester(self, state: ItuState, side: int) -> Modifier:
        return Modifier(reroll_choice, discovery_choice)

    def peril(self, pool: Pool, difficulty: int, how: How) -> int | None:
        return peril_choice(pool, difficulty, how)

    def wreckage(self, state: ItuState, ship: str) -> Literal["peril", "reserve"]:
        return "reserve" if state.ship(ship).reserve >= 4 else "peril"

    def ready(self, state: ItuState, side: int) -> list[tuple[str, str]]:
        order = ("helm", "instruments", "tactical", "captains_chair")
        committed = [(s.id, o.key, o.station) for s in state.ships if s.side == side and not s.destroyed
                     for o in s.officers if o.committed and not o.incapacitated]
        committed.sort(key=lambda c: order.index(c[2]) if c[2] in order else len(order))
        return [(ship, key) for ship, key, _ in committed[:3]]

    def relocate(self, state: ItuState, side: int) -> list[Relocation]:
        """Put the ready officer with the most levels in the mission test's skill at the station the
        mission action is in (the guide's test example suggests it), the officer there taking the
        newcomer's old station, unless that old station's actions would then cost more reserve."""
        action = mission_action(state)
        station, skill = MISSION_ACTIONS[action], MISSION_SKILLS[action]
        moves: list[Relocation] = []
        for ship in state.ships:
            if ship.side != side or ship.destroyed or len(moves) > 0:
                continue
            holder = ship.at_station(station)
            here = OFFICERS[holder.key].skill(skill) if holder and not holder.incapacitated else -1
            ready = [o for o in ship.officers if not o.committed and not o.incapacitated and o is not holder]
            best = max(ready, key=lambda o: (OFFICERS[o.key].skill(skill), o.key), default=None)
            if best is None or OFFICERS[best.key].skill(skill) <= here:
                continue
            level, target = OFFICERS[best.key].skill(skill), ship.card.station(station)
            why = f"{OFFICERS[best.key].name} ({skill} {level}) leads {action} at the {station} station"
            if holder is None:
                moves.append(Relocation(ship.id, best.key, target.section, station, why))
                continue
            if best.station is not None and _reserve_at(ship, best.station, holder.key) > _reserve_at(
                    ship, best.station, best.key):
                continue  # the officer displaced would pay more reserve at the station left open
            moves.append(Relocation(ship.id, holder.key, holder.section, None, f"{OFFICERS[holder.key].name} "
                                    f"leaves the {station} station to {OFFICERS[best.key].name}"))
            moves.append(Relocation(ship.id, best.key, target.section, station, why))
            if best.station is not None:
                moves.append(Relocation(ship.id, holder.key, ship.card.station(best.station).section,
                                        best.station, f"{OFFICERS[holder.key].name} takes the {best.station} "
                                        "station left open"))
        return moves[:3]

    def hail(self, state: ItuState, side: int) -> bool:
        """Turn the directive HOSTILE in the Hail phase when offered (the Dominion trailing in the
        overture): the AI would fight while trailing anyway, and this way pays no negative VP."""
        return True

    def raise_alert(self, state: ItuState, ship: str) -> bool:
        return state.ship(ship).stats.colour != "red"

    def salvo(self, state: ItuState, token: ProjectileState, outposts: list[str]) -> str | None:
        """A torpedo at an opposing outpost takes DEMOLITION SALVO there: a victory point to try for."""
        return outposts[0] if outposts else None

    def steer(self, state: ItuState, token: ProjectileState) -> tuple[ManeuverSide, bool]:
        """The side (fore sides only with a locked opposing unit at the torpedo's Sensors range) and
        placement that end nearest the nearest opposing ship."""
        enemies = [s for s in state.ships if s.side != token.side and not s.destroyed]
        sides = moving_sides(state, token)
        card = PROJECTILES[token.kind]
        others = units(state, but=token.id)
        best: tuple[float, ManeuverSide, bool] | None = None
        for side in sides:
            for across in (False, True):
                end = impulse(token.pose.pose(), side, card.engine * INCH, across, others).end
                gap = min((outline(end).distance(base_polygon(e.pose.pose(), e.card.base)) for e in enemies),
                          default=0.0)
                if best is None or gap < best[0] - 1e-9:
                    best = (gap, side, across)
        assert best is not None
        return best[1], best[2]

    def order(self, state: ItuState, side: int, kind: Literal["priority", "standby"]) -> Choice | None:
        best: tuple[float, Choice] | None = None
        for ship in state.ships:
            if ship.side != side or ship.destroyed or (kind == "standby" and ship.standby_given):
                continue
            for value, choice in self._choices(state, ship, kind):
                if best is None or value > best[0]:
                    best = (value, choice)
        return best[1] if best is not None and best[0] > 0 else None

    def _choices(self, state: ItuState, ship: ShipState, kind: Literal["priority", "standby"]) -> list[
            tuple[float, Choice]]:
        found: list[tuple[float, Choice]] = []
        fight = hostile_mode(state, ship.side)
        opts = options(ship, kind)
        ready = mission_ready(state, ship)
        for opt in opts:
            name = opt.action.name
            if name == "SENSOR LOCK" and fight:
                found += self._lock(state, ship, opt, opts)
            elif name == "FIRE WEAPONS":
                keep = 2 if hostile_mode(state, 1 - ship.side) else 0  # reserve for shields
                fire = plan_fire(state, ship, opt.officer, fight, keep)
                if fire.shots or fire.launches:
                    found.append((8.0 if fight else 7.0, Choice(ship.id, opt, shots=fire.shots,
                                                                launches=fire.launches, reason=fire.reason)))
            elif name == "CALL ALERT" and fight and ship.stats.colour != "red":
                found.append((4.0 if kind == "standby" else 1.0, Choice(ship.id, opt, alert=1,
                                                                        reason="battle stations: to red alert")))
            elif name in ("IMPULSE", "WARP") and not ready:
                goal = _goal_point(state, ship)
                if goal is None:
                    continue
                gx, gy, why = goal
                warp = name == "WARP"
                crossing = ship.area != area_of_point(gx, gy)
                far = base_polygon(ship.pose.pose(), ship.card.base).distance(Point(gx, gy)) > \
                    (ship.stats.engine + WARP_BEYOND_IN) * INCH
                if (warp and not crossing and not far) or (crossing and not warp):
                    continue  # impulse within an area, unless the goal is beyond its reach; warp across
                if kind == "standby" and ship.reserve - opt.paid.reserve < 2 and hostile_mode(state, 1 - ship.side):
                    continue  # keep reserve for shields while the other fleet would fire
                plan, score = best_move(state, ship, (gx, gy), warp)
                if warp and not crossing:
                    why += f", at warp: beyond an impulse's {ship.stats.engine}\""
                if isinstance(plan, ImpulsePlan) and plan.turn and plan.when == "after":
                    why += ", turning after the advance to face it"
                found.append((5.0 - min(score, 4000.0) / 1000.0, Choice(ship.id, opt, plan=plan, reason=why)))
        if kind == "priority":
            for title, station in ship.cards:
                for opt in options_at(ship, station, "REPAIR"):
                    found.append((6.0, Choice(ship.id, opt, target=title,
                                              reason=f"repair {title} at the {station} station")))
        if ready:  # a standby order may take the mission action too (guide, "Action Requirements")
            station = MISSION_ACTIONS[mission_action(state)]
            for opt in options_at(ship, station, mission_action(state), kind):
                target = ready[0]
                found.append((10.0, Choice(ship.id, opt, objective=target.id,
                                           reason=f"{mission_action(state)} at {target.id}")))
        return found

    def _lock(self, state: ItuState, ship: ShipState, opt: Option, opts: list[Option]) -> list[tuple[float, Choice]]:
        """SENSOR LOCK on the nearest enemy at Sensors range that no friendly ship has locked (guide,
        "Sensor Locks": friendly attacks on it reroll up to instruments power; friendly torpedoes at
        their Sensors range may move along their fore sides): before this ship's FIRE WEAPONS when an
        officer is still ready to order it and an attack is in reach, else as a lesser order."""
        locked = {s.lock for s in state.ships if s.side == ship.side and s.lock}
        enemies = sorted((math.hypot(e.pose.x - ship.pose.x, e.pose.y - ship.pose.y), e.id, e) for e in state.ships
                         if e.side != ship.side and not e.destroyed and e.id not in locked and lockable(ship, e))
        if not enemies:
            return []
        target = enemies[0][2]
        then_fire = not ship.fired and any(o.action.name == "FIRE WEAPONS" and o.officer != opt.officer
                                           for o in opts) and bool(plan_fire(state, ship, None, True, 0).shots)
        why = (f"lock {target.name} first: the attack that follows rerolls up to {ship.stats.instruments} dice"
               if then_fire else f"lock {target.name}: later attacks and torpedoes gain by it")
        return [(8.5 if then_fire else 3.0, Choice(ship.id, opt, target=target.id, reason=why))]


def _reserve_at(ship: ShipState, station: StationKey, officer: str) -> int:
    """The reserve the station's actions would cost in all if ``officer`` gave their orders."""
    return sum(pay(a.cost, OFFICERS[officer]).reserve for a in ship.card.station(station).actions)

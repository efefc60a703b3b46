"""Orders and what they cost (guide, "Orders and Actions", "Action Costs"), and maneuvers as events.

These are the engine's builders: from a state and a player's choice they make the event that the
reducer then folds, so a game and its replay agree by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.rulesets.into_the_unknown.displays import (
    CATEGORIES,
    OFFICERS,
    Action,
    ActionName,
    Cost,
    Officer,
    StationKey,
    notches,
)
from engine.rulesets.into_the_unknown.events import Paid, Phase, PoseModel, ShipMoved
from engine.rulesets.into_the_unknown.movement import (
    ComeAboutPlan,
    ImpulsePlan,
    Plan,
    Table,
    WarpPlan,
    max_warp_distance,
    resolve,
    warp_reserve,
)
from engine.rulesets.into_the_unknown.state import ItuState, ShipState
from engine.rulesets.into_the_unknown.table import INCH, area_of, base_polygon

# guide, "Damage Icons": a disabled ship "can resolve only the following procedures: adjust alert, heal,
# repair, and form team"; of the learning mission's actions, CALL ALERT adjusts alert, REPAIR repairs
DISABLED_ACTIONS = frozenset({"CALL ALERT", "REPAIR"})


class IllegalOrder(ValueError):
    """An order the rules do not allow in this state."""


def pay(cost: Cost, officer: Officer | None) -> Paid:
    """Guide, \"Action Costs\": each level the ordering officer has in a category pays one matching
    icon; each icon past it costs 1 reserve, as does each reserve icon. A standby order has no
    officer, so it pays everything with reserve."""
    levels = {c: min(cost.category(c), officer.category_level(c) if officer else 0) for c in CATEGORIES}
    reserve = cost.reserve + sum(cost.category(c) - levels[c] for c in CATEGORIES)
    return Paid(social=levels["social"], security=levels["security"], technical=levels["technical"],
                reserve=reserve)


@dataclass(frozen=True)
class Option:
    """An action a ship can be ordered to take now: at which station, by which officer (None for a
    standby order), assigned to the open station or already there, and what it would pay."""

    action: Action
    station: StationKey
    officer: str | None
    assigned: bool
    paid: Paid


def options(ship: ShipState, order: str) -> list[Option]:
    """Every (action, station, officer) a priority or standby order could take on this ship now,
    that its reserve can pay for (guide, "Priority Orders" steps 1-2; "Standby Orders"); a disabled
    ship only those that adjust alert or repair."""
    found = []
    for station in ship.card.stations:
        if ship.offline(station.key):
            continue  # guide: actions in a station offline due to a damage card cannot be used
        for action in station.actions:
            if action.order not in (None, order) or (action.alert and action.alert != ship.stats.colour):
                continue
            if ship.disabled and action.name not in DISABLED_ACTIONS:
                continue
            if action.name == "FIRE WEAPONS" and ship.fired:
                continue
            if order == "standby":
                paid = pay(action.cost, None)
                if paid.reserve <= ship.reserve:
                    found.append(Option(action, station.key, None, False, paid))
                continue
            holder = ship.at_station(station.key)
            if holder is not None:
                candidates = [(holder, False)] if not holder.committed else []
            else:  # guide, "Priority Orders" step 2: "a ready officer in the same section as that station",
                # assigned to a station of it or not (the unassigned first); they leave their station for this one
                candidates = [(o, True) for o in sorted(ship.officers, key=lambda o: o.station is not None)
                              if o.section == station.section]
            for officer, assigned in candidates:
                if officer.committed or officer.incapacitated:
                    continue
                paid = pay(action.cost, OFFICERS[officer.key])
                if paid.reserve <= ship.reserve:
                    found.append(Option(action, station.key, officer.key, assigned, paid))
    return found


# the station each mission action is treated as in (guide, "Action Requirements": THREAT ANALYSIS shows
# the instruments icon; the others chosen), and the mission action of each act of the learning mission
MISSION_ACTIONS: dict[ActionName, StationKey] = {"THREAT ANALYSIS": "instruments", "DEMOLITION SALVO": "tactical",
                                                 "TRANSPORTER EVAC": "instruments"}
ACT_ACTIONS: dict[str | None, ActionName] = {None: "THREAT ANALYSIS", "outpost_ambush": "DEMOLITION SALVO",
                                             "rescue_op": "TRANSPORTER EVAC"}
ACT_NAMES = {None: "the overture", "outpost_ambush": "Outpost Ambush", "rescue_op": "Rescue Op"}


def mission_action(state: ItuState) -> ActionName:
    """The mission action of the act being played: the overture's, else the complication's."""
    return ACT_ACTIONS[state.complication]


def options_at(ship: ShipState, station: StationKey, action: ActionName,
               kind: Literal["priority", "standby"] = "priority") -> list[Option]:
    """An order for a mission action treated as in ``station``: a priority order by its ready
    officer, or a ready officer of its section for an open station; a standby order by no officer
    (it counts as the ship's one standby order). TRANSPORTER EVAC costs 1 reserve."""
    if (ship.offline(station) and action != "REPAIR") or (ship.disabled and action not in DISABLED_ACTIONS):
        return []
    cost = Paid(reserve=1) if action == "TRANSPORTER EVAC" else Paid()
    if cost.reserve > ship.reserve:
        return []
    if kind == "standby":
        return [Option(Action(action), station, None, False, cost)]
    holder = ship.at_station(station)
    if holder is not None:
        ok = not holder.committed and not holder.incapacitated
        return [Option(Action(action), station, holder.key, False, cost)] if ok else []
    section = ship.card.station(station).section
    return [Option(Action(action), station, o.key, True, cost) for o in ship.officers
            if o.section == section and o.station is None and not o.committed and not o.incapacitated]


def legal_orders(state: ItuState, ship: ShipState, kind: Literal["priority", "standby"]) -> list[Option]:
    """Every order the ship may be given now, the one legality source for the seats (AI or person)
    and the reducer: its stations' actions (``options``), the act's mission action at the station
    it is treated as in (guide, "Action Requirements") and, by priority order, REPAIR of a damage
    card at its station."""
    if ship.destroyed or (kind == "standby" and ship.standby_given):
        return []
    found = options(ship, kind)
    action = mission_action(state)
    found += options_at(ship, MISSION_ACTIONS[action], action, kind)
    if kind == "priority":
        for station in dict.fromkeys(station for _, station in ship.cards):
            found += options_at(ship, station, "REPAIR")
    return found


def order_refusal(state: ItuState, ship: ShipState, kind: Literal["priority", "standby"], action: str,
                  station: str | None, officer: str | None, assigned: bool, paid: Paid) -> str | None:
    """Why the rules refuse this order (None: it is one of ``legal_orders``), naming the rule."""
    legal = legal_orders(state, ship, kind)
    if any((o.action.name, o.officer, o.assigned, o.paid) == (action, officer, assigned, paid)
           and (o.station == station or (station is None and kind == "standby")) for o in legal):
        return None  # (a standby order commits no one: a file may leave out the box it took the action from)
    what = f"{action} at the {station} station of {ship.name}"
    act = ACT_NAMES.get(state.complication, "this act")
    if action in MISSION_ACTIONS and action != mission_action(state):
        return (f"{what}: {action} is not the mission action of {act}, which is {mission_action(state)} "
                "(guide, \"Action Requirements\": mission actions come from the mission's rules)")
    here = [o for o in legal if o.action.name == action and (station is None or o.station == station)]
    if not here:
        if ship.destroyed or (kind == "standby" and ship.standby_given):
            return f"{what}: the ship has no {kind} order left (guide, \"Standby Orders\")"
        at = sorted({o.station for o in legal if o.action.name == action})
        return (f"{what}: that station's box has no {action} the ship can take by a {kind} order now"
                + (f" (it is at the {', '.join(at)} station)" if at else "")
                + " (guide, \"Orders and Actions\", \"Action Requirements\")")
    costs = {o.paid for o in here}
    if paid not in costs:
        return (f"{what}: paid {_paid_text(paid)}, but the cost is paid {' or '.join(_paid_text(c) for c in costs)} "
                "(guide, \"Action Costs\": each officer level pays one icon, each icon past it 1 reserve)")
    return (f"{what}: {officer or 'no officer'} cannot give it"
            + (" as assigned to the open station" if assigned else "")
            + " (guide, \"Priority Orders\": commit a ready officer in that station)")


def _paid_text(paid: Paid) -> str:
    parts = [f"{getattr(paid, c)} {c}" for c in (*CATEGORIES, "reserve") if getattr(paid, c)]
    return ", ".join(parts) or "nothing"


def table_for(state: ItuState, ship: ShipState) -> Table:
    """What the ship's maneuver must respect: every other ship in play, the unexposed anomalies."""
    others = tuple(base_polygon(s.pose.pose(), s.card.base) for s in state.ships if s.id != ship.id and
                   not s.destroyed)
    return Table(others=others, anomalies=tuple((a.id, a.x, a.y) for a in state.anomalies if not a.exposed))


def maneuver(state: ItuState, ship_id: str, plan: Plan, *, seq: int, phase: Phase) -> ShipMoved:
    """The ``ship_moved`` event of a maneuver, checked against the ship's stats now: a warp factor up
    to its warp drive, reserve for a factor above engine power, at most twice the factor in inches;
    an impulse advance up to engine power and a turn up to its impulse turn."""
    ship = state.ship(ship_id)
    stats = ship.stats
    reserve = 0
    if isinstance(plan, WarpPlan):
        if not 0 < plan.warp_factor <= ship.card.warp_drive:
            raise IllegalOrder(f"{ship.name}'s warp drive allows warp 1 to {ship.card.warp_drive}, "
                               f"not {plan.warp_factor}")
        reserve = warp_reserve(plan.warp_factor, stats.engine)
        if reserve > ship.reserve:
            raise IllegalOrder(f"warp {plan.warp_factor} needs {reserve} reserve; {ship.name} has {ship.reserve}")
        if not 0 <= plan.distance <= max_warp_distance(plan.warp_factor) + 1e-9:
            raise IllegalOrder(f"warp {plan.warp_factor} moves up to {2 * plan.warp_factor}\"")
    elif isinstance(plan, ImpulsePlan):
        if not 0 <= plan.distance <= stats.engine * INCH + 1e-9:
            raise IllegalOrder(f"{ship.name}'s engine power allows {stats.engine}\" at impulse")
        if not 0 <= plan.turn <= stats.impulse_turn:
            raise IllegalOrder(f"{ship.name}'s impulse turn allows {notches(stats.impulse_turn)}")
    start = ship.pose.pose()
    done = resolve(start, ship.card.base, plan, table_for(state, ship))
    kind = "warp" if isinstance(plan, WarpPlan) else "come_about" if isinstance(plan, ComeAboutPlan) else "impulse"
    impulse = plan if isinstance(plan, ImpulsePlan) else None
    return ShipMoved(seq=seq, round=state.round, phase=phase,
                     ship=ship_id, maneuver=kind, start=PoseModel.of(start), end=PoseModel.of(done.end),
                     distance=round(done.distance, 4), warp_factor=plan.warp_factor if isinstance(plan, WarpPlan)
                     else 0, turn=impulse.turn if impulse else 0.0,
                     turn_side=impulse.side if impulse and impulse.turn else None,
                     turn_when=impulse.when if impulse and impulse.turn else None,
                     area=area_of(done.end, ship.card.base), stopped=done.stopped, reserve=reserve)

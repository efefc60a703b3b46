"""Alliance events as readable lines (the Attack Wing lines for Attack Wing events).

``describe(event, state)`` takes the state *before* the event, for ship names.
"""

from __future__ import annotations

from typing import Any, cast

from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.state import AllianceState
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import narrate as aw
from engine.rulesets.attack_wing.narrate import maneuver_name
from engine.rulesets.attack_wing.params import BASE_SIDE_MM
from engine.rulesets.attack_wing.state import GameState
from engine.view import BaseSize
from engine.view_alliance import DecisionView


def _n(state: AllianceState, ship: str | None) -> str:
    if ship is None:
        return "nobody"
    try:
        return state.aw.ship(ship).name
    except KeyError:
        return ship


def describe(event: ae.AnyEvent, state: AllianceState) -> str:
    e: Any = event
    if isinstance(e, ae.FormationDeployed):
        how = f"rolled {e.bearing_roll}" if e.bearing_roll else "fixed"
        return f"{e.formation} ({len(e.ships)} ships, orders: {e.orders}) deploys at bearing {e.bearing} ({how})"
    if isinstance(e, ae.ReinforcementsArrived):
        return f"{e.formation} arrives: {', '.join(s.name for s in e.ships)}"
    if isinstance(e, ae.EnemyTargetChosen):
        who = _n(state, e.ship)
        if e.target is None:
            return f"{who} has no target: {e.reason}"
        also = f" (for {', '.join(_n(state, f) for f in e.followers)} too)" if e.followers else ""
        verb = "attacks" if e.purpose == "attack" else "targets"
        return f"{who} {verb} {_n(state, e.target)}{also}: {e.reason}"
    if isinstance(e, ae.EnemyDirection):
        mirror = ", mirrored" if e.mirrored else ""
        return (f"{_n(state, e.ship)}: target {e.direction} ({e.tie_break}), {e.ring_reason}; "
                f"the {e.table} {e.ring} table{mirror}")
    if isinstance(e, ae.EnemyManeuverRolled):
        return (f"{_n(state, e.ship)} rolls {e.die}: row {e.row} of the {e.table} {e.ring} table, "
                f"{maneuver_name(e.kind, e.speed)} ({e.colour})")
    if isinstance(e, ae.FormationManeuver):
        return f"{_n(state, e.ship)} follows {_n(state, e.leader)} in {e.formation}: {maneuver_name(e.kind, e.speed)}"
    if isinstance(e, ae.Swerved):
        if e.swerved:
            return f"{_n(state, e.ship)} swerves: {maneuver_name(e.to_kind, e.to_speed)} instead ({e.reason})"
        return f"{_n(state, e.ship)} cannot swerve around {', '.join(e.obstacles)}: {e.reason}"
    if isinstance(e, ae.EdgePlaced):
        return f"{_n(state, e.ship)} is placed at the {e.edge} edge, facing in (a red maneuver)"
    if isinstance(e, ae.ShipRetreated):
        return f"{_n(state, e.ship)} retreats ({e.cause})"
    if isinstance(e, ae.FormationBroken):
        who = ", ".join(_n(state, s) for s in e.ships)
        return f"{e.formation} breaks: {e.cause}" if e.whole else f"{who} leaves {e.formation}: {e.cause}"
    if isinstance(e, ae.EnemyActionRule):
        if e.rule == 0:
            return f"{_n(state, e.ship)}: no entry of its Logic card applies"
        rule = e.checks[-1]
        return f"{_n(state, e.ship)} Choose Action entry {e.rule}: {rule.text} ({rule.why})"
    if isinstance(e, ae.MissionTokenCollected):
        return f"{_n(state, e.ship)} collects the {e.token} sensor data at {e.location}"
    if isinstance(e, ae.MissionTokensLost):
        return f"{_n(state, e.ship)}'s sensor data ({', '.join(e.tokens)}) is lost"
    if isinstance(e, ae.MissionObjective):
        return f"Objective {e.objective}: {'met' if e.done else 'not met'} ({e.detail})"
    if isinstance(e, ae.MissionEnded):
        xp = ", ".join(f"{_n(state, x.ship)} {x.xp} XP" for x in e.xp)
        return f"Mission {'SUCCESS' if e.success else 'FAILURE'}: {e.reason}; {xp}"
    if isinstance(e, ev.GameEnded):  # the mission's outcome decides, not fleet points ("0 to 0" beside a loss)
        return e.reason
    return aw.describe(cast(ev.Event, event), state.aw)


def log_line(event: ae.AnyEvent, state: AllianceState) -> str:
    return f"R{event.round} {aw.PHASES[event.phase]}: {describe(event, state)}"


def decision(event: ae.AnyEvent, state: AllianceState) -> str:
    """The Enemy AI's decision an event records, as the studio's reason line ("" for other
    events): the target chosen and why, the direction sector and range ring, the d6 roll and
    table row, a formation follower's leader, a swerve and the Choose Action entry taken."""
    e: Any = event
    if isinstance(e, ae.EnemyTargetChosen | ae.EnemyManeuverRolled | ae.FormationManeuver | ae.Swerved
                  | ae.EnemyActionRule):
        return describe(event, state)
    if isinstance(e, ae.EnemyDirection):
        mirror = ", mirrored" if e.mirrored else ""
        return (f"{_n(state, e.target)} is {e.direction} (sector {e.sector}: {e.tie_break}), "
                f"{e.ring} ring ({e.ring_reason}): the {e.table} {e.ring} table{mirror}")
    return ""


def decision_view(event: Any, state: GameState) -> DecisionView | None:
    """For the studio's sectors-and-rings overlay: an Enemy AI ship's direction and ring."""
    if not isinstance(event, ae.EnemyDirection):
        return None
    try:
        ship = state.ship(event.ship)
    except KeyError:
        return None
    size: BaseSize = "large" if ship.base == "large" else "small"
    return DecisionView(event.ship, ship.pose, size, event.sector, event.ring, event.target, BASE_SIDE_MM[size])

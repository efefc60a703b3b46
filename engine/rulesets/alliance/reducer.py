"""The Alliance reducer: ``apply(state, event) -> state``, shared by the engine and replays.

Attack Wing events go to the Attack Wing reducer unchanged (on ``state.aw``); Alliance events
are handled here. Most Alliance events are records of an Enemy AI decision and change nothing
but the sequence number; the rest change the mission's part of the state (formations,
loadouts, retreats, mission tokens) or, for arrivals, edge placements and retreats, the ships.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, cast

from engine.errors import IllegalEvent
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.state import (
    ENEMY,
    AllianceState,
    Carried,
    FormationState,
    LoadoutState,
    MissionResult,
)
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.reducer import apply as aw_apply
from engine.rulesets.attack_wing.reducer import initial_state as aw_initial_state
from engine.rulesets.attack_wing.state import GameState, ShipState


def initial_state(seed: int) -> AllianceState:
    return AllianceState(aw=aw_initial_state(seed))


def apply(state: AllianceState, event: ae.AnyEvent) -> AllianceState:
    """The state after ``event``."""
    handler = _HANDLERS.get(event.type)
    if handler is None:
        new = replace(state, aw=aw_apply(state.aw, cast(ev.Event, event)))
        return _after_attack_wing(new, event)
    aw = state.aw
    if event.seq != aw.seq + 1:
        raise IllegalEvent(f"event {event.seq} ({event.type}) follows event {aw.seq}: sequence numbers must "
                           "grow by one")
    if event.round < aw.round:
        raise IllegalEvent(f"event {event.seq} goes back from round {aw.round} to {event.round}")
    if aw.result is not None:
        raise IllegalEvent(f"event {event.seq} ({event.type}) comes after the game ended")
    try:
        new = handler(state, event)
    except KeyError as exc:
        raise IllegalEvent(f"event {event.seq} ({event.type}): {exc.args[0]}") from None
    aw = new.aw
    return replace(new, aw=replace(aw, seq=event.seq, round=event.round, phase=event.phase,
                                   rng=aw.rng.advanced(event.draws)))


def fold(state: AllianceState, events: Iterable[ae.AnyEvent]) -> AllianceState:
    for e in events:
        state = apply(state, e)
    return state


def _after_attack_wing(state: AllianceState, event: ae.AnyEvent) -> AllianceState:
    ship = getattr(event, "ship", None)
    if event.type in ("ship_moved", "ship_destroyed") and ship in state.edge_placed:
        return replace(state, edge_placed=tuple(s for s in state.edge_placed if s != ship))
    return state


def _ship(state: AllianceState, ship_id: str, event: ae.AnyEvent, enemy: bool | None = None) -> ShipState:
    try:
        ship = state.aw.ship(ship_id)
    except KeyError:
        raise IllegalEvent(f"event {event.seq} ({event.type}) names ship {ship_id!r}, which is not in this game") \
            from None
    if ship.destroyed:
        raise IllegalEvent(f"event {event.seq} ({event.type}): ship {ship_id} is no longer in play")
    if enemy is not None and (ship.side == ENEMY) != enemy:
        who = "an Enemy AI ship" if enemy else "a player ship"
        raise IllegalEvent(f"event {event.seq} ({event.type}): ship {ship_id} is not {who}")
    return ship


def _record(state: AllianceState, e: Any) -> AllianceState:
    """A decision on record: the ships it names must be in play."""
    for field in ("ship", "target", "leader"):
        ref = getattr(e, field, None)
        if ref is not None:
            _ship(state, ref, e)
    return state


def _revealed(state: AllianceState, ship_id: str, kind: str, speed: int, colour: str) -> AllianceState:
    return replace(state, aw=state.aw.update(ship_id, revealed=(kind, speed, colour)))


def _deployed(state: AllianceState, e: ae.FormationDeployed) -> AllianceState:
    if any(f.name == e.formation for f in state.formations):
        raise IllegalEvent(f"event {e.seq}: formation {e.formation!r} is already deployed")
    if len(e.loadouts) != len(e.ships) or {lo.ship for lo in e.loadouts} != set(e.ships):
        raise IllegalEvent(f"event {e.seq}: every ship of a formation needs one loadout card")
    for sid in e.ships:
        _ship(state, sid, e, enemy=True)
        if state.loadout(sid) is not None:
            raise IllegalEvent(f"event {e.seq}: ship {sid} already has a loadout card")
    members = tuple(lo.ship for lo in sorted(e.loadouts, key=lambda lo: lo.number))
    loadouts = tuple(LoadoutState(lo.ship, lo.logic, lo.number, lo.card, lo.elite, lo.ability) for lo in e.loadouts)
    formation = FormationState(e.formation, members, e.orders)
    return replace(state, formations=(*state.formations, formation), loadouts=(*state.loadouts, *loadouts))


def _arrived(state: AllianceState, e: ae.ReinforcementsArrived) -> AllianceState:
    if not state.aw.ships:
        raise IllegalEvent(f"event {e.seq}: reinforcements before the game started")
    known = {s.id for s in state.aw.ships}
    for s in e.ships:
        if s.id in known:
            raise IllegalEvent(f"event {e.seq}: ship id {s.id} is already in the game")
        if s.side != ENEMY:
            raise IllegalEvent(f"event {e.seq}: reinforcements are Enemy AI ships (side {ENEMY})")
    # build the new ships exactly as the Attack Wing reducer builds them at the start of a game
    scratch = aw_apply(aw_initial_state(0), ev.GameStarted(seq=0, round=0, phase="setup", ships=e.ships,
                                                           round_limit=0, deck=()))
    aw: GameState = replace(state.aw, ships=(*state.aw.ships, *scratch.ships))
    return replace(state, aw=aw)


def _maneuver_rolled(state: AllianceState, e: ae.EnemyManeuverRolled) -> AllianceState:
    _ship(state, e.ship, e, enemy=True)
    return _revealed(state, e.ship, e.kind, e.speed, e.colour)


def _formation_maneuver(state: AllianceState, e: ae.FormationManeuver) -> AllianceState:
    _record(state, e)
    f = state.formation(e.formation)
    if e.ship not in f.flying or e.leader not in f.members:
        raise IllegalEvent(f"event {e.seq}: {e.ship} does not fly in formation {e.formation!r}")
    return _revealed(state, e.ship, e.kind, e.speed, e.colour)


def _swerved(state: AllianceState, e: ae.Swerved) -> AllianceState:
    _ship(state, e.ship, e, enemy=True)
    return _revealed(state, e.ship, e.to_kind, e.to_speed, e.colour)


def _edge_placed(state: AllianceState, e: ae.EdgePlaced) -> AllianceState:
    ship = _ship(state, e.ship, e, enemy=True)
    revealed = ship.revealed
    aw = state.aw.update(e.ship, pose=e.end.pose(),
                         revealed=(revealed[0], revealed[1], "red") if revealed else None)
    placed = state.edge_placed if e.ship in state.edge_placed else (*state.edge_placed, e.ship)
    return replace(state, aw=aw, edge_placed=placed)


def _retreated(state: AllianceState, e: ae.ShipRetreated) -> AllianceState:
    _ship(state, e.ship, e)
    # leaving play is the Attack Wing "removed from play" (without the fled mark)
    gone = ev.ShipDestroyed(seq=state.aw.seq + 1, round=e.round, phase=e.phase, ship=e.ship, cause="retreated")
    aw = aw_apply(state.aw, gone)
    carried = state.tokens_of(e.ship)
    return replace(state, aw=aw, retreated=(*state.retreated, e.ship),
                   carried=tuple(c for c in state.carried if c.ship != e.ship),
                   returned=(*state.returned, *carried),
                   edge_placed=tuple(s for s in state.edge_placed if s != e.ship))


def _broken(state: AllianceState, e: ae.FormationBroken) -> AllianceState:
    f = state.formation(e.formation)
    if f.broken:
        raise IllegalEvent(f"event {e.seq}: formation {e.formation!r} is already broken")
    for sid in e.ships:
        if sid not in f.flying:
            raise IllegalEvent(f"event {e.seq}: {sid} does not fly in formation {e.formation!r}")
    new = replace(f, broken=True) if e.whole else replace(f, left=(*f.left, *e.ships))
    return replace(state, formations=tuple(new if x.name == f.name else x for x in state.formations))


def _collected(state: AllianceState, e: ae.MissionTokenCollected) -> AllianceState:
    _ship(state, e.ship, e, enemy=False)
    have = state.tokens_of(e.ship)
    if e.token in have:
        raise IllegalEvent(f"event {e.seq}: {e.ship} already carries a {e.token} mission token")
    rest = tuple(c for c in state.carried if c.ship != e.ship)
    return replace(state, carried=(*rest, Carried(e.ship, (*have, e.token))))


def _lost(state: AllianceState, e: ae.MissionTokensLost) -> AllianceState:
    have = state.tokens_of(e.ship)
    if sorted(have) != sorted(e.tokens):
        raise IllegalEvent(f"event {e.seq}: {e.ship} carries {list(have)}, not {list(e.tokens)}")
    return replace(state, carried=tuple(c for c in state.carried if c.ship != e.ship))


def _objective(state: AllianceState, e: ae.MissionObjective) -> AllianceState:
    if e.done and e.objective not in state.objectives:
        return replace(state, objectives=(*state.objectives, e.objective))
    return state


def _mission_ended(state: AllianceState, e: ae.MissionEnded) -> AllianceState:
    if state.mission is not None:
        raise IllegalEvent(f"event {e.seq}: the mission has already ended")
    return replace(state, mission=MissionResult(e.success, e.reason, e.returned,
                                                tuple((x.ship, x.xp) for x in e.xp)))


_HANDLERS: dict[str, Callable[[AllianceState, Any], AllianceState]] = {
    "formation_deployed": _deployed, "reinforcements_arrived": _arrived, "enemy_target_chosen": _record,
    "enemy_direction": _record, "enemy_maneuver_rolled": _maneuver_rolled,
    "formation_maneuver": _formation_maneuver, "swerved": _swerved, "edge_placed": _edge_placed,
    "ship_retreated": _retreated, "formation_broken": _broken, "enemy_action_rule": _record,
    "mission_token_collected": _collected, "mission_tokens_lost": _lost, "mission_objective": _objective,
    "mission_ended": _mission_ended,
}
assert set(_HANDLERS) == set(ae.ALLIANCE_EVENT_TYPES), "every Alliance event type needs a handler"

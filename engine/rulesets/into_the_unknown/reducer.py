"""The one reducer of Into the Unknown: (state, event) -> state, a pure function.

It checks what an event claims against the state (an officer committed must be ready and at the
station or in its section, a cost paid with levels the officer has, dials kept on their dials)
and raises ``ValueError`` for an event that cannot happen, so `trek replay validate` catches a
tampered file.
"""

from __future__ import annotations

from engine.rulesets.into_the_unknown.combat import health_damage, sight, token_sight
from engine.rulesets.into_the_unknown.displays import CATEGORIES, DISPLAYS, OFFICERS, PROJECTILES, BeamWeapon
from engine.rulesets.into_the_unknown.events import (
    AlertChanged,
    AnomalyExposed,
    AttackMade,
    ComplicationRevealed,
    Effects,
    EffectsResolved,
    GameEnded,
    GameStarted,
    ItuEvent,
    OfficerRelocated,
    OfficersReadied,
    OrderGiven,
    Passed,
    PhaseStarted,
    PriorityHandedOver,
    ProjectileLaunched,
    ProjectileMoved,
    ProjectileRemoved,
    ReserveChanged,
    RoundStarted,
    ShipMoved,
    TestMade,
)
from engine.rulesets.into_the_unknown.orders import DISABLED_ACTIONS, order_refusal
from engine.rulesets.into_the_unknown.projectiles import side_refusal
from engine.rulesets.into_the_unknown.state import (
    AnomalyState,
    ItuState,
    ObjectiveState,
    OfficerState,
    ProjectileState,
    ShipState,
    VolleyState,
)
from engine.rulesets.into_the_unknown.table import area_of
from engine.rulesets.into_the_unknown.volley import after, beam_leader, ordnance, refusal

READY_LIMIT = 3  # guide, "Ready Phase" steps 2-3: up to 3 officers readied, up to 3 relocated, by each player
INFLUENCE_ENDS = 3  # chosen: the influence track has 3 spaces on each side of its start position


def apply(state: ItuState, event: ItuEvent) -> ItuState:
    """The state after ``event``."""
    if event.seq != state.seq + 1:
        raise ValueError(f"event {event.seq} does not follow event {state.seq}")
    if state.over:
        raise ValueError(f"event {event.seq} ({event.type}) comes after the end of the game")
    new = _apply(state, event)
    return new.model_copy(update={"seq": event.seq, "round": event.round, "phase": event.phase,
                                  "drawn": new.drawn + event.draws})


def _apply(state: ItuState, event: ItuEvent) -> ItuState:
    if isinstance(event, GameStarted):
        return _started(state, event)
    if not state.ships:
        raise ValueError(f"event {event.seq} ({event.type}) comes before the game started")
    if isinstance(event, RoundStarted):
        if event.round != state.round + 1:
            raise ValueError(f"round {event.round} does not follow round {state.round}")
        ships = tuple(s.model_copy(update={"standby_given": False, "fired": False}) for s in state.ships)
        tokens = tuple(p.model_copy(update={"moved": False}) for p in state.projectiles)
        return state.model_copy(update={"ships": ships, "projectiles": tokens, "passed": (False, False),
                                        "volley": None})
    if isinstance(event, PhaseStarted):
        return state.model_copy(update={"passed": (False, False), "volley": None, "readied": (0, 0),
                                        "relocated": (0, 0)})
    if isinstance(event, Passed):
        passed = (True, state.passed[1]) if event.side == 0 else (state.passed[0], True)
        return state.model_copy(update={"passed": passed, "volley": None})
    if isinstance(event, OrderGiven):
        ship = state.ship(event.ship)
        ordered = _ordered(ship, event)  # its own checks first, then what none of them names
        why = order_refusal(state, ship, event.order, event.action, event.station, event.officer, event.assigned,
                            event.paid)
        if why is not None:
            raise ValueError(why)
        volley = VolleyState(ship=event.ship, leader=event.officer) if event.action == "FIRE WEAPONS" else None
        return state.with_ship(ordered).model_copy(update={"volley": volley})
    if isinstance(event, ShipMoved):
        ship = state.ship(event.ship)
        if not ship.pose.pose().close_to(event.start.pose(), 1e-3):
            raise ValueError(f"{ship.name} moves from {event.start} but stands at {ship.pose}")
        state = state.with_ship(_spent(ship, event.reserve).model_copy(update={"pose": event.end, "area": event.area}))
        if event.maneuver == "warp" and event.area != ship.area and event.area != 0:
            # guide, "Maintaining Sensor Locks": a locked unit that warps into a different system
            state = state.model_copy(update={"ships": tuple(s.model_copy(update={"lock": None}) if s.lock == ship.id
                                                            else s for s in state.ships)})
        return state
    if isinstance(event, AlertChanged):
        ship = state.ship(event.ship)
        if event.alert >= len(ship.card.alert_dial):
            raise ValueError(f"{ship.name}'s alert dial has no position {event.alert}")
        if abs(event.alert - ship.alert) != 1:  # guide, "Alert Statuses": to the next pip position
            raise ValueError(f"{ship.name}'s alert dial turns one position at a time, not {ship.alert} to "
                             f"{event.alert}")
        return state.with_ship(ship.model_copy(update={"alert": event.alert}))
    if isinstance(event, ReserveChanged):
        ship = state.ship(event.ship)
        if not 0 <= ship.reserve + event.amount <= ship.card.reserve_max:
            raise ValueError(f"{ship.name}'s reserve dial cannot go from {ship.reserve} by {event.amount}")
        return state.with_ship(ship.model_copy(update={"reserve": ship.reserve + event.amount}))
    if isinstance(event, OfficersReadied):
        return _readied(state, event)
    if isinstance(event, OfficerRelocated):
        side = state.ship(event.ship).side
        if event.phase != "ready" or state.relocated[side] >= READY_LIMIT:
            raise ValueError(f"side {side} relocates only in the ready phase, up to {READY_LIMIT} officers")
        return state.with_ship(_relocated(state.ship(event.ship), event)).model_copy(update={
            "relocated": _counted(state.relocated, side, 1)})
    if isinstance(event, PriorityHandedOver):
        if event.to == state.priority:
            raise ValueError("the priority token is handed to the side that holds it")
        return state.model_copy(update={"priority": event.to})
    if isinstance(event, AttackMade) and event.ship in {s.id for s in state.ships}:
        state = _fired(state, event)
    if isinstance(event, TestMade | AttackMade):
        return affected(state, event.effects)
    if isinstance(event, EffectsResolved):
        if event.objective_removed is not None:
            if event.objective_removed not in {o.id for o in state.objectives}:
                raise ValueError(f"no objective {event.objective_removed!r} to remove")
            state = state.model_copy(update={"objectives": tuple(o for o in state.objectives
                                                                 if o.id != event.objective_removed)})
        return affected(state, event.effects)
    if isinstance(event, AnomalyExposed):
        anomaly = next((a for a in state.anomalies if a.id == event.anomaly and not a.exposed), None)
        if anomaly is None or anomaly.number != event.number:
            raise ValueError(f"no unexposed anomaly {event.anomaly!r} numbered {event.number}")
        state = state.model_copy(update={"anomalies": tuple(a for a in state.anomalies if a.id != event.anomaly)})
        return affected(state, event.effects)
    if isinstance(event, ProjectileLaunched):
        ship = state.ship(event.ship)
        if event.kind not in PROJECTILES or any(p.id == event.projectile for p in state.projectiles):
            raise ValueError(f"cannot launch {event.kind!r} as {event.projectile!r}")
        if not 0 < event.endurance <= PROJECTILES[event.kind].endurance:
            raise ValueError(f"a {event.kind} has endurance 1 to {PROJECTILES[event.kind].endurance}")
        if ship.stats.launcher != "torpedo":
            raise ValueError(f"{ship.name}'s launcher status does not show torpedoes ready")
        volley = _volley(state, event.ship)
        why = refusal(ship, volley, event.launcher, event.end, event.weapons_power, event.reserve)
        if why is not None:
            raise ValueError(why)
        tube = next((t for t in ship.card.launchers if t.name == event.launcher), None)
        if tube is None or tube.projectile != event.kind:
            raise ValueError(f"{ship.name} has no launcher {event.launcher!r} for {event.kind}")
        state = state.with_ship(_spent(ship, event.reserve)).model_copy(update={
            "volley": after(volley, event.launcher, event.end, event.weapons_power, event.reserve)})
        token = ProjectileState(id=event.projectile, side=ship.side, kind=event.kind, pose=event.pose,
                                endurance=event.endurance, launched_by=ship.id)
        return affected(state.model_copy(update={"projectiles": (*state.projectiles, token),
                                                 "launched": state.launched + 1}), event.effects)
    if isinstance(event, ProjectileMoved):
        token = _projectile(state, event.projectile)
        if not token.pose.pose().close_to(event.start.pose(), 1e-3) or token.moved:
            raise ValueError(f"{event.projectile} moves from {event.start} but lies at {token.pose}")
        why = side_refusal(state, token, event.side)
        if why is not None:
            raise ValueError(why)
        if event.endurance > token.endurance:
            raise ValueError(f"{event.projectile}'s endurance cannot rise")
        moved = token.model_copy(update={"pose": event.end, "endurance": event.endurance, "moved": True})
        return state.model_copy(update={"projectiles": tuple(moved if p.id == token.id else p
                                                             for p in state.projectiles)})
    if isinstance(event, ProjectileRemoved):
        _projectile(state, event.projectile)
        return state.model_copy(update={"projectiles": tuple(p for p in state.projectiles
                                                             if p.id != event.projectile)})
    if isinstance(event, ComplicationRevealed):
        if state.complication is not None:
            raise ValueError("the complication is revealed twice")
        known = {o.id: o for o in state.objectives}
        if any(key not in known for key, _ in event.objectives):
            raise ValueError("the complication keeps an objective that is not in play")
        objectives = tuple(known[key].model_copy(update={"marker": marker}) for key, marker in event.objectives)
        return state.model_copy(update={"complication": event.complication, "objectives": objectives,
                                        "directives": event.directives})
    if isinstance(event, GameEnded):
        return state.model_copy(update={"over": True, "winner": event.winner})
    raise ValueError(f"unknown event {event!r}")  # pragma: no cover - the union is closed


def _volley(state: ItuState, ship_id: str) -> VolleyState:
    if state.volley is None or state.volley.ship != ship_id:
        raise ValueError(f"{ship_id} attacks outside a FIRE WEAPONS action of its own")
    return state.volley


def _fired(state: ItuState, event: AttackMade) -> ItuState:
    """An attack of the ship's FIRE WEAPONS action: within the action's budget (``volley``), its
    weapon dice the power spent buys, the leader's Ordnance dice on the first attack only, the
    reserve it claims taken from the ship."""
    ship = state.ship(event.ship)
    volley = _volley(state, ship.id)
    if event.leader != beam_leader(ship, volley):
        raise ValueError(f"the attack's leader {event.leader} did not order the action, or led a beam attack "
                         "of it before (guide, attack example step 9)")
    why = refusal(ship, volley, event.weapon, event.arc, event.weapons_power, event.reserve)
    if why is not None:
        raise ValueError(why)
    weapon = next((w for w in ship.card.beams if w.name == event.weapon), None)
    if weapon is None:
        raise ValueError(f"{event.weapon} is not a beam of {ship.name}")
    _in_arc(state, ship, weapon, event)
    # the reserve spent on the attack, and on the shields that meet Relentless's health damage (a file
    # written before those shields were paid, issue 34, recorded none: it still reads)
    relentless = sum(1 for step in event.steps if step.how == "relentless" and step.face == "breakthrough")
    shields, _ = health_damage(ship, relentless, event.reserve)
    if -sum(d.reserve for d in event.effects.ships if d.ship == ship.id) not in (event.reserve + shields,
                                                                               event.reserve):
        raise ValueError(f"{ship.name}'s reserve does not pay the {event.reserve} reserve spent"
                         + (f" and {shields} on shields against Relentless" if shields else ""))
    kinds = [d.kind for d in event.dice]
    if kinds.count("intuition") != weapon.dice_per_power * (event.weapons_power + event.reserve) or \
            kinds.count("expertise") != ordnance(volley):
        raise ValueError(f"{event.weapon}'s dice do not match the power spent and the leader's Ordnance "
                         f"({'first' if not volley.attacks else 'a later'} attack of the action)")
    return state.model_copy(update={"volley": after(volley, event.weapon, event.arc, event.weapons_power,
                                                    event.reserve)})


def _in_arc(state: ItuState, ship: ShipState, weapon: BeamWeapon, event: AttackMade) -> None:
    """The attack counts in the arc the event names (the seat's choice, guide "Weapons" point 2):
    the target must be in that arc of the weapon, in sight and at range."""
    arc = next(a for a, _ in weapon.arcs if a == event.arc)  # refusal() has checked it is the weapon's
    token = next((p for p in state.projectiles if p.id == event.target), None)
    if token is not None:
        seen = token_sight(state, ship, weapon, token, (arc,)) if token.side != ship.side else None
    else:
        target = state.ship(event.target)
        seen = sight(state, ship, weapon, target, event.end, (arc,)) \
            if target.side != ship.side and event.end is not None else None
    if seen is None:
        where = event.target if event.end is None else f"{event.target}'s {event.end} end"
        raise ValueError(f"{where} is not in the {arc} arc of {ship.name}'s {weapon.name}, in sight and at range")


def _started(state: ItuState, event: GameStarted) -> ItuState:
    if state.ships:
        raise ValueError("the game is set up twice")
    ships = []
    for setup in event.ships:
        if setup.display not in DISPLAYS:
            raise ValueError(f"unknown ship display {setup.display!r}")
        card = DISPLAYS[setup.display]
        officers = tuple(OfficerState(key=o.key, section=o.section, station=o.station) for o in setup.officers)
        ships.append(ShipState(id=setup.id, side=setup.side, number=setup.number, name=setup.name,
                               display=setup.display, pose=setup.pose, area=area_of(setup.pose.pose(), card.base),
                               hull=0, crew=card.crew_start, reserve=card.reserve_start, alert=setup.alert,
                               officers=officers))
    if len({s.id for s in ships}) != len(ships):
        raise ValueError("two ships share an id")
    return state.model_copy(update={
        "mission": event.mission, "seed": event.seed, "sides": event.sides, "colours": event.colours,
        "ships": tuple(ships), "priority": event.priority,
        "objectives": tuple(ObjectiveState(id=o.id, x=o.x, y=o.y, marker=o.marker) for o in event.objectives),
        "anomalies": tuple(AnomalyState(id=a.id, x=a.x, y=a.y, number=a.number) for a in event.anomalies)})


def _spent(ship: ShipState, reserve: int) -> ShipState:
    if reserve > ship.reserve:
        raise ValueError(f"{ship.name} spends {reserve} reserve but has {ship.reserve}")
    return ship.model_copy(update={"reserve": ship.reserve - reserve})


def _ordered(ship: ShipState, event: OrderGiven) -> ShipState:
    """Commit the officer (assigning them to an open station), pay the cost, mark the order."""
    if ship.disabled and event.action not in DISABLED_ACTIONS:
        raise ValueError(f"{ship.name} is disabled: it can only adjust alert or repair, not {event.action}")
    if event.order == "standby":
        if ship.standby_given:
            raise ValueError(f"{ship.name} already had its standby order this round")
        if event.officer is not None or any(getattr(event.paid, c) for c in CATEGORIES):
            raise ValueError("a standby order commits no officer and is paid with reserve only")
        ship = ship.model_copy(update={"standby_given": True})
    else:
        if event.officer is None or event.station is None:
            raise ValueError("a priority order needs an officer at a station")
        officer = ship.officer(event.officer)
        if officer.committed or officer.incapacitated:
            raise ValueError(f"{OFFICERS[officer.key].name} is not ready to give an order")
        station = ship.card.station(event.station)
        if event.assigned:
            holder = ship.at_station(event.station)
            if holder is not None or officer.section != station.section:
                raise ValueError(f"{OFFICERS[officer.key].name} cannot take the {event.station} station")
        elif officer.station != event.station:
            raise ValueError(f"{OFFICERS[officer.key].name} is not at the {event.station} station")
        card = OFFICERS[officer.key]
        for category in CATEGORIES:
            if getattr(event.paid, category) > card.category_level(category):
                raise ValueError(f"{card.name} has no {category} level {getattr(event.paid, category)}")
        committed = officer.model_copy(update={"committed": True, "station": event.station})
        ship = ship.model_copy(update={"officers": tuple(committed if o.key == officer.key else o
                                                         for o in ship.officers)})
    if event.action == "FIRE WEAPONS":
        if ship.fired:
            raise ValueError(f"{ship.name} cannot take FIRE WEAPONS twice in a round")
        ship = ship.model_copy(update={"fired": True})
    return _spent(ship, event.paid.reserve)


def _counted(counts: tuple[int, int], side: int, more: int) -> tuple[int, int]:
    return (counts[0] + more, counts[1]) if side == 0 else (counts[0], counts[1] + more)


def _readied(state: ItuState, event: OfficersReadied) -> ItuState:
    """Guide, "Ready Phase" step 2: "The player readies up to 3 committed officers": one event a side
    in the ready phase (its schema holds at most 3)."""
    if event.phase != "ready" or state.readied[event.side] or len(event.officers) > READY_LIMIT:
        raise ValueError(f"side {event.side} readies once, in the ready phase, up to {READY_LIMIT} officers")
    state = state.model_copy(update={"readied": _counted(state.readied, event.side, len(event.officers) or 1)})
    for ship_id, key in event.officers:
        ship = state.ship(ship_id)
        if ship.side != event.side:
            raise ValueError(f"side {event.side} readies an officer of the other side")
        officer = ship.officer(key)
        if not officer.committed or officer.incapacitated:
            raise ValueError(f"{OFFICERS[key].name} cannot be readied")
        ready = officer.model_copy(update={"committed": False})
        state = state.with_ship(ship.model_copy(update={"officers": tuple(ready if o.key == key else o
                                                                          for o in ship.officers)}))
    return state


def _relocated(ship: ShipState, event: OfficerRelocated) -> ShipState:
    officer = ship.officer(event.officer)
    if event.station is not None:
        if ship.card.station(event.station).section != event.section:
            raise ValueError(f"the {event.station} station is not in the {event.section} section")
        holder = ship.at_station(event.station)
        if holder is not None and holder.key != officer.key:
            raise ValueError(f"the {event.station} station already has an officer")
    elif event.section not in {s.section for s in ship.card.stations}:
        raise ValueError(f"{ship.name} has no {event.section} section")
    moved = officer.model_copy(update={"section": event.section, "station": event.station})
    return ship.model_copy(update={"officers": tuple(moved if o.key == officer.key else o for o in ship.officers)})


def affected(state: ItuState, effects: Effects) -> ItuState:
    """Apply what a test, an attack or an anomaly changed; every dial and token stays on its scale."""
    for delta in effects.ships:
        ship = state.ship(delta.ship)
        held = [title for title, _ in ship.cards]
        if any(title not in held for title in delta.repaired):
            raise ValueError(f"{ship.name} does not hold the damage cards {list(delta.repaired)}")
        cards = tuple(c for c in ship.cards if c[0] not in delta.repaired) + delta.cards
        update: dict[str, object] = {"reserve": ship.reserve + delta.reserve, "crew": ship.crew + delta.crew,
                                     "advantage": ship.advantage + delta.advantage,
                                     "peril": ship.peril + delta.peril, "cards": cards}
        if delta.hull is not None:
            if delta.hull < ship.hull:
                raise ValueError(f"{ship.name}'s hull dial cannot turn back to {delta.hull}")
            update["hull"] = delta.hull
        if delta.lock is not None:
            if delta.lock:
                state.ship(delta.lock)
            update["lock"] = delta.lock or None
        if min(update["reserve"], update["crew"], update["advantage"], update["peril"]) < 0:  # type: ignore[call-overload]
            raise ValueError(f"{ship.name} spends more than it has")
        state = state.with_ship(ShipState.model_validate({**ship.model_dump(), **update}))
    gone = {s.id for s in state.ships if s.destroyed}
    if any(s.lock in gone for s in state.ships):
        # guide, "Maintaining Sensor Locks": a lock token stays until ... "the locked unit is removed
        # from the play area" (a destroyed ship is)
        state = state.model_copy(update={"ships": tuple(s.model_copy(update={"lock": None}) if s.lock in gone
                                                        else s for s in state.ships)})
    markers = dict(effects.markers)
    if set(markers) - {o.id for o in state.objectives}:
        raise ValueError(f"no objective {sorted(set(markers) - {o.id for o in state.objectives})}")
    objectives = tuple(o.model_copy(update={"marker": markers[o.id]}) if o.id in markers else o
                       for o in state.objectives)
    directives = tuple("hostile" if flip else d for d, flip in zip(state.directives, effects.hostile, strict=True))
    influence = state.influence + effects.influence
    if abs(influence) > INFLUENCE_ENDS:
        raise ValueError(f"the influence marker cannot go past the end of the track ({influence})")
    return state.model_copy(update={
        "objectives": objectives, "directives": directives, "influence": influence,
        "victory_points": tuple(a + b for a, b in zip(state.victory_points, effects.victory, strict=True)),
        "negative_points": tuple(a + b for a, b in zip(state.negative_points, effects.negative, strict=True))})


def _projectile(state: ItuState, key: str) -> ProjectileState:
    for token in state.projectiles:
        if token.id == key:
            return token
    raise ValueError(f"no projectile {key!r} in play")

"""What the table and the HUD show during an Into the Unknown replay, through engine/view.py only:
ships where their maneuvers leave them (sliding along the move while it plays), objectives with
their control markers and anomaly tokens as markers, a panel per ship, each event as a line."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.displays import OFFICERS, PROJECTILES, notches
from engine.rulesets.into_the_unknown.events import (
    AttackMade,
    DieModel,
    ItuEvent,
    ProjectileLaunched,
    ProjectileMoved,
    ShipMoved,
    StepModel,
    TestMade,
)
from engine.rulesets.into_the_unknown.presenter_table import (
    BASE_LINES,
    attack_arc,
    attack_dice,
    attack_ruler,
    attack_words,
    dice_of_test,
    impulse_frame,
    launch_tool,
    pieces,
    ship_ruler,
)
from engine.rulesets.into_the_unknown.projectiles import side_direction
from engine.rulesets.into_the_unknown.reducer import INFLUENCE_ENDS
from engine.rulesets.into_the_unknown.state import ItuState, ObjectiveState, ShipState
from engine.rulesets.into_the_unknown.table import BASES, INCH, SYSTEMS, area_name
from engine.timeline import Moment, TableGeometry
from engine.view import (
    BannerView,
    BaseView,
    FocusView,
    HeaderView,
    MarkerView,
    PanelView,
    RulerView,
    ShipView,
    TableView,
    TemplateView,
    TokenView,
)
from engine.view_into_the_unknown import (
    AreaView,
    CrewView,
    DialView,
    IntoTheUnknownMoment,
    IntoTheUnknownPanel,
    IntoTheUnknownTable,
    MissionView,
    ToolView,
)

SECONDS: dict[str, float] = {"game_started": 1.5, "round_started": 1.5, "phase_started": 0.8, "order_given": 0.8,
                             "passed": 0.4, "ship_moved": 2.0, "alert_changed": 0.6, "reserve_changed": 0.3,
                             "officers_readied": 0.4, "officer_relocated": 0.3, "priority_handed_over": 0.6,
                             "test_made": 2.0, "attack_made": 2.5, "anomaly_exposed": 1.0, "effects_resolved": 0.8,
                             "projectile_launched": 1.0, "projectile_moved": 1.2, "projectile_removed": 0.8,
                             "complication_revealed": 2.5, "game_ended": 2.5}


def seconds(event: ItuEvent) -> float:
    return SECONDS[event.type]


def describe(event: ItuEvent, state: ItuState, torpedoes: dict[str, tuple[str, int]] | None = None) -> str:
    """The event as a sentence, with names from the state before it (a projectile's by its
    launcher, from ``torpedoes``: it is gone from the state when its detonation attacks)."""
    def name(ship_id: str) -> str:
        return next((s.name for s in state.ships if s.id == ship_id), None) or (torpedoes or {}).get(
            ship_id, (objective_name(state, ship_id), 0))[0]

    if event.type == "game_started":
        return f"{event.mission}: {event.sides[0]} against {event.sides[1]}"
    if event.type == "round_started":
        return f"round {event.round} begins"
    if event.type == "phase_started":
        return f"{event.phase} phase" + (f": {event.step}" if event.step else "")
    if event.type == "order_given":
        who = f" ({OFFICERS[event.officer].name} at {event.station})" if event.officer else ""
        paid = event.paid
        cost = ", ".join(f"{n} {k}" for k, n in (("social", paid.social), ("security", paid.security),
                                                  ("technical", paid.technical), ("reserve", paid.reserve)) if n)
        return f"{name(event.ship)}: {event.order} order {event.action}{who}" + (f", paid {cost}" if cost else "")
    if event.type == "passed":
        return f"{state.sides[event.side]} passes"
    if event.type == "ship_moved":
        return f"{name(event.ship)} {_move_words(event)}, now in {area_name(event.area)}"
    if event.type == "alert_changed":
        return f"{name(event.ship)} to {state.ship(event.ship).card.alert_dial[event.alert].label} alert"
    if event.type == "reserve_changed":
        return f"{name(event.ship)} reserve {event.amount:+d} ({event.why})"
    if event.type == "officers_readied":
        return f"{state.sides[event.side]} readies " + (", ".join(OFFICERS[k].name for _, k in event.officers)
                                                         or "no one")
    if event.type == "officer_relocated":
        return f"{OFFICERS[event.officer].name} to {event.station or event.section}"
    if event.type == "priority_handed_over":
        return f"priority to {state.sides[event.to]}"
    if event.type == "test_made":
        faces = ", ".join(d.face for d in _final(event.dice, event.steps))
        return (f"{name(event.ship)} {event.test} test (difficulty {event.difficulty}): {faces} -> "
                f"{'success' if event.success else 'failure'}" + (f"; {', '.join(event.spent)}" if event.spent else ""))
    if event.type == "attack_made":
        faces = ", ".join(d.face for d in _final(event.dice, event.steps))
        outcome = f"hit for {event.damage}, shields cancel {event.shields}" if event.hit else "miss"
        aimed = f"{name(event.target)}'s {event.end}" if event.end else name(event.target)
        fires = "detonates against" if event.ship in (torpedoes or {}) else f"fires {event.weapon} at"
        return (f"{name(event.ship)} {fires} {aimed} "
                f"({event.range / INCH:.1f}\"): {faces} -> {outcome}" + (f"; {', '.join(event.spent)}"
                                                                        if event.spent else ""))
    if event.type == "anomaly_exposed":
        return f"anomaly {event.number} exposed by {name(event.ship)}"
    if event.type == "projectile_launched":
        return f"{name(event.ship)} launches a {PROJECTILES[event.kind].name} from its {event.end}"
    if event.type == "projectile_moved":
        side = event.side.replace("_", " ")
        return (f"{name(event.projectile)} moves {event.distance / INCH:.1f}\" along its {side} side"
                + (", across a system boundary" if event.crossed_boundary else ""))
    if event.type == "projectile_removed":
        if event.why == "detonated":
            return f"{name(event.projectile)} detonates"
        return f"{name(event.projectile)} is removed ({event.why})"
    if event.type == "effects_resolved":
        return event.why
    if event.type == "complication_revealed":
        return f"the complication: {event.complication.replace('_', ' ')}"
    winner = "a draw" if event.winner is None else f"{state.sides[event.winner]} wins"
    return f"the game ends: {winner} ({event.scores[0]} to {event.scores[1]}) {event.why}".strip()


OBJECTIVE_ID = re.compile(r"\bobjective-(\d+)\b")  # a recorded reason's id, said as the table's marker: "objective 4"
ACTS = {None: "OVERTURE", "outpost_ambush": "OUTPOST AMBUSH", "rescue_op": "RESCUE OP"}
WHAT = {None: ("waypoint", "sensor outpost"), "outpost_ambush": ("outpost", "outpost"),
        "rescue_op": ("freighter", "freighter")}  # what a token stands for, by its marker's colour


def objective_marker(state: ItuState, objective: ObjectiveState) -> MarkerView:
    """An objective token with its control marker: the disc in the colour of the player whose marker
    it is (BLUE the Federation's, ORANGE the Dominion's), pale with none; labelled by its number."""
    control = state.colours.index(objective.marker) if objective.marker in state.colours else None
    number = objective.id.rsplit("-", 1)[-1]
    kind = WHAT[state.complication][0 if control in (0, None) else 1]
    if state.complication == "outpost_ambush" and control is not None:
        kind = f"{state.sides[control]} outpost"
    marker = f"{objective.marker.upper()} control marker" if objective.marker else "no control marker"
    return MarkerView(label=number, x=objective.x, y=objective.y, text=f"objective {number}: {kind}, {marker}",
                      control=control, plain=control is None)


def objective_name(state: ItuState, objective_id: str) -> str:
    """An objective token as the table's marker names it ("objective 4, Federation outpost"): an
    outpost's weapons array attacks in the hazard phase; the bare id where it is no objective."""
    found = next((o for o in state.objectives if o.id == objective_id), None)
    if found is None:
        return objective_id
    return objective_marker(state, found).text.split(",", 1)[0].replace(":", ",", 1)


def objective_side(state: ItuState, objective_id: str) -> int | None:
    """The player whose control marker is on the objective (None: no marker, or no objective)."""
    found = next((o for o in state.objectives if o.id == objective_id), None)
    return objective_marker(state, found).control if found is not None else None


def mission_view(state: ItuState) -> MissionView:
    """The mission's act, scores, combat directives and the influence track for the HUD."""
    return MissionView(title=ACTS[state.complication], names=(state.sides[0], state.sides[1]),
                       victory=(state.victory_points[0], state.victory_points[1]),
                       negative=(state.negative_points[0], state.negative_points[1]),
                       directives=(state.directives[0].upper(), state.directives[1].upper()),
                       track=INFLUENCE_ENDS, at=state.influence, track_label="INFLUENCE")


def strip(x: float, y: float, heading: float, length: float, width: float = INCH) -> tuple[tuple[float, float], ...]:
    """A ruler's outline: ``length`` mm from (x, y) along ``heading``, ``width`` mm to its left."""
    h = math.radians(heading)
    fx, fy = math.sin(h), math.cos(h)
    lx, ly = -fy, fx  # left of the heading
    return ((x, y), (x + fx * length, y + fy * length), (x + fx * length + lx * width, y + fy * length + ly * width),
            (x + lx * width, y + ly * width))


def ruler_strip(event: ShipMoved, size: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The ruler of a ship's maneuver: at warp alongside its port side from its aft corner (guide,
    "Place Ruler"); at impulse from the turning tool's slot along the advance."""
    width, length = size
    start, end = event.start.pose(), event.end.pose()
    if event.maneuver == "warp":
        corner = start.advance(-length / 2, -width / 2)
        return strip(corner.x, corner.y, start.heading, event.distance + length)
    side = event.turn_side or "port"
    offset = -width / 2 if side == "port" else width / 2
    heading = end.heading if event.turn_when == "before" else start.heading
    slot_at = start.advance(0.0, offset)
    return strip(slot_at.x, slot_at.y, heading, event.distance, INCH if side == "port" else -INCH)


def _final(dice: Sequence[DieModel], steps: Sequence[StepModel]) -> list[DieModel]:
    """The pool after every reroll and change."""
    out = list(dice)
    for step in steps:
        out[step.index] = DieModel(kind=out[step.index].kind, face=step.face)
    return out


def _move_words(event: ShipMoved) -> str:
    inches = event.distance / INCH
    if event.maneuver == "warp":
        words = f"warps {inches:.1f}\" at warp {event.warp_factor}"
    elif event.maneuver == "come_about":
        words = f"comes about to heading {event.end.heading:.0f}"
    else:
        turn = f", {notches(event.turn)} to {event.turn_side} {event.turn_when} the advance" if event.turn else ""
        words = f"impulse {inches:.1f}\"{turn}"
    return words + (f" (stopped: {event.stopped})" if event.stopped else "")


STATION_WORDS = {"captains_chair": "CHAIR", "helm": "HELM", "instruments": "INSTR", "tactical": "TACT",
                 "engineering": "ENG", "cargo_bay": "CARGO", "medbay": "MED", "bridge": "BRIDGE"}


def panel(ship: ShipState, active: bool, names: dict[str, str] | None = None) -> PanelView:
    """A ship's HUD card: hull on its dial, the fore shields its alert shows, reserve and tokens, the
    alert dial with its pips, the crew stats and the officers at their stations, ready or committed."""
    stats = ship.stats
    tokens = [TokenView(kind="reserve", label=f"RESERVE {ship.reserve}")]  # the badge says the dial in full
    tokens += [TokenView(kind=k, count=n, label=k.upper()) for k, n in (("advantage", ship.advantage),
                                                                      ("peril", ship.peril)) if n]
    if ship.lock:  # the locked ship's name, as its tag on the table says it
        tokens.append(TokenView(kind="target_lock", target=ship.lock, label=(names or {}).get(ship.lock, ship.lock)))
    command, ops, science = ship.crew_stats
    crew = tuple(CrewView(name=OFFICERS[o.key].name, station=STATION_WORDS[o.station or o.section],
                          ready=not o.committed and not o.incapacitated,
                          skills=", ".join(f"{skill} {level}" for _, skill, level in OFFICERS[o.key].skills))
                 for o in ship.officers)
    return PanelView(id=ship.id, name=ship.name, class_name=ship.card.class_name, player=ship.side,
                     status="destroyed" if ship.destroyed else "in_play", shields=stats.fore_shields,
                     shields_max=max(p.fore_shields for p in ship.card.alert_dial), hull=ship.hull_value,
                     hull_max=ship.card.hull_dial[0].value, tokens=tuple(tokens),
                     damage=tuple(f"{title} ({station})" for title, station in ship.cards), active=active,
                     part=IntoTheUnknownPanel(
                         dial=DialView(name="alert", positions=tuple((p.colour, p.pips) for p in ship.card.alert_dial),
                                       current=ship.alert),
                         crew=crew, stats=f"CMD {command}  OPS {ops}  SCI {science}"))


class ItuPresenter:
    """The presenter the Timeline builds once per Into the Unknown replay."""

    def __init__(self, events: Sequence[ItuEvent], table: TableGeometry) -> None:
        self.events = list(events)
        self.table = table
        self.lines: list[str] = []
        self.attack_of: list[int] = [-1] * len(self.events)
        self.focus: list[FocusView | None] = [None] * len(self.events)
        self.roster: tuple[PanelView, ...] = ()
        self.acting: list[str | None] = []
        self.ships_at_start: tuple[ShipState, ...] = ()  # the ships as set up (their displays)
        self.torpedoes: dict[str, tuple[str, int]] = {}  # projectile id: its launcher's words, its side

    def observe(self, index: int, event: ItuEvent, before: ItuState) -> None:
        if index == 1 or not self.ships_at_start:
            self.ships_at_start = before.ships
        if isinstance(event, ProjectileLaunched):  # named by its launcher from now on ("torpedo-1" said nothing)
            launcher = before.ship(event.ship)
            self.torpedoes[event.projectile] = (f"{launcher.name}'s {PROJECTILES[event.kind].name}", launcher.side)
        self.lines.append(describe(event, before, self.torpedoes))
        self.acting.append(getattr(event, "ship", None))
        if isinstance(event, ShipMoved):  # the director frames the base's start, end and the ruler
            card = before.ship(event.ship).card
            ends = (event.start.pose(), event.end.pose())
            self.focus[index] = FocusView(kind="move", subjects=(event.ship,), bases=tuple(
                BaseView(pose=p, size="small" if card.base == "small" else "large", side=max(BASES[card.base]))
                for p in ends), points=ruler_strip(event, BASES[card.base]) if event.maneuver != "come_about" else ())
        if isinstance(event, ProjectileMoved | ProjectileLaunched):
            token = event.pose.pose() if isinstance(event, ProjectileLaunched) else event.end.pose()
            start = token if isinstance(event, ProjectileLaunched) else event.start.pose()
            tokens = tuple(BaseView(pose=p, size="small", side=INCH) for p in (start, token))
            self.focus[index] = FocusView(kind="move", subjects=(getattr(event, "ship", event.projectile),),
                                          bases=tokens)
        if isinstance(event, AttackMade):
            self.attack_of[index] = index  # each attack is one event (`trek render --attack N`)
        if isinstance(event, AttackMade) and {event.ship, event.target} <= {s.id for s in before.ships}:
            pair = [before.ship(event.ship), before.ship(event.target)]
            self.focus[index] = FocusView(kind="attack", subjects=(event.ship, event.target), bases=tuple(
                BaseView(pose=s.pose.pose(), size="small" if s.card.base == "small" else "large",
                         side=max(BASES[s.card.base])) for s in pair))

        if isinstance(event, TestMade) and event.ship in {s.id for s in before.ships}:
            # its dice strip comes up: the director frames the ship and what it tests against clear of it
            ship = before.ship(event.ship)
            bases = [BaseView(pose=ship.pose.pose(), size="small" if ship.card.base == "small" else "large",
                              side=max(BASES[ship.card.base]))]
            aim = next((o for o in before.objectives if o.id == event.target), None)
            other = next((s for s in before.ships if s.id == event.target and s.id != ship.id), None)
            if aim is not None:
                bases.append(BaseView(pose=Pose(aim.x, aim.y, 0.0), size="small", side=INCH))
            if other is not None:
                bases.append(BaseView(pose=other.pose.pose(), size="small" if other.card.base == "small" else "large",
                                      side=max(BASES[other.card.base])))
            self.focus[index] = FocusView(kind="attack", subjects=(ship.id,) + ((other.id,) if other else ()),
                                          bases=tuple(bases))
        objective = next((o for o in before.objectives if o.id == getattr(event, "ship", None)), None)
        if isinstance(event, AttackMade) and objective is not None and event.target in {s.id for s in before.ships}:
            # an outpost's weapons array (hazard phase): the director frames the token and its target
            target = before.ship(event.target)
            self.focus[index] = FocusView(kind="attack", subjects=(event.target,), bases=(
                BaseView(pose=target.pose.pose(), size="small" if target.card.base == "small" else "large",
                         side=max(BASES[target.card.base])),
                BaseView(pose=Pose(objective.x, objective.y, 0.0), size="small", side=INCH)))

    def finish(self, final: ItuState) -> None:
        names = {s.id: s.name for s in final.ships}
        self.roster = tuple(panel(s, False, names) for s in sorted(final.ships, key=lambda s: s.side))

    def mark(self, event: ItuEvent) -> tuple[int, str] | None:
        if event.type in ("round_started", "phase_started"):
            return event.round, event.phase
        return None

    def board(self, state: ItuState) -> Any:
        return state

    def ruler(self, state: ItuState, index: int, ship: str, target: str) -> RulerView | None:
        ships = {s.id: s for s in state.ships}
        if ship not in ships or target not in ships or ship == target:
            return None
        return ship_ruler(ships[ship], ships[target])

    def _tools(self, event: ItuEvent | None, progress: float) -> tuple[TemplateView, ...]:
        """The ruler on the table while a maneuver plays and at its end (a still of the move event
        shows it): along the ship's port side from its aft corner at warp, from the turning tool's
        slot along the advance at impulse, beside a torpedo."""
        if event is None:
            return ()
        if isinstance(event, ShipMoved) and event.maneuver != "come_about" and event.distance > 0:
            ship = next(s for s in self.ships_at_start if s.id == event.ship)
            return (TemplateView(points=ruler_strip(event, BASES[ship.card.base]), colour="white",
                                 ship_id=event.ship),)
        if isinstance(event, ProjectileMoved):
            start = event.start.pose()
            direction = side_direction(start.heading, event.side)
            return (TemplateView(points=strip(start.x, start.y, direction, event.distance + INCH),
                                 colour="white"),)
        return ()

    def _ships(self, state: ItuState, event: ItuEvent | None, progress: float,
               active: str | None) -> tuple[tuple[ShipView, ...], tuple[ToolView, ...]]:
        """The ships (a moving one where its maneuver has brought it) and the turning tool in use."""
        ships, tools = [], []
        for ship in state.ships:
            pose = ship.pose.pose()
            if isinstance(event, ShipMoved) and event.ship == ship.id:
                a, b = event.start.pose(), event.end.pose()
                if event.maneuver == "impulse":
                    pose, turning_tool = impulse_frame(event, ship.card.base, progress)
                    tools.append(turning_tool)
                elif progress < 1:
                    turn = ((b.heading - a.heading + 180.0) % 360.0) - 180.0
                    pose = Pose(a.x + (b.x - a.x) * progress, a.y + (b.y - a.y) * progress,
                                (a.heading + turn * progress) % 360.0)
            if isinstance(event, ProjectileLaunched) and event.ship == ship.id:
                tools.append(launch_tool(ship, event))
            width, length = BASES[ship.card.base]
            ships.append(ShipView(id=ship.id, name=ship.name, faction=ship.card.faction,
                                  class_name=ship.card.class_name, base_size="small" if ship.card.base == "small"
                                  else "large", pose=pose, player=ship.side, front_arc=None,
                                  shields=ship.stats.fore_shields, hull=ship.hull_value,
                                  hull_max=ship.card.hull_dial[0].value, destroyed=ship.destroyed,
                                  active=ship.id == active, base_side=width, base_length=length,
                                  base_lines=BASE_LINES))
        return tuple(ships), tuple(tools)

    def moment(self, time: float, index: int, progress: float, state: ItuState) -> Moment:
        event = self.events[index] if index >= 0 else None
        active = self.acting[index] if index >= 0 else None
        ships, tools = self._ships(state, event, progress, active)
        markers = [objective_marker(state, o) for o in state.objectives]
        markers += [MarkerView(label=str(a.number) if a.exposed else "?", x=a.x, y=a.y, text="anomaly")
                    for a in state.anomalies]
        attack = event if isinstance(event, AttackMade) else None
        by = {s.id: s for s in state.ships}
        names = {s.id: s.name for s in state.ships}
        aimed = attack is not None and attack.ship in by and attack.target in by
        arcs = (attack_arc(by[attack.ship], attack),) if attack is not None and aimed else ()
        ruler = attack_ruler(by[attack.ship], by[attack.target], attack) if attack is not None and aimed else None
        view = TableView(area_width=self.table.area[0], area_height=self.table.area[1], ships=ships,
                         markers=tuple(markers), selected=active, templates=self._tools(event, progress), ruler=ruler,
                         part=IntoTheUnknownTable(
                             areas=tuple(AreaView(label=f"SYSTEM {s.number}", x=s.x, y=s.y, radius=s.radius)
                                         for s in SYSTEMS), arcs=arcs, tools=tools,
                             pieces=pieces(state, event, progress)))
        header = None
        if active is not None and active in by:
            acting = state.ship(active)
            target = by.get(attack.target) if attack is not None else None
            words = attack_words(acting, attack) if attack is not None and target else ""
            header = HeaderView(ship=active, name=acting.name, player=acting.side,
                                reason=OBJECTIVE_ID.sub(r"objective \1", getattr(event, "reason", "")) or words,
                                verb=f"fires {attack.weapon} at" if attack is not None and target else "",
                                target=target.id if target else None, target_name=target.name if target else "",
                                target_player=target.side if target else 1)
        elif attack is not None and attack.target in by and attack.ship in self.torpedoes:
            target = by[attack.target]
            words, side = self.torpedoes[attack.ship]
            header = HeaderView(ship=attack.ship, name=words, player=side, verb="detonates against",
                                target=target.id, target_name=target.name, target_player=target.side,
                                reason=f'{attack.range / INCH:.1f}" to the {attack.end} end' if attack.end else "")
        elif attack is not None and attack.target in by and objective_side(state, attack.ship) is not None:
            target = by[attack.target]
            header = HeaderView(ship=attack.ship, name=objective_name(state, attack.ship),
                                player=objective_side(state, attack.ship) or 0,
                                reason=f'{attack.range / INCH:.1f}" to the {attack.end} end' if attack.end else "",
                                verb=f"fires its {attack.weapon} at", target=target.id, target_name=target.name,
                                target_player=target.side)
        banner = BannerView(title=f"ROUND {state.round}") if event is not None and event.type == "round_started" \
            else None
        dice = attack_dice(attack, by.get(attack.target)) if attack is not None else \
            dice_of_test(event) if isinstance(event, TestMade) else None
        return Moment(time=time, index=index, progress=progress, round=state.round, phase=state.phase, view=view,
                      active=active, dice=dice, reason=header.reason if header else "",
                      caption=self.lines[index] if index >= 0 else "", header=header, banner=banner,
                      round_label=f"ROUND {state.round}" if state.round else "SETUP",
                      phase_label="GAME OVER" if state.over else f"{state.phase.upper()} PHASE",
                      panels=tuple(panel(s, s.id == active, names) for s in sorted(state.ships, key=lambda s: s.side)),
                      part=IntoTheUnknownMoment(mission=mission_view(state)))

"""The round as code (guide, "Overview of a Round"): priority, standby, hazard, ready and hail phases
and handing over priority, for the learning mission "At Perdition's Gate" with its overture,
complication and end of game. Every decision goes to the seats (``ai.Player``); every outcome is an
event, folded by the one reducer as it is emitted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from shapely.geometry import Point

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown import procedures, projectiles
from engine.rulesets.into_the_unknown.ai import Choice, Player
from engine.rulesets.into_the_unknown.combat import beam_attack, outpost_attack, volley_of
from engine.rulesets.into_the_unknown.dice import Modifier
from engine.rulesets.into_the_unknown.displays import PROJECTILES
from engine.rulesets.into_the_unknown.events import (
    AlertChanged,
    AnomalyExposed,
    ComplicationRevealed,
    Effects,
    EffectsResolved,
    GameEnded,
    ItuEvent,
    OfficerRelocated,
    OfficersReadied,
    OrderGiven,
    Passed,
    Phase,
    PhaseStarted,
    PoseModel,
    PriorityHandedOver,
    ProjectileMoved,
    ProjectileRemoved,
    ReserveChanged,
    RoundStarted,
    ShipDelta,
)
from engine.rulesets.into_the_unknown.mission import DOMINION, FEDERATION, OBJECTIVES, setup, tie_rule
from engine.rulesets.into_the_unknown.movement import WarpPlan, crossed_anomalies
from engine.rulesets.into_the_unknown.orders import IllegalOrder, maneuver, order_refusal, table_for
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState
from engine.rulesets.into_the_unknown.table import INCH, TOKEN_RADIUS, base_polygon
from engine.rulesets.into_the_unknown.volley import plan_refusal, refusal

ROUND_LIMIT = 6  # guide: the end of round 6 ends the game
OVERTURE_ROUNDS = 3  # guide: the complication begins at the end of round 3 at the latest
HAIL_TRAILING = 2  # chosen: the Dominion may flip its directive in the Hail phase when trailing by this many VP
MAX_TURNS = 40  # a phase cannot take more turns than this (no seat may stall the game)
Sink = Callable[[ItuEvent, ItuState], None]


class ItuGame:
    """One game of the learning mission between two seats (side 0 Federation, side 1 Dominion)."""

    def __init__(self, seed: int, players: Sequence[Player], sink: Sink | None = None,
                 rounds: int = ROUND_LIMIT) -> None:
        self.players = list(players)
        self.sink = sink
        self.rounds = rounds
        self.state = ItuState()
        self.events: list[ItuEvent] = []
        self.emit(setup(seed))

    @property
    def seq(self) -> int:
        return len(self.events)

    def emit(self, event: ItuEvent) -> None:
        self.state = apply(self.state, event)
        self.events.append(event)
        if self.sink is not None:
            self.sink(event, self.state)

    def _phase(self, phase: Phase, step: Literal["", "ships", "projectiles"] = "") -> None:
        self.emit(PhaseStarted(seq=self.seq, round=self.state.round, phase=phase, step=step))

    def play(self) -> ItuState:
        while not self.state.over:
            self.round()
        return self.state

    def round(self) -> None:
        self.emit(RoundStarted(seq=self.seq, round=self.state.round + 1, phase="priority"))
        revealed_before = self.state.complication
        self._phase("priority")
        self._turns("priority")
        self._phase("standby", "ships")
        self._turns("standby")
        self._projectile_turns()
        self._phase("hazard")
        self._hazard()
        self._phase("ready")
        self._ready()
        self._phase("hail")
        self._hail()
        priority = self.state.priority
        self.emit(PriorityHandedOver(seq=self.seq, round=self.state.round, phase="hail", to=1 - priority))
        if self.state.complication is None and (self.state.round >= OVERTURE_ROUNDS or not any(
                o.marker for o in self.state.objectives)):
            self._reveal()
        elif revealed_before is not None or self.state.complication is not None:
            self._maybe_end()
        if not self.state.over and self.state.round >= self.rounds:
            self._end("the round limit")

    # --- priority and standby ----------------------------------------------------------------

    def _turns(self, kind: Literal["priority", "standby"]) -> None:
        """Players take turns from the priority player (priority) or the standby player (standby)."""
        first = self.state.priority if kind == "priority" else 1 - self.state.priority
        side = first
        for _ in range(MAX_TURNS):
            if all(self.state.passed):
                return
            if not self.state.passed[side]:
                choice = self.players[side].order(self.state, side, kind)
                if choice is None:
                    self.emit(Passed(seq=self.seq, round=self.state.round, phase=kind, side=side))
                else:
                    if choice.ship not in {s.id for s in self.state.ships if s.side == side}:
                        raise IllegalOrder(f"side {side} cannot order {choice.ship!r}: not a ship of its fleet "
                                           "(guide, \"Priority Orders\" step 1: choose a ship you control)")
                    self._order(choice, kind)
            side = 1 - side
        for side in (0, 1):  # pragma: no cover - a seat that never passes is stopped here
            if not self.state.passed[side]:
                self.emit(Passed(seq=self.seq, round=self.state.round, phase=kind, side=side))

    def _order(self, choice: Choice, kind: Literal["priority", "standby"]) -> None:
        opt = choice.option
        ship = self.state.ship(choice.ship)
        why = order_refusal(self.state, ship, kind, opt.action.name, opt.station, opt.officer, opt.assigned, opt.paid)
        if why is not None:  # the seat's order is checked before any of it is resolved
            raise IllegalOrder(why)
        why = self._target_refusal(choice, kind)
        if why is not None:
            raise IllegalOrder(why)
        if choice.plan is not None and (opt.action.name == "WARP") != isinstance(choice.plan, WarpPlan):
            # guide, "Maneuvers": engage warp is the WARP action's; forward impulse and come about are IMPULSE's
            raise IllegalOrder(f"{opt.action.name} cannot make a {type(choice.plan).__name__.removesuffix('Plan')} "
                               "maneuver (guide, \"Maneuvers\": warp by WARP, impulse and come about by IMPULSE)")
        if opt.action.name == "FIRE WEAPONS":
            why = plan_refusal(self.state.ship(choice.ship),
                               [(x.weapon.name, x.arc, x.weapons_power, x.reserve) for x in choice.shots]
                               + [(x.launcher.name, x.end, x.weapons_power, x.reserve) for x in choice.launches])
            if why is not None:
                raise IllegalOrder(f"FIRE WEAPONS: {why}")
        self.emit(OrderGiven(seq=self.seq, round=self.state.round, phase=kind, ship=choice.ship, order=kind,
                             action=opt.action.name, station=opt.station,
                             officer=opt.officer if kind == "priority" else None,
                             assigned=opt.assigned and kind == "priority", paid=opt.paid, reason=choice.reason))
        leader = opt.officer if kind == "priority" else None
        ship = self.state.ship(choice.ship)
        side = ship.side
        tester, opponent = self.players[side].tester(self.state, side), self.players[1 - side].peril
        name = opt.action.name
        if name in ("WARP", "IMPULSE") and choice.plan is not None:  # (its kind was checked before the order)
            moved = maneuver(self.state, choice.ship, choice.plan, seq=self.seq, phase=kind)
            self.emit(moved)
            if moved.maneuver == "warp":
                self._crossed(choice.ship, moved.start.pose(), moved.end.pose())
        elif name == "CALL ALERT" and choice.alert and 0 <= ship.alert + choice.alert < len(ship.card.alert_dial):
            to = ship.alert + (1 if choice.alert > 0 else -1)  # guide: one pip position
            self.emit(AlertChanged(seq=self.seq, round=self.state.round, phase=kind, ship=choice.ship, alert=to))
        elif name == "FIRE WEAPONS":
            pierced: dict[tuple[str, str | None], int] = {}  # guide, Pierce X: on the attacked location
            for shot in choice.shots:
                token = next((p for p in self.state.projectiles if p.id == shot.target), None)
                if token is None and (shot.end is None or self.state.ship(shot.target).destroyed):
                    break  # the target left play during the action
                if self._unpaid(choice.ship, shot.weapon.name, shot.arc, shot.weapons_power, shot.reserve):
                    continue
                where = (shot.target, shot.end)
                event, pierced[where] = beam_attack(self.state, choice.ship, shot, leader, tester, opponent,
                                                    seq=self.seq, phase=kind, pierced=pierced.get(where, 0))
                self.emit(event)
                if token is not None and event.hit and event.damage >= PROJECTILES[token.kind].hull:
                    self.emit(ProjectileRemoved(seq=self.seq, round=self.state.round, phase=kind,
                                                projectile=token.id, why="destroyed"))
            for chosen in choice.launches:
                if self._unpaid(choice.ship, chosen.launcher.name, chosen.end, chosen.weapons_power, chosen.reserve):
                    continue
                self.emit(projectiles.launch(self.state, choice.ship, chosen, seq=self.seq, phase=kind))
        elif name == "REPAIR" and choice.target is not None:
            self.emit(procedures.repair(self.state, choice.ship, choice.target, leader, tester, opponent,
                                        seq=self.seq, phase=kind))
        elif name == "SENSOR LOCK" and choice.target is not None:
            self.emit(procedures.sensor_lock(self.state, choice.ship, choice.target, leader, tester, opponent,
                                             seq=self.seq, phase=kind))
        elif choice.objective is not None:
            test = {"THREAT ANALYSIS": procedures.threat_analysis, "DEMOLITION SALVO": procedures.demolition_salvo,
                    "TRANSPORTER EVAC": procedures.transporter_evac}[name]
            self.emit(test(self.state, choice.ship, choice.objective, leader, tester, opponent, seq=self.seq,
                           phase=kind))

    def _target_refusal(self, choice: Choice, kind: Literal["priority", "standby"]) -> str | None:
        """Why the procedure the order resolves refuses its target (a lock, a card, an objective), tried
        on the state as it is before the order is given (nothing kept, nobody asked)."""
        name, leader = choice.option.action.name, choice.option.officer if kind == "priority" else None
        quiet = Modifier(lambda pool, difficulty, how: None, lambda pool, difficulty, index: None)
        trials = {"SENSOR LOCK": (choice.target, procedures.sensor_lock), "REPAIR": (choice.target, procedures.repair),
                  "THREAT ANALYSIS": (choice.objective, procedures.threat_analysis),
                  "DEMOLITION SALVO": (choice.objective, procedures.demolition_salvo),
                  "TRANSPORTER EVAC": (choice.objective, procedures.transporter_evac)}
        target, procedure = trials.get(name, (None, None))
        if target is None or procedure is None:
            return None
        try:
            procedure(self.state, choice.ship, target, leader, quiet, quiet.choose, seq=self.seq, phase=kind)
        except (ValueError, StopIteration) as exc:
            return f"{name} at {target!r}: {exc or 'no such target'} (guide, \"Action Requirements\")"
        return None

    def _unpaid(self, ship_id: str, weapon: str, where: str, power: int, reserve: int) -> bool:
        """A planned attack or launch of the action that the ship can no longer pay for: its reserve
        went to shields against Relentless's health damage after an earlier attack ("Shields": the
        ship "must use its shields"), so the plan's reserve is not there. It is not made; the
        action goes on with the rest of the plan (docs/rulings.md)."""
        ship = self.state.ship(ship_id)
        return refusal(ship, volley_of(self.state, ship_id, None), weapon, where, power, reserve) is not None

    # --- projectiles ---------------------------------------------------------------------------

    def _projectile_turns(self) -> None:
        """The standby phase's second part: from the standby player, each player in turn orders one of
        their torpedoes, which must engage impulse (Inertia); a player with none left passes."""
        if not self.state.projectiles:
            return
        self._phase("standby", "projectiles")
        side = 1 - self.state.priority
        for _ in range(MAX_TURNS):
            waiting = [p for p in self.state.projectiles if not p.moved]
            if not waiting:
                return
            mine = [p for p in waiting if p.side == side]
            if mine:
                self._projectile_order(mine[0].id)
            side = 1 - side

    def _projectile_order(self, key: str) -> None:
        token = next(p for p in self.state.projectiles if p.id == key)
        if self._detonate(token) or self._salvo(token):
            return
        side, across = self.players[token.side].steer(self.state, token)
        why = projectiles.side_refusal(self.state, token, side)
        if why is not None:
            raise IllegalOrder(why)
        card = PROJECTILES[token.kind]
        move = projectiles.impulse(token.pose.pose(), side, card.engine * INCH, across,
                                   projectiles.units(self.state, but=token.id))
        endurance = 0 if move.crossed_boundary else token.endurance - 1
        self.emit(ProjectileMoved(seq=self.seq, round=self.state.round, phase="standby", projectile=key, side=side,
                                  across=across, start=token.pose, end=PoseModel.of(move.end),
                                  distance=round(move.distance, 4), crossed_boundary=move.crossed_boundary,
                                  endurance=endurance, stopped=move.stopped))
        token = next(p for p in self.state.projectiles if p.id == key)
        if not self._detonate(token) and token.endurance == 0:
            self.emit(ProjectileRemoved(seq=self.seq, round=self.state.round, phase="standby", projectile=key,
                                        why="endurance"))

    def _salvo(self, token: ProjectileState) -> bool:
        """Outpost Ambush: a torpedo at detonation range of an opposing outpost may be given DEMOLITION
        SALVO ("Ship or torpedo") as its order instead of engaging impulse (chosen: the mission's own
        action over Inertia's); its seat decides. The torpedo is removed after the test."""
        targets = procedures.salvo_targets(self.state, token)
        chosen = self.players[token.side].salvo(self.state, token, [o.id for o in targets]) if targets else None
        if chosen is None:
            return False
        if chosen not in [o.id for o in targets]:
            raise IllegalOrder(f"{token.id} cannot take DEMOLITION SALVO at {chosen!r}: not an opposing outpost at its "
                               "detonation range (Outpost Ambush, \"Mission Action\")")
        side = token.side
        self.emit(procedures.torpedo_salvo(self.state, token.id, chosen, self.players[side].tester(self.state, side),
                                           self.players[1 - side].peril, seq=self.seq, phase="standby"))
        self.emit(ProjectileRemoved(seq=self.seq, round=self.state.round, phase="standby", projectile=token.id,
                                    why="detonated"))
        return True

    def _detonate(self, token: ProjectileState) -> bool:
        """At 1" of an opposing unit the torpedo detonates: removed, then its blast attacks each unit."""
        if not projectiles.detonates(self.state, token):
            return False
        targets = projectiles.blast_targets(self.state, token)
        self.emit(ProjectileRemoved(seq=self.seq, round=self.state.round, phase=self.state.phase,
                                    projectile=token.id, why="detonated"))
        side = token.side
        for target in targets:
            if self.state.ship(target.id).destroyed:
                continue
            self.emit(projectiles.blast_attack(self.state, token, self.state.ship(target.id),
                                               self.players[side].tester(self.state, side),
                                               self.players[1 - side].peril, seq=self.seq, phase=self.state.phase))
        return True

    # --- hazard --------------------------------------------------------------------------------

    def _crossed(self, ship_id: str, start: Pose, end: Pose) -> None:
        """Warp over an unexposed anomaly exposes it (guide, "Anomaly Tokens"); the ship at the
        token resolves it, then the maneuver goes on (so its end is unchanged)."""
        ship = self.state.ship(ship_id)
        for key in crossed_anomalies(start, end, ship.card.base, table_for(self.state, ship)):
            self._expose(key, ship_id, at_token=True)

    def _expose(self, key: str, by: str, at_token: bool = False) -> None:
        """Resolve an anomaly on every ship at 2" of it (its table), then remove it; a ship crossing it
        at warp is at the token (guide: it stops there to resolve it)."""
        anomaly = next(a for a in self.state.anomalies if a.id == key)
        token = Point(anomaly.x, anomaly.y).buffer(TOKEN_RADIUS, quad_segs=16)
        deltas = []
        for ship in self.state.ships:
            crossing = at_token and ship.id == by
            if ship.destroyed or (not crossing and base_polygon(ship.pose.pose(), ship.card.base).distance(token)
                                  >= 2 * INCH):
                continue
            if anomaly.number in (1, 2):  # wreckage field: 1 peril or 2 reserve, the ship's player chooses
                pay = ship.reserve >= 2 and self.players[ship.side].wreckage(self.state, ship.id) == "reserve"
                deltas.append(ShipDelta(ship=ship.id, reserve=-2) if pay else ShipDelta(ship=ship.id, peril=1))
            elif anomaly.number == 3:  # frozen gas deposits: 1 advantage
                deltas.append(ShipDelta(ship=ship.id, advantage=1))
        self.emit(AnomalyExposed(seq=self.seq, round=self.state.round, phase=self.state.phase, anomaly=key,
                                 number=anomaly.number, ship=by, effects=Effects(ships=tuple(deltas))))

    def _hazard(self) -> None:
        near = []
        for anomaly in self.state.anomalies:
            token = Point(anomaly.x, anomaly.y).buffer(TOKEN_RADIUS, quad_segs=16)
            ships = [s for s in self.state.ships if not s.destroyed and
                     base_polygon(s.pose.pose(), s.card.base).distance(token) < 2 * INCH]
            if ships:
                near.append((anomaly.id, ships[0].id))
        for key, by in near:
            if any(a.id == key for a in self.state.anomalies):
                self._expose(key, by)
        if self.state.complication == "outpost_ambush":
            rng_seat = self.state.priority
            for side in (rng_seat, 1 - rng_seat):
                colour = procedures.COLOURS[side]
                for objective in [o for o in self.state.objectives if o.marker == colour]:
                    event = outpost_attack(self.state, objective.id, side, self.players[side].tester(self.state, side),
                                           self.players[1 - side].peril, seq=self.seq)
                    if event is not None:
                        self.emit(event)
        if self.state.complication == "rescue_op":
            for objective in [o for o in self.state.objectives if o.marker is None]:
                ships = [s for s in self.state.ships if not s.destroyed and procedures.within(s, objective, 6)]
                if sum(s.peril for s in ships) >= 3:
                    self.emit(EffectsResolved(
                        seq=self.seq, round=self.state.round, phase="hazard", objective_removed=objective.id,
                        why=f"freighter integrity: {objective.id} is lost", effects=Effects(ships=tuple(
                            ShipDelta(ship=s.id, peril=-s.peril) for s in ships if s.peril))))

    # --- hail, ready, complication, end ----------------------------------------------------------

    def _hail(self) -> None:
        """Guide, "Hail Phase": no negotiation in the learning mission, but "the Dominion player can
        flip their directive card under certain circumstances". The circumstances are not printed;
        chosen (docs/rulings.md): in the overture, a CALM Dominion trailing by 2 or more victory
        points may turn its combat directive HOSTILE (the attack example's situation), at no cost
        (it is not a hostile act); the Federation's directive stays as it is. The seat decides."""
        state = self.state
        if state.complication is not None or state.directives[DOMINION] != "calm":
            return
        if state.score(FEDERATION) - state.score(DOMINION) < HAIL_TRAILING:
            return
        if self.players[DOMINION].hail(state, DOMINION):
            self.emit(EffectsResolved(seq=self.seq, round=state.round, phase="hail",
                                      why="hail: the Dominion turns its combat directive HOSTILE",
                                      effects=Effects(hostile=(False, True))))

    # --- ready, complication, end ----------------------------------------------------------------

    def _ready(self) -> None:
        """Guide, "Ready Phase": the priority player resolves all 4 steps, then the standby player."""
        for side in (self.state.priority, 1 - self.state.priority):
            ships = [s for s in self.state.ships if s.side == side and not s.destroyed]
            removed = [ShipDelta(ship=s.id, advantage=-min(s.advantage, s.peril), peril=-min(s.advantage, s.peril))
                       for s in ships if min(s.advantage, s.peril)]
            if removed:
                self.emit(EffectsResolved(seq=self.seq, round=self.state.round, phase="ready",
                                          why="advantage cancels peril", effects=Effects(ships=tuple(removed))))
            self.emit(OfficersReadied(seq=self.seq, round=self.state.round, phase="ready", side=side,
                                      officers=tuple(self.players[side].ready(self.state, side)[:3])))
            for move in self.players[side].relocate(self.state, side)[:3]:  # guide: up to 3 officers
                self.emit(OfficerRelocated(seq=self.seq, round=self.state.round, phase="ready", ship=move.ship,
                                           officer=move.officer, section=move.section, station=move.station,
                                           reason=move.reason))
            for ship in ships:
                ship = self.state.ship(ship.id)
                gain = min(ship.stats.recharge, ship.card.reserve_max - ship.reserve)
                if gain:
                    self.emit(ReserveChanged(seq=self.seq, round=self.state.round, phase="ready", ship=ship.id,
                                             amount=gain, why="recharge"))

    def _raise_alerts(self) -> None:
        """Outpost Ambush, "Ready Phase": "The round this complication is revealed, during this phase,
        each player may increase each of their ships' alert dials by 1 position." It is revealed at
        the end of the round, after that round's ready phase, so (docs/rulings.md) the raise alone is
        resolved at the reveal: no second peril removal, readying, relocation or recharge."""
        for side in (self.state.priority, 1 - self.state.priority):
            for ship in [s for s in self.state.ships if s.side == side and not s.destroyed]:
                if ship.alert + 1 < len(ship.card.alert_dial) and self.players[side].raise_alert(self.state, ship.id):
                    self.emit(AlertChanged(seq=self.seq, round=self.state.round, phase="hail", ship=ship.id,
                                           alert=ship.alert + 1))

    def _reveal(self) -> None:
        """The overture ends: the influence marker on the Federation's part of the track (positive)
        reveals Rescue Op, otherwise Outpost Ambush (chosen: the start position counts as the
        Dominion's part)."""
        state = self.state
        if state.influence > 0:
            removed: set[str] = set()
            for side in (0, 1):
                ship = next(s for s in state.ships if s.side == side)
                left = [o for o in state.objectives if o.id not in removed]
                closest = min(left, key=lambda o: base_polygon(ship.pose.pose(), ship.card.base).distance(
                    Point(o.x, o.y)))
                removed.add(closest.id)
            kept = tuple((o.id, None) for o in state.objectives if o.id not in removed)
            self.emit(ComplicationRevealed(seq=self.seq, round=state.round, phase="hail", complication="rescue_op",
                                           objectives=kept, directives=("calm", "calm")))
        else:
            reversed_colours = {key: "orange" if colour == "blue" else "blue" for key, _, _, colour in OBJECTIVES}
            kept = tuple((o.id, reversed_colours[o.id]) for o in state.objectives)  # type: ignore[misc]
            self.emit(ComplicationRevealed(seq=self.seq, round=state.round, phase="hail",
                                           complication="outpost_ambush", objectives=kept,
                                           directives=("hostile", "hostile")))
            self._raise_alerts()

    def _maybe_end(self) -> None:
        state = self.state
        if state.complication == "outpost_ambush":
            done = not any(o.marker for o in state.objectives)
        else:
            done = all(o.marker is not None for o in state.objectives)
        broken = any(s.destroyed or s.disabled for s in state.ships)
        if done or broken:
            self._end("every objective resolved" if done else "a ship disabled or destroyed")

    def _end(self, why: str) -> None:
        """Directive points (chosen: HOSTILE scores 2 per opposing ship disabled and 3 per destroyed;
        CALM scores 2 for keeping calm), then the higher total wins; a tie goes to the Dominion in
        Outpost Ambush and to the Federation in Rescue Op (and in the overture)."""
        state = self.state
        victory = [0, 0]
        for side in (0, 1):
            if state.directives[side] == "calm":
                victory[side] += 2
            else:
                for enemy in (s for s in state.ships if s.side != side):
                    victory[side] += 3 if enemy.destroyed else 2 if enemy.disabled else 0
        if any(victory):
            self.emit(EffectsResolved(seq=self.seq, round=state.round, phase="hail", why="directives score",
                                      effects=Effects(victory=(victory[0], victory[1]))))
        state = self.state
        scores = (state.score(0), state.score(1))
        tie, rule = tie_rule(state.complication)
        winner = 0 if scores[0] > scores[1] else 1 if scores[1] > scores[0] else tie
        if scores[0] == scores[1]:  # the score alone does not say who won: the rule that decides does
            why = f"{why}; {rule}"
        self.emit(GameEnded(seq=self.seq, round=state.round, phase="over", winner=winner, scores=scores,
                            why=f"({why})"))


def play_game(seed: int, players: Sequence[Player], sink: Sink | None = None, rounds: int = ROUND_LIMIT) -> ItuGame:
    """Play a whole game; the ``ItuGame`` holds its events and final state."""
    game = ItuGame(seed, players, sink, rounds)
    game.play()
    return game


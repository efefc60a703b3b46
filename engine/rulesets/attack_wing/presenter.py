"""What the table shows during an Attack Wing replay: the Timeline's presenter for this ruleset.

During an event the table shows the state after it, except that a moving ship is interpolated
along its exact maneuver path (the engine's own swept-path function, so the studio can never
draw a move the rules did not make). Events of types this presenter does not know just show
the folded state. Alliance reuses it with its own narration (``AttackWingPresenter``'s hooks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path, template_outline
from engine.rulesets.attack_wing.narrate import log_line as aw_log_line
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.timeline import Dice, Moment, OddsView, TableGeometry
from engine.view import AttackView, DecisionView, ObstacleView, PlanetView, ShipView, TableView, TemplateView

S = TypeVar("S")

TRAIL_MOVES = 3
SECONDS: dict[str, float] = {
    "game_started": 1.0, "ship_placed": 0.0, "round_started": 1.0, "phase_started": 0.5, "dial_set": 0.05,
    "ship_activated": 0.25, "maneuver_revealed": 0.4, "ship_moved": 1.6, "sensor_echo": 0.8,
    "action_performed": 0.6, "action_skipped": 0.5, "target_lock_acquired": 0.3, "tokens_changed": 0.15,
    "attack_declared": 0.8, "dice_rolled": 1.0, "dice_rerolled": 0.8, "dice_converted": 0.5, "die_added": 0.4,
    "attack_odds": 0.0, "attack_resolved": 0.7, "damage_dealt": 0.35, "ship_destroyed": 1.2, "obstacle_rolled": 0.8,
    "console_fire_rolled": 0.8, "damage_deck_reshuffled": 0.5,
    "game_ended": 2.5,
}
DEFAULT_SECONDS = 0.1


def seconds(event: Any) -> float:
    """Playback seconds of an event (by its ``type``; ``DEFAULT_SECONDS`` for types not listed)."""
    return SECONDS.get(event.type, DEFAULT_SECONDS)


class BoardPresenter(Generic[S]):
    """The Attack Wing view of a ruleset state ``S`` whose table is an Attack Wing ``GameState``.

    Subclasses say where that ``GameState`` is (``board``), how an event reads (``log_line``), and
    may add a decision as an event's reason (``decision``) and a decision to draw (``decision_view``).
    """

    def __init__(self, events: Sequence[Any], table: TableGeometry) -> None:
        # other rulesets' own events only ever pass through the generic paths (type, round,
        # phase, ship) and the isinstance checks below
        self.events: list[Any] = list(events)
        self.table = table
        self.lines: list[str] = []
        self.reasons: list[str] = []
        self.attack_of: list[int] = []  # for each event, the attack_declared it belongs to (-1: none)
        self.decisions: list[DecisionView | None] = []
        self._final: GameState | None = None
        self._moves: dict[str, list[int]] = {}
        self._trail_cache: dict[int, tuple[tuple[float, float], ...]] = {}
        self._odds: dict[int, ev.AttackOdds] = {}  # attack_declared index -> its odds
        self._resolved: dict[int, int] = {}  # attack_declared index -> its attack_resolved index
        self._dial_reason: dict[str, str] = {}
        self._attack = -1
        self._deciding: DecisionView | None = None

    # --- what a ruleset says ------------------------------------------------------------------
    def board(self, state: S) -> GameState:
        raise NotImplementedError

    def log_line(self, event: Any, state: S) -> str:
        raise NotImplementedError

    def decision(self, event: Any, state: S) -> str:
        """The decision an event shows as its reason ("": the event's own ``reason`` field)."""
        return ""

    def decision_view(self, event: Any, state: GameState) -> DecisionView | None:
        """A decision to draw from this event on (until the next ship acts or the phase changes)."""
        return None

    # --- the fold -----------------------------------------------------------------------------
    def observe(self, i: int, e: Any, state: S) -> None:
        self.lines.append(self.log_line(e, state))
        ship = getattr(e, "ship", None)
        if isinstance(e, ev.DialSet):
            self._dial_reason[e.ship] = e.reason
        if isinstance(e, ev.AttackDeclared):
            self._attack = i
        elif e.type in ("phase_started", "attack_skipped", "round_ended", "ship_activated"):
            self._attack = -1
        attack = self._attack
        self.attack_of.append(attack)
        if attack >= 0 and isinstance(e, ev.AttackOdds):
            self._odds[attack] = e
        elif attack >= 0 and isinstance(e, ev.AttackResolved):
            self._resolved[attack] = i
        said = self.decision(e, state) or getattr(e, "reason", "") or ""
        if isinstance(e, ev.ShipMoved | ev.ManeuverRevealed):
            said = self._dial_reason.get(e.ship, "")
        self.reasons.append(said if said or ship is None else self._carry_reason(i, ship))
        if isinstance(e, ev.ShipMoved | ev.SensorEcho):
            self._moves.setdefault(e.ship, []).append(i)
        # an Enemy AI decision stays on screen until the next ship acts or the phase changes
        shown = self.decision_view(e, self.board(state))
        if shown is not None:
            self._deciding = shown
        elif e.type in ("ship_activated", "phase_started", "round_ended"):
            self._deciding = None
        self.decisions.append(self._deciding)

    def finish(self, final: S) -> None:
        self._final = self.board(final)

    def mark(self, event: Any) -> tuple[int, str] | None:
        if isinstance(event, ev.PhaseStarted | ev.RoundStarted):
            return event.round, event.phase
        return None

    def _carry_reason(self, i: int, ship: str) -> str:
        """Keep showing the ship's last reason through the smaller events of the same step."""
        for j in range(i - 1, max(i - 12, -1), -1):
            if getattr(self.events[j], "ship", None) == ship and self.reasons[j]:
                return self.reasons[j]
        return ""

    # --- what is on screen --------------------------------------------------------------------
    def moment(self, time: float, i: int, progress: float, ruleset_state: S) -> Moment:
        state = self.board(ruleset_state)
        e = self.events[i] if i >= 0 else None
        moving: dict[str, Pose] = {}
        templates: list[TemplateView] = []
        if isinstance(e, ev.ShipMoved) and progress < 1.0:
            ship = state.ship(e.ship)
            maneuver = Maneuver(e.kind, e.speed)
            path = maneuver_path(e.start.pose(), maneuver, ship.base)
            moving[e.ship] = path.pose_at(progress * e.progress)
            outline = template_outline(e.start.pose(), maneuver, ship.base)
            if outline is not None:
                colour = ship.revealed[2] if ship.revealed else "white"
                templates.append(TemplateView(tuple(outline.exterior.coords), colour, e.ship))
        elif isinstance(e, ev.SensorEcho) and progress < 1.0:
            a, b = e.start.pose(), e.end.pose()
            moving[e.ship] = Pose(a.x + (b.x - a.x) * progress, a.y + (b.y - a.y) * progress, a.heading)
        active = state.active
        ships = tuple(_ship_view(s, moving.get(s.id), s.id == active) for s in state.ships
                      if not s.destroyed or (isinstance(e, ev.ShipDestroyed) and e.ship == s.id and progress < 1))
        attack_view, dice, odds = None, None, None
        attack = self.attack_of[i] if i >= 0 else -1
        if attack >= 0 and state.attack is not None:
            odds = self._odds_view(attack, i)
            d = self.events[attack]
            assert isinstance(d, ev.AttackDeclared)
            attack_view = AttackView(d.ship, d.defender, d.line[0], d.line[1], d.range_band, d.obstructed)
            atk = state.attack
            dice = Dice(atk.attack_dice, atk.defense_dice, atk.attack_rerolled, atk.defense_rerolled)
        view = TableView(
            area_width=self.table.area[0], area_height=self.table.area[1],
            obstacles=tuple(ObstacleView(o.name, tuple(o.points)) for o in self.table.obstacles),
            planets=tuple(PlanetView(p.name, p.x, p.y, p.radius) for p in self.table.planets),
            ships=ships, templates=tuple(templates), attack=attack_view, selected=active,
            decision=self.decisions[i] if i >= 0 else None,
        )
        damage = {s.id: tuple(c.key if c.face_up else "" for c in s.damage) for s in state.ships if s.damage}
        return Moment(time=time, index=i, progress=progress, round=state.round, phase=state.phase, view=view,
                      active=active, dice=dice, reason=self.reasons[i] if i >= 0 else "",
                      caption=self.lines[i] if i >= 0 else "", damage=damage, trails=self._trails(i, moving),
                      odds=odds, attack_index=attack)

    def _odds_view(self, attack: int, i: int) -> OddsView | None:
        """The odds of the attack declared at ``attack`` as seen at event ``i`` (the outcome once resolved)."""
        o = self._odds.get(attack)
        if o is None:
            return None
        view = OddsView(o.expected, o.p_damage, o.p_crit, tuple(o.damage))
        r = self._resolved.get(attack)
        if r is not None and r <= i:
            done = self.events[r]
            assert isinstance(done, ev.AttackResolved)
            return replace(view, actual=done.hits + done.crits, percentile=done.percentile)
        return view

    def _trails(self, i: int, moving: dict[str, Pose]) -> dict[str, tuple[tuple[float, float], ...]]:
        """The last few moves of each ship as polylines (for the trails overlay)."""
        out: dict[str, tuple[tuple[float, float], ...]] = {}
        for ship_id, moves in self._moves.items():
            done = [j for j in moves if j < i or (j == i and ship_id not in moving)][-TRAIL_MOVES:]
            pts = [p for j in done for p in self._trail_of(j)]
            if pts:
                out[ship_id] = tuple(pts)
        return out

    def _trail_of(self, j: int) -> tuple[tuple[float, float], ...]:
        """One move's polyline, sampled once and kept (every playing frame asks again)."""
        cached = self._trail_cache.get(j)
        if cached is None:
            e = self.events[j]
            if isinstance(e, ev.ShipMoved):
                path = maneuver_path(e.start.pose(), Maneuver(e.kind, e.speed), self._base_of(e.ship))
                cached = tuple((p.x, p.y) for p in (path.pose_at(k / 8 * e.progress) for k in range(9)))
            elif isinstance(e, ev.SensorEcho):
                cached = ((e.start.x, e.start.y), (e.end.x, e.end.y))
            else:
                cached = ()
            self._trail_cache[j] = cached
        return cached

    def _base_of(self, ship_id: str) -> str:
        try:
            return self._final.ship(ship_id).base if self._final is not None else "small"
        except KeyError:
            return "small"


class AttackWingPresenter(BoardPresenter[GameState]):
    """The Attack Wing ruleset's presenter: its state is the board; its lines are the Attack Wing narrator's."""

    def board(self, state: GameState) -> GameState:
        return state

    def log_line(self, event: Any, state: GameState) -> str:
        return aw_log_line(event, state)


def _ship_view(s: ShipState, pose: Pose | None, active: bool) -> ShipView:
    tokens = (["evade"] * s.evade + ["scan"] * s.scan + ["battle_stations"] * s.battle_stations
              + ["aux_power"] * s.aux_power + (["target_lock:" + s.target_lock] if s.target_lock else [])
              + (["cloak:" + s.cloak] if s.cloaked else []) + ["critical"] * sum(c.face_up for c in s.damage))
    return ShipView(
        id=s.id, name=s.name, faction=s.faction, class_name=s.class_name,
        base_size="large" if s.base == "large" else "small", pose=pose or s.pose, player=s.side,
        front_arc=s.front_arc, rear_arc=s.rear_arc, has_360_arc=s.has_360_arc, shields=s.shields,
        shields_max=s.shields_max, hull=max(s.hull - s.hull_damage, 0), hull_max=s.hull, tokens=tuple(tokens),
        destroyed=s.destroyed, cloaked=s.cloaked, active=active,
    )

"""The pure Timeline: (replay events, playback time) -> what is on screen. No Panda3D.

Every event gets a playback duration; during an event the table shows the state after it,
except that a moving ship is interpolated along its exact maneuver path (the engine's own
swept-path function, so the studio can never draw a move the rules did not make). States
come from the one reducer: snapshots every ``SNAPSHOT_EVERY`` events plus a short fold, so a
seek anywhere costs the same.

The Timeline is ruleset-agnostic: by default it folds with the Attack Wing reducer and narrates
with the Attack Wing lines, but a ruleset whose state wraps an Attack Wing ``GameState`` (Alliance:
``AllianceState.aw``) passes its own ``apply``, ``game_state`` accessor, ``log_line`` and
``reason`` functions. Events of types the Timeline does not know take ``DEFAULT_SECONDS`` and just
show the folded state.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, Planet
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path, template_outline
from engine.rulesets.attack_wing.narrate import log_line as aw_log_line
from engine.rulesets.attack_wing.reducer import apply as aw_apply
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.view import AttackView, DecisionView, ObstacleView, PlanetView, ShipView, TableView, TemplateView

SNAPSHOT_EVERY = 64
TRAIL_MOVES = 3
SECONDS: dict[str, float] = {
    "game_started": 1.0, "ship_placed": 0.0, "round_started": 1.0, "phase_started": 0.5, "dial_set": 0.05,
    "ship_activated": 0.25, "maneuver_revealed": 0.4, "ship_moved": 1.6, "sensor_echo": 0.8,
    "action_performed": 0.6, "action_skipped": 0.5, "target_lock_acquired": 0.3, "tokens_changed": 0.15,
    "attack_declared": 0.8, "dice_rolled": 1.0, "dice_rerolled": 0.8, "dice_converted": 0.5, "die_added": 0.4,
    "attack_odds": 0.0, "attack_resolved": 0.7, "damage_dealt": 0.35, "ship_destroyed": 1.2, "obstacle_rolled": 0.8,
    "game_ended": 2.5,
}
DEFAULT_SECONDS = 0.1


@dataclass(frozen=True, slots=True)
class Dice:
    """The dice of the attack on the table, face by face (True where a die was rerolled or added)."""

    attack: tuple[str, ...]
    defense: tuple[str, ...]
    attack_changed: tuple[bool, ...]
    defense_changed: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class OddsView:
    """The odds of the attack on the table (recorded before its roll), and once the attack is
    resolved, what it did and how lucky that was (the mid-rank percentile; 0.5 is average)."""

    expected: float  # expected damage (uncanceled hits + crits)
    p_damage: float  # P(at least one damage)
    p_crit: float  # P(at least one uncanceled crit)
    damage: tuple[float, ...]  # P(damage = k), k = 0, 1, ...
    actual: int | None = None  # damage rolled (hits + crits), once resolved
    percentile: float | None = None  # once resolved


@dataclass(frozen=True, slots=True)
class Moment:
    """Everything the studio shows at one playback time."""

    time: float
    index: int  # the event in progress (-1 before the first)
    progress: float  # 0..1 through that event
    round: int
    phase: str
    view: TableView
    active: str | None
    dice: Dice | None
    reason: str  # the AI's stated reason for what is happening
    caption: str  # the event as a line
    damage: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ship -> damage cards (face up titles)
    trails: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)
    odds: OddsView | None = None  # the current attack's odds (None: no attack, or a log without odds)


@dataclass(frozen=True)
class TableGeometry:
    area: tuple[float, float]
    obstacles: Sequence[Obstacle] = ()
    planets: Sequence[Planet] = ()


def _identity(state: Any) -> GameState:
    return cast(GameState, state)


class Timeline:
    """Playback over a list of events (validated models) from an initial state.

    ``apply(state, event)`` is the ruleset's reducer, ``game_state(state)`` the Attack Wing
    ``GameState`` inside the ruleset's state (what the table shows), ``log_line(event, state)``
    the event as a line (given the state before it) and ``reason(event, state)``, when given, the
    decision an event shows as its reason ("" to fall back to the event's own ``reason`` field).
    The defaults are Attack Wing's. ``initial``, ``final`` and ``state_after`` are Attack Wing
    states; ``ruleset_initial``, ``ruleset_final`` and ``ruleset_state_after`` the ruleset's own.
    """

    def __init__(self, events: Sequence[Any], initial: Any, table: TableGeometry,
                 speed: Callable[[ev.Event], float] | None = None, *,
                 apply: Callable[[Any, Any], Any] = aw_apply,
                 game_state: Callable[[Any], GameState] = _identity,
                 log_line: Callable[[Any, Any], str] = aw_log_line,
                 reason: Callable[[Any, Any], str] | None = None,
                 decision: Callable[[Any, GameState], DecisionView | None] | None = None) -> None:
        # typed as Attack Wing events for the studio: other rulesets' own events only ever pass
        # through the generic paths (type, round, phase, ship) and the isinstance checks
        self.events = cast(list[ev.Event], list(events))
        self.table = table
        self._apply = apply
        self._game_state = game_state
        self.ruleset_initial = initial
        self.initial = game_state(initial)
        seconds = speed or (lambda e: SECONDS.get(e.type, DEFAULT_SECONDS))
        self.starts: list[float] = []
        t = 0.0
        for e in self.events:
            self.starts.append(t)
            t += seconds(e)
        self.duration = t
        self.lines: list[str] = []
        self.reasons: list[str] = []
        self.attack_of: list[int] = []  # for each event, the attack_declared it belongs to (-1: none)
        self._snapshots: list[Any] = []
        self._moves: dict[str, list[int]] = {}
        self._trail_cache: dict[int, tuple[tuple[float, float], ...]] = {}
        self._odds: dict[int, ev.AttackOdds] = {}  # attack_declared index -> its odds
        self._resolved: dict[int, int] = {}  # attack_declared index -> its attack_resolved index
        state, dial_reason, attack = initial, {}, -1
        self.decisions: list[DecisionView | None] = []
        deciding: DecisionView | None = None
        for i, e in enumerate(self.events):
            if i % SNAPSHOT_EVERY == 0:
                self._snapshots.append(state)
            self.lines.append(log_line(e, state))
            ship = getattr(e, "ship", None)
            if isinstance(e, ev.DialSet):
                dial_reason[e.ship] = e.reason
            if isinstance(e, ev.AttackDeclared):
                attack = i
            elif e.type in ("phase_started", "attack_skipped", "round_ended", "ship_activated"):
                attack = -1
            self.attack_of.append(attack)
            if attack >= 0 and isinstance(e, ev.AttackOdds):
                self._odds[attack] = e
            elif attack >= 0 and isinstance(e, ev.AttackResolved):
                self._resolved[attack] = i
            said = (reason(e, state) if reason is not None else "") or getattr(e, "reason", "") or ""
            if isinstance(e, ev.ShipMoved | ev.ManeuverRevealed):
                said = dial_reason.get(e.ship, "")
            self.reasons.append(said if said or ship is None else self._carry_reason(i, ship))
            if isinstance(e, ev.ShipMoved | ev.SensorEcho):
                self._moves.setdefault(e.ship, []).append(i)
            # an Enemy AI decision stays on screen until the next ship acts or the phase changes
            shown = decision(e, game_state(state)) if decision is not None else None
            if shown is not None:
                deciding = shown
            elif e.type in ("ship_activated", "phase_started", "round_ended"):
                deciding = None
            self.decisions.append(deciding)
            state = apply(state, e)
        self.ruleset_final = state
        self.final = game_state(state)
        self.marks = [(self.starts[i], e.round, e.phase) for i, e in enumerate(self.events)
                      if isinstance(e, ev.PhaseStarted | ev.RoundStarted)]

    def _carry_reason(self, i: int, ship: str) -> str:
        """Keep showing the ship's last reason through the smaller events of the same step."""
        for j in range(i - 1, max(i - 12, -1), -1):
            if getattr(self.events[j], "ship", None) == ship and self.reasons[j]:
                return self.reasons[j]
        return ""

    # --- time and events -------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.events)

    def start_of(self, index: int) -> float:
        """When event ``index`` starts (the end of the timeline for len(self))."""
        return self.duration if index >= len(self.events) else self.starts[max(index, 0)]

    def index_at(self, time: float) -> int:
        """The event in progress at ``time`` (zero-length events are passed at once)."""
        if not self.events or time < 0:
            return -1
        return max(bisect.bisect_right(self.starts, time) - 1, 0) if time < self.duration else len(self.events) - 1

    def state_after(self, index: int) -> GameState:
        """The (Attack Wing) state on the table after event ``index`` (-1: before any event)."""
        return self._game_state(self.ruleset_state_after(index))

    def ruleset_state_after(self, index: int) -> Any:
        """The ruleset's reducer state after event ``index`` (-1: before any event)."""
        if index < 0:
            return self.ruleset_initial
        if index >= len(self.events) - 1:
            return self.ruleset_final
        snap = (index + 1) // SNAPSHOT_EVERY
        state = self._snapshots[snap]
        for e in self.events[snap * SNAPSHOT_EVERY:index + 1]:
            state = self._apply(state, e)
        return state

    def step(self, time: float, direction: int, kinds: tuple[str, ...] = ()) -> float:
        """The start of the next (+1) or previous (-1) event, or of the next event of ``kinds``.
        Always a different time (zero-length events at the same time are passed over)."""
        if not self.events:
            return 0.0
        j = max(self.index_at(time), 0)
        while 0 <= j < len(self.events):
            start = self.start_of(j)
            later = start > time + 1e-9 if direction > 0 else start < time - 1e-9
            if later and (not kinds or self.events[j].type in kinds):
                return start
            j += direction
        return self.duration if direction > 0 else 0.0

    # --- what is on screen -----------------------------------------------------------------
    def moment(self, time: float) -> Moment:
        time = min(max(time, 0.0), self.duration)
        i = self.index_at(time)
        if i < 0:
            return self._moment(time, -1, 0.0, self.initial)
        span = self.start_of(i + 1) - self.starts[i]
        progress = 1.0 if span <= 0 else min(max((time - self.starts[i]) / span, 0.0), 1.0)
        if time >= self.duration:
            progress = 1.0
        return self._moment(time, i, progress, self.state_after(i))

    def view_at(self, time: float) -> TableView:
        return self.moment(time).view

    def _moment(self, time: float, i: int, progress: float, state: GameState) -> Moment:
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
        if i >= 0 and self.attack_of[i] >= 0 and state.attack is not None:
            odds = self._odds_view(self.attack_of[i], i)
            d = self.events[self.attack_of[i]]
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
                      odds=odds)

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
                path = maneuver_path(e.start.pose(), Maneuver(e.kind, e.speed), _base_of(self.final, e.ship))
                cached = tuple((p.x, p.y) for p in (path.pose_at(k / 8 * e.progress) for k in range(9)))
            elif isinstance(e, ev.SensorEcho):
                cached = ((e.start.x, e.start.y), (e.end.x, e.end.y))
            else:
                cached = ()
            self._trail_cache[j] = cached
        return cached


def _base_of(state: GameState, ship_id: str) -> str:
    try:
        return state.ship(ship_id).base
    except KeyError:
        return "small"


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

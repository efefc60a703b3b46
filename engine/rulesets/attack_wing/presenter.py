"""What the table shows during an Attack Wing replay: the Timeline's presenter for this ruleset.

During an event the table shows the state after it, except that a moving ship is interpolated
along its exact maneuver path (the engine's own swept-path function, so the studio can never
draw a move the rules did not make). A ship is drawn from its placement on; a maneuver's
template stays until the ship's next activation in an Activation phase; the trail of a ship out
of play fades. Around the table, every number and sentence the studio shows (dice, header,
panels, banners, the director's focus) is worked out here or in ``screen.py``. Events of types
this presenter does not know just show the folded state. Alliance reuses it with its own
narration (``AttackWingPresenter``'s hooks).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.luck import adds_to_attack, damage_percentile
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path, template_outline
from engine.rulesets.attack_wing.narrate import a_percentile
from engine.rulesets.attack_wing.narrate import log_line as aw_log_line
from engine.rulesets.attack_wing.params import BASE_SIDE_MM, MINE_RADIUS_MM, RANGE_BAND_EDGES_MM
from engine.rulesets.attack_wing.screen import (
    attack_reason,
    banner_view,
    base_view,
    dice_view,
    effect_views,
    focus_views,
    frame_decisions,
    header_view,
    mine_dice_view,
    panel_view,
    round_labels,
    ruler_view,
    token_views,
)
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.timeline import Moment, TableGeometry
from engine.view import (
    FocusView,
    MarkerView,
    PanelView,
    PlanetView,
    RulerView,
    ShipView,
    TableView,
    TemplateView,
    TrailView,
)
from engine.view_alliance import DecisionView
from engine.view_attack_wing import AttackView, AttackWingMoment, AttackWingTable, ObstacleView, OddsView

S = TypeVar("S")

TRAIL_MOVES = 3
SECONDS: dict[str, float] = {
    "game_started": 1.0, "ship_placed": 0.0, "round_started": 1.0, "phase_started": 0.5, "dial_set": 0.05,
    "ship_activated": 0.25, "maneuver_revealed": 0.4, "ship_moved": 1.6, "sensor_echo": 0.8,
    "action_performed": 0.6, "action_skipped": 0.5, "target_lock_acquired": 0.3, "tokens_changed": 0.15,
    "attack_declared": 0.8, "dice_rolled": 1.6, "dice_rerolled": 1.0, "dice_converted": 0.7, "die_added": 0.6,
    "attack_odds": 0.0, "attack_resolved": 1.6, "damage_dealt": 0.35, "ship_destroyed": 1.2, "obstacle_rolled": 0.8,
    "console_fire_rolled": 0.8, "damage_deck_reshuffled": 0.5, "mine_placed": 0.8, "mine_triggered": 1.2,
    # a card's use and a card taken: long enough to read the caption that names the card (a tenth of a
    # second flashed it by in a video: Joachim's, Counter Attack's, Superior Intellect's)
    "ability_used": 0.6, "upgrade_taken": 0.6,
    "game_ended": 2.5,
}
DEFAULT_SECONDS = 0.1


def seconds(event: Any) -> float:
    """Playback seconds of an event (by its ``type``; ``DEFAULT_SECONDS`` for types not listed)."""
    return SECONDS.get(event.type, DEFAULT_SECONDS)


class BoardPresenter(Generic[S]):
    """The Attack Wing view of a ruleset state ``S`` whose table is an Attack Wing ``GameState``.

    Subclasses say where that ``GameState`` is (``board``), how an event reads (``log_line``), and
    may add a decision as an event's reason (``decision``), a decision to draw (``decision_view``),
    the ships that retreated (``retreated``) and a mission marker an event takes (``taken``).
    """

    def __init__(self, events: Sequence[Any], table: TableGeometry) -> None:
        # other rulesets' own events only ever pass through the generic paths (type, round,
        # phase, ship) and the isinstance checks below
        self.events: list[Any] = list(events)
        self.table = table
        self.lines: list[str] = []
        self.reasons: list[str] = []
        self.attack_of: list[int] = []  # for each event, the attack_declared it belongs to (-1: none)
        self.mine_of: list[int] = []  # for each event, the mine_triggered whose dice it shows (-1: none)
        self.decisions: list[DecisionView | None] = []
        self.focus: list[FocusView | None] = []
        self.roster: tuple[PanelView, ...] = ()
        self.gone: frozenset[str] = frozenset()  # ships that retreated (not destroyed)
        self._obstacles = tuple(ObstacleView(o.name, tuple(o.points)) for o in table.obstacles)
        self._final: GameState | None = None
        self._names: dict[str, str] = {}
        self._moves: dict[str, list[int]] = {}
        self._trail_cache: dict[int, tuple[tuple[float, float], ...]] = {}
        self._odds: dict[int, ev.AttackOdds] = {}  # attack_declared index -> its odds
        self._resolved: dict[int, int] = {}  # attack_declared index -> its attack_resolved index
        # attack_declared index -> (event, damage) a card added in its damage step (Quantum Torpedoes)
        self._added: dict[int, list[tuple[int, int]]] = {}
        self._dial_reason: dict[str, str] = {}
        self._dial_move: dict[str, bool] = {}  # ship -> its next move is its dial's own maneuver
        self._attack = -1
        self._deciding: DecisionView | None = None
        self._placed: dict[str, int] = {}  # ship -> the event that first puts it on the table
        self._until: dict[int, int] = {}  # ship_moved index -> the ship's next activation (its template goes)
        self._moving_since: dict[str, int] = {}  # ship -> its last ship_moved not yet followed by an activation
        self._colour: dict[int, str] = {}  # ship_moved index -> the revealed maneuver's dial colour
        self._templates: dict[int, TemplateView | None] = {}
        self._table_bases: dict[int, FocusView] = {}  # table-shot events -> the ships on the table then
        # attack_declared: attacker and defender; target_lock_acquired: the ship and its target;
        # ship_activated: the ship
        self._attack_bases: dict[int, FocusView] = {}
        self._taken: list[tuple[int, str, str]] = []  # (event, marker label, ship) as markers are collected

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

    def retreated(self, final: S) -> Collection[str]:
        """The ships that left play by retreating (shown as retreated, not destroyed)."""
        return ()

    def taken(self, event: Any) -> tuple[str, str] | None:
        """(marker label, ship) when this event collects a mission marker."""
        return None

    # --- the fold -----------------------------------------------------------------------------
    def observe(self, i: int, e: Any, state: S) -> None:
        board = self.board(state)
        self.lines.append(self.log_line(e, state))
        ship = getattr(e, "ship", None)
        if isinstance(e, ev.DialSet):
            self._dial_reason[e.ship] = e.reason
        if isinstance(e, ev.AttackDeclared):
            self._attack = i
            bases = tuple(base_view(s.pose, s.base) for s in board.ships if s.id in (e.ship, e.defender))
            self._attack_bases[i] = FocusView("attack", (e.ship, e.defender), bases)
        elif e.type in ("phase_started", "attack_skipped", "round_ended", "ship_activated"):
            self._attack = -1
        if isinstance(e, ev.TargetLockAcquired):  # framed like an attack: the ship and its target
            bases = tuple(base_view(s.pose, s.base) for s in board.ships if s.id in (e.ship, e.target))
            self._attack_bases[i] = FocusView("attack", (e.ship, e.target), bases)
        elif isinstance(e, ev.ShipActivated) and e.ship in self._placed:  # (framed if it neither moves nor attacks)
            self._attack_bases[i] = FocusView("move", (e.ship,), tuple(
                base_view(s.pose, s.base) for s in board.ships if s.id == e.ship))
        attack = self._attack
        self.attack_of.append(attack)
        # a minefield's dice stay on screen through the damage they deal
        mine = self.mine_of[-1] if self.mine_of else -1
        hurt = isinstance(e, ev.DamageDealt) and mine >= 0 and e.ship == self.events[mine].ship
        self.mine_of.append(i if isinstance(e, ev.MineTriggered) else mine if hurt else -1)
        if attack >= 0 and isinstance(e, ev.AttackOdds):
            self._odds[attack] = e
        elif attack >= 0 and isinstance(e, ev.AttackResolved):
            self._resolved[attack] = i
        if attack >= 0 and isinstance(e, ev.AbilityUsed) and adds_to_attack(e, self.events[attack].ship):
            self._added.setdefault(attack, []).append((i, e.amount))
            self.lines[-1] += self._with_card_damage(attack, i)
        said = self.decision(e, state) or getattr(e, "reason", "") or ""
        # the dial's reason goes with the dial's maneuver; a move a card gives or changes (Gul Ranor,
        # Jadzia Dax, Uhura, Transwarp Drive) carries the card's reason instead
        if isinstance(e, ev.ManeuverRevealed):
            said, self._dial_move[e.ship] = self._dial_reason.get(e.ship, ""), True
        elif isinstance(e, ev.ShipMoved):
            said = self._dial_reason.get(e.ship, "") if self._dial_move.get(e.ship, True) else ""
            self._dial_move[e.ship] = False
        elif isinstance(e, ev.AbilityUsed) and e.ship in self._dial_move:
            self._dial_move[e.ship] = False
        self.reasons.append(said if said or ship is None else self._carry_reason(i, ship))
        if isinstance(e, ev.ShipMoved | ev.SensorEcho):
            self._moves.setdefault(e.ship, []).append(i)
        if isinstance(e, ev.ShipPlaced | ev.ShipMoved | ev.SensorEcho | ev.ShipNudged):
            self._placed.setdefault(e.ship, i)
        if isinstance(e, ev.ShipMoved):
            mover = _find(board, e.ship)
            self._colour[i] = mover.revealed[2] if mover is not None and mover.revealed else "white"
            self._moving_since[e.ship] = i
        elif isinstance(e, ev.ShipActivated) and e.phase == "activation" and e.ship in self._moving_since:
            self._until[self._moving_since.pop(e.ship)] = i
        if isinstance(e, ev.GameStarted | ev.RoundStarted | ev.RoundEnded | ev.GameEnded | ev.PhaseStarted):
            self._table_bases[i] = FocusView("table", (), tuple(
                base_view(s.pose, s.base) for s in board.ships if not s.destroyed and s.id in self._placed))
        taken = self.taken(e)
        if taken is not None:
            self._taken.append((i, *taken))
        # an Enemy AI decision stays on screen until the next ship acts or the phase changes
        shown = self.decision_view(e, board)
        if shown is not None:
            self._deciding = shown
        elif e.type in ("ship_activated", "phase_started", "round_ended"):
            self._deciding = None
        self.decisions.append(self._deciding)

    def finish(self, final: S) -> None:
        self._final = board = self.board(final)
        self._names = {s.id: s.name for s in board.ships}
        self.gone = frozenset(self.retreated(final))
        # during an attack the header quotes the attack's exact odds, the dice panel's numbers, and
        # names the card that gave the attack (a second attack) or divided it
        granted = self._granted()
        for i, a in enumerate(self.attack_of):
            declared = self.events[a] if a >= 0 else None
            if isinstance(declared, ev.AttackDeclared):
                self.reasons[i] = attack_reason(declared, self._names.get(declared.defender, declared.defender),
                                                self._odds_view(a, a), granted.get(a, ""))
        self.focus = frame_decisions(focus_views(self.events, self._attack_bases, self._table_bases,
                                                 {s.id: s.base for s in board.ships}),
                                     self.decisions, RANGE_BAND_EDGES_MM)
        self.roster = tuple(panel_view(s, self._names, False, self.gone)
                            for s in sorted(board.ships, key=lambda s: s.side))

    def mark(self, event: Any) -> tuple[int, str] | None:
        if isinstance(event, ev.PhaseStarted | ev.RoundStarted):
            return event.round, event.phase
        return None

    def _granted(self) -> dict[int, str]:
        """The attacks a card gave (its ``extra_attack`` use comes before the attack) or divided (its
        ``split_attack`` use comes during the first part): what the header says of each, by index."""
        out: dict[int, str] = {}
        pending: tuple[str, str] | None = None  # (ship, text) for that ship's next attack
        last = -1
        for i, e in enumerate(self.events):
            if isinstance(e, ev.AttackDeclared):
                if pending is not None and pending[0] == e.ship:
                    out[i] = pending[1]
                pending, last = None, i
            elif isinstance(e, ev.AbilityUsed) and e.window == "extra_attack":
                pending = (e.ship, f"another attack ({e.card_name})")
            elif isinstance(e, ev.AbilityUsed) and e.window == "split_attack" and last >= 0:
                out[last] = f"divided attack ({e.card_name})"
                pending = (e.ship, out[last])
            elif e.type in ("phase_started", "round_ended"):
                pending, last = None, -1
        return out

    def _carry_reason(self, i: int, ship: str) -> str:
        """Keep showing the ship's last reason through the smaller events of the same step."""
        for j in range(i - 1, max(i - 12, -1), -1):
            if getattr(self.events[j], "ship", None) == ship and self.reasons[j]:
                return self.reasons[j]
        return ""

    def placed(self, ship_id: str, i: int) -> bool:
        """Whether the ship is on the table (placed) by the end of event ``i``."""
        at = self._placed.get(ship_id)
        return at is not None and at <= i

    def ruler(self, ruleset_state: S, i: int, ship: str, target: str) -> RulerView | None:
        if not (self.placed(ship, i) and self.placed(target, i)):
            return None
        state = self.board(ruleset_state)
        if any(s.destroyed for s in state.ships if s.id in (ship, target)):
            return None
        return ruler_view(state, ship, target)

    # --- what is on screen --------------------------------------------------------------------
    def moment(self, time: float, i: int, progress: float, ruleset_state: S) -> Moment:
        state = self.board(ruleset_state)
        e = self.events[i] if i >= 0 else None
        moving: dict[str, Pose] = {}
        if isinstance(e, ev.ShipMoved) and progress < 1.0:
            path = maneuver_path(e.start.pose(), Maneuver(e.kind, e.speed), state.ship(e.ship).base)
            moving[e.ship] = path.pose_at(progress * e.progress)
        elif isinstance(e, ev.SensorEcho) and progress < 1.0:
            a, b = e.start.pose(), e.end.pose()
            moving[e.ship] = Pose(a.x + (b.x - a.x) * progress, a.y + (b.y - a.y) * progress, a.heading)
        active = state.active
        # a ship destroyed stays on the table (a wreck) through its ship_destroyed event, the end
        # of it included: a still of that event shows what was destroyed
        ships = tuple(_ship_view(s, moving.get(s.id), s.id == active, self._names) for s in state.ships
                      if self.placed(s.id, i) and (not s.destroyed or (
                          isinstance(e, ev.ShipDestroyed) and e.ship == s.id)))
        attack_view, dice, odds, header = None, None, None, None
        attack = self.attack_of[i] if i >= 0 else -1
        if attack >= 0 and state.attack is not None:
            odds = self._odds_view(attack, i)
            d = self.events[attack]
            assert isinstance(d, ev.AttackDeclared)
            attack_view = AttackView(d.ship, d.defender, d.line[0], d.line[1], d.range_band, d.obstructed)
            dice = dice_view(self.events, attack, i, progress, state.attack, odds)
            header = header_view(state, d.ship, self.reasons[i], d.defender)
        elif i >= 0 and active is not None:  # the header names the acting ship with its own reason
            said = self.reasons[i] if getattr(e, "ship", None) in (None, active) else self._carry_reason(i + 1, active)
            header = header_view(state, active, said)
        if dice is None and i >= 0 and self.mine_of[i] >= 0:  # a minefield's attack: its dice
            dice = mine_dice_view(self.events[self.mine_of[i]], self.mine_of[i] == i)
        view = TableView(
            area_width=self.table.area[0], area_height=self.table.area[1],
            planets=tuple(PlanetView(p.name, p.x, p.y, p.radius) for p in self.table.planets),
            ships=ships, templates=self._templates_at(i, {s.id for s in ships}), selected=active,
            markers=self._markers_at(i) + mine_views(state),
            range_edges=RANGE_BAND_EDGES_MM, trails=self._trails(i, moving, state), effects=effect_views(e, progress),
            part=self.table_part(i, attack_view),
        )
        panels = tuple(panel_view(s, self._names, s.id == active, self.gone)
                       for s in sorted(state.ships, key=lambda s: s.side) if self.placed(s.id, i))
        limit = self._final.round_limit if self._final is not None else state.round_limit
        round_label, phase_label = round_labels(state.round, state.phase, limit)
        return Moment(time=time, index=i, progress=progress, round=state.round, phase=state.phase, view=view,
                      active=active, dice=dice, reason=header.reason if header else "",
                      caption=self.lines[i] if i >= 0 else "", attack_index=attack, header=header,
                      banner=banner_view(e, limit), round_label=round_label, phase_label=phase_label, panels=panels,
                      part=AttackWingMoment(odds=odds))

    def table_part(self, i: int, attack: AttackView | None) -> AttackWingTable:
        """The table's own part at event ``i``: its obstacles and the attack's ruler (a game on this
        table adds its own: Alliance's Enemy AI decision)."""
        return AttackWingTable(obstacles=self._obstacles, attack=attack)

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
            # the damage a card adds after the dice (which the odds count) joins the dice's results
            added = sum(amount for j, amount in self._added.get(attack, ()) if j <= i)
            actual = done.hits + done.crits + added
            return replace(view, actual=actual,
                           percentile=damage_percentile(o.damage, actual) if added else done.percentile)
        return view

    def _with_card_damage(self, attack: int, i: int) -> str:
        """What the log line of a card adding damage after the dice says the attack now deals, with its
        luck from the recorded odds (the line at ``AttackResolved`` could only rate the dice)."""
        view = self._odds_view(attack, i)
        if view is None or view.actual is None:
            return ""
        luck = "" if view.percentile is None else f": {a_percentile(view.percentile)} roll"
        return f" ({view.actual} damage in all{luck})"

    def _markers_at(self, i: int) -> tuple[MarkerView, ...]:
        """The table's mission markers, each token with the ship that collected it by event ``i``."""
        if not self.table.markers:
            return ()
        taken = {label: ship for j, label, ship in self._taken if j <= i}
        return tuple(m if m.heading is not None else replace(m, taken_by=taken.get(m.label))  # (arrows: never)
                     for m in self.table.markers)

    def _templates_at(self, i: int, on_table: Collection[str]) -> tuple[TemplateView, ...]:
        """The template of each ship's last move, kept on the table until the ship's next activation."""
        out = []
        for ship_id, moves in self._moves.items():
            if ship_id not in on_table:
                continue
            j = next((j for j in reversed(moves) if j <= i), None)
            if j is not None and i < self._until.get(j, len(self.events)):
                t = self._template_of(j)
                if t is not None:
                    out.append(t)
        return tuple(out)

    def _template_of(self, j: int) -> TemplateView | None:
        if j not in self._templates:
            e = self.events[j]
            t = None
            if isinstance(e, ev.ShipMoved):
                outline = template_outline(e.start.pose(), Maneuver(e.kind, e.speed), self._base_of(e.ship))
                if outline is not None:
                    t = TemplateView(tuple(outline.exterior.coords), self._colour.get(j, "white"), e.ship)
            self._templates[j] = t
        return self._templates[j]

    def _trails(self, i: int, moving: dict[str, Pose], state: GameState) -> tuple[TrailView, ...]:
        """The last few moves of each ship as polylines (for the trails overlay), faded once the
        ship has left play."""
        out = []
        for ship_id, moves in self._moves.items():
            done = [j for j in moves if j < i or (j == i and ship_id not in moving)][-TRAIL_MOVES:]
            pts = tuple(p for j in done for p in self._trail_of(j))
            ship = _find(state, ship_id)
            if pts and ship is not None:
                out.append(TrailView(ship_id, ship.side, pts, ship.destroyed))
        return tuple(out)

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
        ship = _find(self._final, ship_id) if self._final is not None else None
        return ship.base if ship is not None else "small"


class AttackWingPresenter(BoardPresenter[GameState]):
    """The Attack Wing ruleset's presenter: its state is the board; its lines are the Attack Wing narrator's."""

    def board(self, state: GameState) -> GameState:
        return state

    def log_line(self, event: Any, state: GameState) -> str:
        return aw_log_line(event, state)


def _find(state: GameState, ship_id: str) -> ShipState | None:
    try:
        return state.ship(ship_id)
    except KeyError:
        return None


def _ship_view(s: ShipState, pose: Pose | None, active: bool, names: Mapping[str, str]) -> ShipView:
    return ShipView(
        id=s.id, name=s.name, faction=s.faction, class_name=s.class_name,
        base_size="large" if s.base == "large" else "small", pose=pose or s.pose, player=s.side,
        front_arc=s.front_arc, rear_arc=s.rear_arc, has_360_arc=s.has_360_arc, shields=s.shields,
        shields_max=s.shields_max, hull=max(s.hull - s.hull_damage, 0), hull_max=s.hull,
        tokens=token_views(s, names), destroyed=s.destroyed, cloaked=s.cloaked, active=active,
        base_side=BASE_SIDE_MM["large" if s.base == "large" else "small"],
    )


def mine_views(state: GameState) -> tuple[MarkerView, ...]:
    """The Minefield Tokens in the play area, each in its owner's colour (Antimatter Mines)."""
    return tuple(MarkerView(m.id, m.x, m.y, "minefield", control=state.ship(m.ship).side, mine=MINE_RADIUS_MM)
                 for m in state.mines)

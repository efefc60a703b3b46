"""The pure Timeline: (replay events, playback time) -> what is on screen. No Panda3D.

Generic over the ruleset: the Timeline folds the events with the ruleset's reducer (keeping a
snapshot every ``SNAPSHOT_EVERY`` events, so a seek anywhere costs one short fold), gives every
event the playback seconds the ruleset says, and maps time to events and back. What the table
shows at a moment (ships, templates, dice, captions, reasons) is the ruleset's ``Presenter``,
built once per Timeline in the ruleset's own folder (``engine/rulesets/<game>/presenter.py``).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol

from typing_extensions import TypeVar

from engine.geometry.shapes import Obstacle, Planet
from engine.view import (
    BannerView,
    DiceView,
    FocusView,
    HeaderView,
    MarkerView,
    MomentPart,
    PanelView,
    RulerView,
    TableView,
)

if TYPE_CHECKING:
    from engine.rulesets.base import Ruleset

S = TypeVar("S", default=Any)  # the ruleset's state (a bare ``Timeline`` is any ruleset's)
E = TypeVar("E", default=Any)  # the ruleset's event
S_contra = TypeVar("S_contra", contravariant=True)
E_contra = TypeVar("E_contra", contravariant=True)

SNAPSHOT_EVERY = 64


@dataclass(frozen=True, slots=True)
class Moment:
    """Everything the studio shows at one playback time: the table (``view``) and around it the
    HUD's records, each worked out once by the ruleset's presenter (the studio only draws them);
    what only one game's HUD shows is its ``part`` (``engine.view``'s ``MomentPart``)."""

    time: float
    index: int  # the event in progress (-1 before the first)
    progress: float  # 0..1 through that event
    round: int
    phase: str
    view: TableView
    active: str | None
    dice: DiceView | None
    reason: str  # the acting ship's own reason (the header's)
    caption: str  # the event as a line
    attack_index: int = -1  # the event that declared the attack on the table (-1: none)
    header: HeaderView | None = None  # the top centre: who acts (on whom) and why
    banner: BannerView | None = None  # while a round or phase starts
    round_label: str = ""  # "ROUND 2 / 8" ("SETUP" before round 1)
    phase_label: str = ""  # "COMBAT PHASE"
    panels: tuple[PanelView, ...] = ()  # a card per ship that has arrived, fleet 0 first
    part: MomentPart | None = None  # what only this game's HUD shows (``engine.view_<game>``)

    @property
    def trails(self) -> dict[str, tuple[tuple[float, float], ...]]:
        """Ship id -> its trail's polyline (``view.trails``)."""
        return {t.ship_id: t.points for t in self.view.trails}


@dataclass(frozen=True)
class TableGeometry:
    area: tuple[float, float]
    obstacles: Sequence[Obstacle] = ()
    planets: Sequence[Planet] = ()
    markers: Sequence[MarkerView] = ()  # a mission's markers (an Alliance mission's sensor data sites)


class Presenter(Protocol[S_contra, E_contra]):
    """A ruleset's view building for one Timeline.

    The Timeline hands it every event with the state before it, in order (``observe``), then the
    final state (``finish``); afterwards ``moment`` turns (time, event index, progress through it,
    the state after it) into what is on screen. ``lines`` holds one log line per observed event.
    ``board`` is the ruleset's whole state or the part of it on the table, for tests and tools
    (typed ``object`` on the Timeline: the studio reads only the view records, never a state).
    """

    lines: list[str]
    attack_of: list[int]  # for each event, the event that declared the attack it belongs to (-1: none)
    focus: list[FocusView | None]  # for each event, what the director frames from it on (None: no cut)
    roster: tuple[PanelView, ...]  # every ship of the game as it ends, in panel order

    def observe(self, index: int, event: E_contra, before: S_contra) -> None: ...

    def finish(self, final: S_contra) -> None: ...

    def mark(self, event: E_contra) -> tuple[int, str] | None:
        """(round, phase) where this event starts a round or a phase (the scrub bar's marks), else None."""
        ...

    def moment(self, time: float, index: int, progress: float, state: S_contra) -> Moment: ...

    def board(self, state: S_contra) -> object: ...

    def ruler(self, state: S_contra, index: int, ship: str, target: str) -> RulerView | None:
        """The range ruler from ``ship`` to ``target`` in ``state`` (after event ``index``)."""
        ...


class Timeline(Generic[S, E]):
    """Playback over a list of events (validated models of ``ruleset``) from its initial state.

    ``ruleset_initial``, ``ruleset_final`` and ``ruleset_state_after`` are the ruleset's reducer
    states; ``initial``, ``final`` and ``state_after`` the presenter's ``board`` of them, typed
    ``object`` (opaque to the studio, which draws only the view records of ``moment``).
    ``speed``, when given, replaces the ruleset's playback seconds per event.
    """

    def __init__(self, ruleset: Ruleset[S, E], events: Sequence[E], initial: S, table: TableGeometry,
                 speed: Callable[[E], float] | None = None) -> None:
        self.ruleset = ruleset
        self.events: list[E] = list(events)
        self.table = table
        self._apply = ruleset.codec.apply
        seconds = speed or ruleset.seconds
        self.starts: list[float] = []
        t = 0.0
        for e in self.events:
            self.starts.append(t)
            t += seconds(e)
        self.duration = t
        self.presenter: Presenter[S, E] = ruleset.presenter(self.events, table)
        self._snapshots: list[S] = []
        state = initial
        for i, e in enumerate(self.events):
            if i % SNAPSHOT_EVERY == 0:
                self._snapshots.append(state)
            self.presenter.observe(i, e, state)
            state = self._apply(state, e)
        self.presenter.finish(state)
        self.ruleset_initial = initial
        self.ruleset_final = state
        self.initial: object = self.presenter.board(initial)
        self.final: object = self.presenter.board(state)
        self.lines = self.presenter.lines
        self.marks = [(self.starts[i], *m) for i, e in enumerate(self.events)
                      if (m := self.presenter.mark(e)) is not None]
        self.attack_of = self.presenter.attack_of
        self.focus = self.presenter.focus
        self.roster = self.presenter.roster

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

    def state_after(self, index: int) -> object:
        """The board (what the table shows) after event ``index`` (-1: before any event)."""
        return self.presenter.board(self.ruleset_state_after(index))

    def ruleset_state_after(self, index: int) -> S:
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
        """The start of the next (+1) or previous (-1) event, or of the next event whose ``type``
        is one of ``kinds``. Always a different time (zero-length events at the same time are passed over)."""
        if not self.events:
            return 0.0
        j = max(self.index_at(time), 0)
        while 0 <= j < len(self.events):
            start = self.start_of(j)
            later = start > time + 1e-9 if direction > 0 else start < time - 1e-9
            if later and (not kinds or getattr(self.events[j], "type", None) in kinds):
                return start
            j += direction
        return self.duration if direction > 0 else 0.0

    # --- what is on screen -----------------------------------------------------------------
    def moment(self, time: float) -> Moment:
        time = min(max(time, 0.0), self.duration)
        i = self.index_at(time)
        if i < 0:
            return self.presenter.moment(time, -1, 0.0, self.ruleset_initial)
        span = self.start_of(i + 1) - self.starts[i]
        progress = 1.0 if span <= 0 else min(max((time - self.starts[i]) / span, 0.0), 1.0)
        if time >= self.duration:
            progress = 1.0
        return self.presenter.moment(time, i, progress, self.ruleset_state_after(i))

    def moment_after(self, index: int) -> Moment:
        """The moment at which event ``index`` is done (-1: before any event)."""
        if index < 0:
            return self.presenter.moment(0.0, -1, 0.0, self.ruleset_initial)
        return self.presenter.moment(self.start_of(index + 1), index, 1.0, self.ruleset_state_after(index))

    def view_at(self, time: float) -> TableView:
        return self.moment(time).view

    def ruler(self, index: int, ship: str, target: str) -> RulerView | None:
        """The range ruler from one ship to another on the table after event ``index`` (None: either
        is not on the table)."""
        return self.presenter.ruler(self.ruleset_state_after(index), index, ship, target)

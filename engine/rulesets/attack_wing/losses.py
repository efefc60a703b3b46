"""Where each ship left play, read from the events alone (a `trek batch` row's ``losses``).

The row's generic reading goes through the view: a Timeline (the presenter observing every
event) and a search through its moments. An Attack Wing game answers the same question from one
pass of its reducer: the first event after which a ship is ``destroyed`` (destroyed or fled, as
its panel says) took it out; it stood where the state before that event has it. The round is
the one the scrub bar's marks give at that event's start (``PhaseStarted`` and ``RoundStarted``
events, timed by ``seconds``), so both readings agree to the byte (tests/test_batch_jobs.py).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.presenter import seconds
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.screen import ship_status
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.rulesets.snapshots import header_seed


def losses(header: dict[str, Any], events: Sequence[ev.Event]) -> list[dict[str, Any]]:
    """Every ship out of play at the end: its id, name, class, side, status, the event that took
    it out, that event's round and where the ship stood just before it."""
    state = initial_state(header_seed(header))
    starts: list[float] = []
    marks: list[tuple[float, int]] = []  # (start, round) of each event that starts a round or phase
    placed: set[str] = set()
    left: dict[str, tuple[int, ShipState]] = {}  # ship -> (the event that took it out, the ship before it)
    t = 0.0
    for i, e in enumerate(events):
        starts.append(t)
        if isinstance(e, ev.PhaseStarted | ev.RoundStarted):
            marks.append((t, e.round))
        t += seconds(e)
        if isinstance(e, ev.ShipPlaced | ev.ShipMoved | ev.SensorEcho | ev.ShipNudged):
            placed.add(e.ship)  # on the table: it has a panel (the presenter's ``placed``)
        after = apply(state, e)
        for ship in after.ships:
            if ship.destroyed and ship.id not in left and ship.id in placed:
                before = _ship(state, ship.id)
                if before is not None:
                    left[ship.id] = (i, before)
        state = after
    times = [m[0] for m in marks]
    found = []
    for ship in sorted(state.ships, key=lambda s: s.side):  # the panels' order
        if ship.id not in left:
            continue
        i, before = left[ship.id]
        at = bisect.bisect_right(times, starts[i])  # the marks at or before the event's start
        found.append({"ship": ship.id, "name": ship.name, "class": ship.class_name, "side": ship.side,
                      "status": ship_status(ship), "event": i, "round": marks[at - 1][1] if at else None,
                      "x": round(before.pose.x, 1), "y": round(before.pose.y, 1)})
    return found


def _ship(state: GameState, ship_id: str) -> ShipState | None:
    try:
        return state.ship(ship_id)
    except KeyError:
        return None

"""The reducer's states are frozen, as state.py says: applying an event makes a new state and
changes none that was handed out before (the studio keeps keyframe states, the AI looks ahead
from the game's state)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario


def _fields(record: object) -> dict[str, object]:
    """Every field, the derived ones (``init=False``) too."""
    return {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}  # type: ignore[arg-type]


def test_no_state_changes_after_apply_returns_it() -> None:
    events = play(load_scenario("skirmish"), 2).events
    state = initial_state(2)
    seen = [(state, _fields(state))]
    for event in events:
        new = apply(state, event)
        assert new is not state
        seen.append((new, _fields(new)))
        for ship in new.ships:  # looked up, as the engine and the studio do all game long
            assert new.ship(ship.id) is ship
        state = new
    for old, fields in seen:  # every field of every state as it was when apply returned it
        now = _fields(old)
        assert all(now[k] is fields[k] for k in fields), old.seq


def test_a_state_of_the_game_refuses_assignment() -> None:
    state = apply(initial_state(1), play(load_scenario("duel"), 1).events[0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.seq = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.ships[0].hull = 0  # type: ignore[misc]

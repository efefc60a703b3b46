"""The Attack Wing replay codec: events and states to and from plain msgpack-able data.

State snapshots (keyframes) are untrusted when read back, so they are validated with
pydantic against the state dataclasses themselves.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.state import GameState
from engine.rulesets.snapshots import header_seed, plain, validate_snapshot

RULESET = "attack_wing"
@cache
def _state_adapter() -> TypeAdapter[GameState]:
    """The keyframe states' validator, built when a keyframe is first read (listing a file reads none)."""
    return TypeAdapter(GameState)


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A plain-data snapshot: dicts, lists, strings, numbers, booleans and None only."""
    out: dict[str, Any] = plain(state)
    return out


def state_from_dict(raw: Any) -> GameState:
    """Validate a snapshot back into a state; raises TrekError naming what is wrong."""
    return validate_snapshot(_state_adapter(), raw)


class AttackWingCodec:
    """Binds the Attack Wing events, state and reducer for the replay reader."""

    ruleset = RULESET

    def decode_event(self, raw: dict[str, Any]) -> ev.Event:
        return ev.event_from_dict(raw)

    def encode_event(self, event: ev.Event) -> dict[str, Any]:
        return ev.event_to_dict(event)

    def encode_state(self, state: GameState) -> dict[str, Any]:
        return state_to_dict(state)

    def decode_state(self, raw: dict[str, Any]) -> GameState:
        return state_from_dict(raw)

    # the reducer (and the geometry under it) loads when a state is made, not when a file is listed
    def initial_state(self, header: dict[str, Any]) -> GameState:
        from engine.rulesets.attack_wing.reducer import initial_state

        return initial_state(header_seed(header))

    def apply(self, state: GameState, event: ev.Event) -> GameState:
        from engine.rulesets.attack_wing.reducer import apply

        return apply(state, event)

"""Into the Unknown's events and states to and from a replay file's plain data (``ItuCodec``)."""

from __future__ import annotations

from typing import Any

from engine.rulesets.into_the_unknown import reducer
from engine.rulesets.into_the_unknown.events import EVENTS, ItuEvent
from engine.rulesets.into_the_unknown.state import ItuState

NAME = "into_the_unknown"


class ItuCodec:
    """Events and states to and from plain data (validated), the initial state and the reducer."""

    ruleset = NAME

    def decode_event(self, raw: dict[str, Any]) -> ItuEvent:
        return EVENTS.validate_python(raw)

    def encode_event(self, event: ItuEvent) -> dict[str, Any]:
        return event.model_dump(mode="json")

    def encode_state(self, state: ItuState) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def decode_state(self, raw: dict[str, Any]) -> ItuState:
        return ItuState.model_validate(raw)

    def initial_state(self, header: dict[str, Any]) -> ItuState:
        """Nothing on the table: the game_started event sets the mission up."""
        return ItuState()

    def apply(self, state: ItuState, event: ItuEvent) -> ItuState:
        return reducer.apply(state, event)

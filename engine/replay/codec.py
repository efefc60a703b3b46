"""What a ruleset gives the replay layer: how its events and states look on disk, and its reducer.

The replay layer stores plain dicts and knows nothing of any ruleset. Each ruleset's
``Ruleset`` (``engine.rulesets.base``) carries one ``ReplayCodec``; the reader gets it for a
file with ``codec_for_header`` (by the header's ``ruleset``, upgrading events of an older event
schema) to validate events, decode keyframes and fold events into state (``Replay.state_at``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from engine.errors import TrekError
from engine.replay.errors import ReplayError

S = TypeVar("S")
E = TypeVar("E")


class ReplayCodec(Protocol[S, E]):
    """The bridge between a ruleset's typed events and states and the plain dicts in a file.

    ``decode_event`` and ``decode_state`` validate untrusted data and raise ``ValueError``
    (a pydantic ``ValidationError`` is one) when it is bad; ``apply`` is the ruleset's one
    reducer and may raise ``ValueError`` for an event that cannot happen in the state.
    """

    @property
    def ruleset(self) -> str: ...

    def decode_event(self, raw: dict[str, Any]) -> E: ...

    def encode_event(self, event: E) -> dict[str, Any]: ...

    def encode_state(self, state: S) -> dict[str, Any]: ...

    def decode_state(self, raw: dict[str, Any]) -> S: ...

    def initial_state(self, header: dict[str, Any]) -> S: ...

    def apply(self, state: S, event: E) -> S: ...


def codec_for(ruleset: object) -> ReplayCodec[Any, Any]:
    """The current codec of the ruleset called ``ruleset`` (ReplayError when none is registered)."""
    from engine.rulesets.registry import ruleset_for

    try:
        return ruleset_for(ruleset).codec
    except TrekError as exc:
        raise ReplayError(str(exc)) from None


def codec_for_header(header: Mapping[str, Any]) -> ReplayCodec[Any, Any]:
    """The codec that reads a file with this header: its ruleset's, upgrading events of an older event schema."""
    from engine.rulesets.registry import ruleset_for

    try:
        return ruleset_for(header.get("ruleset")).reading(header)
    except TrekError as exc:
        raise ReplayError(str(exc)) from None


def rounds_of(header: Mapping[str, Any]) -> tuple[str, str]:
    """(the event field that numbers rounds, what one is called) for a file of this header, as its
    ruleset says; ("round", "round") when the header names no registered ruleset."""
    from engine.rulesets.registry import ruleset_for

    try:
        ruleset = ruleset_for(header.get("ruleset"))
    except TrekError:
        return "round", "round"
    return ruleset.round_key, ruleset.round_name

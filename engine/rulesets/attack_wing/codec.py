"""The Attack Wing replay codec: events and states to and from plain msgpack-able data.

State snapshots (keyframes) are untrusted when read back, so they are validated with
pydantic against the state dataclasses themselves.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from engine.errors import TrekError
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.state import GameState

RULESET = "attack_wing"
DERIVED = "derived"  # a state field's metadata key: not written into keyframes (see ``plain``)
OMIT_DEFAULT = "omit_default"  # a state field's metadata key: written only when not at its default
_STATE_ADAPTER: TypeAdapter[GameState] = TypeAdapter(GameState)


S = TypeVar("S")


def plain(value: Any) -> Any:
    """Dataclasses (init fields only) and tuples as dicts and lists: plain msgpack-able data. A field
    marked ``DERIVED`` is left out: the reducer derives it again, and keyframes written before it
    existed must still agree with the state folded from their events."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    names = _FIELDS.get(kind, _UNSEEN)
    if names is _UNSEEN:  # once per class: its fields to write, or None when it is no dataclass
        record = dataclasses.is_dataclass(value) and not isinstance(value, type)
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value)
                                      if f.init and not f.metadata.get(DERIVED)) if record else None
        if record:
            _OMIT[kind] = {f.name: f.default for f in dataclasses.fields(value) if f.metadata.get(OMIT_DEFAULT)}
    if names is not None:
        omit = _OMIT.get(kind)
        if omit:  # a field added later: left out at its default, so older keyframes keep their bytes
            return {name: plain(getattr(value, name)) for name in names
                    if name not in omit or getattr(value, name) != omit[name]}
        return {name: plain(getattr(value, name)) for name in names}
    if isinstance(value, tuple | list):
        if _LEAVES.issuperset(map(type, value)):  # (leaves only, the common case: checked in C)
            return list(value)
        return [plain(v) for v in value]
    return value


_LEAVES: frozenset[type] = frozenset({str, int, float, bool, type(None)})
_UNSEEN: Any = object()
_FIELDS: dict[type, tuple[str, ...] | None] = {}  # per class (``plain`` walks every keyframe's state)
_OMIT: dict[type, dict[str, Any]] = {}  # per class: the fields written only when not at their default


def validate_snapshot(adapter: TypeAdapter[S], raw: Any) -> S:
    """Validate an untrusted snapshot; raises TrekError naming the first thing wrong and where."""
    try:
        return adapter.validate_python(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise TrekError(f"bad state snapshot at {where}: {first['msg']}") from None


def header_seed(header: dict[str, Any]) -> int:
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TrekError("the replay header has no whole-number seed")
    return seed


def state_to_dict(state: GameState) -> dict[str, Any]:
    """A plain-data snapshot: dicts, lists, strings, numbers, booleans and None only."""
    out: dict[str, Any] = plain(state)
    return out


def state_from_dict(raw: Any) -> GameState:
    """Validate a snapshot back into a state; raises TrekError naming what is wrong."""
    return validate_snapshot(_STATE_ADAPTER, raw)


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

    def initial_state(self, header: dict[str, Any]) -> GameState:
        return initial_state(header_seed(header))

    def apply(self, state: GameState, event: ev.Event) -> GameState:
        return apply(state, event)

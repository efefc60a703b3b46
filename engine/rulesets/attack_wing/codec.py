"""The Attack Wing replay codec: events and states to and from plain msgpack-able data.

State snapshots (keyframes) are untrusted when read back, so they are validated with
pydantic against the state dataclasses themselves.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from engine.errors import TrekError
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.state import GameState

RULESET = "attack_wing"
DERIVED = "derived"  # a state field's metadata key: not written into keyframes (see ``plain``)
OMIT_DEFAULT = "omit_default"  # a state field's metadata key: written only when not at its default


@cache
def _state_adapter() -> TypeAdapter[GameState]:
    """The keyframe states' validator, built when a keyframe is first read (listing a file reads none)."""
    return TypeAdapter(GameState)


S = TypeVar("S")


def plain(value: Any) -> Any:
    """Dataclasses (init fields only) and tuples as dicts and lists: plain msgpack-able data. A field
    marked ``DERIVED`` is left out: the reducer derives it again, and keyframes written before it
    existed must still agree with the state folded from their events."""
    kind = type(value)
    if kind in _LEAVES:
        return value
    write = _WRITERS.get(kind, _UNSEEN)
    if write is _UNSEEN:  # once per class: its writer, or None when it is no dataclass
        write = _WRITERS[kind] = _writer(kind) if dataclasses.is_dataclass(value) and \
            not isinstance(value, type) else None
    if write is not None:
        return write(value)
    if isinstance(value, tuple | list):
        if _LEAVES.issuperset(map(type, value)):  # (leaves only, the common case: checked in C)
            return list(value)
        return [plain(v) for v in value]
    return value


def _writer(cls: type) -> Callable[[Any], dict[str, Any]]:
    """``plain`` of one dataclass, as one generated function: each field to write read once, a leaf taken
    as it is (no call), anything else through ``plain``. A field added later (``OMIT_DEFAULT``) is left
    out at its default, so older keyframes keep their bytes."""
    fields = [f for f in dataclasses.fields(cls) if f.init and not f.metadata.get(DERIVED)]
    assert all(f.name.isidentifier() for f in fields)  # our own classes' field names, never data
    scope: dict[str, Any] = {"L": _LEAVES, "T": type, "P": plain}
    lines = ["def write(v):", "    out = {}"]
    for i, f in enumerate(fields):
        take = f"out[{f.name!r}] = x if T(x := v.{f.name}) in L else P(x)"
        if f.metadata.get(OMIT_DEFAULT):
            scope[f"D{i}"] = f.default
            lines += [f"    if (x := v.{f.name}) != D{i}:", f"        {take}"]
        else:
            lines.append(f"    {take}")
    lines.append("    return out")
    exec("\n".join(lines), scope)  # the source is built from the field names only, never from data
    write: Callable[[Any], dict[str, Any]] = scope["write"]
    return write


_LEAVES: frozenset[type] = frozenset({str, int, float, bool, type(None)})
_UNSEEN: Any = object()
_WRITERS: dict[type, Callable[[Any], dict[str, Any]] | None] = {}  # per class (``plain`` walks every keyframe)


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

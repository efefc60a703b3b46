"""Keyframes as plain data, for every ruleset: dataclass states to msgpack-able dicts and lists
(``plain``), an untrusted snapshot validated back with a clear error (``validate_snapshot``), and
the header's seed. Shared by the games' codecs, so no game's codec reads another's.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from engine.errors import TrekError

DERIVED = "derived"  # a state field's metadata key: not written into keyframes (see ``plain``)
OMIT_DEFAULT = "omit_default"  # a state field's metadata key: written only when not at its default


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
    """``plain`` of one dataclass: the fields to write read in one step, in order, a leaf taken as it is
    (no call), anything else through ``plain``. A field added later (``OMIT_DEFAULT``) is left out at
    its default, so older keyframes keep their bytes."""
    fields = [f for f in dataclasses.fields(cls) if f.init and not f.metadata.get(DERIVED)]
    names = tuple(f.name for f in fields)
    optional = tuple((i, f.name, f.default) for i, f in enumerate(fields) if f.metadata.get(OMIT_DEFAULT))
    read: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*names) if len(names) > 1 \
        else lambda v: tuple(getattr(v, name) for name in names)
    leaves = _LEAVES

    def write(v: Any) -> dict[str, Any]:
        values = read(v)
        out = {name: x if type(x) in leaves else plain(x) for name, x in zip(names, values, strict=True)}
        for i, name, default in optional:
            if values[i] == default:
                del out[name]  # (the others keep their order: the same bytes)
        return out
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

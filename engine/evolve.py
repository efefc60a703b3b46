"""``evolve(obj, **changes)``: ``dataclasses.replace`` for the engine's frozen state records, faster.

The reducer copies a ship or the game state for every event, and ``dataclasses.replace`` walks
the fields and calls ``__init__`` with every one of them as a keyword each time: about a tenth of
a game's time. The hot records (``GameState``, ``ShipState``, ``AttackState``...) are frozen
dataclasses without slots, so each keeps its fields in its instance dictionary, and ``evolve``
makes the copy the way ``copy.copy`` and ``pickle`` make one of any such object: a new, empty
object of the same class whose dictionary is filled in (the old one's, then the changes) before
anyone else holds it, then ``__post_init__``, as ``replace`` runs it. Nothing is written to an
object that has been handed out: the copy is frozen like the original once ``evolve`` returns.

Differences from ``replace``, kept on purpose: fields declared ``init=False`` are copied along
(a derived value the class's ``__post_init__`` checks and remakes where it no longer holds)
rather than made again from their defaults, and naming one is refused. A record with slots (or
no dataclass at all) goes through ``dataclasses.replace`` itself.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

# per class: the names a change may give (its ``init`` fields) and its __post_init__, or None where
# the class keeps no instance dictionary (slots), which ``dataclasses.replace`` copies instead
_PLANS: dict[type, tuple[frozenset[str], Any] | None] = {}
_NEW = object.__new__


def _plan(cls: type) -> tuple[frozenset[str], Any] | None:
    fields = dataclasses.fields(cls)
    if any("__slots__" in vars(base) for base in cls.__mro__[:-1]):  # (a field in a slot, not the dictionary)
        return None
    return frozenset(f.name for f in fields if f.init), getattr(cls, "__post_init__", None)


def evolve(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes``: what ``dataclasses.replace`` returns."""
    cls = type(obj)
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    init, post_init = plan
    if changes and not changes.keys() <= init:
        bad = sorted(changes.keys() - init)
        raise TypeError(f"{cls.__name__} has no field to replace named {bad[0]!r}")
    new: T = _NEW(cls)
    fields = new.__dict__  # the new object's own, empty: filled in here as ``copy.copy`` fills it in
    fields.update(obj.__dict__)
    if changes:
        fields.update(changes)
    if post_init is not None:
        post_init(new)
    return new

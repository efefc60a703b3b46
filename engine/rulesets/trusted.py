"""Events the engine builds itself, made without pydantic's validation (a replay's are validated).

The engine emits some 500 events a game, each a pydantic model, and validating every one as it is
built cost a few per cent of a game. Fields the engine passes are its own values, already of the
schema's types, so ``trusted`` sets them as pydantic would after validating (the defaults filled in,
field order kept). Anything it cannot vouch for (a name the model lacks, a required field missing,
a default made by a factory) goes through the validating constructor, which raises as before.
Replay reading never comes here: it validates raw data (``TypeAdapter``), untrusted.
Set ``CHECK = True`` (the tests do) to build every event both ways and insist they are alike.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
CHECK = False  # build each event validated too and compare (tests/test_event_trusted.py)
_NEW = object.__new__
_SET = object.__setattr__
# per model: every field in order, each at its default (``_REQUIRED`` where it has none), and the set of
# its required fields' names
_PLANS: dict[type, tuple[dict[str, Any], frozenset[str]] | None] = {}
_REQUIRED: Any = object()


def _plan(cls: type[BaseModel]) -> tuple[dict[str, Any], frozenset[str]] | None:
    fields = cls.model_fields
    if cls.__pydantic_post_init__ or cls.model_config.get("extra") != "forbid" or \
            any(f.default_factory is not None or f.alias is not None or f.validation_alias is not None
                for f in fields.values()):
        return None  # not a plain record: always validated
    template = {name: _REQUIRED if f.is_required() else f.default for name, f in fields.items()}
    return template, frozenset(name for name, f in fields.items() if f.is_required())


def trusted(cls: type[M], fields: dict[str, Any]) -> M:
    """``cls(**fields)`` for fields the engine made itself, without validating them again."""
    plan = _PLANS.get(cls, _REQUIRED)
    if plan is _REQUIRED:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None or CHECK:
        return _checked(cls, fields) if plan is not None else cls(**fields)
    template, required = plan
    values = template.copy()
    values.update(fields)  # (the model's field order kept: a dict keeps the place of a key it had)
    if len(values) != len(template) or not required <= fields.keys():
        return cls(**fields)  # a name the model lacks, or a required field missing: pydantic says which
    event: M = _NEW(cls)
    _SET(event, "__dict__", values)
    _SET(event, "__pydantic_fields_set__", set(fields))
    _SET(event, "__pydantic_extra__", None)
    _SET(event, "__pydantic_private__", None)
    return event


def _checked(cls: type[M], fields: dict[str, Any]) -> M:
    validated = cls(**fields)
    global CHECK
    CHECK = False
    try:
        fast = trusted(cls, fields)
    finally:
        CHECK = True
    if not alike(fast, validated) or fast.model_fields_set != validated.model_fields_set:
        raise AssertionError(f"{cls.__name__}: the engine's fields are not what validation makes of them: "
                             f"{fast!r} != {validated!r}")
    return fast


def alike(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (1 == 1.0 and [1] vs (1,) are not alike)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, BaseModel):
        return list(a.__dict__) == list(b.__dict__) and all(alike(a.__dict__[k], b.__dict__[k]) for k in a.__dict__)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(alike(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(alike(a[k], b[k]) for k in a)
    return bool(a == b)

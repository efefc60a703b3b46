"""What a ruleset gives the replay layer: how its events and states look on disk, and its reducer.

The replay layer stores plain dicts and knows nothing of any ruleset. A ruleset registers
one ``ReplayCodec``; the reader finds it by the header's ``ruleset`` to validate events,
decode keyframes and fold events into state (``Replay.state_at``).
"""

from __future__ import annotations

import importlib
import re
from typing import Any, Protocol, TypeVar

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

    def encode_state(self, state: S) -> dict[str, Any]: ...

    def decode_state(self, raw: dict[str, Any]) -> S: ...

    def initial_state(self, header: dict[str, Any]) -> S: ...

    def apply(self, state: S, event: E) -> S: ...


_CODECS: dict[str, ReplayCodec[Any, Any]] = {}

# Where a ruleset's codec lives when nobody has registered it yet: "module:attribute", where the
# attribute is a codec or a codec class (instantiated with no arguments), or just "module" when
# importing the module registers it. A ruleset without an entry here is looked up by convention at
# engine.rulesets.<ruleset>.replay_codec (a module that calls register_codec when imported).
CODEC_MODULES: dict[str, str] = {
    "toy": "engine.replay.testing",
    "attack_wing": "engine.rulesets.attack_wing.codec:AttackWingCodec",
}

_RULESET_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def register_codec(codec: ReplayCodec[Any, Any]) -> None:
    """Make ``codec`` the one used for files whose header names ``codec.ruleset`` (replacing any earlier one)."""
    _CODECS[codec.ruleset] = codec


def unregister_codec(ruleset: str) -> None:
    _CODECS.pop(ruleset, None)


def registered_rulesets() -> list[str]:
    return sorted(_CODECS)


def codec_for(ruleset: object) -> ReplayCodec[Any, Any]:
    """The codec registered for ``ruleset``, importing the ruleset's codec module if needed."""
    if isinstance(ruleset, str) and ruleset in _CODECS:
        return _CODECS[ruleset]
    if not isinstance(ruleset, str) or not _RULESET_NAME.fullmatch(ruleset):
        raise ReplayError(f"no codec registered for ruleset {ruleset!r}")
    module, _, attribute = CODEC_MODULES.get(ruleset, f"engine.rulesets.{ruleset}.replay_codec").partition(":")
    try:
        loaded = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is None or not module.startswith(exc.name):
            raise  # the codec module exists but something it imports is missing: a real bug
    else:
        if attribute and ruleset not in _CODECS:
            found = getattr(loaded, attribute)
            codec = found() if isinstance(found, type) else found
            if getattr(codec, "ruleset", None) == ruleset:
                register_codec(codec)
    if ruleset not in _CODECS:
        raise ReplayError(f"no codec registered for ruleset {ruleset!r}")
    return _CODECS[ruleset]

"""Replay files: a msgpack event log with keyframes and an index (see docs/replay-format.md).

The layer is generic: a ruleset plugs in with a ``ReplayCodec`` (its ``Ruleset``'s, see ``engine.rulesets``).
"""

from engine.replay.codec import ReplayCodec, codec_for, codec_for_header
from engine.replay.errors import ReplayError
from engine.replay.format import CURRENT_SCHEMA, DEFAULT_LIMITS, FORMAT_NAME, SUPPORTED_SCHEMAS, Limits
from engine.replay.index import KeyframeRef, ReplayIndex, Summary
from engine.replay.reader import Replay, open_replay
from engine.replay.visitor import BaseVisitor, ReplayVisitor
from engine.replay.writer import ReplayWriter

__all__ = [
    "CURRENT_SCHEMA",
    "DEFAULT_LIMITS",
    "FORMAT_NAME",
    "SUPPORTED_SCHEMAS",
    "BaseVisitor",
    "KeyframeRef",
    "Limits",
    "Replay",
    "ReplayCodec",
    "ReplayError",
    "ReplayIndex",
    "ReplayVisitor",
    "ReplayWriter",
    "Summary",
    "codec_for",
    "codec_for_header",
    "open_replay",
]

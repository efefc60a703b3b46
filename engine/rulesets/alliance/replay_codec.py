"""Imported by the replay layer for files whose ruleset is ``alliance``: registers the codec."""

from __future__ import annotations

from engine.replay.codec import register_codec
from engine.rulesets.alliance.codec import AllianceCodec

CODEC = AllianceCodec()
register_codec(CODEC)

"""The games that can be rolled out: each one's ``Roller`` (its module's ``ROLLER``), found by its
ruleset's name in ``engine.rulesets.registry.ROLLOUTS`` and imported when asked."""

from __future__ import annotations

import importlib

from engine.analysis.rollout import Roller
from engine.errors import TrekError
from engine.rulesets.registry import ROLLOUTS


def roller_for(ruleset: str) -> Roller:
    """The rollouts of the game ``ruleset``; a TrekError for a game that has none yet."""
    if ruleset not in ROLLOUTS:
        raise TrekError(f"trek analyze does not roll out {ruleset!r} games yet (Attack Wing, Fleet Captains and "
                        "Into the Unknown; see docs/analysis.md)")
    roller: Roller = importlib.import_module(ROLLOUTS[ruleset]).ROLLER
    return roller

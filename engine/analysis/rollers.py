"""The games that can be rolled out: each one's ``Roller`` by its ruleset's name, imported when asked."""

from __future__ import annotations

from engine.analysis.rollout import Roller
from engine.errors import TrekError


def roller_for(ruleset: str) -> Roller:
    """The rollouts of the game ``ruleset``; a TrekError for a game that has none yet."""
    if ruleset == "attack_wing":
        from engine.analysis import attack_wing

        return attack_wing.ROLLER
    if ruleset == "fleet_captains":
        from engine.analysis import fleet_captains

        return fleet_captains.ROLLER
    if ruleset == "into_the_unknown":
        from engine.analysis import into_the_unknown

        return into_the_unknown.ROLLER
    raise TrekError(f"trek analyze does not roll out {ruleset!r} games yet (Attack Wing, Fleet Captains and "
                    "Into the Unknown; see docs/analysis.md)")

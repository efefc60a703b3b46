"""Event schema upgrades of Alliance replays (``Ruleset.upgrades``): the Attack Wing events inside an
Alliance file change as Attack Wing's do (``attack_wing/upgrades.py``); a keyframe's Attack Wing
part (``aw``) is upgraded as an Attack Wing keyframe."""

from __future__ import annotations

from typing import Any

from engine.rulesets.attack_wing import upgrades as aw
from engine.rulesets.base import EventUpgrade

EVENT_SCHEMA = aw.EVENT_SCHEMA


def state_v1(raw: dict[str, Any]) -> dict[str, Any]:
    if isinstance(raw, dict) and isinstance(raw.get("aw"), dict):
        return {**raw, "aw": aw.state_v1(raw["aw"])}
    return raw


UPGRADES: dict[int, EventUpgrade] = {1: EventUpgrade(1, aw.UPGRADES[1].summary, aw.event_v1, state_v1),
                                     2: EventUpgrade(2, aw.UPGRADES[2].summary, aw.same, aw.same),
                                     3: EventUpgrade(3, aw.UPGRADES[3].summary, aw.same, aw.same),
                                     4: EventUpgrade(4, aw.UPGRADES[4].summary, aw.same, aw.same),
                                     5: EventUpgrade(5, aw.UPGRADES[5].summary, aw.same, aw.same),
                                     6: EventUpgrade(6, aw.UPGRADES[6].summary, aw.same, aw.same),
                                     7: EventUpgrade(7, aw.UPGRADES[7].summary, aw.same, aw.same)}

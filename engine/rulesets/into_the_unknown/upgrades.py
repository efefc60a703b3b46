"""Into the Unknown's event schemas: what changed in each, and how an older file's events are read.

Schema 1 was frozen with the first recorded games (issue 17's first session). Each later schema only
adds fields with defaults, so an older event or keyframe is already valid data of the next one.
"""

from __future__ import annotations

from engine.rulesets.base import EventUpgrade, Plain

EVENT_SCHEMA = 4


def same(raw: Plain) -> Plain:
    """An older event or keyframe read as is: the fields added since have defaults."""
    return raw


UPGRADES: dict[int, EventUpgrade] = {
    1: EventUpgrade(1, "officer_relocated.reason (new, default empty): the seat's reason for a relocation",
                    same, same),
    2: EventUpgrade(2, "attack_made.end may be null: a beam attack on a projectile (a torpedo has no ends)",
                    same, same),
    3: EventUpgrade(3, "attack_made.arc is the weapon's arc the seat chose to count the attack in (before: the "
                       "first arc listed with an attack left that the target was in, which is one such choice)",
                    same, same),
}

"""Admiral cards (none supported yet: an admiral in a fleet plays with a warning naming it)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Card

CARDS: tuple[Card, ...] = ()

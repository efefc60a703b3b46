"""Crew cards (the cards lane adds them here; see docs/abilities.md "How to add a card")."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Card

CARDS: tuple[Card, ...] = ()

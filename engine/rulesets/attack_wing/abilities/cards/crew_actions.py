"""Crew cards that grant Actions in other forms: another crew card's "Action:" as a free action
(Leonard McCoy). Each says in the project's words what the card's text does."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Cost, Effect

CARDS: tuple[Card, ...] = (
    Card(("3028",), "Leonard McCoy", "crew", (
        Ability("free_action", Effect("free_action", upgrades=("crew",)), "discard McCoy: right after the Perform "
                "Action step, one of the ship's other crew cards resolves its Action: as a free action",
                Cost(discard=True)),)),
)

"""Weapons whose attack is divided or followed up (Forward Weapons Grid: one attack's dice divided
between two ships in the forward arc, ``abilities/split.py``)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Effect

CARDS: tuple[Card, ...] = (
    Card(("3054",), "Forward Weapons Grid", "weapon", (
        Ability("split_attack", Effect("split_attack"), "its attack is divided between 2 ships in the forward arc: "
                "the seat names the second ship and how many of the dice go at each, at least 1 at each",
                condition=Condition(role="attacker", weapon="this"), optional=False),),
        note="fires from the forward arc and is disabled (loadout); declared only with a second ship to divide "
             "it with (rulings.md)"),
)

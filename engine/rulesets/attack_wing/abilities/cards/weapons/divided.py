"""Weapons whose attack is divided or followed up (Forward Weapons Grid: one attack's dice divided
between two ships in the forward arc, ``abilities/split.py``; Energy Dissipator: an Energy Dampening
Token instead of the damage, then one more attack at that ship, ``abilities/dampening.py``)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect

CARDS: tuple[Card, ...] = (
    Card(("3054",), "Forward Weapons Grid", "weapon", (
        Ability("split_attack", Effect("split_attack"), "its attack is divided between 2 ships in the forward arc: "
                "the seat names the second ship and how many of the dice go at each, at least 1 at each",
                condition=Condition(role="attacker", weapon="this"), optional=False),),
        note="fires from the forward arc and is disabled (loadout); declared only with a second ship to divide "
             "it with (rulings.md)"),
    Card(("3059",), "Energy Dissipator", "weapon", (
        Ability("damage", Effect("dampen"), "its attack that hits deals no damage: the ship it hits receives an "
                "Energy Dampening Token (every remaining active shield disabled, its cloak token removed; it makes "
                "no attack and raises no shield; next round no dial: a white 1 straight, then the token goes)",
                condition=Condition(role="attacker", weapon="this", hit=True), optional=False),
        Ability("extra_attack", Effect("extra_attack", same_target=True), "its attack just hit: its ship may at "
                "once attack the same ship again with another weapon", Cost(limit="round"),
                Condition(role="attacker", scope="marked", weapon="this"))),
        note="fires from the forward arc and is disabled (loadout); the +5 SP on a non-Breen ship: fleet building"),
)

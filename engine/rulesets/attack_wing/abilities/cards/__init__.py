"""The supported cards, one module per card type (captains, admirals, talents: the abilities lane;
crew, weapons, tech, resources: the cards lane). Each module's ``CARDS`` lists its ``Card`` entries;
loading this package registers them in ``abilities.registry``, in the order of ``MODULES`` (the
abilities package loads it: ``abilities/__init__``). docs/abilities.md says how to add one."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards import (
    admirals,
    attacks,
    boarding,
    captains,
    captains_more,
    crew,
    crew_actions,
    crew_more,
    crew_more2,
    divided,
    maneuvers,
    minefields,
    resources,
    ships,
    ships_more,
    squadrons,
    talents,
    talents_more,
    tech,
    tech_more,
    twin_attack,
    weapons,
)
from engine.rulesets.attack_wing.abilities.registry import register

MODULES = (captains, captains_more, admirals, talents, talents_more, crew, crew_more, weapons, tech, tech_more,
           squadrons, resources, boarding, ships, maneuvers, attacks, ships_more,
           crew_actions, crew_more2, divided, minefields, twin_attack)

for _module in MODULES:
    register(_module.CARDS)

"""The supported cards, by what they are and by mechanism: a package per card type (``captains``,
``crew``, ``talents`` for elite talents, ``tech``, ``weapons``, ``ships`` for a ship card's own
abilities), each split by mechanism (``combat``: the attack's dice and steps; ``actions``: an
"Action:" or a free action; then the type's own, such as ``crew.granted_actions``); ``admirals``,
``squadrons`` and ``resources`` as modules; and the mechanisms that span card types (``boarding``:
cards that act on another ship's cards; ``maneuvers``: moving again; ``attacks``: the round's
attacks; ``minefields``; ``drawn_and_taken``: damage cards drawn, upgrades taken). Each module's
``CARDS`` lists its ``Card`` entries; loading this package registers them in ``abilities.registry``,
in the order of ``MODULES`` (the abilities package loads it: ``abilities/__init__``).
docs/abilities.md says how to add one."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards import (
    admirals,
    attacks,
    boarding,
    drawn_and_taken,
    maneuvers,
    minefields,
    resources,
    squadrons,
)
from engine.rulesets.attack_wing.abilities.cards.captains import actions as captain_actions
from engine.rulesets.attack_wing.abilities.cards.captains import combat as captain_combat
from engine.rulesets.attack_wing.abilities.cards.crew import actions as crew_actions
from engine.rulesets.attack_wing.abilities.cards.crew import combat as crew_combat
from engine.rulesets.attack_wing.abilities.cards.crew import granted_actions
from engine.rulesets.attack_wing.abilities.cards.ships import actions as ship_actions
from engine.rulesets.attack_wing.abilities.cards.ships import combat as ship_combat
from engine.rulesets.attack_wing.abilities.cards.ships import twin_attack
from engine.rulesets.attack_wing.abilities.cards.talents import actions as talent_actions
from engine.rulesets.attack_wing.abilities.cards.talents import combat as talent_combat
from engine.rulesets.attack_wing.abilities.cards.tech import actions as tech_actions
from engine.rulesets.attack_wing.abilities.cards.tech import combat as tech_combat
from engine.rulesets.attack_wing.abilities.cards.weapons import combat as weapon_combat
from engine.rulesets.attack_wing.abilities.cards.weapons import divided
from engine.rulesets.attack_wing.abilities.registry import register

MODULES = (captain_combat, captain_actions, admirals, talent_combat, talent_actions,
           crew_combat, crew_actions, granted_actions, tech_combat, tech_actions,
           weapon_combat, divided, squadrons, resources, ship_combat, ship_actions, twin_attack,
           boarding, maneuvers, attacks, minefields, drawn_and_taken)

for _module in MODULES:
    register(_module.CARDS)

"""Cards that move cards: Joachim draws two damage cards for a critical hit his ship inflicts on an
enemy hull and places the one he chooses (event ``damage_cards_drawn``); Superior Intellect's Action
takes an upgrade from a ship at Range 1-2 that is not cloaked and has no active shields (event
``upgrade_taken``). Each says in the project's words what the card's text does; the engine's part
and the policy's choices are ``abilities/damage_draw`` and ``abilities/steal`` (rulings.md "Joachim",
"Superior Intellect")."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect

CARDS: tuple[Card, ...] = (
    Card(("3023",), "Joachim", "crew", (
        Ability("critical", Effect("choose_damage", 2), "each time his ship's attack deals a critical damage card "
                "to an enemy hull: draw 2 damage cards, place the one of his choice face up, discard the other",
                condition=Condition(role="attacker")),),
         note="asked once the two cards are drawn, only when they differ (rulings.md \"Joachim\")"),
    Card(("3019",), "Superior Intellect", "talent", (
        Ability("action", Effect("steal_upgrade", targets="ships", reach=(1, 2), pick=True, exposed=True),
                "Action: discard this card: take one upgrade card of a ship at Range 1-2 that is not cloaked and "
                "has no active shields, even past its own ship's upgrade bar", Cost(discard=True)),)),
)

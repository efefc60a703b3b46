"""Cards that place Minefield Tokens in the play area (Antimatter Mines: ``abilities/mines.py``)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Cost, Effect

CARDS: tuple[Card, ...] = (
    Card(("3007",), "Antimatter Mines", "weapon", (
        Ability("mines", Effect("mine", 4), "as its attack: discard to place a Minefield Token in its rear arc at "
                "Range 1 (behind it, or on a ship there); a ship it is placed on or that later enters it: 4 attack "
                "dice, no defense dice, no card or token modifies them", Cost(discard=True)),),
        note="the token stays for the game (tournament ruling 45); a ship that starts its maneuver on it "
             "leaves unharmed (rulings.md)"),
)

"""Cards that place Minefield Tokens in the play area (Antimatter Mines: ``abilities/mines.py``; Cloaked
Mines: ``abilities/cloaked_mines.py``)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Cost, Effect

CARDS: tuple[Card, ...] = (
    Card(("3007",), "Antimatter Mines", "weapon", (
        Ability("mines", Effect("mine", 4), "as its attack: discard to place a Minefield Token in its rear arc at "
                "Range 1 (behind it, or on a ship there); a ship it is placed on or that later enters it: 4 attack "
                "dice, no defense dice, no card or token modifies them", Cost(discard=True)),),
        note="the token stays for the game (tournament ruling 45); a ship that starts its maneuver on it "
             "leaves unharmed (rulings.md)"),
    Card(("3076",), "Cloaked Mines", "tech", (
        Ability("planning", Effect("mine", 3, reach=(1,), targets="enemy", token="scan"), "in the Planning Phase: "
                "discard to place a Minefield Token within Range 2 of its ship, not within Range 2 of an enemy ship; "
                "an enemy ship that comes within Range 1 of it: 3 attack dice, no defense dice (1 fewer if that ship "
                "performs a Scan action at once, its seat's choice)", Cost(discard=True)),),
        note="the places offered: eight bearings, close or out at Range 2 (rulings.md); overlapping areas of two "
             "such minefields attack once (tournament ruling 46)"),
)

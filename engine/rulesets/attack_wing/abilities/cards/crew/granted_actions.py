"""Crew cards that grant Actions in other forms: another crew card's "Action:" as a free action
(Leonard McCoy), or that of another ship's crew card it disabled (Virak'Kara); a card with two
"Action:" abilities, either one the ship's action (Montgomery Scott: its riders read which,
``Condition.after``); a battle stations token kept on the card and placed beside the ship in the
Activation Phase, not as an action (Alexander). Each says in the project's words what the card's
text does."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect

CARDS: tuple[Card, ...] = (
    Card(("3028",), "Leonard McCoy", "crew", (
        Ability("free_action", Effect("free_action", upgrades=("crew",)), "discard McCoy: right after the Perform "
                "Action step, one of the ship's other crew cards resolves its Action: as a free action",
                Cost(discard=True)),)),
    Card(("3083",), "Virak'Kara", "crew", (
        Ability("action", Effect("disable_upgrade", targets="ships", reach=(1,), pick=True, upgrades=("crew",)),
                "Action: disable this card: at a ship at Range 1 (cloaked or shielded too), disable one crew card "
                "of his choice", Cost(disable=True)),
        Ability("free_action", Effect("free_action", borrow=True), "then that crew card's Action: as a free "
                "action this round, his ship resolving it as its own")),
        note="only on a Jem'Hadar ship: fleet building"),
    Card(("3044",), "Cyrano Jones", "crew", (), note="his ship starts with a Tribble Token beside it; no card the "
         "engine plays reads Tribble Tokens, so the token changes nothing in play (rulings.md)"),
    Card(("3093",), "Alexander", "crew", (
        Ability("damaged", Effect("store_token", 1, token="battle_stations"), "each time an attack deals his ship "
                "at least 1 damage: a battle stations token on this card", optional=False),
        Ability("after_move", Effect("store_token", 1, token="battle_stations"), "in the Activation Phase, right "
                "after his ship's maneuver: one battle stations token from this card beside his ship"))),
    Card(("3032",), "Montgomery Scott", "crew", (
        Ability("action", Effect("mark", targets="self"), "Action (the first): disable 2 active shields: +2 attack "
                "dice this round", Cost(shields=2)),
        Ability("action", Effect("repair_shield", 1), "Action (the second): repair 1 shield; 2 attack dice fewer "
                "this round"),
        Ability("attack_dice", Effect("attack_dice", 2), "after his first Action: +2 attack dice",
                condition=Condition(role="attacker", after=0), optional=False),
        Ability("attack_dice", Effect("attack_dice", -2), "after his second Action: 2 attack dice fewer",
                condition=Condition(role="attacker", after=1), optional=False))),
)

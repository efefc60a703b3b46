"""Cards that change the Cloak action (rulebook "Cloak"): one may cloak with no active shield, one
rolls as its ship cloaks (the I.R.W. Praetus: a battle stations result is a damage to its hull)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Situation
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import Table, _used, candidates, holds
from engine.rulesets.attack_wing.actions import CLOAKS_ANYWAY
from engine.rulesets.attack_wing.dice import ATTACK_DIE
from engine.rulesets.attack_wing.state import GameState, ShipState


@CLOAKS_ANYWAY.give
def cloaks_anyway(state: GameState, ship: ShipState) -> bool:
    """A card of the ship lets it perform the Cloak action with no active shields."""
    for card_id in ship.cards:
        card = CARDS.get(card_id)
        if card is None or not ship.card_ready(card_id):
            continue
        if any(a.effect.kind == "cloak_anyway" and holds(Situation(state, ship, ship, None), card_id, a)
               for a in card.abilities):
            return True
    return False


def cloak_risk(ship: ShipState) -> float:
    """The damage the ship's cards' rolls deal it, expected, as it cloaks (each face's share of the die)."""
    total = 0.0
    for card_id in ship.cards:
        card = CARDS.get(card_id)
        if card is None or not ship.card_ready(card_id):
            continue
        for a in card.abilities:
            if a.effect.kind == "cloak_roll":
                total += a.effect.amount * sum(ATTACK_DIE.count(f) for f in a.effect.faces) / len(ATTACK_DIE)
    return total


def cloak_roll(t: Table, ship_id: str) -> None:
    """The ship just performed the Cloak action: its cards that roll then do (standing), each of the
    effect's faces rolled a damage to its hull (past the shields: they are disabled by cloaking)."""
    for found in list(candidates(t.state, t.state.ship(ship_id), "cloak", None)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "cloak_roll" or owner.id != ship_id:
            continue
        n = ability.effect.amount
        faces, draws = t.dice.roll(t.state, "attack", n, t.state.ship(ship_id), f"{card.name} roll")
        _used(t, found, "cloak", None, None, n, faces=tuple(faces), draws=draws)
        damage = sum(f in ability.effect.faces for f in faces)
        if damage and t.state.ship(ship_id).in_play:
            t.suffer(ship_id, damage, 0, card.name, hull_only=True)

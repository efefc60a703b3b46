"""The effect that draws two damage cards and places one (``Effect("choose_damage")``: Joachim,
``cards/drawn_and_taken``; rulings.md "Joachim"): the engine's part, asked by ``combat.suffer`` before a
critical damage card is dealt, and the policy's choice of the card placed."""

from __future__ import annotations

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, ready
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY
from engine.rulesets.attack_wing.players import AbilityUse, ActionOption
from engine.rulesets.attack_wing.state import ShipState

# How much worse a face-up damage card is for the ship that gets it (the policy's valuation, in about
# expected damage): a Direct Hit is a second point on the hull; Structural Damage costs an attack die
# in every attack until repaired; Console Fire rolls for 1 damage (a hit or crit: 1 in 2) each Combat
# Phase until repaired; an Injured Captain loses the captain's skill (initiative, cards that read it);
# Engine Room Fire makes banks and turns red; a Damaged Sensor Array forbids target lock and scan until
# repaired; a Communications Failure costs one action, then flips.
DAMAGE_WORTH: dict[str, float] = {
    "direct_hit": 3.0, "structural_damage": 2.0, "console_fire": 1.5, "injured_captain": 1.2,
    "engine_room_fire": 1.0, "damaged_sensor_array": 0.8, "communications_failure": 0.5,
}


def choose_damage(t: Table, ship_id: str, cause: str) -> None:
    """Before a critical damage card is dealt to ``ship_id``: the attacking ship's card that draws two
    (Joachim) is offered the two top cards; the seat's choice is placed next (``damage_dealt``), the
    other discarded (``damage_cards_drawn``). Not offered when the deck holds fewer than two cards or
    the two are the same card (rulings.md)."""
    attack, deck = t.state.attack, t.state.deck
    if attack is None or attack.defender != ship_id or len(deck) < 2 or deck[0] == deck[1]:
        return
    owner, target = t.state.ship(attack.attacker), t.state.ship(ship_id)
    if owner.side == target.side or cause != f"attack by {owner.name}":
        return
    for card_id in owner.cards:
        card = CARDS.get(card_id)
        if card is None:
            continue
        for i, ability in enumerate(card.abilities):
            if ability.effect.kind != "choose_damage" or not ready(owner, card_id, ability):
                continue
            found = (owner, card_id, card, i, ability)
            use = _ask(t, found, "critical", subject=ship_id, actions=(ActionOption(deck[0]), ActionOption(deck[1])))
            if use is None or use.choice not in deck[:2]:
                continue
            _used(t, found, "critical", use, ship_id)
            t.emit(ev.DamageCardsDrawn, ship=ship_id, card=card_id, drawn=tuple(deck[:2]), kept=use.choice)
            return


def damage_choice(target: ShipState, cards: tuple[str, ...]) -> AbilityUse:
    """The policy: place the card worse for the enemy (``DAMAGE_WORTH``; a Direct Hit is the worst, and its
    reason says when its two hull points destroy the ship)."""
    def lethal(key: str) -> bool:
        return key == "direct_hit" and target.hull_damage + 2 >= target.hull

    kept = max(cards, key=lambda k: (DAMAGE_WORTH.get(k, 0.0), -cards.index(k)))
    other = next((c for c in cards if c != kept), kept)

    def said(key: str) -> str:
        return f"{CARDS_BY_KEY[key].title if key in CARDS_BY_KEY else key} ({DAMAGE_WORTH.get(key, 0.0):.1f})"

    if lethal(kept):
        return AbilityUse(choice=kept, reason=f"{target.name} gets a Direct Hit: two hull points, which destroy it")
    return AbilityUse(choice=kept, reason=f"{target.name} gets {said(kept)}, worse for it than {said(other)}")

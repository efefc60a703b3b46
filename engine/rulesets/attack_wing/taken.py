"""The reducer's part of two card effects (``abilities/cards/drawn_and_taken``): two damage cards drawn
for one critical hit, one kept (Joachim), and an upgrade card taken from another ship with what is
on it (Superior Intellect). Events ``damage_cards_drawn`` and ``upgrade_taken``."""

from __future__ import annotations

from engine.errors import IllegalEvent
from engine.evolve import evolve as replace
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.state import GameState, ShipState


def damage_cards_drawn(state: GameState, e: ev.DamageCardsDrawn) -> GameState:
    """The two top cards of the damage deck: the kept one back on top (``damage_dealt`` deals it
    next), the other on the discard pile."""
    ship = _ship(state, e.ship, e.seq)
    if ship.destroyed:
        raise IllegalEvent(f"event {e.seq}: {ship.name} is destroyed")
    if tuple(state.deck[:2]) != tuple(e.drawn):
        raise IllegalEvent(f"event {e.seq}: the damage deck's top two cards are {list(state.deck[:2])}, "
                          f"not {list(e.drawn)}")
    if e.kept not in e.drawn:
        raise IllegalEvent(f"event {e.seq}: the card kept, {e.kept!r}, is not one of the two drawn")
    other = e.drawn[1] if e.drawn[0] == e.kept else e.drawn[0]
    return replace(state, deck=(e.kept, *state.deck[2:]), discard=(*state.discard, other))


def upgrade_taken(state: GameState, e: ev.UpgradeTaken) -> GameState:
    """The card leaves ``source`` and joins ``ship`` with its Disabled Token, Time Tokens, the
    tokens kept on it, its once-per-round and once-per-game uses and, a weapon, the weapon."""
    thief, source = _ship(state, e.ship, e.seq), _ship(state, e.source, e.seq)
    card = e.card
    if thief.destroyed or source.destroyed or thief.id == source.id:
        raise IllegalEvent(f"event {e.seq}: {thief.name} cannot take a card from {source.name}")
    if card not in source.cards or card in source.cards_discarded or card in thief.cards:
        raise IllegalEvent(f"event {e.seq}: {source.name} has no card {card!r} for {thief.name} to take")

    def mine(items: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c for c in items if c == card)

    def pairs(items: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        return tuple(p for p in items if p[0] == card)

    def rest(items: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c for c in items if c != card)

    state = state.update(source.id, cards=rest(source.cards), cards_disabled=rest(source.cards_disabled),
                         used_round=rest(source.used_round), used_game=rest(source.used_game),
                         cards_time=tuple(p for p in source.cards_time if p[0] != card),
                         card_tokens=tuple(p for p in source.card_tokens if p[0] != card),
                         weapons=tuple(w for w in source.weapons if w.upgrade_id != card),
                         cards_taken=rest(source.cards_taken))
    return state.update(thief.id, cards=(*thief.cards, card),
                        cards_disabled=(*thief.cards_disabled, *mine(source.cards_disabled)),
                        used_round=(*thief.used_round, *mine(source.used_round)),
                        used_game=(*thief.used_game, *mine(source.used_game)),
                        cards_time=(*thief.cards_time, *pairs(source.cards_time)),
                        card_tokens=(*thief.card_tokens, *pairs(source.card_tokens)),
                        weapons=(*thief.weapons, *(w for w in source.weapons if w.upgrade_id == card)),
                        cards_taken=(*thief.cards_taken, card))


def _ship(state: GameState, ship_id: str, seq: int) -> ShipState:
    try:
        return state.ship(ship_id)
    except KeyError:
        raise IllegalEvent(f"event {seq}: no ship {ship_id!r}") from None

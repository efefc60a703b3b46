"""The reducer's handlers for cards: an ability used (its cost, its uses, what it stores), cards
disabled, enabled and discarded, shields repaired by a card, Time Tokens removed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import IllegalEvent
from engine.evolve import evolve as replace  # dataclasses.replace, faster (the reducer's main cost)
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.dice import ELITE_CARD
from engine.rulesets.attack_wing.reduce_checks import ship_in_game
from engine.rulesets.attack_wing.state import GameState


def _stored(e: ev.AbilityUsed) -> int:
    """The tokens a "store_token" ability puts on its card (``amount``, as its ship is damaged) or takes
    off it (one, in the Activation Phase); 0 for any other ability."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    card = CARDS.get(e.card)
    if card is None or e.ability >= len(card.abilities) or card.abilities[e.ability].effect.kind != "store_token":
        return 0
    return e.amount if e.window == "damaged" else -1


def _fleet_resources() -> frozenset[str]:
    """The supported resources: cards of a whole fleet, among each of its ships' cards."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    return frozenset(c for c, card in CARDS.items() if card.kind == "resource")


def _ability(state: GameState, e: ev.AbilityUsed) -> GameState:
    """A card's ability: the card must be on the ship and ready, within its once-per limits; the
    reducer pays its cost (disable, discard, a token) and places its marks."""
    ship = ship_in_game(state, e.ship, e)
    from engine.rulesets.attack_wing.abilities.action_windows import lent
    from engine.rulesets.attack_wing.abilities.windows import parse_action  # the cards read the rules

    borrowed = e.card not in ship.cards and e.window == "action" and lent(state, ship, e.card)
    if e.card not in ship.cards and not borrowed:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.card!r}")
    # a weapon fired is disabled as a weapon, its text still applies; a card's mark lasts the round
    # whatever became of the card since (All Forward Disruptor Banks is disabled to place it)
    # the lending card itself (Virak'Kara), disabled by its own Action: as it lends the card it disabled
    lending = parse_action(e.choice or "") if e.window == "free_action" else None
    lends = lending is not None and lent(state, ship, lending[0])
    if not (borrowed or lends or ship.card_ready(e.card) or any(e.card in s.marks for s in state.ships)):
        raise IllegalEvent(f"event {e.seq}: {e.card_name} on {ship.name} is disabled or discarded")
    if (e.limit == "round" and e.card in ship.used_round) or (
            e.limit == "game" and ship.used_game.count(e.card) >= max(e.uses, 1)):
        raise IllegalEvent(f"event {e.seq}: {e.card_name} on {ship.name} was already used this {e.limit}")
    if e.limit == "round" and e.card in _fleet_resources() and any(
            e.card in s.used_round for s in state.ships if s.side == ship.side):  # a fleet's card: once for all
        raise IllegalEvent(f"event {e.seq}: {e.card_name} was already used by {ship.name}'s fleet this round")
    changes: dict[str, object] = {}
    if e.limit == "round":
        changes["used_round"] = (*ship.used_round, e.card)
    if e.limit == "game":
        changes["used_game"] = (*ship.used_game, e.card)
    if e.disable:
        changes["cards_disabled"] = (*ship.cards_disabled, e.card)
    if e.discard:
        changes["cards_discarded"] = (*ship.cards_discarded, e.card)
    if e.token is not None:
        have = getattr(ship, e.token)
        if have < 1:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has no {e.token} token to spend")
        changes[e.token] = have - 1
    if e.window == "resist" and e.choice is not None:  # a card of its ship spared for the round (Weyoun)
        if e.choice not in ship.cards:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.choice!r} to protect")
        changes["protected"] = (*ship.protected, e.choice)
    if e.window == "extra_attack":  # one more attack: only from a card whose mark is on the ship this round
        if e.card not in ship.marks:
            raise IllegalEvent(f"event {e.seq}: {e.card_name} gave {ship.name} no extra attack this round")
        changes["extra_attack"] = True
    if e.window == "mines":  # Antimatter Mines: the token placed is the ship's attack of the round
        if ship.attacked:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has already attacked this round")
        changes["attacked"] = True
    if e.window == "split_attack":  # the attack being made, with this weapon, divided: its second part to come
        attack = state.attack
        if attack is None or (attack.attacker, attack.weapon) != (e.ship, e.card) \
                or e.subject in (None, attack.defender):
            raise IllegalEvent(f"event {e.seq}: {e.card_name} divides only its own attack, with a second ship")
        changes["extra_attack"] = True
    if e.time:
        changes["cards_time"] = (*((c, n) for c, n in ship.cards_time if c != e.card), (e.card, e.time))
    stored = _stored(e)
    if stored:  # tokens kept on the card (Alexander): placed as its ship is damaged, taken off in activation
        have = next((n for c, n in ship.card_tokens if c == e.card), 0) + stored
        if have < 0:
            raise IllegalEvent(f"event {e.seq}: {e.card_name} on {ship.name} holds no token to take off")
        changes["card_tokens"] = (*((c, n) for c, n in ship.card_tokens if c != e.card), *(((e.card, have),)
                                                                                           if have else ()))
    new = state.update(e.ship, **changes)
    if e.card == ELITE_CARD and e.dice:  # the die of the attack about to be rolled that is the Elite Attack Die
        if new.attack is None or new.attack.attacker != e.ship or new.attack.attack_dice or len(e.dice) != 1:
            raise IllegalEvent(f"event {e.seq}: the Elite Attack Die is rolled by an attacker, as one of its dice")
        new = replace(new, attack=replace(new.attack, elite=e.dice[0]))
    for marked in e.marks:
        other = ship_in_game(new, marked, e)
        new = new.update(marked, marks=(*other.marks, e.card))
    return new


def _shields_repaired(state: GameState, e: ev.ShieldsRepaired) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    destroyed = ship.shields_max - ship.shields - ship.shields_disabled
    if e.amount > destroyed:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has {destroyed} destroyed shields, not {e.amount} to repair")
    return state.update(e.ship, shields=ship.shields + e.amount)


def _card_disabled(state: GameState, e: ev.CardDisabled) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if e.card not in ship.cards or e.card in ship.cards_disabled or e.card in ship.cards_discarded \
            or e.card in ship.protected:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.card!r} to disable")
    return state.update(e.ship, cards_disabled=(*ship.cards_disabled, e.card))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    """Another ship's card discards one of this ship's upgrades: out of the game (a weapon with it)."""
    ship = ship_in_game(state, e.ship, e)
    if e.card not in ship.cards or e.card in ship.cards_discarded or e.card in ship.protected:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.card!r} to discard")
    return state.update(e.ship, cards_discarded=(*ship.cards_discarded, e.card),
                        weapons=tuple(w for w in ship.weapons if w.upgrade_id != e.card))


def _card_enabled(state: GameState, e: ev.CardEnabled) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if e.card not in ship.cards_disabled:
        raise IllegalEvent(f"event {e.seq}: {ship.name}'s card {e.card!r} is not disabled")
    return state.update(e.ship, cards_disabled=tuple(c for c in ship.cards_disabled if c != e.card))


def _time_removed(state: GameState, e: ev.TimeTokensRemoved) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if any(not ship.time_on(card) for card in e.cards):
        raise IllegalEvent(f"event {e.seq}: a card of {ship.name} named has no time token")
    left = tuple((c, n - 1 if c in e.cards else n) for c, n in ship.cards_time)
    return state.update(e.ship, cards_time=tuple((c, n) for c, n in left if n > 0))


HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "ability_used": _ability,
    "shields_repaired": _shields_repaired,
    "card_disabled": _card_disabled,
    "card_enabled": _card_enabled,
    "time_tokens_removed": _time_removed,
    "card_discarded": _card_discarded,
}

"""Tokens kept on a card (Alexander): one placed on it each time its ship is hit for at least 1
damage by an attack (window ``damaged``, standing), and in the Activation Phase, right after the
ship's maneuver, one taken off it and placed beside the ship (window ``after_move``, the seat's
choice). ``ShipState.card_tokens`` keeps them; the reducer adds and removes them."""

from __future__ import annotations

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, candidates


def store(t: Table, ship_id: str) -> None:
    """An attack dealt the ship at least 1 damage: its cards that keep a token take one."""
    ship = t.state.ship(ship_id)
    if not ship.in_play:
        return
    for found in list(candidates(t.state, ship, "damaged", None)):
        owner, _, _, _, ability = found
        if ability.effect.kind == "store_token" and owner.id == ship_id:
            _used(t, found, "damaged", None, amount=ability.effect.amount)


def release(t: Table, ship_id: str) -> None:
    """Right after the ship's maneuver: a token kept on one of its cards may be placed beside it."""
    ship = t.state.ship(ship_id)
    for found in list(candidates(t.state, ship, "after_move", None)):
        owner, card_id, card, _, ability = found
        token = ability.effect.token
        if ability.effect.kind != "store_token" or owner.id != ship_id or token is None \
                or not next((n for c, n in t.state.ship(ship_id).card_tokens if c == card_id), 0):
            continue
        use = _ask(t, found, "after_move")
        if use is None:
            continue
        _used(t, found, "after_move", use)
        t.emit(ev.TokensChanged, ship=ship_id, token=token, delta=1, cause=card.name)

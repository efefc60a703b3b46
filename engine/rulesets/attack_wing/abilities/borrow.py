"""A card's "Action:" borrowed from another ship (Virak'Kara): after its Action: disabled a crew card
of the ship it targeted, its ship may resolve that card's "Action:" as a free action this round, as
if the card were its own. The card stays on the other ship, disabled; the costs that name the card
itself (disable or discard it) are not paid again, any other cost is the borrowing ship's."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import _ACTS_ON, marks_of, perform_action
from engine.rulesets.attack_wing.abilities.model import Ability, Situation
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import Found, Table, _ask, _used, action_name, holds
from engine.rulesets.attack_wing.players import ActionOption


def borrowed(ability: Ability) -> Ability:
    """The card's ability as the borrowing ship resolves it: no cost that names the card itself."""
    return replace(ability, cost=replace(ability.cost, disable=False, discard=False))


def options(t: Table, ship_id: str, card_id: str) -> tuple[ActionOption, ...]:
    """The borrowed card's "Action:" abilities the ship may resolve now (as ``action_windows.action_options``)."""
    ship = t.state.ship(ship_id)
    card = CARDS.get(card_id)
    out = []
    for i, ability in enumerate(card.abilities if card is not None else ()):
        if ability.window != "action" or ability.effect.kind == "bar_action" or ship.aux_power \
                or action_name(card_id, i) in ship.actions_done \
                or not holds(Situation(t.state, ship, ship, None), card_id, ability):
            continue
        needs = ability.effect.pick or ability.effect.kind in _ACTS_ON
        acted_on = marks_of(t.state, ship, ability) if needs else ()
        if not needs or acted_on or (ability.effect.and_self and not ability.effect.pick):
            out.append(ActionOption(action_name(card_id, i), acted_on if ability.effect.pick else ()))
    return tuple(out)


def offer_borrowed(t: Table, ship_id: str, lender: Found, card_id: str) -> None:
    """Right after the lending card's Action: disabled ``card_id``: the seat may resolve one of its
    "Action:" abilities as a free action (the lender's ability with ``Effect.borrow``)."""
    found = next(((lender[0], lender[1], lender[2], i, a) for i, a in enumerate(lender[2].abilities)
                  if a.effect.borrow and a.window == "free_action"), None)
    choices = options(t, ship_id, card_id)
    if found is None or not choices:
        return
    use = _ask(t, found, "free_action", actions=choices)
    if use is None or use.choice not in {o.action for o in choices}:
        return
    _used(t, found, "free_action", use)
    t.emit(ev.ActionPerformed, ship=ship_id, action=use.choice, target=use.target, reason=use.reason)
    perform_action(t, ship_id, use.choice, use.reason, use.target)

"""Admiral cards, face up (tournament rules "Admiral Cards"): the admiral's Fleet Action, which the
admiral's ship or a friendly ship within Range 1-3 of it resolves as its action, once per round for
the fleet (the Fleet Action Token); "your ship" on the card is the ship acting. The skill modifier
is added to the captain's skill by the fleet (``fleet.py``). An admiral assigned face down is a
captain: its captain card's id (``*_cap_*``) is in the ``captains`` package.

Most admirals print their captain side's Action: as their Fleet Action: those take the captain
card's abilities, the action made a Fleet Action."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.attack_wing.abilities.cards.captains import actions, combat
from engine.rulesets.attack_wing.abilities.model import Ability, Card


def _captain(card_id: str) -> Card:
    cards: tuple[Card, ...] = (*combat.CARDS, *actions.CARDS)
    return next(c for c in cards if card_id in c.ids)


def _fleet(captain_id: str) -> tuple[Ability, ...]:
    """The captain side's abilities, its Action: made the admiral's Fleet Action."""
    return tuple(replace(a, fleet=True, cost=replace(a.cost, limit="round"),
                         summary="Fleet " + a.summary) if a.window == "action" else a
                 for a in _captain(captain_id).abilities)


def _admiral(admiral_id: str, captain_id: str, note: str = "") -> Card:
    return Card((admiral_id,), _captain(captain_id).name, "admiral", _fleet(captain_id), note=note)


CARDS: tuple[Card, ...] = (
    _admiral("alidar_jarok_72016", "alidar_jarok_cap_72016"),
    _admiral("james_t_kirk_71523", "james_t_kirk_cap_71523"),
    _admiral("v_las_71527", "v_las_cap_71527"),
    _admiral("gul_dukat_71524", "gul_dukat_cap_71524"),
    _admiral("hayes_72008", "hayes_cap_72008"),
    _admiral("william_ross_72001p", "william_ross_cap_72001p"),
    _admiral("kiaphet_amman_sor_72338", "kiaphet_amman_sor_cap_72338",
             note="the Xindi ship is the admiral's (the card assigned to a Xindi ship)"),
    _admiral("gardner_71800", "gardner_cap_71800"),
    _admiral("martok_71804", "martok_cap_71804"),
)

"""Event schema upgrades of Fleet Captains replays (``Ruleset.upgrades``).

Schema 2 (cargo, prisoners, the redraft, gathering cloak tokens, ships' own missions, hinder and
second-action cards) adds event types and fields with defaults, and the second edition of the
box's cards (``game_started.edition``: a schema 1 game was played with the first, so its decks
are rebuilt without the new cards). One change of meaning: a crew card beamed aboard a ship of the
other faction is held there as a prisoner (schema 1 let it serve), so such a ``crew_removed``
event becomes one with ``prisoner`` set.

Schema 3 (issue 34): a step into a side's own command post costs 0 movement (the summary: "it
costs 0 movement to enter"); schema 2 charged it the size of the place left. Entering the post
ends the move, so no later step read the points the old cost took: a ``moved`` or ``token_moved``
event into a command post becomes one of cost 0, and the game it records is otherwise the same."""

from __future__ import annotations

from typing import Any, Final

from engine.rulesets.base import EventUpgrade

EVENT_SCHEMA: Final = 3
_POSTS: Final = frozenset({"cp0", "cp1"})  # the command posts' location ids (state.py)
_SHIP_PREFIX: Final = {"F": "fed-", "K": "kli-"}  # a ship id's letter and its faction's card prefix


def event_v1(raw: Any) -> Any:
    """One schema 1 event as schema 2: its game is of the box's first edition."""
    if isinstance(raw, dict) and raw.get("type") == "game_started":
        return {**raw, "edition": 1}
    if not isinstance(raw, dict) or raw.get("type") != "crew_removed":
        return raw  # the codec says what is wrong with anything else
    taker, card = raw.get("to_ship"), raw.get("card")
    if isinstance(taker, str) and isinstance(card, str) and taker[:1] in _SHIP_PREFIX \
            and not card.startswith(_SHIP_PREFIX[taker[:1]]):
        return {**raw, "prisoner": True}
    return raw


def event_v2(raw: Any) -> Any:
    """One schema 2 event as schema 3: a step into a command post cost nothing."""
    if isinstance(raw, dict) and raw.get("type") in ("moved", "token_moved") and raw.get("dest") in _POSTS:
        return {**raw, "cost": 0}
    return raw


UPGRADES: Final[dict[int, EventUpgrade]] = {
    1: EventUpgrade(1, "cargo, prisoners, redraft, gathered cloak tokens, ships' own missions; an enemy crew "
                       "card beamed aboard is a prisoner", event_v1),
    2: EventUpgrade(2, "a step into a command post costs 0 movement", event_v2)}

"""Every supported card by catalog id: the ``cards`` modules (one place per card) register here as
they load, and the engine looks them up here. This module imports no card: the cards import the
windows, which read this table."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from engine.catalog import load_catalog
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Window

# every supported card by catalog id, and each card once in the order listed; filled by the
# ``cards`` package as it loads (the abilities package loads it first: ``abilities/__init__``)
CARDS: dict[str, Card] = {}
LISTED: list[Card] = []


def register(cards: Iterable[Card]) -> None:
    """Add these cards (a ``cards`` module's ``CARDS``); a catalog id listed twice is an error."""
    for card in cards:
        for card_id in card.ids:
            if card_id in CARDS:
                raise ValueError(f"card {card_id} ({card.name}) is listed twice")
            CARDS[card_id] = card
        LISTED.append(card)


def card(card_id: str) -> Card | None:
    """The supported card under this catalog id, or None."""
    return CARDS.get(card_id)


def supported(card_id: str) -> bool:
    return card_id in CARDS


def describe(card_id: str) -> tuple[str, ...] | None:
    """What the engine plays of a card (`trek catalog show`): one line per ability, or the card's
    note; None when the card is not supported."""
    found = CARDS.get(card_id)
    if found is None:
        return None
    lines = [f"{a.window.replace('_', ' ')}: {a.summary}" + (f" (cost: {a.cost.words()})"
             if a.cost.words() != "none" else "") + ("" if a.optional else " [always]") for a in found.abilities]
    return (*lines, *([found.note] if found.note else []))


def unsupported(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The cards among these whose ability the engine does not play."""
    return tuple(c for c in cards if c not in CARDS)


def abilities(card_ids: tuple[str, ...], window: Window) -> Iterator[tuple[str, Card, int, Ability]]:
    """(card id, card, index, ability) of every ability of these cards in ``window``, in card order."""
    for card_id in card_ids:
        found = CARDS.get(card_id)
        if found is None:
            continue
        for i, ability in enumerate(found.abilities):
            if ability.window == window:
                yield card_id, found, i, ability


def card_name(card_id: str) -> str:
    """A card's name: the supported card's, else the catalog's printed name of an upgrade, else its id."""
    card = CARDS.get(card_id)
    return card.name if card is not None else _printed_names().get(card_id, card_id)


@cache
def _printed_names() -> dict[str, str]:
    """Each upgrade's printed name, by catalog id."""
    return {u.id: u.name for u in load_catalog().upgrades()}

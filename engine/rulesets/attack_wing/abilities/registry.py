"""Every supported card by catalog id, gathered from the ``cards`` modules (one place per card)."""

from __future__ import annotations

from collections.abc import Iterator

from engine.rulesets.attack_wing.abilities.cards import (
    admirals,
    attacks,
    boarding,
    captains,
    captains_more,
    crew,
    crew_actions,
    crew_more,
    crew_more2,
    divided,
    maneuvers,
    minefields,
    resources,
    ships,
    ships_more,
    squadrons,
    talents,
    talents_more,
    tech,
    tech_more,
    twin_attack,
    weapons,
)
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Window

MODULES = (captains, captains_more, admirals, talents, talents_more, crew, crew_more, weapons, tech, tech_more,
           squadrons, resources, boarding, ships, maneuvers, attacks, ships_more,
           crew_actions, crew_more2, divided, minefields, twin_attack)


def _index() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for module in MODULES:
        for card in module.CARDS:
            for card_id in card.ids:
                if card_id in out:
                    raise ValueError(f"card {card_id} ({card.name}) is listed twice")
                out[card_id] = card
    return out


CARDS: dict[str, Card] = _index()


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

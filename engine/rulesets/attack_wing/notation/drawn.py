"""Two damage cards drawn for one critical hit, one placed (Joachim), in the notation: ``A1 uses
Joachim choosing KEPT over OTHER`` (the kept card was the first drawn, the top of the deck) or
``... choosing KEPT under OTHER`` (it lay under the other). The discarded card is part of the damage
deck the import rebuilds (``setup.deck``), so export and import give the same bytes
(docs/notation.md "Card abilities")."""

from __future__ import annotations

import re

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.terms import card_title, parse_card
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse

WINDOW = "critical"
_CHOICE = re.compile(r"(.+?)\s+(over|under)\s+(.+)", re.IGNORECASE)


def read(text: str | None) -> tuple[str, bool, str] | None:
    """``KEPT over|under OTHER`` as (kept key, kept drawn first, other key); None when it is not one."""
    match = _CHOICE.fullmatch((text or "").strip())
    if match is None:
        return None
    try:
        return parse_card(match.group(1)), match.group(2).lower() == "over", parse_card(match.group(3))
    except ValueError:
        return None


def note(doc: m.Notation, line: m.Uses) -> None:
    """A uses line's damage choice: the discarded card joins the deck the import rebuilds, before the
    next damage line's card (``under``) or after it (``over``)."""
    found = read(line.choice)
    if found is not None:
        _, over, other = found
        doc.drawn.append((len(doc.damage), over, m.Damage(line.no, line.ship, other, False)))


def deck_order(doc: m.Notation) -> list[m.Damage]:
    """The damage lines with the cards drawn and discarded among them, in the order drawn."""
    out = list(doc.damage)
    for index, over, line in reversed(doc.drawn):
        out.insert(min(index + (1 if over else 0), len(out)), line)
    return out


def uses_line(event: ev.AbilityUsed, drawn: ev.DamageCardsDrawn, label: str) -> m.Uses:
    """The export's line for a use and the draw that follows it."""
    kept = drawn.kept
    other = drawn.drawn[1] if drawn.drawn[0] == kept else drawn.drawn[0]
    word = "over" if drawn.drawn[0] == kept else "under"
    return m.Uses(0, event.ship, label, reason=event.reason,
                  choice=f"{card_title(kept)} {word} {card_title(other)}")


def problem(line: m.Uses, offer: AbilityOffer) -> str | None:
    """Why the line cannot answer the offer (the two cards it offers, in the order drawn)."""
    cards = tuple(o.action for o in offer.actions)
    found = read(line.choice)
    titles = " and ".join(card_title(c) for c in cards)
    if found is None:
        return f"{offer.card_name} draws {titles} here: write choosing CARD over CARD (or under)"
    kept, over, other = found
    order = (kept, other) if over else (other, kept)
    if order != cards:
        return f"{offer.card_name} draws {titles} here (in that order), not {line.choice!r}"
    return None


def answer(line: m.Uses, offer: AbilityOffer) -> AbilityUse:
    found = read(line.choice)
    return AbilityUse(choice=found[0] if found else None, reason=line.reason)

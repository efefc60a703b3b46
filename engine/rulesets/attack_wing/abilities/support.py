"""Which cards of the data the engine plays (`trek catalog abilities`, docs/abilities.md): every card
that prints an ability (``bearing``), whether the registry plays it, and for one it does not, the
one-line mechanism its text needs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.catalog import load_catalog
from engine.rulesets.attack_wing.abilities.bearing import BEARING, MECHANISMS
from engine.rulesets.attack_wing.abilities.registry import supported


@dataclass(frozen=True, slots=True)
class Support:
    id: str
    title: str
    kind: str
    faction: str
    sets: tuple[str, ...]
    supported: bool
    reason: str | None  # None when supported

    def json(self) -> dict[str, object]:
        return {"id": self.id, "title": self.title, "kind": self.kind, "faction": self.faction,
                "sets": list(self.sets), "supported": self.supported, "reason": self.reason}


@cache
def _sets() -> dict[str, tuple[str, ...]]:
    """The sets each catalog card comes in, by id."""
    catalog = load_catalog()
    out: dict[str, tuple[str, ...]] = {}
    for group in (catalog.ships(), catalog.captains(), catalog.admirals(), catalog.upgrades(),
                  catalog.resources()):
        for card in group:
            out[card.id] = tuple(card.sets)
    return out


def cards() -> tuple[Support, ...]:
    """Every ability-bearing card of the data, by id."""
    sets = _sets()
    out = []
    for card_id, (kind, title, faction, mechanism) in BEARING.items():
        plays = supported(card_id)
        out.append(Support(card_id, title, kind, faction, sets.get(card_id, ()), plays,
                           None if plays else MECHANISMS[mechanism]))
    return tuple(out)


def counts(entries: tuple[Support, ...]) -> tuple[int, int]:
    """(supported, all) of these cards."""
    return sum(e.supported for e in entries), len(entries)

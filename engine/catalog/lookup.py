"""Look-ups in the ship catalog by id or by name, with clear errors for unknown and ambiguous names.

Names repeat (a dozen "Federation Starship" cards, two classes called "Constitution Class"),
ids do not. A query is tried as an id first, then as a name (case-insensitive, runs of
whitespace collapsed), then as a name ignoring punctuation ("uss enterprise d"). Several
matches raise a CatalogError that lists every candidate with its id and faction; no match
raises one that suggests close names.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from typing import Generic, Protocol, TypeVar

from pydantic import ValidationError

from engine.catalog.models import (
    Admiral,
    Captain,
    CardSet,
    CatalogData,
    Resource,
    Ship,
    ShipClass,
    Upgrade,
    UpgradeType,
)
from engine.errors import CatalogError

CATALOG_FILE = "catalog.json"
MAX_SUGGESTIONS = 5
MAX_LISTED_CANDIDATES = 12


class _Named(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=_Named)


def _name_key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _loose_key(text: str) -> str:
    # Punctuation and spacing vary in how people type names ("Bird-of-Prey", "U.S.S.").
    return re.sub(r"[\W_]+", "", text.casefold())


class _Index(Generic[T]):
    """Id and name indices over one kind of card."""

    def __init__(self, kind: str, items: Sequence[T], describe: Callable[[T], str]) -> None:
        self.kind = kind
        self.items = tuple(items)
        self.describe = describe
        self._by_id = {item.id.casefold(): item for item in self.items}
        self._by_name: dict[str, list[T]] = {}
        self._by_loose: dict[str, list[T]] = {}
        for item in self.items:
            self._by_name.setdefault(_name_key(item.name), []).append(item)
            self._by_loose.setdefault(_loose_key(item.name), []).append(item)

    def matches(self, query: str) -> list[T]:
        """Every card the query names (by id, exact name, then loose name); empty when none."""
        by_id = self._by_id.get(query.strip().casefold())
        if by_id is not None:
            return [by_id]
        exact = self._by_name.get(_name_key(query))
        if exact:
            return list(exact)
        return list(self._by_loose.get(_loose_key(query), [])) if _loose_key(query) else []

    def get(self, query: str) -> T:
        """The one card the query names; CatalogError when none or several do."""
        found = self.matches(query)
        if len(found) == 1:
            return found[0]
        if found:
            raise ambiguous_error(self.kind, query, [self.describe(item) for item in found])
        raise unknown_error(self.kind, query, self.suggestions(query))

    def suggestions(self, query: str) -> list[str]:
        """Names close to the query (difflib), then names containing it."""
        return suggest(query, [item.name for item in self.items])


def suggest(query: str, names: Iterable[str]) -> list[str]:
    """Up to MAX_SUGGESTIONS distinct names close to the query, best first.

    A name scores by its difflib ratio with the query, or with its own start when the query
    reads like a misspelt beginning ("Galxy" for "Galaxy Class"); names that contain the
    query follow.
    """
    by_key: dict[str, str] = {}
    for name in names:
        by_key.setdefault(_name_key(name), name)
    key = _name_key(query)
    if not key:
        return []
    scored: list[tuple[float, str]] = []
    for candidate in by_key:
        whole = difflib.SequenceMatcher(None, key, candidate).ratio()
        start = difflib.SequenceMatcher(None, key, candidate[: len(key) + 1]).ratio()
        if whole >= 0.6 or start >= 0.8:
            scored.append((max(whole, start * 0.9), candidate))
    best = [k for _, k in sorted(scored, key=lambda pair: (-pair[0], pair[1]))]
    if len(key) >= 3:
        best += [k for k in by_key if key in k and k not in best]
    return [by_key[k] for k in best[:MAX_SUGGESTIONS]]


def unknown_error(kind: str, query: str, suggestions: Sequence[str]) -> CatalogError:
    """The error for a name or id that matches nothing; it suggests close names."""
    hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
    return CatalogError(f"no {kind} with the name or id {query!r}{hint}")


def ambiguous_error(
    kind: str, query: str, candidates: Sequence[str], plural: str | None = None,
) -> CatalogError:
    """The error for a name that several cards share; it lists them (id and faction) to choose from."""
    shown = list(candidates[:MAX_LISTED_CANDIDATES])
    if len(candidates) > len(shown):
        shown.append(f"and {len(candidates) - len(shown)} more")
    plural = plural or kind + ("es" if kind.endswith("ss") else "s")
    return CatalogError(
        f"{query!r} names {len(candidates)} {plural}; give an id instead: {'; '.join(shown)}"
    )


class Catalog:
    """The ship catalog with look-ups by id or name and listings."""

    def __init__(self, data: CatalogData) -> None:
        self.data = data
        self._classes = _Index("ship class", data.ship_classes, self.describe_class)
        self._ships = _Index("ship", data.ships, self.describe_ship)
        self._captains = _Index("captain", data.captains, lambda c: f"{c.id} ({c.faction}, skill {c.skill})")
        self._admirals = _Index("admiral", data.admirals, lambda a: f"{a.id} ({a.faction}, skill {a.skill})")
        self._upgrades = _Index("upgrade", data.upgrades, lambda u: f"{u.id} ({u.faction}, {u.type})")
        self._resources = _Index("resource", data.resources, lambda r: f"{r.id} (cost {r.cost})")
        self._sets = {s.id.casefold(): s for s in data.sets}
        self._class_by_id = {c.id: c for c in data.ship_classes}

    @classmethod
    def load(cls) -> Catalog:
        """The catalog bundled with the engine (loaded once, then cached)."""
        return load_catalog()

    @property
    def source_version(self) -> str:
        """The version stamp of the data file the catalog was built from."""
        return self.data.source_version

    # -- single look-ups ---------------------------------------------------------------
    def ship(self, name_or_id: str) -> Ship:
        return self._ships.get(name_or_id)

    def ship_class(self, name_or_id: str) -> ShipClass:
        return self._classes.get(name_or_id)

    def captain(self, name_or_id: str) -> Captain:
        return self._captains.get(name_or_id)

    def admiral(self, name_or_id: str) -> Admiral:
        return self._admirals.get(name_or_id)

    def upgrade(self, name_or_id: str) -> Upgrade:
        return self._upgrades.get(name_or_id)

    def resource(self, name_or_id: str) -> Resource:
        return self._resources.get(name_or_id)

    def card_set(self, set_id: str) -> CardSet:
        found = self._sets.get(set_id.strip().casefold())
        if found is None:
            raise unknown_error("set", set_id, suggest(set_id, [s.id for s in self.data.sets]))
        return found

    def class_of(self, ship: Ship | str) -> ShipClass:
        """The class of a ship (a Ship, or a ship name or id)."""
        resolved = self.ship(ship) if isinstance(ship, str) else ship
        return self._class_by_id[resolved.class_id]

    # -- searches that do not raise ----------------------------------------------------
    def find_ships(self, query: str) -> list[Ship]:
        """Every ship the query names (by id, name or loose name); empty when none."""
        return self._ships.matches(query)

    def find_ship_classes(self, query: str) -> list[ShipClass]:
        """Every ship class the query names; empty when none."""
        return self._classes.matches(query)

    def find_cards(self, query: str) -> list[Captain | Admiral | Upgrade]:
        """Every captain, admiral and upgrade card the query names; empty when none."""
        return [*self._captains.matches(query), *self._admirals.matches(query), *self._upgrades.matches(query)]

    def find_resources(self, query: str) -> list[Resource]:
        """Every fleet resource the query names; empty when none."""
        return self._resources.matches(query)

    def describe_card(self, card: Captain | Admiral | Upgrade) -> str:
        kind = card.type if isinstance(card, Upgrade) else "admiral" if isinstance(card, Admiral) else "captain"
        return f"{card.name} ({kind} {card.id}, {card.faction})"

    def suggest(self, query: str) -> list[str]:
        """Ship and class names close to the query."""
        return suggest(query, [*(s.name for s in self.data.ships), *(c.name for c in self.data.ship_classes)])

    # -- listings ----------------------------------------------------------------------
    def factions(self) -> tuple[str, ...]:
        """Every faction that a card names, sorted."""
        cards: list[Ship | Captain | Admiral | Upgrade] = [
            *self.data.ships, *self.data.captains, *self.data.admirals, *self.data.upgrades,
        ]
        return tuple(sorted({c.faction for c in cards}))

    def ship_classes(self) -> tuple[ShipClass, ...]:
        return self.data.ship_classes

    def ships(self, faction: str | None = None) -> tuple[Ship, ...]:
        """Ships in data order; with a faction, those whose faction or additional faction it is."""
        if faction is None:
            return self.data.ships
        wanted = self._faction(faction)
        return tuple(s for s in self.data.ships if wanted in (s.faction, s.additional_faction))

    def ships_of_class(self, ship_class: ShipClass | str) -> tuple[Ship, ...]:
        cls = self.ship_class(ship_class) if isinstance(ship_class, str) else ship_class
        return tuple(s for s in self.data.ships if s.class_id == cls.id)

    def captains(self, faction: str | None = None) -> tuple[Captain, ...]:
        if faction is None:
            return self.data.captains
        wanted = self._faction(faction)
        return tuple(c for c in self.data.captains if wanted in (c.faction, c.additional_faction))

    def admirals(self) -> tuple[Admiral, ...]:
        return self.data.admirals

    def upgrades(self, upgrade_type: UpgradeType | None = None) -> tuple[Upgrade, ...]:
        if upgrade_type is None:
            return self.data.upgrades
        return tuple(u for u in self.data.upgrades if u.type == upgrade_type)

    def resources(self) -> tuple[Resource, ...]:
        return self.data.resources

    def _faction(self, faction: str) -> str:
        """The faction's name as the data spells it (case-insensitive match)."""
        known = self.factions()
        for name in known:
            if _name_key(name) == _name_key(faction):
                return name
        raise unknown_error("faction", faction, suggest(faction, known) or list(known))

    def describe_ship(self, ship: Ship) -> str:
        """A ship's id with what tells it apart from its namesakes (for candidate lists)."""
        return f"{ship.id} ({ship.faction}, {ship.class_name}, cost {ship.cost})"

    def describe_class(self, ship_class: ShipClass) -> str:
        """A class's id with the factions of its ships (for candidate lists)."""
        factions = sorted({s.faction for s in self.data.ships if s.class_id == ship_class.id})
        return f"{ship_class.id} ({', '.join(factions) or 'no ships'})"


@functools.cache
def load_catalog() -> Catalog:
    """The catalog bundled with the engine, validated once per process."""
    text = resources.files("engine.catalog").joinpath(CATALOG_FILE).read_text(encoding="utf-8")
    try:
        data = CatalogData.model_validate_json(text)
    except ValidationError as exc:  # a packaging bug, not user input; say how to fix it
        raise CatalogError(
            f"engine/catalog/{CATALOG_FILE} does not validate ({exc.error_count()} errors); "
            "rebuild it with scripts/build_catalog.py"
        ) from exc
    return Catalog(data)

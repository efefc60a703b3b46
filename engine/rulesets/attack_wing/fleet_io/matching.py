"""Matching another builder's card references against the catalog.

Space Dock ids are the data file's ``<Id>`` values, so they are the catalog's ids; old Utopia
links carry them too. Current Utopia ids (``S274``, ``Cap818``, ``W204``) have no table in our
data: such a card is matched by its name within the kind its prefix names, and where several
cards share the name (the same card reprinted in several sets, a dozen "Federation Starship"
cards) by the set code the link carries, then by faction. Whatever stays open is reported as
ambiguous with every candidate, or as unmatched with close names; never dropped in silence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from engine.catalog import Admiral, Captain, Catalog, Resource, Ship, Upgrade
from engine.catalog.lookup import suggest
from engine.rulesets.attack_wing.fleet_io.model import CardKind, CardRef, ProblemKind, Slot, quoted, shown

Card = Ship | Captain | Admiral | Upgrade | Resource

# A scope names the cards a reference may be: a kind ("ship", "captain", "admiral",
# "resource") or an upgrade type ("upgrade:weapon"; "upgrade:*" for every upgrade).
Scope = frozenset[str]

_UPGRADE_ANY: Final = "upgrade:*"


def _scope(*parts: str) -> Scope:
    return frozenset(parts)


# Current Utopia id prefixes. Flagships, officers and fleet captains are not in our data.
UTOPIA_PREFIXES: Final[dict[str, tuple[str, Scope | None]]] = {
    "S": ("ship", _scope("ship")),
    "Cap": ("captain", _scope("captain")),
    "A": ("admiral", _scope("admiral")),
    "W": ("weapon upgrade", _scope("upgrade:weapon")),
    "C": ("crew upgrade", _scope("upgrade:crew")),
    "T": ("tech upgrade", _scope("upgrade:tech")),
    "E": ("elite talent", _scope("upgrade:talent")),
    "B": ("borg upgrade", _scope("upgrade:borg")),
    "Sq": ("squadron upgrade", _scope("upgrade:squadron")),
    "R": ("resource", _scope("resource", "upgrade:resource")),
    "F": ("flagship", None),
    "O": ("officer", None),
    "FC": ("fleet captain", None),
}
UTOPIA_ID: Final = re.compile(r"(?i)(Cap|Sq|FC|S|W|C|T|E|A|R|B|F|O)(\d{1,6})")

# Type words (Utopia's "weapon" in "weapon:3006", Space Dock's labels), singular, lower case.
TYPE_WORDS: Final[dict[str, Scope]] = {
    "ship": _scope("ship"),
    "captain": _scope("captain"),
    "admiral": _scope("admiral"),
    "resource": _scope("resource", "upgrade:resource"),
    "upgrade": _scope(_UPGRADE_ANY, "captain", "admiral"),
    "crew": _scope("upgrade:crew"),
    "weapon": _scope("upgrade:weapon"),
    "tech": _scope("upgrade:tech"),
    "talent": _scope("upgrade:talent"),
    "elitetalent": _scope("upgrade:talent"),
    "borg": _scope("upgrade:borg"),
    "squadron": _scope("upgrade:squadron"),
}
# Type words of cards our data does not have.
MISSING_TYPES: Final[dict[str, str]] = {
    "flagship": "flagship", "officer": "officer", "fleetcaptain": "fleet captain",
}

SLOT_SCOPES: Final[dict[Slot, Scope]] = {
    "ship": _scope("ship"),
    "captain": _scope("captain", "admiral"),
    "admiral": _scope("admiral"),
    "upgrade": _scope(_UPGRADE_ANY, "captain", "admiral"),
    "resource": _scope("resource", "upgrade:resource"),
    "flagship": frozenset(),
}
# Where a name fits several kinds, the slot's own kind wins (a resource slot takes the
# Resource card before the upgrade card of the same name).
SLOT_KINDS: Final[dict[Slot, CardKind | None]] = {
    "ship": "ship", "captain": "captain", "admiral": "admiral", "upgrade": "upgrade",
    "resource": "resource", "flagship": None,
}

MAX_CANDIDATES: Final = 8


def type_word_key(word: str) -> str:
    key = re.sub(r"[\W_]+", "", word.casefold())
    return key[:-1] if key.endswith("s") and key[:-1] in TYPE_WORDS | MISSING_TYPES else key


def _name_key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _loose_key(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def in_scope(kind: CardKind, card: Card, scope: Scope) -> bool:
    if kind in scope:
        return True
    return isinstance(card, Upgrade) and (_UPGRADE_ANY in scope or f"upgrade:{card.type}" in scope)


def scope_words(scope: Scope) -> str:
    words = []
    for part in sorted(scope):
        if part == _UPGRADE_ANY:
            words.append("upgrade")
        elif part.startswith("upgrade:"):
            words.append(f"{part.removeprefix('upgrade:')} upgrade")
        else:
            words.append(part)
    return " or ".join(words) or "card"


def kind_words(kind: CardKind, card: Card) -> str:
    return f"{card.type} upgrade" if isinstance(card, Upgrade) else kind


def a_kind(kind: CardKind, card: Card) -> str:
    """'an admiral', 'a weapon upgrade'."""
    words = kind_words(kind, card)
    return ("an " if words[0] in "aeiou" else "a ") + words


@dataclass(frozen=True)
class Found:
    kind: CardKind
    card: Card
    via: str  # "id" or "name"
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Missing:
    kind: ProblemKind
    message: str
    candidates: tuple[str, ...] = field(default=())


Match = Found | Missing


class CardMatcher:
    """Card references -> catalog cards, by id across every kind, or by name within a scope."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        data = catalog.data
        groups: tuple[tuple[CardKind, tuple[Card, ...]], ...] = (
            ("ship", data.ships), ("captain", data.captains), ("admiral", data.admirals),
            ("upgrade", data.upgrades), ("resource", data.resources),
        )
        self.cards: list[tuple[CardKind, Card]] = [(kind, card) for kind, group in groups for card in group]
        self._by_id = {card.id.casefold(): (kind, card) for kind, card in self.cards}
        self._by_name: dict[str, list[tuple[CardKind, Card]]] = {}
        self._by_loose: dict[str, list[tuple[CardKind, Card]]] = {}
        for kind, card in self.cards:
            self._by_name.setdefault(_name_key(card.name), []).append((kind, card))
            self._by_loose.setdefault(_loose_key(card.name), []).append((kind, card))

    def by_id(self, ident: str) -> tuple[CardKind, Card] | None:
        return self._by_id.get(ident.strip().casefold())

    def by_name(self, name: str, scope: Scope) -> list[tuple[CardKind, Card]]:
        exact = [kc for kc in self._by_name.get(_name_key(name), []) if in_scope(*kc, scope)]
        if exact:
            return exact
        loose = _loose_key(name)
        return [kc for kc in self._by_loose.get(loose, []) if in_scope(*kc, scope)] if loose else []

    def describe(self, kind: CardKind, card: Card) -> str:
        """A candidate as a list shows it: id, then what tells it apart from its namesakes."""
        sets = ", ".join(dict.fromkeys(card.sets)) or "no set"
        if isinstance(card, Ship):
            what = f"{card.faction}, {card.class_name}"
        elif isinstance(card, Upgrade):
            what = f"{card.faction}, {card.type}"
        elif isinstance(card, Captain | Admiral):
            what = f"{card.faction}, {kind} skill {card.skill}"
        else:
            what = "resource"
        return f"{card.id} ({what}, cost {card.cost}, set {sets})"

    # -- matching ----------------------------------------------------------------------
    def match(self, ref: CardRef) -> Match:
        """The catalog card a reference names, or why there is none (or more than one)."""
        label = ref.label()
        word = type_word_key(ref.type_word) if ref.type_word else None
        if word in MISSING_TYPES:
            return Missing("not-imported", f"{label}: {MISSING_TYPES[word]} cards are not in the catalog")
        if ref.id is not None:
            hit = self.by_id(ref.id)
            if hit is not None:
                return Found(hit[0], hit[1], "id", tuple(self._id_notes(ref, word, *hit)))
            utopia = UTOPIA_ID.fullmatch(ref.id)
            if utopia is not None:
                return self._match_utopia_id(ref, utopia, label)
            if ref.title is None:
                return Missing("unmatched", f"{label}: no card in the catalog has that id")
            found = self._by_title(ref, self._scope_of(ref, word), label, unknown_id=True)
            if isinstance(found, Found):
                note = f"id {shown(ref.id)} is not in the catalog; matched by its name"
                return Found(found.kind, found.card, "name", (note, *found.notes))
            return found
        if ref.title is not None:
            return self._by_title(ref, self._scope_of(ref, word), label)
        return Missing("unmatched", f"{label}: no id and no name")

    def _scope_of(self, ref: CardRef, word: str | None) -> Scope:
        if word is not None and word in TYPE_WORDS:
            return TYPE_WORDS[word]
        return SLOT_SCOPES[ref.slot]

    def _id_notes(self, ref: CardRef, word: str | None, kind: CardKind, card: Card) -> list[str]:
        notes = []
        if ref.title is not None and _loose_key(ref.title) != _loose_key(card.name):
            notes.append(f"the file calls it {quoted(ref.title)}; the catalog's {shown(card.id)} "
                         f"is {quoted(card.name)}")
        if word is not None and word in TYPE_WORDS and not in_scope(kind, card, TYPE_WORDS[word]):
            notes.append(f"the file says {shown(ref.type_word or '')}; the catalog's {shown(card.id)} "
                         f"is {a_kind(kind, card)}")
        return notes

    def _match_utopia_id(self, ref: CardRef, utopia: re.Match[str], label: str) -> Match:
        prefix = next(p for p in UTOPIA_PREFIXES if p.casefold() == utopia[1].casefold())
        what, scope = UTOPIA_PREFIXES[prefix]
        if scope is None:
            return Missing("not-imported", f"{label}: {what} cards are not in the catalog")
        if ref.title is None:
            return Missing("unmatched", f"{label}: a current Utopia id ({what}) with no card name; "
                                        "such ids match the catalog only by name and set")
        return self._by_title(ref, scope, label)

    def _by_title(self, ref: CardRef, scope: Scope, label: str, unknown_id: bool = False) -> Match:
        assert ref.title is not None
        found = self.by_name(ref.title, scope)
        lead = f"{label}: no card has that id, and" if unknown_id else f"{label}:"
        if not found:
            names = [card.name for kind, card in self.cards if in_scope(kind, card, scope)]
            close = suggest(ref.title, names)
            hint = f"; did you mean {', '.join(quoted(n) for n in close)}?" if close else ""
            return Missing("unmatched", f"{lead} no {scope_words(scope)} has that name{hint}")
        slot_kind = SLOT_KINDS[ref.slot]
        if len({kind for kind, _ in found}) > 1 and any(kind == slot_kind for kind, _ in found):
            found = [kc for kc in found if kc[0] == slot_kind]
        if len(found) == 1:
            kind, card = found[0]
            notes = []
            if ref.set_codes and not self._in_sets(card, ref.set_codes):
                sets = ", ".join(dict.fromkeys(card.sets))
                notes.append(f"set {', '.join(ref.set_codes)} is not among its sets ({sets})")
            return Found(kind, card, "name", tuple(notes))
        pool = found
        none_in_set = ""
        if ref.set_codes:
            in_set = [kc for kc in found if self._in_sets(kc[1], ref.set_codes)]
            if len(in_set) == 1:
                return Found(*in_set[0], "name")
            if in_set:
                pool = in_set
            else:
                none_in_set = f", none of them from set {', '.join(ref.set_codes)}"
        if ref.faction is not None:
            same = [kc for kc in pool if _name_key(ref.faction) in {_name_key(f) for f in self._factions(kc[1])}]
            if len(same) == 1:
                return Found(*same[0], "name")
            if same:
                pool = same
        shown_list = [self.describe(kind, card) for kind, card in pool[:MAX_CANDIDATES]]
        more = f"; and {len(pool) - MAX_CANDIDATES} more" if len(pool) > MAX_CANDIDATES else ""
        by = f"{label}: no card has that id, and the name" if unknown_id else label
        return Missing(
            "ambiguous",
            f"{by} matches {len(pool)} cards{none_in_set}: {'; '.join(shown_list)}{more}",
            tuple(card.id for _, card in pool),
        )

    @staticmethod
    def _in_sets(card: Card, codes: tuple[str, ...]) -> bool:
        wanted = {c.casefold() for c in codes}
        return any(s.casefold() in wanted for s in card.sets)

    @staticmethod
    def _factions(card: Card) -> list[str]:
        if isinstance(card, Resource):
            return []
        extra = getattr(card, "additional_faction", None)
        return [card.faction, *([extra] if extra else [])]

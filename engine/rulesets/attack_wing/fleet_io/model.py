"""What the readers of other builders' formats produce, and what an import reports.

A reader turns its format into a ``RawFleet``: squad name, ships, and for every card a
``CardRef`` (where it is in the input, the slot it sits in, the id and whatever else the
input says about it: title, set, faction, a type word, a cost set by hand). The catalog is
not consulted there; ``assemble`` matches every reference and builds our fleet file, and the
``ImportReport`` says what became of each card.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.rulesets.attack_wing.fleet import FleetError

# Bounds on untrusted input (a fleet file of ours holds fewer ships; see assemble).
MAX_INPUT_BYTES = 1_000_000
MAX_INPUT_SHIPS = 50
MAX_INPUT_CARDS = 50  # cards on one ship (upgrades, upgrade slots)
MAX_INPUT_SQUADS = 500
MAX_STRING = 500


class FleetImportError(FleetError):
    """A fleet from another builder cannot be read: unreadable, malformed, too big, or empty."""


Slot = Literal["ship", "captain", "admiral", "upgrade", "resource", "flagship"]
Style = Literal["spacedock", "utopia"]


@dataclass(frozen=True)
class CardRef:
    """One card as the input names it, before the catalog is asked.

    ``where`` is its place in the input (``ships[1].upgrades[2]``, ``line 7``); ``slot`` the
    place it sits in (a ship's captain, its upgrades, the fleet's resource). ``type_word`` is
    what the input says the card is (Utopia's ``weapon`` in ``weapon:3006``, a Space Dock
    label); ``override`` a cost the input set by hand.
    """

    where: str
    slot: Slot
    id: str | None = None
    title: str | None = None
    set_codes: tuple[str, ...] = ()
    faction: str | None = None
    type_word: str | None = None
    override: int | None = None
    style: Style = "spacedock"

    def label(self) -> str:
        """How messages name the reference: 'Utopia id W204 "Photon Torpedoes" set 71120'."""
        builder = "Utopia" if self.style == "utopia" else "Space Dock"
        parts: list[str] = []
        if self.id is not None:
            # Old Utopia links say "weapon:3006"; a current id (W204) names its type itself.
            typed = self.id
            if self.type_word and self.style == "utopia" and not _SHORT_ID.fullmatch(self.id):
                typed = f"{self.type_word}:{self.id}"
            parts.append(f"{builder} id {shown(typed)}")
        if self.title is not None:
            parts.append(quoted(self.title))
        if self.set_codes:
            parts.append(f"set {', '.join(shown(s) for s in self.set_codes)}")
        return " ".join(parts) if parts else f"an unnamed {builder} card"


@dataclass
class RawShip:
    """A ship as the input lists it; ``ship`` is None for Space Dock's sideboard."""

    where: str
    ship: CardRef | None
    cards: list[CardRef] = field(default_factory=list)
    flagship: CardRef | None = None

    @property
    def is_sideboard(self) -> bool:
        return self.ship is None


class _Report(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ImportNote(_Report):
    """Something the import did that the user should know, or input it did not read."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


ProblemKind = Literal["unmatched", "ambiguous", "not-imported"]


class ImportProblem(_Report):
    """A card that is not in the fleet file: unmatched, ambiguous, or matched but with no place."""

    where: str
    kind: ProblemKind
    message: str
    candidates: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


CardKind = Literal["ship", "captain", "admiral", "upgrade", "resource"]


class ImportedCard(_Report):
    """A card that made it into the fleet file: from where, to where, which card, how it was matched."""

    where: str
    to: str
    kind: CardKind
    id: str
    name: str
    via: Literal["id", "name"]


class SetAsideCard(_Report):
    """A sideboard card: matched (or not) and listed, but our fleet files carry no sideboard."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


class CostOverride(_Report):
    """A cost the input set by hand, beside the cost the catalog gives the card in this fleet."""

    where: str
    to: str
    name: str
    file_cost: int
    catalog_cost: int

    def __str__(self) -> str:
        same = " (the same)" if self.file_cost == self.catalog_cost else ""
        return (f"{self.where}: {self.name}: the file says {self.file_cost} (cost set by hand), "
                f"the catalog says {self.catalog_cost}{same}")


InputFormat = Literal["spacedock", "spacedock-squads", "spacedock-text", "utopia"]

FORMAT_NAMES: dict[str, str] = {
    "spacedock": "Space Dock squad (JSON)",
    "spacedock-squads": "Space Dock squads (JSON array)",
    "spacedock-text": "Space Dock text (Label|Title|Id lines)",
    "utopia": "Utopia share link",
}


class ImportReport(_Report):
    """Everything an import did: cards imported, problems, sideboard, costs set by hand, notes."""

    source: str
    format: InputFormat
    squad: str | None = None
    imported: tuple[ImportedCard, ...]
    problems: tuple[ImportProblem, ...]
    set_aside: tuple[SetAsideCard, ...]
    cost_overrides: tuple[CostOverride, ...]
    notes: tuple[ImportNote, ...]

    @property
    def complete(self) -> bool:
        """Whether every card of the fleet proper made it into the fleet file."""
        return not self.problems


@dataclass
class UnknownKeys:
    """Keys a reader does not know, reported once per pattern (``ships[].foo``) with a count."""

    seen: dict[str, tuple[str, int]] = field(default_factory=dict)

    def add(self, where: str, key: str) -> None:
        pattern = re.sub(r"\[\d+\]", "[]", where)
        first, count = self.seen.get(pattern, (where, 0))
        self.seen[pattern] = (first, count + 1)

    def notes(self) -> list[ImportNote]:
        found = []
        for pattern, (first, count) in self.seen.items():
            key = pattern.rsplit(".", 1)[-1]
            times = f" ({count} places)" if count > 1 else ""
            found.append(ImportNote(where=first, message=f"unknown key {quoted(key)} not read{times}"))
        return found


@dataclass
class RawFleet:
    """A squad read from another builder's format, cards not yet matched."""

    format: InputFormat
    name: str | None = None
    faction: str | None = None
    ships: list[RawShip] = field(default_factory=list)
    resources: list[CardRef] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    notes: list[ImportNote] = field(default_factory=list)
    unknown: UnknownKeys = field(default_factory=UnknownKeys)
    file_cost: int | None = None
    squad: str | None = None


_SHORT_ID = re.compile(r"(?i)[a-z]{1,3}\d+")
_PLAIN = re.compile(r"[\w .:'()&/+-]+")


def quoted(text: str) -> str:
    """Untrusted text in double quotes, control characters escaped (JSON style)."""
    return json.dumps(text, ensure_ascii=False)


def shown(text: str) -> str:
    """An id as is when it is plain, else quoted."""
    return text if _PLAIN.fullmatch(text) else quoted(text)

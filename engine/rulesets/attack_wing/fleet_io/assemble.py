"""From a squad read out of another builder's format to our fleet file, with a report of every card.

Every card reference is matched against the catalog (``matching.CardMatcher``) and put where
it belongs: the ship's captain, its admiral, its upgrades, or the fleet's resource. The card
found decides the place, not the field it came in (Space Dock lists admirals among the
upgrades); where a card has no place (a second captain, a ship card among upgrades) it is
reported as not imported. The fleet file names every card by its catalog id, so it loads
exactly; it is then priced (``resolve_fleet``) and checked (``check_fleet``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.catalog import Catalog, Resource, Upgrade, load_catalog
from engine.rulesets.attack_wing.fleet import (
    MAX_RESOURCES,
    MAX_SHIPS,
    MAX_TEXT,
    MAX_UPGRADES,
    FleetError,
    FleetFile,
    ResolvedFleet,
    parse_fleet,
    resolve_fleet,
)
from engine.rulesets.attack_wing.fleet_io.matching import CardMatcher, Found, Missing, a_kind, kind_words
from engine.rulesets.attack_wing.fleet_io.model import (
    CardRef,
    CostOverride,
    FleetImportError,
    ImportedCard,
    ImportNote,
    ImportProblem,
    ImportReport,
    ProblemKind,
    RawFleet,
    RawShip,
    SetAsideCard,
    quoted,
)
from engine.rulesets.attack_wing.tournament import Violation, check_fleet

DEFAULT_NAME = "Imported fleet"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class ImportResult:
    """An imported fleet: the fleet file, what became of each card, the priced fleet and its check."""

    fleet_file: FleetFile
    report: ImportReport
    fleet: ResolvedFleet
    violations: list[Violation]

    def fleet_document(self) -> dict[str, Any]:
        """The fleet file as JSON (cards by catalog id; empty fields left out)."""
        return fleet_file_document(self.fleet_file)


def fleet_file_document(fleet: FleetFile) -> dict[str, Any]:
    """A fleet file as the JSON document it is written as."""
    doc: dict[str, Any] = {"name": fleet.name}
    if fleet.faction is not None:
        doc["faction"] = fleet.faction
    ships = []
    for entry in fleet.ships:
        ship: dict[str, Any] = {"ship": entry.ship}
        if entry.captain is not None:
            ship["captain"] = entry.captain
        if entry.admiral is not None:
            ship["admiral"] = entry.admiral
        ship["upgrades"] = list(entry.upgrades)
        ships.append(ship)
    doc["ships"] = ships
    if fleet.resource is not None:
        doc["resource"] = fleet.resource if isinstance(fleet.resource, str) else list(fleet.resource)
    return doc


@dataclass
class _ShipOut:
    where: str  # in the fleet file
    source: str  # in the input
    ship: str
    captain: str | None = None
    admiral: str | None = None
    upgrades: list[str] = field(default_factory=list)


@dataclass
class _Assembler:
    matcher: CardMatcher
    imported: list[ImportedCard] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    set_aside: list[SetAsideCard] = field(default_factory=list)
    notes: list[ImportNote] = field(default_factory=list)
    ships: list[_ShipOut] = field(default_factory=list)
    resources: list[tuple[CardRef, Found]] = field(default_factory=list)
    overrides: list[tuple[CardRef, str, str]] = field(default_factory=list)

    def found(self, ref: CardRef) -> Found | None:
        """The card a reference names, or None with the problem reported."""
        match = self.matcher.match(ref)
        if isinstance(match, Missing):
            self.problem(ref, match.kind, match.message, match.candidates)
            return None
        self.notes += [ImportNote(where=ref.where, message=n) for n in match.notes]
        return match

    def problem(self, ref: CardRef, kind: ProblemKind, message: str, candidates: tuple[str, ...] = ()) -> None:
        self.problems.append(ImportProblem(where=ref.where, kind=kind, message=message, candidates=candidates))

    def record(self, ref: CardRef, to: str, found: Found) -> None:
        card = found.card
        via = "id" if found.via == "id" else "name"
        self.imported.append(ImportedCard(where=ref.where, to=to, kind=found.kind, id=card.id, name=card.name,
                                          via=via))
        if ref.override is not None:
            self.overrides.append((ref, to, card.name))

    # -- ships -------------------------------------------------------------------------
    def ship(self, raw: RawShip) -> None:
        if raw.ship is None:
            self.sideboard(raw)
            return
        found = self.found(raw.ship)
        if found is not None and found.kind != "ship":
            self.problem(raw.ship, "not-imported", f"{raw.ship.label()} is {a_kind(found.kind, found.card)} "
                                                   f"({found.card.name}, {found.card.id}), not a ship")
            found = None
        if found is None:
            for ref in [*raw.cards, *([raw.flagship] if raw.flagship else [])]:
                self.orphan(ref, raw.ship.where)
            return
        out = _ShipOut(where=f"ships[{len(self.ships)}]", source=raw.where, ship=found.card.id)
        self.record(raw.ship, out.where, found)
        if raw.flagship is not None:
            missing = self.matcher.match(raw.flagship)
            message = missing.message if isinstance(missing, Missing) else f"{raw.flagship.label()}: not a flagship"
            self.problem(raw.flagship, "not-imported", f"{message}; the ship is imported without it")
        for ref in raw.cards:
            self.place(ref, out)
        self.ships.append(out)

    def orphan(self, ref: CardRef, ship_where: str) -> None:
        match = self.matcher.match(ref)
        if isinstance(match, Missing):
            self.problem(ref, match.kind, match.message, match.candidates)
        else:
            self.problem(ref, "not-imported", f"{match.card.name} ({match.card.id}): not imported because its "
                                              f"ship ({ship_where}) was not")

    def place(self, ref: CardRef, out: _ShipOut) -> None:
        found = self.found(ref)
        if found is None:
            return
        card, kind = found.card, found.kind
        what = f"{card.name} ({card.id})"
        if kind == "ship":
            self.problem(ref, "not-imported", f"{ref.label()} is a ship card, {what}, among a ship's cards")
        elif kind == "captain":
            if out.captain is not None:
                self.problem(ref, "not-imported",
                             f"a second captain, {what}; the ship ({out.source}) already has one")
                return
            out.captain = card.id
            if ref.slot != "captain":
                self.notes.append(ImportNote(where=ref.where, message=f"{what} is a captain; imported as the "
                                                                      "ship's captain"))
            self.record(ref, f"{out.where}.captain", found)
        elif kind == "admiral":
            if out.admiral is not None:
                self.problem(ref, "not-imported",
                             f"a second admiral, {what}; the ship ({out.source}) already has one")
                return
            out.admiral = card.id
            self.record(ref, f"{out.where}.admiral", found)
        elif kind == "upgrade":
            if ref.slot in ("captain", "admiral"):
                self.notes.append(ImportNote(where=ref.where, message=f"{what} is an upgrade, not a {ref.slot}; "
                                                                      "imported as an upgrade"))
            self.record(ref, f"{out.where}.upgrades[{len(out.upgrades)}]", found)
            out.upgrades.append(card.id)
        else:
            self.resource(ref, found)

    def sideboard(self, raw: RawShip) -> None:
        for ref in raw.cards:
            match = self.matcher.match(ref)
            if isinstance(match, Missing):
                self.set_aside.append(SetAsideCard(where=ref.where, message=f"{match.message} (on the sideboard)"))
                continue
            self.set_aside.append(SetAsideCard(
                where=ref.where, message=f"{match.card.name} ({match.card.id}, {kind_words(match.kind, match.card)})"
                                         ": on the sideboard; our fleet files have no sideboard"))

    # -- resources ---------------------------------------------------------------------
    def resource(self, ref: CardRef, found: Found) -> None:
        card = found.card
        if isinstance(card, Upgrade) and card.type == "resource" and ref.slot == "resource":
            # The upgrade card of a resource (Captain's Chair) named as the fleet's resource.
            same = [c for c in self.matcher.catalog.resources() if c.name == card.name]
            if len(same) == 1:
                self.notes.append(ImportNote(where=ref.where, message=f"{card.name} ({card.id}) is the upgrade "
                                                                      f"card; the fleet's resource is {same[0].id}"))
                found = Found("resource", same[0], found.via)
                card = same[0]
        if not isinstance(card, Resource):
            self.problem(ref, "not-imported", f"{ref.label()} is {a_kind(found.kind, card)} "
                                              f"({card.name}, {card.id}), not a resource")
            return
        if any(f.card.id == card.id for _, f in self.resources):
            self.notes.append(ImportNote(where=ref.where, message=f"{card.name} ({card.id}) is listed again; "
                                                                  "imported once"))
            return
        if ref.slot != "resource":
            if self.resources:
                self.problem(ref, "not-imported", f"a resource, {card.name} ({card.id}), among a ship's cards; "
                                                  "the fleet already has its resource")
                return
            self.notes.append(ImportNote(where=ref.where, message=f"{card.name} ({card.id}) is a resource; "
                                                                  "imported as the fleet's resource"))
        if len(self.resources) >= MAX_RESOURCES:
            self.problem(ref, "not-imported", f"{card.name} ({card.id}): a fleet file lists at most "
                                              f"{MAX_RESOURCES} resources")
            return
        self.resources.append((ref, found))


def assemble(raw: RawFleet, source: str, *, name: str | None = None, default_name: str = DEFAULT_NAME,
             catalog: Catalog | None = None) -> ImportResult:
    """Match every card of a squad read from another format and build, price and check our fleet file."""
    cat = catalog or load_catalog()
    work = _Assembler(CardMatcher(cat))
    work.problems += raw.problems
    work.notes += raw.notes
    for ref in raw.resources:
        found = work.found(ref)
        if found is not None:
            work.resource(ref, found)
    for raw_ship in raw.ships:
        work.ship(raw_ship)
    work.notes += raw.unknown.notes()

    work.problems.sort(key=lambda p: input_order(p.where))
    work.notes.sort(key=lambda n: input_order(n.where))
    if not any(not s.is_sideboard for s in raw.ships):
        which = f"squad {raw.squad}" if raw.squad else "the input"
        raise FleetImportError(f"{source}: {which} lists no ships")
    if not work.ships:
        first = f": {work.problems[0]}" if work.problems else ""
        more = f" (and {len(work.problems) - 1} more problems)" if len(work.problems) > 1 else ""
        raise FleetImportError(f"{source}: no ship could be imported{first}{more}")
    if len(work.ships) > MAX_SHIPS:
        raise FleetImportError(f"{source}: {len(work.ships)} ships; a fleet file holds at most {MAX_SHIPS}")
    for out in work.ships:
        if len(out.upgrades) > MAX_UPGRADES:
            raise FleetImportError(f"{source}: {out.source} has {len(out.upgrades)} upgrades; a fleet file's ship "
                                   f"holds at most {MAX_UPGRADES}")

    document: dict[str, Any] = {"name": _fleet_name(work, name if name is not None else raw.name, default_name)}
    faction = _faction(work, cat, raw.faction)
    if faction is not None:
        document["faction"] = faction
    document["ships"] = [
        {"ship": s.ship, **({"captain": s.captain} if s.captain else {}),
         **({"admiral": s.admiral} if s.admiral else {}), "upgrades": s.upgrades}
        for s in work.ships
    ]
    resource_ids = [f.card.id for _, f in work.resources]
    for k, (ref, found) in enumerate(work.resources):
        work.record(ref, "resource" if len(resource_ids) == 1 else f"resource[{k}]", found)
    if resource_ids:
        document["resource"] = resource_ids[0] if len(resource_ids) == 1 else resource_ids
    try:
        fleet_file = parse_fleet(document)
        resolved = resolve_fleet(fleet_file, cat)
    except FleetError as exc:  # every id comes from the catalog; this is a bug, said plainly
        raise FleetImportError(f"{source}: the imported fleet does not load: {exc}") from None

    costs = _costs_by_place(resolved)
    overrides = tuple(
        CostOverride(where=ref.where, to=to, name=card_name, file_cost=ref.override, catalog_cost=costs[to])
        for ref, to, card_name in work.overrides if ref.override is not None and to in costs
    )
    if raw.file_cost is not None and raw.file_cost != resolved.total_cost:
        left_out = " (cards not imported are not counted)" if work.problems else \
            " (the sideboard is not counted)" if work.set_aside else ""
        work.notes.append(ImportNote(where="cost", message=f"the file's total is {raw.file_cost} SP; priced from "
                                                           f"the catalog: {resolved.total_cost} SP{left_out}"))
    report = ImportReport(
        source=source, format=raw.format, squad=raw.squad, imported=tuple(work.imported),
        problems=tuple(work.problems), set_aside=tuple(work.set_aside), cost_overrides=overrides,
        notes=tuple(work.notes),
    )
    return ImportResult(fleet_file=fleet_file, report=report, fleet=resolved, violations=check_fleet(resolved))


def input_order(where: str) -> list[tuple[int, str]]:
    """A sort key that puts places in input order: line 9 before line 10, ships[2] before ships[10]."""
    return [(int(part), "") if part.isdigit() else (-1, part) for part in re.split(r"(\d+)", where)]


def _fleet_name(work: _Assembler, given: str | None, default_name: str) -> str:
    text = " ".join(_CONTROL.sub(" ", given).split()) if given else ""
    if not text:
        return default_name
    if len(text) > MAX_TEXT:
        work.notes.append(ImportNote(where="name", message=f"the name is {len(text)} characters; cut to {MAX_TEXT}"))
        text = text[:MAX_TEXT].rstrip()
    return text


def _faction(work: _Assembler, catalog: Catalog, given: str | None) -> str | None:
    if given is None:
        return None
    for known in catalog.factions():
        if " ".join(known.split()).casefold() == " ".join(given.split()).casefold():
            return known
    work.notes.append(ImportNote(where="faction", message=f"{quoted(given)} is not a faction of the catalog; "
                                                          "the fleet file names none"))
    return None


def _costs_by_place(fleet: ResolvedFleet) -> dict[str, int]:
    costs: dict[str, int] = {}
    for s in fleet.ships:
        costs[s.where] = s.ship_cost.total
        if s.captain is not None:
            costs[s.captain.where] = s.captain.cost.total
        if s.admiral is not None:
            costs[s.admiral.where] = s.admiral.cost.total
        for u in s.upgrades:
            costs[u.where] = u.cost.total
    for r in fleet.resources:
        costs[r.where] = r.cost.total
    return costs

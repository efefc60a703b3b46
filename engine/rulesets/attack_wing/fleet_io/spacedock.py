"""Space Dock's formats: ``.spacedock`` (one squad), ``.spacedocksquads`` (an array), and the
older text format of ``Label|Title|Id`` lines. The exact shapes are in docs/fleet-formats.md.

Ids are the data file's ``<Id>`` values, the catalog's own. Costs in the file are not read
(the catalog prices every card), except a cost set by hand (``costIsOverridden``), which the
import report puts beside the catalog's.
"""

from __future__ import annotations

import json
from typing import Any

from engine.rulesets.attack_wing.fleet import CardCost, ResolvedFleet
from engine.rulesets.attack_wing.fleet_io.jsonread import JsonReader
from engine.rulesets.attack_wing.fleet_io.model import (
    MAX_INPUT_CARDS,
    MAX_INPUT_SHIPS,
    MAX_INPUT_SQUADS,
    MAX_STRING,
    CardRef,
    FleetImportError,
    ImportNote,
    ImportProblem,
    RawFleet,
    RawShip,
    Slot,
    quoted,
)
from engine.rulesets.attack_wing.fleet_io.source import json_type

SQUAD_KEYS = ("name", "notes", "cost", "uuid", "modified", "additionalPoints", "resource", "ships", "faction")
SHIP_KEYS = ("shipId", "shipTitle", "flagship", "captain", "upgrades", "sideboard", "calculatedCost")
UPGRADE_KEYS = ("upgradeId", "upgradeTitle", "calculatedCost", "costIsOverridden", "overriddenCost")
MAX_LISTED_SQUADS = 10

# Labels of the text format, singular and lower case -> what the line is.
TEXT_LABELS = {
    "ship": "ship", "sideboard": "sideboard", "resource": "resource", "captain": "captain",
    "admiral": "admiral", "upgrade": "upgrade", "crew": "upgrade", "weapon": "upgrade", "tech": "upgrade",
    "talent": "upgrade", "elitetalent": "upgrade", "borg": "upgrade", "squadron": "upgrade",
}


def _path(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


# -- JSON ---------------------------------------------------------------------------------------


def read_spacedock_json(doc: Any, label: str, squad: str | None = None) -> RawFleet:
    """A ``.spacedock`` squad (object) or ``.spacedocksquads`` array, one squad chosen by ``squad``."""
    if isinstance(doc, list):
        index = choose_squad(doc, label, squad)
        raw = RawFleet("spacedock-squads")
        reader = JsonReader(label, raw)
        prefix = f"[{index}]"
        squad_doc = reader.obj(doc[index], prefix, "a squad")
        name = squad_doc.get("name")
        raw.squad = prefix + (f" {quoted(name[:MAX_STRING])}" if isinstance(name, str) else "")
    elif isinstance(doc, dict):
        raw = RawFleet("spacedock")
        reader = JsonReader(label, raw)
        prefix = ""
        squad_doc = doc
        if squad is not None:
            reader.note("squad", "--squad is for files of several squads; this file holds one")
    else:
        raise FleetImportError(f"{label}: a Space Dock file holds a squad (an object) or squads (a list), "
                               f"not {json_type(doc)}")
    _read_squad(reader, squad_doc, prefix)
    return raw


def choose_squad(squads: list[Any], label: str, choice: str | None) -> int:
    """The index of the squad ``--squad`` names (an index from 0, or a name); the only one if one."""
    if not squads:
        raise FleetImportError(f"{label}: the file holds no squads")
    if len(squads) > MAX_INPUT_SQUADS:
        raise FleetImportError(f"{label}: {len(squads)} squads; at most {MAX_INPUT_SQUADS} are read")
    names = [s.get("name") if isinstance(s, dict) and isinstance(s.get("name"), str) else None for s in squads]

    def listing(indices: list[int]) -> str:
        shown = [f"[{i}] {quoted((names[i] or '(no name)')[:80])}" for i in indices[:MAX_LISTED_SQUADS]]
        more = f", and {len(indices) - MAX_LISTED_SQUADS} more" if len(indices) > MAX_LISTED_SQUADS else ""
        return ", ".join(shown) + more

    if choice is None:
        if len(squads) == 1:
            return 0
        raise FleetImportError(f"{label} holds {len(squads)} squads; choose one with --squad INDEX or NAME: "
                               f"{listing(list(range(len(squads))))}")
    text = choice.strip()
    if text.isdigit():
        index = int(text)
        if index >= len(squads):
            raise FleetImportError(f"{label}: --squad {index}: the squads are [0] to [{len(squads) - 1}]")
        return index
    key = " ".join(text.split()).casefold()
    hits = [i for i, n in enumerate(names) if n is not None and " ".join(n.split()).casefold() == key]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise FleetImportError(f"{label}: {len(hits)} squads are called {quoted(text)}: {listing(hits)}; "
                               "choose one with --squad INDEX")
    raise FleetImportError(f"{label}: no squad is called {quoted(text)}; the squads: "
                           f"{listing(list(range(len(squads))))}")


def _read_squad(reader: JsonReader, doc: dict[str, Any], prefix: str) -> None:
    raw = reader.raw
    reader.unknown(doc, prefix, SQUAD_KEYS)
    raw.name = reader.text(doc.get("name"), _path(prefix, "name"))
    raw.faction = reader.text(doc.get("faction"), _path(prefix, "faction"))
    raw.file_cost = reader.number(doc.get("cost"), _path(prefix, "cost"))
    extra = reader.number(doc.get("additionalPoints"), _path(prefix, "additionalPoints"))
    if extra:
        reader.note(_path(prefix, "additionalPoints"), f"the squad adds {extra} SP of other costs; a fleet file "
                                                       "has no place for them")
    resource = reader.text(doc.get("resource"), _path(prefix, "resource"))
    if resource is not None:
        raw.resources.append(CardRef(_path(prefix, "resource"), "resource", id=resource))
    if "ships" not in doc:
        raise reader.fail(prefix, "no \"ships\"; a squad lists its ships")
    ships_where = _path(prefix, "ships")
    for i, ship in enumerate(reader.items(doc["ships"], ships_where, MAX_INPUT_SHIPS, "ships")):
        where = f"{ships_where}[{i}]"
        if not isinstance(ship, dict):
            raw.problems.append(ImportProblem(where=where, kind="not-imported",
                                              message=f"not a ship: {json_type(ship)}"))
            continue
        reader.unknown(ship, where, SHIP_KEYS)
        ship_ref: CardRef | None = None
        if not reader.flag(ship.get("sideboard")):
            ship_ref = CardRef(where, "ship", id=reader.text(ship.get("shipId"), f"{where}.shipId"),
                               title=reader.text(ship.get("shipTitle"), f"{where}.shipTitle"))
        flagship_id = reader.text(ship.get("flagship"), f"{where}.flagship")
        flagship = None
        if flagship_id is not None:
            flagship = CardRef(f"{where}.flagship", "flagship", id=flagship_id, type_word="flagship")
        cards = []
        captain = _card(reader, ship.get("captain"), f"{where}.captain", "captain")
        if captain is not None:
            cards.append(captain)
        upgrades = reader.items(ship.get("upgrades"), f"{where}.upgrades", MAX_INPUT_CARDS, "upgrades")
        for j, value in enumerate(upgrades):
            card = _card(reader, value, f"{where}.upgrades[{j}]", "upgrade")
            if card is not None:
                cards.append(card)
        raw.ships.append(RawShip(where, ship_ref, cards, flagship))


def _card(reader: JsonReader, value: Any, where: str, slot: Slot) -> CardRef | None:
    """An equipped card ``{"upgradeId", "upgradeTitle", ...}``; None for an empty one."""
    if value is None:
        return None
    if isinstance(value, str | int) and not isinstance(value, bool):
        ident = reader.text(value, where)  # a bare id: liberal
        return CardRef(where, slot, id=ident) if ident else None
    if not isinstance(value, dict):
        reader.raw.problems.append(ImportProblem(where=where, kind="not-imported",
                                                 message=f"not a card: {json_type(value)}"))
        return None
    reader.unknown(value, where, UPGRADE_KEYS)
    ident = reader.text(value.get("upgradeId"), f"{where}.upgradeId")
    title = reader.text(value.get("upgradeTitle"), f"{where}.upgradeTitle")
    if ident is None and title is None:
        return None
    override = None
    if reader.flag(value.get("costIsOverridden")):
        override = reader.number(value.get("overriddenCost"), f"{where}.overriddenCost")
        if override is None:
            reader.note(where, "costIsOverridden with no overriddenCost")
    return CardRef(where, slot, id=ident, title=title, override=override)


# -- the text format -------------------------------------------------------------------------------


def read_spacedock_text(text: str, label: str) -> RawFleet:
    """Lines of ``Label|Title|Id``: ``Ships`` starts a ship, ``Captains`` and ``Upgrades`` (or a type
    such as ``Crew``) add to it, ``Resources`` is the fleet's, ``Sideboard`` names the sideboard
    resource and starts the sideboard. ``Upgrades||`` (an empty slot) is skipped."""
    raw = RawFleet("spacedock-text")
    current: RawShip | None = None
    sideboard_id: str | None = None
    for n, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        where = f"line {n}"
        parts = [p.strip() for p in stripped.split("|")]
        if len(parts) < 3:
            raw.notes.append(_note(where, "not Label|Title|Id; skipped"))
            continue
        if len(parts) > 3:
            raw.notes.append(_note(where, "more than three |-separated parts; the third is read as the id"))
        label_text, title, ident = parts[0], parts[1] or None, parts[2] or None
        for value in (label_text, title, ident):
            if value is not None and len(value) > MAX_STRING:
                raise FleetImportError(f"{label}: {where}: longer than {MAX_STRING} characters")
        key = "".join(label_text.split()).casefold()
        kind = TEXT_LABELS.get(key) or TEXT_LABELS.get(key.removesuffix("s"))
        if kind is None:
            raw.notes.append(_note(where, f"unknown label {quoted(label_text)}; read as an upgrade"))
            kind = "upgrade"
        if kind == "ship":
            if len([s for s in raw.ships if not s.is_sideboard]) >= MAX_INPUT_SHIPS:
                raise FleetImportError(f"{label}: {where}: more than {MAX_INPUT_SHIPS} ships")
            current = RawShip(where, CardRef(where, "ship", id=ident, title=title))
            raw.ships.append(current)
        elif kind == "sideboard":
            if ident is not None or title is not None:
                raw.resources.append(CardRef(where, "resource", id=ident, title=title))
                sideboard_id = ident
            current = RawShip(where, None)
            raw.ships.append(current)
        elif kind == "resource":
            again = ident is not None and sideboard_id is not None and ident.casefold() == sideboard_id.casefold()
            if (ident is not None or title is not None) and not again:
                raw.resources.append(CardRef(where, "resource", id=ident, title=title))
        elif ident is not None or title is not None:
            slot: Slot = "captain" if kind == "captain" else "admiral" if kind == "admiral" else "upgrade"
            typed = label_text if key.removesuffix("s") not in ("captain", "admiral", "upgrade") else None
            ref = CardRef(where, slot, id=ident, title=title, type_word=typed)
            if current is None:
                raw.problems.append(ImportProblem(where=where, kind="not-imported",
                                                  message=f"{ref.label()}: a card before any Ships line"))
            elif len(current.cards) >= MAX_INPUT_CARDS:
                raise FleetImportError(f"{label}: {where}: more than {MAX_INPUT_CARDS} cards on one ship")
            else:
                current.cards.append(ref)
    return raw


def _note(where: str, message: str) -> ImportNote:
    return ImportNote(where=where, message=message)


# -- export -------------------------------------------------------------------------------------


def export_spacedock(fleet: ResolvedFleet) -> tuple[str, list[str]]:
    """A ``.spacedock`` squad (JSON) for a priced fleet, and notes on what the format cannot carry.

    The admiral goes among the upgrades, as Space Dock writes it; ``calculatedCost`` is the
    catalog's price in this fleet; ``faction`` is our addition (Space Dock ignores it).
    """
    notes: list[str] = []

    def card(card_id: str, title: str, cost: CardCost) -> dict[str, Any]:
        return {"upgradeId": card_id, "upgradeTitle": title, "calculatedCost": cost.total}

    doc: dict[str, Any] = {"name": fleet.name}
    if fleet.faction is not None:
        doc["faction"] = fleet.faction
    total = fleet.total_cost
    if fleet.resources:
        doc["resource"] = fleet.resources[0].card.id
        for r in fleet.resources[1:]:
            notes.append(f"{r.where}: {r.card.name} ({r.card.id}) left out: a Space Dock squad has one resource")
            total -= r.cost.total
    doc["cost"] = total
    ships = []
    for s in fleet.ships:
        entry: dict[str, Any] = {"shipId": s.ship.id, "shipTitle": s.ship.name}
        if s.captain is not None:
            entry["captain"] = card(s.captain.card.id, s.captain.card.name, s.captain.cost)
        upgrades = []
        if s.admiral is not None:
            upgrades.append(card(s.admiral.card.id, s.admiral.card.name, s.admiral.cost))
        upgrades += [card(u.card.id, u.card.name, u.cost) for u in s.upgrades]
        entry["upgrades"] = upgrades
        ships.append(entry)
    doc["ships"] = ships
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n", notes

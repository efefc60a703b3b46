"""Utopia share links: ``https://...#`` + percent-encoded base64 of the fleet's JSON.

The decoded document (docs/fleet-formats.md has the exact shape we accept)::

    {"name": "...", "ships": [{"id": "ship:1001", "captain": "captain:2001", "admiral": {},
      "upgrades": ["weapon:3006", {}], "upgradeSlots": [...]}], "resource": "resource:4001"}

A card is a ``"type:id"`` string (split at the first colon) or an object with ``id`` and, for
current Utopia ids such as ``W204``, the ``name`` and ``set`` that match it to the catalog;
``{}`` and ``null`` are empty slots. Old links carry Space Dock ids, which are the catalog's.
"""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import quote

from engine.rulesets.attack_wing.fleet import ResolvedFleet
from engine.rulesets.attack_wing.fleet_io.jsonread import JsonReader
from engine.rulesets.attack_wing.fleet_io.model import (
    MAX_INPUT_CARDS,
    MAX_INPUT_SHIPS,
    CardRef,
    ImportProblem,
    RawFleet,
    RawShip,
    Slot,
)
from engine.rulesets.attack_wing.fleet_io.source import json_type

UTOPIA_URL = "https://staw-utopia.com/#"
FLEET_KEYS = ("name", "faction", "ships", "resource", "notes", "cost")
CARD_KEYS = ("id", "name", "title", "set", "setId", "sets", "faction", "cost", "type")
SHIP_KEYS = (*CARD_KEYS, "captain", "admiral", "upgrades", "upgradeSlots")
SLOT_KEYS = ("occupant", "type", "types", "source")
MAX_SET_CODES = 20
MAX_RESOURCE_CARDS = 5


def split_id(text: str) -> tuple[str | None, str | None]:
    """'weapon:3006' -> ('weapon', '3006'); split at the first colon; no colon -> (None, text)."""
    if ":" not in text:
        return None, text
    word, ident = text.split(":", 1)
    return word.strip() or None, ident.strip() or None


def read_utopia_document(doc: Any, label: str, link_notes: list[str] | None = None) -> RawFleet:
    """The decoded JSON of a Utopia share link -> a squad of card references."""
    raw = RawFleet("utopia")
    reader = JsonReader(label, raw)
    for note in link_notes or []:
        reader.note("link", note)
    fleet = reader.obj(doc, "", "a fleet")
    reader.unknown(fleet, "", FLEET_KEYS)
    raw.name = reader.text(fleet.get("name"), "name")
    raw.faction = reader.text(fleet.get("faction"), "faction")
    resource = fleet.get("resource")
    if isinstance(resource, list):
        for k, value in enumerate(reader.items(resource, "resource", MAX_RESOURCE_CARDS, "resources")):
            ref = _card(reader, value, f"resource[{k}]", "resource")
            if ref is not None:
                raw.resources.append(ref)
    else:
        ref = _card(reader, resource, "resource", "resource")
        if ref is not None:
            raw.resources.append(ref)
    if "ships" not in fleet:
        raise reader.fail("", "no \"ships\"; a Utopia fleet lists its ships")
    for i, ship in enumerate(reader.items(fleet["ships"], "ships", MAX_INPUT_SHIPS, "ships")):
        where = f"ships[{i}]"
        if ship is None or ship == {}:
            reader.note(where, "an empty ship; skipped")
            continue
        if isinstance(ship, str | int) and not isinstance(ship, bool):
            ref = _card(reader, ship, where, "ship")
            if ref is not None:
                raw.ships.append(RawShip(where, ref))
            continue
        if not isinstance(ship, dict):
            raw.problems.append(ImportProblem(where=where, kind="not-imported",
                                              message=f"not a ship: {json_type(ship)}"))
            continue
        reader.unknown(ship, where, SHIP_KEYS)
        ship_ref = _from_object(reader, ship, where, "ship") or CardRef(where, "ship", style="utopia")
        cards: list[CardRef] = []
        for slot in ("captain", "admiral"):
            ref = _card(reader, ship.get(slot), f"{where}.{slot}", "captain" if slot == "captain" else "admiral")
            if ref is not None:
                cards.append(ref)
        upgrades = _upgrades(reader, ship, where)
        raw.ships.append(RawShip(where, ship_ref, cards + upgrades))
    return raw


def _upgrades(reader: JsonReader, ship: dict[str, Any], where: str) -> list[CardRef]:
    listed: list[CardRef] = []
    for j, value in enumerate(reader.items(ship.get("upgrades"), f"{where}.upgrades", MAX_INPUT_CARDS, "upgrades")):
        ref = _card(reader, value, f"{where}.upgrades[{j}]", "upgrade")
        if ref is not None:
            listed.append(ref)
    in_slots: list[CardRef] = []
    slots = reader.items(ship.get("upgradeSlots"), f"{where}.upgradeSlots", MAX_INPUT_CARDS, "upgrade slots")
    for j, slot in enumerate(slots):
        slot_where = f"{where}.upgradeSlots[{j}]"
        ref = None
        if isinstance(slot, dict) and "occupant" in slot:
            reader.unknown(slot, slot_where, SLOT_KEYS)
            ref = _card(reader, slot["occupant"], f"{slot_where}.occupant", "upgrade")
        elif isinstance(slot, dict) and "id" not in slot and "name" not in slot:
            reader.unknown(slot, slot_where, SLOT_KEYS)  # an empty slot described by its type
        else:
            ref = _card(reader, slot, slot_where, "upgrade")
        if ref is not None:
            in_slots.append(ref)
    if "upgrades" not in ship:
        return in_slots
    same = sorted((r.id or "", r.title or "") for r in listed) == sorted((r.id or "", r.title or "") for r in in_slots)
    if in_slots and not same:
        cards = "1 card" if len(in_slots) == 1 else f"{len(in_slots)} cards"
        reader.note(f"{where}.upgradeSlots", f"{cards} in upgradeSlots not read: the ship's \"upgrades\" are read "
                                             "instead")
    return listed


def _card(reader: JsonReader, value: Any, where: str, slot: Slot) -> CardRef | None:
    """A card: "type:id", an object with id (and name, set), or empty ({} or null: None)."""
    if value is None or value == "" or value == {}:
        return None
    if isinstance(value, str | int) and not isinstance(value, bool):
        text = reader.text(value, where)
        if text is None:
            return None
        word, ident = split_id(text)
        return CardRef(where, slot, id=ident, type_word=word, style="utopia")
    if isinstance(value, dict):
        reader.unknown(value, where, CARD_KEYS)
        return _from_object(reader, value, where, slot)
    reader.raw.problems.append(ImportProblem(where=where, kind="not-imported",
                                             message=f"not a card: {json_type(value)}"))
    return None


def _from_object(reader: JsonReader, value: dict[str, Any], where: str, slot: Slot) -> CardRef | None:
    full = reader.text(value.get("id"), f"{where}.id")
    word, ident = split_id(full) if full is not None else (None, None)
    if word is None:
        word = reader.text(value.get("type"), f"{where}.type")
    title_key = "name" if "name" in value else "title"
    title = reader.text(value.get(title_key), f"{where}.{title_key}")
    if ident is None and title is None:
        return None
    set_key = next((k for k in ("set", "setId", "sets") if k in value), None)
    codes: tuple[str, ...] = ()
    if set_key is not None:
        sets = value[set_key]
        items = reader.items(sets, f"{where}.{set_key}", MAX_SET_CODES, "set codes") if isinstance(sets, list) \
            else [sets]
        texts = (reader.text(s, f"{where}.{set_key}") for s in items)
        codes = tuple(t for t in texts if t is not None)
    return CardRef(where, slot, id=ident, title=title, set_codes=codes,
                   faction=reader.text(value.get("faction"), f"{where}.faction"), type_word=word, style="utopia")


# -- export -------------------------------------------------------------------------------------


def utopia_document(fleet: ResolvedFleet) -> dict[str, Any]:
    """A priced fleet as the JSON of an (old-style) Utopia link: "type:id" with catalog ids."""
    doc: dict[str, Any] = {"name": fleet.name}
    if fleet.faction is not None:
        doc["faction"] = fleet.faction
    ships = []
    for s in fleet.ships:
        ships.append({
            "id": f"ship:{s.ship.id}",
            "captain": f"captain:{s.captain.card.id}" if s.captain is not None else {},
            "admiral": f"admiral:{s.admiral.card.id}" if s.admiral is not None else {},
            "upgrades": [f"{u.card.type}:{u.card.id}" for u in s.upgrades],
        })
    doc["ships"] = ships
    resources = [f"resource:{r.card.id}" for r in fleet.resources]
    if resources:
        doc["resource"] = resources[0] if len(resources) == 1 else resources
    return doc


def export_utopia(fleet: ResolvedFleet, base_url: str = UTOPIA_URL) -> str:
    """A Utopia share link for a priced fleet: base URL + percent-encoded base64 of the JSON."""
    payload = json.dumps(utopia_document(fleet), separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return base_url + quote(base64.b64encode(payload).decode("ascii"), safe="") + "\n"

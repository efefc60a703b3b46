"""Turn the Space Dock data file (staw-data.xml) into the engine's catalog.

Used by scripts/build_catalog.py to write engine/catalog/catalog.json, and by the tests to
check that the committed file is what the data gives. The data file is local and trusted
(it ships beside the project), so the standard library's ElementTree is enough to read it.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.catalog.base_sizes import base_size_of
from engine.catalog.models import (
    ACTIONS,
    UPGRADE_TYPES,
    Action,
    Admiral,
    AdmiralId,
    Captain,
    CaptainId,
    CardSet,
    CatalogData,
    Maneuver,
    Resource,
    ResourceId,
    SetId,
    Ship,
    ShipClass,
    ShipClassId,
    ShipId,
    Upgrade,
    UpgradeId,
    UpgradeSlots,
    WeaponRange,
)

# The data's action-bar element for each of our action names.
ACTION_ELEMENTS: dict[Action, str] = {
    "evasive_maneuvers": "EvasiveManeuvers",
    "target_lock": "TargetLock",
    "scan": "Scan",
    "battle_stations": "Battlestations",
    "cloak": "Cloak",
    "sensor_echo": "SensorEcho",
    "regenerate": "Regenerate",
}
assert tuple(ACTION_ELEMENTS) == ACTIONS

SECTIONS = {
    "ship_classes": ("ShipClassDetails", "ShipClassDetail"),
    "ships": ("Ships", "Ship"),
    "captains": ("Captains", "Captain"),
    "admirals": ("Admirals", "Admiral"),
    "upgrades": ("Upgrades", "Upgrade"),
    "resources": ("Resources", "Resource"),
    "sets": ("Sets", "Set"),
}

# Printed on a card for a value that its text defines.
VARIABLE_MARKS = frozenset({"*", "?"})


@dataclass
class BuildResult:
    """The built catalog and the notes on the data met while building it."""

    data: CatalogData
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        d = self.data
        return (
            f"catalog: {len(d.ship_classes)} classes, {len(d.ships)} ships, {len(d.captains)} captains, "
            f"{len(d.admirals)} admirals, {len(d.upgrades)} upgrades, {len(d.resources)} resources, "
            f"{len(d.sets)} sets ({len(self.notes)} notes)"
        )


def _text(el: ET.Element, tag: str) -> str | None:
    """The stripped text of a child element; None when the child is absent or blank."""
    value = el.findtext(tag)
    if value is None or not value.strip():
        return None
    return value.strip()


def _required(el: ET.Element, tag: str) -> str:
    value = _text(el, tag)
    if value is None:
        raise ValueError(f"{el.tag} {_text(el, 'Id')!r}: <{tag}> is missing")
    return value


def _int(el: ET.Element, tag: str) -> int:
    return int(_required(el, tag))


def _count(el: ET.Element, tag: str) -> int:
    """An icon count (action, slot): blank or absent means none."""
    value = _text(el, tag)
    return 0 if value is None else int(value)


def _flag(el: ET.Element, tag: str) -> bool:
    """A Y/N flag; blank or absent means N (the data writes "n" once)."""
    return (_text(el, tag) or "N").upper() == "Y"


def _sets(el: ET.Element) -> tuple[SetId, ...]:
    return tuple(SetId(s.strip()) for s in _required(el, "Set").split(",") if s.strip())


def build_ship_classes(root: ET.Element, ships: list[ET.Element], notes: list[str]) -> list[ShipClass]:
    """Every ship class; 360-degree arcs come from empty arcs or from the ships' Has360Arc flag."""
    ship_flags: dict[str, set[bool]] = defaultdict(set)
    for s in ships:
        flag = _text(s, "Has360Arc")
        if flag is not None:
            ship_flags[_required(s, "ShipClass")].add(flag.upper() == "Y")
    classes = []
    for el in root.iterfind("ShipClassDetails/ShipClassDetail"):
        cid, name = _required(el, "Id"), _required(el, "Name")
        front, rear = _text(el, "FrontArc"), _text(el, "RearArc")
        flags = ship_flags.get(name, set())
        has_360 = front is None or True in flags
        if front is not None and has_360:
            notes.append(f"class {cid} {name!r}: FrontArc {front} in the data, but its ships say "
                         f"Has360Arc=Y; treated as a 360-degree arc")
        if len(flags) > 1:
            notes.append(f"class {cid} {name!r}: its ships disagree on Has360Arc")
        maneuvers = [
            Maneuver(speed=int(m.get("speed", "")), kind=m.get("kind", ""), colour=m.get("color", ""))
            for m in el.iterfind("Maneuvers/Maneuver")
        ]
        classes.append(ShipClass(
            id=ShipClassId(cid), name=name, maneuvers=tuple(maneuvers),
            front_arc=None if has_360 or front is None else int(front),
            rear_arc=None if has_360 or rear is None else int(rear),
            has_360_arc=has_360, base_size=base_size_of(cid),
        ))
    return classes


def _resolve_class(
    el: ET.Element, classes: list[ShipClass], set_classes: dict[str, set[str]], notes: list[str],
) -> ShipClass | None:
    """The ship's class: by <ShipClassDetailsId> where given, else by the class name.

    A name that several classes share is settled by the class that the ship's own sets give
    explicitly to their other ships; failing that, by the first class listed (as Space Dock does).
    """
    sid, class_name = _required(el, "Id"), _required(el, "ShipClass")
    detail_id = _text(el, "ShipClassDetailsId")
    if detail_id is not None:
        found = [c for c in classes if c.id == detail_id]
        if not found:
            notes.append(f"ship {sid}: ShipClassDetailsId {detail_id!r} is no class; ship left out")
            return None
        if found[0].name != class_name:
            notes.append(f"ship {sid}: ShipClass {class_name!r} but its class id names {found[0].name!r}")
        return found[0]
    named = [c for c in classes if c.name == class_name]
    if not named:
        named = [c for c in classes if c.name.casefold() == class_name.casefold()]
    if not named:
        notes.append(f"ship {sid}: class {class_name!r} is not in the data; ship left out")
        return None
    if len(named) > 1:
        ids = ", ".join(c.id for c in named)
        same_set = {cid for set_id in _sets(el) for cid in set_classes.get(set_id, set())}
        by_set = [c for c in named if c.id in same_set]
        if len(by_set) == 1:
            notes.append(f"ship {sid}: class name {class_name!r} is shared ({ids}); "
                         f"using {by_set[0].id}, the class its set gives its other ships")
            return by_set[0]
        notes.append(f"ship {sid}: class name {class_name!r} is ambiguous ({ids}); using {named[0].id}")
    return named[0]


def build_ships(ship_els: list[ET.Element], classes: list[ShipClass], notes: list[str]) -> list[Ship]:
    set_classes: dict[str, set[str]] = defaultdict(set)  # set id -> class ids given explicitly there
    for el in ship_els:
        detail_id = _text(el, "ShipClassDetailsId")
        if detail_id is not None:
            for set_id in _sets(el):
                set_classes[set_id].add(detail_id)
    ships = []
    for el in ship_els:
        cls = _resolve_class(el, classes, set_classes, notes)
        if cls is None:
            continue
        actions = tuple(a for a, tag in ACTION_ELEMENTS.items() if _count(el, tag) > 0)
        slots = UpgradeSlots(
            crew=_count(el, "Crew"), weapon=_count(el, "Weapon"), tech=_count(el, "Tech"),
            borg=_count(el, "Borg"), squadron=_count(el, "SquadronUpgrade"),
        )
        limit = _text(el, "CaptainLimit")
        ships.append(Ship(
            id=ShipId(_required(el, "Id")), name=_required(el, "Title"),
            class_id=cls.id, class_name=cls.name,
            faction=_required(el, "Faction"), additional_faction=_text(el, "AdditionalFaction"),
            unique=_flag(el, "Unique"), mirror_universe_unique=_flag(el, "MirrorUniverseUnique"),
            attack=_int(el, "Attack"), agility=_int(el, "Agility"), hull=_int(el, "Hull"),
            shields=_int(el, "Shield"), cost=_int(el, "Cost"), actions=actions, slots=slots,
            captain_limit=1 if limit is None else int(limit), sets=_sets(el),
        ))
    return ships


def build_captains(root: ET.Element) -> list[Captain]:
    # Captains that have an admiral twin carry AdmiralCost/AdmiralTalent/SkillModifier too; the
    # Admirals section holds the same numbers, so the captain keeps only its captain side.
    return [
        Captain(
            id=CaptainId(_required(el, "Id")), name=_required(el, "Title"),
            faction=_required(el, "Faction"), additional_faction=_text(el, "AdditionalFaction"),
            unique=_flag(el, "Unique"), mirror_universe_unique=_flag(el, "MirrorUniverseUnique"),
            skill=_int(el, "Skill"), talents=_count(el, "Talent"), cost=_int(el, "Cost"),
            special=_text(el, "Special"), sets=_sets(el),
        )
        for el in root.iterfind("Captains/Captain")
    ]


def build_admirals(root: ET.Element, notes: list[str]) -> list[Admiral]:
    admirals = []
    for el in root.iterfind("Admirals/Admiral"):
        aid = _required(el, "Id")
        for plain, admiral in (("Cost", "AdmiralCost"), ("Talent", "AdmiralTalent")):
            if _text(el, admiral) not in (None, _text(el, plain)):
                notes.append(f"admiral {aid}: {plain} {_text(el, plain)} but {admiral} {_text(el, admiral)}")
        admirals.append(Admiral(
            id=AdmiralId(aid), name=_required(el, "Title"), faction=_required(el, "Faction"),
            unique=_flag(el, "Unique"), mirror_universe_unique=_flag(el, "MirrorUniverseUnique"),
            skill=_int(el, "Skill"), talents=_count(el, "Talent"),
            skill_modifier=_count(el, "SkillModifier"), cost=_int(el, "Cost"),
            special=_text(el, "Special"), sets=_sets(el),
        ))
    return admirals


def _weapon_range(printed: str) -> WeaponRange:
    low, _, high = printed.partition("-")
    return WeaponRange(min=int(low), max=int(high or low))


def build_upgrades(root: ET.Element) -> list[Upgrade]:
    upgrades = []
    for el in root.iterfind("Upgrades/Upgrade"):
        kind = _required(el, "Type").lower()
        if kind not in UPGRADE_TYPES:
            raise ValueError(f"upgrade {_text(el, 'Id')!r}: unknown type {kind!r}")
        attack, printed_range = _text(el, "Attack"), _text(el, "Range")
        variable = attack in VARIABLE_MARKS or printed_range in VARIABLE_MARKS
        upgrades.append(Upgrade(
            id=UpgradeId(_required(el, "Id")), name=_required(el, "Title"), type=kind,
            faction=_required(el, "Faction"), additional_faction=_text(el, "AdditionalFaction"),
            unique=_flag(el, "Unique"), mirror_universe_unique=_flag(el, "MirrorUniverseUnique"),
            cost=_int(el, "Cost"),
            attack=None if attack is None or attack in VARIABLE_MARKS else int(attack),
            range=None if printed_range is None or printed_range in VARIABLE_MARKS
            else _weapon_range(printed_range),
            variable_stats=variable, special=_text(el, "Special"), sets=_sets(el),
        ))
    return upgrades


def build_resources(root: ET.Element) -> list[Resource]:
    return [
        Resource(
            id=ResourceId(_required(el, "Id")), name=_required(el, "Title"), type=_required(el, "Type"),
            unique=_flag(el, "Unique"), cost=_int(el, "Cost"), sets=_sets(el),
        )
        for el in root.iterfind("Resources/Resource")
    ]


def build_sets(root: ET.Element) -> list[CardSet]:
    return [
        CardSet(id=SetId(el.get("id", "")), name=el.get("overallSetName", ""),
                release_date=el.get("releaseDate", ""))  # pydantic parses the ISO date
        for el in root.iterfind("Sets/Set")
    ]


def build_catalog(xml_path: Path) -> BuildResult:
    """Read the data file and build the validated catalog; notes say what was odd in the data."""
    root = ET.parse(xml_path).getroot()
    notes: list[str] = []
    ship_els = list(root.iterfind("Ships/Ship"))
    classes = build_ship_classes(root, ship_els, notes)
    data = CatalogData(
        source=xml_path.name, source_version=root.get("version", ""),
        ship_classes=tuple(classes), ships=tuple(build_ships(ship_els, classes, notes)),
        captains=tuple(build_captains(root)), admirals=tuple(build_admirals(root, notes)),
        upgrades=tuple(build_upgrades(root)), resources=tuple(build_resources(root)),
        sets=tuple(build_sets(root)),
    )
    return BuildResult(data=data, notes=notes)


def dump_catalog(data: CatalogData) -> bytes:
    """The catalog as JSON bytes: one record a line, so the file is compact, stable and diffs well."""
    document: dict[str, Any] = data.model_dump(mode="json")
    lines = ["{"]
    keys = list(document)
    for i, key in enumerate(keys):
        value = document[key]
        comma = "," if i < len(keys) - 1 else ""
        if isinstance(value, list):
            lines.append(f"{json.dumps(key)}: [")
            items = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in value]
            lines.append(",\n".join(items))
            lines.append(f"]{comma}")
        else:
            lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")

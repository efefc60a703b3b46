"""Which ship classes stand on the large base: the one reviewed table (the data has no base sizes).

Source: "Star Trek: Attack Wing - Additional Rules for Tournaments" (Rev. 05/31/16), fleet
building list: "Only 1 ship or station with the oversized base (Borg Cube Class & Nor Class
Orbital Space Station Class) may be used in a fleet." Those two classes use the 80 mm large
base; every other class uses the standard 40 mm small base (DESIGN.md, "Units and conventions").

Keyed by class id because class names repeat in the data (two "Constitution Class", two
"Maquis Raider"); the name beside each id is checked against the data by the tests.
"""

from __future__ import annotations

from types import MappingProxyType

from engine.catalog.models import BaseSize, ShipClassId

BASE_WIDTH_MM: MappingProxyType[BaseSize, float] = MappingProxyType({"small": 40.0, "large": 80.0})

# class id -> the class's name in the data, for review.
LARGE_BASE_CLASSES: MappingProxyType[ShipClassId, str] = MappingProxyType({
    ShipClassId("borg_cube"): "Borg Cube",  # tournament text: "Borg Cube Class"
    ShipClassId("5017"): "Nor Class Orbital Space Station",  # Deep Space 9, Terok Nor
})


def base_size_of(class_id: str) -> BaseSize:
    """The base a ship class stands on: "large" for the oversized classes, else "small"."""
    return "large" if class_id in LARGE_BASE_CLASSES else "small"

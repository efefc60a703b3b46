"""Reading fields of untrusted JSON: typed, bounded, and every failure one line naming its place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.rulesets.attack_wing.fleet_io.model import (
    MAX_STRING,
    FleetImportError,
    ImportNote,
    RawFleet,
)
from engine.rulesets.attack_wing.fleet_io.source import json_type


@dataclass
class JsonReader:
    """Field access for one document; ``label`` names the input in errors."""

    label: str
    raw: RawFleet

    def fail(self, where: str, message: str) -> FleetImportError:
        return FleetImportError(f"{self.label}: {where}: {message}" if where else f"{self.label}: {message}")

    def text(self, value: Any, where: str) -> str | None:
        """A string field (an integer id is taken as its digits); None when absent or blank."""
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, str | int):
            raise self.fail(where, f"should be a string, not {json_type(value)}")
        text = str(value).strip()
        if len(text) > MAX_STRING:
            raise self.fail(where, f"longer than {MAX_STRING} characters")
        return text or None

    def number(self, value: Any, where: str) -> int | None:
        """A whole number (or a string of one); None when absent; a note when it is neither."""
        if value is None or value == "":
            return None
        if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 10:
            return int(value)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9:
            return value
        if isinstance(value, float) and value.is_integer() and abs(value) < 10**9:
            return int(value)
        what = "out of range" if isinstance(value, int | float) and not isinstance(value, bool) else json_type(value)
        self.note(where, f"not a whole number ({what}); not read")
        return None

    def flag(self, value: Any) -> bool:
        """Space Dock writes YES/true; be liberal (true, 1, "yes", "true")."""
        if isinstance(value, str):
            return value.strip().casefold() in ("yes", "true", "1", "y")
        return bool(value) if isinstance(value, bool | int) else False

    def items(self, value: Any, where: str, limit: int, what: str) -> list[Any]:
        """A list field (absent: empty) of at most ``limit`` items."""
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(where, f"should be a list of {what}, not {json_type(value)}")
        if len(value) > limit:
            raise self.fail(where, f"{len(value)} {what}; at most {limit} are read")
        return value

    def obj(self, value: Any, where: str, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"should be {what} (an object), not {json_type(value)}")
        return value

    def unknown(self, doc: dict[str, Any], where: str, known: Iterable[str]) -> None:
        """Note every key of ``doc`` that is not in ``known`` (reported once per pattern)."""
        allowed = set(known)
        for key in doc:
            if key not in allowed:
                shown_key = key if len(key) <= 60 else key[:60] + "..."
                self.raw.unknown.add(f"{where}.{shown_key}" if where else shown_key, shown_key)

    def note(self, where: str, message: str) -> None:
        self.raw.notes.append(ImportNote(where=where, message=message))

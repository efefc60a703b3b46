"""Fleets from other fleet builders, and back: Space Dock and Utopia formats.

``import_fleet(FILE_OR_URL)`` reads a Space Dock ``.spacedock`` squad, a ``.spacedocksquads``
array, Space Dock's ``Label|Title|Id`` text, or a Utopia share link (decoded locally, never
fetched), matches every card against the catalog and returns our fleet file (cards by catalog
id), an ``ImportReport`` of what became of each card, the priced fleet and its tournament
check. ``export_fleet`` writes a priced fleet as a Space Dock squad, a Utopia link, or text.
The formats accepted are described in docs/fleet-formats.md.
"""

from __future__ import annotations

from typing import Literal

from engine.catalog import Catalog
from engine.rulesets.attack_wing.fleet import ResolvedFleet
from engine.rulesets.attack_wing.fleet_io.assemble import (
    DEFAULT_NAME,
    ImportResult,
    assemble,
    fleet_file_document,
)
from engine.rulesets.attack_wing.fleet_io.model import (
    FORMAT_NAMES,
    CostOverride,
    FleetImportError,
    ImportedCard,
    ImportNote,
    ImportProblem,
    ImportReport,
    RawFleet,
    SetAsideCard,
)
from engine.rulesets.attack_wing.fleet_io.source import (
    INPUT_CHOICES,
    ImportSource,
    InputChoice,
    decode_utopia_link,
    detect,
    is_utopia_document,
    parse_json,
    read_source,
)
from engine.rulesets.attack_wing.fleet_io.spacedock import (
    export_spacedock,
    read_spacedock_json,
    read_spacedock_text,
)
from engine.rulesets.attack_wing.fleet_io.text import export_text
from engine.rulesets.attack_wing.fleet_io.utopia import (
    UTOPIA_URL,
    export_utopia,
    read_utopia_document,
    utopia_document,
)

ExportFormat = Literal["spacedock", "utopia-text", "text"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("spacedock", "utopia-text", "text")

__all__ = [
    "DEFAULT_NAME",
    "EXPORT_FORMATS",
    "FORMAT_NAMES",
    "INPUT_CHOICES",
    "UTOPIA_URL",
    "CostOverride",
    "ExportFormat",
    "FleetImportError",
    "ImportNote",
    "ImportProblem",
    "ImportReport",
    "ImportResult",
    "ImportSource",
    "ImportedCard",
    "InputChoice",
    "SetAsideCard",
    "export_fleet",
    "fleet_file_document",
    "import_fleet",
    "read_raw",
    "read_source",
    "utopia_document",
]


def read_raw(source: ImportSource, input_format: InputChoice = "auto", squad: str | None = None) -> RawFleet:
    """The squad in a source, cards not yet matched; the format detected unless ``input_format`` names it."""
    text = source.text
    body = text.lstrip()
    kind: str
    if input_format == "auto":
        kind = "utopia-link" if source.is_link else detect(text)
    elif input_format == "spacedock":
        kind = "spacedock-json" if body.startswith(("{", "[")) else "spacedock-text"
    elif input_format == "spacedock-text":
        kind = "spacedock-text"
    else:
        kind = "utopia-json" if body.startswith("{") else "utopia-link"

    if kind in ("spacedock-json", "utopia-json"):
        doc = parse_json(text, source.label)
        if input_format == "auto" and _is_our_fleet_file(doc):
            raise FleetImportError(f"{source.label}: this is a trek fleet file already (its ships name a \"ship\"); "
                                   "`trek fleet check` reads it")
        if kind == "utopia-json" or (input_format == "auto" and is_utopia_document(doc)):
            raw = read_utopia_document(doc, source.label)
        else:
            raw = read_spacedock_json(doc, source.label, squad)
    elif kind == "spacedock-text":
        raw = read_spacedock_text(text, source.label)
    else:
        try:
            doc, notes = decode_utopia_link(text)
        except FleetImportError as exc:
            raise FleetImportError(str(exc) if source.is_link else f"{source.label}: {exc}") from None
        raw = read_utopia_document(doc, source.label, notes)
    if squad is not None and raw.format not in ("spacedock", "spacedock-squads"):
        raw.notes.append(ImportNote(where="squad", message="--squad is for Space Dock files of several squads; "
                                                           "not used"))
    return raw


def _is_our_fleet_file(doc: object) -> bool:
    if not isinstance(doc, dict) or not isinstance(doc.get("ships"), list) or not doc["ships"]:
        return False
    return all(isinstance(s, dict) and "ship" in s and not {"shipId", "id", "sideboard"} & set(s) for s in doc["ships"])


def import_fleet(source: ImportSource | str, *, input_format: InputChoice = "auto", squad: str | None = None,
                 name: str | None = None, catalog: Catalog | None = None) -> ImportResult:
    """Read FILE_OR_URL (or a source read already), match every card, build, price and check the fleet.

    ``name`` replaces the squad's name; without either, the file's name (or "Imported fleet").
    """
    src = read_source(source) if isinstance(source, str) else source
    raw = read_raw(src, input_format, squad)
    return assemble(raw, src.label, name=name, default_name=src.stem or DEFAULT_NAME, catalog=catalog)


def export_fleet(fleet: ResolvedFleet, format: ExportFormat) -> tuple[str, list[str]]:
    """A priced fleet in another format, and notes on anything that format cannot carry."""
    if format == "spacedock":
        return export_spacedock(fleet)
    if format == "utopia-text":
        return export_utopia(fleet), []
    if format == "text":
        return export_text(fleet), []
    raise FleetImportError(f"unknown export format {format!r}; the formats are {', '.join(EXPORT_FORMATS)}")

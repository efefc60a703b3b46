"""Fleet Captains' game notation (docs/notation.md, "Star Trek: Fleet Captains"): ``grammar`` reads the
text, ``importer`` plays it through the game, ``exporter`` writes a replay as notation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.rulesets.notation import GameNotation, NotationRun


def run(text: str, base: Path | None, record: bool) -> NotationRun:
    from engine.rulesets.fleet_captains.notation.importer import run_text

    return run_text(text, record)


def export(header: dict[str, Any], events: list[Any], cut: str | None) -> str:
    from engine.rulesets.fleet_captains.notation.exporter import export_events

    return export_events(header, events, cut)


def notation() -> GameNotation:
    return GameNotation(run=run, export=export)

"""Attack Wing's notation as the command line reaches every game's: ``GameNotation`` (its ``run`` and
``export``), built from this package's parser, importer, exporter and writer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.rulesets.notation import GameNotation, NotationRun


def run(text: str, base: Path | None, record: bool) -> NotationRun:
    from engine.rulesets.attack_wing.notation.importer import run_notation
    from engine.rulesets.attack_wing.notation.parser import parse_notation

    outcome = run_notation(parse_notation(text), base, record=record)
    state = outcome.state
    result = state.result if state is not None else None
    return NotationRun(
        sound=outcome.sound, issues=outcome.issues, events=len(outcome.events),
        rounds=state.round if state is not None else None,
        result=None if result is None else {"winner": result.winner, "reason": result.reason,
                                            "points": list(result.points)},
        ending=result.reason if result is not None else "", warnings=outcome.warnings,
        replay=outcome.replay if outcome.sound else None)


def export(header: dict[str, Any], events: list[Any], cut: str | None) -> str:
    from engine.rulesets.attack_wing.notation.exporter import export_events
    from engine.rulesets.attack_wing.notation.writer import write_notation

    doc = export_events(header, events)
    if cut:
        doc.epilogue.append(cut)
    return write_notation(doc)


def notation() -> GameNotation:
    return GameNotation(run=run, export=export)

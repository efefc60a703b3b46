"""What the card-ability game tests share: the bundled duel's table with other fleets, and the
checks every recorded game with cards passes (it re-plays soundly; its notation, written and read
back, records the same bytes)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.replay import open_replay
from engine.rulesets.attack_wing.notation.exporter import export_file
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.notation.writer import write_notation
from engine.rulesets.attack_wing.replay_check import replay_game

DUEL = Path(__file__).parents[1] / "replays" / "duel.json"


def duel_with(path: Path, fleets: tuple[dict[str, Any], dict[str, Any]]) -> Path:
    """The duel scenario with these two fleets, written to ``path``."""
    duel = json.loads(DUEL.read_text())
    for side, fleet in zip(duel["sides"], fleets, strict=True):
        side["fleet"] = fleet
    path.write_text(json.dumps(duel))
    return path


def replays_and_notation(path: Path) -> str:
    """Check that the recorded game re-plays with no issue, and return its notation."""
    replay = open_replay(path)
    assert replay_game(replay.header, iter(list(replay.events())), replay.result, True) == []
    return write_notation(export_file(path))


def round_trips(text: str, path: Path) -> None:
    """The notation, read back, records the game's very bytes with no issue."""
    outcome = run_notation(parse_notation(text), None, record=True)
    assert [i.format("export") for i in outcome.issues] == []
    assert outcome.replay == path.read_bytes()

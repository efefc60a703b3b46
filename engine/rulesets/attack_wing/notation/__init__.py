"""Game notation: a plain-text record of a game played on a real table, checked by the rules
engine and turned into a replay; and any replay written back as notation (docs/notation.md).

``read_notation`` / ``parse_notation`` read text, ``run_notation`` plays it through the
engine (issues with line numbers, the events, the replay), ``export_file`` turns a replay
into a ``Notation`` and ``write_notation`` into text.
"""

from engine.rulesets.attack_wing.notation.errors import ISSUE_CLASSES, Issue, NotationError
from engine.rulesets.attack_wing.notation.exporter import export_events, export_file
from engine.rulesets.attack_wing.notation.importer import NotationDice, NotationPlayer, Outcome, run_notation
from engine.rulesets.attack_wing.notation.model import Notation
from engine.rulesets.attack_wing.notation.parser import parse_notation, read_notation
from engine.rulesets.attack_wing.notation.writer import write_notation

__all__ = [
    "ISSUE_CLASSES",
    "Issue",
    "Notation",
    "NotationDice",
    "NotationError",
    "NotationPlayer",
    "Outcome",
    "export_events",
    "export_file",
    "parse_notation",
    "read_notation",
    "run_notation",
    "write_notation",
]

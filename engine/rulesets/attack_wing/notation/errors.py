"""What is wrong with a notation: issues with a line number, a class and the rule broken.

A notation that cannot be read at all (no such file, not text, too large) raises
``NotationError`` (a ``TrekError``: the command line prints one line and exits 2). Everything
else is an ``Issue``: the check keeps going and reports every one it finds (exit 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.errors import TrekError


class NotationError(TrekError):
    """A notation file that cannot be read at all (missing, not UTF-8 text, too large)."""


# Every class of issue, with the rule (or the part of the notation's own grammar) it is about.
# The message of each issue says what exactly is wrong; the rule says where to read why.
ISSUE_CLASSES: Final[dict[str, str]] = {
    "syntax": "notation grammar (docs/notation.md): a line the notation cannot read",
    "header": "the header: scenario, fleets, seed, rounds, players (docs/notation.md, Header)",
    "ship": "every ship line names a ship of the game: A1, A2 ... for side A, B1 ... for side B, in fleet order",
    "order": "rounds come in order and each line belongs to its round; dice, rerolls and spends belong "
             "to the attack line above them",
    "setup": "Setup: each ship deploys wholly inside its deployment zone, clear of other bases, "
             "obstacles and planets",
    "maneuver": "Planning Phase: a ship's dial is set to a maneuver printed on its own dial",
    "action": "Perform Action: one action from the ship's Action Bar that the rules allow now",
    "action-skipped": "Perform Action is skipped: under auxiliary power, after a bump, an obstacle or a "
                      "planet, or with Communications Failure",
    "attack": "Combat Phase: the defender must be in the firing arc and range of the weapon, and the "
              "weapon usable (target lock, not disabled)",
    "dice": "Combat Phase steps 3 and 5: the number of dice the rules give (weapon or agility, range "
            "bonus, modifiers); the faces the die has",
    "reroll": "Modifying Dice Results: a target lock on the defender buys one reroll of attack dice; "
              "a die is rerolled at most once",
    "spend": "Modifying Dice Results: a token is spent only by a ship that has it, when it can change "
             "a result",
    "placement": "a placement after a maneuver keeps the base on the play area, clear of other bases, "
                 "and says why the table differed",
    "damage": "Suffering Damage: damage cards come off the top of the damage deck, face up for critical "
              "damage",
    "missing": "the notation must record what the table did: a dial for every ship in play, the dice "
               "of every roll",
    "unused": "a line the game never reaches (the ship was gone, the step did not happen, or the game "
              "was over)",
    "result": "the result: the scenario's victory rule",
    "engine": "the rules engine refused a step (a bug in the check if it ever shows)",
}


@dataclass(frozen=True, slots=True)
class Issue:
    """One problem: the line it is on (1-based; 0 for the file as a whole), its class, what is
    wrong, and the rule it breaks (the class's rule unless a more precise one is given)."""

    line: int
    code: str
    message: str
    specific_rule: str = ""

    @property
    def rule(self) -> str:
        return self.specific_rule or ISSUE_CLASSES.get(self.code, "")

    def format(self, label: str) -> str:
        where = f"{label}:{self.line}" if self.line else label
        return f"{where}: {self.code}: {self.message} [rule: {self.rule}]"

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "class": self.code, "message": self.message, "rule": self.rule}

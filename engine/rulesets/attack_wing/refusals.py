"""The rules that refuse a decision: each with an id, the rulebook section it comes from, and
the rule in our words. A ``Refusal`` is one of them applied: which rule, and what exactly it
refuses. The rules functions (``rules``, ``actions``) return refusals; the engine, the AI and
the notation check all report them, so none of them has a copy of the legality of a choice.

Books: "Alliance" is the Star Trek Alliance rulebook (000), whose Attack Wing round is the
competitive one; "tournament" is "Additional Rules for Tournaments" (003).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule a decision can break: id, book and section, the rule in our words."""

    id: str
    book: str
    section: str
    text: str

    @property
    def cite(self) -> str:
        """The rule as an issue names it: section, the rule, and the book when it is not the rulebook."""
        where = f" ({self.book} rules)" if self.book == "tournament" else ""
        return f"{self.section}{where}: {self.text}"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A decision the rules refuse: the rule, what it refuses in this case (naming the ship),
    and for a skipped step the short cause the event records."""

    rule: Rule
    message: str
    cause: str = ""

    def __str__(self) -> str:
        return self.message


def _rules(*rules: Rule) -> dict[str, Rule]:
    return {r.id: r for r in rules}


RULES: Final[dict[str, Rule]] = _rules(
    # the Perform Action step skipped
    Rule("auxiliary-power", "Alliance", "Auxiliary Power",
         "a ship with an Auxiliary Power Token cannot perform Actions"),
    Rule("overlap", "Alliance", "Overlapping Other Ships",
         "a ship that overlaps another skips its Perform Action step"),
    Rule("planet", "Alliance", "Planets", "a ship that ends on a planet backs off and skips its Perform Action step"),
    Rule("obstacle", "Alliance", "Obstacles", "a ship that moves into or through an obstacle performs no action"),
    Rule("communications-failure", "Alliance", "Communications Failure (face up)",
         "skip the next Perform Action step"),
    # choosing an action
    Rule("action-bar", "Alliance", "Actions", "a ship performs an action on its Action Bar"),
    Rule("action-once", "Alliance", "Actions", "a ship performs each action at most once a round"),
    Rule("damaged-sensors", "Alliance", "Damaged Sensor Array (face up)", "no Target Lock or Scan actions"),
    Rule("target-lock", "Alliance", "Acquire a Target Lock",
         "an enemy ship within Range 1-3, not cloaked since an earlier round, not already locked"),
    Rule("cloak", "Alliance", "Cloak", "an uncloaked ship with an active shield may cloak"),
    Rule("sensor-echo", "Alliance", "Sensor Echo",
         "a cloaked ship moves beside itself, ending clear of ships and planets, on the play area"),
    Rule("regenerate", "tournament", "Regenerate", "repair one damage card of the ship's choice"),
    Rule("repair", "Alliance", "Damage Cards", "an action flips a face-up damage card that says so"),
    Rule("disabled-upgrade", "Alliance", "Disabling Upgrade Cards",
         "a ship can spend its Action to remove a Disabled Token from one of its Upgrade Cards"),
    # choosing an attack
    Rule("enemy", "Alliance", "Combat Phase", "a ship attacks an enemy ship in play"),
    Rule("weapon", "Alliance", "Combat Phase", "a ship fires its primary weapon or a secondary weapon it carries"),
    Rule("weapon-disabled", "Alliance", "Disabling Upgrade Cards", "a disabled weapon cannot fire"),
    Rule("weapon-time", "Alliance", "Time Tokens", "a card with Time Tokens on it is not used until they are removed"),
    Rule("weapon-target-lock", "Alliance", "Secondary Weapons",
         "a torpedo fires by spending a target lock on the defender"),
    Rule("firing-arc", "Alliance", "Combat Phase", "the defender must be inside the weapon's firing arc"),
    Rule("range", "Alliance", "Combat Phase", "the defender must be within the weapon's range (Range 1-3)"),
    Rule("360-arc", "tournament", "360-Degree Arcs", "a primary weapon fired from a 360-degree arc reaches Range 1-2"),
    Rule("squadron-range", "tournament", "Attack Squadrons and Shuttlecraft",
         "squadrons and shuttlecraft attack enemy ships at Range 1-2 only"),
    Rule("regenerated", "tournament", "Regenerate", "a ship that regenerates does not attack that round"),
    # a seat's answer that is none of the options offered
    Rule("dial", "Alliance", "Planning Phase", "each ship's dial is set to one of the maneuvers on it that no card "
         "forbids now"),
    Rule("declared-attack", "Alliance", "Combat Phase", "a ship declares one of the attacks its weapons, arcs and "
         "range allow now"),
    Rule("one-reroll", "Alliance", "Modifying Dice Results", "a die is rerolled at most once"),
)


def refuse(rule: str, message: str, cause: str = "") -> Refusal:
    return Refusal(RULES[rule], message, cause)


# the short causes an ``ActionSkipped`` event records, by rule (an obstacle's is "hit NAME")
SKIP_CAUSES: Final[dict[str, str]] = {
    "auxiliary-power": "under auxiliary power",
    "overlap": "bumped another ship",
    "planet": "backed off a planet",
    "communications-failure": "Communications Failure",
}
# why the step was skipped, as a sentence about the ship ("A1 (name) has ...")
SKIP_WHY: Final[dict[str, str]] = {
    "auxiliary-power": "has an auxiliary power token",
    "overlap": "overlapped another ship in its maneuver",
    "planet": "ended its maneuver on a planet",
    "communications-failure": "has Communications Failure face up",
}


def skip_rule(cause: str) -> Rule | None:
    """The rule behind an ``ActionSkipped`` event's cause (as recorded, also in old replays)."""
    if cause.startswith("hit "):
        return RULES["obstacle"]
    return next((RULES[r] for r, c in SKIP_CAUSES.items() if c == cause), None)


def skip_why(cause: str) -> str:
    """Why a ship skipped its Perform Action step, from the event's cause."""
    if cause.startswith("hit "):
        return f"moved onto {cause[4:]}"
    rule = skip_rule(cause)
    return SKIP_WHY[rule.id] if rule is not None else cause

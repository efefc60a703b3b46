"""Fleet Captains' notation as text: the header's tags, then one statement a line with its number.

A decision is ``SIDE KIND: OPTION`` (the option as the game words it, in double quotes where it holds
a ``#`` or a quote); a die is ``SIDE rolls N``; ``Setup`` and ``Turn N`` mark where the game is;
``Result: SIDE`` ends it. A ``#`` outside quotes starts a comment: on a decision, its reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from engine.rulesets.notation import Issue

RULE_GRAMMAR: Final = ("notation grammar (docs/notation.md, Star Trek: Fleet Captains): a line the notation "
                       "cannot read")
RULE_HEADER: Final = "the header: Game, Scenario, Seed, Turns, players (docs/notation.md, Star Trek: Fleet Captains)"
MAX_LINE: Final = 2000
MAX_FREE_TAG: Final = 200
ID = r"[A-Za-z][\w\-]*"
_DECISION = re.compile(rf"(?P<side>{ID})\s+(?P<kind>{ID})\s*:\s*(?P<option>.+)")
_ROLL = re.compile(rf"(?P<side>{ID})\s+rolls\s+(?P<value>\d{{1,2}})", re.IGNORECASE)
_TURN = re.compile(r"turn\s+(?P<number>\d{1,4})", re.IGNORECASE)
_RESULT = re.compile(rf"result\s*:\s*(?P<winner>{ID})", re.IGNORECASE)
_TAG = re.compile(r"([A-Za-z]+(?: [A-Za-z]+){0,2})\s*:\s*(.*)")


@dataclass
class Line:
    no: int
    verb: str  # decision, roll, turn, setup, result
    side: str = ""
    kind: str = ""
    option: str = ""
    value: int = 0
    reason: str = ""


@dataclass
class Notation:
    tags: list[tuple[str, int, str]] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)


def split_comment(line: str) -> tuple[str, str]:
    """The code and the comment (after a ``#`` outside double quotes; ``\\"`` escapes), both stripped."""
    quoted = escaped = False
    for i, ch in enumerate(line):
        if quoted and escaped:
            escaped = False
        elif quoted and ch == "\\":
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), ""


def quoted(text: str) -> str:
    """An option as written: bare, or in double quotes where it holds a # or a quote or starts with one."""
    if "#" in text or '"' in text or text != text.strip():
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    return text


def parse(text: str) -> Notation:
    doc = Notation()
    in_header = True
    for no, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE:
            doc.issues.append(Issue(no, "syntax", f"a line of {len(raw)} characters (at most {MAX_LINE})",
                                    RULE_GRAMMAR))
            continue
        code, comment = split_comment(raw)
        if not code:
            continue
        if in_header and (tag := _TAG.fullmatch(code)) and not _RESULT.fullmatch(code):
            if len(tag[2]) > MAX_FREE_TAG:
                doc.issues.append(Issue(no, "header", f"{tag[1]}: at most {MAX_FREE_TAG} characters", RULE_HEADER))
            else:
                doc.tags.append((tag[1], no, tag[2].strip()))
            continue
        in_header = False
        if code.lower() == "setup":
            doc.lines.append(Line(no, "setup"))
        elif found := _TURN.fullmatch(code):
            doc.lines.append(Line(no, "turn", value=int(found["number"])))
        elif found := _RESULT.fullmatch(code):
            doc.lines.append(Line(no, "result", side=found["winner"]))
        elif found := _ROLL.fullmatch(code):
            doc.lines.append(Line(no, "roll", side=found["side"], value=int(found["value"])))
        elif found := _DECISION.fullmatch(code):
            doc.lines.append(Line(no, "decision", side=found["side"], kind=found["kind"].lower(),
                                  option=unquoted(found["option"].strip()), reason=comment))
        else:
            doc.issues.append(Issue(no, "syntax", f"cannot read {code!r}: not a decision (SIDE KIND: OPTION), a "
                                                  "roll (SIDE rolls N), Setup, Turn N or Result", RULE_GRAMMAR))
    return doc

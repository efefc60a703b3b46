"""Into the Unknown's notation as text: the header's tags and one statement per line (docs/notation.md,
"Star Trek: Into the Unknown"), each with its line number; what the grammar cannot read is an issue.

A statement of the game (an order, a pass, a ready or a relocation, a torpedo's move...) is a line of
its own; the lines that belong to one (an attack and a launch of a FIRE WEAPONS order, a test's roll,
rerolls, discoveries, peril and the damage cards drawn) follow it, indented or not: they are known by
their first word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from engine.rulesets.into_the_unknown.table import INCH
from engine.rulesets.notation import Issue

RULE_GRAMMAR: Final = ("notation grammar (docs/notation.md, Star Trek: Into the Unknown): a line the notation "
                       "cannot read")
RULE_HEADER: Final = "the header: Game, Mission, Seed, Rounds, players (docs/notation.md, Star Trek: Into the Unknown)"
MAX_LINE: Final = 2000  # characters in one line; a longer one is refused unread
MAX_FREE_TAG: Final = 200  # characters of a free tag's value (Event, Site, Date, players)
FACES: Final = ("blank", "analysis", "success", "double", "breakthrough", "discovery")
HOWS: Final = ("allowance", "lock", "relentless", "pulse", "advantage")
CHILD_VERBS: Final = frozenset({"attack", "launch", "roll", "reroll", "discovery", "peril", "card"})
NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
ID = r"[A-Za-z][\w\-]*"
QUOTED_OR_WORDS = r'"[^"]*"|.+?'


@dataclass
class Line:
    """One statement: its line number, what it is (``verb``), what it says (``args``), the comment that
    is its reason (orders and relocations), and the lines that belong to it."""

    no: int
    verb: str
    args: dict[str, Any]
    reason: str = ""
    children: list[Line] = field(default_factory=list)


@dataclass
class Notation:
    """A parsed notation: header tags (name as written, line, value), statements, grammar issues."""

    tags: list[tuple[str, int, str]] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)

    def tag(self, name: str) -> tuple[int, str] | None:
        for key, no, value in self.tags:
            if key.lower() == name.lower():
                return no, value
        return None


def split_comment(line: str) -> tuple[str, str]:
    """The code and the comment (after a ``#`` outside double quotes; a ``"`` after a digit is an inch
    mark), both stripped."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"' and not quoted and i and line[i - 1].isdigit():
            continue  # an inch mark (15"), not a quotation
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), ""


def unquote(text: str) -> str:
    text = text.strip()
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def distance_mm(text: str) -> float:
    """A distance as written: inches (``15"``, ``15in``) or millimetres (``381mm``), in millimetres."""
    found = re.fullmatch(rf"({NUM})\s*(\"|in|inch|inches|mm)", text.strip(), re.IGNORECASE)
    if not found:
        raise ValueError(f"{text!r} is not a distance (inches as 15\" or millimetres as 381mm)")
    value = float(found[1])
    return value if found[2].lower() == "mm" else value * INCH


def plan_of(text: str) -> dict[str, Any]:
    """A maneuver or an alert step after an order's colon, as data (ValueError: unreadable)."""
    t = text.strip()
    if found := re.fullmatch(r"warp\s+(\d+)\s+(\S+(?:\s*mm)?)", t, re.IGNORECASE):
        return {"plan": "warp", "factor": int(found[1]), "distance": distance_mm(found[2])}
    if found := re.fullmatch(rf"impulse\s+(\S+?(?:\s*mm)?)(?:\s+turn\s+({NUM})\s+(port|starboard)\s+(before|after))?",
                             t, re.IGNORECASE):
        return {"plan": "impulse", "distance": distance_mm(found[1]), "turn": float(found[2] or 0.0),
                "side": (found[3] or "port").lower(), "when": (found[4] or "before").lower()}
    if found := re.fullmatch(rf"come[\s\-]+about\s+({NUM})", t, re.IGNORECASE):
        return {"plan": "come_about", "heading": float(found[1])}
    if found := re.fullmatch(r"alert\s+(up|down)", t, re.IGNORECASE):
        return {"plan": "alert", "step": 1 if found[1].lower() == "up" else -1}
    raise ValueError(f"{text!r} is no maneuver (warp F D\", impulse D\" [turn T port|starboard before|after], "
                     "come about H) nor alert up|down")


def faces_of(text: str) -> tuple[str, ...]:
    words = tuple(w.lower() for w in text.split())
    for word in words:
        if word not in FACES:
            raise ValueError(f"{word!r} is not a face of the dice ({', '.join(FACES)})")
    return words


_PATTERNS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = tuple((verb, re.compile(p, re.IGNORECASE)) for verb, p in (
    ("round", r"round\s+(?P<number>\d{1,4})"),
    ("pass", rf"(?P<side>{ID})\s+pass(?:es)?"),
    ("order", rf"(?P<ship>{ID})\s+(?P<kind>priority|standby)\s+(?P<action>[A-Za-z][A-Za-z ]*?)\s+at\s+"
              rf"(?P<station>{ID})(?:\s+by\s+(?P<officer>{ID}))?(?:\s+on\s+(?P<target>[^:]+?))?"
              r"(?:\s*:\s*(?P<plan>.+))?"),
    ("ready", rf"ready\s+(?P<side>{ID})\s*:\s*(?P<officers>.*)"),
    ("relocate", rf"(?P<ship>{ID})\s+relocates\s+(?P<officer>{ID})\s+to\s+(?P<section>{ID})(?:\s+(?P<station>{ID}))?"),
    ("raise", rf"(?P<ship>{ID})\s+raises\s+alert"),
    ("hail", rf"(?P<side>{ID})\s+hails\s*:\s*hostile"),
    ("wreckage", rf"(?P<ship>{ID})\s+wreckage\s+(?P<pay>reserve|peril)"),
    ("moves", rf"(?P<token>{ID})\s+moves\s+(?P<side>fore[_\-]port|fore[_\-]starboard|port|starboard)"
              r"(?P<across>\s+across)?"),
    ("salvo", rf"(?P<token>{ID})\s+salvo\s+(?P<objective>{ID})"),
    ("blast", rf"blast\s+(?P<token>{ID})\s+at\s+(?P<target>{ID})"),
    ("outpost", rf"outpost\s+(?P<objective>{ID})\s+attacks\s+(?P<target>{ID})"),
    ("result", rf"result\s*:\s*(?P<winner>{ID})(?:\s*,?\s+(?P<a>-?\d+)\s+to\s+(?P<b>-?\d+))?"),
    ("attack", rf"attack\s+(?P<target>{ID})(?:\s+(?P<end>fore|aft))?\s+with\s+(?P<weapon>{QUOTED_OR_WORDS})\s+in\s+"
               rf"(?P<arc>{ID})\s+power\s+(?P<power>\d+)(?:\s+reserve\s+(?P<reserve>\d+))?"),
    ("launch", rf"launch\s+(?P<launcher>{QUOTED_OR_WORDS})\s+(?P<end>fore|aft)\s+turn\s+(?P<turn>{NUM})\s+endurance\s+"
               r"(?P<endurance>\d+)\s+power\s+(?P<power>\d+)(?:\s+reserve\s+(?P<reserve>\d+))?"),
    ("roll", r"roll\s*:\s*(?P<intuition>[A-Za-z\s]*?)(?:\s*/\s*(?P<expertise>[A-Za-z\s]*))?"),
    ("reroll", rf"reroll\s+(?P<die>\d{{1,3}})\s+(?P<how>{'|'.join(HOWS)})\s*:\s*(?P<face>\w+)"),
    ("discovery", r"discovery\s+(?P<die>\d{1,3})\s*:\s*(?P<face>\w+)"),
    ("peril", r"peril\s+(?P<die>\d{1,3})\s*:\s*(?P<face>\w+)"),
    ("card", rf"card\s+(?P<ship>{ID})\s*:\s*(?P<title>.+)"),
))


def statement(no: int, code: str, reason: str) -> Line:
    """One line as a statement (ValueError with what is wrong when the grammar cannot read it)."""
    for verb, pattern in _PATTERNS:
        found = pattern.fullmatch(code)
        if found is None:
            continue
        args: dict[str, Any] = {k: v for k, v in found.groupdict().items() if v is not None}
        if verb == "order":
            args["action"] = " ".join(args["action"].upper().split())
            args["kind"] = args["kind"].lower()
            if "plan" in args:
                args.update(plan_of(args.pop("plan")))
            if "target" in args:
                args["target"] = unquote(args["target"])
        elif verb == "roll":
            args["intuition"] = faces_of(args.get("intuition", ""))
            args["expertise"] = faces_of(args.get("expertise", ""))
        elif verb in ("reroll", "discovery", "peril"):
            args["die"] = int(args["die"])
            args["face"] = faces_of(args["face"])[0]
        elif verb in ("attack", "launch"):
            for key in ("power", "reserve", "endurance"):
                args[key] = int(args.get(key, 0))
            if verb == "attack":
                args["weapon"] = unquote(args["weapon"])
            else:
                args["launcher"], args["turn"] = unquote(args["launcher"]), float(args["turn"])
        elif verb == "moves":
            args["side"] = args["side"].lower().replace("-", "_")
            args["across"] = "across" in args
        elif verb == "ready":
            pairs = re.split(r"[\s,]+", args["officers"].strip()) if args["officers"].strip() else []
            if any(p.count("/") != 1 for p in pairs):
                raise ValueError("ready lists officers as ship/officer (defiant/sisko), up to 3")
            args["officers"] = tuple(tuple(p.split("/")) for p in pairs)
        elif verb == "round":
            args["number"] = int(args["number"])
        elif verb == "card":
            args["title"] = unquote(args["title"])
        return Line(no, verb, args, reason)
    raise ValueError(f"cannot read {code!r}: not an order, pass, test line or any other statement of the notation")


def parse(text: str) -> Notation:
    """The header's tags and the statements of a notation, every line the grammar cannot read an issue."""
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
        tag = re.fullmatch(r"([A-Za-z]+(?: [A-Za-z]+){0,2})\s*:\s*(.*)", code) if in_header else None
        if tag and not re.match(r"(roll|ready|result|card|reroll|discovery|peril)\b", code, re.IGNORECASE):
            if len(tag[2]) > MAX_FREE_TAG:
                doc.issues.append(Issue(no, "header", f"{tag[1]}: at most {MAX_FREE_TAG} characters", RULE_HEADER))
                continue
            doc.tags.append((tag[1], no, tag[2].strip()))
            continue
        in_header = False
        try:
            line = statement(no, code, comment)
        except ValueError as exc:
            doc.issues.append(Issue(no, "syntax", str(exc), RULE_GRAMMAR))
            continue
        if line.verb in CHILD_VERBS:
            if not doc.lines or doc.lines[-1].verb in ("round", "result"):
                doc.issues.append(Issue(no, "order", f"a {line.verb} line belongs under an order, a salvo, a blast "
                                        "or an outpost attack", RULE_GRAMMAR))
                continue
            doc.lines[-1].children.append(line)
        else:
            doc.lines.append(line)
    return doc

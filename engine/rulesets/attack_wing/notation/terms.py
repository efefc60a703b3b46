"""The notation's words: maneuvers, actions, dice faces, tokens, damage cards, numbers, quoting.

Each ``parse_*`` accepts the spellings a person at the table is likely to write and raises
``ValueError`` with a message for anything else; each ``format_*`` writes the one canonical
spelling that the exporter uses (and that the parser reads back).
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from engine.catalog.models import MANEUVER_KINDS
from engine.geometry.pose import Pose, normalize_heading
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY, DAMAGE_CARDS

SIDE_LETTERS: Final = "AB"
SHIP_REF: Final = re.compile(r"[A-Za-z]\d{1,3}")

# --- dice ----------------------------------------------------------------------------------------

FACE_WORDS: Final[dict[str, str]] = {
    "hit": "hit", "h": "hit", "hits": "hit",
    "crit": "crit", "c": "crit", "critical": "crit", "crits": "crit",
    "bs": "battle_stations", "s": "battle_stations", "battle-stations": "battle_stations",
    "battle_stations": "battle_stations", "battlestations": "battle_stations",
    "blank": "blank", "b": "blank", "blanks": "blank",
    "evade": "evade", "e": "evade", "v": "evade", "evades": "evade",
    # the Elite Attack Die's double hit (resource 4001; the rules allow it on that die alone)
    "double": "double_hit", "dh": "double_hit", "double-hit": "double_hit", "double_hit": "double_hit",
}
FACE_OUT: Final[dict[str, str]] = {"hit": "hit", "crit": "crit", "battle_stations": "bs", "blank": "blank",
                                   "evade": "evade", "double_hit": "double"}
DIE_FACES: Final[dict[str, tuple[str, ...]]] = {
    "attack": ("hit", "crit", "battle_stations", "blank", "double_hit"),
    "defense": ("evade", "battle_stations", "blank"),
}
MAX_DICE: Final = 30


def parse_faces(text: str, kind: str) -> tuple[str, ...]:
    """``hit hit blank`` (or ``h,h,b``; ``none`` for no dice) for a die of ``kind``."""
    words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
    if words == ["none"] or words == ["-"]:
        return ()
    if not words:
        raise ValueError(f"no {kind} dice faces (write the faces rolled, or none)")
    if len(words) > MAX_DICE:
        raise ValueError(f"{len(words)} dice: more than {MAX_DICE} in one roll")
    out = []
    for w in words:
        face = FACE_WORDS.get(w)
        if face is None:
            raise ValueError(f"{w!r} is not a die face (hit, crit, bs, blank, evade, double){_suggest(w, FACE_WORDS)}")
        if face not in DIE_FACES[kind]:
            raise ValueError(f"the {kind} die has no {FACE_OUT[face]} face "
                             f"(it has {', '.join(FACE_OUT[f] for f in DIE_FACES[kind])})")
        out.append(face)
    return tuple(out)


def format_faces(faces: tuple[str, ...] | list[str]) -> str:
    return " ".join(FACE_OUT[f] for f in faces) if faces else "none"


# --- maneuvers -----------------------------------------------------------------------------------

_SIDED = ("bank", "turn", "spin", "flank")


def parse_maneuver(text: str) -> tuple[str, int]:
    """``2 straight``, ``3 left bank`` / ``3 bank left`` / ``3 left-bank``, ``2 full astern``,
    ``3 come about``, ``1 left spin``, ``stop``, ``left 45 rotate``: (kind, speed) as the dial data has them."""
    raw = text.strip().lower().replace("_", "-")
    if raw in MANEUVER_KINDS and (raw == "stop" or raw.endswith("rotate")):
        return raw, 0
    m = re.fullmatch(r"(-?\d{1,2})\s+(.+)", raw)
    speed: int | None = int(m.group(1)) if m else None
    rest = m.group(2) if m else raw
    words = set(re.split(r"[\s-]+", rest)) - {"", "degree", "degrees", "maneuver"}
    side = "left" if "left" in words else ("right" if "right" in words else None)
    if "left" in words and "right" in words:
        raise ValueError(f"{text.strip()!r}: left or right, not both")
    if "rotate" in words:
        degrees = {w for w in words if w in ("45", "90")} | ({str(speed)} if speed in (45, 90) else set())
        if len(degrees) != 1 or side is None:
            raise ValueError(f"{text.strip()!r}: a rotate needs left or right and 45 or 90")
        return f"{side}-{degrees.pop()}-degree-rotate", 0
    if words == {"stop"}:
        if speed not in (None, 0):
            raise ValueError(f"{text.strip()!r}: stop has no speed")
        return "stop", 0
    if speed is None:
        raise ValueError(f"{text.strip()!r}: a maneuver is a speed and a kind, e.g. 2 straight, 3 left bank")
    if words & {"astern", "reverse", "backward", "backwards"}:
        return "straight", -abs(speed)
    if "about" in words:
        return "about", speed
    if words <= {"straight", "forward", "ahead"} and words:
        if speed <= 0:
            raise ValueError(f"{text.strip()!r}: write a full astern as 2 full astern")
        return "straight", speed
    for what in _SIDED:
        if what in words:
            if side is None:
                raise ValueError(f"{text.strip()!r}: a {what} goes left or right")
            if words - {what, side}:
                break
            return f"{side}-{what}", speed
    raise ValueError(f"{text.strip()!r} is not a maneuver (e.g. 2 straight, 3 left bank, 1 right turn, "
                     "2 full astern, 3 come about, stop)")


def format_maneuver(kind: str, speed: int) -> str:
    if kind == "straight" and speed < 0:
        return f"{-speed} full-astern"
    if kind == "about":
        return f"{speed} come-about"
    if speed == 0:
        return kind
    return f"{speed} {kind}"


# --- actions and tokens ----------------------------------------------------------------------------

ACTION_WORDS: Final[dict[str, str]] = {
    "evade": "evasive_maneuvers", "evasive": "evasive_maneuvers", "evasive-maneuvers": "evasive_maneuvers",
    "target-lock": "target_lock", "lock": "target_lock", "tl": "target_lock",
    "scan": "scan",
    "battle-stations": "battle_stations", "bs": "battle_stations",
    "cloak": "cloak",
    "sensor-echo": "sensor_echo", "echo": "sensor_echo",
    "regenerate": "regenerate", "regen": "regenerate",
    "repair": "repair", "flip": "repair",
    "rearm": "rearm", "re-arm": "rearm", "remove-muon": "remove_muon",
    "pass": "pass", "none": "pass", "no-action": "pass",
}
ACTION_OUT: Final[dict[str, str]] = {
    "evasive_maneuvers": "evade", "target_lock": "target-lock", "scan": "scan",
    "battle_stations": "battle-stations", "cloak": "cloak", "sensor_echo": "sensor-echo",
    "regenerate": "regenerate", "repair": "repair", "rearm": "rearm", "pass": "pass", "remove_muon": "remove-muon",
}
TOKEN_WORDS: Final[dict[str, str]] = {
    "evade": "evade", "evade-token": "evade", "evasive": "evade",
    "battle-stations": "battle_stations", "bs": "battle_stations", "battle-stations-token": "battle_stations",
}
TOKEN_OUT: Final[dict[str, str]] = {"evade": "evade", "battle_stations": "battle-stations"}


def word(text: str) -> str:
    """Lower case, spaces and underscores as hyphens: ``Target Lock`` -> ``target-lock``."""
    return re.sub(r"[\s_]+", "-", text.strip().lower())


def parse_action(text: str) -> str:
    key = ACTION_WORDS.get(word(text))
    if key is None:
        raise ValueError(f"{text.strip()!r} is not an action (evade, target-lock, scan, battle-stations, cloak, "
                         "sensor-echo, regenerate, repair, rearm, remove-muon, pass)"
                         f"{_suggest(word(text), ACTION_WORDS)}")
    return key


def parse_token(text: str) -> str:
    key = TOKEN_WORDS.get(word(text))
    if key is None:
        if word(text) in ("target-lock", "lock", "tl"):
            raise ValueError("a target lock is spent by a reroll line (reroll 4 5: hit crit)")
        raise ValueError(f"{text.strip()!r} is not a token a ship spends in an attack (evade, battle-stations)")
    return key


# --- damage cards ----------------------------------------------------------------------------------

_CARD_NAMES: Final[dict[str, str]] = {word(c.title): c.key for c in DAMAGE_CARDS} | {
    word(c.key): c.key for c in DAMAGE_CARDS}


def parse_card(text: str) -> str:
    key = _CARD_NAMES.get(word(text))
    if key is None:
        raise ValueError(f"{text.strip()!r} is not a damage card ({', '.join(c.title for c in DAMAGE_CARDS)})"
                         f"{_suggest(word(text), _CARD_NAMES)}")
    return key


def card_title(key: str) -> str:
    card = CARDS_BY_KEY.get(key)
    return card.title if card else key


# --- numbers and poses --------------------------------------------------------------------------------

def format_number(value: float) -> str:
    """The shortest text that reads back as the same float: 457.2, 0, -12.5, 130.8091."""
    if value == 0:
        return "0"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(float(value))


def parse_number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{what}: {text!r} is not a number") from None
    if not math.isfinite(value) or abs(value) > 1e6:
        raise ValueError(f"{what}: {text!r} is not a sensible number of millimetres or degrees")
    return value


def parse_pose(text: str) -> Pose:
    """``X,Y,H`` (or with spaces): millimetres from the south-west corner and degrees from north."""
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if len(parts) != 3:
        raise ValueError(f"{text.strip()!r} is not a position: write X,Y,HEADING in mm and degrees, "
                         "e.g. 300,420,45")
    x, y, h = (parse_number(p, "position") for p in parts)
    return Pose(x, y, normalize_heading(h))


INCH_MM: Final = 25.4
_LENGTH = re.compile(r"([-+]?(?:\d+\.?\d*|\.\d+))\s*(mm|in|inch|inches|\"|'')?", re.IGNORECASE)
EDGES: Final = {"west": "x", "east": "x", "south": "y", "north": "y"}


@dataclass(frozen=True)
class Measure:
    """One coordinate as a player measures it: a length (mm) from an edge of the play area (``west``,
    ``east``, ``south``, ``north``) or from another ship's base centre (``ship``: east, west, north or
    south of it)."""

    mm: float
    edge: str
    ship: str = ""


@dataclass(frozen=True)
class Measured:
    """A placement measured from the table's edges or from another ship: x, y and the heading."""

    x: Measure
    y: Measure
    heading: float

    def pose(self, width: float, height: float, ships: Mapping[str, Pose]) -> Pose:
        """The pose on a play area of ``width`` x ``height`` mm, other ships where ``ships`` has them;
        ValueError naming a ship that is not placed yet."""
        def at(m: Measure) -> float:
            if m.ship:
                if m.ship not in ships:
                    raise ValueError(f"{m.ship} is not on the table yet: a placement measured from it comes after "
                                     "its own")
                base = ships[m.ship]
                return {"east": base.x + m.mm, "west": base.x - m.mm, "north": base.y + m.mm,
                        "south": base.y - m.mm}[m.edge]
            return {"west": m.mm, "east": width - m.mm, "south": m.mm, "north": height - m.mm}[m.edge]

        return Pose(at(self.x), at(self.y), normalize_heading(self.heading))


def parse_length(text: str, what: str) -> float:
    """A length in millimetres: ``457.2``, ``457.2mm``, ``18in``, ``18"`` (inches)."""
    found = _LENGTH.fullmatch(text.strip())
    if not found:
        raise ValueError(f"{what}: {text.strip()!r} is not a length (millimetres, or inches as 18in or 18\")")
    value = parse_number(found[1], what)
    unit = (found[2] or "mm").lower()
    return value if unit == "mm" else value * INCH_MM


def parse_placement(text: str) -> tuple[Pose, Measured | None]:
    """A placement: ``X,Y,H`` from the south-west corner (each length in mm, or in inches as ``18in``), or
    measured as players measure, ``18in from west, 2in from north, 180`` or ``4in east of B1, 3in south
    of B1, 90`` (to the base's centre; the heading in degrees clockwise from north, ``heading`` optional)."""
    parts = [p.strip() for p in text.strip().split(",")]
    if len(parts) == 3 and re.search(r"\b(from|of)\b", parts[0] + parts[1], re.IGNORECASE):
        heading = parse_number(re.sub(r"^heading\s+|\s*(deg|degrees|°)$", "", parts[2], flags=re.IGNORECASE),
                               "heading")
        axes = []
        for part, axis in ((parts[0], "x"), (parts[1], "y")):
            found = re.fullmatch(r"(.+?)\s+(?:from\s+(west|east|south|north)(?:\s+edge)?|(west|east|south|north)"
                                 r"\s+of\s+([A-Za-z]\d{1,2}))", part, re.IGNORECASE)
            if not found:
                raise ValueError(f"{part!r}: write LENGTH from west|east|south|north, or LENGTH east|west|north|south "
                                 "of SHIP (e.g. 18in from west, 2in from south, 0)")
            edge = (found[2] or found[3]).lower()
            if EDGES[edge] != axis:
                raise ValueError(f"{part!r}: the {'first' if axis == 'x' else 'second'} length is measured "
                                 f"{'east-west' if axis == 'x' else 'north-south'}")
            axes.append(Measure(parse_length(found[1], "position"), edge, (found[4] or "").upper()))
        measured = Measured(axes[0], axes[1], heading)
        return Pose(0.0, 0.0, normalize_heading(heading)), measured
    pieces = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if len(pieces) == 3 and any(re.fullmatch(r".*\d\s*(mm|in|inch|inches|\"|'')", p, re.IGNORECASE)
                                for p in pieces[:2]):  # a length with its unit
        x, y = (parse_length(p, "position") for p in pieces[:2])
        return Pose(x, y, normalize_heading(parse_number(pieces[2], "heading"))), None
    return parse_pose(text), None


def format_pose(pose: Pose) -> str:
    return ",".join(format_number(v) for v in (pose.x, pose.y, pose.heading))


# --- quoting ---------------------------------------------------------------------------------------

_BARE: Final = re.compile(r"[^\s\"#]+")
KEYWORDS: Final = frozenset({"ship", "captain", "admiral", "upgrades", "faction", "resource", "with"})


def quote(text: str) -> str:
    """A word as it is, or in double quotes when it has spaces, quotes, # or is a keyword."""
    if _BARE.fullmatch(text) and text.lower() not in KEYWORDS:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _suggest(text: str, known: dict[str, str] | list[str]) -> str:
    close = difflib.get_close_matches(text, list(known), n=1, cutoff=0.75)
    return f"; did you mean {close[0]!r}?" if close else ""

"""Read notation text into a ``Notation``: every line with its number, every unreadable line an issue.

The grammar is line based (docs/notation.md). A ``#`` outside double quotes starts a comment
that runs to the end of the line; on a dial, action or attack line the comment is the
decision's reason, which the replay keeps. The parser never stops at a bad line: it reports
it and reads on, so one run finds every problem.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Final

from engine.io.reading import has_control, read_bytes, show_path
from engine.rulesets.attack_wing.notation import drawn
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.errors import Issue, NotationError
from engine.rulesets.attack_wing.notation.terms import (
    SHIP_REF,
    SIDE_LETTERS,
    parse_action,
    parse_card,
    parse_faces,
    parse_maneuver,
    parse_number,
    parse_placement,
    parse_token,
    word,
)

MAX_BYTES: Final = 4 * 1024 * 1024
MAX_LINES: Final = 100_000
MAX_ROUND: Final = 1000

# header tags the notation reads (case does not matter); any other tag is kept as it is
KNOWN_TAGS: Final = ("Event", "Site", "Date", "Round", "Scenario", "Seed", "Rounds", "Side A", "Side B", "Player A",
                     "Player B", "Notation", "Game")
_TAG = re.compile(r"([A-Za-z][A-Za-z0-9 ]{0,40}?)\s*:(.*)")
_FLEET = re.compile(r"fleet\s+([A-Za-z])\s*:(.*)", re.IGNORECASE)
_SHIP_ENTRY = re.compile(r"([A-Za-z]\d{1,3})\s+ship\b(.*)", re.IGNORECASE)
_ROUND = re.compile(r"round\s+(\S+?)\s*:?", re.IGNORECASE)
_SETUP = re.compile(r"setup\s*:?", re.IGNORECASE)
_RESULT = re.compile(r"result\s*:(.*)", re.IGNORECASE)
_DICE = re.compile(r"(attack|defen[cs]e)(?:\s+dice)?\s*:(.*)", re.IGNORECASE)
_REROLL = re.compile(r"reroll(?:s|ed)?\b(.*)", re.IGNORECASE)
_SHIP_LINE = re.compile(r"([A-Za-z]\d{1,3})\s+([^\s:]+)(.*)")
_REASON = re.compile(r"(.*?)\s*\(([^()]*)\)\s*")

VERBS: Final = ("dial", "action", "attack", "holds", "spends", "obstacle", "console", "placed", "keeps", "drops",
                "damage", "uses", "mine")
_VERB_ALIASES: Final = {"use": "uses", "attacks": "attack", "fires": "attack", "spend": "spends", "place": "placed",
                        "console-fire": "console", "keep": "keeps", "drop": "drops", "dealt": "damage"}


class _Bad(ValueError):
    """A line that cannot be read, with the class of the problem."""

    def __init__(self, message: str, code: str = "syntax") -> None:
        super().__init__(message)
        self.code = code


def read_notation(path: str | Path) -> tuple[m.Notation, str]:
    """Read and parse a notation file; NotationError when it cannot be read at all."""
    data = read_bytes(path, kind="notation", max_bytes=MAX_BYTES, error=NotationError)
    label = show_path(path)
    return parse_notation(decode(data, label)), label


def decode(data: bytes, label: str) -> str:
    if b"\x00" in data:
        raise NotationError(f"{label}: not a text file (it holds NUL bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise NotationError(f"{label}: not UTF-8 text (byte {exc.start})") from None
    if text.count("\n") > MAX_LINES:
        raise NotationError(f"{label}: more than {MAX_LINES} lines")
    return text


# --- the lexer ------------------------------------------------------------------------------------

def split_comment(line: str) -> tuple[str, str | None]:
    """The code and the comment (after a ``#`` outside double quotes), both stripped."""
    quoted = escaped = False
    for i, ch in enumerate(line):
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "#":
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), None


def tokens(text: str) -> list[tuple[str, bool]]:
    """Words and double-quoted strings (``\\"`` and ``\\\\`` escape): (text, was quoted)."""
    out: list[tuple[str, bool]] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == '"':
            buf = []
            i += 1
            while True:
                if i >= n:
                    raise _Bad("a double quote is not closed")
                c = text[i]
                if c == "\\" and i + 1 < n:
                    buf.append(text[i + 1])
                    i += 2
                elif c == '"':
                    i += 1
                    break
                else:
                    buf.append(c)
                    i += 1
            out.append(("".join(buf), True))
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] != '"':
                j += 1
            out.append((text[i:j], False))
            i = j
    return out


def unquote(text: str) -> str:
    """A tag value: a double-quoted string loses its quotes, anything else is kept as written."""
    t = text.strip()
    if t.startswith('"'):
        words = tokens(t)
        if len(words) == 1 and words[0][1]:
            return words[0][0]
    return t


# --- the parser -------------------------------------------------------------------------------------

class _Parser:
    def __init__(self) -> None:
        self.doc = m.Notation()
        self.section = "header"
        self.round: m.Round | None = None
        self.attack: m.Attack | None = None
        self.swallow = False  # block lines under an attack line that could not be read

    def issue(self, no: int, code: str, message: str) -> None:
        self.doc.issues.append(Issue(no, code, message))

    def run(self, text: str) -> m.Notation:
        # split on line feeds only (CRLF too): splitlines() would also break at a form feed, U+2028 and
        # others, which are refused below like any control character
        lines = text.replace("\r\n", "\n").split("\n")
        for no, line in enumerate(lines, start=1):
            raw = line.replace("\t", " ")  # a tab is a space
            code, comment = split_comment(raw)
            if comment is not None and has_control(comment):  # it becomes a reason, which is plain text
                self.issue(no, "syntax", f"the comment {_control(comment)}; notation is plain text")
                comment = None
            if not code:
                continue
            self.doc.last_line = no
            try:
                if self.section == "header" and self.header_line(no, code):
                    continue
                self.section = "body"
                self.body_line(no, code, comment)
            except ValueError as bad:  # _Bad, and the terms' ValueErrors: a syntax problem
                self.issue(no, getattr(bad, "code", "syntax"), str(bad))
        self.doc.rounds.sort(key=lambda r: r.number)
        return self.doc

    # -- header ----------------------------------------------------------------------------------
    def header_line(self, no: int, code: str) -> bool:
        """Read a header line; False when the line starts the body."""
        if _SETUP.fullmatch(code) or _ROUND.fullmatch(code) or _RESULT.fullmatch(code):
            return False
        fleet = _FLEET.fullmatch(code)
        if fleet:
            self.fleet_line(no, fleet.group(1).upper(), fleet.group(2))
            return True
        entry = _SHIP_ENTRY.fullmatch(code)
        if entry:
            self.ship_entry(no, entry.group(1).upper(), entry.group(2))
            return True
        tag = _TAG.fullmatch(code)
        if tag and not _DICE.fullmatch(code):
            self.tag(no, tag.group(1).strip(), tag.group(2))
            return True
        return False

    def tag(self, no: int, key: str, value: str) -> None:
        canonical = next((k for k in KNOWN_TAGS if k.lower() == " ".join(key.split()).lower()), None)
        if canonical is None:
            close = difflib.get_close_matches(key.lower(), [k.lower() for k in KNOWN_TAGS], n=1, cutoff=0.7)
            if close:
                known = next(k for k in KNOWN_TAGS if k.lower() == close[0])
                raise _Bad(f"unknown tag {key!r}; did you mean {known!r}?", "header")
            canonical = key
        if self.doc.tag(canonical) is not None:
            raise _Bad(f"the tag {canonical!r} is given twice", "header")
        if canonical != "Scenario" and has_control(key + value):  # a free tag goes into the replay's header
            raise _Bad(f"the tag {_control(key + value)}; notation is plain text", "header")
        scenario = canonical == "Scenario" and value.strip().startswith("{")
        self.doc.tags.append(m.Tag(no, canonical, value.strip() if scenario else unquote(value)))

    def fleet_line(self, no: int, letter: str, rest: str) -> None:
        if letter not in SIDE_LETTERS:
            raise _Bad(f"Fleet {letter}: the sides are A and B", "header")
        side = SIDE_LETTERS.index(letter)
        if side in self.doc.fleets:
            raise _Bad(f"Fleet {letter} is given twice", "header")
        words = tokens(rest)
        if not words:
            raise _Bad(f"Fleet {letter} needs a name: Fleet {letter}: \"name\" faction FACTION", "header")
        name = words[0][0]
        faction: str | None = None
        resource: list[str] | None = None
        i = 1
        while i < len(words):
            key, quoted = words[i]
            if quoted or key.lower() not in ("faction", "resource"):
                raise _Bad(f"Fleet {letter}: expected faction or resource, not {key!r} (quote names with spaces)",
                           "header")
            values = []
            i += 1
            while i < len(words) and (words[i][1] or words[i][0].lower() not in ("faction", "resource")):
                values.append(words[i][0])
                i += 1
            if not values:
                raise _Bad(f"Fleet {letter}: {key.lower()} needs a value", "header")
            if key.lower() == "faction":
                if len(values) != 1:
                    raise _Bad(f"Fleet {letter}: one faction (quote a name with spaces)", "header")
                faction = values[0]
            else:
                resource = (resource or []) + values
        self.doc.fleets[side] = m.FleetLine(no, side, name, faction, None if resource is None else tuple(resource))

    def ship_entry(self, no: int, ref: str, rest: str) -> None:
        side = SIDE_LETTERS.find(ref[0])
        if side < 0:
            raise _Bad(f"{ref}: ship ids are A1, A2 ... and B1, B2 ...", "ship")
        words = tokens(rest)
        if not words or (not words[0][1] and words[0][0].lower() in ("captain", "admiral", "upgrades")):
            raise _Bad(f"{ref} ship: name the ship card first: {ref} ship \"U.S.S. Enterprise\" captain ...")
        fields: dict[str, list[str]] = {"captain": [], "admiral": [], "upgrades": []}
        key: str | None = None
        for text, quoted in words[1:]:
            if not quoted and text.lower() in fields:
                key = text.lower()
                continue
            if key is None:
                raise _Bad(f"{ref} ship: {text!r} follows the ship card; quote names with spaces "
                           f"({ref} ship \"I.K.S. Gr'oth\" captain Koloth)")
            if key != "upgrades" and fields[key]:
                raise _Bad(f"{ref} ship: one {key} (quote a name with spaces)")
            fields[key].append(text)
        for key in ("captain", "admiral"):
            if key in [w[0].lower() for w in words[1:] if not w[1]] and not fields[key]:
                raise _Bad(f"{ref} ship: {key} needs a card")
        self.doc.ships.setdefault(side, []).append(m.ShipEntryLine(
            no, ref, words[0][0], fields["captain"][0] if fields["captain"] else None,
            fields["admiral"][0] if fields["admiral"] else None, tuple(fields["upgrades"])))

    # -- body ------------------------------------------------------------------------------------
    def body_line(self, no: int, code: str, comment: str | None) -> None:
        if _SETUP.fullmatch(code):
            self.attack = None
            if self.round is not None:
                raise _Bad("Setup comes before round 1", "order")
            return
        rnd = _ROUND.fullmatch(code)
        if rnd:
            self.new_round(no, rnd.group(1))
            return
        result = _RESULT.fullmatch(code)
        if result:
            self.result_line(no, result.group(1))
            return
        dice = _DICE.fullmatch(code)
        if dice:
            kind = "attack" if dice.group(1).lower() == "attack" else "defense"
            self.block_line(m.Dice(no, kind, parse_faces(dice.group(2), kind)))
            return
        reroll = _REROLL.fullmatch(code)
        if reroll:
            self.block_line(self.reroll_line(no, reroll.group(1)))
            return
        ship = _SHIP_LINE.fullmatch(code)
        if ship and SHIP_REF.fullmatch(ship.group(1)):
            self.ship_line(no, ship.group(1).upper(), ship.group(2).lower(), ship.group(3), comment)
            return
        if _TAG.fullmatch(code) or _FLEET.fullmatch(code):
            raise _Bad("header tags and fleets belong at the top, before Setup and the rounds", "order")
        raise _Bad(f"cannot read {code[:60]!r}: a line is a header tag, Setup, Round N, a ship line "
                   "(A1 dial 2 straight), a dice line under an attack, or Result")

    def new_round(self, no: int, text: str) -> None:
        self.attack, self.swallow = None, False
        try:
            number = int(text)
        except ValueError:
            raise _Bad(f"Round {text!r}: a round is a whole number") from None
        if not 1 <= number <= MAX_ROUND:
            raise _Bad(f"Round {number}: rounds are numbered from 1 (to at most {MAX_ROUND})")
        existing = next((r for r in self.doc.rounds if r.number == number), None)
        last = max((r.number for r in self.doc.rounds), default=0)
        if existing is not None:
            self.round = existing
            raise _Bad(f"Round {number} is given twice (its lines are read as one round)", "order")
        self.round = m.Round(no, number)
        self.doc.rounds.append(self.round)
        if number < last:
            raise _Bad(f"Round {number} comes after round {last}: rounds go in order", "order")

    def result_line(self, no: int, text: str) -> None:
        self.attack = None
        first = text.split()[0].lower() if text.split() else ""
        if self.doc.result is not None:
            raise _Bad("Result is given twice", "order")
        if first in ("a", "b"):
            self.doc.result = m.ResultLine(no, "ab".index(first))
        elif first in ("draw", "tie", "drawn"):
            self.doc.result = m.ResultLine(no, None)
        else:
            raise _Bad("Result: write A, B or draw (the side that won)")

    def reroll_line(self, no: int, text: str) -> m.Reroll:
        head, sep, faces = text.partition(":")
        if not sep:
            raise _Bad("reroll: write the dice and their new faces: reroll 4 5: hit crit")
        words = head.split()
        kind = "attack"
        if words and words[0].lower() in ("attack", "defense", "defence"):
            kind = "attack" if words.pop(0).lower() == "attack" else "defense"
        if not words:
            raise _Bad("reroll: which dice? (1 is the first die rolled): reroll 4 5: hit crit")
        indices = []
        for w in words:
            for part in w.split(","):
                if not part:
                    continue
                if not part.isdigit() or not 1 <= int(part) <= 100:
                    raise _Bad(f"reroll: {part!r} is not a die number (1 is the first die rolled)")
                indices.append(int(part))
        return m.Reroll(no, kind, tuple(indices), parse_faces(faces, kind))

    def block_line(self, line: m.Line) -> None:
        if self.swallow:
            return
        if self.attack is None:
            raise _Bad("dice, rerolls and spends go under the attack line they belong to "
                       "(A1 attack B1, then attack: ..., defense: ...)", "order")
        self.attack.block.append(line)

    def ship_line(self, no: int, ref: str, verb: str, rest: str, comment: str | None) -> None:
        verb = _VERB_ALIASES.get(verb, verb)
        reason = comment or ""
        if verb == "ship":
            raise _Bad("ship lines belong under their Fleet line in the header", "order")
        if verb not in VERBS:
            close = difflib.get_close_matches(verb, VERBS, n=1, cutoff=0.7)
            hint = f"; did you mean {close[0]!r}?" if close else f" (one of {', '.join(VERBS)})"
            if close and close[0] in ("dial", "action", "attack") and self.round is not None:
                self.attack, self.swallow = None, close[0] == "attack"
                self.round.lines.append(m.Broken(no, ref, verb=close[0]))  # stands in: reported once
            raise _Bad(f"{ref} {verb}: unknown verb{hint}")
        if verb == "spends":
            self.block_line(m.Spend(no, ref, parse_token(rest)))
            return
        if verb == "damage":  # neutral: may sit inside an attack block, does not end it
            self.damage_line(no, ref, rest)
            return
        if verb == "uses":  # in an attack's block when it follows one, else a line of the round
            uses = uses_line(no, ref, rest, reason)
            drawn.note(self.doc, uses)  # a damage card drawn and discarded (Joachim)
            if self.attack is not None or self.swallow:
                self.block_line(uses)
            elif self.round is None:
                raise _Bad(f"{ref} uses: this line belongs to a round (write Round 1 above it)", "order")
            else:
                self.round.lines.append(uses)
            return
        self.attack, self.swallow = None, False
        if verb == "placed" and self.round is None:
            pose_text, why = _split_reason(rest)
            pose, measured = parse_placement(pose_text)
            self.doc.setup.append(m.Placed(no, ref, pose, why or reason, measured))
            return
        if self.round is None:
            raise _Bad(f"{ref} {verb}: this line belongs to a round (write Round 1 above it)", "order")
        try:
            line = self.round_line(no, ref, verb, rest, reason)
        except _Bad:
            if verb in ("dial", "action", "attack", "holds"):
                self.round.lines.append(m.Broken(no, ref, verb="attack" if verb == "holds" else verb))
                self.swallow = verb == "attack"
            raise
        self.round.lines.append(line)
        if isinstance(line, m.Attack) and line.defender is not None:
            self.attack = line

    def round_line(self, no: int, ref: str, verb: str, rest: str, reason: str) -> m.Line:
        if verb == "dial":
            try:
                kind, speed = parse_maneuver(rest)
            except ValueError as exc:
                raise _Bad(f"{ref} dial: {exc}") from None
            return m.Dial(no, ref, kind, speed, reason)
        if verb == "action":
            return self.action_line(no, ref, rest, reason)
        if verb == "attack":
            words = tokens(rest)
            if not words or not SHIP_REF.fullmatch(words[0][0]) or words[0][1]:
                raise _Bad(f"{ref} attack: name the defender: {ref} attack B1 [with WEAPON]")
            defender = words[0][0].upper()
            weapon_words = [w for w, _ in words[1:]]
            if weapon_words and weapon_words[0].lower() == "with":
                weapon_words = weapon_words[1:]
            weapon = " ".join(weapon_words) or None
            if weapon is not None and weapon.lower() in ("primary", "primary weapon", "primary-weapon"):
                weapon = None
            return m.Attack(no, ref, defender, weapon, reason)
        if verb == "holds":
            if word(rest) != "fire":
                raise _Bad(f"{ref} holds: write {ref} holds fire")
            return m.Attack(no, ref, None, None, reason)
        if verb == "mine":  # a minefield's attack dice at the ship: B1 mine M1: hit blank hit crit
            head, sep, face = rest.rpartition(":")
            said = [w for w, _ in tokens(head)]
            mine = said[0].upper() if said else ""
            if not sep or not re.fullmatch(r"M\d{1,3}", mine) or [w.lower() for w in said[1:]] not in ([], ["scan"]):
                raise _Bad(f"{ref} mine: write the minefield and its dice: {ref} mine M1: hit blank hit crit "
                           f"({ref} mine M1 scan: ... when the ship scanned at once)")
            return m.Roll(no, ref, "mine", mine, faces=tuple(parse_faces(face, "attack")), scan=len(said) > 1)
        if verb in ("obstacle", "console"):
            head, sep, face = rest.rpartition(":")
            if not sep:
                raise _Bad(f"{ref} {verb}: write the face rolled after a colon: {ref} {verb}: hit")
            faces = parse_faces(face, "attack")
            if len(faces) != 1:
                raise _Bad(f"{ref} {verb}: one attack die is rolled", "dice")
            if verb == "console":
                if word(head) not in ("fire", ""):
                    raise _Bad(f"{ref} console: write {ref} console fire: FACE")
                return m.Roll(no, ref, "console_fire", None, faces[0])
            name = " ".join(w for w, _ in tokens(head)) or None
            return m.Roll(no, ref, "obstacle", name, faces[0])
        if verb == "placed":
            pose_text, why = _split_reason(rest)
            pose, measured = parse_placement(pose_text)
            return m.Placed(no, ref, pose, why or reason, measured)
        if verb in ("keeps", "drops"):
            if word(rest) != "cloak":
                raise _Bad(f"{ref} {verb}: write {ref} {verb} cloak")
            return m.Cloak(no, ref, verb == "keeps")
        raise _Bad(f"{ref} {verb}: cannot read this line")  # pragma: no cover - VERBS are all handled

    def action_line(self, no: int, ref: str, rest: str, reason: str) -> m.ActionLine:
        words = [w for w, _ in tokens(rest)]
        if not words:
            raise _Bad(f"{ref} action: which action? (evade, target-lock B1, scan, battle-stations, cloak, "
                       "sensor-echo left 1, regenerate CARD, repair CARD, rearm WEAPON, pass)")
        # "target lock B1", "battle stations", "sensor echo ...", "evasive maneuvers": two-word names
        name, args = words[0], words[1:]
        if name.lower() == "card":  # a card's "Action:" ability
            cut = next((i for i, w in enumerate(args) if w.lower() == "choosing"), None)
            chosen = args[cut + 1:] if cut is not None else []
            args = args[:cut] if cut is not None else args
            if not args:
                raise _Bad(f"{ref} action card: name the card ({ref} action card Gowron)")
            if cut is not None and not chosen:
                raise _Bad(f"{ref} action card: choosing what? ({ref} action card Klag B1 choosing Worf)")
            target = args.pop().upper() if len(args) > 1 and SHIP_REF.fullmatch(args[-1]) else None
            return m.ActionLine(no, ref, "card", target=target, ability=" ".join(args), reason=reason,
                                choice=" ".join(chosen) or None)
        if args and word(f"{name} {args[0]}") in ("target-lock", "battle-stations", "sensor-echo",
                                                  "evasive-maneuvers", "no-action"):
            name, args = f"{name} {args[0]}", args[1:]
        try:
            action = parse_action(name)
        except ValueError as exc:
            raise _Bad(f"{ref} action: {exc}") from None
        line = m.ActionLine(no, ref, action, reason=reason)
        if action == "target_lock":
            if len(args) != 1 or not SHIP_REF.fullmatch(args[0]):
                raise _Bad(f"{ref} action target-lock: name the one ship locked: {ref} action target-lock B1")
            line.target = args[0].upper()
        elif action == "sensor_echo":
            line.echo = _echo(ref, args)
        elif action == "rearm":  # rulebook "Disabling Upgrade Cards": the weapon whose Disabled Token goes
            if not args:
                raise _Bad(f"{ref} action rearm: name the disabled weapon ({ref} action rearm \"Photon Torpedoes\")")
            line.weapon = " ".join(args)
        elif action in ("regenerate", "repair"):
            if not args:
                raise _Bad(f"{ref} action {action}: name the damage card ({ref} action {action} Console Fire) "
                           f"or its number ({ref} action {action} card 2)")
            if len(args) == 2 and args[0].lower() == "card" and args[1].isdigit():
                line.card_number = int(args[1])
                if not 1 <= line.card_number <= 100:
                    raise _Bad(f"{ref} action {action}: card numbers count from 1")
            else:
                try:
                    line.card = parse_card(" ".join(args))
                except ValueError as exc:
                    raise _Bad(f"{ref} action {action}: {exc}") from None
        elif args:
            raise _Bad(f"{ref} action {name}: takes no target (found {' '.join(args)!r})")
        return line

    def damage_line(self, no: int, ref: str, rest: str) -> None:
        text = rest.strip().lstrip(":").strip()
        face_up: bool | None = None
        body, why = _split_reason(text)
        if why is not None:
            if word(why) not in ("face-up", "face-down", "up", "down", "critical", "crit"):
                raise _Bad(f"{ref} damage: (face up) or (face down), not ({why})")
            face_up = word(why) in ("face-up", "up", "critical", "crit")
            text = body
        else:
            low = word(text)
            for suffix, up in (("-face-up", True), ("-face-down", False)):
                if low.endswith(suffix):
                    face_up = up
                    text = text[: -len(suffix)].rstrip(" ,")
        try:
            key = parse_card(text)
        except ValueError as exc:
            raise _Bad(f"{ref} damage: {exc}") from None
        if self.round is None:
            raise _Bad(f"{ref} damage: this line belongs to a round", "order")
        line = m.Damage(no, ref, key, face_up)
        self.doc.damage.append(line)
        if self.attack is not None:
            self.attack.block.append(line)
        else:
            self.round.lines.append(line)


def _faces_of_any_die(text: str) -> tuple[str, ...]:
    try:
        return parse_faces(text, "attack")
    except ValueError:
        return parse_faces(text, "defense")


_USES_KEYS = ("dice", "free", "choosing", "disabling")


def uses_line(no: int, ref: str, rest: str, reason: str) -> m.Uses:
    """``uses CARD [dice 1 3] [free ACTION [TARGET]] [choosing CARD] [disabling CARD] [: FACES]``; ACTION
    may be ``card NAME``: that card's "Action:" as the free action; ``choosing KEPT over|under OTHER``:
    the damage card placed of the two drawn (Joachim, ``notation/drawn``)."""
    head, sep, faces_text = rest.partition(":")
    words = [w for w, _ in tokens(head)]
    keys = [i for i, w in enumerate(words) if w.lower() in _USES_KEYS]
    cut = keys[0] if keys else len(words)
    if cut == 0:
        raise _Bad(f"{ref} uses: name the card ({ref} uses Koloth dice 2: blank)")
    line = m.Uses(no, ref, " ".join(words[:cut]), reason=reason)
    i = cut
    while i < len(words):
        key, i = words[i].lower(), i + 1
        args = []
        while i < len(words) and words[i].lower() not in _USES_KEYS:
            args.append(words[i])
            i += 1
        if key == "disabling":
            if not args:
                raise _Bad(f"{ref} uses: disabling which upgrade? ({ref} uses 3rd Wing Attack Ship disabling 3015)")
            line.pays = " ".join(args)
        elif key == "dice":
            if not args or not all(a.isdigit() and 1 <= int(a) <= 100 for a in args):
                raise _Bad(f"{ref} uses: dice are numbered from 1 (the first die rolled): dice 1 3")
            line.indices = tuple(int(a) for a in args)
        elif key == "choosing":
            if not args:
                raise _Bad(f"{ref} uses: choosing which card? ({ref} uses Weyoun choosing Worf)")
            line.choice = " ".join(args)
        else:
            if not args:
                raise _Bad(f"{ref} uses: which free action? ({ref} uses Picard free target-lock B2)")
            target = args[-1].upper() if len(args) > 1 and SHIP_REF.fullmatch(args[-1]) else None
            named = args[:-1] if target else args
            if named[0].lower() == "card":  # a card's "Action:" as the free action (Leonard McCoy)
                if len(named) < 2:
                    raise _Bad(f"{ref} uses: free card which? ({ref} uses Leonard McCoy free card Virak'Kara B2)")
                line.action = m.FREE_CARD + " ".join(named[1:])
            else:
                try:
                    line.action = parse_action(" ".join(named))
                except ValueError as exc:
                    raise _Bad(f"{ref} uses: {exc}") from None
            line.target = target
    if sep:
        try:
            line.faces = _faces_of_any_die(faces_text)
        except ValueError as exc:
            raise _Bad(f"{ref} uses: {exc}", "dice") from None
    return line


def _split_reason(text: str) -> tuple[str, str | None]:
    """``300,420,45 (bump dispute)`` -> the text before and the reason in parentheses."""
    match = _REASON.fullmatch(text.strip())
    if match:
        return match.group(1), match.group(2).strip()
    return text, None


def _echo(ref: str, args: list[str]) -> tuple[int, int, float]:
    usage = f"{ref} action sensor-echo: write the side, the template and the offset: sensor-echo left 1 +12.5"
    if len(args) not in (2, 3) or args[0].lower() not in ("left", "right") or args[1] not in ("1", "2"):
        raise _Bad(usage)
    try:
        offset = parse_number(args[2], "sensor echo offset") if len(args) == 3 else 0.0
    except ValueError as exc:
        raise _Bad(f"{usage} ({exc})") from None
    return (-1 if args[0].lower() == "left" else 1), int(args[1]), offset


def _control(text: str) -> str:
    """'holds a control character (\\x1b)': the first one in ``text``, escaped."""
    bad = next(c for c in text if has_control(c))
    return f"holds a control character ({bad.encode('unicode_escape').decode('ascii')})"


def parse_notation(text: str) -> m.Notation:
    """Parse notation text; problems become ``issues`` with line numbers (nothing is raised)."""
    return _Parser().run(text)

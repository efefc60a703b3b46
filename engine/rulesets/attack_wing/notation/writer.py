"""Write a ``Notation`` as text in the canonical spelling (what ``trek notation export`` prints)."""

from __future__ import annotations

import re

from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.errors import NotationError
from engine.rulesets.attack_wing.notation.terms import (
    ACTION_OUT,
    SIDE_LETTERS,
    TOKEN_OUT,
    card_title,
    format_faces,
    format_maneuver,
    format_number,
    format_pose,
    quote,
)


def _term(table: dict[str, str], key: str, what: str) -> str:
    """The notation's word for ``key``; NotationError for one the notation has no word for (a replay
    from another engine may name an action this one does not know)."""
    word = table.get(key)
    if word is None:
        raise NotationError(f"the replay names the {what} {key[:40]!r}, which the notation has no word for")
    return word


HEADING = "# Star Trek: Attack Wing game notation (docs/notation.md)"
_PLAIN_NAME = re.compile(r"[^\s\"#]+( [^\s\"#]+)*")


def _comment(text: str) -> str:
    text = " ".join(text.split())
    return f"  # {text}" if text else ""


def _tag_value(value: str) -> str:
    if value.startswith("{"):
        return value  # an inline scenario: JSON, read as it is
    if value != value.strip() or value.startswith('"') or "#" in value or not value:
        return quote(value) if value else '""'
    return value


def _name(text: str) -> str:
    """A weapon or obstacle name: as it is when it reads back the same, else quoted."""
    if _PLAIN_NAME.fullmatch(text) and text.lower() not in ("primary", "primary weapon", "with"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def line_text(line: m.Line) -> str:
    """One body line (without indentation)."""
    if isinstance(line, m.Dial):
        return f"{line.ship} dial {format_maneuver(line.kind, line.speed)}{_comment(line.reason)}"
    if isinstance(line, m.ActionLine) and line.action == "card":
        target = f" {line.target}" if line.target else ""
        chosen = f" choosing {' + '.join(_name(c) for c in line.choice.split(' + '))}" if line.choice else ""
        return f"{line.ship} action card {_name(line.ability or '')}{target}{chosen}{_comment(line.reason)}"
    if isinstance(line, m.Uses):
        parts = [line.ship, "uses", _name(line.card)]
        if line.indices:
            parts += ["dice", *(str(i) for i in line.indices)]
        if line.action is not None and line.action.startswith(m.FREE_CARD):  # a card's Action: as a free action
            parts += ["free", "card", _name(line.action[len(m.FREE_CARD):]), *([line.target] if line.target else [])]
        elif line.action is not None:
            parts += ["free", _term(ACTION_OUT, line.action, 'action'), *([line.target] if line.target else [])]
        if line.choice is not None:
            parts += ["choosing", _name(line.choice)]
        if line.pays is not None:
            parts += ["disabling", _name(line.pays)]
        faces = f": {format_faces(line.faces)}" if line.faces else ""
        return " ".join(parts) + faces + _comment(line.reason)
    if isinstance(line, m.ActionLine):
        parts = [line.ship, "action", _term(ACTION_OUT, line.action, 'action')]
        if line.target:
            parts.append(line.target)
        if line.weapon is not None:
            parts.append(_name(line.weapon))
        if line.echo is not None:
            side, speed, offset = line.echo
            parts += ["left" if side < 0 else "right", str(speed), format_number(offset)]
        if line.card_number is not None:
            parts += ["card", str(line.card_number)]
        elif line.card is not None:
            parts.append(card_title(line.card))
        return " ".join(parts) + _comment(line.reason)
    if isinstance(line, m.Attack):
        if line.defender is None:
            return f"{line.ship} holds fire{_comment(line.reason)}"
        weapon = "" if line.weapon is None else f" with {_name(line.weapon)}"
        return f"{line.ship} attack {line.defender}{weapon}{_comment(line.reason)}"
    if isinstance(line, m.Dice):
        return f"{line.kind}: {format_faces(line.faces)}"
    if isinstance(line, m.Reroll):
        kind = "" if line.kind == "attack" else f"{line.kind} "
        return f"reroll {kind}{' '.join(str(i) for i in line.indices)}: {format_faces(line.faces)}"
    if isinstance(line, m.Spend):
        return f"{line.ship} spends {_term(TOKEN_OUT, line.token, 'token')}"
    if isinstance(line, m.Roll):
        if line.cause == "mine":
            return f"{line.ship} mine {line.obstacle}{' scan' if line.scan else ''}: {format_faces(line.faces)}"
        if line.cause == "console_fire":
            return f"{line.ship} console fire: {format_faces((line.face,))}"
        name = f" {_name(line.obstacle)}" if line.obstacle else ""
        return f"{line.ship} obstacle{name}: {format_faces((line.face,))}"
    if isinstance(line, m.Placed):
        reason = f" ({line.reason})" if line.reason else ""
        return f"{line.ship} placed {format_pose(line.pose)}{reason}"
    if isinstance(line, m.Cloak):
        return f"{line.ship} {'keeps' if line.keep else 'drops'} cloak"
    if isinstance(line, m.Damage):
        face = "" if line.face_up is None else (" (face up)" if line.face_up else " (face down)")
        return f"{line.ship} damage: {card_title(line.card)}{face}"
    if isinstance(line, m.Comment):
        return f"# {line.text}" if line.text else "#"
    raise TypeError(f"cannot write a {type(line).__name__} line")


def write_notation(doc: m.Notation) -> str:
    out = [HEADING]
    out += [f"# {c}" if c else "#" for c in doc.preamble]
    out.append("")
    for tag in doc.tags:
        out.append(f"{tag.key}: {_tag_value(tag.value)}")
    for side in sorted(doc.fleets):
        fleet = doc.fleets[side]
        text = f"Fleet {SIDE_LETTERS[side]}: {quote(fleet.name)}"
        if fleet.faction is not None:
            text += f" faction {quote(fleet.faction)}"
        if fleet.resource is not None:
            text += " resource " + " ".join(quote(r) for r in fleet.resource)
        out.append(text)
        for ship in doc.ships.get(side, []):
            text = f"{ship.ship} ship {quote(ship.card)}"
            if ship.captain is not None:
                text += f" captain {quote(ship.captain)}"
            if ship.admiral is not None:
                text += f" admiral {quote(ship.admiral)}"
            if ship.upgrades:
                text += " upgrades " + " ".join(quote(u) for u in ship.upgrades)
            out.append(text)
    if doc.setup:
        out += ["", "Setup"]
        out += [line_text(p) for p in doc.setup]
    for rnd in doc.rounds:
        out += ["", f"Round {rnd.number}"]
        for line in rnd.lines:
            out.append(line_text(line))
            if isinstance(line, m.Attack):
                out += ["  " + line_text(b) for b in line.block]
    if doc.result is not None or doc.epilogue:
        out.append("")
    if doc.result is not None:
        winner = "draw" if doc.result.winner is None else SIDE_LETTERS[doc.result.winner]
        note = doc.epilogue[0] if doc.epilogue else ""
        out.append(f"Result: {winner}{_comment(note)}")
        out += [f"# {c}" for c in doc.epilogue[1:]]
    else:
        out += [f"# {c}" for c in doc.epilogue]
    return "\n".join(out) + "\n"

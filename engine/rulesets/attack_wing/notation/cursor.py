"""The line cursor: which line of the notation answers the engine's next request.

Each request of the engine takes the next unused line of its kind for that ship in the round
being played; at the end of a round the lines the game never asked for are reported, each
with why. Also what a line's words name on a ship (a damage card, a weapon, a sensor echo).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.errors import Issue
from engine.rulesets.attack_wing.notation.setup import ship_ids
from engine.rulesets.attack_wing.state import GameState, ShipState, Weapon


class NotationEnds(Exception):
    """The engine asks for a round the notation does not have, and no later round exists."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


class LineCursor:
    """The rounds of a notation, the lines already used, and the issues found so far."""

    def __init__(self, doc: m.Notation, issues: list[Issue]) -> None:
        self.doc = doc
        self.issues = issues
        self.rounds = {r.number: r for r in doc.rounds}
        self.missing_rounds: set[int] = set()
        self.gone: dict[str, tuple[int, str]] = {}  # ship -> (round, cause)
        self.ended: ev.GameEnded | None = None

    def issue(self, line: int, code: str, message: str, rule: str = "") -> None:
        self.issues.append(Issue(line, code, message, rule))

    def round_of(self, state: GameState) -> m.Round | None:
        return self.rounds.get(state.round)

    def take(self, state: GameState, ship: str, kinds: tuple[type[m.Line], ...],
             match: Callable[[Any], bool] | None = None) -> m.Line | None:
        """The next unused line of one of ``kinds`` for ``ship`` in this round (marked used)."""
        rnd = self.round_of(state)
        if rnd is None:
            return None
        for line in rnd.lines:
            if (not line.used and isinstance(line, kinds) and isinstance(line, m.ShipLine) and line.ship == ship
                    and (match is None or match(line))):
                line.used = True
                return line
        return None

    def granted(self, state: GameState, line: m.Line) -> bool:
        """The action line is a free action another ship's card gave this one (Martok): right after
        that card's ``uses`` line ``choosing`` this ship."""
        rnd = self.round_of(state)
        if rnd is None or line not in rnd.lines or not isinstance(line, m.ShipLine):
            return False
        i = rnd.lines.index(line)
        before = rnd.lines[i - 1] if i else None
        return isinstance(before, m.Uses) and (before.choice or "").upper() == line.ship

    def round_line(self, state: GameState) -> int:
        rnd = self.round_of(state)
        return rnd.no if rnd is not None else self.doc.last_line

    def dial_line(self, state: GameState, ship: str) -> int:
        rnd = self.round_of(state)
        if rnd is not None:
            for line in rnd.lines:
                if isinstance(line, m.Dial) and line.ship == ship:
                    return line.no
        return self.round_line(state)

    def missing_round(self, state: GameState) -> bool:
        """True when the notation has no lines for this round (reported once per gap); raises
        ``NotationEnds`` when no later round exists either."""
        if self.round_of(state) is not None:
            return False
        later = [n for n in self.rounds if n > state.round]
        if not later:
            raise NotationEnds(state.round)
        first = state.round not in self.missing_rounds and state.round - 1 not in self.missing_rounds
        self.missing_rounds.add(state.round)
        if first:  # one issue for each gap
            gap = (f"Round {state.round} is missing" if min(later) == state.round + 1
                   else f"Rounds {state.round} to {min(later) - 1} are missing")
            self.issue(self.rounds[min(later)].no, "missing", f"{gap}: the game goes on through every round "
                       "until a fleet is gone or the round limit")
        return True

    # -- what the game never reached -----------------------------------------------------------------------
    def close_round(self, number: int, state: GameState) -> None:
        rnd = self.rounds.get(number)
        if rnd is None:
            return
        for line in rnd.lines:
            if line.used or isinstance(line, m.Damage | m.Broken | m.Comment):
                continue
            line.used = True
            if isinstance(line, m.Attack):
                suppress(line)
            self.issue(line.no, "unused", self.unused_reason(line, rnd, state))

    def unused_reason(self, line: m.Line, rnd: m.Round, state: GameState) -> str:
        assert isinstance(line, m.ShipLine)
        who = who_is(state, line.ship)
        what = {m.Dial: "dial", m.ActionLine: "action", m.Attack: "attack", m.Placed: "placement",
                m.Cloak: "cloak line", m.Roll: "roll"}.get(type(line), "line")
        twin = next((x for x in rnd.lines if x is not line and type(x) is type(line) and isinstance(x, m.ShipLine)
                     and x.ship == line.ship and x.no < line.no), None)
        if twin is not None and not isinstance(line, m.Roll):
            return f"a second {what} for {who} in round {rnd.number} (the first is line {twin.no})"
        gone = self.gone.get(line.ship)
        if gone is not None and gone[0] < rnd.number:
            return f"{who} was already gone in round {gone[0]} ({gone[1]})"
        if gone is not None:
            return f"{who} was destroyed this round ({gone[1]}) before this {what}"
        if isinstance(line, m.Roll):
            if line.cause == "console_fire":
                return f"{who} had no face-up Console Fire at the start of the Combat Phase"
            named = f" {line.obstacle!r}" if line.obstacle else " an obstacle"
            return f"{who}'s maneuver did not touch{named}"
        if isinstance(line, m.Cloak):
            return f"{who} had no green cloak token in the End Phase"
        if isinstance(line, m.Placed):
            return f"{who} did not move this round"
        if self.ended is not None and self.ended.round == rnd.number:
            return f"the game ended this round ({self.ended.reason}) before this {what}"
        return f"the game did not ask for this {what}"

    def close_rounds_after(self, state: GameState) -> None:
        """Report every round after the game's last, and use up its lines."""
        last = self.ended.round if self.ended is not None else state.round
        for rnd in self.doc.rounds:
            if rnd.number > last:
                why = (f"the game ended in round {last} ({self.ended.reason})" if self.ended is not None
                       else f"the game stopped in round {last}")
                self.issue(rnd.no, "unused", f"Round {rnd.number} never happens: {why}")
                for line in rnd.lines:
                    line.used = True


def suppress(line: m.Attack) -> None:
    """Use up an attack's block (its dice, rerolls, spends), so they are not reported again."""
    for b in line.block:
        if not isinstance(b, m.Damage):
            b.used = True


def after_defense(attack: m.Attack, spend: m.Line) -> bool:
    """Is this line below the block's defense roll (so the defender's, not the attacker's)?"""
    defense = next((x.no for x in attack.block if isinstance(x, m.Dice) and x.kind == "defense"), None)
    return defense is not None and spend.no > defense


def check_refs(doc: m.Notation, ids: set[str], counts: tuple[int, int], issues: list[Issue]) -> None:
    """Every ship a line names must be in the game; such lines are reported once and used up."""
    known = ship_ids(counts)

    def bad(line: m.Line, ref: str) -> None:
        issues.append(Issue(line.no, "ship", f"there is no ship {ref} in this game ({known})"))

    for rnd in doc.rounds:
        for line in rnd.lines:
            if isinstance(line, m.ShipLine) and line.ship not in ids:
                bad(line, line.ship)
                line.used = True
                if isinstance(line, m.Attack):
                    suppress(line)
                continue
            if isinstance(line, m.Attack):
                if line.defender is not None and line.defender not in ids:
                    bad(line, line.defender)
                    line.used = True
                    suppress(line)
                    continue
                for b in line.block:
                    if isinstance(b, m.ShipLine) and b.ship not in ids:
                        bad(b, b.ship)
                        b.used = True
            if isinstance(line, m.ActionLine) and line.target is not None and line.target not in ids:
                bad(line, line.target)
                line.used = True
    for d in doc.damage:
        if d.ship not in ids and not d.used:
            bad(d, d.ship)
            d.used = True


# --- what a line's words name on a ship (the exporter writes them the same way) -------------------------

def card_index(ship: ShipState, action: str, card: str | None, number: int | None) -> int | None:
    """The damage card a regenerate or repair line means: ``card N`` (1-based), or by title the first
    face-up card that an action repairs (repair), the first face-up then face-down card (regenerate)."""
    if number is not None:
        return number - 1 if 0 < number <= len(ship.damage) else None
    found = [i for i, c in enumerate(ship.damage) if c.key == card
             and (action == "regenerate" or (c.face_up and CARDS_BY_KEY[c.key].repairable))]
    found.sort(key=lambda i: not ship.damage[i].face_up)
    return found[0] if found else None


def echo_lateral(ship: ShipState, speed: int) -> float:
    """How far sideways a sensor echo with the ``speed`` template moves the base (rulings.md)."""
    return P.STRAIGHT_MM_PER_SPEED * speed + 2 * P.base_half(ship.base)


def find_weapon(ship: ShipState, text: str) -> Weapon | None:
    wanted = text.strip().lower()
    return next((w for w in ship.weapons if w.upgrade_id.lower() == wanted), None) or next(
        (w for w in ship.weapons if w.name.lower() == wanted), None)


def who_is(state: GameState, ref: str) -> str:
    """A ship as an issue names it: its id and name."""
    try:
        return f"{ref} ({state.ship(ref).name})"
    except KeyError:
        return ref


def action_label(action: str) -> str:
    return action.replace("_", " ")

"""A person's seat in Fleet Captains: every ``Offer`` the rules make (the same options the AI is
offered, from the same rules) becomes a ``Decision`` for the person's front end."""

from __future__ import annotations

from engine.rulesets.fleet_captains.players import Offer
from engine.rulesets.fleet_captains.state import FcState
from engine.seats.decision import Choice, Decision, FrontEnd, Journal, ask

GAME = "fleet_captains"
KINDS = {"turn": "your turn: move, act or pass", "step": "the next step of the move",
         "test_card": "a card for the test", "first_player": "who goes first"}


class HumanSeat:
    """The ``Player`` of a person: the offer's options, each with its label as the log words it."""

    def __init__(self, side: int, faction: str, journal: Journal, front: FrontEnd) -> None:
        self.side, self.faction, self.journal, self.front = side, faction, journal, front

    def choose(self, state: FcState, offer: Offer) -> tuple[int, str]:
        options = tuple(Choice(a.label or a.kind, _details(a.kind, a.ships, a.target, a.value, a.place))
                        for a in offer.options)
        me = state.sides[self.side] if len(state.sides) > self.side else None
        situation = (f"turn {state.turn}" + (f", {me.vp} VP of {state.vp_target}" if me is not None else ""),)
        prompt = KINDS.get(offer.kind, offer.kind.replace("_", " ")) + (f" ({offer.note})" if offer.note else "")
        index = ask(self.journal, self.front, Decision(GAME, f"{self.faction} (side {self.side})", offer.kind,
                                                       prompt, options, situation))
        return index, "chosen by a person"


def _details(kind: str, ships: tuple[str, ...], target: str, value: int, place: str) -> str:
    parts = [kind.replace("_", " ")]
    if ships:
        parts.append("ships " + ", ".join(ships))
    if target:
        parts.append(f"target {target}")
    if place:
        parts.append(f"at {place}")
    if value:
        parts.append(f"value {value}")
    return "; ".join(parts)


class TableDie:
    """``--dice table``: each d6 as it came up at the table, asked of whoever keeps it (every side's)."""

    def __init__(self, journal: Journal, front: FrontEnd) -> None:
        self.journal, self.front = journal, front

    def __call__(self, side: int, purpose: str) -> int:
        return ask(self.journal, self.front, Decision(GAME, "the table", "die", f"side {side}, {purpose}: the d6 shows",
                                                      tuple(Choice(str(n)) for n in range(1, 7)))) + 1

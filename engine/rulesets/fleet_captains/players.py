"""The seat interface: every decision the rules leave to a player goes through ``Player.choose``.

An ``Offer`` lists the legal options (``Act``s) of one decision; the seat answers with the index
of its pick and its reason. The game records the pick as a ``chosen`` event (an offer with a
single option is no decision and is not recorded).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.rulesets.fleet_captains.state import FcState


@dataclass(frozen=True)
class Act:
    """One option: ``kind`` says what (a turn's move, an action, a card...), ``ships`` who does
    it, ``target`` on what (a ship, location, card, token or mission), ``value`` a number (a dial
    setting). ``label`` is the option as the log words it (unique within its offer)."""

    kind: str
    ships: tuple[str, ...] = ()
    target: str = ""
    value: int = 0
    label: str = ""
    place: str = ""  # a location, when the option names one besides its target


@dataclass(frozen=True)
class Offer:
    """A decision for ``side``: ``kind`` names it (turn, step, test_card, breakaway_attack...)."""

    side: int
    kind: str
    options: tuple[Act, ...]
    note: str = ""


class Player(Protocol):
    def choose(self, state: FcState, offer: Offer) -> tuple[int, str]:
        """The index of the option picked and the seat's reason."""
        ...


class FirstOption:
    """A seat that always takes the first option (tests)."""

    def choose(self, state: FcState, offer: Offer) -> tuple[int, str]:
        return 0, "the first option"

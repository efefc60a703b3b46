"""Validate a Fleet Captains replay by playing it again from its header: both seats answer from the
recorded ``chosen`` events through the Player interface, every die and shuffle is the seed's, and
every event the engine emits must equal the recorded one at the same place."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.replay.recorded import Mismatch, RecordedLog, header_problem, play_against_log
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.play import FACTIONS, header_for, result_of
from engine.rulesets.fleet_captains.players import Offer
from engine.rulesets.fleet_captains.state import FcState
from engine.seats.session import has_people, validate


class LogSeat:
    """A seat whose decisions are the recorded ones: the next event must be its ``chosen``."""

    def __init__(self, log: RecordedLog, side: int) -> None:
        self.log = log
        self.side = side

    def choose(self, state: FcState, offer: Offer) -> tuple[int, str]:
        event = self.log.get(self.log.position)
        if event is None or event.get("type") != "chosen" or event.get("side") != self.side \
                or event.get("kind") != offer.kind:
            raise Mismatch(self.log.position, f"side {self.side}'s {offer.kind} decision is not recorded here")
        labels = [o.label for o in offer.options]
        if event.get("choice") not in labels:
            raise Mismatch(self.log.position, f"side {self.side} chose {event.get('choice')!r}, which the rules "
                           f"do not offer for {offer.kind}")
        return labels.index(event["choice"]), str(event.get("reason", ""))


def replay_game(header: dict[str, Any], events: Any, result: dict[str, Any] | None, complete: bool) -> list[str]:
    """Play the recorded game again; the problems found (empty when the file is that game)."""
    if has_people(header):  # the people's answers are in the header: played again through their seats
        from engine.rulesets.fleet_captains.play import seated_from_header

        return validate(seated_from_header, header, events, result, complete, "standard setup")
    seed, limit = header.get("seed"), header.get("turn_limit")
    if type(seed) is not int or not 0 <= seed < 2**63 or type(limit) is not int or not 2 <= limit <= 400:
        return ["the header does not give the game's seed and turn limit"]
    expected = header_for(seed, limit)
    if header.get("players") == ["table", "table"]:  # a game played at a table, imported from its notation
        expected["players"] = ["table", "table"]
    problem = header_problem(header, expected, "standard setup", optional=frozenset({"notation"}))
    if problem:
        return [problem]
    log = RecordedLog(events)

    def run(sink: Callable[[Any, Any], None]) -> dict[str, Any] | None:
        game = Game(seed, (LogSeat(log, 0), LogSeat(log, 1)), factions=FACTIONS, fleet_size=header["fleet_size"],
                    sink=sink, turn_limit=limit)
        game.play()
        return result_of(game.state)

    return play_against_log(log, run, fe.event_to_dict, result, complete)

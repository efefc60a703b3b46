"""Fleet Captains' rollouts: the game forked at the start of every turn, the AI in both seats from there.

At the fork the generator is seeded with the rollout's seed and every pile the players draw from
unseen (``DRAW_PILES``: the command, mission and fleet decks, the tiles, the encounter and
specialty decks, the cargo) is shuffled again with it, each as a ``shuffled`` event the reducer
checks as it checks any: what the players could not know is what the rollouts vary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.analysis.rollout import Handover, Roller, Winner, checked, points_before, reached_fork
from engine.errors import TrekError
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.reducer import DRAW_PILES, SHARED_PILES, pile
from engine.rulesets.fleet_captains.rng import seeded


def points(events: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """(event, turn) after the event before each turn starts, and after the last event."""
    return points_before(events, lambda e: e.get("type") == "turn_started", "turn")


def sides(header: Mapping[str, Any]) -> list[str]:
    factions = header.get("factions")
    if not isinstance(factions, list) or len(factions) != 2 or not all(isinstance(f, str) for f in factions):
        raise TrekError("the header does not name the game's two factions")
    return [str(f) for f in factions]


class _Forked(Game):
    def __init__(self, seed: int, players: Sequence[Any], turn_limit: int, at: int, rollout: int, check: Any) -> None:
        super().__init__(seed, players, turn_limit=turn_limit)
        self.at, self.rollout_seed, self.check = at, rollout, check

    def emit(self, event: Any) -> None:
        super().emit(event)
        index = len(self.events) - 1
        if index <= self.at:
            self.check(index, self.events[-1])
        if index == self.at and self.state.phase != "over":  # (a finished game has nothing to roll on)
            self.state = replace(self.state, rng=seeded(self.rollout_seed))
            for name in DRAW_PILES:
                for side in (None,) if name in SHARED_PILES else (0, 1):
                    if len(pile(self.state, name, side)) > 1:
                        self.shuffle(name, side)


def continuation(header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], at: int, seed: int) -> Game:
    """One continuation of the game from the state after event ``at``, the AI in both seats and the
    generator (and the unseen piles) the rollout's from there."""
    from engine.rulesets.fleet_captains.ai import FleetAi
    from engine.rulesets.fleet_captains.human import HumanSeat
    from engine.rulesets.fleet_captains.play import DICE_KEY, FACTIONS, RECORDING, seated_from_header
    from engine.seats.decision import Journal, NoOneThere
    from engine.seats.session import has_people, saved_answers

    plain = dict(header)
    if plain.get(DICE_KEY) == "table":
        raise TrekError("a game played with the table's dice cannot be rolled out: its rolls are not the seed's")
    seated_from_header(plain)  # the header's seed, turn limit and seats checked as a resume checks them
    forked: list[_Forked] = []
    journal = Journal(saved_answers(plain) if has_people(plain) else [], at,
                      lambda: len(forked[0].events) if forked else 0)
    seats = [Handover(HumanSeat(i, FACTIONS[i], journal, NoOneThere()) if kind == "human" else FleetAi(), FleetAi(),
                      lambda: len(forked[0].events) > at) for i, kind in enumerate(plain["players"])]
    game = _Forked(plain["seed"], seats, plain["turn_limit"], at, seed, checked(recorded, RECORDING.codec.encode_event))
    forked.append(game)
    game.play()
    reached_fork(len(game.events), at)
    return game


def rollout(header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], at: int, seed: int) -> Winner:
    state = continuation(header, recorded, at, seed).state
    return state.winner if state.phase == "over" else None


def why(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], lo: int, hi: int) -> tuple[int, str]:
    """The VP scored between two points (its largest gain first), and the damage dealt, in words."""
    names = sides(header)
    span = [(i, events[i]) for i in range(lo + 1, hi + 1)]
    scored = sorted(((i, e) for i, e in span if e.get("type") == "scored_vp" and int(e.get("amount") or 0)),
                    key=lambda s: (-abs(int(s[1]["amount"])), s[0]))
    said = [(i, f"{names[e['side']] if e.get('side') in (0, 1) else 'a side'} {int(e['amount']):+d} VP"
                + (f" ({e['why']})" if e.get("why") else "")) for i, e in scored[:3]]
    damage = sum(int(e.get("amount") or 0) for _, e in span if e.get("type") == "damaged")
    if damage:
        said.append((next(i for i, e in span if e.get("type") == "damaged"), f"{damage} damage dealt"))
    if not said:
        return hi, "no VP scored and no damage dealt between the two points: the moves and cards alone"
    return said[0][0], "; ".join(text for _, text in said)


ROLLER = Roller(points, rollout, sides, why)

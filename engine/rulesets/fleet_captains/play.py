"""`trek play fc-standard`: a whole game of Fleet Captains between two AI seats, recorded.

``play_game(seed, out)`` sets up the standard game (5 x 5 map, fleet size 10, Federation against
Klingon), plays it to its end and streams the replay to ``out``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import engine
from engine.errors import TrekError
from engine.rulesets.base import Played, PlayRequest, Recording
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.ai import FleetAi
from engine.rulesets.fleet_captains.codec import NAME, FleetCaptainsCodec
from engine.rulesets.fleet_captains.content import STANDARD_FLEET_SIZE
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.players import Player
from engine.rulesets.fleet_captains.rules import TURN_LIMIT
from engine.rulesets.fleet_captains.state import FcState
from engine.rulesets.fleet_captains.upgrades import EVENT_SCHEMA
from engine.rulesets.record import Sink, record_game
from engine.seats.decision import FrontEnd, Journal
from engine.seats.session import Seated, default_out, play_and_save

# what its replays are written with (the Ruleset record's name, codec and event schema)
RECORDING: Recording[FcState, fe.Event] = Recording(NAME, FleetCaptainsCodec(), EVENT_SCHEMA)

SCENARIOS: Final = ("fc-standard",)
FACTIONS: Final = ("Federation", "Klingon")


@dataclass(frozen=True)
class FcResult:
    state: FcState
    events: list[fe.Event]
    out: Path | None


SEATS: Final = ("ai", "human")


def header_for(seed: int, turn_limit: int = TURN_LIMIT, players: tuple[str, str] = ("ai", "ai")) -> dict[str, Any]:
    """The replay header of a standard game: everything a re-play needs, nothing else."""
    return {"engine_version": engine.__version__, "ruleset": NAME, "scenario": "fc-standard",
            "scenario_name": "Fleet Captains: the standard map", "seed": seed, "factions": list(FACTIONS),
            "fleet_size": STANDARD_FLEET_SIZE, "turn_limit": turn_limit, "players": list(players)}


def result_of(state: FcState) -> dict[str, Any] | None:
    """The replay's result: winner, reason, VP, turns (None: a game stopped before its end)."""
    if state.phase != "over":
        return None
    return {"winner": state.winner, "reason": state.reason, "vp": [s.vp for s in state.sides], "turns": state.turn}


def play_game(seed: int, out: Path | None = None, turn_limit: int = TURN_LIMIT,
              players: tuple[Player, Player] | None = None) -> FcResult:
    seats = players or (FleetAi(), FleetAi())

    def run(sink: Sink[fe.Event, FcState] | None) -> Game:
        game = Game(seed, seats, factions=FACTIONS, fleet_size=STANDARD_FLEET_SIZE, sink=sink, turn_limit=turn_limit)
        game.play()
        return game

    game = record_game(RECORDING, header_for(seed, turn_limit), run, lambda g: result_of(g.state), out)
    return FcResult(game.state, game.events, out)


DICE_KEY = "dice"  # the header's "table" for a game whose dice were rolled at a real table (--dice table)


def seated(seed: int, turn_limit: int, players: tuple[str, str], dice: str = "engine") -> Seated[Game]:
    """The standard game with these seats (``ai`` or ``human``), to play with people in it; ``dice``
    "table": each d6 asked as it came up at the table."""
    from engine.rulesets.fleet_captains.human import HumanSeat, TableDie

    def run(journal: Journal, front: FrontEnd, sink: Sink[fe.Event, FcState]) -> Game:
        seats = tuple(HumanSeat(i, FACTIONS[i], journal, front) if kind == "human" else FleetAi()
                      for i, kind in enumerate(players))
        game = Game(seed, (seats[0], seats[1]), factions=FACTIONS, fleet_size=STANDARD_FLEET_SIZE, sink=sink,
                    turn_limit=turn_limit, table_die=TableDie(journal, front) if dice == "table" else None)
        game.play()
        return game

    def report(game: Game | None, events: Sequence[Any]) -> tuple[dict[str, Any], list[str]]:
        return summary("fc-standard", seed, game.state if game else None, len(events), None)

    from engine.rulesets.fleet_captains.narrate import log_line
    from engine.rulesets.fleet_captains.presenter import named

    header = header_for(seed, turn_limit, players)
    return Seated(RECORDING, {**header, DICE_KEY: "table"} if dice == "table" else header, run,
                  lambda g: result_of(g.state), report,
                  lambda event, before: named(log_line(event), before))


def seated_from_header(header: dict[str, Any]) -> Seated[Game]:
    """A saved game's header as the game to play again (its seed, turn limit and seats)."""
    seed, limit, players = header.get("seed"), header.get("turn_limit"), header.get("players")
    if type(seed) is not int or not 0 <= seed < 2**63 or type(limit) is not int or not 2 <= limit <= 400:
        raise TrekError("the header does not give the game's seed and turn limit")
    if not isinstance(players, list) or len(players) != 2 or any(p not in SEATS for p in players):
        raise TrekError("the header's players are not two of ai or human")
    dice = header.get(DICE_KEY, "engine")
    if dice not in ("engine", "table"):
        raise TrekError(f"the header's {DICE_KEY} is not table")
    return seated(seed, limit, (players[0], players[1]), dice)


def bundled() -> tuple[str, ...]:
    return SCENARIOS


def plays(name: str) -> bool:
    return name in SCENARIOS


def play_command(request: PlayRequest) -> Played:
    """`trek play fc-standard`: each seat the engine's AI or a person (``--players ai,human``: the
    Federation's seat first); ``--rounds`` caps the turns."""
    kinds = [p.strip() for p in (request.players or "ai").split(",")]
    kinds = kinds * 2 if len(kinds) == 1 else kinds
    if len(kinds) != 2 or any(k not in SEATS for k in kinds):
        raise TrekError(f"--players for fc-standard is one or two of ai or human (ai,human), not {request.players!r}")
    limit = TURN_LIMIT if request.rounds is None else request.rounds  # (0 is refused, not the default)
    if not 2 <= limit <= 400:
        raise TrekError("--rounds for fc-standard (the turn limit) must be between 2 and 400")
    if "human" in kinds or request.dice == "table":
        if request.front is None:
            raise TrekError("a person in a seat or at the table's dice needs a front end (--ui terminal)")
        return play_and_save(seated(request.seed, limit, (kinds[0], kinds[1]), request.dice), request.front,
                             request.out or default_out(request.name, request.seed))
    started = time.perf_counter()
    result = play_game(request.seed, request.out, limit)
    seconds = time.perf_counter() - started
    doc, lines = summary(request.name, request.seed, result.state, len(result.events), seconds)
    doc["replay"] = str(request.out) if request.out else None
    if request.out:
        lines.append(f"  replay: {request.out}")
    return Played(doc, tuple(lines))


def summary(name: str, seed: int, state: FcState | None, events: int, seconds: float | None
            ) -> tuple[dict[str, Any], list[str]]:
    """What `trek play` says of a game (``state`` None: a game stopped before its end)."""
    if state is None:
        return ({"scenario": name, "seed": seed, "events": events, "outcome": "saved"},
                [f"{name}, seed {seed}: {events} events played"])
    outcome = state.reason if state.phase == "over" else "stopped"
    vp = [s.vp for s in state.sides]
    from engine.rulesets.fleet_captains.narrate import sided

    said = sided(outcome, state)  # the factions' names, as the log and the studio say them
    doc: dict[str, Any] = {"scenario": name, "seed": seed, "turns": state.turn, "events": events,
                           "winner": state.winner, "outcome": outcome, "vp": vp,
                           "seconds": None if seconds is None else round(seconds, 3)}
    took = "" if seconds is None else f" in {seconds:.2f} s"  # (a game with people: their time is theirs)
    return doc, [f"{name}, seed {seed}: {state.turn} turns, {events} events{took}",
                 f"  outcome: {said} ({state.sides[0].faction} {vp[0]}, {state.sides[1].faction} {vp[1]} VP)"]

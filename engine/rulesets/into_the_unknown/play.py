"""`trek play itu-perditions-gate`: the learning mission played by the AI in both seats and recorded;
and `trek replay validate` for its files: the game played again from the header's seed by the same
seats, event for event against the file."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import engine
from engine.errors import TrekError
from engine.replay.recorded import differences, header_problem, same
from engine.rulesets.base import Played, PlayRequest, Recording
from engine.rulesets.into_the_unknown.ai import ItuAI, Player
from engine.rulesets.into_the_unknown.codec import NAME as RULESET_NAME
from engine.rulesets.into_the_unknown.codec import ItuCodec
from engine.rulesets.into_the_unknown.events import GameEnded, ItuEvent
from engine.rulesets.into_the_unknown.game import ROUND_LIMIT, ItuGame, play_game
from engine.rulesets.into_the_unknown.mission import NAME, TITLE
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.upgrades import EVENT_SCHEMA
from engine.rulesets.record import Sink, record_game
from engine.seats.decision import FrontEnd, Journal
from engine.seats.session import Seated, default_out, has_people, play_and_save, validate

SEATS = ("ai", "ai")
KINDS = ("ai", "human")

# what its replays are written with (the Ruleset record's name, codec and event schema)
RECORDING: Recording[ItuState, ItuEvent] = Recording(RULESET_NAME, ItuCodec(), EVENT_SCHEMA)


def header_for(seed: int, rounds: int, seats: Sequence[str] = SEATS) -> dict[str, Any]:
    return {"engine_version": engine.__version__, "mission": NAME, "title": TITLE, "seed": seed, "rounds": rounds,
            "seats": list(seats), "sides": ["Federation", "Dominion"]}


def result_of(game: ItuGame) -> dict[str, Any] | None:
    state = game.state
    if not state.over:
        return None
    return {"winner": state.winner, "scores": [state.score(0), state.score(1)], "rounds": state.round,
            "complication": state.complication}


def play_mission(seed: int, out: Path | None = None, rounds: int | None = None) -> ItuGame:
    """Play the learning mission with the AI in both seats; with ``out``, record it there."""
    limit = ROUND_LIMIT if rounds is None else rounds
    if not 1 <= limit <= ROUND_LIMIT:
        raise TrekError(f"--rounds for {NAME} is 1 to {ROUND_LIMIT}")

    def run(sink: Sink[Any, ItuState] | None) -> ItuGame:
        return play_game(seed, [ItuAI(), ItuAI()], sink, limit)

    return record_game(RECORDING, header_for(seed, limit), run, result_of, out)


DICE_KEY = "dice"  # the header's "table" for a game whose dice were rolled at a real table (--dice table)


def seated(seed: int, rounds: int, seats: Sequence[str], dice: str = "engine") -> Seated[ItuGame]:
    """The learning mission with these seats (``ai`` or ``human``), to play with people in it;
    ``dice`` "table": every die's face asked as it came up at the table."""
    from engine.rulesets.into_the_unknown.human import AtTheTable, HumanSeat, TableDice

    def run(journal: Journal, front: FrontEnd, sink: Sink[Any, ItuState]) -> ItuGame:
        players: list[Player] = [HumanSeat(i, journal, front) if kind == "human" else ItuAI()
                                 for i, kind in enumerate(seats)]
        if dice == "table":
            table = TableDice(journal, front)
            players = [AtTheTable(p, table) for p in players]
        return play_game(seed, players, sink, rounds)

    def report(game: ItuGame | None, events: Sequence[Any]) -> tuple[dict[str, Any], list[str]]:
        if game is None:
            return {"mission": NAME, "seed": seed, "events": len(events), "outcome": "saved"}, \
                [f"{TITLE} ({NAME}), seed {seed}: {len(events)} events played"]
        return summary(game, seed, None)

    from engine.rulesets.into_the_unknown.presenter import describe

    header = header_for(seed, rounds, seats)
    return Seated(RECORDING, {**header, DICE_KEY: "table"} if dice == "table" else header, run, result_of, report,
                  lambda event, before: f"R{event.round} {event.phase}: {describe(event, before)}")


def seated_from_header(header: dict[str, Any]) -> Seated[ItuGame]:
    """A saved game's header as the game to play again: its seed, rounds and seats."""
    seed, rounds, seats = header.get("seed"), header.get("rounds", ROUND_LIMIT), header.get("seats")
    if type(seed) is not int or type(rounds) is not int or not 1 <= rounds <= ROUND_LIMIT:
        raise TrekError("the header does not give an integer seed and rounds 1-6 to play the game again")
    if header.get("mission") != NAME or not isinstance(seats, list) or len(seats) != 2 \
            or any(k not in KINDS for k in seats):
        raise TrekError(f"the header is not a {NAME} game between two seats of ai or human")
    dice = header.get(DICE_KEY, "engine")
    if dice not in ("engine", "table"):
        raise TrekError(f"the header's {DICE_KEY} is not table")
    return seated(seed, rounds, seats, dice)


def plays(name: str) -> bool:
    return name == NAME


def bundled() -> list[str]:
    return [NAME]


def play_command(request: PlayRequest) -> Played:
    """`trek play itu-perditions-gate`: each seat the AI or a person (``--players human,ai``: the
    Federation's seat first)."""
    kinds = [p.strip() for p in (request.players or "ai").split(",")]
    kinds = kinds * 2 if len(kinds) == 1 else kinds
    if len(kinds) != 2 or any(k not in KINDS for k in kinds):
        raise TrekError(f"--players for {NAME} is one or two of ai or human (human,ai), not {request.players!r}")
    if "human" in kinds or request.dice == "table":
        limit = ROUND_LIMIT if request.rounds is None else request.rounds
        if not 1 <= limit <= ROUND_LIMIT:
            raise TrekError(f"--rounds for {NAME} is 1 to {ROUND_LIMIT}")
        if request.front is None:
            raise TrekError("a person in a seat needs a front end (--ui terminal)")
        return play_and_save(seated(request.seed, limit, kinds, request.dice), request.front,
                             request.out or default_out(request.name, request.seed))
    started = time.perf_counter()
    game = play_mission(request.seed, request.out, request.rounds)
    doc, lines = summary(game, request.seed, time.perf_counter() - started)
    doc["replay"] = str(request.out) if request.out else None
    if request.out:
        lines.append(f"  replay: {request.out}")
    return Played(doc, tuple(lines))


def summary(game: ItuGame, seed: int, seconds: float | None) -> tuple[dict[str, Any], list[str]]:
    """What `trek play` says of a finished game."""
    state = game.state
    winner = "none" if state.winner is None else state.sides[state.winner]
    doc = {"mission": NAME, "seed": seed, "rounds": state.round, "events": len(game.events),
           "complication": state.complication, "scores": [state.score(0), state.score(1)], "winner": winner,
           "seconds": None if seconds is None else round(seconds, 3)}
    lines = [f"{TITLE} ({NAME}), seed {seed}: {state.round} rounds, {len(game.events)} events"
             + ("" if seconds is None else f" in {seconds:.2f} s"),  # (a game with people: their time is theirs)
             f"  complication: {state.complication or 'not revealed'}; Federation {state.score(0)}, "
             f"Dominion {state.score(1)}: {winner} wins"
             + (f" {game.events[-1].why}"  # a tie: the end event names the rule that decides it
                if state.winner is not None and state.score(0) == state.score(1)
                and isinstance(game.events[-1], GameEnded) else "")]
    return doc, lines


def replay_check(header: dict[str, Any], events: Iterator[dict[str, Any]], result: dict[str, Any] | None,
                 complete: bool) -> list[str]:
    """Play the game again from the header (seed, rounds, the AI seats) and compare every event: the
    first that differs is reported with its position, as is a result that the game does not give."""
    if has_people(header):  # the people's answers are in the header: played again through their seats
        return validate(seated_from_header, header, events, result, complete, "mission setup")
    seed, rounds = header.get("seed"), header.get("rounds", ROUND_LIMIT)
    if type(seed) is not int or not 0 <= seed < 2**63 or type(rounds) is not int or not 1 <= rounds <= ROUND_LIMIT:
        return ["the header does not give an integer seed and rounds 1-6 to play the game again"]
    if header.get("mission") != NAME or list(header.get("seats", [])) != list(SEATS):
        return [f"the header is not a {NAME} game between the AI seats"]
    # every key the engine writes, as it writes it (sides, title), and nothing else
    problem = header_problem(header, header_for(seed, rounds), "mission")
    if problem is not None:
        return [problem]
    game = play_game(seed, [ItuAI(), ItuAI()], None, rounds)
    problems: list[str] = []
    count = 0
    for count, raw in enumerate(events, start=1):
        index = count - 1
        if index >= len(game.events):
            problems.append(f"event {index}: the game is over but the file goes on")
            break
        emitted = RECORDING.codec.encode_event(game.events[index])
        if not same(raw, emitted):
            problems.append(f"event {index} ({raw.get('type')}) does not follow the rules: "
                            f"{differences(raw, emitted)}")
            break
    if not problems and complete and count != len(game.events):
        problems.append(f"the file ends after {count} events; the game goes on to {len(game.events)}")
    if not problems and complete and not same(result, result_of(game)):
        problems.append(f"the file's result {result} is not the game's {result_of(game)}")
    return problems

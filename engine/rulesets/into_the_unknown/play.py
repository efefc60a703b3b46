"""`trek play itu-perditions-gate`: the learning mission played by the AI in both seats and recorded;
and `trek replay validate` for its files: the game played again from the header's seed by the same
seats, event for event against the file."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import engine
from engine.errors import TrekError
from engine.rulesets.base import Played, PlayRequest, Recording
from engine.rulesets.into_the_unknown.ai import ItuAI
from engine.rulesets.into_the_unknown.codec import NAME as RULESET_NAME
from engine.rulesets.into_the_unknown.codec import ItuCodec
from engine.rulesets.into_the_unknown.events import GameEnded, ItuEvent
from engine.rulesets.into_the_unknown.game import ROUND_LIMIT, ItuGame, play_game
from engine.rulesets.into_the_unknown.mission import NAME, TITLE
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.upgrades import EVENT_SCHEMA
from engine.rulesets.record import Sink, record_game

SEATS = ("ai", "ai")

# what its replays are written with (the Ruleset record's name, codec and event schema)
RECORDING: Recording[ItuState, ItuEvent] = Recording(RULESET_NAME, ItuCodec(), EVENT_SCHEMA)


def header_for(seed: int, rounds: int) -> dict[str, Any]:
    return {"engine_version": engine.__version__, "mission": NAME, "title": TITLE, "seed": seed, "rounds": rounds,
            "seats": list(SEATS), "sides": ["Federation", "Dominion"]}


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


def plays(name: str) -> bool:
    return name == NAME


def bundled() -> list[str]:
    return [NAME]


def play_command(request: PlayRequest) -> Played:
    if request.players not in (None, "ai", "ai,ai"):
        raise TrekError(f"{NAME} is played by the AI in both seats (--players ai), not {request.players!r}")
    started = time.perf_counter()
    game = play_mission(request.seed, request.out, request.rounds)
    seconds = time.perf_counter() - started
    state = game.state
    winner = "none" if state.winner is None else state.sides[state.winner]
    doc = {"mission": NAME, "seed": request.seed, "replay": str(request.out) if request.out else None,
           "rounds": state.round, "events": len(game.events), "complication": state.complication,
           "scores": [state.score(0), state.score(1)], "winner": winner, "seconds": round(seconds, 3)}
    lines = [f"{TITLE} ({NAME}), seed {request.seed}: {state.round} rounds, {len(game.events)} events "
             f"in {seconds:.2f} s",
             f"  complication: {state.complication or 'not revealed'}; Federation {state.score(0)}, "
             f"Dominion {state.score(1)}: {winner} wins"
             + (f" {game.events[-1].why}"  # a tie: the end event names the rule that decides it
                if state.winner is not None and state.score(0) == state.score(1)
                and isinstance(game.events[-1], GameEnded) else "")]
    if request.out:
        lines.append(f"  replay: {request.out}")
    return Played(doc, tuple(lines))


def replay_check(header: dict[str, Any], events: Iterator[dict[str, Any]], result: dict[str, Any] | None,
                 complete: bool) -> list[str]:
    """Play the game again from the header (seed, rounds, the AI seats) and compare every event: the
    first that differs is reported with its position, as is a result that the game does not give."""
    seed, rounds = header.get("seed"), header.get("rounds", ROUND_LIMIT)
    if type(seed) is not int or type(rounds) is not int or not 1 <= rounds <= ROUND_LIMIT:
        return ["the header does not give an integer seed and rounds 1-6 to play the game again"]
    if header.get("mission") != NAME or list(header.get("seats", [])) != list(SEATS):
        return [f"the header is not a {NAME} game between the AI seats"]
    game = play_game(seed, [ItuAI(), ItuAI()], None, rounds)
    problems: list[str] = []
    count = 0
    for count, raw in enumerate(events, start=1):
        index = count - 1
        if index >= len(game.events):
            problems.append(f"event {index}: the game is over but the file goes on")
            break
        if raw != RECORDING.codec.encode_event(game.events[index]):
            problems.append(f"event {index} ({raw.get('type')}): the rules give "
                            f"{game.events[index].type} {RECORDING.codec.encode_event(game.events[index])}")
            break
    if not problems and complete and count != len(game.events):
        problems.append(f"the file ends after {count} events; the game goes on to {len(game.events)}")
    if not problems and complete and result != result_of(game):
        problems.append(f"the file's result {result} is not the game's {result_of(game)}")
    return problems

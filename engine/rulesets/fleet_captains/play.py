"""`trek play fc-standard`: a whole game of Fleet Captains between two AI seats, recorded.

``play_game(seed, out)`` sets up the standard game (5 x 5 map, fleet size 10, Federation against
Klingon), plays it to its end and streams the replay to ``out``.
"""

from __future__ import annotations

import time
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

# what its replays are written with (the Ruleset record's name, codec and event schema)
RECORDING: Recording[FcState, fe.Event] = Recording(NAME, FleetCaptainsCodec(), EVENT_SCHEMA)

SCENARIOS: Final = ("fc-standard",)
FACTIONS: Final = ("Federation", "Klingon")


@dataclass(frozen=True)
class FcResult:
    state: FcState
    events: list[fe.Event]
    out: Path | None


def header_for(seed: int, turn_limit: int = TURN_LIMIT) -> dict[str, Any]:
    """The replay header of a standard game: everything a re-play needs, nothing else."""
    return {"engine_version": engine.__version__, "ruleset": NAME, "scenario": "fc-standard",
            "scenario_name": "Fleet Captains: the standard map", "seed": seed, "factions": list(FACTIONS),
            "fleet_size": STANDARD_FLEET_SIZE, "turn_limit": turn_limit, "players": ["ai", "ai"]}


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


def bundled() -> tuple[str, ...]:
    return SCENARIOS


def plays(name: str) -> bool:
    return name in SCENARIOS


def play_command(request: PlayRequest) -> Played:
    """`trek play fc-standard`: both seats are the engine's AI; ``--rounds`` caps the turns."""
    if request.players not in (None, "ai"):
        raise TrekError(f"--players for fc-standard is 'ai' (both seats), not {request.players!r}")
    limit = TURN_LIMIT if request.rounds is None else request.rounds  # (0 is refused, not the default)
    if not 2 <= limit <= 400:
        raise TrekError("--rounds for fc-standard (the turn limit) must be between 2 and 400")
    started = time.perf_counter()
    result = play_game(request.seed, request.out, limit)
    seconds = time.perf_counter() - started
    state = result.state
    outcome = state.reason if state.phase == "over" else "stopped"
    vp = [s.vp for s in state.sides]
    doc: dict[str, Any] = {
           "scenario": request.name, "seed": request.seed, "replay": str(request.out) if request.out else None,
           "turns": state.turn, "events": len(result.events), "winner": state.winner, "outcome": outcome,
           "vp": vp, "seconds": round(seconds, 3)}
    lines = [f"{request.name}, seed {request.seed}: {state.turn} turns, {len(result.events)} events in {seconds:.2f} s",
             f"  outcome: {outcome} (VP {vp[0]} to {vp[1]})"]
    if request.out:
        lines.append(f"  replay: {request.out}")
    return Played(doc, tuple(lines))

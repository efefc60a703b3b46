"""A game of Attack Wing with people in its seats or the table's dice (`trek play duel --players
human,ai`, `--dice table`): the seats the header names, a person's seat (``human.HumanSeat``) where it
says ``human``, and the saved answers, as ``engine.seats.session`` plays, saves, resumes and checks it.
It lives apart from ``play`` because a person's seat speaks the notation, whose importer plays games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import TrekError
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.human import AskedDice, HumanSeat
from engine.rulesets.attack_wing.narrate import log_line
from engine.rulesets.attack_wing.play import (
    RECORDING,
    SEATS,
    SIDE_LETTERS,
    card_warnings,
    header_for,
    players_for,
    setup_from_scenario,
    summary,
    trailer,
)
from engine.rulesets.attack_wing.scenario import Scenario, build_scenario, load_scenario
from engine.rulesets.attack_wing.state import GameState
from engine.rulesets.base import Played, PlayRequest
from engine.rulesets.record import Sink
from engine.seats.decision import FrontEnd, Journal
from engine.seats.session import Seated, default_out, play_and_save

DICE_KEY = "dice"  # the header's "table" for a game whose dice were rolled at a real table (--dice table)


def seated(scenario: Scenario, seed: int, rounds: int | None, players: Sequence[str], dice: str = "engine"
           ) -> Seated[Game]:
    """The scenario with these seats (``ai``, ``random`` or ``human``), to play with people in it;
    ``dice`` "table": each roll's faces asked as they came up at the table."""
    setup = setup_from_scenario(scenario, rounds)
    names = [side.name for side in scenario.sides]

    def run(journal: Journal, front: FrontEnd, sink: Sink[ev.Event, GameState]) -> Game:
        seats = players_for(players, scenario, seed,
                            lambda side: HumanSeat(f"{names[side]} (side {SIDE_LETTERS[side]})", journal, front))
        source = AskedDice(journal, front) if dice == "table" else None
        game = Game(setup, seed, seats, source, sink=sink)  # a person's decisions: every event validated
        game.play()
        return game

    def report(game: Game | None, events: Sequence[Any]) -> tuple[dict[str, Any], list[str]]:
        return summary(scenario, seed, game.state if game is not None else None, len(events), None,
                       tuple(card_warnings(setup)))

    header = header_for(scenario, setup, seed, players)
    return Seated(RECORDING, {**header, DICE_KEY: "table"} if dice == "table" else header, run, trailer, report,
                  log_line)


def seated_from_header(header: dict[str, Any]) -> Seated[Game]:
    """A saved game's header as the game to play again: its scenario, seed, round limit and seats."""
    seed, players, rounds = header.get("seed"), header.get("players"), header.get("round_limit")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise TrekError(f"the header's seed {seed!r} is not a seed")
    if not isinstance(players, list) or len(players) != 2 or any(p not in SEATS for p in players):
        raise TrekError("the header's players are not two of ai, random or human")
    if type(rounds) is not int or not 1 <= rounds <= 1000:
        raise TrekError(f"the header's round limit {rounds!r} is not a number of rounds")
    dice = header.get(DICE_KEY, "engine")
    if dice not in ("engine", "table"):
        raise TrekError(f"the header's {DICE_KEY} is not table")
    scenario = build_scenario(header.get("scenario"), source="the header's scenario", base_dir=None)
    return seated(scenario, seed, rounds, players, dice)



def play_command(request: PlayRequest) -> Played:
    """`trek play SCENARIO --players human,ai` (or ``--dice table``): played at the request's front end
    and saved to ``-o`` (or NAME-seedN.trek)."""
    players = [p.strip() for p in (request.players or "ai,ai").split(",")]
    if len(players) != 2 or any(p not in SEATS for p in players):
        raise TrekError(f"--players needs two of ai, human or random, e.g. human,ai; got {request.players!r}")
    if request.rounds is not None and not 1 <= request.rounds <= 100:
        raise TrekError("--rounds must be between 1 and 100")
    if request.front is None:
        raise TrekError("a person in a seat or at the table's dice needs a front end (--ui terminal)")
    scenario = load_scenario(request.name)
    return play_and_save(seated(scenario, request.seed, request.rounds, players, request.dice), request.front,
                         request.out or default_out(request.name, request.seed))

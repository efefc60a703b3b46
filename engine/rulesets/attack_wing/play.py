"""Play a scenario, AI against AI (or any players), and record it to a replay file."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.codec import RULESET, state_to_dict
from engine.rulesets.attack_wing.game import Game, GameSetup
from engine.rulesets.attack_wing.loadout import ship_setup
from engine.rulesets.attack_wing.players import Player, RandomPlayer
from engine.rulesets.attack_wing.scenario import Scenario, game_result
from engine.rulesets.attack_wing.state import GameState

SIDE_LETTERS = "AB"
KEYFRAME_EVERY = 64


def ship_ref(side: int, index: int) -> str:
    """The id a ship has in a game: A1, A2... for side 0, B1, B2... for side 1."""
    return f"{SIDE_LETTERS[side]}{index + 1}"


def setup_from_scenario(scenario: Scenario, rounds: int | None = None) -> GameSetup:
    """The table and ships of a scenario, ready for round 1."""
    from engine.catalog import load_catalog

    catalog = load_catalog()
    ships: list[ev.ShipSetup] = []
    placements = {}
    for side in scenario.sides:
        for ship, pose in zip(side.fleet.ships, side.start, strict=True):
            ref = ship_ref(side.index, ship.index)
            upgrades = [u.card for u in ship.upgrades]
            captain = ship.captain.card if ship.captain is not None else None
            setup = ship_setup(catalog, ref, side.index, ship.ship, captain, upgrades, ship.cost)
            ships.append(setup.model_copy(update={"skill": ship.skill}))
            placements[ref] = pose

    def scoring(state: GameState) -> tuple[int | None, str, tuple[int, int]]:
        destroyed = tuple({int(s.id[1:]) - 1 for s in state.ships if s.side == side and s.destroyed}
                          for side in (0, 1))
        result = game_result(scenario, (destroyed[0], destroyed[1]))
        return result.winner, result.reason, result.fleet_points

    return GameSetup(ships=ships, placements=placements, obstacles=scenario.obstacles, planets=scenario.planets,
                     area=scenario.play_area, round_limit=rounds or scenario.round_limit,
                     initiative=_initiative(scenario), scoring=scoring)


def _initiative(scenario: Scenario) -> int:
    """The side with the cheaper fleet resolves first on equal Captain Skill; side 0 on a tie (rulings.md)."""
    a, b = (s.fleet.total_cost for s in scenario.sides)
    return 1 if b < a else 0


def players_for(kinds: Sequence[str], scenario: Scenario, seed: int) -> list[Player]:
    out: list[Player] = []
    for i, kind in enumerate(kinds):
        if kind == "ai":
            out.append(AiPlayer(scenario.obstacles, scenario.planets,
                                (scenario.play_area.width, scenario.play_area.height)))
        elif kind == "random":
            out.append(RandomPlayer(seed * 2 + i))
        else:
            raise ValueError(f"unknown player kind {kind!r}: use ai or random")
    return out


def header_for(scenario: Scenario, setup: GameSetup, seed: int, players: Sequence[str]) -> dict[str, Any]:
    """The replay header: everything needed to know what was played (no clock, so same inputs, same bytes)."""
    return {
        "engine_version": engine.__version__,
        "ruleset": RULESET,
        "scenario": scenario.document(),
        "scenario_name": scenario.name,
        "fleets": [{"side": side.index, "name": side.name, "faction": side.fleet.faction,
                    "points": side.fleet.total_cost,
                    "ships": [s.model_dump(mode="json") for s in setup.ships if s.side == side.index]}
                   for side in scenario.sides],
        "seed": seed,
        "players": list(players),
        "round_limit": setup.round_limit,
    }


@dataclass(frozen=True)
class PlayResult:
    state: GameState
    events: list[ev.Event]
    path: Path | None


def play(scenario: Scenario, seed: int, out: Path | None = None, rounds: int | None = None,
         players: Sequence[str] = ("ai", "ai")) -> PlayResult:
    """Play the scenario to the end; with ``out``, stream the replay there as the game goes."""
    from engine.replay.writer import ReplayWriter

    setup = setup_from_scenario(scenario, rounds)
    seats = players_for(players, scenario, seed)
    if out is None:
        game = Game(setup, seed, seats)
        return PlayResult(game.play(), game.events, None)
    writer = ReplayWriter(out, header_for(scenario, setup, seed, players), keyframe_every=KEYFRAME_EVERY, atomic=True)
    with writer:
        def record(event: ev.Event, state: GameState) -> None:
            writer.event(ev.event_to_dict(event))
            if writer.wants_keyframe:
                writer.keyframe(state_to_dict(state))

        game = Game(setup, seed, seats, sink=record)
        state = game.play()
        result = state.result
        writer.close(None if result is None else {
            "winner": result.winner, "reason": result.reason, "points": list(result.points),
            "ships_lost": list(result.ships_lost), "rounds": state.round})
    return PlayResult(state, game.events, out)

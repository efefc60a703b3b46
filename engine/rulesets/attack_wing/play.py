"""Play a scenario, AI against AI (or any players), and record it to a replay file."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.errors import TrekError
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.codec import RULESET as NAME
from engine.rulesets.attack_wing.codec import AttackWingCodec
from engine.rulesets.attack_wing.game import Game, GameSetup
from engine.rulesets.attack_wing.loadout import ship_setup
from engine.rulesets.attack_wing.players import Player, RandomPlayer
from engine.rulesets.attack_wing.scenario import Scenario, game_result
from engine.rulesets.attack_wing.state import GameState
from engine.rulesets.attack_wing.upgrades import EVENT_SCHEMA
from engine.rulesets.base import Played, PlayRequest, Recording
from engine.rulesets.record import KEYFRAME_EVERY as KEYFRAME_EVERY  # the notation importer's too
from engine.rulesets.record import Sink, record_game, stamped

# what its replays are written with (the Ruleset record's name, codec and event schema)
RECORDING: Recording[GameState, ev.Event] = Recording(NAME, AttackWingCodec(), EVENT_SCHEMA)

SIDE_LETTERS = "AB"


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
            admiral = ship.admiral.card if ship.admiral is not None else None
            setup = ship_setup(catalog, ref, side.index, ship.ship, captain, upgrades, ship.cost, admiral)
            # a supported resource belongs to the fleet: among each of its ships' cards, so any of them
            # may use it (the reducer keeps a once-per-round resource once for the whole fleet)
            fleet_cards = tuple(r.card.id for r in side.fleet.resources if _fleet_card(r.card.id))
            ships.append(setup.model_copy(update={"skill": ship.skill, "cards": (*setup.cards, *fleet_cards)}))
            placements[ref] = pose

    def scoring(state: GameState) -> tuple[int | None, str, tuple[int, int]]:
        destroyed = tuple({int(s.id[1:]) - 1 for s in state.ships if s.side == side and s.destroyed}
                          for side in (0, 1))
        result = game_result(scenario, (destroyed[0], destroyed[1]))
        return result.winner, result.reason, result.fleet_points

    resources = tuple((side.index, r.card.id) for side in scenario.sides for r in side.fleet.resources)
    return GameSetup(ships=ships, placements=placements, obstacles=scenario.obstacles, planets=scenario.planets,
                     area=scenario.play_area, round_limit=rounds or scenario.round_limit,
                     initiative=_initiative(scenario), scoring=scoring, resources=resources)


def _fleet_card(card_id: str) -> bool:
    from engine.rulesets.attack_wing.abilities.registry import CARDS

    card = CARDS.get(card_id)
    return card is not None and card.kind == "resource" and bool(card.abilities)


def card_warnings(setup: GameSetup) -> list[str]:
    """One warning per card in play whose ability the engine does not play (never silently)."""
    from engine.catalog import load_catalog
    from engine.rulesets.attack_wing.abilities.registry import unsupported

    catalog = load_catalog()
    out = []
    for ship in setup.ships:
        for card_id in unsupported(ship.cards):
            if card_id == ship.ship_id:  # the ship card's own printed ability
                out.append(f"warning: the ship card {ship.name} ({card_id}) of {ship.id}: its own ability is not "
                           "supported yet; the ship plays with its numbers only")
                continue
            found = catalog.find_cards(card_id)
            name = f"{found[0].name} ({card_id})" if found else card_id
            out.append(f"warning: {name} on {ship.name} ({ship.id}): its ability is not supported yet; "
                       "the card plays with its numbers only")
    for side, card_id in setup.resources:
        if unsupported((card_id,)):
            found_resource = catalog.find_resources(card_id)
            name = f"{found_resource[0].name} ({card_id})" if found_resource else card_id
            out.append(f"warning: the resource {name} of side {'AB'[side]}'s fleet: its rules are not supported yet; "
                       "the game plays without it (its cost still counts)")
    return out


def _initiative(scenario: Scenario) -> int:
    """The side with the cheaper fleet resolves first on equal Captain Skill; side 0 on a tie (rulings.md)."""
    a, b = (s.fleet.total_cost for s in scenario.sides)
    return 1 if b < a else 0


def players_for(kinds: Sequence[str], scenario: Scenario, seed: int,
                people: Callable[[int], Player] | None = None) -> list[Player]:
    """The seats: the AI, a random player, or (``people`` given) a person's seat for side i."""
    out: list[Player] = []
    for i, kind in enumerate(kinds):
        if kind == "human" and people is not None:
            out.append(people(i))
        elif kind == "ai":
            out.append(AiPlayer(scenario.obstacles, scenario.planets,
                                (scenario.play_area.width, scenario.play_area.height)))
        elif kind == "random":
            out.append(RandomPlayer(seed * 2 + i))
        else:
            raise ValueError(f"unknown player kind {kind!r}: use ai or random")
    return out


def header_for(scenario: Scenario, setup: GameSetup, seed: int, players: Sequence[str]) -> dict[str, Any]:
    """The replay header: everything needed to know what was played (no clock, so same inputs, same bytes)."""
    return stamped(RECORDING, {
        "engine_version": engine.__version__,
        "scenario": scenario.document(),
        "scenario_name": scenario.name,
        "fleets": [{"side": side.index, "name": side.name, "faction": side.fleet.faction,
                    "points": side.fleet.total_cost,
                    **({"resources": [r.card.id for r in side.fleet.resources]} if side.fleet.resources else {}),
                    "ships": [s.model_dump(mode="json") for s in setup.ships if s.side == side.index]}
                   for side in scenario.sides],
        "seed": seed,
        "players": list(players),
        "round_limit": setup.round_limit,
    })


@dataclass(frozen=True)
class PlayResult:
    state: GameState
    events: list[ev.Event]
    path: Path | None
    warnings: tuple[str, ...] = ()  # cards whose ability is not played (``card_warnings``)


def play(scenario: Scenario, seed: int, out: Path | None = None, rounds: int | None = None,
         players: Sequence[str] = ("ai", "ai")) -> PlayResult:
    """Play the scenario to the end; with ``out``, stream the replay there as the game goes."""
    setup = setup_from_scenario(scenario, rounds)
    seats = players_for(players, scenario, seed)

    def run(sink: Sink[ev.Event, GameState] | None) -> Game:
        game = Game(setup, seed, seats, sink=sink)
        game.play()
        return game

    game = record_game(RECORDING, header_for(scenario, setup, seed, players), run, trailer, out)
    return PlayResult(game.state, game.events, out, tuple(card_warnings(setup)))


SEATS = ("ai", "random", "human")


def trailer(game: Game) -> dict[str, Any] | None:
    """The replay's result: winner, reason, fleet points, ships lost, rounds (None: stopped early)."""
    result = game.state.result
    return None if result is None else {
        "winner": result.winner, "reason": result.reason, "points": list(result.points),
        "ships_lost": list(result.ships_lost), "rounds": game.state.round}


# -- `trek play` ------------------------------------------------------------------------------------

def plays(name: str) -> bool:
    """A bundled scenario's name, or anything that looks like a path (a scenario file)."""
    from engine.rulesets.attack_wing.scenario import bundled_scenarios

    return name in bundled_scenarios() or any(c in name for c in "/\\.")


def play_command(request: PlayRequest) -> Played:
    """`trek play SCENARIO`: the AI (or a random player) in each seat; ``players`` is "ai,random" and the like."""
    import time

    from engine.rulesets.attack_wing.scenario import load_scenario

    players = [p.strip() for p in (request.players or "ai,ai").split(",")]
    if len(players) != 2 or any(p not in SEATS for p in players):
        raise TrekError(f"--players needs two of ai, human or random, e.g. human,ai; got {request.players!r}")
    if request.rounds is not None and not 1 <= request.rounds <= 100:
        raise TrekError("--rounds must be between 1 and 100")
    if "human" in players or request.dice == "table":  # (the ruleset sends such games to people.py)
        raise TrekError("a game with people in its seats or the table's dice is played by "
                        "engine.rulesets.attack_wing.people")
    scenario = load_scenario(request.name)
    started = time.perf_counter()
    result = play(scenario, request.seed, request.out, request.rounds, players)
    seconds = time.perf_counter() - started
    doc, lines = summary(scenario, request.seed, result.state, len(result.events), seconds, result.warnings)
    doc["replay"] = str(request.out) if request.out else None
    if request.out:
        lines.insert(len(lines) - len(result.warnings), f"  replay: {request.out}")
    return Played(doc, tuple(lines))


def summary(scenario: Scenario, seed: int, state: GameState | None, events: int, seconds: float | None,
            warnings: tuple[str, ...]) -> tuple[dict[str, Any], list[str]]:
    """What `trek play` says of a game (``state`` None: a game stopped before its end)."""
    if state is None:
        return ({"scenario": scenario.name, "seed": seed, "events": events, "reason": "saved"},
                [f"{scenario.name}, seed {seed}: {events} events played"])
    outcome = state.result
    sides = [s.name for s in scenario.sides]
    doc = {
        "scenario": scenario.name,
        "seed": seed,
        "rounds": state.round,
        "events": events,
        "winner": None if outcome is None or outcome.winner is None else sides[outcome.winner],
        "reason": outcome.reason if outcome else "stopped",
        "fleet_points": {sides[0]: outcome.points[0], sides[1]: outcome.points[1]} if outcome else None,
        "ships_lost": {sides[0]: outcome.ships_lost[0], sides[1]: outcome.ships_lost[1]} if outcome else None,
        "seconds": None if seconds is None else round(seconds, 3),
        "warnings": list(warnings),
    }
    took = "" if seconds is None else f" in {seconds:.2f} s"  # (a game with people: their time is theirs)
    lines = [f"{scenario.name}, seed {seed}: {doc['rounds']} rounds, {doc['events']} events{took}"]
    if outcome is not None:
        lines += [f"  result: {doc['winner'] or 'draw'} ({outcome.reason})",
                  f"  fleet points: {sides[0]} {outcome.points[0]}, {sides[1]} {outcome.points[1]}",
                  f"  ships lost:   {sides[0]} {outcome.ships_lost[0]}, {sides[1]} {outcome.ships_lost[1]}"]
    lines += [f"  {w}" for w in warnings]
    return doc, lines

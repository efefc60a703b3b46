"""Play an Alliance mission with the engine's AI for every player ship and record it.

``play_mission("alliance-act1", players=3, seed=7, out=Path("act1.trek"))`` sets up the mission
for that many player ships (2 to 6), plays it to its end and streams the replay there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.catalog import Catalog, load_catalog
from engine.errors import CatalogError, TrekError
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.codec import RULESET, AllianceCodec
from engine.rulesets.alliance.game import AllianceGame, AllianceSetup
from engine.rulesets.alliance.mission import MAX_PLAYERS, MIN_PLAYERS, Mission, PlayerShipSpec, load_mission
from engine.rulesets.alliance.players import MissionAiPlayer
from engine.rulesets.alliance.state import PLAYERS, AllianceState
from engine.rulesets.alliance.upgrades import EVENT_SCHEMA
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.dice import Rng
from engine.rulesets.attack_wing.loadout import ship_setup
from engine.rulesets.attack_wing.players import Player, RandomPlayer
from engine.rulesets.base import Played, PlayRequest, Recording
from engine.rulesets.record import Sink, record_game
from engine.seats.decision import FrontEnd, Journal
from engine.seats.session import Seated, default_out, play_and_save

# what its replays are written with (the Ruleset record's name, codec and event schema)
RECORDING: Recording[AllianceState, ae.AnyEvent] = Recording(RULESET, AllianceCodec(), EVENT_SCHEMA)

TERRAIN_STREAM = 0xA11A_2CE5  # the terrain layout's generator is the seed's, on its own stream


@dataclass(frozen=True)
class PlayerShip:
    """One player's ship for a mission: a ship with upgrades and the captain's skill."""

    label: str
    ship: str  # catalog ship id or name
    upgrades: tuple[str, ...] = ()
    skill: int = 2
    captain: str = "Player Captain"


def player_setup(catalog: Catalog, ref: str, spec: PlayerShip) -> ev.ShipSetup:
    """The Attack Wing ship a player flies. Upgrades found in the catalog count (weapons fire);
    others (Alliance cards the data does not have) are carried by name only."""
    ship = catalog.ship(spec.ship)
    found = []
    names = []
    known = {u.id for u in catalog.upgrades()} | {u.name.lower() for u in catalog.upgrades()}
    for name in spec.upgrades:
        if name in known or name.lower() in known:
            try:
                found.append(catalog.upgrade(name))
                continue
            except CatalogError:  # ambiguous: several cards of that name
                pass
        names.append(name)
    setup = ship_setup(catalog, ref, PLAYERS, ship, None, found, 0)
    name = setup.class_name.removesuffix(" Class") if ship.name == "Federation Starship" else ship.name
    return setup.model_copy(update={"name": f"{name} ({ref})", "captain": spec.captain, "skill": spec.skill,
                                    "upgrades": (*setup.upgrades, *names)})


def pregenerated(mission: Mission, players: int) -> list[PlayerShip]:
    specs: Sequence[PlayerShipSpec] = mission.spec.pregenerated
    if not specs:
        raise TrekError(f"{mission.name} has no pre-generated player ships; play it from a campaign")
    return [PlayerShip(s.label, s.ship, s.upgrades, mission.spec.player_skill) for s in
            (specs[i % len(specs)] for i in range(players))]


def terrain_rng(seed: int) -> Rng:
    return Rng((seed * 0x9E37_79B9 + TERRAIN_STREAM) & ((1 << 63) - 1))


def mission_setup(mission: Mission, players: int, seed: int, ships: Sequence[PlayerShip] | None = None,
                  rounds: int | None = None, catalog: Catalog | None = None) -> AllianceSetup:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TrekError(f"a mission takes {MIN_PLAYERS} to {MAX_PLAYERS} player ships, not {players}")
    cat = catalog or load_catalog()
    chosen = list(ships) if ships is not None else pregenerated(mission, players)
    if len(chosen) != players:
        raise TrekError(f"{players} players need {players} ships, got {len(chosen)}")
    setups = [player_setup(cat, f"P{i + 1}", s) for i, s in enumerate(chosen)]
    poses = mission.deployment_poses(players)
    return AllianceSetup(mission=mission, players=players, player_ships=setups,
                         placements={s.id: p for s, p in zip(setups, poses, strict=True)},
                         obstacles=mission.obstacles(players, terrain_rng(seed)), planets=mission.planets(players),
                         round_limit=rounds)


def header_for(setup: AllianceSetup, seed: int, ships: Sequence[PlayerShip]) -> dict[str, Any]:
    mission = setup.mission
    area = mission.area
    return {
        "engine_version": engine.__version__,
        "ruleset": RULESET,
        "scenario": mission.name,
        "scenario_name": mission.spec.title,
        "mission": mission.document(),
        "players": setup.players,
        "table": {
            "play_area": {"width": area.width, "height": area.height},
            "obstacles": [{"name": o.name, "points": [list(p) for p in o.points]} for o in setup.obstacles],
            "planets": [{"name": p.name, "x": p.x, "y": p.y, "radius": p.radius} for p in setup.planets],
            "mission_tokens": [{"label": t.label, "kind": t.kind, "x": t.x, "y": t.y}
                               for t in mission.token_sites(setup.players)],
            "bearings": [{"number": b.number, "x": p.x, "y": p.y, "heading": p.heading}
                         for b in mission.spec.bearings for p in [mission.bearing_pose(b.number)]],
        },
        "fleets": [
            {"side": 0, "name": "Players", "faction": "Federation",
             "ships": [s.model_dump(mode="json") for s in setup.player_ships],
             "loadouts": [s.label for s in ships]},
            {"side": 1, "name": "Enemy AI", "faction": "Dominion", "ships": []},
        ],
        "seed": seed,
        "round_limit": setup.round_limit or mission.spec.end.round_limit,
    }


@dataclass(frozen=True)
class MissionResult:
    state: AllianceState
    events: list[ae.AnyEvent]
    path: Path | None


def play_mission(name: str | Path | Mission, players: int, seed: int, out: Path | None = None,
                 rounds: int | None = None, ships: Sequence[PlayerShip] | None = None,
                 pilot: str = "ai") -> MissionResult:
    """Play a mission (bundled name, file, or loaded) with ``players`` player ships to its end;
    with ``out``, stream the replay there as the game goes. ``pilot`` flies the player ships:
    ``ai`` (the Attack Wing AI with the mission's objective) or ``random`` (for fuzzing)."""
    mission = name if isinstance(name, Mission) else load_mission(name)
    chosen = list(ships) if ships is not None else pregenerated(mission, players)
    setup = mission_setup(mission, players, seed, chosen, rounds)
    seat: Player
    if pilot == "ai":
        seat = MissionAiPlayer(mission, players, setup.obstacles, setup.planets)
    elif pilot == "random":
        seat = RandomPlayer(seed)
    else:
        raise TrekError(f"unknown pilot {pilot!r}: use ai or random")
    def run(sink: Sink[ae.AnyEvent, AllianceState] | None) -> AllianceGame:
        game = AllianceGame(setup, seed, seat, sink=sink)
        game.play()
        return game

    game = record_game(RECORDING, header_for(setup, seed, chosen), run, _trailer, out)
    return MissionResult(game.full, list(game.events), out)


PEOPLE_KEY = "people"  # the header's list of the player ships people fly (a game with people only)
DICE_KEY = "dice"  # the header's "table" for a mission whose dice were rolled at a real table


def seated(setup: AllianceSetup, seed: int, ships: Sequence[PlayerShip], people: Sequence[str],
           dice: str = "engine") -> Seated[AllianceGame]:
    """The mission with people flying the player ships ``people`` (P1, P2...), the AI the others;
    ``dice`` "table": each roll (the Enemy AI's die too) asked as it came up at the table."""
    from engine.rulesets.alliance.human import SplitSeat
    from engine.rulesets.attack_wing.human import AskedDice, HumanSeat

    refs = [s.id for s in setup.player_ships]
    if (not people and dice != "table") or any(p not in refs for p in people) or len(set(people)) != len(people):
        raise TrekError(f"the ships people fly are some of {', '.join(refs)}, each once; not {', '.join(people)}")
    mission = setup.mission

    def run(journal: Journal, front: FrontEnd, sink: Sink[ae.AnyEvent, AllianceState]) -> AllianceGame:
        ai = MissionAiPlayer(mission, setup.players, setup.obstacles, setup.planets)
        person = HumanSeat(f"the players ({', '.join(people)})", journal, front, "alliance")
        table = AskedDice(journal, front, "alliance") if dice == "table" else None
        game = AllianceGame(setup, seed, SplitSeat(ai, person, frozenset(people)), table, sink=sink,
                            die=table.die if table is not None else None)
        game.play()  # a person's decisions: every event validated (not ``trusted_events``)
        return game

    def report(game: AllianceGame | None, events: Sequence[Any]) -> tuple[dict[str, Any], list[str]]:
        outcome = "saved" if game is None else _outcome(game.full)
        rounds = None if game is None else game.full.aw.round
        return ({"mission": mission.name, "players": setup.players, "people": list(people), "seed": seed,
                 "rounds": rounds, "events": len(events), "outcome": outcome},
                [f"{mission.name}, {setup.players} player ships"
                 + (f" ({', '.join(people)} flown by people)" if people else "")
                 + (", the dice rolled at the table" if dice == "table" else "")
                 + f", seed {seed}: {len(events)} events", f"  outcome: {outcome}"])

    header = {**header_for(setup, seed, ships), PEOPLE_KEY: list(people), **({DICE_KEY: "table"} if dice == "table"
                                                                              else {})}
    from engine.rulesets.alliance.narrate import log_line

    return Seated(RECORDING, header, run, _trailer, report, log_line)


def _trailer(game: AllianceGame) -> dict[str, Any] | None:
    """The replay's result: success, reason, sensor data returned, XP, rounds (None: stopped early)."""
    result = game.full.mission
    return None if result is None else {
        "success": result.success, "reason": result.reason, "returned": list(result.returned),
        "xp": {ship: xp for ship, xp in result.xp}, "rounds": game.full.aw.round}


# -- `trek play` ------------------------------------------------------------------------------------

def plays(name: str) -> bool:
    """A bundled mission's name."""
    from engine.rulesets.alliance.mission import bundled_missions

    return name in bundled_missions()


def check_rounds(rounds: int | None) -> None:
    """``--rounds`` for a mission, as `trek play`, `trek mission play` and `trek campaign play` all take it."""
    if rounds is not None and not 1 <= rounds <= 100:
        raise TrekError(f"--rounds must be between 1 and 100, not {rounds}")


def play_command(request: PlayRequest) -> Played:
    """`trek play MISSION`: the players' ships flown by the AI against the Enemy AI; ``players`` is
    the number of player ships (2 to 6, default 2)."""
    import time

    number, _, flown = (request.players or "2").partition(":")
    try:
        count = int(number)
    except ValueError:
        raise TrekError(f"--players for a mission is the number of player ships (2 to 6), and after a colon the "
                        f"ships people fly (3:P1,P2), not {request.players!r}") from None
    if not 2 <= count <= 6:
        raise TrekError("--players for a mission must be between 2 and 6")
    check_rounds(request.rounds)
    if flown or request.dice == "table":
        if request.front is None:
            raise TrekError("a person in a seat needs a front end (--ui terminal)")
        mission = load_mission(request.name)
        chosen = pregenerated(mission, count)
        setup = mission_setup(mission, count, request.seed, chosen, request.rounds)
        people = [p.strip().upper() for p in flown.split(",") if p.strip()]
        return play_and_save(seated(setup, request.seed, chosen, people, request.dice), request.front,
                             request.out or default_out(request.name, request.seed))
    started = time.perf_counter()
    result = play_mission(request.name, count, request.seed, request.out, request.rounds)
    seconds = time.perf_counter() - started
    state = result.state
    doc = {"mission": request.name, "players": count, "seed": request.seed,
           "replay": str(request.out) if request.out else None, "rounds": state.aw.round,
           "events": len(result.events), "outcome": _outcome(state), "seconds": round(seconds, 3)}
    lines = [f"{request.name}, {count} player ships, seed {request.seed}: {doc['rounds']} rounds, "
             f"{doc['events']} events in {seconds:.2f} s", f"  outcome: {doc['outcome']}"]
    if request.out:
        lines.append(f"  replay: {request.out}")
    return Played(doc, tuple(lines))


def _outcome(state: AllianceState) -> str:
    mission = state.mission
    if mission is None:
        return state.aw.result.reason if state.aw.result is not None else "stopped"
    label = "success" if mission.success else "failure"
    return mission.reason if label in mission.reason else f"{label}: {mission.reason}"

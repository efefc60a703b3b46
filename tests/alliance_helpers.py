"""Builders for Alliance tests: a bare mission, a table with ships where a test wants them, scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aw_helpers import ScriptedDice, ScriptedPlayer, make_ship

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.game import AllianceGame, AllianceSetup
from engine.rulesets.alliance.loadout import enemy_ship_setup
from engine.rulesets.alliance.logic import JEM_HADAR_ATTACK_SHIP
from engine.rulesets.alliance.mission import Mission, parse_mission
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.state import GameState

AKIRA = "federation_starship_72008"
EXCELSIOR = "1045"


def bare_mission(**changes: Any) -> Mission:
    doc: dict[str, Any] = {
        "name": "test", "title": "Test mission",
        "deployment": {"x": 0, "y": 0, "width": 9, "height": 1},
        "bearings": [{"number": n, "x": n, "y": 9, "heading": 180} for n in range(1, 7)],
        "edges": {"south": {"factions": ["Federation"], "retreat": ["players"]}},
        "enemy_ships": [{"formation": "Wing", "arrival": "setup", "bearing": "3",
                         "ships": {"2p": [{"type": "jemhadar_attack_ship"}]}}],
        "end": {"round_limit": 10},
    }
    doc.update(changes)
    return parse_mission(doc)


class ScriptedDie:
    """Enemy AI d6 results given in advance (a test's "one of the players rolls a 4")."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)
        self.asked: list[tuple[int, str]] = []

    def __call__(self, state: GameState, sides: int, offset: int, purpose: str) -> tuple[int, int]:
        self.asked.append((sides, purpose))
        if not self.faces:
            raise AssertionError(f"the script ran out of dice: d{sides} for {purpose}")
        return self.faces.pop(0), 0


def table(players: dict[str, tuple[str, Pose]], formations: Sequence[tuple[str, Sequence[tuple[str, Pose, bool]]]],
          *, obstacles: Sequence[Obstacle] = (), die: Sequence[int] = (), dice: Sequence[str] = (),
          player: Any = None, mission: Mission | None = None, skill: int = 2, orders: str = "attack") -> AllianceGame:
    """A game at the start of round 1's Activation Phase with ships where the test puts them.

    ``formations``: (name, [(ref "E1", pose, elite)]) in ID order; refs must be E<number>."""
    catalog = load_catalog()
    mission = mission or bare_mission()
    ships = [make_ship(ref, 0, ship, skill=skill) for ref, (ship, _) in players.items()]
    setup = AllianceSetup(mission=mission, players=2, player_ships=ships,
                          placements={ref: pose for ref, (_, pose) in players.items()}, obstacles=obstacles)
    g = AllianceGame(setup, 1, player or ScriptedPlayer(), dice=ScriptedDice(dice), catalog=catalog,
                     die=ScriptedDie(die))
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=10, deck=tuple(["structural_damage"] * 33), phase="setup")
    for ref, (_, pose) in players.items():
        g.emit(ev.ShipPlaced, ship=ref, pose=ev.PoseModel.of(pose))
    for name, members in formations:
        setups = [enemy_ship_setup(catalog, JEM_HADAR_ATTACK_SHIP, ref, int(ref[1:]), 1, elite)
                  for ref, _, elite in members]
        g.emit(ae.ReinforcementsArrived, formation=name, ships=tuple(setups))
        g.emit(ae.FormationDeployed, formation=name, orders=orders, bearing=1, bearing_rule="1",
               ships=tuple(ref for ref, _, _ in members), slots=tuple("ABCD"[: len(members)]),
               loadouts=tuple(ae.LoadoutDealt(ship=ref, logic="jemhadar_attack_ship", number=int(ref[1:]), card=1,
                                              elite=elite) for ref, _, elite in members))
        for ref, pose, _ in members:
            g.emit(ev.ShipPlaced, ship=ref, pose=ev.PoseModel.of(pose))
    g.emit(ev.RoundStarted, round=1, phase="planning")
    g.emit(ev.PhaseStarted, round=1, phase="activation")
    return g


def of_type(events: Sequence[Any], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def since(g: AllianceGame, start: int) -> list[Any]:
    return list(g.events[start:])


__all__ = ["AKIRA", "EXCELSIOR", "ScriptedDice", "ScriptedDie", "ScriptedPlayer", "bare_mission", "of_type", "since",
           "table"]

"""Builders for card ability tests: two ships facing each other at a range band, one attack."""

from __future__ import annotations

from collections.abc import Sequence

from aw_helpers import ScriptedDice, ScriptedPlayer, game, make_ship

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game

AKIRA = "u_s_s_thunderchild_72008"  # Akira class, Federation: attack 4, agility 2, hull 5, shields 3
ATTACK_SHIP = "1037"  # Jem'Hadar Attack Ship, Dominion: attack 3, agility 2
VORCHA = "1005"  # Vor'cha class, Klingon: attack 5, agility 1
NEGHVAR = "1017"  # Negh'var class, Klingon: attack 5, agility 1
BATTLE_CRUISER = "2nd_division_cruiser_71524"  # Jem'Hadar Battle Cruiser: attack 5, agility 1

# centres of two ships facing each other that after a 1 straight each are at this range band
FACING = {1: 300.0, 2: 390.0, 3: 500.0}


def facing(band: int, a: str = "A", j: str = "J") -> dict[str, Pose]:
    gap = FACING[band]
    return {a: Pose(400, 450 - gap / 2, 0), j: Pose(400, 450 + gap / 2, 180)}


def one_attack(ships: Sequence[ev.ShipSetup], faces: Sequence[str], band: int = 1,
               players: Sequence[ScriptedPlayer] | None = None, poses: dict[str, object] | None = None,
               holds: Sequence[str] = ("J",)) -> Game:
    """One round: every ship moves 1 straight; the ships in ``holds`` hold fire; the dice are ``faces``."""
    seats = list(players) if players is not None else [ScriptedPlayer(use_abilities=True),
                                                       ScriptedPlayer(use_abilities=True)]
    for seat in seats:
        for ship in holds:
            seat.attacks.setdefault(ship, [None])
    g = game(ships, poses or facing(band), seats, ScriptedDice(faces), round_limit=1)  # type: ignore[arg-type]
    g.play()
    return g


def ship(ref: str, side: int, hull: str, captain: str | None = None, upgrades: Sequence[str] = (),
         **overrides: object) -> ev.ShipSetup:
    return make_ship(ref, side, hull, captain=captain, upgrades=upgrades, **overrides)


def used(g: Game, card: str | None = None) -> list[ev.AbilityUsed]:
    return [e for e in g.events if isinstance(e, ev.AbilityUsed) and (card is None or e.card == card)]


def rolled(g: Game, kind: str) -> list[ev.DiceRolled]:
    return [e for e in g.events if isinstance(e, ev.DiceRolled) and e.kind == kind]


def resolved(g: Game) -> ev.AttackResolved:
    return next(e for e in g.events if isinstance(e, ev.AttackResolved))

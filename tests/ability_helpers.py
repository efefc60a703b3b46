"""Builders for card ability tests: two ships facing each other at a range band, one attack."""

from __future__ import annotations

from collections.abc import Sequence

from aw_helpers import ScriptedDice, ScriptedPlayer, game, make_ship

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice

AKIRA = "u_s_s_thunderchild_72008"  # Akira class, Federation: attack 4, agility 2, hull 5, shields 3
ATTACK_SHIP = "1037"  # Jem'Hadar Attack Ship, Dominion: attack 3, agility 2
VORCHA = "1006"  # Vor'cha class, Klingon: attack 5, agility 1 (the Klingon Starship: no ship ability)
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


SCAN = [ActionChoice("scan")]


def seats(a: list[ActionChoice] | None = None, j: list[ActionChoice] | None = None,
          attacks: dict[str, list[str | None]] | None = None, uses: Sequence[str] = ()) -> list[ScriptedPlayer]:
    """A's and J's actions; both seats use abilities by the engine's policy, A's seat the cards
    in ``uses`` once whatever the policy says."""
    return [ScriptedPlayer(actions={"A": a or []}, attacks=attacks, use_abilities=True,
                           abilities={card: [AbilityUse()] for card in uses}),
            ScriptedPlayer(actions={"J": j or []}, use_abilities=True)]


default_seats = seats  # ``attack`` has a ``seats`` parameter


def torpedo() -> list[ScriptedPlayer]:
    """A locks on J and fires Photon Torpedoes (3006) at it."""
    return seats([ActionChoice("target_lock", "J")], attacks={"A": ["3006"]})


def attack(faces: list[str], a: Sequence[str] = (), j: Sequence[str] = (), band: int = 1,
           seats: list[ScriptedPlayer] | None = None, a_hull: str = AKIRA, j_hull: str = ATTACK_SHIP,
           a_captain: str | None = None, j_captain: str | None = None, holds: Sequence[str] = ("J",)) -> Game:
    """A (side 0) attacks J (side 1) once, J holding fire unless ``holds`` says otherwise."""
    return one_attack([ship("A", 0, a_hull, a_captain, upgrades=a), ship("J", 1, j_hull, j_captain, upgrades=j)],
                      faces, band=band, players=seats if seats is not None else default_seats(), holds=holds)


def dice_count(g: Game, kind: str, ship_id: str | None = None) -> int:
    """How many ``kind`` dice were rolled (by ``ship_id``, else in the first such roll)."""
    return len(next(e for e in rolled(g, kind) if ship_id is None or e.ship == ship_id).faces)

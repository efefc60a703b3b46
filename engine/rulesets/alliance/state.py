"""The Alliance state: the Attack Wing state plus what only a mission has.

``AllianceState.aw`` is an ordinary Attack Wing ``GameState`` (every ship, player and enemy,
with side 0 for the players and side 1 for the Enemy AI); the rest is the mission's own:
formations, loadouts, retreats and mission tokens. Frozen data, changed only by the reducer.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.attack_wing.state import GameState

PLAYERS = 0
ENEMY = 1


@dataclass(frozen=True, slots=True)
class FormationState:
    """An Enemy Formation: its ships (ID order) and those that left it; ``broken`` is for good."""

    name: str
    members: tuple[str, ...]
    orders: str = "attack"
    broken: bool = False
    left: tuple[str, ...] = ()

    @property
    def flying(self) -> tuple[str, ...]:
        """Members still flying in formation (the broken or departed fly on their own)."""
        if self.broken:
            return ()
        return tuple(m for m in self.members if m not in self.left)


@dataclass(frozen=True, slots=True)
class LoadoutState:
    """The Enemy Loadout card beside an Enemy AI ship."""

    ship: str
    logic: str  # Enemy Logic card key
    number: int  # ID Token number
    card: int
    elite: bool
    ability: str = ""


@dataclass(frozen=True, slots=True)
class Carried:
    ship: str
    tokens: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MissionResult:
    success: bool
    reason: str
    returned: tuple[str, ...]
    xp: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class AllianceState:
    aw: GameState
    formations: tuple[FormationState, ...] = ()
    loadouts: tuple[LoadoutState, ...] = ()
    retreated: tuple[str, ...] = ()
    edge_placed: tuple[str, ...] = ()  # Enemy AI ships standing outside an edge (still in play)
    carried: tuple[Carried, ...] = ()
    returned: tuple[str, ...] = ()  # mission token kinds brought back by retreating ships
    objectives: tuple[str, ...] = ()  # objectives met
    mission: MissionResult | None = None

    def formation_of(self, ship_id: str) -> FormationState | None:
        """The unbroken formation the ship flies in, if any."""
        for f in self.formations:
            if ship_id in f.flying:
                return f
        return None

    def formation(self, name: str) -> FormationState:
        for f in self.formations:
            if f.name == name:
                return f
        raise KeyError(f"no formation {name!r}")

    def loadout(self, ship_id: str) -> LoadoutState | None:
        return next((lo for lo in self.loadouts if lo.ship == ship_id), None)

    def tokens_of(self, ship_id: str) -> tuple[str, ...]:
        return next((c.tokens for c in self.carried if c.ship == ship_id), ())

    def is_enemy(self, ship_id: str) -> bool:
        return self.aw.ship(ship_id).side == ENEMY

"""The state of a Fleet Captains game: frozen records the reducer replaces, never mutates.

Locations are the map's tiles (``r{row}c{col}``, row 0 next to side 0's command post) and the two
command posts (``cp0``, ``cp1``). A cloaked ship is off the board: its place is its cloak token's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Final, Literal

from engine.rulesets.fleet_captains.content import COLUMNS, ROWS, SHIP_CLASSES, TILES, Setting, ShipClass, System

Phase = Literal["setup", "turn", "over"]
PILES: Final = ("command_deck", "hand", "command_discard", "trash", "mission_deck", "missions", "mission_discard",
                "completed")
SHARED_PILES: Final = ("tiles", "encounter_deck", "encounter_discard", "science", "combat", "influence", "cargo",
                       "cargo_spent")


@dataclass(frozen=True)
class ShipState:
    """One ship of a fleet. ``alert`` 0 normal, 1 yellow, 2 red; ``setting`` indexes the settings
    of that alert status. ``moved``, ``acted`` (its action token) and ``adjusted`` are this turn's.
    ``cargo`` holds cargo tokens, ``prisoners`` enemy crew cards held aboard (they serve no one);
    ``progress`` the locations of the steps made toward the ship's own mission."""

    id: str
    cls: str
    side: int
    location: str | None
    alert: int = 0
    setting: int = 0
    cloaked: bool = False
    destroyed: bool = False
    moved: bool = False
    acted: bool = False
    adjusted: bool = False
    crew: tuple[str, ...] = ()
    cargo: tuple[str, ...] = ()
    prisoners: tuple[str, ...] = ()
    progress: tuple[str, ...] = ()
    mission_done: bool = False

    @property
    def card(self) -> ShipClass:
        return SHIP_CLASSES[self.cls]

    @property
    def dial(self) -> Setting:
        return self.card.dial[self.alert][self.setting]

    def rating(self, system: System) -> int | None:
        """The system's rating on the dial now (None: Disabled)."""
        return self.dial.rating(system)


@dataclass(frozen=True)
class LocationState:
    """A place on the map: a tile (face down until ``explored``) or a command post (``tile`` None)."""

    id: str
    tile: str | None
    explored: bool = False
    influence_side: int | None = None
    influence: int = 0
    installation: str | None = None
    installation_side: int | None = None
    scanned_by: tuple[int, ...] = ()

    @property
    def post_of(self) -> int | None:
        """The side whose command post this is (None: a tile)."""
        return int(self.id[2]) if self.id.startswith("cp") else None

    @property
    def size(self) -> int:
        """Movement points to cross it: the tile's size; 0 for a command post."""
        return 0 if self.tile is None else TILES[self.tile].size

    @property
    def planet(self) -> bool:
        return self.tile is not None and TILES[self.tile].planet


@dataclass(frozen=True)
class CloakToken:
    """A face-down cloak token on a location: its ship's (``ship``) or a sensor echo (None)."""

    id: str
    side: int
    location: str
    ship: str | None


@dataclass(frozen=True)
class SideState:
    """A player: faction, fleet size (the VP target is the starting one), cards, this turn's use."""

    faction: str
    fleet_size: int
    vp: int = 0
    lost_a_ship: bool = False
    fleet_deck: tuple[str, ...] = ()
    draft_discard: tuple[str, ...] = ()
    reinforcements: tuple[str, ...] = ()
    subdecks: tuple[str, ...] = ()
    command_deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    command_discard: tuple[str, ...] = ()
    trash: tuple[str, ...] = ()
    mission_deck: tuple[str, ...] = ()
    missions: tuple[str, ...] = ()
    mission_discard: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    ships_made: int = 0
    actions: int = 0
    extra_actions: int = 0
    discarded: bool = False
    cycled: bool = False
    echoes_moved: tuple[str, ...] = ()  # sensor echoes that have moved this turn
    redrafts: int = 0


@dataclass(frozen=True)
class FcState:
    """The whole game. ``rng`` is the generator's state (engine.rulesets.fleet_captains.rng)."""

    rng: int
    seed: int
    seq: int = -1  # the last event folded
    vp_target: int = 0
    phase: Phase = "setup"
    turn: int = 0
    active: int = 0
    first: int = 0
    last_turn: bool = False
    sides: tuple[SideState, ...] = ()
    ships: tuple[ShipState, ...] = ()
    locations: tuple[LocationState, ...] = ()
    tokens: tuple[CloakToken, ...] = ()
    tokens_made: int = 0
    tiles: tuple[str, ...] = ()
    encounter_deck: tuple[str, ...] = ()
    encounter_discard: tuple[str, ...] = ()
    science: tuple[str, ...] = ()
    combat: tuple[str, ...] = ()
    influence: tuple[str, ...] = ()
    cargo: tuple[str, ...] = ()
    cargo_spent: tuple[str, ...] = ()
    moving: tuple[str, ...] = ()
    move_points: int = 0
    move_steps: int = 0
    winner: int | None = None
    reason: str = ""
    revealed: str = ""  # where a ship was just revealed: its side may gather its other cloak tokens there

    def ship(self, ship_id: str) -> ShipState:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise ValueError(f"no ship {ship_id!r} in this game")

    def location(self, loc: str) -> LocationState:
        index = LOCATION_INDEX.get(loc)
        if index is None or index >= len(self.locations):
            raise ValueError(f"no location {loc!r} on this map")
        return self.locations[index]

    def side(self, side: int) -> SideState:
        if side not in (0, 1):
            raise ValueError(f"no side {side!r}")
        return self.sides[side]

    def fleet(self, side: int) -> tuple[ShipState, ...]:
        """The side's ships in play (on the board or cloaked)."""
        return tuple(s for s in self.ships if s.side == side and not s.destroyed)

    def token_of(self, ship_id: str) -> CloakToken | None:
        return next((t for t in self.tokens if t.ship == ship_id), None)

    def where(self, ship: ShipState) -> str | None:
        """Where a ship is: its location, or its cloak token's when cloaked."""
        if ship.cloaked:
            token = self.token_of(ship.id)
            return token.location if token else None
        return ship.location

    def with_ship(self, ship: ShipState) -> FcState:
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def with_location(self, place: LocationState) -> FcState:
        return replace(self, locations=tuple(place if p.id == place.id else p for p in self.locations))

    def with_side(self, side: int, value: SideState) -> FcState:
        return replace(self, sides=tuple(value if i == side else s for i, s in enumerate(self.sides)))


def tile_id(row: int, column: int) -> str:
    return f"r{row}c{column}"


def grid_of(loc: str) -> tuple[float, float]:
    """A location's (row, column) on the map; a command post sits a row beyond its end row, in the middle."""
    if loc.startswith("cp"):
        return (-1.0 if loc == "cp0" else float(ROWS), (COLUMNS - 1) / 2)
    return float(loc[1:loc.index("c")]), float(loc[loc.index("c") + 1:])


@cache
def adjacent(loc: str) -> tuple[str, ...]:
    """Locations next to ``loc``: tiles sharing an edge; a command post touches every tile of its
    end row (and they touch it)."""
    if loc == "cp0":
        return tuple(tile_id(0, c) for c in range(COLUMNS))
    if loc == "cp1":
        return tuple(tile_id(ROWS - 1, c) for c in range(COLUMNS))
    row, column = (int(v) for v in grid_of(loc))
    out = [tile_id(r, c) for r, c in ((row - 1, column), (row, column - 1), (row, column + 1), (row + 1, column))
           if 0 <= r < ROWS and 0 <= c < COLUMNS]
    if row == 0:
        out.insert(0, "cp0")
    if row == ROWS - 1:
        out.append("cp1")
    return tuple(out)


def map_locations() -> tuple[str, ...]:
    """Every tile position of the standard map, row by row."""
    return tuple(tile_id(r, c) for r in range(ROWS) for c in range(COLUMNS))


LOCATION_INDEX: Final[dict[str, int]] = {loc: i for i, loc in enumerate(("cp0", *map_locations(), "cp1"))}

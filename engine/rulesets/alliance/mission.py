"""Mission files: the map, the deployment area, terrain, mission tokens, edges, the Enemy Ships
table, objectives, XP, end conditions and special rules of one Star Trek Alliance mission.

A mission file is JSON (or TOML for a ``.toml`` name), untrusted input validated field by
field. Positions on the map are in grid squares (the rulebook's map grid: a square's side is
the Range 1 part of the ruler, 4 inches = 101.6 mm), from the south-west corner, x east and y
north; headings in degrees clockwise from north. ``load_mission("alliance-act1")`` loads a
bundled mission from ``replays/missions/``; ``load_mission(path)`` any file.

The Enemy Ships table lists, per formation, its arrival ("setup" or a round), bearing (an arrow
number, ``"Roll"`` for a d6, or choices such as ``"1/2"``), orders, and the ships added in each
player-count column: a game with N players uses the columns 2p to Np.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from shapely.geometry import Point, Polygon, box

from engine.bundled import replays_dir
from engine.errors import TrekError
from engine.geometry.pose import Pose, normalize_heading
from engine.geometry.shapes import Obstacle, Planet, PlayArea
from engine.io.documents import model_fields, read_document, validation_message
from engine.io.reading import is_regular_file, plain_text
from engine.rulesets.alliance.logic import LOGIC_CARDS
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.dice import Rng
from engine.rulesets.attack_wing.fleet import Text

SQUARE_MM: Final = P.RANGE_BAND_EDGES_MM[0]  # one grid square = Range 1 = 4 inches
BUNDLED_DIR: Final = replays_dir("missions")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
COLUMNS: Final = tuple(f"{n}p" for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
MAX_ITEMS: Final = 50
Squares = Annotated[float, Field(strict=False, allow_inf_nan=False, ge=-5, le=100)]
Count = Annotated[int, Field(strict=True, ge=0, le=MAX_ITEMS)]
PlayerCount = Annotated[int, Field(strict=True, ge=MIN_PLAYERS, le=MAX_PLAYERS)]
# a briefing or an objective's text: printed by `mission show` and the studio, so plain text (lines kept)
Long = Annotated[str, Field(max_length=4000), AfterValidator(lambda v: "\n".join(map(plain_text, v.split("\n"))))]


class MissionError(TrekError):
    """A mission file is unreadable, malformed, or describes a table that cannot be set up."""


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MapSpec(_M):
    width: Annotated[int, Field(strict=True, ge=3, le=30)] = 9  # grid squares
    height: Annotated[int, Field(strict=True, ge=3, le=30)] = 9


class AreaSpec(_M):
    """An axis-aligned area in grid squares: south-west corner, width east, height north."""

    x: Squares
    y: Squares
    width: Annotated[float, Field(gt=0, le=100)]
    height: Annotated[float, Field(gt=0, le=100)]

    def mm(self) -> tuple[float, float, float, float]:
        return self.x * SQUARE_MM, self.y * SQUARE_MM, (self.x + self.width) * SQUARE_MM, \
            (self.y + self.height) * SQUARE_MM


class BearingSpec(_M):
    """A blue bearing arrow at the map's edge: where it is and the way it points (into the map)."""

    number: Annotated[int, Field(strict=True, ge=1, le=20)]
    x: Squares
    y: Squares
    heading: Annotated[float, Field(ge=0, lt=360)]


Who = Literal["players", "enemies"]


class EdgeSpec(_M):
    factions: tuple[Text, ...] = ()  # the faction icons on the edge's bar
    retreat: tuple[Who, ...] = ()  # who may retreat from this edge (by the mission's rules)


class EdgesSpec(_M):
    north: EdgeSpec = EdgeSpec()
    south: EdgeSpec = EdgeSpec()
    east: EdgeSpec = EdgeSpec()
    west: EdgeSpec = EdgeSpec()

    def get(self, edge: str) -> EdgeSpec:
        spec: EdgeSpec = getattr(self, edge)
        return spec


class TerrainSpec(_M):
    """Terrain tokens placed at random (a white-outlined area; orange-outlined with ``min_players``)."""

    kind: Literal["asteroid", "debris field"] = "asteroid"
    count: Annotated[int, Field(strict=True, ge=1, le=20)]
    area: AreaSpec | None = None  # None: anywhere on the map
    min_edge_range: Annotated[float, Field(ge=0, le=10)] = 0.0  # in Range (squares) from any board edge
    min_apart_range: Annotated[float, Field(ge=0, le=10)] = 0.0  # between terrain tokens
    radius_mm: tuple[Annotated[float, Field(gt=5, le=200)], Annotated[float, Field(gt=5, le=200)]] = (32.0, 42.0)
    min_players: PlayerCount = MIN_PLAYERS


class FixedObstacleSpec(_M):
    name: Text = "asteroid"
    points: tuple[tuple[Squares, Squares], ...] = Field(min_length=3, max_length=64)
    min_players: PlayerCount = MIN_PLAYERS


class PlanetSpec(_M):
    name: Text = "planet"
    x: Squares
    y: Squares
    radius: Annotated[float, Field(gt=0, le=5)]  # squares
    min_players: PlayerCount = MIN_PLAYERS


class MissionTokenSpec(_M):
    label: Text  # the map legend letter ("C")
    kind: Text  # "odd", "even", ...
    x: Squares
    y: Squares
    min_players: PlayerCount = MIN_PLAYERS


class EnemyShip(_M):
    type: Text  # an Enemy Logic card key
    elite: bool = False

    @field_validator("type")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in LOGIC_CARDS:
            raise ValueError(f"no Enemy Logic card {v!r}; known: {', '.join(sorted(LOGIC_CARDS))}")
        return v


_BEARING = re.compile(r"^(roll|\d{1,2}(/\d{1,2})*)$", re.IGNORECASE)


class OrdersSpec(_M):
    """Orders other than Attack (rulebook "Identify Target based on Mission Orders": "The default Enemy
    Order type is Attack ... For other types of Orders, see the Mission's Special Rules"): which player
    ships a formation under them targets, in maneuvers and in combat, and the mission's words for it.
    ``nearest``: every player ship, as Attack; ``carrier``: the ships carrying a mission token (every
    ship when none does); ``weakest``: the ships with the fewest shields and hull left. Among them the
    nearest, as the Attack order picks."""

    name: Text
    target: Literal["nearest", "carrier", "weakest"]
    text: Long = ""

    @field_validator("name")
    @classmethod
    def _not_attack(cls, v: str) -> str:
        if v == "attack":
            raise ValueError("'attack' is the rulebook's own orders; a mission names its other orders")
        return v


class EnemyRow(_M):
    """One row of the Enemy Ships table."""

    formation: Text
    arrival: Literal["setup"] | Annotated[int, Field(strict=True, ge=1, le=100)]
    bearing: Text  # "3", "Roll", "1/2"
    orders: Text = "attack"  # "attack", or the name of one of the mission's ``orders``
    ships: dict[Literal["2p", "3p", "4p", "5p", "6p"], tuple[EnemyShip, ...]] = Field(default_factory=dict)

    @field_validator("bearing")
    @classmethod
    def _bearing(cls, v: str) -> str:
        if not _BEARING.match(v):
            raise ValueError(f"bearing {v!r} must be an arrow number, 'Roll', or choices like '1/2'")
        return v

    def ships_for(self, players: int) -> list[EnemyShip]:
        """The ships this formation has with ``players`` player ships: columns 2p to Np, left to right."""
        return [s for col in COLUMNS[: players - MIN_PLAYERS + 1] for s in self.ships.get(col, ())]  # type: ignore[call-overload]

    def choices(self) -> tuple[int, ...] | None:
        """The arrow numbers to choose from at random (None: roll a d6)."""
        if self.bearing.lower() == "roll":
            return None
        return tuple(int(p) for p in self.bearing.split("/"))


class ObjectiveSpec(_M):
    key: Text
    text: Long
    kind: Literal["return_tokens"]
    tokens: tuple[Text, ...] = Field(min_length=1)  # one of each kind must be brought back


class XpSpec(_M):
    per_token_kind: Annotated[int, Field(strict=True, ge=0, le=10)] = 1
    destroyed_penalty: Annotated[int, Field(strict=True, ge=0, le=10)] = 1
    text: Long = ""


class EndSpec(_M):
    round_limit: Annotated[int, Field(strict=True, ge=1, le=100)]
    at_limit: Literal["players_retreat"] = "players_retreat"
    text: Long = ""


class SpecialRule(_M):
    """A special rule the engine plays (``kind``) with its parameters, or text only (``text``)."""

    key: Text
    kind: Literal["collect_mission_tokens", "lost_mission_tokens", "text"]
    text: Long
    range: Annotated[int, Field(strict=True, ge=1, le=3)] = 1
    spend: Literal["scan"] = "scan"


class PlayerShipSpec(_M):
    label: Text
    ship: Text  # catalog ship (generic Federation Starship of a class)
    upgrades: tuple[Text, ...] = ()  # catalog upgrade ids or names; others are carried by name only


class MissionFile(_M):
    name: Text
    title: Text
    campaign: Text = ""
    briefing: Long = ""
    map: MapSpec = MapSpec()
    deployment: AreaSpec
    bearings: tuple[BearingSpec, ...] = Field(min_length=1, max_length=20)
    edges: EdgesSpec = EdgesSpec()
    terrain: tuple[TerrainSpec, ...] = Field(default=(), max_length=MAX_ITEMS)
    obstacles: tuple[FixedObstacleSpec, ...] = Field(default=(), max_length=MAX_ITEMS)
    planets: tuple[PlanetSpec, ...] = Field(default=(), max_length=20)
    mission_tokens: tuple[MissionTokenSpec, ...] = Field(default=(), max_length=MAX_ITEMS)
    enemy_ships: tuple[EnemyRow, ...] = Field(min_length=1, max_length=MAX_ITEMS)
    orders: tuple[OrdersSpec, ...] = Field(default=(), max_length=20)
    objectives: tuple[ObjectiveSpec, ...] = ()
    xp: XpSpec = XpSpec()
    end: EndSpec
    success: Long = ""
    failure: Long = ""
    special_rules: tuple[SpecialRule, ...] = ()
    player_skill: Annotated[int, Field(strict=True, ge=1, le=9)] = 2
    pregenerated: tuple[PlayerShipSpec, ...] = Field(default=(), max_length=MAX_PLAYERS)

    @model_validator(mode="after")
    def _consistent(self) -> MissionFile:
        numbers = [b.number for b in self.bearings]
        if len(set(numbers)) != len(numbers):
            raise ValueError("bearings: arrow numbers repeat")
        names = [r.formation for r in self.enemy_ships]
        if len(set(names)) != len(names):
            raise ValueError("enemy_ships: formation names repeat")
        for row in self.enemy_ships:
            choices = row.choices()
            needed = set(choices) if choices is not None else set(range(1, 7))
            missing = needed - set(numbers)
            if missing:
                raise ValueError(f"enemy_ships: {row.formation!r} may arrive at bearing {sorted(missing)}, "
                                 "which the map does not have")
        orders = [o.name for o in self.orders]
        if len(set(orders)) != len(orders):
            raise ValueError("orders: names repeat")
        for row in self.enemy_ships:
            if row.orders != "attack" and row.orders not in orders:
                raise ValueError(f"enemy_ships: {row.formation!r} has orders {row.orders!r}, which the mission's "
                                 f"orders do not name (known: {', '.join(['attack', *orders])})")
        labels = [t.label for t in self.mission_tokens]
        if len(set(labels)) != len(labels):
            raise ValueError("mission_tokens: labels repeat")
        return self


MISSION_FIELDS: Final = model_fields(MissionFile, MapSpec, AreaSpec, BearingSpec, EdgeSpec, EdgesSpec, TerrainSpec,
                                     FixedObstacleSpec, PlanetSpec, MissionTokenSpec, EnemyShip, EnemyRow,
                                     ObjectiveSpec, XpSpec, EndSpec, SpecialRule, PlayerShipSpec, OrdersSpec)


# --- a mission ready to set up ---------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TokenSite:
    label: str
    kind: str
    x: float  # mm
    y: float


@dataclass(frozen=True)
class Mission:
    spec: MissionFile
    source: str

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def area(self) -> PlayArea:
        return PlayArea(self.spec.map.width * SQUARE_MM, self.spec.map.height * SQUARE_MM)

    def document(self) -> dict[str, Any]:
        return self.spec.model_dump(mode="json")

    def bearing_pose(self, number: int) -> Pose:
        b = next((b for b in self.spec.bearings if b.number == number), None)
        if b is None:
            raise MissionError(f"{self.name}: no bearing arrow {number}")
        return Pose(b.x * SQUARE_MM, b.y * SQUARE_MM, normalize_heading(b.heading))

    def token_sites(self, players: int) -> tuple[TokenSite, ...]:
        return tuple(TokenSite(t.label, t.kind, t.x * SQUARE_MM, t.y * SQUARE_MM) for t in self.spec.mission_tokens
                     if t.min_players <= players)

    def rule(self, kind: str) -> SpecialRule | None:
        return next((r for r in self.spec.special_rules if r.kind == kind), None)

    def may_retreat(self, edge: str, who: Who) -> bool:
        return who in self.spec.edges.get(edge).retreat

    def deployment_poses(self, count: int) -> list[Pose]:
        """Player ships spread evenly across the deployment area's middle, facing into the map."""
        x0, y0, x1, y1 = self.spec.deployment.mm()
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        w, h = self.area.width, self.area.height
        heading = _facing_in(cx, cy, w, h)
        along_x = heading in (0.0, 180.0)
        lo, hi = (x0, x1) if along_x else (y0, y1)
        step = (hi - lo) / count
        out = []
        for i in range(count):
            t = lo + step * (i + 0.5)
            out.append(Pose(t, cy, heading) if along_x else Pose(cx, t, heading))
        return out

    def planets(self, players: int) -> tuple[Planet, ...]:
        return tuple(Planet(p.x * SQUARE_MM, p.y * SQUARE_MM, p.radius * SQUARE_MM, p.name) for p in self.spec.planets
                     if p.min_players <= players)

    def obstacles(self, players: int, rng: Rng) -> tuple[Obstacle, ...]:
        """The fixed obstacles and the random terrain for this player count (deterministic for ``rng``)."""
        fixed = [Obstacle(tuple((x * SQUARE_MM, y * SQUARE_MM) for x, y in o.points), o.name)
                 for o in self.spec.obstacles if o.min_players <= players]
        placed: list[Obstacle] = list(fixed)
        draw = 0
        counters: dict[str, int] = {}
        keep_clear = [Point(s.x, s.y).buffer(SQUARE_MM * 0.25) for s in self.token_sites(players)]
        keep_clear.append(box(*self.spec.deployment.mm()))
        for t in self.spec.terrain:
            if t.min_players > players:
                continue
            for _ in range(t.count):
                counters[t.kind] = counters.get(t.kind, 0) + 1
                obstacle, draw = _place_terrain(t, f"{t.kind} {counters[t.kind]}", self.area, placed, keep_clear,
                                                rng, draw)
                placed.append(obstacle)
        return tuple(placed)

    def rows(self, players: int) -> list[EnemyRow]:
        """The Enemy Ships rows that have ships with this many players, in table order."""
        return [r for r in self.spec.enemy_ships if r.ships_for(players)]


MAX_TRIES: Final = 4000


def _place_terrain(t: TerrainSpec, name: str, area: PlayArea, placed: Sequence[Obstacle], clear: Sequence[Any],
                   rng: Rng, draw: int) -> tuple[Obstacle, int]:
    """One terrain token at a random place obeying the spacing rules (rejection sampling)."""
    edge = t.min_edge_range * SQUARE_MM
    apart = t.min_apart_range * SQUARE_MM
    if t.area is not None:
        ax0, ay0, ax1, ay1 = t.area.mm()
    else:
        ax0, ay0, ax1, ay1 = 0.0, 0.0, area.width, area.height
    inner = box(edge, edge, area.width - edge, area.height - edge).intersection(box(ax0, ay0, ax1, ay1))
    for _ in range(MAX_TRIES):
        u = [rng.value(draw + k) / 2.0 ** 64 for k in range(4)]
        draw += 4
        lo, hi = t.radius_mm
        radius = lo + (hi - lo) * u[0]
        minx, miny, maxx, maxy = inner.bounds
        if maxx - minx < 2 * radius or maxy - miny < 2 * radius:
            break
        cx = minx + radius + (maxx - minx - 2 * radius) * u[1]
        cy = miny + radius + (maxy - miny - 2 * radius) * u[2]
        poly = _rock(cx, cy, radius, rng.value(draw))
        draw += 1
        if not inner.covers(poly):
            continue
        if any(poly.distance(o.polygon) < apart or poly.intersects(o.polygon) for o in placed):
            continue
        if any(poly.intersects(c) for c in clear):
            continue
        points = tuple((round(x, 2), round(y, 2)) for x, y in list(poly.exterior.coords)[:-1])
        return Obstacle(points, name), draw
    raise MissionError(f"cannot place {name}: no room left that keeps the spacing rules")


def _rock(cx: float, cy: float, radius: float, seed: int) -> Polygon:
    """An irregular convex asteroid token: nine points on a circle with jittered radii."""
    pts = []
    for k in range(9):
        jitter = 0.8 + 0.2 * (((seed >> (k * 6)) & 63) / 63.0)
        a = 2 * math.pi * k / 9
        pts.append((cx + radius * jitter * math.sin(a), cy + radius * jitter * math.cos(a)))
    hull: Polygon = Polygon(pts).convex_hull
    return hull


def _facing_in(x: float, y: float, w: float, h: float) -> float:
    """The heading from a point toward the map, away from its nearest edge."""
    gaps = {0.0: y, 180.0: h - y, 90.0: x, 270.0: w - x}
    return min(gaps, key=lambda k: gaps[k])


# --- loading ---------------------------------------------------------------------------------------

def bundled_missions() -> tuple[str, ...]:
    if not BUNDLED_DIR.is_dir():
        return ()
    return tuple(sorted(p.stem for p in BUNDLED_DIR.glob("*.json") if p.is_file()))


def parse_mission(document: Any, source: str = "mission") -> Mission:
    try:
        spec = MissionFile.model_validate(document)
    except ValidationError as exc:
        raise MissionError(f"{source}: {validation_message(exc, '', MISSION_FIELDS)}") from None
    return Mission(spec, source)


def mission_path(name_or_path: str | Path) -> tuple[Path, str]:
    text = str(name_or_path)
    if isinstance(name_or_path, str) and "/" not in text and "\\" not in text and "." not in text:
        path = BUNDLED_DIR / f"{text}.json"
        if is_regular_file(path):
            return path, text
        raise MissionError(f"no bundled mission {text!r} (bundled: {', '.join(bundled_missions()) or 'none'})")
    path = Path(name_or_path)
    if not is_regular_file(path):
        raise MissionError(f"{path}: no such mission file")
    return path, str(path)


def load_mission(name_or_path: str | Path) -> Mission:
    """A bundled mission by name (``alliance-act1``) or a mission file."""
    path, label = mission_path(name_or_path)
    return parse_mission(read_document(path, MissionError, kind="mission"), label)


def is_bundled_mission(name: str) -> bool:
    return name in bundled_missions()

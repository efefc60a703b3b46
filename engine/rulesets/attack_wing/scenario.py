"""Scenarios: the table, its obstacles and planets, the two fleets, where they deploy, how it ends.

A scenario file (JSON, or TOML for a ``.toml`` name) is untrusted input, validated field by
field; ``load_scenario("skirmish")`` loads a bundled one from ``replays/`` and
``load_scenario(path)`` any file. Fleets are inline fleet objects or paths relative to the
scenario file (inside its folder). Every problem raises a ``ScenarioError`` that says where::

    sides[1].fleet.ships[0].captain: no captain with the name or id 'Weyon'; did you mean 'Weyoun'?

Coordinates are millimetres from the play area's south-west corner, x east, y north;
headings are degrees clockwise from north (DESIGN.md). Ships without explicit placements
are deployed by ``default_deployment``: spread evenly across their zone, facing the enemy.

How a game is won (tournament rules, Rev. 05/31/16): destroying the whole enemy fleet wins;
otherwise, at the round limit, the side with more Fleet Points wins, where "Fleet Points are
equal to the 120 MINUS the number of SP left in your opponent's surviving Fleet". See
``fleet_points`` and ``game_result``; the choices are in docs/rulings.md.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, ValidationError, model_validator
from shapely.geometry import Polygon, box

from engine.bundled import replays_dir
from engine.catalog import Catalog, load_catalog
from engine.errors import TrekError
from engine.geometry.pose import Pose, normalize_heading
from engine.geometry.shapes import Obstacle, Planet, PlayArea, base_polygon
from engine.io.documents import model_fields, parse_document, read_document, validation_message
from engine.io.reading import confined_path, is_regular_file
from engine.rulesets.attack_wing.fleet import (
    FLEET_FIELDS,
    MAX_SHIPS,
    FleetError,
    FleetFile,
    ResolvedFleet,
    ResolvedShip,
    Text,
    read_fleet_file,
    resolve_fleet,
)
from engine.rulesets.attack_wing.params import PLAY_AREA_MM, base_half
from engine.rulesets.attack_wing.tournament import check_fleet

BUNDLED_DIR: Final = replays_dir()
DEFAULT_ROUND_LIMIT: Final = 8
FLEET_POINTS_BASE: Final = 120  # tournament rules: "Fleet Points are equal to the 120 MINUS ..."
MAX_OBSTACLES: Final = 50
MAX_POLYGON_POINTS: Final = 64
MAX_PLANETS: Final = 20
MAX_DESCRIPTION: Final = 2000
MAX_AREA_MM: Final = 10_000.0
MAX_ROUNDS: Final = 100
HEADING_STEP: Final = 45.0  # default deployment faces the enemy to the nearest 45 degrees


class ScenarioError(TrekError):
    """A scenario file is unreadable, malformed, or describes a table that cannot be set up."""


Mm = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=-MAX_AREA_MM, le=MAX_AREA_MM)]
Length = Annotated[float, Field(strict=True, allow_inf_nan=False, gt=0, le=MAX_AREA_MM)]
Degrees = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=-360, le=360)]


class _FileModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PlayAreaSpec(_FileModel):
    width: Length = PLAY_AREA_MM
    height: Length = PLAY_AREA_MM


class Rect(_FileModel):
    """An axis-aligned rectangle: south-west corner (x, y), width east, height north."""

    x: Mm
    y: Mm
    width: Length
    height: Length

    @property
    def polygon(self) -> Polygon:
        return box(self.x, self.y, self.x + self.width, self.y + self.height)

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2


class ObstacleSpec(_FileModel):
    """An obstacle token (asteroid field, debris field) as a simple polygon."""

    name: Text = "asteroid field"
    points: tuple[tuple[Mm, Mm], ...] = Field(min_length=3, max_length=MAX_POLYGON_POINTS)

    @model_validator(mode="after")
    def _simple(self) -> ObstacleSpec:
        poly = Polygon(self.points)
        if not poly.is_valid or poly.area <= 0:
            raise ValueError("the points do not make a simple polygon with area (no crossing edges)")
        return self


class PlanetSpec(_FileModel):
    name: Text = "planet"
    x: Mm
    y: Mm
    radius: Annotated[float, Field(strict=True, allow_inf_nan=False, gt=0, le=1000)]


class PoseSpec(_FileModel):
    x: Mm
    y: Mm
    heading: Degrees = 0.0

    def pose(self) -> Pose:
        return Pose(self.x, self.y, normalize_heading(self.heading))


def _fleet_kind(value: Any) -> str:
    return "path" if isinstance(value, str) else "inline"


class SideSpec(_FileModel):
    """One player: a name, a fleet (inline or a path next to the scenario), a deployment zone."""

    name: Text
    fleet: Annotated[Annotated[FleetFile, Tag("inline")] | Annotated[Text, Tag("path")], Discriminator(_fleet_kind)]
    deployment: Rect
    placements: tuple[PoseSpec, ...] | None = Field(default=None, max_length=MAX_SHIPS)


class VictorySpec(_FileModel):
    """How the game is won: the tournament rules, with the Fleet Points base they state."""

    rule: Literal["tournament"] = "tournament"
    fleet_points_base: Annotated[int, Field(strict=True, ge=0, le=1000)] = FLEET_POINTS_BASE


class ScenarioFile(_FileModel):
    """A scenario file as written."""

    name: Text
    description: str = Field(default="", max_length=MAX_DESCRIPTION)
    play_area: PlayAreaSpec = PlayAreaSpec()
    obstacles: tuple[ObstacleSpec, ...] = Field(default=(), max_length=MAX_OBSTACLES)
    planets: tuple[PlanetSpec, ...] = Field(default=(), max_length=MAX_PLANETS)
    sides: tuple[SideSpec, ...] = Field(min_length=2, max_length=2)
    round_limit: Annotated[int, Field(strict=True, ge=1, le=MAX_ROUNDS)] = DEFAULT_ROUND_LIMIT
    fleet_format: Literal["tournament", "open"] = "open"
    victory: VictorySpec = VictorySpec()


SCENARIO_FIELDS = model_fields(ScenarioFile, PlayAreaSpec, Rect, ObstacleSpec, PlanetSpec, PoseSpec, SideSpec,
                               VictorySpec) | FLEET_FIELDS


@dataclass(frozen=True)
class Side:
    """One side of a loaded scenario: its fleet resolved and its ships' starting poses."""

    index: int
    name: str
    fleet: ResolvedFleet
    fleet_file: FleetFile
    fleet_source: str | None  # the path the scenario gave, or None for an inline fleet
    zone: Rect
    start: tuple[Pose, ...]  # one per ship, in fleet order
    explicit_placements: bool


@dataclass(frozen=True)
class Scenario:
    """A scenario ready to play: geometry objects, resolved fleets and starting poses."""

    name: str
    description: str
    source: str  # the bundled name or the file it came from
    play_area: PlayArea
    obstacles: tuple[Obstacle, ...]
    planets: tuple[Planet, ...]
    sides: tuple[Side, Side]
    round_limit: int
    fleet_format: Literal["tournament", "open"]
    victory: VictorySpec
    spec: ScenarioFile  # as validated, with every fleet inlined (self-contained, for replay headers)

    def document(self) -> dict[str, Any]:
        """The scenario as one JSON-able document with the fleets inlined."""
        return self.spec.model_dump(mode="json")


# -- loading ------------------------------------------------------------------------------------


def bundled_scenarios() -> tuple[str, ...]:
    """The names of the scenarios bundled in replays/ (files replays/NAME.json)."""
    if not BUNDLED_DIR.is_dir():
        return ()
    return tuple(sorted(p.stem for p in BUNDLED_DIR.glob("*.json") if p.is_file()))


def scenario_path(name_or_path: str | Path) -> tuple[Path, str]:
    """The file a bundled name or a path names, and how to call it in messages."""
    text = str(name_or_path)
    if isinstance(name_or_path, str) and "/" not in text and "\\" not in text and "." not in text:
        bundled = BUNDLED_DIR / f"{text}.json"
        if is_regular_file(bundled):
            return bundled, text
        names = ", ".join(bundled_scenarios()) or "none"
        raise ScenarioError(f"no bundled scenario {text!r} (bundled: {names}); give a file path instead")
    path = Path(name_or_path)
    if not is_regular_file(path):
        raise ScenarioError(f"{path}: no such scenario file")
    return path, str(path)


def load_scenario(name_or_path: str | Path, catalog: Catalog | None = None) -> Scenario:
    """Load a bundled scenario by name (``skirmish``, ``duel``) or a scenario file (.json or .toml)."""
    path, label = scenario_path(name_or_path)
    document = read_document(path, ScenarioError, kind="scenario")
    try:
        return build_scenario(document, source=label, base_dir=path.parent, catalog=catalog)
    except ScenarioError as exc:
        raise ScenarioError(f"{label}: {exc}") from None


def parse_scenario_text(text: str, source: str = "scenario", *, toml: bool = False,
                        base_dir: Path | None = None, catalog: Catalog | None = None) -> Scenario:
    """A scenario from JSON (or TOML) text; fleet paths resolve against ``base_dir``."""
    document = parse_document(text, source, ScenarioError, toml=toml)
    try:
        return build_scenario(document, source=source, base_dir=base_dir, catalog=catalog)
    except ScenarioError as exc:
        raise ScenarioError(f"{source}: {exc}") from None


def parse_scenario(document: Any) -> ScenarioFile:
    """Validate a scenario document; ScenarioError with the location of the first problem."""
    try:
        return ScenarioFile.model_validate(document)
    except ValidationError as exc:
        raise ScenarioError(validation_message(exc, "", SCENARIO_FIELDS)) from None


def build_scenario(document: Any, *, source: str, base_dir: Path | None,
                   catalog: Catalog | None = None) -> Scenario:
    """Validate a scenario document, read and resolve its fleets, and check the table."""
    spec = parse_scenario(document)
    cat = catalog or load_catalog()
    area = PlayArea(spec.play_area.width, spec.play_area.height)
    area_poly = area.polygon

    for i, zone in enumerate(s.deployment for s in spec.sides):
        if not area_poly.covers(zone.polygon):
            raise ScenarioError(f"sides[{i}].deployment: the zone is not inside the "
                                f"{area.width:g} x {area.height:g} mm play area")
    if spec.sides[0].deployment.polygon.intersection(spec.sides[1].deployment.polygon).area > 0:
        raise ScenarioError("sides[1].deployment: the two deployment zones overlap")
    obstacles = tuple(Obstacle(tuple((float(x), float(y)) for x, y in o.points), o.name) for o in spec.obstacles)
    for i, ob in enumerate(obstacles):
        if not area_poly.covers(ob.polygon):
            raise ScenarioError(f"obstacles[{i}]: {ob.name!r} is not inside the play area")
    planets = tuple(Planet(p.x, p.y, p.radius, p.name) for p in spec.planets)
    for i, pl in enumerate(planets):
        if not (0 <= pl.x <= area.width and 0 <= pl.y <= area.height):
            raise ScenarioError(f"planets[{i}]: the centre of {pl.name!r} is off the play area")

    fleet_files: list[FleetFile] = []
    sources: list[str | None] = []
    fleets: list[ResolvedFleet] = []
    for i, side in enumerate(spec.sides):
        where = f"sides[{i}].fleet"
        if isinstance(side.fleet, str):
            fleet_file = _read_side_fleet(side.fleet, base_dir, where)
        else:
            fleet_file = side.fleet
        sources.append(side.fleet if isinstance(side.fleet, str) else None)
        try:
            resolved = resolve_fleet(fleet_file, cat)
        except FleetError as exc:
            label = f"{where} ({side.fleet}): " if isinstance(side.fleet, str) else f"{where}."
            raise ScenarioError(f"{label}{exc}") from None
        if spec.fleet_format == "tournament":
            problems = check_fleet(resolved, "tournament")
            if problems:
                listed = "; ".join(str(v) for v in problems[:5])
                more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
                raise ScenarioError(f"{where}: the fleet is not tournament legal: {listed}{more}")
        fleet_files.append(fleet_file)
        fleets.append(resolved)

    starts: list[tuple[Pose, ...]] = []
    for i, side in enumerate(spec.sides):
        enemy = spec.sides[1 - i].deployment
        if side.placements is not None:
            if len(side.placements) != len(fleets[i].ships):
                raise ScenarioError(f"sides[{i}].placements: {len(side.placements)} poses for "
                                    f"{len(fleets[i].ships)} ships")
            poses = tuple(p.pose() for p in side.placements)
            label = f"sides[{i}].placements"
        else:
            poses = default_deployment(side.deployment, fleets[i].ships, facing_heading(side.deployment, enemy))
            label = f"sides[{i}] (default deployment)"
        _check_placements(label, side.deployment, fleets[i].ships, poses, obstacles, planets)
        starts.append(poses)
    _check_no_overlap(spec, fleets, starts)

    inlined = spec.model_copy(update={"sides": tuple(
        side.model_copy(update={"fleet": fleet_files[i]}) for i, side in enumerate(spec.sides))})
    sides = tuple(
        Side(index=i, name=side.name, fleet=fleets[i], fleet_file=fleet_files[i], fleet_source=sources[i],
             zone=side.deployment, start=starts[i], explicit_placements=side.placements is not None)
        for i, side in enumerate(spec.sides))
    return Scenario(
        name=spec.name, description=spec.description, source=source, play_area=area, obstacles=obstacles,
        planets=planets, sides=(sides[0], sides[1]), round_limit=spec.round_limit,
        fleet_format=spec.fleet_format, victory=spec.victory, spec=inlined,
    )


def _read_side_fleet(relative: str, base_dir: Path | None, where: str) -> FleetFile:
    if base_dir is None:
        raise ScenarioError(f"{where}: {relative!r} is a path, and this scenario has no folder to find it in")
    target = confined_path(base_dir, relative, what=f"{where}: the fleet", error=ScenarioError)
    try:
        return read_fleet_file(target)
    except FleetError as exc:
        raise ScenarioError(f"{where}: {exc}") from None


# -- deployment -------------------------------------------------------------------------------


def facing_heading(zone: Rect, enemy_zone: Rect) -> float:
    """The heading from one zone's centre toward the other's, to the nearest 45 degrees."""
    (x0, y0), (x1, y1) = zone.centre, enemy_zone.centre
    heading = math.degrees(math.atan2(x1 - x0, y1 - y0))
    return normalize_heading(round(heading / HEADING_STEP) * HEADING_STEP)


def default_deployment(zone: Rect, ships: Sequence[ResolvedShip], heading: float) -> tuple[Pose, ...]:
    """Ships spread evenly across the zone, all at ``heading``, fleet order from left to right.

    The ships stand on the line through the zone's centre at right angles to the heading,
    each at the middle of an equal share of that line (for three ships on a 914 mm edge:
    152, 457 and 762 mm). ScenarioError when a base would not fit inside the zone.
    """
    if not ships:
        return ()
    cx, cy = zone.centre
    centre = Pose(cx, cy, heading)
    rx, ry = centre.right
    # How far the line through the centre runs inside the zone, each way along "right".
    reach = math.inf
    for d, lo, hi, c in ((rx, zone.x, zone.x + zone.width, cx), (ry, zone.y, zone.y + zone.height, cy)):
        if abs(d) > 1e-12:
            reach = min(reach, (hi - c) / abs(d), (c - lo) / abs(d))
    span = 2 * reach
    poses = tuple(centre.advance(0.0, -reach + span * (i + 0.5) / len(ships)) for i in range(len(ships)))
    return tuple(Pose(round(p.x, 6), round(p.y, 6), heading) for p in poses)


def _check_placements(label: str, zone: Rect, ships: Sequence[ResolvedShip], poses: Sequence[Pose],
                      obstacles: Sequence[Obstacle], planets: Sequence[Planet]) -> None:
    zone_poly = zone.polygon
    for i, (ship, pose) in enumerate(zip(ships, poses, strict=True)):
        base = base_polygon(pose, base_half(ship.ship_class.base_size))
        where = f"{label}[{i}] ({ship.name})"
        if not zone_poly.buffer(1e-6).covers(base):
            raise ScenarioError(f"{where}: the base at {pose.x:g},{pose.y:g},{pose.heading:g} is not wholly inside "
                                "the deployment zone")
        for ob in obstacles:
            if base.intersection(ob.polygon).area > 1e-9:
                raise ScenarioError(f"{where}: the base overlaps the obstacle {ob.name!r}")
        for pl in planets:
            if base.intersection(pl.polygon).area > 1e-9:
                raise ScenarioError(f"{where}: the base overlaps the planet {pl.name!r}")


def _check_no_overlap(spec: ScenarioFile, fleets: Sequence[ResolvedFleet],
                      starts: Sequence[Sequence[Pose]]) -> None:
    bases: list[tuple[str, Polygon]] = []
    for i, (fleet, poses) in enumerate(zip(fleets, starts, strict=True)):
        for j, (ship, pose) in enumerate(zip(fleet.ships, poses, strict=True)):
            bases.append((f"sides[{i}] ship {j} ({ship.name})",
                          base_polygon(pose, base_half(ship.ship_class.base_size))))
    for a in range(len(bases)):
        for b in range(a + 1, len(bases)):
            if bases[a][1].intersection(bases[b][1]).area > 1e-9:
                raise ScenarioError(f"{bases[b][0]}: its base overlaps {bases[a][0]}; give placements further apart "
                                    "or a larger deployment zone")


# -- scoring ------------------------------------------------------------------------------------


def surviving_points(fleet: ResolvedFleet, destroyed: Collection[int]) -> int:
    """SP left in a fleet's surviving Fleet (tournament rules, Fleet Points).

    A ship not destroyed counts with every card it was equipped with (discarded upgrades sit
    under its card and still count); a destroyed ship counts nothing. The resource counts
    while any ship survives: its points go to the winner only when the whole fleet is gone.
    """
    alive = [s for s in fleet.ships if s.index not in destroyed]
    if not alive:
        return 0
    return sum(s.cost for s in alive) + sum(r.cost.total for r in fleet.resources)


def fleet_points(opponent: ResolvedFleet, destroyed: Collection[int], base: int = FLEET_POINTS_BASE) -> int:
    """Fleet Points scored against ``opponent``: ``base`` minus the SP left in its surviving fleet, at least 0."""
    return max(0, base - surviving_points(opponent, destroyed))


@dataclass(frozen=True)
class GameResult:
    winner: int | None  # the side that won, None for a draw
    reason: str
    fleet_points: tuple[int, int]  # scored by side 0 and side 1


def game_result(scenario: Scenario, destroyed: tuple[Collection[int], Collection[int]]) -> GameResult:
    """Who won, given which ships of each side (fleet indices) are destroyed when the game stops.

    Call it when one fleet is gone or at the end of the last round. A side whose enemy has no
    ship left wins outright; otherwise more Fleet Points wins, and equal points are a draw.
    """
    base = scenario.victory.fleet_points_base
    fleets = scenario.sides[0].fleet, scenario.sides[1].fleet
    points = (fleet_points(fleets[1], destroyed[1], base), fleet_points(fleets[0], destroyed[0], base))
    gone = tuple(all(s.index in destroyed[i] for s in fleets[i].ships) for i in (0, 1))
    if gone[0] != gone[1]:
        winner = 0 if gone[1] else 1
        return GameResult(winner, f"{scenario.sides[winner].name} destroyed the whole enemy fleet", points)
    if points[0] != points[1]:
        winner = 0 if points[0] > points[1] else 1
        return GameResult(winner, f"{scenario.sides[winner].name} scored more Fleet Points", points)
    reason = "both fleets destroyed" if all(gone) else "equal Fleet Points"
    return GameResult(None, reason, points)

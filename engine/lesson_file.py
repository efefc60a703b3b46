"""The lesson file (``replays/lessons/*.json`` or a file named on the command line): untrusted, so
every field is typed and bounded before a lesson is built (no pose far off the table, no ship id twice)."""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.errors import TrekError
from engine.geometry.pose import INPUT_LIMIT_MM
from engine.io.documents import model_fields, validation_message

# A lesson shows a corner of a 3 ft table: anything beyond 10 m is a mistake, never a scene
# (and 1e308 mm stopped the renderer).
COORD_LIMIT_MM: Final = INPUT_LIMIT_MM
MAX_SHIPS: Final = 12
MAX_MOVES: Final = 32
MAX_OBSTACLES: Final = 12
MAX_POINTS: Final = 64
MAX_PLAYERS: Final = 6

Coord = Annotated[float, Field(ge=-COORD_LIMIT_MM, le=COORD_LIMIT_MM, allow_inf_nan=False)]
Heading = Annotated[float, Field(ge=-360, le=360, allow_inf_nan=False)]
Text = Annotated[str, Field(min_length=1, max_length=80)]


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)


class ShipEntry(_M):
    id: Text
    ship_class: Text = Field(alias="class")
    pose: tuple[Coord, Coord, Heading]
    player: Annotated[int, Field(ge=0, lt=MAX_PLAYERS)] = 0


class MoveEntry(_M):
    ship: Text
    kind: Text
    speed: Annotated[int, Field(ge=-10, le=10)]


class ObstacleEntry(_M):
    name: Text = "asteroid field"
    points: list[tuple[Coord, Coord]] = Field(min_length=3, max_length=MAX_POINTS)


class PlanetEntry(_M):
    name: Text = "planet"
    x: Coord
    y: Coord
    radius: Annotated[float, Field(gt=0, le=COORD_LIMIT_MM, allow_inf_nan=False)]


class LessonFile(_M):
    title: Annotated[str, Field(min_length=1, max_length=200)]
    caption: Annotated[str, Field(max_length=2000)]
    ships: list[ShipEntry] = Field(min_length=1, max_length=MAX_SHIPS)
    moves: list[MoveEntry] = Field(default_factory=list, max_length=MAX_MOVES)
    obstacles: list[ObstacleEntry] = Field(default_factory=list, max_length=MAX_OBSTACLES)
    planets: list[PlanetEntry] = Field(default_factory=list, max_length=MAX_OBSTACLES)
    show: list[Literal["arcs", "ranges", "attack", "echo"]] = Field(default_factory=list, max_length=4)
    attack: tuple[Text, Text] | None = None
    echo: Text | None = None

    @field_validator("ships")
    @classmethod
    def _ids_once(cls, ships: list[ShipEntry]) -> list[ShipEntry]:
        ids = [s.id for s in ships]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"the ship id {twice[0]!r} is used twice")
        return ships


E = TypeVar("E", bound=TrekError)


def parse_lesson_file(name: str, data: object, error: type[E]) -> LessonFile:
    """The checked lesson document; ``error``, one line naming the field, otherwise."""
    if not isinstance(data, dict):
        raise error(f"lesson {name}: the file must hold one JSON object (title, caption, ships...)")
    try:
        return LessonFile.model_validate(data)
    except ValidationError as exc:
        fields = model_fields(LessonFile, ShipEntry, MoveEntry, ObstacleEntry, PlanetEntry) | {"class"}
        raise error(f"lesson {name}: {validation_message(exc, '', fields)}") from None

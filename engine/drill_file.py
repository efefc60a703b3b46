"""The drill file (``replays/drills/*.json`` or a file named on the command line): untrusted, so
every field is typed and bounded before a drill is built (see docs/teaching.md, "Drills")."""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.errors import TrekError
from engine.io.documents import model_fields, validation_message
from engine.lesson_file import COORD_LIMIT_MM, MAX_OBSTACLES, MAX_SHIPS, ObstacleEntry, PlanetEntry, ShipEntry, Text

MAX_DRILL_BYTES: Final = 256 * 1024  # a drill is a few hundred bytes; a bigger file is a mistake
MAX_HINTS: Final = 8
MAX_GOALS: Final = 6
MAX_TRIES: Final = 10
# the skills in the order a learner meets them (``trek teach drills`` lists them so)
SKILLS: Final = ("speed and range", "banks and turns", "come abouts and red maneuvers", "obstacles", "bumps",
                 "large bases", "blocking")
Skill = Literal["speed and range", "banks and turns", "come abouts and red maneuvers", "obstacles", "bumps",
                "large bases", "blocking"]
Words = Annotated[str, Field(min_length=1, max_length=400)]
Band = Annotated[int, Field(ge=1, le=3)]


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)


class InArc(_M):
    """End with ``target`` in the learner's front (or rear) arc at one of ``bands``."""
    kind: Literal["in_arc"]
    target: Text
    bands: list[Band] = Field(default_factory=lambda: [1, 2, 3], min_length=1, max_length=3)
    arc: Literal["front", "rear"] = "front"


class OutOfArc(_M):
    """End outside ``of``'s front arc at Range 1-3 (no attack on the learner next round)."""
    kind: Literal["out_of_arc"]
    of: Text


class Reach(_M):
    """End with the base centre within ``radius`` mm of the objective at (x, y)."""
    kind: Literal["reach"]
    x: Annotated[float, Field(ge=-COORD_LIMIT_MM, le=COORD_LIMIT_MM, allow_inf_nan=False)]
    y: Annotated[float, Field(ge=-COORD_LIMIT_MM, le=COORD_LIMIT_MM, allow_inf_nan=False)]
    radius: Annotated[float, Field(gt=0, le=300, allow_inf_nan=False)]
    name: Text = "the objective"


class Clear(_M):
    """Neither the template nor the final base on an obstacle."""
    kind: Literal["clear"]


class NoBump(_M):
    """The maneuver overlaps no ship (the base is never moved back)."""
    kind: Literal["no_bump"]


class Block(_M):
    """After the learner's move, ``target`` flying ``maneuver`` [kind, speed] overlaps the learner."""
    kind: Literal["block"]
    target: Text
    maneuver: tuple[Text, Annotated[int, Field(ge=-5, le=6)]]


Goal = Annotated[InArc | OutOfArc | Reach | Clear | NoBump | Block, Field(discriminator="kind")]


class DrillFile(_M):
    title: Annotated[str, Field(min_length=1, max_length=200)]
    game: Literal["attack_wing"] = "attack_wing"
    skill: Skill
    difficulty: Annotated[int, Field(ge=1, le=5)]
    brief: Words
    ship: Text  # the id of the learner's ship among ``ships``
    ships: list[ShipEntry] = Field(min_length=1, max_length=MAX_SHIPS)
    obstacles: list[ObstacleEntry] = Field(default_factory=list, max_length=MAX_OBSTACLES)
    planets: list[PlanetEntry] = Field(default_factory=list, max_length=MAX_OBSTACLES)
    goal: list[Goal] = Field(min_length=1, max_length=MAX_GOALS)
    hints: list[Words] = Field(default_factory=list, max_length=MAX_HINTS)
    tries: Annotated[int, Field(ge=1, le=MAX_TRIES)] = 3

    @field_validator("ships")
    @classmethod
    def _ids_once(cls, ships: list[ShipEntry]) -> list[ShipEntry]:
        ids = [s.id for s in ships]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"the ship id {twice[0]!r} is used twice")
        return ships


E = TypeVar("E", bound=TrekError)
_MODELS = (DrillFile, ShipEntry, ObstacleEntry, PlanetEntry, InArc, OutOfArc, Reach, Clear, NoBump, Block)


def parse_drill_file(name: str, data: object, error: type[E]) -> DrillFile:
    """The checked drill document; ``error``, one line naming the field, otherwise."""
    if not isinstance(data, dict):
        raise error(f"drill {name}: the file must hold one JSON object (title, skill, ship, ships, goal...)")
    try:
        doc = DrillFile.model_validate(data)
    except ValidationError as exc:
        fields = model_fields(*_MODELS) | {"class"}
        raise error(f"drill {name}: {validation_message(exc, '', fields)}") from None
    ids = {s.id for s in doc.ships}
    named = [("ship", doc.ship)] + [(f"goal[{i}].target", g.target) for i, g in enumerate(doc.goal)
                                    if isinstance(g, InArc | Block)]
    named += [(f"goal[{i}].of", g.of) for i, g in enumerate(doc.goal) if isinstance(g, OutOfArc)]
    for where, ship in named:
        if ship not in ids:
            raise error(f"drill {name}: {where}: no ship {ship!r} among ships ({', '.join(sorted(ids))})")
        if where != "ship" and ship == doc.ship:
            raise error(f"drill {name}: {where}: {ship!r} is the learner's own ship")
    return doc

"""What is on the table at one moment: the pure description of a frame that the studio draws.

The replay ``Timeline`` produces a :class:`TableView` for a playback time; the studio's Panda3D
layer (``studio.scene.Scene.update``) maps it to nodes and draws nothing that is not in it.
No Panda3D here: these are plain frozen records in the engine's units (millimetres, degrees
clockwise from north, origin at the play area's south-west corner).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.geometry.pose import Pose

Point = tuple[float, float]
BaseSize = Literal["small", "large"]


@dataclass(frozen=True, slots=True)
class ObstacleView:
    """An obstacle token (asteroid field, debris field...) as its outline polygon."""

    name: str
    points: tuple[Point, ...]
    kind: str = "asteroid field"


@dataclass(frozen=True, slots=True)
class PlanetView:
    """A planet token: a disc of ``radius`` mm centred at (x, y)."""

    name: str
    x: float
    y: float
    radius: float


@dataclass(frozen=True, slots=True)
class TemplateView:
    """A maneuver template lying on the table now (while its ship moves along it).

    ``points`` is the template's outline (``maneuvers.template_outline``'s exterior) and
    ``colour`` the maneuver's dial colour: ``"green"``, ``"white"`` or ``"red"``.
    """

    points: tuple[Point, ...]
    colour: str = "white"
    ship_id: str | None = None


@dataclass(frozen=True, slots=True)
class AttackView:
    """The attack being resolved: the range ruler from attacker to defender and its band."""

    attacker: str
    defender: str
    start: Point  # on the attacker's base outline
    end: Point  # on the part of the defender in arc
    band: int  # 1, 2, 3 (4 = beyond range)
    obstructed: bool = False


@dataclass(frozen=True, slots=True)
class DecisionView:
    """An Enemy AI ship's Choose Maneuver step (Alliance): the eight 45-degree sectors around it,
    the one its target lies in (0 ahead, clockwise to 7 front-left), and the ring it used."""

    ship_id: str
    pose: Pose
    base_size: BaseSize
    sector: int
    ring: str  # "inner" or "outer"
    target: str


@dataclass(frozen=True, slots=True)
class ShipView:
    """One ship as it stands now.

    ``pose`` is the (possibly interpolated) base centre and heading; ``player`` is the seat
    (0 or 1) that sets the base colour; ``front_arc``/``rear_arc`` are the printed arcs in
    degrees (None when absent; both None with ``has_360_arc``). ``hull_max`` is the printed
    hull value, which also sets the model's size class (``studio.assets.size_class``).
    """

    id: str
    name: str
    faction: str
    class_name: str
    base_size: BaseSize
    pose: Pose
    player: int = 0
    front_arc: float | None = 90.0
    rear_arc: float | None = None
    has_360_arc: bool = False
    shields: int = 0
    shields_max: int = 0
    hull: int = 0
    hull_max: int = 0
    tokens: tuple[str, ...] = ()
    destroyed: bool = False
    cloaked: bool = False
    active: bool = False  # the ship acting now (moving, attacking)


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the studio draws for one frame."""

    area_width: float
    area_height: float
    obstacles: tuple[ObstacleView, ...] = ()
    planets: tuple[PlanetView, ...] = ()
    ships: tuple[ShipView, ...] = ()
    templates: tuple[TemplateView, ...] = ()
    attack: AttackView | None = None
    selected: str | None = None  # the ship id the camera and range bands follow
    decision: DecisionView | None = None  # an Enemy AI ship choosing its maneuver (Alliance)

    def ship(self, ship_id: str) -> ShipView | None:
        """The ship with this id, or None."""
        for s in self.ships:
            if s.id == ship_id:
                return s
        return None

"""Star Trek: Into the Unknown's own part of the view: its systems, the arcs and turning tools on the
table, projectile tokens, each ship's alert dial and officers, and the mission's track.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.geometry.pose import Pose
from engine.view import MomentPart, PanelPart, PanelView, Parted, Point, TablePart, TableView, part_of


@dataclass(frozen=True, slots=True)
class MissionView:
    """How the mission stands, for the HUD: its act (``title``: "OVERTURE", "OUTPOST AMBUSH"), each
    player's victory and negative victory points (the score is their difference), their directives
    ("CALM", "HOSTILE"), and a track (Into the Unknown's influence track) of ``track`` spaces each
    side of its start with its marker at ``at`` (positive: toward player 0's end; 0 spaces: none)."""

    title: str
    names: tuple[str, str]
    victory: tuple[int, int]
    negative: tuple[int, int] = (0, 0)
    directives: tuple[str, str] = ("", "")
    track: int = 0
    at: int = 0
    track_label: str = ""

    @property
    def scores(self) -> tuple[int, int]:
        return self.victory[0] - self.negative[0], self.victory[1] - self.negative[1]


@dataclass(frozen=True, slots=True)
class AreaView:
    """An area of the table drawn as its boundary: a disc of ``radius`` mm centred at (x, y), named
    ``label`` (an Into the Unknown system, "SYSTEM 1"; all the table outside is deep space)."""

    label: str
    x: float
    y: float
    radius: float


@dataclass(frozen=True, slots=True)
class ArcView:
    """A firing arc shown on the table (Into the Unknown's quarter and end arcs): the ``wedges``
    (each a bearing off the heading and a half-angle, in degrees) traced from ``pose``'s centre out
    to ``reach`` mm, in ``player``'s colour, named ``label`` ("PORT ARC")."""

    ship: str
    pose: Pose
    wedges: tuple[tuple[float, float], ...]
    reach: float
    player: int = 0
    label: str = ""


@dataclass(frozen=True, slots=True)
class ToolView:
    """A turning tool lying on the table: its round head centred at (x, y) (in a base's slot), its
    stem ``length`` mm long and ``width`` mm wide pointing along ``heading`` (degrees clockwise from
    north) with a notch at its end, and ``notches`` marks ``notch`` degrees apart on either side
    of the head's central notch (opposite the stem); ``turned`` is how many notches it was turned from
    the slot's centre dot (signed, + clockwise)."""

    x: float
    y: float
    heading: float
    head_radius: float
    length: float
    width: float
    notch: float = 22.5
    notches: int = 4
    turned: float = 0.0


@dataclass(frozen=True, slots=True)
class PieceView:
    """A flat piece lying on the table (a projectile token): its outline, its seat's colour and a
    short ``label``; ``id`` names it."""

    id: str
    points: tuple[Point, ...]
    player: int = 0
    label: str = ""


@dataclass(frozen=True, slots=True)
class DialView:
    """A dial on a ship's display (Into the Unknown's alert dial): its ``positions`` lowest first,
    each a colour word ("green", "yellow", "red") and its pips, and the one it is set to."""

    name: str
    positions: tuple[tuple[str, int], ...]
    current: int


@dataclass(frozen=True, slots=True)
class CrewView:
    """An officer aboard: the ``station`` (or section) they are at, ready or committed, and
    ``skills``, their skills as one short line."""

    name: str
    station: str
    ready: bool = True
    skills: str = ""


@dataclass(frozen=True, slots=True)
class IntoTheUnknownTable(TablePart):
    """The table's own pieces: its systems (``areas``), the firing arcs shown now (the attacker's
    arc), turning tools and flat pieces such as projectile tokens."""

    areas: tuple[AreaView, ...] = ()
    arcs: tuple[ArcView, ...] = ()
    tools: tuple[ToolView, ...] = ()
    pieces: tuple[PieceView, ...] = ()


@dataclass(frozen=True, slots=True)
class IntoTheUnknownPanel(PanelPart):
    """A ship's display under its card: the alert dial, the officers at their stations, and the crew
    stats as one line ("CMD 3  OPS 2  SCI 2")."""

    dial: DialView | None = None
    crew: tuple[CrewView, ...] = ()
    stats: str = ""


@dataclass(frozen=True, slots=True)
class IntoTheUnknownMoment(MomentPart):
    """How the mission stands (scores, directives, the influence track)."""

    mission: MissionView | None = None


NO_DISPLAY: Final = IntoTheUnknownPanel()
NO_TABLE: Final = IntoTheUnknownTable()


def display_of(panel: PanelView) -> IntoTheUnknownPanel:
    """A panel's dial and officers (none on a panel of another game)."""
    return part_of(panel, IntoTheUnknownPanel) or NO_DISPLAY


def table_of(view: TableView) -> IntoTheUnknownTable:
    """The view's systems, arcs, tools and pieces (none on another game's table)."""
    return part_of(view, IntoTheUnknownTable) or NO_TABLE


def mission_of(moment: Parted) -> MissionView | None:
    """How the mission stands (None in another game)."""
    part = part_of(moment, IntoTheUnknownMoment)
    return part.mission if part is not None else None

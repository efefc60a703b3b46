"""What is on screen at one moment: the pure description of a frame that the studio draws.

The replay ``Timeline`` produces a :class:`TableView` (the table) and, around it, the records
the HUD, the cards and the director draw (:class:`HeaderView`, :class:`DiceView`,
:class:`PanelView`, :class:`CardView`, :class:`FocusView`...); the studio's Panda3D layer maps
them to nodes and draws nothing that is not in them: every number and sentence on screen is
worked out once, by the ruleset's presenter, never by the studio. No Panda3D here: these are
plain frozen records in the engine's units (millimetres, degrees clockwise from north, origin
at the play area's south-west corner).

This module is the core every game shares: ships on a table with their poses, templates, markers,
trails, effects, the ruler, and around it the header, the dice, the panels and the cards. What only
one game has is that game's own typed part (``part``) of a :class:`TableView`, a :class:`PanelView` or
the Timeline's ``Moment``: a subclass of :class:`TablePart`, :class:`PanelPart` or :class:`MomentPart`
in the game's own module (``engine.view_attack_wing``, ``view_alliance``, ``view_into_the_unknown``,
``view_fleet_captains``), filled by its presenter; the studio reads a part with :func:`part_of`, so a
new game adds its own module instead of fields here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol, TypeVar

from engine.geometry.pose import Pose

Point = tuple[float, float]
BaseSize = Literal["small", "large"]
ShipStatus = Literal["in_play", "destroyed", "fled", "retreated"]
RANGE_EDGES_MM: Final = (101.6, 203.2, 304.8)  # Range 1, 2 and 3's outer edges (4, 8, 12 inches)
DieMark = Literal["", "rerolled", "converted", "added"]
P = TypeVar("P")


# --- a game's own part ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TablePart:
    """What one game's table has beyond the shared core (a subclass per game)."""


@dataclass(frozen=True, slots=True)
class PanelPart:
    """What one game's ship card shows beyond the shared core (a subclass per game)."""


@dataclass(frozen=True, slots=True)
class MomentPart:
    """What one game's HUD shows beyond the shared core of a ``Moment`` (a subclass per game)."""


class Parted(Protocol):
    """A record with a game's own part (a TableView, a PanelView, a Moment)."""

    @property
    def part(self) -> object: ...


def part_of(record: Parted, kind: type[P]) -> P | None:
    """``record``'s part when it is a ``kind`` (or a subclass of it), else None: how the studio reads
    the part of the game it draws (an Alliance table is an Attack Wing table with more)."""
    part = record.part
    return part if isinstance(part, kind) else None



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
class TokenView:
    """A token beside a ship: ``kind`` is the game's word (evade, scan, battle_stations,
    aux_power, target_lock, cloak, mission...), ``count`` how many, ``target`` the ship a target
    lock is on, ``label`` what the HUD's badge says (e.g. the locked ship's name)."""

    kind: str
    count: int = 1
    target: str | None = None
    label: str = ""


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
    tokens: tuple[TokenView, ...] = ()
    destroyed: bool = False
    cloaked: bool = False
    active: bool = False  # the ship acting now (moving, attacking)
    base_side: float = 40.0  # the base's side in mm (its width, port to starboard, when ``base_length`` is set)
    base_length: float | None = None  # a rectangular base's length fore to aft in mm (None: a square)
    base_lines: tuple[float, ...] = ()  # lines printed on the base from its centre, as bearings off the
    # heading (Into the Unknown's quarter lines and end wedges); when set they replace the printed arcs


@dataclass(frozen=True, slots=True)
class MarkerView:
    """A mission marker on the table: a token at (x, y) labelled ``label`` ("C"), what it is
    (``text``, e.g. "odd sensor data") and, once collected, by whom (``taken_by``); with a
    ``heading``, an arrow at (x, y) pointing that way instead (an Alliance mission's numbered
    bearing arrow at the map's edge, where Enemy AI formations arrive)."""

    label: str
    x: float
    y: float
    text: str = ""
    taken_by: str | None = None
    heading: float | None = None  # an arrow pointing this way (degrees clockwise from north), not a token
    control: int | None = None  # the player whose control marker sits on the token (drawn in their colour)
    plain: bool = False  # a mission token with no control marker on it (drawn pale)
    mine: float = 0.0  # a Minefield Token of this radius in mm (Antimatter Mines), ``control`` its owner




@dataclass(frozen=True, slots=True)
class RulerView:
    """A range ruler from ``ship`` to ``target``: from ``start`` on the ship's base to ``end`` on the
    target (the part of it in arc when it is in one), the distance and range band (4: beyond
    Range 3), the arc the target is in (``front``, ``rear``, ``360`` or ``none``) and the line
    that says all that (``text``)."""

    ship: str
    target: str
    start: Point
    end: Point
    distance: float
    band: int
    arc: str
    text: str


@dataclass(frozen=True, slots=True)
class EffectView:
    """A short effect playing while its event does: ``kind`` (``shield_hit``, ``hull_hit``,
    ``destroyed``) on ``ship``, ``t`` of the way through (0..1)."""

    kind: str
    ship: str
    t: float






@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the studio draws for one frame."""

    area_width: float
    area_height: float
    planets: tuple[PlanetView, ...] = ()
    ships: tuple[ShipView, ...] = ()
    templates: tuple[TemplateView, ...] = ()
    selected: str | None = None  # the ship id the camera and range bands follow
    markers: tuple[MarkerView, ...] = ()  # mission markers on the table (Alliance sensor data sites)
    trails: tuple[TrailView, ...] = ()  # each ship's last few moves
    range_edges: tuple[float, ...] = RANGE_EDGES_MM  # the range bands' outer edges in mm (none: a map game)
    effects: tuple[EffectView, ...] = ()  # hits and destructions playing now
    ruler: RulerView | None = None  # the viewer's ruler between two ships
    part: TablePart | None = None  # what only this game's table has (``engine.view_<game>``)

    def ship(self, ship_id: str) -> ShipView | None:
        """The ship with this id, or None."""
        for s in self.ships:
            if s.id == ship_id:
                return s
        return None


# --- around the table: the HUD, the director and the cards -----------------------------------------

@dataclass(frozen=True, slots=True)
class TrailView:
    """A ship's last few moves as a polyline; ``faded`` once the ship has left play."""

    ship_id: str
    player: int
    points: tuple[Point, ...]
    faded: bool = False


@dataclass(frozen=True, slots=True)
class DieView:
    """One die of the attack on the table: its face, how it came to be (``mark``), and whether
    the event in progress rolled or changed it (``fresh``: the HUD pulses it)."""

    kind: Literal["attack", "defense"]
    face: str  # hit, crit, battle_stations, blank, evade; or a d6's number "1" to "6" (a system test)
    mark: DieMark = ""
    fresh: bool = False
    by: str = ""  # what changed it last: a card's name, "target lock", "battle stations", a token



@dataclass(frozen=True, slots=True)
class DiceView:
    """The dice of the attack on the table with what they add up to (``tally``) and the odds
    line (``odds_line``, from the same numbers as the header's reason)."""

    attack: tuple[DieView, ...] = ()
    defense: tuple[DieView, ...] = ()
    tally: str = ""
    odds_line: str = ""
    cards: tuple[str, ...] = ()  # the cards used in this attack so far, in order (the HUD names them)
    # what the two groups are, when not an attack and its defense (a system test's "SENSORS", "MOVER"...)
    attack_label: str = ""
    defense_label: str = ""


@dataclass(frozen=True, slots=True)
class HeaderView:
    """The top centre of the HUD: the ship acting (``ship``, its ``name`` and ``player``), what it
    does to whom (``verb`` and the ``target``'s name and player) and its own ``reason``."""

    ship: str
    name: str
    player: int
    reason: str = ""
    verb: str = ""
    target: str | None = None
    target_name: str = ""
    target_player: int = 1


@dataclass(frozen=True, slots=True)
class BannerView:
    """A big centred title while a round or phase starts (``ROUND 2`` / ``COMBAT PHASE``)."""

    title: str
    subtitle: str = ""




@dataclass(frozen=True, slots=True)
class PanelView:
    """A ship's card in the HUD: its numbers now, its tokens, its damage cards (face-up titles
    then "N face down") and how it stands (``status``); ships not yet arrived have none."""

    id: str
    name: str
    class_name: str
    player: int
    status: ShipStatus = "in_play"
    shields: int = 0
    shields_max: int = 0
    hull: int = 0
    hull_max: int = 0
    tokens: tuple[TokenView, ...] = ()
    damage: tuple[str, ...] = ()
    active: bool = False
    part: PanelPart | None = None  # what only this game's card shows (``engine.view_<game>``)

    @property
    def destroyed(self) -> bool:
        """Out of play: destroyed, fled or retreated."""
        return self.status != "in_play"


@dataclass(frozen=True, slots=True)
class BaseView:
    """A ship's base somewhere on the table (``side``: its side in mm)."""

    pose: Pose
    size: BaseSize
    side: float


@dataclass(frozen=True, slots=True)
class FocusView:
    """What the director frames from an event on: the whole table (``kind`` "table"), a ship's
    move or an attack, as the ``subjects``' ship ids, the ``bases`` that must be in the picture
    (along the move's path; the attacker's and the defender's) and other table ``points``
    (the move's template)."""

    kind: Literal["table", "move", "attack"]
    subjects: tuple[str, ...] = ()
    bases: tuple[BaseView, ...] = ()
    points: tuple[Point, ...] = ()


@dataclass(frozen=True, slots=True)
class ShipLineView:
    """A ship on a title or end card; ``points`` is its fleet-point cost and ``status`` on the
    end card is how it ended ("destroyed", "fled", "retreated", "hull 3/5, shields 2/4")."""

    name: str
    class_name: str = ""
    captain: str = ""
    points: int = 0
    status: str = ""
    gone: bool = False  # destroyed, fled or retreated


@dataclass(frozen=True, slots=True)
class FleetCardView:
    """One fleet on a card: ``points``/``points_label`` is the big number and what it is (the fleet's
    cost on the title card, the fleet points it scored on the end card); ``summary`` the line under
    the name."""

    side: int
    name: str
    points: int | None
    points_label: str
    summary: str
    ships: tuple[ShipLineView, ...] = ()


@dataclass(frozen=True, slots=True)
class CardView:
    """A title or end card: every line it shows."""

    kicker: str
    title: str
    subtitle: str
    fleets: tuple[FleetCardView, ...]
    footer: str
    headline_side: int | None = None  # the winner's side (None: a draw, or the title card)


# --- teaching plates ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlateLabelView:
    """A line of text on a teaching plate, its middle at table point (x, y)."""

    x: float
    y: float
    text: str
    size: float = 1.0  # relative to the plate's label size


@dataclass(frozen=True, slots=True)
class PlateView:
    """A teaching plate a ruleset draws (Into the Unknown's impulse and warp moves): a table seen from
    straight above (its ships, rulers as templates, turning tools) with labels, a title, a
    subtitle and a footer line. The studio draws it as it draws any table."""

    title: str
    subtitle: str
    table: TableView
    labels: tuple[PlateLabelView, ...] = ()
    footer: str = ""

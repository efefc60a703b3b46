"""What is on screen at one moment: the pure description of a frame that the studio draws.

The replay ``Timeline`` produces a :class:`TableView` (the table) and, around it, the records
the HUD, the cards and the director draw (:class:`HeaderView`, :class:`DiceView`,
:class:`PanelView`, :class:`CardView`, :class:`FocusView`...); the studio's Panda3D layer maps
them to nodes and draws nothing that is not in them: every number and sentence on screen is
worked out once, by the ruleset's presenter, never by the studio. No Panda3D here: these are
plain frozen records in the engine's units (millimetres, degrees clockwise from north, origin
at the play area's south-west corner).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from engine.geometry.pose import Pose

Point = tuple[float, float]
BaseSize = Literal["small", "large"]
ShipStatus = Literal["in_play", "destroyed", "fled", "retreated"]
RANGE_EDGES_MM: Final = (101.6, 203.2, 304.8)  # Range 1, 2 and 3's outer edges (4, 8, 12 inches)
DieMark = Literal["", "rerolled", "converted", "added"]


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
    base_side: float = 40.0  # the base's side in mm

    def point(self, bearing: float, r: float) -> Point:
        """The table point ``r`` mm from the ship's centre, ``bearing`` degrees clockwise off its heading."""
        a = math.radians(self.pose.heading + bearing)
        return self.pose.x + r * math.sin(a), self.pose.y + r * math.cos(a)

    def fan(self, reach: float, steps: int = 12) -> list[Point]:
        """The target's 45-degree sector's arc at ``reach`` mm (its edges at sector * 45 -+ 22.5 degrees)."""
        lo = self.sector * 45.0 - 22.5
        return [self.point(lo + 45.0 * k / steps, reach) for k in range(steps + 1)]

    def footprint(self, edges: tuple[float, ...]) -> list[Point]:
        """What the sectors-and-rings drawing reaches, for the director's framing: the ends of the
        eight sector lines and the target's sector's arc, Range 3 (``edges[-1]``) past the base's
        half side; the Range 1 and 2 rings lie inside them."""
        reach = edges[-1] + self.base_side / 2
        return [self.point(22.5 + 45.0 * k, reach) for k in range(8)] + self.fan(reach)


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
class TileView:
    """A location tile of a map game (Fleet Captains): a square of ``side`` mm centred at (x, y),
    face down or turned over (its ``name``, its ``kind``, which sets its colour, and ``size``, the
    movement cost printed on it); ``home`` is the player whose command post it is (None: a tile);
    ``influence`` tokens of ``influence_player`` and an ``installation`` ("outpost", "colony",
    "starbase") of ``installation_player`` stand on it."""

    id: str
    x: float
    y: float
    side: float
    name: str = ""
    kind: str = ""
    face_down: bool = False
    size: int = 0
    home: int | None = None
    influence: int = 0
    influence_player: int | None = None
    installation: str = ""
    installation_player: int | None = None
    scanned_by: tuple[int, ...] = ()  # the players whose scan token lies on it (a face-down tile)


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
    markers: tuple[MarkerView, ...] = ()  # mission markers on the table (Alliance sensor data sites)
    trails: tuple[TrailView, ...] = ()  # each ship's last few moves
    range_edges: tuple[float, ...] = RANGE_EDGES_MM  # the range bands' outer edges in mm
    effects: tuple[EffectView, ...] = ()  # hits and destructions playing now
    ruler: RulerView | None = None  # the viewer's ruler between two ships
    areas: tuple[AreaView, ...] = ()  # areas with a boundary (Into the Unknown's systems)
    tiles: tuple[TileView, ...] = ()  # a map game's location tiles (Fleet Captains)
    arcs: tuple[ArcView, ...] = ()  # firing arcs shown now (Into the Unknown's attacker's arc)
    tools: tuple[ToolView, ...] = ()  # turning tools on the table (Into the Unknown)
    pieces: tuple[PieceView, ...] = ()  # flat pieces such as projectile tokens (Into the Unknown)

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
class OddsView:
    """The odds of the attack on the table (recorded before its roll), and once the attack is
    resolved, what it did and how lucky that was (the mid-rank percentile; 0.5 is average)."""

    expected: float  # expected damage (uncanceled hits + crits)
    p_damage: float  # P(at least one damage)
    p_crit: float  # P(at least one uncanceled crit)
    damage: tuple[float, ...]  # P(damage = k), k = 0, 1, ...
    actual: int | None = None  # damage rolled (hits + crits), once resolved
    percentile: float | None = None  # once resolved


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
    dial: DialView | None = None  # a display's dial shown under the card (Into the Unknown's alert dial)
    crew: tuple[CrewView, ...] = ()  # officers at their stations (Into the Unknown)
    stats: str = ""  # the crew stats as one line ("CMD 3  OPS 2  SCI 2")
    ratings: str = ""  # a game's own ratings line drawn in place of the shield and hull pips (Fleet Captains)

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

"""Teaching maneuvers: the pure parts of `trek teach` (issue 7).

- :func:`resolve_dial` finds a ship class (by class or ship name) and its dial.
- :func:`dial_ghosts` fans out every maneuver on a ship's dial from where it stands: the end
  pose, the template, and why the end would be blocked (bump, planet, obstacle, off the table).
- :class:`PlateLayout` frames a set of table points for a top-down plate and maps mm to pixels.
- :func:`maneuver_label` / :func:`rule_caption` are the words printed beside the pictures.
- :class:`Lesson` is a small scripted scene read from ``replays/lessons/*.json``.

No Panda3D here; the studio side is :mod:`studio.teach`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from engine.bundled import replays_dir
from engine.catalog import ShipClass, load_catalog
from engine.errors import TrekError
from engine.geometry.pose import Pose, normalize_heading
from engine.geometry.shapes import base_corners
from engine.io.documents import read_document
from engine.lesson_file import parse_lesson_file
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver, end_pose, maneuver_path, template_outline
from engine.rulesets.attack_wing.movement import MoveResult, Table, clear_ends_many, resolve_move, sensor_echo_options
from engine.view_attack_wing import table_of as aw_table_of

# The teaching view: the rulebook geometry the studio's teaching plates draw (maneuvers and their
# templates, resolved moves, sensor echoes, base sizes and range bands) is named here, so no studio
# module reaches into a ruleset (as a replay's frames come from engine.view).
__all__ = ["Maneuver", "MoveResult", "maneuver_path", "resolve_move", "sensor_echo_options", "template_outline"]
base_half = P.base_half
PLAY_AREA_MM = P.PLAY_AREA_MM
RANGE_BAND_EDGES_MM = P.RANGE_BAND_EDGES_MM
STRAIGHT_MM_PER_SPEED = P.STRAIGHT_MM_PER_SPEED

Point = tuple[float, float]
LESSONS_DIR = replays_dir("lessons")


class TeachError(TrekError):
    """A `trek teach` argument names nothing we can draw."""


# --- dials -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Dial:
    """A ship class's dial, and the ship it was asked for by (None when asked by class)."""

    ship_class: ShipClass
    ship_name: str | None
    entries: tuple[tuple[Maneuver, str], ...]  # (maneuver, colour) in dial order

    @property
    def base(self) -> str:
        return self.ship_class.base_size

    @property
    def title(self) -> str:
        name = self.ship_class.name
        return f"{name} - {self.ship_name}" if self.ship_name else name


def resolve_dial(query: str) -> Dial:
    """The dial of a class named ``query``, else of the class of the ship named ``query``."""
    cat = load_catalog()
    classes = cat.find_ship_classes(query)
    if classes:
        cls = classes[0]
        ship_name = None
    else:
        ships = cat.find_ships(query)
        if not ships:
            hints = ", ".join(cat.suggest(query)[:5])
            raise TeachError(f"no ship or ship class matches {query!r}" + (f"; did you mean {hints}?" if hints else ""))
        cls, ship_name = cat.class_of(ships[0]), ships[0].name
    entries = tuple((Maneuver(m.kind, m.speed), m.colour) for m in cls.maneuvers)
    return Dial(cls, ship_name, entries)


_SIDE = {-1: " L", 1: " R", 0: ""}


def maneuver_label(m: Maneuver) -> str:
    """Short dial words: ``2 bank L``, ``3 straight``, ``1 astern``, ``2 come about``, ``stop``."""
    side = _SIDE[m.side]
    if m.is_full_astern:
        return f"{-m.speed} astern"
    if m.kind == "stop":
        return "stop"
    if "rotate" in m.kind:
        return f"rotate {m.kind.split('-')[1]}{side}"
    if m.kind == "about":
        return f"{m.speed} come about"
    base = m.kind.split("-")[-1]
    return f"{m.speed} {base}{side}"


RULE_CAPTIONS = {
    "red": "Red maneuver: the ship gains an Auxiliary Power token.",
    "green": "Green maneuver: removes an Auxiliary Power token from the ship.",
    "white": "White maneuver: no change to Auxiliary Power tokens.",
}
KIND_CAPTIONS = {
    "straight": "Straight: lay the template at the front edge and lift the base to its far end.",
    "astern": "Full astern: the template goes at the rear edge; the ship moves backward, heading kept.",
    "bank": "Bank: a gentle 45 degree curve; the base stays tangent to the template.",
    "turn": "Turn: a tight 90 degree curve; the base stays tangent to the template.",
    "about": "Come about: the straight move, then a 180 degree turn in place. If it would overlap "
             "a ship it becomes a straight of the same speed.",
    "spin": "Spin: the straight move, then a 90 degree turn in place, left or right.",
    "flank": "Flank: the straight template laid from the side of the base; the ship slides "
             "sideways to its far end, heading kept.",
    "stop": "Stop: the ship stays where it is.",
    "rotate": "Rotate: the base turns in place about its centre; no template.",
}


def kind_family(m: Maneuver) -> str:
    if m.is_full_astern:
        return "astern"
    for fam in ("bank", "turn", "spin", "flank", "rotate"):
        if fam in m.kind:
            return fam
    return m.kind


def rule_caption(m: Maneuver, colour: str) -> str:
    """Two sentences: what the colour does, and how this kind of maneuver is flown."""
    return f"{RULE_CAPTIONS.get(colour, RULE_CAPTIONS['white'])} {KIND_CAPTIONS[kind_family(m)]}"


# --- ghosts ---------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Ghost:
    """One dial maneuver fanned out from a ship: where it would end and whether it may."""

    maneuver: Maneuver
    colour: str
    end: Pose
    blocked_reason: str | None  # "bump", "planet", "obstacle", "off table" or None
    template: tuple[Point, ...]  # the template outline ((): a maneuver without one)
    label: str = ""

    @property
    def blocked(self) -> bool:
        return self.blocked_reason is not None


def _dial_of(ship: Any) -> tuple[str, Pose, list[tuple[Maneuver, str]], str]:
    """(id, pose, dial, base) from a ShipState (has ``dial``) or a ShipView (looked up by class)."""
    dial = getattr(ship, "dial", None)
    if dial is not None:
        entries = [(Maneuver(k, s), c) for k, s, c in dial]
        return ship.id, ship.pose, entries, ship.base
    cls = load_catalog().ship_class(ship.class_name)
    return ship.id, ship.pose, [(Maneuver(m.kind, m.speed), m.colour) for m in cls.maneuvers], ship.base_size


def dial_ghosts(ship: Any, table: Table | None = None,
                entries: Sequence[tuple[Maneuver, str]] | None = None) -> list[Ghost]:
    """Every maneuver on ``ship``'s dial (a ShipState or ShipView) from its pose, on ``table``
    (which may contain the ship itself: it is left out). Ends that overlap a ship or planet,
    touch an obstacle (template or base) or leave the table carry a ``blocked_reason``."""
    if entries is not None:
        ship_id, pose, base = ship.id, ship.pose, getattr(ship, "base", None) or ship.base_size
        dial = list(entries)
    else:
        ship_id, pose, dial, base = _dial_of(ship)
    table = (table or Table()).without(ship_id)
    start = np.array([pose.as_tuple()], dtype=np.float64)
    ghosts = []
    for m, colour in dial:
        _, hit, off = clear_ends_many(start, m, base, table)
        end = end_pose(pose, m, base)
        reason: str | None = None
        if hit[0]:
            result = resolve_move(pose, m, base, table)
            reason = "planet" if result.planets and not result.bumped else "bump"
        elif off[0]:
            reason = "off table"
        outline = template_outline(pose, m, base)
        if reason is None and table.obstacles:
            if resolve_move(pose, m, base, table).obstacles:
                reason = "obstacle"
        pts = tuple((float(x), float(y)) for x, y in list(outline.exterior.coords)[:-1]) if outline else ()
        ghosts.append(Ghost(m, colour, end, reason, pts, maneuver_label(m)))
    return ghosts


def table_of_view(view: Any, without: str | None = None) -> Table:
    """The movement :class:`Table` of a :class:`engine.view.TableView`: the ships still in play
    (less ``without``), obstacles, planets and the play area."""
    from engine.geometry.shapes import Obstacle, Planet, PlayArea
    from engine.rulesets.attack_wing.measure import Placed
    from engine.rulesets.attack_wing.movement import ShipBase

    ships = [ShipBase(s.id, Placed(s.pose, s.base_size)) for s in view.ships if not s.destroyed and s.id != without]
    aw = aw_table_of(view)
    return Table(ships, [Obstacle(tuple(o.points), o.name) for o in (aw.obstacles if aw else ())],
                 [Planet(p.x, p.y, p.radius, p.name) for p in view.planets],
                 PlayArea(view.area_width, view.area_height))


def ghost_corners(ghost: Ghost, base: str) -> list[Point]:
    return base_corners(ghost.end, P.base_half(base))


# --- plate layout ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlateLayout:
    """An orthographic top-down frame, north up: ``mm_per_px`` and the table point at the
    image centre. :meth:`to_pixel` is exact for what :mod:`studio.teach` draws."""

    size: tuple[int, int]
    centre: Point
    mm_per_px: float

    @property
    def ortho_height(self) -> float:
        return self.size[1] * self.mm_per_px

    def to_pixel(self, x: float, y: float) -> Point:
        w, h = self.size
        return w / 2 + (x - self.centre[0]) / self.mm_per_px, h / 2 - (y - self.centre[1]) / self.mm_per_px

    def to_table(self, px: float, py: float) -> Point:
        w, h = self.size
        return self.centre[0] + (px - w / 2) * self.mm_per_px, self.centre[1] - (py - h / 2) * self.mm_per_px

    @classmethod
    def fit(cls, points: Iterable[Point], size: tuple[int, int], margins: tuple[int, int, int, int] = (0, 0, 0, 0),
            mm_per_px: float | None = None, pad_mm: float = 10.0) -> PlateLayout:
        """Frame ``points`` inside ``size`` less ``margins`` (top, right, bottom, left, in px); a
        given ``mm_per_px`` keeps that scale (for side-by-side plates) and just centres them."""
        pts = np.asarray(list(points), dtype=np.float64).reshape(-1, 2)
        if len(pts) == 0:
            pts = np.zeros((1, 2))
        x0, y0 = pts.min(axis=0) - pad_mm
        x1, y1 = pts.max(axis=0) + pad_mm
        top, right, bottom, left = margins
        w, h = size
        aw, ah = max(w - left - right, 1), max(h - top - bottom, 1)
        if mm_per_px is None:
            mm_per_px = max((x1 - x0) / aw, (y1 - y0) / ah, 1e-6)
        acx, acy = left + aw / 2, top + ah / 2  # where the content centre goes, in px
        ccx, ccy = (x0 + x1) / 2, (y0 + y1) / 2
        centre = (ccx - (acx - w / 2) * mm_per_px, ccy + (acy - h / 2) * mm_per_px)
        return cls((int(w), int(h)), (float(centre[0]), float(centre[1])), float(mm_per_px))


def dial_extent(dial: Dial, start: Pose, arc_reach: float = 0.0) -> list[Point]:
    """The table points a plate of ``dial`` must show: every end base and template, the start base."""
    half = P.base_half(dial.base)
    pts: list[Point] = list(base_corners(start, half))
    for m, _ in dial.entries:
        pts += base_corners(end_pose(start, m, dial.base), half)
        outline = template_outline(start, m, dial.base)
        if outline is not None:
            pts += [(float(x), float(y)) for x, y in outline.exterior.coords]
    if arc_reach:
        pts += [(start.x + dx, start.y + dy) for dx in (-arc_reach, arc_reach) for dy in (-arc_reach, arc_reach)]
    return pts


# --- lessons ---------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class LessonShip:
    id: str
    ship_class: str
    pose: Pose
    player: int = 0
    base: str = "small"
    front_arc: float | None = 90.0
    rear_arc: float | None = None
    has_360_arc: bool = False


@dataclass(frozen=True, slots=True)
class LessonMove:
    ship: str
    maneuver: Maneuver


@dataclass(frozen=True, slots=True)
class Lesson:
    """A scripted scene: ships, obstacles, planets, moves to resolve, what to show, a caption."""

    name: str
    title: str
    caption: str
    ships: tuple[LessonShip, ...]
    moves: tuple[LessonMove, ...] = ()
    obstacles: tuple[tuple[str, tuple[Point, ...]], ...] = ()
    planets: tuple[tuple[str, float, float, float], ...] = ()
    show: tuple[str, ...] = ()  # "arcs", "ranges", "attack", "echo"
    attack: tuple[str, str] | None = None
    echo: str | None = None

    def ship(self, ship_id: str) -> LessonShip:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise TeachError(f"lesson {self.name}: no ship {ship_id!r}")


def parse_lesson(name: str, data: Any) -> Lesson:
    doc = parse_lesson_file(name, data, TeachError)
    try:
        cat = load_catalog()
        ships = []
        for s in doc.ships:
            cls = cat.ship_class(s.ship_class)
            x, y, h = s.pose
            ships.append(LessonShip(s.id, cls.name, Pose(x, y, normalize_heading(h)), s.player, cls.base_size,
                                    cls.front_arc, cls.rear_arc, cls.has_360_arc))
        moves = tuple(LessonMove(m.ship, Maneuver(m.kind, m.speed)) for m in doc.moves)
    except TrekError as exc:
        raise TeachError(f"lesson {name}: {exc}") from None
    obstacles = tuple((o.name, tuple(o.points)) for o in doc.obstacles)
    planets = tuple((p.name, p.x, p.y, p.radius) for p in doc.planets)
    lesson = Lesson(name, doc.title, doc.caption, tuple(ships), moves, obstacles, planets, tuple(doc.show),
                    doc.attack, doc.echo)
    for m in lesson.moves:
        lesson.ship(m.ship)
    if lesson.attack:
        lesson.ship(lesson.attack[0])
        lesson.ship(lesson.attack[1])
    return lesson


def lesson_names(folder: Path = LESSONS_DIR) -> list[str]:
    return sorted(p.stem for p in folder.glob("*.json"))


def load_lesson(name: str, folder: Path = LESSONS_DIR) -> Lesson:
    path = Path(name) if name.endswith(".json") else folder / f"{name}.json"
    if not name.endswith(".json") and not path.is_file():
        raise TeachError(f"no lesson {name!r}; lessons: {', '.join(lesson_names(folder))}")
    data = read_document(path, TeachError, kind="lesson")
    return parse_lesson(path.stem, data)


def lesson_table(lesson: Lesson, without: str | None = None) -> Table:
    from engine.geometry.shapes import Obstacle, Planet
    from engine.rulesets.attack_wing.measure import Placed
    from engine.rulesets.attack_wing.movement import ShipBase

    ships = [ShipBase(s.id, Placed(s.pose, s.base)) for s in lesson.ships if s.id != without]
    return Table(ships, [Obstacle(pts, name) for name, pts in lesson.obstacles],
                 [Planet(x, y, r, name) for name, x, y, r in lesson.planets])


def bearing_deg(a: Pose, b: Pose) -> float:
    """The bearing from a to b relative to a's heading, degrees in (-180, 180]."""
    ang = math.degrees(math.atan2(b.x - a.x, b.y - a.y)) - a.heading
    return (ang + 180.0) % 360.0 - 180.0


# --- spreading coincident ghosts and placing labels ----------------------------------------------------

SAME_SPOT_MM = 2.0  # ends closer than this are "the same place"


def spread_ends(ghosts: Sequence[Ghost], base: str, start: Pose, gap: float = 4.0) -> list[Pose]:
    """Where a plate draws each ghost: at its end pose, except that ghosts ending where an
    earlier one does (a come about or a spin where the straight of its speed ends, rotates where
    a stop ends) are moved beside that spot, on their own side (left for left, right for right,
    a come about right), as near as they fit without touching another ghost or the start base.
    The heading is kept; the plate joins each moved ghost to its true spot with a leader line."""
    from shapely.geometry import Polygon

    half = P.base_half(base)
    squares = [Polygon(base_corners(g.end, half)) for g in ghosts]
    taken = [Polygon(base_corners(start, half)).buffer(gap / 2)]
    shown = [g.end for g in ghosts]
    firsts: list[int] = []
    moved: list[int] = []
    for k, g in enumerate(ghosts):
        same = next((j for j in firsts if math.dist((g.end.x, g.end.y), (ghosts[j].end.x, ghosts[j].end.y))
                     < SAME_SPOT_MM), None)
        if same is None:
            firsts.append(k)
        else:
            moved.append(k)
    taken += [squares[j].buffer(gap / 2) for j in firsts]
    step = 2 * half * 1.42 + gap  # clear of a turned square too
    (rx, ry), (fx, fy) = start.right, start.forward  # offsets in the start's frame

    def beside(g: Ghost, right: float, ahead: float) -> Pose:
        return Pose(g.end.x + step * (right * rx + ahead * fx), g.end.y + step * (right * ry + ahead * fy),
                    g.end.heading)

    for k in moved:
        g = ghosts[k]
        side = float(g.maneuver.side or 1)
        candidates = [(s * n, 0.0) for s in (side, -side) for n in (1, 2, 3)]
        candidates += [(s * n, -m) for s in (side, -side) for n in (1, 2) for m in (1, 2)]
        shown[k] = beside(g, *candidates[0])
        for right, ahead in candidates:
            pose = beside(g, right, ahead)
            if not any(Polygon(base_corners(pose, half)).intersects(t) for t in taken):
                shown[k] = pose
                break
        taken.append(Polygon(base_corners(shown[k], half)).buffer(gap / 2))
    return shown


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (pixels)


def place_labels(anchors: Sequence[Point], sizes: Sequence[tuple[float, float]], step: float,
                 blocked: Sequence[Box] = ()) -> list[Point] | None:
    """Centres for labels of ``sizes`` (width, height) near their ``anchors`` such that no two
    labels' boxes intersect, nor any of ``blocked`` (what a label must not cover: a base's notch):
    each takes the first free spot of a widening search (on the anchor, then above and below, then
    aside), in order; None when one finds no room."""
    placed: list[Box] = list(blocked)
    out: list[Point] = []
    offsets = [(0.0, 0.0)]
    for r in range(1, 5):
        offsets += [(0.0, -r), (0.0, r), (-r, 0.0), (r, 0.0), (-r, -r), (r, -r), (-r, r), (r, r)]
    for (ax, ay), (w, h) in zip(anchors, sizes, strict=True):
        for dx, dy in offsets:
            x, y = ax + dx * step * 2.2, ay + dy * step
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if not any(boxes_intersect(box, b) for b in placed):
                placed.append(box)
                out.append((x, y))
                break
        else:
            return None
    return out


def boxes_intersect(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True, slots=True)
class LessonRuler:
    """A lesson's range ruler from an attacker to a target: between the closest points of the
    attacker's base and the part of the target in its arc (the whole target when out of arc),
    so its length is the distance the lesson quotes."""

    start: Point
    end: Point
    distance: float
    band: int | None  # None: out of arc
    in_arc: bool
    arc: str  # "front arc" or "360-degree arc": what the attacker's primary weapon fires from


def arc_name(ship: LessonShip) -> str:
    return "360-degree arc" if ship.has_360_arc or not ship.front_arc else "front arc"


def lesson_ruler(lesson: Lesson, attacker: str, target: str) -> LessonRuler:
    from engine.rulesets.attack_wing.measure import Placed, arc_check, line_of_fire

    a, d = lesson.ship(attacker), lesson.ship(target)
    pa, pd = Placed(a.pose, a.base), Placed(d.pose, d.base)
    arc = None if a.has_360_arc or not a.front_arc else a.front_arc
    check = arc_check(pa, pd, arc or 360.0)
    line = line_of_fire(pa, pd, arc if check.in_arc else None).line
    (x0, y0), (x1, y1) = line.coords[0], line.coords[-1]
    return LessonRuler((float(x0), float(y0)), (float(x1), float(y1)), float(line.length),
                       check.band if check.in_arc else None, check.in_arc, arc_name(a))


def move_colour(lesson: Lesson, ship_id: str) -> str:
    """The dial colour of the lesson's move of this ship (green, white, red), from its class's dial."""
    cls = load_catalog().ship_class(lesson.ship(ship_id).ship_class)
    move = next(m for m in lesson.moves if m.ship == ship_id)
    entry = cls.maneuver(move.maneuver.kind, move.maneuver.speed)  # type: ignore[arg-type]
    return entry.colour if entry else "white"

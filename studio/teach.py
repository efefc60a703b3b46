"""Teaching pictures (issue 7): dial plates, side-by-side dials, one-maneuver clips, lessons.

Everything is drawn flat, top-down and orthographic (north up) on a :class:`Canvas`: its own
scene root and capture buffer on the offscreen ShowBase, table geometry in millimetres
(:class:`engine.teach.PlateLayout` maps it to pixels exactly) and text on the buffer's 2D layer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
from panda3d.core import NodePath
from shapely.geometry import Polygon

from engine.errors import TrekError
from engine.geometry.pose import Pose
from engine.geometry.shapes import base_corners
from engine.teach import (
    PLAY_AREA_MM,
    RANGE_BAND_EDGES_MM,
    Dial,
    Ghost,
    Maneuver,
    PlateLayout,
    base_half,
    dial_extent,
    dial_ghosts,
    maneuver_label,
    maneuver_path,
    place_labels,
    rule_caption,
    spread_ends,
    table_of_view,
    template_outline,
)
from engine.view import TableView
from engine.view_attack_wing import obstacles_of
from studio import palette
from studio.camera import CameraPose, CameraRig
from studio.hud2d import Label, Shapes
from studio.meshes import MeshBuilder, as_overlay
from studio.offscreen import CaptureBuffer, Frame, offscreen_showbase

RGBA = tuple[float, float, float, float]
Point = tuple[float, float]

DARK_BG: Final[RGBA] = (0.05, 0.06, 0.09, 1.0)
LIGHT_BG: Final[RGBA] = (1.0, 1.0, 1.0, 1.0)
DIAL_DARK: Final[dict[str, RGBA]] = dict(palette.MANEUVER_COLOURS)
DIAL_LIGHT: Final[dict[str, RGBA]] = {
    "green": (0.05, 0.6, 0.2, 1.0), "white": (0.35, 0.37, 0.42, 1.0), "red": (0.88, 0.1, 0.08, 1.0),
}
BLOCKED: Final[RGBA] = (0.5, 0.5, 0.52, 1.0)
FRONT_ARC: Final[RGBA] = (0.2, 0.55, 1.0, 1.0)
REAR_ARC: Final[RGBA] = (1.0, 0.55, 0.1, 1.0)
ROUND_ARC: Final[RGBA] = (0.62, 0.42, 1.0, 1.0)  # a 360-degree arc: all round, not the front
ARC_REACH_MM: Final = 70.0
SCALE_BAR_MM: Final = RANGE_BAND_EDGES_MM[0]  # 4 inches: Range 1


@dataclass(frozen=True, slots=True)
class Style:
    """Colours for a dark (screen) or light (print) plate."""

    background: RGBA
    text: RGBA
    dial: dict[str, RGBA]
    base: RGBA
    shadow: bool

    @classmethod
    def of(cls, printable: bool) -> Style:
        if printable:
            return cls(LIGHT_BG, (0.05, 0.05, 0.08, 1.0), DIAL_LIGHT, (0.25, 0.27, 0.32, 1.0), False)
        return cls(DARK_BG, (0.95, 0.96, 1.0, 1.0), DIAL_DARK, (0.75, 0.78, 0.85, 1.0), True)

    def colour(self, name: str) -> RGBA:
        return self.dial.get(name, self.dial["white"])


# --- the canvas --------------------------------------------------------------------------------------

class Canvas:
    """A flat top-down drawing: table geometry in mm under :attr:`root`, text in pixels."""

    def __init__(self, layout: PlateLayout, background: RGBA = DARK_BG) -> None:
        self.layout = layout
        self.root = NodePath("teach")
        self.root.setLightOff(1)
        self.buffer = CaptureBuffer(offscreen_showbase(), self.root, layout.size, name=f"teach-{id(self)}")
        self.buffer.buffer.setClearColor(background)
        rig = CameraRig(self.buffer.camera, self.buffer.aspect)
        cx, cy = layout.centre
        rig.apply(CameraPose((cx, cy, 3000.0), (cx, cy, 0.0), (0.0, 1.0, 0.0), ortho_height=layout.ortho_height))
        self._sort = 0

    def add(self, builder: MeshBuilder, name: str = "shape", parent: NodePath | None = None) -> NodePath:
        """Table geometry, drawn after everything added before it."""
        self._sort += 1
        node = (parent or self.root).attachNewNode(builder.node(name))
        return as_overlay(node, self._sort)

    def _to_2d(self, px: float, py: float) -> Point:
        w, h = self.layout.size
        return (px / w * 2 - 1) * (w / h), 1 - py / h * 2

    def text(self, text: str, px: float, py: float, height_px: float, colour: RGBA, align: str = "left",
             shadow: bool = False, wrap_px: float | None = None) -> Label:
        """Text whose first line's middle sits at pixel (px, py)."""
        h = self.layout.size[1]
        scale = height_px * 2 / h
        wrap = wrap_px * 2 / h / scale if wrap_px else None
        label = Label(self.buffer.overlay2d, "teach-text", scale, align, colour, shadow=shadow, wrap=wrap)
        x, z = self._to_2d(px, py)
        label.set(text, pos=(x, z - 0.35 * scale))
        return label

    def text_width(self, text: str, height_px: float) -> float:
        """How wide ``text`` is in pixels at ``height_px``."""
        from panda3d.core import TextNode

        from studio.hud2d import hud_font

        node = TextNode("measure")
        node.setFont(hud_font())
        return float(node.calcWidth(text)) * height_px

    def shapes2d(self, shapes: Shapes) -> NodePath:
        return shapes.node(self.buffer.overlay2d, "teach-2d")

    def rect_px(self, shapes: Shapes, x0: float, y0: float, x1: float, y1: float, colour: RGBA) -> None:
        a, b = self._to_2d(x0, y1), self._to_2d(x1, y0)
        shapes.rect(a[0], a[1], b[0], b[1], colour)

    def capture(self) -> Frame:
        return self.buffer.capture()

    def close(self) -> None:
        self.buffer.close()
        self.root.removeNode()


# --- table shapes ------------------------------------------------------------------------------------

def _coords(poly: Polygon) -> list[Point]:
    ext = poly.exterior
    return [(float(x), float(y)) for x, y in list(ext.coords)[:-1]]


def base_shape(b: MeshBuilder, pose: Pose, base: str, fill: RGBA, edge: RGBA, width: float = 1.6,
               nose: bool = True) -> None:
    """A square base with an outline and a notch at the front edge showing the heading."""
    half = base_half(base)
    corners = base_corners(pose, half)
    b.fan(corners, fill)
    b.ribbon(corners, width, edge, 0.01, closed=True)
    if nose:
        tip = pose.advance(half - 1.0)
        left, right = pose.advance(half * 0.55, -half * 0.3), pose.advance(half * 0.55, half * 0.3)
        b.fan([(tip.x, tip.y), (right.x, right.y), (left.x, left.y)], edge, 0.02)


def wedge_points(pose: Pose, direction: float, arc: float, reach: float, half: float) -> list[Point]:
    """A firing arc wedge from the base centre, ``arc`` degrees about ``direction`` (ship frame)."""
    pts: list[Point] = [(pose.x, pose.y)]
    n = max(int(arc / 3), 2)
    for k in range(n + 1):
        a = math.radians(pose.heading + direction - arc / 2 + arc * k / n)
        pts.append((pose.x + (reach + half) * math.sin(a), pose.y + (reach + half) * math.cos(a)))
    return pts


def arcs_shape(b: MeshBuilder, pose: Pose, base: str, front: float | None, rear: float | None, has_360: bool,
               reach: float = ARC_REACH_MM, alpha: float = 0.22) -> None:
    half = base_half(base)
    if has_360:
        b.polygon(wedge_points(pose, 0.0, 359.0, reach, half), palette.with_alpha(ROUND_ARC, alpha * 0.7))
    if front:
        b.polygon(wedge_points(pose, 0.0, front, reach, half), palette.with_alpha(FRONT_ARC, alpha))
    if rear:
        b.polygon(wedge_points(pose, 180.0, rear, reach, half), palette.with_alpha(REAR_ARC, alpha))


# --- the dial plate --------------------------------------------------------------------------------

PLATE_START: Final = Pose(PLAY_AREA_MM / 2, PLAY_AREA_MM / 2, 0.0)  # mid-table: nothing leaves it
TITLE_PX: Final = 0.075  # of the height: the title band
LEGEND_PX: Final = 0.07  # of the height: the legend band


@dataclass(frozen=True)
class Plate:
    """A rendered dial plate: the image, its mm->pixel layout and the ghosts drawn."""

    frame: Frame
    layout: PlateLayout
    ghosts: tuple[Ghost, ...]
    flat_colours: tuple[tuple[int, int, int], ...] = ()
    shown: tuple[Pose, ...] = ()  # where each ghost is drawn (beside its end when another ends there)
    labels: tuple[PlateLabel, ...] = ()


def plate_ghosts(dial: Dial, start: Pose) -> tuple[list[Ghost], list[Pose]]:
    """The dial's ghosts from ``start`` and where the plate draws each (:func:`spread_ends`)."""
    ghosts = dial_ghosts(_DialShip("plate", start, dial.base), None, dial.entries)
    return ghosts, spread_ends(ghosts, dial.base, start)


def plate_layout(dial: Dial, size: tuple[int, int], start: Pose, mm_per_px: float | None = None) -> PlateLayout:
    h = size[1]
    rows = 2 if size[0] < 1.2 * size[1] else 1
    margins = (int(h * TITLE_PX) + 8, 16, int(h * LEGEND_PX * rows) + 8, 16)
    half = base_half(dial.base)
    spread = [c for pose in plate_ghosts(dial, start)[1] for c in base_corners(pose, half * 1.42)]
    return PlateLayout.fit(dial_extent(dial, start, ARC_REACH_MM + half) + spread, size, margins,
                           mm_per_px=mm_per_px)


@dataclass(frozen=True, slots=True)
class PlateLabel:
    """A label on a plate: its words, centre and size in pixels."""

    text: str
    x: float
    y: float
    width: float
    height: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.x - self.width / 2, self.y - self.height / 2, self.x + self.width / 2, self.y + self.height / 2


def plate_labels(ghosts: Sequence[Ghost], shown: Sequence[Pose], layout: PlateLayout, start: Pose,
                 base: str) -> tuple[PlateLabel, ...]:
    """The start's and every ghost's label, none overlapping another: on the ghost where there is
    room, else moved to the nearest free spot; the letters shrink (to 8 px) until all fit."""
    from panda3d.core import TextNode

    from studio.hud2d import hud_font

    node = TextNode("measure")
    node.setFont(hud_font())
    half = base_half(base)
    px = max(11.0, min(20.0, 0.34 * 2 * half / layout.mm_per_px))
    texts = ["start", *(g.label for g in ghosts)]
    anchors = [layout.to_pixel(start.x, start.y), *(layout.to_pixel(p.x, p.y) for p in shown)]
    notches = [_notch_box(p, half, layout) for p in (start, *shown)]  # a label covered a sideways ghost's
    while True:
        sizes = [(float(node.calcWidth(t)) * px + 4.0, px * 1.15) for t in texts]
        spots = place_labels(anchors, sizes, px * 1.2, notches)
        if spots is not None or px <= 8.0:
            break
        px = max(8.0, px * 0.9)
    if spots is None:  # (no class needs it: the last resort is the anchors themselves)
        spots = list(anchors)
    return tuple(PlateLabel(t, x, y, w, h) for t, (x, y), (w, h) in zip(texts, spots, sizes, strict=True))


def leader_line(label: PlateLabel, anchor: Point, half_px: float) -> tuple[Point, Point] | None:
    """The pixel segment from a label moved off its ghost to that ghost's base (issue 35: a moved
    label had no line back to its ghost): from the label box's point nearest the ghost's centre to
    the edge of the ghost's base; None when the label sits on its ghost."""
    x0, y0, x1, y1 = label.box
    ax, ay = anchor
    if x0 <= ax <= x1 and y0 <= ay <= y1:
        return None
    nx, ny = min(max(ax, x0), x1), min(max(ay, y0), y1)
    gap = math.hypot(ax - nx, ay - ny)
    if gap <= half_px:  # the box touches the base: no line is needed
        return None
    t = (gap - half_px * 0.9) / gap
    return (nx, ny), (nx + (ax - nx) * t, ny + (ay - ny) * t)


def _notch_box(pose: Pose, half: float, layout: PlateLayout) -> tuple[float, float, float, float]:
    """The pixel box of a base's heading notch (``base_shape``'s triangle), which a label must not cover."""
    corners = [pose.advance(half - 1.0), pose.advance(half * 0.55, -half * 0.3), pose.advance(half * 0.55, half * 0.3)]
    pts = [layout.to_pixel(c.x, c.y) for c in corners]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def flat_colour(k: int) -> tuple[int, int, int]:
    """A distinct flat colour per ghost for the test mode (exact after 8-bit rounding)."""
    return 40 + (k * 53) % 200, 30 + (k * 97) % 210, 255 - (k * 11) % 120


def draw_plate(dial: Dial, size: tuple[int, int] = (1280, 960), printable: bool = False,
               start: Pose = PLATE_START, mm_per_px: float | None = None, flat: bool = False) -> Plate:
    """Every maneuver on ``dial`` from ``start``: templates, ghost end bases coloured by
    difficulty and labelled, the start base with its arcs, a 4-inch scale bar, title, legend.

    ``flat`` (for tests): only the ghosts, each opaque in its own :func:`flat_colour`.
    """
    style = Style.of(printable)
    layout = plate_layout(dial, size, start, mm_per_px)
    ghosts, shown = plate_ghosts(dial, start)
    canvas = Canvas(layout, (0.0, 0.0, 0.0, 1.0) if flat else style.background)
    try:
        if flat:
            colours = tuple(flat_colour(k) for k in range(len(ghosts)))
            for pose, c in zip(shown, colours, strict=True):
                b = MeshBuilder()
                b.fan(base_corners(pose, base_half(dial.base)), (c[0] / 255, c[1] / 255, c[2] / 255, 1.0))
                canvas.add(b, "ghost")
            return Plate(canvas.capture(), layout, tuple(ghosts), colours, tuple(shown))
        labels = _draw_dial(canvas, dial, ghosts, shown, start, style)
        cls = dial.ship_class
        _draw_frame_text(canvas, dial.title, _dial_subtitle(dial), style, blocked=any(g.blocked for g in ghosts),
                         arcs=arc_names(cls.front_arc, cls.rear_arc, cls.has_360_arc))
        return Plate(canvas.capture(), layout, tuple(ghosts), (), tuple(shown), labels)
    finally:
        canvas.close()


def arc_names(front: float | None, rear: float | None, has_360: bool) -> list[tuple[RGBA, str]]:
    """The legend's arcs, each named by what it is (a 360-degree arc is not a front arc)."""
    out: list[tuple[RGBA, str]] = []
    if has_360:
        out.append((ROUND_ARC, "360-degree arc"))
    if front:
        out.append((FRONT_ARC, f"front arc {front:g} deg"))
    if rear:
        out.append((REAR_ARC, f"rear arc {rear:g} deg"))
    return out


@dataclass(frozen=True, slots=True)
class _DialShip:
    """What :func:`dial_ghosts` needs of a ship, for a plate."""

    id: str
    pose: Pose
    base: str


def _dial_subtitle(dial: Dial) -> str:
    cls = dial.ship_class
    arcs = "360-degree arc" if cls.has_360_arc else f"front arc {cls.front_arc} deg" + (
        f", rear arc {cls.rear_arc} deg" if cls.rear_arc else "")
    return f"{len(dial.entries)} maneuvers - {cls.base_size} base - {arcs}"


def _draw_dial(canvas: Canvas, dial: Dial, ghosts: Sequence[Ghost], shown: Sequence[Pose], start: Pose,
               style: Style) -> tuple[PlateLabel, ...]:
    cls = dial.ship_class
    arcs = MeshBuilder()
    arcs_shape(arcs, start, dial.base, cls.front_arc, cls.rear_arc, cls.has_360_arc)
    canvas.add(arcs, "arcs")
    # templates first (all under every ghost), farthest first
    order = sorted(range(len(ghosts)), key=lambda k: -math.dist((ghosts[k].end.x, ghosts[k].end.y),
                                                                (start.x, start.y)))
    for k in order:
        g = ghosts[k]
        if g.template:
            b = MeshBuilder()
            c = style.colour(g.colour)
            b.polygon(g.template, palette.with_alpha(c, 0.13))
            b.ribbon(g.template, 0.6, palette.with_alpha(c, 0.55), 0.01, closed=True)
            canvas.add(b, "template")
    for k in order:
        g, pose = ghosts[k], shown[k]
        c = style.colour(g.colour) if not g.blocked else BLOCKED
        b = MeshBuilder()
        gap = math.dist((pose.x, pose.y), (g.end.x, g.end.y))
        if gap > 1e-6:  # drawn beside its true end: a leader line from its edge to that base's edge
            half = base_half(dial.base)
            ux, uy = (g.end.x - pose.x) / gap, (g.end.y - pose.y) / gap
            a, z = (pose.x + ux * half, pose.y + uy * half), (g.end.x - ux * half, g.end.y - uy * half)
            b.ribbon([a, z], 0.9, palette.with_alpha(c, 0.9), 0.03)
            b.disc(z[0], z[1], 1.8, palette.with_alpha(c, 1.0), 0.04, segments=16)
        base_shape(b, pose, dial.base, palette.with_alpha(c, 0.42), palette.with_alpha(c, 1.0), width=1.4)
        canvas.add(b, "ghost")
    b = MeshBuilder()
    base_shape(b, start, dial.base, palette.with_alpha(style.base, 0.9), (1.0, 0.85, 0.2, 1.0), width=1.8)
    canvas.add(b, "start")
    labels = plate_labels(ghosts, shown, canvas.layout, start, dial.base)
    half_px = base_half(dial.base) / canvas.layout.mm_per_px
    leaders = MeshBuilder()
    for label, pose in zip(labels[1:], shown, strict=True):  # a label moved off its ghost points back at it
        line = leader_line(label, canvas.layout.to_pixel(pose.x, pose.y), half_px)
        if line is not None:
            a, z = (canvas.layout.to_table(*p) for p in line)
            leaders.ribbon([a, z], 0.5 * canvas.layout.mm_per_px * 2, palette.with_alpha(style.text, 0.8), 0.05)
    canvas.add(leaders, "leaders")
    start_colour = (0.05, 0.05, 0.08, 1.0) if style.shadow else (1.0, 1.0, 1.0, 1.0)
    for k, label in enumerate(labels):
        canvas.text(label.text, label.x, label.y, label.height / 1.15, start_colour if k == 0 else style.text,
                    "center", shadow=style.shadow and k > 0)
    return labels


def _draw_frame_text(canvas: Canvas, title: str, subtitle: str, style: Style, legend: bool = True,
                     blocked: bool = False, arcs: Sequence[tuple[RGBA, str]] = ((FRONT_ARC, "front arc"),)) -> None:
    w, h = canvas.layout.size
    band = h * TITLE_PX
    canvas.text(title, 16, band * 0.42, band * 0.42, style.text, shadow=style.shadow)
    canvas.text(subtitle, 16, band * 0.9, band * 0.22, palette.mix(style.text, style.background, 0.3),
                shadow=style.shadow)
    shapes = Shapes()
    y = h - h * LEGEND_PX / 2
    # the scale bar: 4 inches at the plate's scale
    bar = SCALE_BAR_MM / canvas.layout.mm_per_px
    canvas.rect_px(shapes, 16, y - 3, 16 + bar, y + 3, style.text)
    for x in (16, 16 + bar / 2, 16 + bar):
        canvas.rect_px(shapes, x - 1.5, y - 9, x + 1.5, y + 9, style.text)
    text_px = max(11.0, h * LEGEND_PX * 0.32)
    canvas.text('4" = Range 1', 16 + bar + 10, y, text_px, style.text, shadow=style.shadow)
    if legend:
        items = [(style.colour("green"), "green: removes Aux Power"), (style.colour("white"), "white"),
                 (style.colour("red"), "red: gains Aux Power")]
        if blocked:
            items.append((BLOCKED, "grey: blocked"))
        items += list(arcs)
        x0 = 16 + bar + 10 + canvas.text_width('4" = Range 1', text_px) + 28
        need = sum(canvas.text_width(words, 1.0) + 1.5 for _, words in items)
        fit = (w - 16 - x0 - 22 * len(items)) / need
        lp = max(8.0, min(text_px, fit))
        x = x0
        if fit < text_px * 0.75:  # a narrow plate: the legend gets its own row above the scale bar
            x = 16.0
            lp = max(8.0, min(text_px, (w - 32 - 22 * len(items)) / need))
            y -= text_px * 1.7
        for colour, words in items:
            canvas.rect_px(shapes, x, y - lp * 0.55, x + lp * 1.1, y + lp * 0.55, colour)
            canvas.text(words, x + lp * 1.5, y, lp, style.text, shadow=style.shadow)
            x += lp * 1.5 + canvas.text_width(words, lp) + 22
    canvas.shapes2d(shapes)


# --- the viewer's fan-out ----------------------------------------------------------------------------

GHOST_Z: Final = 0.4


def ghosts_builder(ghosts: Sequence[Ghost], base: str, dial_colours: dict[str, RGBA] | None = None,
                   templates: bool = True, shown: Sequence[Pose] | None = None) -> MeshBuilder:
    """Table geometry for a dial fan-out (``engine.teach.dial_ghosts``) in the studio: faint
    templates and a ghost base per maneuver in its dial colour, grey where it is blocked. Parent
    the node under the scene root with :func:`studio.meshes.as_overlay`."""
    colours = dial_colours or DIAL_DARK
    b = MeshBuilder()
    if templates:
        for g in ghosts:
            if g.template:
                c = BLOCKED if g.blocked else colours.get(g.colour, colours["white"])
                b.polygon(g.template, palette.with_alpha(c, 0.08), GHOST_Z)
    for g, pose in zip(ghosts, shown or [g.end for g in ghosts], strict=True):
        c = BLOCKED if g.blocked else colours.get(g.colour, colours["white"])
        half = base_half(base)
        if (pose.x, pose.y) != (g.end.x, g.end.y):  # beside its true end (spread_ends): a leader line
            b.ribbon([(pose.x, pose.y), (g.end.x, g.end.y)], 0.8, palette.with_alpha(c, 0.7), GHOST_Z + 0.005)
        corners = base_corners(pose, half)
        b.fan(corners, palette.with_alpha(c, 0.18 if g.blocked else 0.35), GHOST_Z + 0.01)
        b.ribbon(corners, 1.0, palette.with_alpha(c, 0.5 if g.blocked else 0.95), GHOST_Z + 0.02, closed=True)
        tip, left, right = pose.advance(half - 1.0), pose.advance(half * 0.55, -half * 0.3), \
            pose.advance(half * 0.55, half * 0.3)
        b.fan([(tip.x, tip.y), (right.x, right.y), (left.x, left.y)], palette.with_alpha(c, 0.9), GHOST_Z + 0.03)
    return b


class DialFan:
    """The viewer's dial fan-out: :meth:`update` draws the ghosts of one ship of a view under
    ``parent`` (rebuilt only when that ship or the table changes); ``None`` clears it."""

    def __init__(self, parent: NodePath) -> None:
        self.parent = parent
        self.node: NodePath | None = None
        self.key: object = None
        self.ghosts: list[Ghost] = []

    def update(self, view: TableView | None, ship_id: str | None) -> None:
        ship = view.ship(ship_id) if view is not None and ship_id is not None else None
        if view is None or ship is None or ship.destroyed:
            self.clear()
            return
        key = (ship, view.ships, obstacles_of(view), view.planets)
        if key == self.key:
            return
        self.clear()
        try:
            self.ghosts = dial_ghosts(ship, table_of_view(view))
        except (LookupError, TrekError):  # a class the catalog does not know: no fan-out
            return
        shown = spread_ends(self.ghosts, ship.base_size, ship.pose)
        node = ghosts_builder(self.ghosts, ship.base_size, shown=shown).node("dial")
        self.node = as_overlay(self.parent.attachNewNode(node), 25)
        self.key = key

    def clear(self) -> None:
        if self.node is not None:
            self.node.removeNode()
        self.node, self.key, self.ghosts = None, None, []


# --- side by side ------------------------------------------------------------------------------------

def draw_compare(a: Dial, b: Dial, size: tuple[int, int] = (1600, 900), printable: bool = False
                 ) -> tuple[Frame, tuple[PlateLayout, PlateLayout]]:
    """Two dial plates side by side on one scale (the same mm per pixel)."""
    half_size = (size[0] // 2, size[1])
    start = PLATE_START
    scale = max(plate_layout(a, half_size, start).mm_per_px, plate_layout(b, half_size, start).mm_per_px)
    left = draw_plate(a, half_size, printable, start, mm_per_px=scale)
    right = draw_plate(b, half_size, printable, start, mm_per_px=scale)
    frame = np.concatenate([left.frame, right.frame], axis=1)
    divider = np.array([int(c * 255) for c in Style.of(printable).text[:3]], dtype=np.uint8)
    frame[:, half_size[0] - 1:half_size[0] + 1] = divider
    if frame.shape[1] < size[0]:
        pad = np.zeros((size[1], size[0] - frame.shape[1], 3), dtype=np.uint8)
        frame = np.concatenate([frame, pad], axis=1)
    return np.ascontiguousarray(frame), (left.layout, right.layout)


# --- one maneuver, animated --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ClipPlan:
    fps: float = 24.0
    intro: float = 0.7  # template laid, base still
    move: float = 2.4
    outro: float = 1.1

    @property
    def frames(self) -> int:
        return round((self.intro + self.move + self.outro) * self.fps)

    def progress(self, k: int) -> float:
        t = k / self.fps - self.intro
        x = min(max(t / self.move, 0.0), 1.0)
        return x * x * (3 - 2 * x)


def maneuver_frames(dial: Dial, maneuver: Maneuver, size: tuple[int, int] = (960, 720), printable: bool = False,
                    plan: ClipPlan = ClipPlan()) -> list[Frame]:
    """The frames of a clip of one maneuver: template, the base lifted along its exact path, the
    end pose, captioned with the rule."""
    entry = next((c for m, c in dial.entries if m == maneuver), None)
    if entry is None:
        raise ValueError(f"{maneuver_label(maneuver)} is not on the {dial.ship_class.name} dial")
    colour = entry
    style = Style.of(printable)
    start = Pose(0.0, 0.0, 0.0)
    base = dial.base
    half = base_half(base)
    path = maneuver_path(start, maneuver, base)
    pts = list(base_corners(start, half)) + list(base_corners(path.end, half))
    pts += [(p.x, p.y) for p in path.sample(16)]
    outline = template_outline(start, maneuver, base)
    if outline is not None:
        pts += _coords(outline)
    pts += [(start.x + dx, start.y + dy) for dx in (-80.0, 80.0) for dy in (-60.0, 80.0)]
    h = size[1]
    layout = PlateLayout.fit(pts, size, (int(h * 0.1) + 8, 24, int(h * 0.2), 24), pad_mm=15.0)
    canvas = Canvas(layout, style.background)
    frames: list[Frame] = []
    try:
        c = style.colour(colour)
        if outline is not None:
            b = MeshBuilder()
            b.polygon(_coords(outline), palette.with_alpha(c, 0.3))
            b.ribbon(_coords(outline), 1.0, c, 0.01, closed=True)
            canvas.add(b, "template")
        trail = MeshBuilder()
        trail.ribbon([(p.x, p.y) for p in path.sample(64)], 0.8, palette.with_alpha(style.text, 0.5))
        canvas.add(trail, "path")
        b = MeshBuilder()
        base_shape(b, start, base, palette.with_alpha(style.base, 0.25), palette.with_alpha(style.base, 0.6))
        canvas.add(b, "start")
        b = MeshBuilder()
        base_shape(b, path.end, base, palette.with_alpha(c, 0.12), palette.with_alpha(c, 0.6), width=1.0)
        canvas.add(b, "end")
        ship = MeshBuilder()
        base_shape(ship, Pose(0.0, 0.0, 0.0), base, palette.with_alpha(c, 0.85), (1.0, 0.85, 0.2, 1.0), width=1.8)
        mover = canvas.add(ship, "ship")
        w = size[0]
        band = h * 0.1
        canvas.text(f"{dial.ship_class.name}: {maneuver_label(maneuver)} ({colour})", 24, band * 0.5, band * 0.42,
                    style.text, shadow=style.shadow)
        canvas.text(rule_caption(maneuver, colour), 24, h - h * 0.16, max(12.0, h * 0.032), style.text,
                    shadow=style.shadow, wrap_px=w - 48)
        for k in range(plan.frames):
            pose = path.pose_at(plan.progress(k))
            mover.setPos(pose.x, pose.y, 0.0)
            mover.setH(-pose.heading)
            frames.append(canvas.capture().copy())
    finally:
        canvas.close()
    return frames


def write_clip(frames: Sequence[Frame], out: Path, fps: float) -> Path:
    """Write frames as MP4 or GIF (by suffix) through :mod:`studio.encode`'s sinks."""
    from studio.encode import GifSink, Mp4Sink, Sink

    h, w = frames[0].shape[:2]
    tmp = out.with_name(out.name + ".part")
    sink: Sink
    if out.suffix.lower() == ".gif":
        sink = GifSink(tmp, (w, h), fps, list(frames[:: max(len(frames) // 8, 1)]))
    elif out.suffix.lower() == ".mp4":
        sink = Mp4Sink(tmp, (w, h), fps, title=out.stem)
    else:
        raise ValueError(f"{out.name}: a clip is .mp4 or .gif")
    try:
        for f in frames:
            sink.write(np.ascontiguousarray(f))
        sink.close()
    except BaseException:
        sink.abort()
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(out)
    return out

"""Lesson scenes (``replays/lessons/*.json``) drawn top-down: ships, obstacles, planets, the
moves resolved by the rules engine (bumps back along the template), arcs, range bands, the
range ruler of an attack and the sensor echo's legal end poses, with the lesson's caption."""

from __future__ import annotations

from engine.geometry.pose import Pose
from engine.geometry.shapes import base_corners
from engine.teach import (
    RANGE_BAND_EDGES_MM,
    STRAIGHT_MM_PER_SPEED,
    Lesson,
    MoveResult,
    PlateLayout,
    base_half,
    lesson_ruler,
    lesson_table,
    maneuver_label,
    move_colour,
    resolve_move,
    sensor_echo_options,
)
from studio import palette
from studio.hud2d import Shapes
from studio.meshes import MeshBuilder
from studio.offscreen import Frame
from studio.overlays import rings_builder
from studio.teach import BLOCKED, Canvas, Point, Style, _coords, arcs_shape, base_shape

CLIP_FRAMES = 72  # 3 s at 24 fps


def resolve_lesson_moves(lesson: Lesson) -> list[tuple[str, MoveResult]]:
    """Each scripted move resolved on the lesson's table (the other ships, obstacles, planets)."""
    return [(m.ship, resolve_move(lesson.ship(m.ship).pose, m.maneuver, lesson.ship(m.ship).base,
                                  lesson_table(lesson, without=m.ship))) for m in lesson.moves]


def lesson_layout(lesson: Lesson, size: tuple[int, int], moves: list[tuple[str, MoveResult]]) -> PlateLayout:
    pts: list[Point] = []
    for s in lesson.ships:
        pts += base_corners(s.pose, base_half(s.base))
    for _, r in moves:
        pts += base_corners(r.path.end, base_half("small"))
        if r.template is not None:
            pts += _coords(r.template)
    if lesson.echo:
        s = lesson.ship(lesson.echo)
        reach = 2 * STRAIGHT_MM_PER_SPEED + 3 * base_half(s.base)
        pts += [(p.x, p.y) for p in (s.pose.advance(f, r) for f in (-reach / 2, reach / 2) for r in (-reach, reach))]
    for _, poly in lesson.obstacles:
        pts += list(poly)
    for _, x, y, rad in lesson.planets:
        pts += [(x - rad, y - rad), (x + rad, y + rad)]
    h = size[1]
    return PlateLayout.fit(pts, size, (int(h * 0.09) + 8, 24, int(h * 0.16), 24), pad_mm=30.0)


def lesson_frames(lesson: Lesson, size: tuple[int, int] = (1280, 960), printable: bool = False,
                  still: bool = True) -> list[Frame]:
    """One still (the lesson's end state) or the frames of a short clip of its moves."""
    style = Style.of(printable)
    moves = resolve_lesson_moves(lesson)
    layout = lesson_layout(lesson, size, moves)
    canvas = Canvas(layout, style.background)
    frames: list[Frame] = []
    try:
        moved = {sid: r for sid, r in moves}
        _static(canvas, lesson, moves, style)
        movers = {}
        for s in lesson.ships:
            b = MeshBuilder()
            colour = palette.player_colour(s.player)
            base_shape(b, Pose(0.0, 0.0, 0.0), s.base, palette.with_alpha(colour, 0.75), (1.0, 1.0, 1.0, 0.95))
            movers[s.id] = canvas.add(b, f"ship-{s.id}")
        _text(canvas, lesson, moves, style)
        count = 1 if still else CLIP_FRAMES
        for k in range(count):
            t = 1.0 if still else min(max((k / (count - 1) - 0.15) / 0.65, 0.0), 1.0)
            for s in lesson.ships:
                r = moved.get(s.id)
                pose = r.path.pose_at(t * r.progress) if r else s.pose
                movers[s.id].setPos(pose.x, pose.y, 0.0)
                movers[s.id].setH(-pose.heading)
            frames.append(canvas.capture().copy())
    finally:
        canvas.close()
    return frames


def _static(canvas: Canvas, lesson: Lesson, moves: list[tuple[str, MoveResult]], style: Style) -> None:
    for _, poly in lesson.obstacles:
        b = MeshBuilder()
        b.polygon(list(poly), palette.OBSTACLE_TOP)
        b.ribbon(list(poly), 1.2, palette.OBSTACLE_SIDE, 0.01, closed=True)
        canvas.add(b, "obstacle")
    for _, x, y, rad in lesson.planets:
        b = MeshBuilder()
        b.disc(x, y, rad, (0.25, 0.45, 0.75, 1.0))
        canvas.add(b, "planet")
    by_id = {s.id: s for s in lesson.ships}
    if "arcs" in lesson.show:
        for s in [by_id[lesson.attack[0]]] if lesson.attack else lesson.ships:
            b = MeshBuilder()
            arcs_shape(b, s.pose, s.base, s.front_arc, s.rear_arc, s.has_360_arc, reach=RANGE_BAND_EDGES_MM[-1],
                       alpha=0.12)
            canvas.add(b, "arcs")
    if "ranges" in lesson.show and lesson.attack:
        s = by_id[lesson.attack[0]]
        node = canvas.add(rings_builder(2 * base_half(s.base), RANGE_BAND_EDGES_MM), "rings")
        node.setPos(s.pose.x, s.pose.y, 0.0)
        node.setH(-s.pose.heading)
    for sid, r in moves:
        base = by_id[sid].base
        c = style.colour(move_colour(lesson, sid))
        if r.template is not None:
            b = MeshBuilder()
            b.polygon(_coords(r.template), palette.with_alpha(c, 0.3))
            b.ribbon(_coords(r.template), 1.0, c, 0.01, closed=True)
            canvas.add(b, "template")
        b = MeshBuilder()
        base_shape(b, by_id[sid].pose, base, palette.with_alpha(style.base, 0.15), palette.with_alpha(style.base, 0.5))
        if r.backed_off or r.bumped:
            base_shape(b, r.path.end, base, palette.with_alpha(BLOCKED, 0.15), palette.with_alpha(BLOCKED, 0.8),
                       width=1.0)
        canvas.add(b, "where")
    if lesson.echo:
        s = by_id[lesson.echo]
        b = MeshBuilder()
        for opt in sensor_echo_options(s.pose, s.base, lesson_table(lesson, without=s.id)):
            for lo, hi in opt.intervals:
                a, z = opt.pose(s.pose, lo), opt.pose(s.pose, hi)
                b.ribbon([(a.x, a.y), (z.x, z.y)], 2.0, palette.MANEUVER_COLOURS["green"], 0.02)
                for p in (a, z):
                    base_shape(b, p, s.base, palette.with_alpha(palette.MANEUVER_COLOURS["green"], 0.12),
                               palette.with_alpha(palette.MANEUVER_COLOURS["green"], 0.7), width=0.8, nose=False)
        canvas.add(b, "echo")


def _text(canvas: Canvas, lesson: Lesson, moves: list[tuple[str, MoveResult]], style: Style) -> None:
    w, h = canvas.layout.size
    band = h * 0.09
    canvas.text(lesson.title, 24, band * 0.5, band * 0.45, style.text, shadow=style.shadow)
    lines = [lesson.caption]
    for sid, r in moves:
        words = f"{sid}: {maneuver_label(r.maneuver)}"
        if r.changed_from is not None:
            words += f" (revealed {maneuver_label(r.changed_from)}, changed by the overlap)"
        if r.bumped:
            words += f" - overlapped {', '.join(r.bumped)}: moved back along the template, touching"
        if r.obstacles:
            words += f" - over {', '.join(r.obstacles)}: one attack die, no action"
        if r.fled:
            words += " - left the play area: flees the battle"
        lines.append(words)
    if lesson.attack:
        a, d = lesson.ship(lesson.attack[0]), lesson.ship(lesson.attack[1])
        ruler = lesson_ruler(lesson, a.id, d.id)
        b = MeshBuilder()
        colour = palette.BAND_COLOURS.get(ruler.band or 4, palette.BAND_COLOURS[4])
        b.dashed(ruler.start, ruler.end, 2.0, colour, 0.05, dash=7.0, gap=5.0)  # between the closest points
        for x, y in (ruler.start, ruler.end):
            b.disc(x, y, 2.0, colour, 0.06, segments=12)
        canvas.add(b, "ruler")
        in_range = ruler.in_arc and ruler.band is not None and ruler.band <= 3
        lines.append(f"{d.id} is in {a.id}'s {ruler.arc} at Range {ruler.band} ({ruler.distance:.0f} mm)"
                     if in_range else f"{d.id} is not in {a.id}'s {ruler.arc} at Range 1-3")
        for other in lesson.ships:
            if other.player != a.player and other.id != d.id:
                c = lesson_ruler(lesson, a.id, other.id)
                lines.append(f"{other.id} is in {a.id}'s {c.arc} at Range {c.band}" if c.in_arc and c.band
                             and c.band <= 3 else f"{other.id} is outside {a.id}'s {c.arc}: no primary attack")
        pa, pd = canvas.layout.to_pixel(*ruler.start), canvas.layout.to_pixel(*ruler.end)
        mx, my = (pa[0] + pd[0]) / 2, (pa[1] + pd[1]) / 2
        canvas.text(f"Range {ruler.band}" if ruler.in_arc and ruler.band else "out of arc", mx, my - 14,
                    max(12.0, h * 0.022), colour, "center", shadow=style.shadow)
    for s in lesson.ships:
        px, py = canvas.layout.to_pixel(s.pose.x, s.pose.y)
        half_px = base_half(s.base) / canvas.layout.mm_per_px
        canvas.text(s.id, px, py - half_px - 12, max(12.0, h * 0.022), style.text, "center", shadow=style.shadow)
    canvas.text("\n".join(lines), 24, h - h * 0.13, max(12.0, h * 0.024), style.text, shadow=style.shadow,
                wrap_px=w - 48)
    if lesson.echo:
        _echo_legend(canvas, lesson, style)


def _echo_legend(canvas: Canvas, lesson: Lesson, style: Style) -> None:
    """What the sensor echo's marks mean (issue 35 item 4: the picture could not be read without it),
    and whose ship is whose colour, in a row under the title."""
    h = canvas.layout.size[1]
    green = palette.MANEUVER_COLOURS["green"]
    items = [(palette.with_alpha(green, 0.7), "outline: a legal end position (each end of a slide)"),
             (green, "bar: every legal centre along that slide")]
    players = sorted({s.player for s in lesson.ships})
    items += [(palette.player_colour(p), f"player {p + 1}'s ship") for p in players]
    shapes = Shapes()
    lp = max(11.0, h * 0.02)
    x, y = 24.0, h * 0.09 + lp
    for colour, words in items:
        canvas.rect_px(shapes, x, y - lp * 0.55, x + lp * 1.1, y + lp * 0.55, colour)
        canvas.text(words, x + lp * 1.5, y, lp, style.text, shadow=style.shadow)
        x += lp * 1.5 + canvas.text_width(words, lp) + 22
    canvas.shapes2d(shapes)

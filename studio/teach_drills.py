"""A drill's answer drawn top-down (``trek teach drill NAME --answer-png OUT.png``): the table as
the drill sets it (ships, obstacles, planets, the objective), the learner's maneuver as a ghost on
its template, and every ideal answer's ghost beside it, each labelled, with a legend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.drill import Drill, Outcome
from engine.drill_file import Reach
from engine.geometry.pose import Pose
from engine.geometry.shapes import base_corners
from engine.teach import PlateLayout, base_half, maneuver_label
from studio import palette
from studio.hud2d import Shapes
from studio.meshes import MeshBuilder
from studio.offscreen import Frame
from studio.teach import RGBA, Canvas, Point, Style, _coords, base_shape
from studio.teach_lessons import _static

IDEAL: Final[RGBA] = (0.3, 0.9, 0.45, 1.0)  # an ideal answer's ghost
YOURS_RIGHT: Final[RGBA] = (0.35, 0.75, 1.0, 1.0)  # the learner's ghost, when it meets the goal
OBJECTIVE: Final[RGBA] = (1.0, 0.85, 0.2, 1.0)
WRONG: Final[RGBA] = (1.0, 0.35, 0.3, 1.0)  # the learner's ghost, when it misses


def _layout(drill: Drill, shown: Sequence[Outcome], size: tuple[int, int]) -> PlateLayout:
    pts: list[Point] = []
    for s in drill.scene.ships:
        pts += base_corners(s.pose, base_half(s.base))
    for o in shown:
        pts += base_corners(o.result.end, base_half(drill.learner.base))
        if o.result.template is not None:
            pts += _coords(o.result.template)
    for _, poly in drill.scene.obstacles:
        pts += list(poly)
    for g in drill.doc.goal:
        if isinstance(g, Reach):
            pts += [(g.x - g.radius, g.y - g.radius), (g.x + g.radius, g.y + g.radius)]
    h = size[1]
    return PlateLayout.fit(pts, size, (int(h * 0.09) + 8, 24, int(h * 0.16), 24), pad_mm=30.0)


def _ghost(canvas: Canvas, o: Outcome, base: str, colour: RGBA, width: float) -> None:
    b = MeshBuilder()
    if o.result.template is not None:
        b.polygon(_coords(o.result.template), palette.with_alpha(colour, 0.12))
        b.ribbon(_coords(o.result.template), 0.8, palette.with_alpha(colour, 0.6), 0.01, closed=True)
    base_shape(b, o.result.end, base, palette.with_alpha(colour, 0.2), colour, width=width)
    canvas.add(b, "ghost")


def draw_answer(drill: Drill, yours: Outcome | None, ideal: Sequence[Outcome], size: tuple[int, int] = (1280, 960),
                printable: bool = False) -> Frame:
    """The drill's table with the learner's ghost (``yours``; None: not flown) and the ideal answers."""
    style = Style.of(printable)
    shown = [*ideal, *([yours] if yours is not None else [])]
    canvas = Canvas(_layout(drill, shown, size), style.background)
    try:
        _static(canvas, drill.scene, [], style)
        for g in drill.doc.goal:
            if isinstance(g, Reach):
                b = MeshBuilder()
                b.disc(g.x, g.y, g.radius, palette.with_alpha(OBJECTIVE, 0.25), 0.02, segments=48)
                canvas.add(b, "objective")
        base = drill.learner.base
        for o in ideal:
            _ghost(canvas, o, base, IDEAL, 1.2)
        mine = None
        if yours is not None:
            mine = YOURS_RIGHT if yours.ok else WRONG
            _ghost(canvas, yours, base, mine, 2.0)
        for s in drill.scene.ships:
            b = MeshBuilder()
            colour = palette.player_colour(s.player)
            base_shape(b, s.pose, s.base, palette.with_alpha(colour, 0.75), (1.0, 1.0, 1.0, 0.95))
            canvas.add(b, f"ship-{s.id}")
        _labels(canvas, drill, yours, ideal, style)
        _legend(canvas, drill, yours, mine, style)
        return canvas.capture().copy()
    finally:
        canvas.close()


def _labels(canvas: Canvas, drill: Drill, yours: Outcome | None, ideal: Sequence[Outcome], style: Style) -> None:
    h = canvas.layout.size[1]
    px_h = max(12.0, h * 0.02)
    half_px = base_half(drill.learner.base) / canvas.layout.mm_per_px
    for s in drill.scene.ships:
        px, py = canvas.layout.to_pixel(s.pose.x, s.pose.y)
        canvas.text(s.id, px, py - base_half(s.base) / canvas.layout.mm_per_px - 12, px_h, style.text, "center",
                    shadow=style.shadow)
    for g in drill.doc.goal:
        if isinstance(g, Reach):
            px, py = canvas.layout.to_pixel(g.x, g.y)
            canvas.text(g.name, px, py - g.radius / canvas.layout.mm_per_px - 12, px_h, OBJECTIVE, "center",
                        shadow=style.shadow)
    # a ghost's words go below it (a ship's name is above its base); the same end, one line each
    placed: dict[tuple[int, int], int] = {}
    for o, colour in [*((i, IDEAL) for i in ideal), *([(yours, YOURS_RIGHT if yours.ok else WRONG)]
                                                         if yours is not None else [])]:
        end: Pose = o.result.end
        px, py = canvas.layout.to_pixel(end.x, end.y)
        key = (round(px / 40), round(py / 40))
        n = placed.get(key, 0)
        placed[key] = n + 1
        words = maneuver_label(o.maneuver) + (" (yours)" if o is yours else "")
        canvas.text(words, px, py + half_px * 1.5 + 10 + n * px_h * 1.2, px_h * 0.9, colour, "center",
                    shadow=style.shadow)


def _legend(canvas: Canvas, drill: Drill, yours: Outcome | None, mine: RGBA | None, style: Style) -> None:
    w, h = canvas.layout.size
    band = h * 0.09
    canvas.text(f"Drill {drill.name}: {drill.doc.title}", 24, band * 0.45, band * 0.4, style.text,
                shadow=style.shadow)
    if yours is None:
        verdict = "not flown"
    else:
        failed = [c.text for c in yours.checks if not c.ok]
        verdict = f"yours, {maneuver_label(yours.maneuver)}: " + ("meets the goal" if yours.ok else "; ".join(failed))
    canvas.text(verdict, 24, band * 0.95, band * 0.22, style.text, shadow=style.shadow, wrap_px=w - 48)
    items: list[tuple[RGBA, str]] = [(IDEAL, "ideal answer (meets the goal)")]
    if mine is not None:
        items.append((mine, "your maneuver" + (": right" if mine == YOURS_RIGHT else ": wrong")))
    items += [(palette.player_colour(0), "ship (player 1)"), (palette.player_colour(1), "ship (player 2)")]
    if drill.scene.obstacles:
        items.append((palette.OBSTACLE_TOP, "obstacle"))
    if any(isinstance(g, Reach) for g in drill.doc.goal):
        items.append((OBJECTIVE, "objective"))
    shapes = Shapes()
    lp = max(11.0, h * 0.022)
    x, y = 24.0, h - h * 0.06
    for colour, words in items:
        canvas.rect_px(shapes, x, y - lp * 0.55, x + lp * 1.1, y + lp * 0.55, colour)
        canvas.text(words, x + lp * 1.5, y, lp, style.text, shadow=style.shadow)
        x += lp * 1.5 + canvas.text_width(words, lp) + 22
    canvas.shapes2d(shapes)

"""Teaching pictures that never mislead (issue 19): maneuvers ending in the same place spread
apart on a dial plate, labels that never overlap on any class's plate, arcs named by what they
are, and lesson rulers between the closest points (the distance they quote)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from shapely.geometry import Point, Polygon

from engine.catalog import load_catalog
from engine.geometry.shapes import base_corners
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.teach import Dial, boxes_intersect, lesson_ruler, load_lesson, resolve_dial
from studio.palette import BAND_COLOURS
from studio.teach import PLATE_START, _notch_box, arc_names, plate_ghosts, plate_labels, plate_layout

SIZE = (1280, 960)


def test_spins_and_come_abouts_are_drawn_beside_the_straight_they_end_on() -> None:
    for cls in ("Borg Sphere", "Akira Class"):
        dial = resolve_dial(cls)
        ghosts, shown = plate_ghosts(dial, PLATE_START)
        half = P.base_half(dial.base)
        squares = [Polygon(base_corners(p, half)) for p in shown]
        moved = [k for k, (g, p) in enumerate(zip(ghosts, shown, strict=True)) if (g.end.x, g.end.y) != (p.x, p.y)]
        for k in moved:
            g = ghosts[k]
            assert "spin" in g.maneuver.kind or g.maneuver.kind == "about"
            twin = next(j for j, o in enumerate(ghosts) if o.maneuver.kind == "straight"
                        and o.maneuver.speed == g.maneuver.speed)
            assert math.dist((g.end.x, g.end.y), (ghosts[twin].end.x, ghosts[twin].end.y)) < 2.0  # same end
            assert shown[twin] == ghosts[twin].end  # the straight stays where it ends
            assert shown[k].heading == g.end.heading  # the moved ghost keeps its heading
            if g.maneuver.side:  # a left spin to the left of the spot, a right spin to the right
                rx, ry = PLATE_START.right
                assert ((shown[k].x - g.end.x) * rx + (shown[k].y - g.end.y) * ry) * g.maneuver.side > 0
        assert len(moved) == (8 if cls == "Borg Sphere" else 1)
        for a in moved:  # no drawn ghost lies on a moved one
            for b in range(len(ghosts)):
                if b != a:
                    assert squares[a].intersection(squares[b]).area < 1.0, (ghosts[a].label, ghosts[b].label)


@pytest.mark.parametrize("size", [SIZE, (640, 480)])
def test_labels_never_overlap_on_any_class_plate(size: tuple[int, int]) -> None:
    classes = load_catalog().ship_classes()
    assert len(classes) > 70
    for cls in classes:
        name = cls.name
        dial = Dial(cls, None, tuple((Maneuver(m.kind, m.speed), m.colour) for m in cls.maneuvers))
        layout = plate_layout(dial, size, PLATE_START)
        ghosts, shown = plate_ghosts(dial, PLATE_START)
        labels = plate_labels(ghosts, shown, layout, PLATE_START, dial.base)
        assert [lb.text for lb in labels] == ["start", *(g.label for g in ghosts)]
        assert min(lb.height for lb in labels) >= 8.0 * 1.15 - 1e-9
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                assert not boxes_intersect(a.box, b.box), f"{name}: {a.text!r} overlaps {b.text!r}"
        # nor any base's heading notch: on a sideways ghost the label's first letter was under it
        # ("3 turn L" read "turn L"; review round 2)
        if size == SIZE:
            notches = [_notch_box(p, P.base_half(dial.base), layout) for p in (PLATE_START, *shown)]
            for lb in labels:
                assert not any(boxes_intersect(lb.box, n) for n in notches), f"{name}: {lb.text!r} on a notch"


def test_labels_stay_on_their_ghost_where_there_is_room() -> None:
    dial = resolve_dial("Galaxy Class")
    layout = plate_layout(dial, SIZE, PLATE_START)
    ghosts, shown = plate_ghosts(dial, PLATE_START)
    labels = plate_labels(ghosts, shown, layout, PLATE_START, dial.base)
    half_px = P.base_half(dial.base) / layout.mm_per_px
    near = sum(math.dist((lb.x, lb.y), layout.to_pixel(p.x, p.y)) < half_px for lb, p in zip(labels[1:], shown,
                                                                                            strict=True))
    assert near >= 0.6 * len(ghosts)


def test_arcs_are_named_by_what_they_are() -> None:
    assert [n for _, n in arc_names(None, None, True)] == ["360-degree arc"]
    assert [n for _, n in arc_names(90.0, None, False)] == ["front arc 90 deg"]
    assert [n for _, n in arc_names(90.0, 90.0, False)] == ["front arc 90 deg", "rear arc 90 deg"]
    sphere = load_catalog().ship_class("Borg Sphere")
    assert arc_names(sphere.front_arc, sphere.rear_arc, sphere.has_360_arc)[0][1] == "360-degree arc"


@pytest.mark.parametrize("name", ["range", "arcs"])
def test_lesson_ruler_runs_between_the_closest_points(name: str, showbase: Any) -> None:
    from studio.teach_lessons import lesson_frames, lesson_layout, resolve_lesson_moves

    lesson = load_lesson(name)
    assert lesson.attack is not None
    a, d = lesson.ship(lesson.attack[0]), lesson.ship(lesson.attack[1])
    ruler = lesson_ruler(lesson, a.id, d.id)
    pa = Polygon(base_corners(a.pose, P.base_half(a.base)))
    pd = Polygon(base_corners(d.pose, P.base_half(d.base)))
    assert pa.exterior.distance(Point(ruler.start)) < 0.01 and pd.exterior.distance(Point(ruler.end)) < 0.01
    assert math.isclose(math.dist(ruler.start, ruler.end), ruler.distance, abs_tol=0.01)
    assert math.isclose(ruler.distance, pa.distance(pd), abs_tol=0.5)  # (the whole target is in arc here)
    assert ruler.distance < math.dist((a.pose.x, a.pose.y), (d.pose.x, d.pose.y)) - 2 * P.base_half(a.base) * 0.9
    frame = lesson_frames(lesson)[0]
    layout = lesson_layout(lesson, (1280, 960), resolve_lesson_moves(lesson))
    band = np.array(BAND_COLOURS[ruler.band or 4][:3]) * 255
    for x, y in (ruler.start, ruler.end):  # the ruler's ends, marked on the bases' edges
        u, v = layout.to_pixel(x, y)
        patch = frame[int(v) - 2:int(v) + 3, int(u) - 2:int(u) + 3].reshape(-1, 3).astype(int)
        assert (np.abs(patch - band).max(axis=1) < 40).any()

"""Issue 35 item 4, the pictures: a label moved off its ghost on a dial plate (and so on `teach compare`) has a
leader line back to that ghost; the sensor echo lesson has a legend."""

from __future__ import annotations

import math

import numpy as np

from engine.teach import base_half, resolve_dial
from studio.teach import PlateLabel, draw_plate, leader_line


def test_a_label_on_its_ghost_needs_no_line_and_a_moved_one_ends_at_the_ghosts_edge() -> None:
    assert leader_line(PlateLabel("x", 100, 100, 40, 12), (105, 102), 20) is None
    assert leader_line(PlateLabel("x", 100, 100, 40, 12), (100, 125), 20) is None  # the box touches the base
    (ax, ay), (zx, zy) = leader_line(PlateLabel("x", 0, 0, 40, 12), (100, 0), 20) or ((0, 0), (0, 0))
    assert (ax, ay) == (20, 0)  # from the box's side nearest the ghost
    assert math.isclose(100 - zx, 18) and zy == 0  # to just inside the ghost's edge


def test_every_moved_label_of_a_plate_is_joined_to_its_ghost_by_a_drawn_line() -> None:
    dial = resolve_dial("Borg Cube")  # a large base: straights stacked close, labels pushed aside
    plate = draw_plate(dial, (1280, 960))
    half_px = base_half(dial.base) / plate.layout.mm_per_px
    background = plate.frame[5, 5].astype(int)
    moved = 0
    for label, pose in zip(plate.labels[1:], plate.shown, strict=True):
        line = leader_line(label, plate.layout.to_pixel(pose.x, pose.y), half_px)
        if line is None:
            continue
        moved += 1
        (ax, ay), (zx, zy) = line
        hits = 0
        for t in np.linspace(0.2, 0.8, 7):
            x, y = round(ax + (zx - ax) * t), round(ay + (zy - ay) * t)
            patch = plate.frame[y - 1:y + 2, x - 1:x + 2, :3].astype(int)
            hits += int((np.abs(patch - background[:3]).sum(axis=2) > 60).any())
        assert hits >= 5, label.text
    assert moved >= 2


def test_the_sensor_echo_lesson_has_a_legend_for_its_green_marks() -> None:
    from engine.teach import load_lesson
    from studio.teach_lessons import lesson_frames

    w, h = 640, 480
    lp = max(11.0, h * 0.02)
    x, y = round(24 + lp * 0.55), round(h * 0.09 + lp)  # the first swatch of the row under the title
    echo = lesson_frames(load_lesson("sensor_echo"), (w, h))[-1][y, x, :3].astype(int)
    assert echo[1] > 150 and echo[1] > echo[0] + 60 and echo[1] > echo[2] + 60  # green
    plain = lesson_frames(load_lesson("arcs"), (w, h))[-1][y, x, :3].astype(int)
    assert plain.sum() < 120  # no legend there in a lesson without an echo

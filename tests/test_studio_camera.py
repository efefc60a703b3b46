"""Camera presets, transitions and the mouse controller (pure parts; no rendering here)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pytest
from panda3d.core import Camera, MouseButton, NodePath

from engine.geometry.pose import Pose
from engine.view import ShipView, TableView
from studio.camera import (
    CameraPose,
    CameraRig,
    Orbit,
    OrbitController,
    Transition,
    follow,
    interpolate,
    preset,
    table,
    table_to_pixel,
    top,
)

A = 914.4


def test_table_to_pixel_maps_the_area_height_onto_the_image_height() -> None:
    size, area = (1280, 720), (A, A)
    assert table_to_pixel(A / 2, A / 2, size, area) == pytest.approx((640, 360))
    assert table_to_pixel(0, 0, size, area) == pytest.approx((640 - 360, 720))  # south-west corner, bottom
    assert table_to_pixel(A, A, size, area) == pytest.approx((640 + 360, 0))  # north-east corner, top
    # a wider area still fits its height to the image height, centred
    assert table_to_pixel(0, 600, (800, 600), (1200, 600)) == pytest.approx((400 - 600, 0))


def test_top_is_orthographic_north_up_over_the_centre() -> None:
    pose = top(A, 600.0)
    assert pose.ortho_height == 600.0
    assert pose.eye[:2] == pose.target[:2] == (A / 2, 300.0)
    assert pose.up == (0.0, 1.0, 0.0) and pose.eye[2] > pose.target[2]


def test_table_view_looks_north_across_from_the_south_edge() -> None:
    pose = table(A, A)
    assert pose.ortho_height is None
    assert pose.eye[1] < 0 < pose.target[1] < A and pose.eye[2] > 0


def test_follow_sits_behind_and_above_looking_ahead() -> None:
    ship = Pose(400, 400, 90)  # facing east
    pose = follow(ship)
    assert pose.eye[0] < 400 < pose.target[0]
    assert pose.eye[1] == pytest.approx(400) and pose.target[1] == pytest.approx(400)
    assert pose.eye[2] > pose.target[2]


def test_preset_names() -> None:
    ship = ShipView("a", "A", "Federation", "Galaxy Class", "small", Pose(100, 200, 0))
    view = TableView(A, A, ships=(ship,), selected="a")
    assert preset("top", view) == top(A, A)
    assert preset("follow:a", view) == preset("follow", view)
    with pytest.raises(ValueError, match="no ship"):
        preset("follow:zz", view)
    with pytest.raises(ValueError, match="unknown camera"):
        preset("side", view)


def test_interpolate_eases_between_poses_and_lands_exactly() -> None:
    a, b = top(A, A), table(A, A)
    assert interpolate(a, b, 0.0) == a and interpolate(a, b, 1.0) == b
    mid = interpolate(a, b, 0.5)
    assert mid.ortho_height is None  # an ortho/perspective move runs in perspective
    for k in range(3):
        assert mid.eye[k] == pytest.approx((a.eye[k] + b.eye[k]) / 2)  # smoothstep(0.5) = 0.5
    early = interpolate(a, b, 0.1)
    assert math.dist(early.eye, a.eye) < 0.1 * math.dist(a.eye, b.eye)  # eased start
    t = Transition(a, b, begin=10.0, duration=1.0)
    assert t.at(9.0) == a and t.at(11.5) == b and t.done(11.0) and not t.done(10.5)


def test_ortho_as_perspective_sees_the_same_height() -> None:
    pose = top(A, A).as_perspective()
    half = math.tan(math.radians(pose.fov) / 2) * pose.distance
    assert 2 * half == pytest.approx(A)


def test_orbit_round_trips_a_pose() -> None:
    orbit = Orbit((100.0, 200.0, 0.0), yaw=30.0, pitch=40.0, distance=500.0)
    again = Orbit.from_pose(orbit.pose())
    assert again.yaw == pytest.approx(30.0) and again.pitch == pytest.approx(40.0)
    assert again.distance == pytest.approx(500.0)


@dataclass
class FakeMouse:
    pos: tuple[float, float] = (0.0, 0.0)
    buttons: set[str] = field(default_factory=set)

    def hasMouse(self) -> bool:
        return True

    def getMouse(self) -> tuple[float, float]:
        return self.pos

    def isButtonDown(self, button: Any) -> bool:
        return str(button) in self.buttons


class FakeTasks:
    cont = "cont"

    def __init__(self) -> None:
        self.tasks: list[Any] = []

    def add(self, fn: Any, name: str) -> Any:
        self.tasks.append(fn)
        return fn

    def remove(self, task: Any) -> None:
        self.tasks.remove(task)

    def step(self) -> None:
        for fn in self.tasks:
            fn(self)


def test_orbit_controller_orbits_pans_and_zooms() -> None:
    cam = NodePath(Camera("cam"))
    rig = CameraRig(cam)
    rig.apply(CameraPose((0.0, -500.0, 500.0), (0.0, 0.0, 0.0)))
    mouse, tasks = FakeMouse(), FakeTasks()
    moves: list[int] = []
    ctl = OrbitController(rig, mouse, tasks, on_user_move=lambda: moves.append(1))
    yaw0, dist0 = ctl.orbit.yaw, ctl.orbit.distance
    mouse.buttons = {str(MouseButton.one())}
    tasks.step()
    mouse.pos = (0.25, 0.0)
    tasks.step()
    assert ctl.orbit.yaw == pytest.approx((yaw0 + 30.0) % 360)
    assert moves
    mouse.buttons = {str(MouseButton.three())}
    target0 = ctl.orbit.target
    tasks.step()
    mouse.pos = (0.0, 0.0)
    tasks.step()
    assert ctl.orbit.target != target0
    ctl.zoom(2)
    assert ctl.orbit.distance == pytest.approx(dist0 * 0.88 ** 2)
    assert cam.getPos().length() == pytest.approx(math.dist(ctl.orbit.pose().eye, (0, 0, 0)), rel=1e-4)
    ctl.destroy()
    assert not tasks.tasks

"""Camera presets, smooth transitions and the orbit/pan/zoom mouse controller.

A :class:`CameraPose` is a pure description (eye, target, up, projection); the presets and
:func:`interpolate` are pure functions of the table and ship poses. :class:`CameraRig` applies
a pose to a Panda3D camera; :class:`OrbitController` drives a rig from the mouse.

The ``top`` preset is orthographic, north up, with the play area's height filling the image
height and its centre at the image centre, so :func:`table_to_pixel` is exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np
from panda3d.core import MouseButton, NodePath, OrthographicLens, PerspectiveLens

from engine.geometry.pose import Pose
from engine.view import TableView

Vec3 = tuple[float, float, float]
Safe = tuple[float, float, float, float]  # (left, right, bottom, top) in normalised image units -1..1

NEAR_MM: Final = 5.0
# p3tinydisplay's depth buffer holds too little precision for the base prints' layers (0.02 mm apart)
# with the near plane at 5 mm: they stripe. At 100 mm they do not, and no camera of a video comes
# that close to the table (the follow camera is 170 mm above the ship's peg, the director's
# closest shot 250 mm of table high)
SOFTWARE_NEAR_MM: Final = 100.0
FAR_MM: Final = 20_000.0
TOP_HEIGHT_MM: Final = 3000.0  # eye height of the top view (orthographic: only the depth range)
FOLLOW_BACK_MM: Final = 230.0
FOLLOW_UP_MM: Final = 170.0
FOLLOW_AHEAD_MM: Final = 140.0


@dataclass(frozen=True, slots=True)
class CameraPose:
    """Where the camera is, what it looks at, and its projection.

    ``fov`` is the vertical field of view in degrees (perspective); with ``ortho_height``
    set the projection is orthographic and shows that many mm of the scene top to bottom.
    """

    eye: Vec3
    target: Vec3
    up: Vec3 = (0.0, 0.0, 1.0)
    fov: float = 45.0
    ortho_height: float | None = None

    @property
    def distance(self) -> float:
        return math.dist(self.eye, self.target)

    def as_perspective(self) -> CameraPose:
        """The same view through a perspective lens that sees the same height at the target."""
        if self.ortho_height is None:
            return self
        fov = math.degrees(2 * math.atan(self.ortho_height / 2 / max(self.distance, 1e-6)))
        return replace(self, fov=fov, ortho_height=None)


# --- presets ---------------------------------------------------------------------------------

def top(area_width: float, area_height: float) -> CameraPose:
    """Orthographic, straight down, north up, the play area's height filling the image height."""
    cx, cy = area_width / 2, area_height / 2
    return CameraPose((cx, cy, TOP_HEIGHT_MM), (cx, cy, 0.0), (0.0, 1.0, 0.0), ortho_height=area_height)


def table(area_width: float, area_height: float) -> CameraPose:
    """Perspective from the south side of the table, seated, looking across it."""
    cx = area_width / 2
    return CameraPose((cx, -0.36 * area_height, 0.5 * area_height), (cx, 0.43 * area_height, 0.0), fov=52.0)


def follow(pose: Pose, peg_height: float = 30.0, safe: Safe | None = None, aspect: float = 16 / 9,
           half: float = 20.0) -> CameraPose:
    """Behind and above a ship, looking past it along its heading.

    With ``safe`` (the part of the image the HUD leaves clear, (left, right, bottom, top) in
    -1..1) the camera looks less far ahead, as little as it must, so that the ship's base and
    model stay inside it (above the dice and the caption)."""

    def at(ahead: float) -> CameraPose:
        fx, fy = pose.forward
        eye = (pose.x - FOLLOW_BACK_MM * fx, pose.y - FOLLOW_BACK_MM * fy, peg_height + FOLLOW_UP_MM)
        target = (pose.x + ahead * fx, pose.y + ahead * fy, peg_height * 0.5)
        return CameraPose(eye, target, fov=50.0)

    best = at(FOLLOW_AHEAD_MM)
    if safe is None:
        return best
    reach = half + 8.0  # the base and the selection rings around it
    corners = [pose.advance(a * reach, b * reach) for a in (-1, 1) for b in (-1, 1)]
    points = [(c.x, c.y, z) for c in corners for z in (0.0, peg_height)] + [(pose.x, pose.y, peg_height + 28.0)]

    def clear(p: CameraPose) -> bool:
        proj = project(p, aspect, points)
        return all(safe[0] <= x <= safe[1] and safe[2] <= y <= safe[3] for x, y in proj)

    if clear(best):
        return best
    lo, hi = 0.0, FOLLOW_AHEAD_MM  # looking at the ship itself puts it mid-image; ahead of it, lower
    if not clear(at(lo)):
        return at(lo)
    for _ in range(14):
        mid = (lo + hi) / 2
        if clear(at(mid)):
            lo = mid
        else:
            hi = mid
    return at(lo)


def project(pose: CameraPose, aspect: float, points: Sequence[Vec3]) -> list[tuple[float, float]]:
    """Normalised image positions (x right, y up, -1..1 inside) of table points seen from ``pose``
    through a perspective lens (an orthographic pose through its perspective equivalent)."""
    p = pose.as_perspective()
    f = np.subtract(p.target, p.eye)
    f = f / np.linalg.norm(f)
    r = np.cross(f, p.up)
    r = r / np.linalg.norm(r)
    u = np.cross(r, f)
    tv = math.tan(math.radians(p.fov) / 2)
    rel = np.asarray(points, dtype=np.float64).reshape(-1, 3) - np.asarray(p.eye)
    z = np.maximum(rel @ f, 1e-6)
    return [(float(x), float(y)) for x, y in zip((rel @ r) / (z * tv * aspect), (rel @ u) / (z * tv), strict=True)]


def preset(name: str, view: TableView, safe: Safe | None = None, aspect: float = 16 / 9) -> CameraPose:
    """``top``, ``table`` or ``follow:SHIP_ID`` (``follow`` alone follows the selected ship; with
    ``safe``, the part of an ``aspect`` image the HUD leaves clear, the ship is kept inside it)."""
    kind, _, ship_id = name.partition(":")
    if kind == "top":
        return top(view.area_width, view.area_height)
    if kind == "table":
        return table(view.area_width, view.area_height)
    if kind == "follow":
        ship = view.ship(ship_id or (view.selected or ""))
        if ship is None:
            raise ValueError(f"camera {name!r}: no ship {ship_id or view.selected!r} on the table")
        from studio.assets import BASE_HALF_MM, PEG_HEIGHT_MM

        return follow(ship.pose, PEG_HEIGHT_MM.get(ship.base_size, 30.0), safe, aspect,
                      BASE_HALF_MM.get(ship.base_size, 20.0))
    raise ValueError(f"unknown camera {name!r}: use top, table or follow:SHIP")


def table_to_pixel(x: float, y: float, size: tuple[int, int], area: tuple[float, float]) -> tuple[float, float]:
    """The image position (px right, py down, in pixels) of table point (x, y) in the ``top`` view."""
    w, h = size
    aw, ah = area
    scale = h / ah
    return w / 2 + (x - aw / 2) * scale, h / 2 - (y - ah / 2) * scale


# --- transitions -----------------------------------------------------------------------------

def smoothstep(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


def _lerp3(a: Vec3, b: Vec3, t: float) -> Vec3:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t


def interpolate(a: CameraPose, b: CameraPose, t: float) -> CameraPose:
    """The pose a fraction ``t`` (0..1, eased) of the way from a to b.

    Between an orthographic and a perspective pose the move runs in perspective (the ortho
    end as its equivalent perspective) and lands exactly on ``b`` at t = 1.
    """
    if t <= 0.0:
        return a
    if t >= 1.0:
        return b
    s = smoothstep(t)
    if a.ortho_height is not None and b.ortho_height is not None:
        oh: float | None = a.ortho_height + (b.ortho_height - a.ortho_height) * s
        fov = b.fov
    else:
        pa, pb = a.as_perspective(), b.as_perspective()
        oh, fov = None, pa.fov + (pb.fov - pa.fov) * s
    up = _lerp3(a.up, b.up, s)
    if math.hypot(*up) < 1e-6:
        up = b.up
    return CameraPose(_lerp3(a.eye, b.eye, s), _lerp3(a.target, b.target, s), up, fov, oh)


@dataclass
class Transition:
    """A timed move between two poses; ``at(now)`` gives the pose at a clock time in seconds."""

    start: CameraPose
    end: CameraPose
    begin: float
    duration: float = 0.8

    def at(self, now: float) -> CameraPose:
        if self.duration <= 0:
            return self.end
        return interpolate(self.start, self.end, (now - self.begin) / self.duration)

    def done(self, now: float) -> bool:
        return now >= self.begin + self.duration


# --- applying a pose ----------------------------------------------------------------------------

class CameraRig:
    """Applies CameraPoses to a camera NodePath, switching between its two lenses."""

    def __init__(self, camera: NodePath, aspect: float = 16 / 9, near: float = NEAR_MM) -> None:
        self.camera = camera
        self.aspect = aspect
        self.ortho = OrthographicLens()
        self.perspective = PerspectiveLens()
        for lens in (self.ortho, self.perspective):
            lens.setNearFar(near, FAR_MM)
        self.pose: CameraPose | None = None

    def apply(self, pose: CameraPose) -> None:
        node = self.camera.node()
        if pose.ortho_height is not None:
            self.ortho.setFilmSize(pose.ortho_height * self.aspect, pose.ortho_height)
            if node.getLens() is not self.ortho:
                node.setLens(self.ortho)
        else:
            vfov = min(max(pose.fov, 1.0), 150.0)
            hfov = math.degrees(2 * math.atan(math.tan(math.radians(vfov) / 2) * self.aspect))
            self.perspective.setFov(hfov, vfov)
            if node.getLens() is not self.perspective:
                node.setLens(self.perspective)
        self.camera.setPos(*pose.eye)
        self.camera.lookAt(pose.target, pose.up)
        self.pose = pose


# --- mouse control ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Orbit:
    """A camera orbiting a target point: yaw (degrees clockwise from looking north), pitch
    (degrees down from horizontal), distance in mm."""

    target: Vec3
    yaw: float = 0.0
    pitch: float = 45.0
    distance: float = 900.0
    fov: float = 45.0

    def pose(self) -> CameraPose:
        yaw, pitch = math.radians(self.yaw), math.radians(self.pitch)
        back = (-math.sin(yaw) * math.cos(pitch), -math.cos(yaw) * math.cos(pitch), math.sin(pitch))
        eye = (self.target[0] + back[0] * self.distance, self.target[1] + back[1] * self.distance,
               self.target[2] + back[2] * self.distance)
        return CameraPose(eye, self.target, fov=self.fov)

    @classmethod
    def from_pose(cls, pose: CameraPose) -> Orbit:
        p = pose.as_perspective()
        dx, dy, dz = (p.eye[i] - p.target[i] for i in range(3))
        dist = max(math.sqrt(dx * dx + dy * dy + dz * dz), 1e-6)
        pitch = math.degrees(math.asin(max(-1.0, min(1.0, dz / dist))))
        yaw = math.degrees(math.atan2(-dx, -dy)) if math.hypot(dx, dy) > 1e-6 else 0.0
        return cls(p.target, yaw, min(pitch, 89.9), dist, p.fov)

    def rotated(self, d_yaw: float, d_pitch: float) -> Orbit:
        return replace(self, yaw=(self.yaw + d_yaw) % 360.0, pitch=min(max(self.pitch + d_pitch, 5.0), 89.9))

    def panned(self, right_mm: float, forward_mm: float) -> Orbit:
        yaw = math.radians(self.yaw)
        fx, fy = math.sin(yaw), math.cos(yaw)
        rx, ry = math.cos(yaw), -math.sin(yaw)
        t = self.target
        return replace(self, target=(t[0] + right_mm * rx + forward_mm * fx, t[1] + right_mm * ry + forward_mm * fy,
                                     t[2]))

    def zoomed(self, factor: float, toward: tuple[float, float, float] | None = None) -> Orbit:
        """Closer (``factor`` < 1) or further; with ``toward``, about that point, which stays where it
        is on screen (the eye and the target are scaled about it: the view's directions do not change),
        as a map zooms to the cursor; without, about the target."""
        distance = min(max(self.distance * factor, 60.0), 8000.0)
        if toward is None:
            return replace(self, distance=distance)
        f = distance / self.distance
        t = self.target
        return replace(self, distance=distance,
                       target=tuple(toward[i] + (t[i] - toward[i]) * f for i in range(3)))  # type: ignore[arg-type]


class OrbitController:
    """Orbit (left drag), pan (right or middle drag) and zoom (wheel, via :meth:`zoom`) a CameraRig.

    Takes the mouse watcher node and the task manager instead of ShowBase globals; the
    viewer binds the wheel events to :meth:`zoom`. ``on_user_move`` is called whenever the
    mouse moves the camera (the viewer uses it to cancel a preset transition).
    """

    DEGREES_PER_UNIT: Final = 120.0  # a full-window drag (2 units) turns 240 degrees

    def __init__(self, rig: CameraRig, mouse_watcher: Any, task_mgr: Any, orbit: Orbit | None = None,
                 on_user_move: Callable[[], None] | None = None) -> None:
        self.rig = rig
        self.mouse = mouse_watcher
        self.task_mgr = task_mgr
        self.orbit = orbit or (Orbit.from_pose(rig.pose) if rig.pose else Orbit((457.2, 457.2, 0.0)))
        self.enabled = True
        self.on_user_move = on_user_move
        self._last: tuple[float, float] | None = None
        self._task = task_mgr.add(self._update, "studio-orbit-controller")

    def set_pose(self, pose: CameraPose) -> None:
        """Take over from a preset or transition without a jump."""
        self.orbit = Orbit.from_pose(pose)

    def zoom(self, steps: float, toward: tuple[float, float, float] | None = None) -> None:
        """Zoom in (positive steps) or out (negative); one wheel notch is one step; ``toward``: the
        table point under the cursor, which stays under it."""
        self.orbit = self.orbit.zoomed(0.88 ** steps, toward)
        self._moved()

    def drag(self, button: str, dx: float, dy: float) -> None:
        """Apply a mouse drag of (dx, dy) in window units (-1..1 across the window)."""
        if button == "orbit":
            self.orbit = self.orbit.rotated(dx * self.DEGREES_PER_UNIT, -dy * self.DEGREES_PER_UNIT / 2)
        else:
            scale = self.orbit.distance * 0.6
            self.orbit = self.orbit.panned(-dx * scale, -dy * scale)
        self._moved()

    def _moved(self) -> None:
        self.rig.apply(self.orbit.pose())
        if self.on_user_move:
            self.on_user_move()

    def _update(self, task: Any) -> Any:
        mw = self.mouse
        if not self.enabled or not mw.hasMouse():
            self._last = None
            return task.cont
        pos = mw.getMouse()
        here = (float(pos[0]), float(pos[1]))
        button = None
        if mw.isButtonDown(MouseButton.one()):
            button = "orbit"
        elif mw.isButtonDown(MouseButton.three()) or mw.isButtonDown(MouseButton.two()):
            button = "pan"
        if button and self._last is not None:
            dx, dy = here[0] - self._last[0], here[1] - self._last[1]
            if dx or dy:
                self.drag(button, dx, dy)
        self._last = here if button else None
        return task.cont

    def destroy(self) -> None:
        self.task_mgr.remove(self._task)

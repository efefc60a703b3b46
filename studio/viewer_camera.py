"""The viewer's camera: the presets (top, table, follow), smooth moves between them, and the mouse's orbit.

:class:`ViewerCamera` aims a camera NodePath through a :class:`~studio.camera.CameraRig`, lets the mouse
orbit, pan and zoom it (an :class:`~studio.camera.OrbitController` on the given mouse watcher and task
manager) and moves smoothly (a :class:`~studio.camera.Transition`) to a preset: ``top`` frames the whole
play area in the part of the window the panels leave clear (``clear_area``), ``follow`` keeps the
focused ship where ``follow_area`` says, ``table`` is the studio's view from the table's side. Once
the mouse moves it, the camera is ``free`` until a preset is chosen again. :func:`resolve_ship` finds the
ship of ``follow:SHIP`` by id or name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from panda3d.core import NodePath

from engine.replay_timeline import LoadedReplay
from engine.view import TableView
from studio.camera import CameraPose, CameraRig, OrbitController, Transition, preset

CAMERAS: Final = ("top", "table", "follow")
TRANSITION_S: Final = 0.8
Area = tuple[float, float, float, float]


def resolve_ship(loaded: LoadedReplay, name: str) -> str:
    """A ship id from an id or a ship name in the replay: the whole name, else a unique prefix, else a
    unique part of it (case-insensitive)."""
    ships = [s for side in loaded.sides for s in side.get("ships", []) if isinstance(s, dict)]
    ids = {str(s.get("id")): str(s.get("name", "")) for s in ships}
    if name in ids:
        return name
    low = name.lower()
    found = [i for i, n in ids.items() if n.lower() == low]
    found = found or [i for i, n in ids.items() if n.lower().startswith(low)]
    found = found or [i for i, n in ids.items() if low in n.lower()]
    if len(found) == 1:
        return found[0]
    known = ", ".join(f"{i} ({n})" for i, n in ids.items())
    what = "is ambiguous" if found else "is not in this replay"
    raise ValueError(f"ship {name!r} {what}; ships: {known}")


class ViewerCamera:
    """The camera of a viewer of ``aspect``: presets, transitions and the orbit."""

    def __init__(self, camera: NodePath, aspect: float, mouse: Any, task_mgr: Any, *,
                 clear_area: Callable[[], Area], follow_area: Callable[[], Area],
                 on_free: Callable[[], None]) -> None:
        self.aspect = aspect
        self.rig = CameraRig(camera, aspect)
        self.mode = "top"
        self.transition: Transition | None = None
        self._clear_area, self._follow_area, self._on_free = clear_area, follow_area, on_free
        self.orbit = OrbitController(self.rig, mouse, task_mgr, on_user_move=self._user_moved)

    def pose(self, name: str, view: TableView) -> CameraPose:
        """The pose of camera preset ``name`` for this viewer: ``top`` frames the whole play area in
        the clear part of the window (north up); ``table`` and ``follow:SHIP`` are the studio's."""
        if name.startswith("follow"):
            return preset(name, view, self._follow_area(), self.aspect)
        if name != "top":
            return preset(name, view)
        base = preset("top", view)
        left, right, bottom, top = self._clear_area()
        aw, ah = view.area_width, view.area_height
        margin = 1.03
        height = margin * max(2 * ah / max(top - bottom, 0.05), 2 * aw / max(self.aspect * (right - left), 0.05))
        dx = (left + right) / 2 * height * self.aspect / 2  # mm from the window centre to the clear centre
        dy = (bottom + top) / 2 * height / 2
        cx, cy = aw / 2 - dx, ah / 2 - dy
        return replace(base, eye=(cx, cy, base.eye[2]), target=(cx, cy, 0.0), ortho_height=height)

    def follow_pose(self, view: TableView | None, ship_id: str | None) -> CameraPose | None:
        if ship_id is None or view is None:
            return None
        return preset(f"follow:{ship_id}", view, self._follow_area(), self.aspect)

    def go(self, kind: str, target: CameraPose, now: float, smooth: bool) -> None:
        """Switch to preset ``kind`` at ``target``: smoothly from where the camera is, or at once."""
        self.mode = kind
        if smooth and self.rig.pose is not None:
            self.transition = Transition(self.rig.pose, target, now, TRANSITION_S)
        else:
            self.transition = None
            self.apply(target)

    def glide(self, target: CameraPose, now: float, seconds: float = TRANSITION_S) -> None:
        """Move smoothly to ``target`` in the same mode."""
        if self.rig.pose is not None:
            self.transition = Transition(self.rig.pose, target, now, seconds)

    def reframe(self, view: TableView | None, now: float) -> None:
        """The clear area changed: move the top view there (smoothly)."""
        if self.mode == "top" and view is not None:
            target = self.pose("top", view)
            if self.rig.pose is not None and target != self.rig.pose:
                self.glide(target, now, TRANSITION_S / 2)

    def apply(self, pose: CameraPose) -> None:
        self.rig.apply(pose)
        self.orbit.set_pose(pose)

    def update(self, follow: CameraPose | None, now: float) -> None:
        """One frame: the transition in progress (ending on the followed ship, which may move), else
        the followed ship's pose (``follow``: None when not following)."""
        if self.transition is not None:
            if follow is not None:
                self.transition.end = follow
            pose = self.transition.at(now)
            if self.transition.done(now):
                self.transition = None
            self.apply(pose)
        elif follow is not None and follow != self.rig.pose:
            self.apply(follow)

    def resize(self, aspect: float) -> None:
        self.aspect = self.rig.aspect = aspect
        if self.rig.pose is not None:
            self.rig.apply(self.rig.pose)

    def _user_moved(self) -> None:
        """The mouse moved the camera: stop any transition and leave the presets."""
        self.transition = None
        if self.mode != "free":
            self.mode = "free"
            self._on_free()

    def destroy(self) -> None:
        self.orbit.destroy()

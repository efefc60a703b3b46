"""One frame of a TableView, rendered offscreen into a numpy array, and PNG writing.

``render_view`` uses one shared :class:`Renderer` per process (on the offscreen ShowBase of
:mod:`studio.offscreen`) with a capture buffer per image size.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any, Final

import numpy as np
from panda3d.core import Filename, NodePath, PNMImage, StringStream

from engine.io.output import write_atomic
from engine.view import TableView
from studio.camera import NEAR_MM, SOFTWARE_NEAR_MM, CameraPose, CameraRig, preset
from studio.offscreen import CaptureBuffer, Frame, display_name, offscreen_showbase
from studio.overlays import DEFAULT_OVERLAYS
from studio.scene import Scene

MAX_BUFFERS: Final = 4


class Renderer:
    """A Scene with offscreen capture buffers; :meth:`render` draws one view at one size."""

    def __init__(self, showbase: Any | None = None) -> None:
        self.showbase = showbase or offscreen_showbase()
        self.root = NodePath("studio")
        self.scene = Scene(self.root, tinydisplay=display_name() == "p3tinydisplay")
        self._buffers: dict[tuple[int, int], tuple[CaptureBuffer, CameraRig]] = {}

    def buffer(self, size: tuple[int, int]) -> tuple[CaptureBuffer, CameraRig]:
        key = (int(size[0]), int(size[1]))
        if key not in self._buffers:
            if len(self._buffers) >= MAX_BUFFERS:
                oldest = next(iter(self._buffers))
                self._buffers.pop(oldest)[0].close()
            buf = CaptureBuffer(self.showbase, self.root, key, name=f"snapshot-{key[0]}x{key[1]}")
            near = SOFTWARE_NEAR_MM if display_name() == "p3tinydisplay" else NEAR_MM
            self._buffers[key] = (buf, CameraRig(buf.camera, buf.aspect, near))
        for other, (buf, _) in self._buffers.items():
            buf.buffer.setActive(other == key)
        return self._buffers[key]

    def render(self, view: TableView, size: tuple[int, int] = (1280, 720), camera: str | CameraPose = "top",
               overlays: Collection[str] = DEFAULT_OVERLAYS) -> Frame:
        buf, rig = self.buffer(size)
        self.scene.update(view, overlays)
        rig.apply(preset(camera, view) if isinstance(camera, str) else camera)
        return buf.capture()


_shared: Renderer | None = None


def shared_renderer() -> Renderer:
    global _shared
    if _shared is None:
        _shared = Renderer()
    return _shared


def render_view(view: TableView, size: tuple[int, int] = (1280, 720), camera: str | CameraPose = "top",
                overlays: Collection[str] = DEFAULT_OVERLAYS) -> Frame:
    """Render ``view`` offscreen and return the image as an (H, W, 3) uint8 array.

    ``camera``: ``top``, ``table``, ``follow:SHIP`` or a CameraPose; ``overlays``: names from
    ``studio.overlays.OVERLAYS`` (the trails are the view's own).
    """
    return shared_renderer().render(view, size, camera, overlays)


def save_png(frame: np.ndarray, path: str | Path) -> Path:
    """Write an (H, W, 3) uint8 image as PNG with Panda3D's image writer (no PIL needed)."""
    arr = np.asarray(frame)
    if arr.dtype != np.uint8 or arr.ndim != 3 or arr.shape[2] != 3:
        raise ValueError(f"expected an (H, W, 3) uint8 image, got {arr.dtype} {arr.shape}")
    h, w = arr.shape[:2]
    image = PNMImage()
    ppm = b"P6\n%d %d\n255\n" % (w, h) + np.ascontiguousarray(arr).tobytes()
    if not image.read(StringStream(ppm), "frame.ppm"):
        raise ValueError("could not convert the frame")
    stream = StringStream()
    if not image.write(stream, "frame.png"):
        raise ValueError("could not encode the frame as PNG")
    # Panda3D's own file writer reports success on a full disk; ours checks every write and fsyncs.
    return write_atomic(path, bytes(stream.getData()))


def load_png(path: str | Path) -> Frame:
    """Read an image file as an (H, W, 3) uint8 array (for tests and tools)."""
    image = PNMImage()
    if not image.read(Filename.fromOsSpecific(str(path))):
        raise OSError(f"could not read {path}")
    if image.getMaxval() != 255 or image.getNumChannels() not in (3, 4):
        image.setMaxval(255)
        image.setNumChannels(3)
    if image.getNumChannels() == 4:
        image.removeAlpha()
    stream = StringStream()
    image.write(stream, "frame.ppm")
    data = stream.getData()
    w, h = image.getXSize(), image.getYSize()
    pixels = np.frombuffer(data[len(data) - w * h * 3:], dtype=np.uint8)
    return pixels.reshape(h, w, 3).copy()

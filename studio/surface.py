"""Where the viewer draws: the ShowBase's own window, or an offscreen buffer tests capture."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from panda3d.core import MouseWatcher, NodePath

from studio.offscreen import CaptureBuffer, Frame, display_name


@dataclass
class Surface:
    """Where a viewer draws: ``render`` (parent of the 3D scene), ``camera`` (a Camera NodePath
    whose lens the camera rig sets), ``overlay`` (an aspect2d-like 2D parent), the image's
    ``aspect`` and ``size``, the ``mouse`` watcher (``hasMouse``/``getMouse``/``isButtonDown``)
    and whether the scene is drawn by p3tinydisplay."""

    render: NodePath
    camera: NodePath
    overlay: NodePath
    aspect: float
    size: tuple[int, int]
    mouse: Any
    tinydisplay: bool = False
    window: bool = False


def window_surface(showbase: Any) -> Surface:
    """The ShowBase's own window: render, its camera, aspect2d and mouse watcher."""
    win = showbase.win
    size = (int(win.getXSize()), int(win.getYSize())) if win.hasSize() else (1280, 720)
    tiny = "tiny" in showbase.pipe.getType().getName().lower()
    mouse = showbase.mouseWatcherNode or MouseWatcher("viewer-no-mouse")
    return Surface(showbase.render, showbase.cam, showbase.aspect2d, float(showbase.getAspectRatio()), size,
                   mouse, tiny, window=True)


class OffscreenSurface:
    """An offscreen buffer of ``size`` with a 3D region and a 2D (aspect2d-like) region over it;
    :meth:`capture` renders a frame and returns it as an (H, W, 3) uint8 array."""

    def __init__(self, showbase: Any, size: tuple[int, int] = (1280, 720)) -> None:
        self.render = NodePath("viewer-render")
        self.buffer = CaptureBuffer(showbase, self.render, size, name=f"viewer-{size[0]}x{size[1]}")
        self.aspect2d = self.buffer.overlay2d
        self.mouse = MouseWatcher("viewer-offscreen-mouse")  # never has a mouse: tests click by calls
        self.surface = Surface(self.render, self.buffer.camera, self.aspect2d, self.buffer.aspect, self.buffer.size,
                               self.mouse, display_name() == "p3tinydisplay")

    def capture(self) -> Frame:
        return self.buffer.capture()

    def close(self) -> None:
        self.buffer.close()
        self.render.removeNode()

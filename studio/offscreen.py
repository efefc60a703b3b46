"""Offscreen rendering: a headless ShowBase for the process and capture buffers read into numpy.

Panda3D allows one ShowBase per process; :func:`offscreen_showbase` makes it (or returns the
one made before). The display pipe is ``p3headlessgl`` (OpenGL through EGL, llvmpipe on a
machine without a GPU) when it can open a buffer, else ``p3tinydisplay`` (software, no
shaders); the studio draws with the fixed-function pipeline so both give the same picture.

Set ``TREK_DISPLAY=p3tinydisplay`` to force the software renderer.

A :class:`CaptureBuffer` is an offscreen buffer of a given size with its own camera and a
render texture copied to RAM after every frame (``RTMCopyRam``), read as an (H, W, 3) array.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

import numpy as np
import numpy.typing as npt
from panda3d.core import (
    Camera,
    FrameBufferProperties,
    GraphicsEngine,
    GraphicsOutput,
    GraphicsPipe,
    GraphicsPipeSelection,
    Lens,
    NodePath,
    OrthographicLens,
    Texture,
    WindowProperties,
    loadPrcFileData,
)

Frame = npt.NDArray[np.uint8]

DISPLAYS: Final = ("p3headlessgl", "p3tinydisplay")
CLEAR_COLOUR: Final = (0.02, 0.025, 0.04, 1.0)

_QUIET = """
audio-library-name null
sync-video false
print-pipe-types false
notify-level-display error
notify-level-egldisplay fatal
notify-level-device fatal
notify-level-x11display fatal
"""

_showbase: Any = None
_display: str | None = None


class RenderError(RuntimeError):
    """Offscreen rendering is not possible here (no display pipe opens a buffer)."""


# two display modules built with X11 support both register its types, and Panda3D says so on
# stderr below its notify levels; the line means nothing to a user
_HARMLESS: Final = ("Attempt to register type x11",)


@contextmanager
def _quiet_module_loads() -> Iterator[None]:
    """Loading display modules with the C++ library's stderr caught: its lines are written back
    but for the harmless ones (``_HARMLESS``)."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # no real stderr (a captured test): nothing to filter
        yield
        return
    with tempfile.TemporaryFile(mode="w+b") as caught:
        sys.stderr.flush()
        saved = os.dup(fd)
        os.dup2(caught.fileno(), fd)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, fd)
            os.close(saved)
            caught.seek(0)
            for line in caught.read().decode("utf-8", "replace").splitlines(keepends=True):
                if not line.startswith(_HARMLESS):
                    sys.stderr.write(line)


def probe_display(candidates: tuple[str, ...] | None = None) -> str:
    """The first display module that opens an offscreen buffer (``TREK_DISPLAY`` forces one)."""
    if candidates is None:
        forced = os.environ.get("TREK_DISPLAY")
        candidates = (forced,) if forced else DISPLAYS
    loadPrcFileData("offscreen-quiet", _QUIET)
    selection = GraphicsPipeSelection.getGlobalPtr()
    engine = GraphicsEngine.getGlobalPtr()
    for name in candidates:
        with _quiet_module_loads():
            pipe = selection.makeModulePipe(name)
        if pipe is None:  # (a pipe without a screen reports itself invalid yet opens buffers)
            continue
        buf = engine.makeOutput(pipe, f"probe-{name}", 0, _fb_props(), WindowProperties.size(8, 8),
                                GraphicsPipe.BFRefuseWindow)
        if buf is None:
            continue
        engine.openWindows()
        ok = buf.isValid()
        engine.removeWindow(buf)
        if ok:
            return name
    raise RenderError(f"no display module could open an offscreen buffer (tried {', '.join(candidates)})")


def video_displays(size: tuple[int, int] = (1920, 1080)) -> tuple[str, ...]:
    """The display modules a video of ``size`` is drawn with, in order of preference:
    ``TREK_DISPLAY`` if set; for frames 1080 high and more p3tinydisplay (a 1080p frame of round 2
    for about 0.4x llvmpipe's CPU, on one thread, and llvmpipe's picture but for sub-pixel edges and
    the stars' sampling: README, Speed), then p3headlessgl; for smaller frames p3headlessgl first
    (p3tinydisplay drops thin strokes of the HUD's small text there: the "l" of "Galaxy" at 720p)."""
    forced = os.environ.get("TREK_DISPLAY")
    if forced:
        return (forced,)
    return ("p3tinydisplay", "p3headlessgl") if size[1] >= 1080 else DISPLAYS


def offscreen_showbase(displays: tuple[str, ...] | None = None) -> Any:
    """The process's ShowBase, opened offscreen on the first display that works.

    ``displays`` (default: ``TREK_DISPLAY`` if set, else p3headlessgl then p3tinydisplay)
    only matters on the first call; later calls return the same ShowBase.
    """
    global _showbase, _display
    if _showbase is not None:
        return _showbase
    _display = probe_display(displays)
    loadPrcFileData("offscreen", f"window-type offscreen\nload-display {_display}\nwin-size 16 16\n")
    from direct.showbase.ShowBase import ShowBase

    with _quiet_module_loads():
        _showbase = ShowBase(windowType="offscreen")
    _showbase.win.setClearColor(CLEAR_COLOUR)
    return _showbase


def display_name() -> str | None:
    """The display module the offscreen ShowBase uses (None before it is opened)."""
    return _display


def _fb_props() -> FrameBufferProperties:
    fb = FrameBufferProperties()
    fb.setRgbColor(True)
    fb.setRgbaBits(8, 8, 8, 8)
    fb.setDepthBits(24)
    return fb


class CaptureBuffer:
    """An offscreen buffer of ``size`` (W, H) rendering ``scene`` through its own camera.

    ``camera`` is a NodePath under ``scene`` for the caller to place (orthographic until a
    ``CameraRig`` sets its lens); :meth:`capture` renders one frame and returns it as an
    (H, W, 3) uint8 array, row 0 at the top of the image.
    """

    def __init__(self, showbase: Any, scene: NodePath, size: tuple[int, int], name: str = "capture") -> None:
        w, h = size
        if w < 1 or h < 1:
            raise RenderError(f"image size must be positive, got {w}x{h}")
        self.size = (int(w), int(h))
        self.engine: GraphicsEngine = showbase.graphicsEngine
        buf = self.engine.makeOutput(showbase.pipe, name, -10, _fb_props(), WindowProperties.size(w, h),
                                     GraphicsPipe.BFRefuseWindow, showbase.win.getGsg(), showbase.win)
        if buf is None:
            raise RenderError(f"could not open a {w}x{h} offscreen buffer")
        self.buffer: GraphicsOutput = buf
        self.texture = Texture(name)
        buf.addRenderTexture(self.texture, GraphicsOutput.RTMCopyRam)
        buf.setClearColor(CLEAR_COLOUR)
        self.lens: Lens = OrthographicLens()
        cam = Camera(f"{name}-camera", self.lens)
        self.camera = scene.attachNewNode(cam)
        self.region = buf.makeDisplayRegion()
        self.region.setCamera(self.camera)
        self._overlay2d: NodePath | None = None

    @property
    def overlay2d(self) -> NodePath:
        """A 2D layer drawn over the scene in the same frame (made on first use): a node shaped
        like Panda3D's ``aspect2d`` (x from -aspect to +aspect, z from -1 at the bottom to +1 at the
        top), without depth test or lighting. Its display region draws after the scene's."""
        if self._overlay2d is None:
            root = NodePath(f"{self.buffer.getName()}-render2d")
            root.setDepthTest(False)
            root.setDepthWrite(False)
            root.setLightOff(1)
            root.setTwoSided(True)
            lens = OrthographicLens()
            lens.setFilmSize(2.0, 2.0)
            lens.setNearFar(-1000.0, 1000.0)
            camera = root.attachNewNode(Camera(f"{self.buffer.getName()}-camera2d", lens))
            region = self.buffer.makeDisplayRegion()
            region.setSort(10)
            region.setClearDepthActive(False)
            region.setCamera(camera)
            self._overlay2d = root.attachNewNode("aspect2d")
            self._overlay2d.setScale(1.0 / self.aspect, 1.0, 1.0)
        return self._overlay2d

    @property
    def aspect(self) -> float:
        return self.size[0] / self.size[1]

    def capture(self) -> Frame:
        """Render one frame and read it back (:meth:`render` then :meth:`read`)."""
        self.render()
        return self.read()

    def render(self) -> None:
        """Render one frame into the buffer (and its RAM copy)."""
        self.buffer.setActive(True)
        self.engine.renderFrame()

    def read(self) -> Frame:
        """The last rendered frame as an (H, W, 3) uint8 RGB array, row 0 at the top.

        Panda3D keeps RAM images bottom row first in BGR(A) order; flipping and swizzling in
        numpy (about 1.5 ms at 1280x720) is cheaper than ``getRamImageAs("RGB")`` (about 4 ms).
        """
        raw = self._raw()
        frame = np.empty((raw.shape[0], raw.shape[1], 3), dtype=np.uint8)
        for c in range(3):  # per channel: several times faster than one strided copy of raw[..., 2::-1]
            frame[..., c] = raw[..., 2 - c]
        return frame

    def read_raw(self) -> tuple[Frame, str]:
        """The last rendered frame in the buffer's own channel order, row 0 at the top, and that
        order's FFmpeg pixel format name (``bgra`` or ``bgr24``): one flipped copy, no swizzle, for
        encoders that convert the colours themselves."""
        raw = self._raw()
        return np.ascontiguousarray(raw), "bgra" if raw.shape[2] == 4 else "bgr24"

    def _raw(self) -> Frame:
        w, h = self.size
        data = self.texture.getRamImage()
        if len(data) not in (w * h * 3, w * h * 4):  # not there yet on some drivers: one more frame
            self.engine.renderFrame()
            data = self.texture.getRamImage()
        if len(data) not in (w * h * 3, w * h * 4):
            raise RenderError(f"the {w}x{h} capture returned {len(data)} bytes")
        raw: Frame = np.frombuffer(memoryview(data), dtype=np.uint8).reshape(h, w, len(data) // (w * h))[::-1]
        return raw

    def close(self) -> None:
        self.engine.removeWindow(self.buffer)
        self.camera.removeNode()
        if self._overlay2d is not None:
            self._overlay2d.getParent().removeNode()
            self._overlay2d = None

"""A ruleset's teaching plate (the view's :class:`PlateView`, e.g. Into the Unknown's moves): its
table drawn by the studio's own :class:`Scene` from straight above (orthographic, north up), its
labels at their table points, the title and subtitle above and the footer below. Nothing of a
game is imported here: the plate comes worked out in the view records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from panda3d.core import NodePath

from engine.view import PlateView
from studio.camera import CameraPose, CameraRig
from studio.hud2d import Label
from studio.offscreen import CaptureBuffer, Frame, offscreen_showbase
from studio.scene import Scene

TITLE_PX: Final = 0.045  # of the image height
LABEL_PX: Final = 0.022
MARGINS: Final = (0.16, 0.02, 0.08, 0.02)  # top, right, bottom, left, of the image height
DARK: Final = ((0.05, 0.06, 0.09, 1.0), (0.95, 0.96, 1.0, 1.0))  # background, text
LIGHT: Final = ((1.0, 1.0, 1.0, 1.0), (0.05, 0.05, 0.08, 1.0))
LABEL_TEXT: Final = (0.95, 0.96, 1.0, 1.0)  # labels lie on the mat, dark in both styles


@dataclass(frozen=True)
class PlateFrame:
    """The image's mapping: ``mm_per_px`` and the table point at the image's centre (north up)."""

    size: tuple[int, int]
    centre: tuple[float, float]
    mm_per_px: float

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.size
        return w / 2 + (x - self.centre[0]) / self.mm_per_px, h / 2 - (y - self.centre[1]) / self.mm_per_px


def layout_of(plate: PlateView, size: tuple[int, int]) -> PlateFrame:
    """The table framed inside the margins (below the title, above the footer)."""
    w, h = size
    top, right, bottom, left = (m * h for m in MARGINS)
    aw, ah = plate.table.area_width, plate.table.area_height
    mm_per_px = max(aw / max(w - left - right, 1.0), ah / max(h - top - bottom, 1.0))
    cx = aw / 2 - (left + (w - left - right) / 2 - w / 2) * mm_per_px
    cy = ah / 2 + (top + (h - top - bottom) / 2 - h / 2) * mm_per_px
    return PlateFrame((int(w), int(h)), (cx, cy), mm_per_px)


def draw_plate_view(plate: PlateView, size: tuple[int, int] = (1920, 800), printable: bool = False) -> Frame:
    """The plate as an (H, W, 3) image (``printable``: its title and margins on white; the table
    keeps its mat)."""
    frame = layout_of(plate, size)
    background, ink = LIGHT if printable else DARK
    root = NodePath("plate")
    buffer = CaptureBuffer(offscreen_showbase(), root, frame.size, name=f"plate-{id(plate)}")
    try:
        buffer.buffer.setClearColor(background)
        cx, cy = frame.centre
        CameraRig(buffer.camera, buffer.aspect).apply(
            CameraPose((cx, cy, 3000.0), (cx, cy, 0.0), (0.0, 1.0, 0.0), ortho_height=frame.size[1] * frame.mm_per_px))
        Scene(root).update(plate.table, {"templates"})
        w, h = frame.size

        def text(line: str, px: float, py: float, height: float, colour: tuple[float, ...], shadow: bool) -> None:
            scale = height * 2 / h
            label = Label(buffer.overlay2d, "plate-text", scale, "center", colour, shadow=shadow)  # type: ignore[arg-type]
            label.set(line, pos=((px / w * 2 - 1) * (w / h), 1 - py / h * 2 - 0.35 * scale))

        text(plate.title, w / 2, TITLE_PX * h, TITLE_PX * h, ink, not printable)
        text(plate.subtitle, w / 2, 2.3 * TITLE_PX * h, 0.6 * TITLE_PX * h, ink, False)
        for label in plate.labels:
            px, py = frame.to_pixel(label.x, label.y)
            text(label.text, px, py, LABEL_PX * h * label.size, LABEL_TEXT, True)
        if plate.footer:
            text(plate.footer, w / 2, h - 0.04 * h, 0.55 * TITLE_PX * h, ink, False)
        return buffer.capture()
    finally:
        buffer.close()
        root.removeNode()

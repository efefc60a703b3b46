"""A ruleset's teaching plate (the view's :class:`PlateView`, e.g. Into the Unknown's moves): its
table drawn by the studio's own :class:`Scene` from straight above (orthographic, north up), its
labels at their table points, the title and subtitle above and the footer below."""

from __future__ import annotations

from typing import Final

from engine.teach import PlateLayout
from engine.view import PlateView
from studio.offscreen import Frame
from studio.scene import Scene
from studio.teach import Canvas, Style

TITLE_PX: Final = 0.045  # of the image height
LABEL_PX: Final = 0.022
MARGINS: Final = (0.16, 0.02, 0.08, 0.02)  # top, right, bottom, left, of the image height


def layout_of(plate: PlateView, size: tuple[int, int]) -> PlateLayout:
    """The table framed below the title and above the footer."""
    t = plate.table
    h = size[1]
    margins = tuple(int(m * h) for m in MARGINS)
    return PlateLayout.fit([(0.0, 0.0), (t.area_width, t.area_height)], size, margins, pad_mm=0.0)  # type: ignore[arg-type]


def draw_plate_view(plate: PlateView, size: tuple[int, int] = (1920, 800), printable: bool = False) -> Frame:
    """The plate as an (H, W, 3) image (``printable``: its text and margins on white; the table
    keeps its mat)."""
    layout = layout_of(plate, size)
    style = Style.of(printable)
    canvas = Canvas(layout, style.background)
    try:
        canvas.root.clearLight()  # the scene lights its ships itself
        scene = Scene(canvas.root.attachNewNode("scene"))
        scene.update(plate.table, {"templates"})
        w, h = size
        canvas.text(plate.title, w / 2, TITLE_PX * h, TITLE_PX * h, style.text, "center", shadow=True)
        canvas.text(plate.subtitle, w / 2, 2.3 * TITLE_PX * h, 0.6 * TITLE_PX * h, style.text, "center")
        for label in plate.labels:
            px, py = layout.to_pixel(label.x, label.y)
            canvas.text(label.text, px, py, LABEL_PX * h * label.size, (0.95, 0.96, 1.0, 1.0), "center", shadow=True)
        if plate.footer:
            canvas.text(plate.footer, w / 2, h - 0.04 * h, 0.55 * TITLE_PX * h, style.text, "center")
        return canvas.capture()
    finally:
        canvas.close()

"""The viewer's 2D layer: the HUD fitted above the scrub bar and left of the event log, the toast, the help.

:class:`ViewerPanels` builds every widget under one node of the surface's 2D parent (``overlay``) for an
image of ``aspect``, lays them out again when the window changes shape (the event log makes way in a
narrow window and comes back in a wide one), shows and hides the log, and says which part of the window
they leave clear (:meth:`clear_area`, where the top view puts the table; :meth:`follow_area`, where the
follow camera keeps its ship).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from panda3d.core import NodePath

from engine.timeline import Moment, Timeline
from studio.hud import Hud
from studio.shortcuts import help_rows
from studio.widgets import EventLog, HelpOverlay, ScrubBar, Toast
from studio.win_graph import WinCurve

MIN_HUD_ASPECT: Final = 1.3  # narrower than this, the event log covers the HUD instead of squeezing it
LOG_MIN_ASPECT: Final = 1.55  # the event log starts hidden in windows narrower than this (e on shows it)


class ViewerPanels:
    """The HUD, scrub bar, event log, toast and help under ``overlay``."""

    def __init__(self, overlay: NodePath, aspect: float, timeline: Timeline, *, title: str,
                 fleet_names: Sequence[str] = (), log: bool | None = None, curve: WinCurve | None = None) -> None:
        self.aspect = aspect
        self.ui = overlay.attachNewNode("viewer-ui")
        self.hud_frame = self.ui.attachNewNode("hud-frame")  # the HUD, fitted above the bar, left of the log
        self.hud = Hud(self.hud_frame, aspect)
        if len(fleet_names) == 2 and all(fleet_names):
            self.hud.set_fleet_names(list(fleet_names))
        self.scrub = ScrubBar(self.ui, aspect, timeline.duration, timeline.marks, curve)
        self._narrow = aspect < LOG_MIN_ASPECT
        self._log_wanted = True if log is None else log  # hidden in a narrow window unless asked for
        # (over the bar, a taller one when it draws an analysis's win probability)
        self.log = EventLog(self.ui, aspect, timeline.lines,
                            visible=self._log_wanted and (not self._narrow or log is not None),
                            bottom=max(EventLog.BOTTOM, -1.0 + self.scrub.HEIGHT + 0.02))
        self.toast = Toast(self.ui)
        self.help = HelpOverlay(self.ui, aspect, help_rows(), title=f"{title}: keyboard and mouse")
        self.layout()

    def update(self, moment: Moment, timeline: Timeline, *, captions: bool) -> None:
        """The HUD and the event log at ``moment``."""
        self.hud.update(moment, timeline, captions=captions)
        self.log.update(moment.index)

    def set_log(self, visible: bool) -> bool:
        """Show or hide the event log (the HUD makes room for it); returns whether it changed."""
        self._log_wanted = visible
        if visible == self.log.visible:
            return False
        if visible:
            self.log.show()
        else:
            self.log.hide()
        self.layout()
        return True

    def resize(self, aspect: float) -> None:
        """The image's shape changed: lay every widget out again."""
        self.aspect = aspect
        narrow = aspect < LOG_MIN_ASPECT
        self.scrub.layout(aspect)
        self.log.layout(aspect)
        self.help.layout(aspect)
        if narrow != self._narrow:  # the log makes way in a narrow window and comes back in a wide one
            self._narrow = narrow
            if self._log_wanted and narrow:
                self.log.hide()
            elif self._log_wanted:
                self.log.show()
        self.layout()

    def layout(self) -> None:
        """Fit the HUD into the part of the image the scrub bar and the event log leave (in a
        narrow window the log is drawn over the HUD's right column instead of squeezing it)."""
        a = self.aspect
        bottom, top = -1.0 + self.scrub.HEIGHT, 1.0
        left, right = -a, a
        if self.log.visible and (self.log.left - 0.01 - left) / (top - bottom) >= MIN_HUD_ASPECT:
            right = self.log.left - 0.01
        scale = (top - bottom) / 2
        self.hud_frame.setPos((left + right) / 2, 0, (bottom + top) / 2)
        self.hud_frame.setScale(scale)
        self.hud.set_aspect((right - left) / (top - bottom))

    def clear_area(self) -> tuple[float, float, float, float]:
        """The part of the window (left, right, bottom, top in -1..1) that the HUD's columns and top
        box, the event log and the scrub bar leave clear: where the top view puts the table. (The
        dice strip comes and goes, so the table may run under it.)"""
        a = self.aspect
        hl, hr, _, ht = self.hud.safe_area()
        k, cx, cz = float(self.hud_frame.getSz()), float(self.hud_frame.getX()), float(self.hud_frame.getZ())
        ha = self.hud.aspect
        right = (cx + k * hr * ha) / a
        if self.log.visible:
            right = min(right, (self.log.left - 0.02) / a)
        return ((cx + k * hl * ha) / a, right, -1.0 + self.scrub.HEIGHT + 0.02, cz + k * ht)

    def follow_area(self) -> tuple[float, float, float, float]:
        """Where the follow camera keeps its ship: the clear area, above the dice strip too."""
        left, right, _, top = self.clear_area()
        k, cz = float(self.hud_frame.getSz()), float(self.hud_frame.getZ())
        return left, right, cz + k * self.hud.safe_area()[2], top

    def notify(self, message: str, now: float) -> None:
        self.toast.show(message, now)

    def destroy(self) -> None:
        self.hud.destroy()
        for widget in (self.scrub, self.log, self.help, self.toast):
            widget.destroy()
        self.ui.removeNode()

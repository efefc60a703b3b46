"""The viewer's overlay keys: which overlays are on, the selected ship's dial fan-out, and captions.

:class:`OverlayKeys` keeps the set of overlays the scene draws (``on``), whether the dial fan-out and
the captions are shown, and the :class:`~studio.teach.DialFan` under the viewer's scene root; each
toggle says what it did in a toast (``notify``) and asks the viewer to draw again (``refresh``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from panda3d.core import NodePath

from engine.view import TableView
from studio.overlays import DEFAULT_OVERLAYS, OVERLAY_LABELS, OVERLAYS, validate_overlays
from studio.teach import DialFan


class OverlayKeys:
    """Overlays, dial fan-out and captions under ``root`` (the viewer's scene root)."""

    def __init__(self, root: NodePath, overlays: Collection[str] | None, *, notify: Callable[[str], None],
                 refresh: Callable[[], None]) -> None:
        self.on: set[str] = set(validate_overlays(DEFAULT_OVERLAYS if overlays is None else overlays))
        self.dial_fan = DialFan(root)
        self.dial_on = False
        self.captions = True
        self._notify, self._refresh = notify, refresh

    def toggle_overlay(self, name: str, view: TableView | None, focus: str | None) -> bool:
        """Turn overlay ``name`` on or off; ``view`` is on screen, ``focus`` the ship its range bands follow."""
        if name not in OVERLAYS:
            raise ValueError(f"unknown overlay {name!r}; known: {', '.join(OVERLAYS)}")
        on = name not in self.on
        if on:
            self.on.add(name)
        else:
            self.on.discard(name)
        label = OVERLAY_LABELS[name]
        if name in ("arcs", "ranges") and on and view is not None and not view.range_edges:
            label += " (this game has no range bands)"
        elif name == "ranges" and on and focus is None:
            label += " (select a ship)"
        self._notify(f"{label} {'on' if on else 'off'}")
        self._refresh()
        return on

    def toggle_dial(self, focus: str | None) -> bool:
        """Show every maneuver on the focused ship's dial (grey where it would be blocked)."""
        self.dial_on = not self.dial_on
        self._notify(f"dial fan-out {'on' if self.dial_on else 'off'}"
                     + (" (select a ship)" if self.dial_on and focus is None else ""))
        self._refresh()
        return self.dial_on

    def toggle_captions(self) -> None:
        self.captions = not self.captions
        self._notify("Captions " + ("on" if self.captions else "off"))
        self._refresh()

    def update(self, view: TableView, focus: str | None) -> None:
        """Draw the dial fan-out of ``focus`` on ``view`` (or clear it)."""
        self.dial_fan.update(view if self.dial_on else None, focus)

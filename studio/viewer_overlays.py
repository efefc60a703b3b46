"""The viewer's overlay keys: which overlays are on, the selected ship's dial fan-out, and captions.

:class:`OverlayKeys` keeps the set of overlays the scene draws (``on``), whether the dial fan-out and
the captions are shown, and the :class:`~studio.teach.DialFan` under the viewer's scene root; each
toggle says what it did in a toast (``notify``) and asks the viewer to draw again (``refresh``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from panda3d.core import NodePath

from engine.view import TableView
from engine.view_alliance import decision_of
from engine.view_attack_wing import attack_of
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
        why = nothing_to_draw(name, view, focus) if on else ""
        self._notify(f"{OVERLAY_LABELS[name]}{f' ({why})' if why else ''} {'on' if on else 'off'}")
        self._refresh()
        return on

    def toggle_dial(self, focus: str | None) -> bool:
        """Show every maneuver on the focused ship's dial (grey where it would be blocked)."""
        self.dial_on = not self.dial_on
        self._refresh()
        why = ""
        if self.dial_on and focus is None:
            why = " (select a ship)"
        elif self.dial_on and not self.dial_fan.ghosts:  # a ship of a game without a maneuver dial
            why = " (no maneuver dial for this ship)"
        self._notify(f"dial fan-out {'on' if self.dial_on else 'off'}{why}")
        return self.dial_on

    def toggle_captions(self) -> None:
        self.captions = not self.captions
        self._notify("Captions " + ("on" if self.captions else "off"))
        self._refresh()

    def update(self, view: TableView, focus: str | None) -> None:
        """Draw the dial fan-out of ``focus`` on ``view`` (or clear it)."""
        self.dial_fan.update(view if self.dial_on else None, focus)


def nothing_to_draw(name: str, view: TableView | None, focus: str | None) -> str:
    """Why overlay ``name`` draws nothing on ``view`` now ("" when it draws): the toast says so, so
    that a key which changes nothing on screen says why (a map game has no range bands...)."""
    if view is None:
        return ""
    if name in ("arcs", "ranges") and not view.range_edges:
        return "this game has no range bands"
    if name == "ranges":
        return "select a ship" if focus is None else ""
    if name == "arcs":
        printed = any(s.front_arc or s.rear_arc or s.has_360_arc for s in view.ships if not s.destroyed)
        return "" if printed else "no arcs printed on these bases"
    if name == "templates":
        return "" if view.templates else "none on the table now"
    if name == "attack":
        return "" if attack_of(view) is not None else "no attack line now"
    if name == "trails":
        return "" if any(len(t.points) >= 2 for t in view.trails) else "no trails now"
    if name == "sectors":
        return "" if decision_of(view) is not None else "no Enemy AI decision now"
    if name == "names":
        return "" if any(not s.destroyed for s in view.ships) else "no ships on the table"
    return ""

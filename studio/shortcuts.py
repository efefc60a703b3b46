"""The viewer's keyboard and mouse shortcuts: one table read by both the key bindings and the help.

Each :class:`Shortcut` names the keys as the help shows them, what they do, the Panda3D events
that trigger them and the :class:`~studio.viewer.Viewer` method (with arguments) they call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final


@dataclass(frozen=True, slots=True)
class Shortcut:
    """One line of the help: the keys as shown, what they do, the Panda3D events, and the
    Viewer method (with arguments) they call."""

    section: str
    keys: str
    what: str
    events: tuple[str, ...]
    action: str
    args: tuple[Any, ...] = ()


def _repeat(*events: str) -> tuple[str, ...]:
    """The events and their key-repeat twins."""
    return tuple(e for ev in events for e in (ev, f"{ev}-repeat"))


SHORTCUTS: Final[tuple[Shortcut, ...]] = (
    Shortcut("Playback", "space", "play / pause", ("space",), "toggle_play"),
    Shortcut("Playback", "left / right", "previous / next event", _repeat("arrow_left"), "step", (-1, "event")),
    Shortcut("Playback", "", "", _repeat("arrow_right"), "step", (1, "event")),
    Shortcut("Playback", "shift + left / right", "previous / next phase", _repeat("shift-arrow_left"), "step",
             (-1, "phase")),
    Shortcut("Playback", "", "", _repeat("shift-arrow_right"), "step", (1, "phase")),
    Shortcut("Playback", "ctrl + left / right", "previous / next round",
             _repeat("control-arrow_left", "page_up"), "step", (-1, "round")),
    Shortcut("Playback", "page up / page down", "previous / next round",
             _repeat("control-arrow_right", "page_down"), "step", (1, "round")),
    Shortcut("Playback", "home / end", "first / last event", ("home",), "home"),
    Shortcut("Playback", "", "", ("end",), "end"),
    Shortcut("Playback", "[ or -  /  ] or +", "slower / faster (0.25x to 8x)", _repeat("[", "-"), "slower"),
    Shortcut("Playback", "", "", _repeat("]", "=", "+", "shift-="), "faster"),
    Shortcut("Playback", "click or drag the bar", "jump anywhere", (), ""),
    Shortcut("Camera", "1", "top-down (north up)", ("1",), "set_camera", ("top",)),
    Shortcut("Camera", "2", "table side", ("2",), "set_camera", ("table",)),
    Shortcut("Camera", "3", "follow the selected ship", ("3",), "set_camera", ("follow",)),
    Shortcut("Camera", "left drag", "orbit", (), ""),
    Shortcut("Camera", "right / middle drag", "pan", (), ""),
    Shortcut("Camera", "wheel", "zoom (scrolls the log over it)", (), ""),
    Shortcut("Camera", "click a ship", "select it", (), ""),
    Shortcut("Camera", "click another ship", "ruler from the last one: range, arc", (), ""),
    Shortcut("Camera", "escape", "deselect / close help", ("escape",), "escape"),
    Shortcut("Overlays", "a", "the selected ship's firing arcs (to range 3)", ("a",), "toggle_overlay", ("arcs",)),
    Shortcut("Overlays", "r", "range bands of the selected ship", ("r",), "toggle_overlay", ("ranges",)),
    Shortcut("Overlays", "t", "maneuver templates", ("t",), "toggle_overlay", ("templates",)),
    Shortcut("Overlays", "k", "attack range line", ("k",), "toggle_overlay", ("attack",)),
    Shortcut("Overlays", "l", "movement trails", ("l",), "toggle_overlay", ("trails",)),
    Shortcut("Overlays", "g", "4-inch grid", ("g",), "toggle_overlay", ("grid",)),
    Shortcut("Overlays", "n", "ships' name tags", ("n",), "toggle_overlay", ("names",)),
    Shortcut("Overlays", "d", "dial fan-out of the selected ship", ("d",), "toggle_dial"),
    Shortcut("Panels", "e", "event log (click a line to jump)", ("e",), "toggle_log"),
    Shortcut("Panels", "c", "captions", ("c",), "toggle_captions"),
    Shortcut("Panels", "h or ?", "this help", ("h", "?", "shift-/"), "toggle_help"),
    Shortcut("Panels", "x", "export this attack as an MP4 clip", ("x",), "export_attack"),
    Shortcut("Panels", "q", "quit", ("q",), "quit"),
)


def help_rows(shortcuts: Sequence[Shortcut] = SHORTCUTS) -> list[tuple[str, str, str]]:
    """(section, keys, what) for the help overlay: one line per documented shortcut."""
    return [(s.section, s.keys, s.what) for s in shortcuts if s.keys]

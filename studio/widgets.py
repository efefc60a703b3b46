"""The viewer's 2D widgets: scrub bar, event log panel, help overlay and a toast line.

Each widget builds plain Panda3D nodes (cards and TextNodes) under a parent shaped like
``aspect2d`` (x from -aspect to +aspect, z from -1 at the bottom to +1 at the top) and does its
own hit testing in those coordinates (``contains``, ``fraction_at``, ``line_at``), so the viewer
routes mouse clicks itself and tests can click without a mouse or DirectGUI's globals.
Everything sits in the ``unsorted`` bin: drawn in scene-graph order, over the 3D view and the HUD.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from panda3d.core import (
    CardMaker,
    NodePath,
    TextFont,
    TextNode,
    TextProperties,
    TextPropertiesManager,
    TransparencyAttrib,
)

from studio.hud2d import crisp_font, hud_font
from studio.win_graph import HEIGHT as GRAPH_HEIGHT
from studio.win_graph import WinCurve, draw_curve

RGBA = tuple[float, float, float, float]

PANEL: Final[RGBA] = (0.02, 0.03, 0.06, 0.8)
PANEL_EDGE: Final[RGBA] = (0.45, 0.6, 0.9, 0.55)
TEXT: Final[RGBA] = (0.9, 0.93, 0.98, 1.0)
DIM: Final[RGBA] = (0.6, 0.66, 0.76, 1.0)
ACCENT: Final[RGBA] = (1.0, 0.82, 0.3, 1.0)
HIGHLIGHT: Final[RGBA] = (0.3, 0.5, 0.95, 0.45)
PHASE_COLOURS: Final[dict[str, RGBA]] = {
    "setup": (0.5, 0.5, 0.55, 1.0), "planning": (0.35, 0.55, 1.0, 1.0), "activation": (0.35, 0.85, 0.45, 1.0),
    "combat": (1.0, 0.38, 0.3, 1.0), "end": (0.6, 0.6, 0.68, 1.0),
}
OTHER_PHASE: Final[RGBA] = (0.5, 0.5, 0.55, 1.0)


def card(parent: NodePath, left: float, right: float, bottom: float, top: float, colour: RGBA,
         name: str = "card") -> NodePath:
    """A flat rectangle in the x-z plane of a 2D parent."""
    cm = CardMaker(name)
    cm.setFrame(left, right, bottom, top)
    node = parent.attachNewNode(cm.generate())
    node.setColor(*colour)
    if colour[3] < 1.0:
        node.setTransparency(TransparencyAttrib.MAlpha)
    return node


def text(parent: NodePath, value: str, x: float, z: float, scale: float, colour: RGBA = TEXT,
         align: int = TextNode.ALeft, name: str = "text", shadow: bool = True) -> tuple[NodePath, TextNode]:
    node = TextNode(name)
    node.setFont(hud_font())  # mipmapped: small widget text keeps its thin strokes
    node.setText(value)
    node.setAlign(align)
    node.setTextColor(*colour)
    if shadow:
        node.setShadow(0.06, 0.06)
        node.setShadowColor(0.0, 0.0, 0.0, 0.85)
    path = parent.attachNewNode(node)
    path.setPos(x, 0, z)
    path.setScale(scale)
    return path, node


def fit(node: TextNode, value: str, width: float) -> str:
    """``value`` cut (with an ellipsis) to fit ``width`` text units of ``node``'s font."""
    if node.calcWidth(value) <= width:
        return value
    lo, hi = 0, len(value)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if node.calcWidth(value[:mid].rstrip() + "…") <= width:
            lo = mid
        else:
            hi = mid - 1
    return value[:lo].rstrip() + "…"


def clock(seconds: float) -> str:
    s = max(int(seconds), 0)
    return f"{s // 60}:{s % 60:02d}"


_PAST, _CURRENT, _FUTURE = "trek-log-past", "trek-log-current", "trek-log-future"
_FONTS: dict[float, TextFont] = {}


def _styles() -> None:
    """The event log's line colours as named text properties (``\\1name\\1 ... \\2`` in a TextNode)."""
    manager = TextPropertiesManager.getGlobalPtr()
    for name, colour in ((_PAST, TEXT), (_CURRENT, ACCENT), (_FUTURE, DIM)):
        props = TextProperties()
        props.setTextColor(*colour)
        manager.setProperties(name, props)


_styles()


def _log_font(line_height: float) -> TextFont:
    """Panda3D's default font with the given line height (text units), rasterised a little finer."""
    if line_height not in _FONTS:
        font = crisp_font(48)
        font.setLineHeight(line_height)
        _FONTS[line_height] = font
    return _FONTS[line_height]


def _root(parent: NodePath, name: str) -> NodePath:
    root = parent.attachNewNode(name)
    root.setBin("unsorted", 0)
    root.setDepthTest(False)
    root.setDepthWrite(False)
    root.setLightOff(1)
    return root


# --- scrub bar ------------------------------------------------------------------------------------

class _Shown:
    """Show, hide and toggle a widget's root node."""

    root: NodePath

    @property
    def visible(self) -> bool:
        return not self.root.isHidden()

    def show(self) -> None:
        self.root.show()

    def hide(self) -> None:
        self.root.hide()

    def toggle(self) -> bool:
        if self.visible:
            self.hide()
        else:
            self.show()
        return self.visible


@dataclass(frozen=True, slots=True)
class Mark:
    time: float
    round: int
    phase: str
    round_start: bool


def round_marks(marks: Sequence[tuple[float, int, str]]) -> list[Mark]:
    """The Timeline's marks, each flagged where a new round begins."""
    out: list[Mark] = []
    last_round: int | None = None
    for t, rnd, phase in marks:
        out.append(Mark(float(t), int(rnd), str(phase), rnd != last_round))
        last_round = rnd
    return out


class ScrubBar:
    """A bar along the bottom: status text, the timeline's phases as coloured segments, round
    ticks with labels, the part played, and a handle at the current time. Click or drag on it
    to jump (:meth:`fraction_at` turns an x into a fraction of the duration)."""

    BAR_HEIGHT: Final = 0.15
    GRAPH_ROOM: Final = 0.16  # over the track, when an analysis's win probability is drawn there
    MARGIN: Final = 0.06

    def __init__(self, parent: NodePath, aspect: float, duration: float,
                 marks: Sequence[tuple[float, int, str]], curve: WinCurve | None = None) -> None:
        self.root = _root(parent, "scrub-bar")
        self.duration = max(float(duration), 0.0)
        self.marks = round_marks(marks)
        self.curve = curve  # a `trek analyze` sidecar's win probability, drawn over the track
        self.aspect = aspect
        self.fraction = 0.0
        self._label = ""
        self.layout(aspect)

    # geometry (aspect2d units)
    @property
    def HEIGHT(self) -> float:
        return self.BAR_HEIGHT + (self.GRAPH_ROOM if self.curve is not None else 0.0)

    @property
    def graph_bottom(self) -> float:
        return self.TRACK_Z + self.TRACK_H / 2 + 0.05

    @property
    def left(self) -> float:
        return -self.aspect + self.MARGIN

    @property
    def right(self) -> float:
        return self.aspect - self.MARGIN

    TRACK_Z: Final = -0.955
    TRACK_H: Final = 0.018

    def layout(self, aspect: float) -> None:
        """Build the bar for an image of this aspect (again after a resize)."""
        self.aspect = aspect
        for child in self.root.getChildren():
            child.removeNode()
        a, left, right, z, h = aspect, self.left, self.right, self.TRACK_Z, self.TRACK_H
        card(self.root, -a, a, -1.0, -1.0 + self.HEIGHT, PANEL, "panel")
        card(self.root, -a, a, -1.0 + self.HEIGHT - 0.004, -1.0 + self.HEIGHT, PANEL_EDGE, "edge")
        track = self.root.attachNewNode("track")
        card(track, left, right, z - h / 2, z + h / 2, (0.16, 0.18, 0.24, 1.0), "track-bg")
        span = right - left
        # phase segments, faint; a thin strip in the phase's colour under the track
        for k, m in enumerate(self.marks):
            end = self.marks[k + 1].time if k + 1 < len(self.marks) else self.duration
            x0, x1 = left + span * self._frac(m.time), left + span * self._frac(end)
            if x1 - x0 > 1e-4:
                colour = PHASE_COLOURS.get(m.phase, OTHER_PHASE)
                card(track, x0, x1, z - h / 2, z + h / 2, (*colour[:3], 0.35), "phase")
        track.flattenStrong()
        self.played = card(self.root, 0.0, 1.0, z - h / 2 + 0.003, z + h / 2 - 0.003, (0.95, 0.97, 1.0, 0.55),
                           "played")  # from the left end, scaled to the part played
        self.played.setX(left)
        ticks = self.root.attachNewNode("ticks")
        labels = self.root.attachNewNode("round-labels")
        rounds = [m for m in self.marks if m.round_start and m.round > 0]
        min_gap = 0.075  # skip labels that would overlap
        last_label = -1e9
        for m in self.marks:
            x = left + span * self._frac(m.time)
            if m.round_start:
                card(ticks, x - 0.0025, x + 0.0025, z - h / 2 - 0.012, z + h / 2 + 0.012, (0.92, 0.95, 1.0, 0.9))
                if m.round > 0 and x - last_label >= min_gap * (2 if len(rounds) > 30 else 1):
                    text(labels, f"R{m.round}", x, z + h / 2 + 0.016, 0.032, DIM, TextNode.ACenter, shadow=False)
                    last_label = x
            else:
                colour = PHASE_COLOURS.get(m.phase, OTHER_PHASE)
                card(ticks, x - 0.0015, x + 0.0015, z - h / 2 - 0.004, z + h / 2 + 0.004, colour)
        ticks.flattenStrong()
        if self.curve is not None:
            draw_curve(self.root, self.curve, left, right, self.graph_bottom, self.duration)
            text(self.root, f"{self.curve.side} wins (50% line)", left, self.graph_bottom + GRAPH_HEIGHT + 0.008,
                 0.028, DIM, shadow=False, name="graph-label")
        self.handle = self.root.attachNewNode("handle")
        card(self.handle, -0.006, 0.006, z - h / 2 - 0.022, z + h / 2 + 0.022, ACCENT, "handle-bar")
        self.status, self.status_text = text(self.root, self._label, left, -1.0 + self.HEIGHT - 0.05, 0.038,
                                             TEXT, name="status")
        previous, self.fraction = self.fraction, -1.0
        self.update(previous, self._label)

    def _frac(self, time: float) -> float:
        return min(max(time / self.duration, 0.0), 1.0) if self.duration > 0 else 0.0

    def update(self, fraction: float, label: str) -> None:
        f = min(max(fraction, 0.0), 1.0)
        if f != self.fraction:
            self.fraction = f
            self.handle.setX(self.x_of(f))
            self.played.setSx(max((self.right - self.left) * f, 1e-5))
        if label != self._label:
            self._label = label
            self.status_text.setText(label)

    def contains(self, x: float, z: float) -> bool:
        return -self.aspect <= x <= self.aspect and -1.0 <= z <= -1.0 + self.HEIGHT

    def on_track(self, x: float, z: float) -> bool:
        """Whether (x, z) is on the clickable track (the lower part of the bar), or on the win
        probability's graph over it (a click there jumps to that time too)."""
        top = self.graph_bottom + GRAPH_HEIGHT if self.curve is not None else self.TRACK_Z + 0.05
        return self.contains(x, z) and z <= top and self.left - 0.03 <= x <= self.right + 0.03

    def fraction_at(self, x: float) -> float:
        return min(max((x - self.left) / (self.right - self.left), 0.0), 1.0)

    def x_of(self, fraction: float) -> float:
        return self.left + (self.right - self.left) * min(max(fraction, 0.0), 1.0)

    def destroy(self) -> None:
        self.root.removeNode()


# --- event log --------------------------------------------------------------------------------

class EventLog(_Shown):
    """The events as readable lines in a panel on the right, the current one highlighted and
    kept in view; the wheel scrolls it (:meth:`scroll`) and a click on a line gives its event
    (:meth:`line_at`)."""

    LINE: Final = 0.046
    SCALE: Final = 0.033
    WIDTH: Final = 0.98
    NUMBER_W: Final = 0.085  # the right-aligned event number column
    TOP: Final = 0.97
    BOTTOM: Final = -0.83  # over the scrub bar (``bottom``: higher, over a taller bar)

    def __init__(self, parent: NodePath, aspect: float, lines: Sequence[str], visible: bool = True,
                 bottom: float | None = None) -> None:
        self.root = _root(parent, "event-log")
        self.bottom = self.BOTTOM if bottom is None else bottom
        self.lines = list(lines)
        self.aspect = aspect
        self.first = 0  # the first line shown
        self.current = -1
        self.follow = True  # keep the current line in view (off after a manual scroll)
        self._fitted: dict[int, str] = {}
        self.layout(aspect)
        if not visible:
            self.hide()

    @property
    def left(self) -> float:
        return self.aspect - 0.03 - self.WIDTH

    @property
    def right(self) -> float:
        return self.aspect - 0.03

    @property
    def rows(self) -> int:
        return max(int((self.TOP - self.bottom - 0.07) / self.LINE), 1)

    def _row_top(self, row: int) -> float:
        return self.TOP - 0.065 - row * self.LINE

    def layout(self, aspect: float) -> None:
        self.aspect = aspect
        for child in self.root.getChildren():
            child.removeNode()
        self._fitted.clear()
        left, right = self.left, self.right
        card(self.root, left, right, self.bottom, self.TOP, PANEL, "panel")
        card(self.root, left, right, self.TOP - 0.004, self.TOP, PANEL_EDGE, "edge")
        text(self.root, "Event log", left + 0.02, self.TOP - 0.045, 0.036, ACCENT, name="title")
        self.hint, self.hint_text = text(self.root, "", right - 0.02, self.TOP - 0.045, 0.028, DIM,
                                         TextNode.ARight, name="hint")
        self.highlight = card(self.root, left + 0.006, right - 0.006, -self.LINE + 0.008, 0.0, HIGHLIGHT, "current")
        self.highlight.hide()
        # all the rows in two TextNodes (numbers, lines): one Geom each instead of two per row
        z = self._row_top(0) - self.LINE + 0.02
        self.numbers_path, self.numbers = text(self.root, "", left + 0.02 + self.NUMBER_W, z, self.SCALE, DIM,
                                               TextNode.ARight, name="numbers", shadow=False)
        self.text_path, self.text = text(self.root, "", left + 0.04 + self.NUMBER_W, z, self.SCALE, TEXT,
                                         name="lines", shadow=False)
        for node in (self.numbers, self.text):
            node.setFont(_log_font(self.LINE / self.SCALE))
        self._shown: tuple[int, int] | None = None
        self._draw()

    def _text_of(self, index: int) -> str:
        if index not in self._fitted:
            width = (self.WIDTH - 0.06 - self.NUMBER_W) / self.SCALE
            self._fitted[index] = fit(self.text, self.lines[index], width).replace("\1", "").replace("\2", "")
        return self._fitted[index]

    def _draw(self) -> None:
        key = (self.first, self.current)
        if key == self._shown:
            return
        self._shown = key
        shown = range(self.first, min(self.first + self.rows, len(self.lines)))
        lines, numbers = [], []
        for i in shown:  # past events bright, the current one in the accent colour, future ones dim
            style = _PAST if i < self.current else (_CURRENT if i == self.current else _FUTURE)
            lines.append(f"\1{style}\1{self._text_of(i)}\2")
            numbers.append(f"\1{_CURRENT if i == self.current else _FUTURE}\1{i}\2")
        self.text.setText("\n".join(lines))
        self.numbers.setText("\n".join(numbers))
        row = self.current - self.first
        if 0 <= row < self.rows and self.current >= 0:
            self.highlight.setZ(self._row_top(row) + 0.004)
            self.highlight.show()
        else:
            self.highlight.hide()
        total = len(self.lines)
        last = min(self.first + self.rows, total)
        self.hint_text.setText(f"events {self.first}-{last - 1} of {total}" if total else "no events")

    def update(self, current: int) -> None:
        """Highlight event ``current`` (and scroll to it unless the user scrolled away)."""
        self.current = current
        if self.follow and current >= 0 and not self.first <= current < self.first + self.rows:
            self.first = self._clamp(current - self.rows // 3)
        self._draw()

    def _clamp(self, first: int) -> int:
        return min(max(first, 0), max(len(self.lines) - self.rows, 0))

    def scroll(self, lines: int) -> None:
        """Scroll by ``lines`` (positive: later events); stops following the current event."""
        self.first = self._clamp(self.first + lines)
        self.follow = False
        self._draw()

    def recentre(self) -> None:
        """Follow the current event again."""
        self.follow = True
        if self.current >= 0:
            self.first = self._clamp(self.current - self.rows // 3)
        self._draw()

    def contains(self, x: float, z: float) -> bool:
        return self.visible and self.left <= x <= self.right and self.bottom <= z <= self.TOP

    def line_at(self, x: float, z: float) -> int | None:
        """The event index of the line at (x, z), or None."""
        if not self.contains(x, z):
            return None
        row = math.floor((self._row_top(0) - z) / self.LINE)
        if 0 <= row < self.rows and self.first + row < len(self.lines):
            return self.first + row
        return None

    def z_of(self, index: int) -> float | None:
        """The middle of the line showing event ``index`` (None when it is scrolled out)."""
        row = index - self.first
        if not 0 <= row < self.rows or index >= len(self.lines):
            return None
        return self._row_top(row) - self.LINE / 2

    def destroy(self) -> None:
        self.root.removeNode()


# --- help ----------------------------------------------------------------------------------------

class HelpOverlay(_Shown):
    """Every shortcut, in sections, on a panel in the middle of the screen."""

    def __init__(self, parent: NodePath, aspect: float, rows: Sequence[tuple[str, str, str]],
                 title: str = "Keyboard and mouse") -> None:
        self.root = _root(parent, "help")
        self.rows = list(rows)  # (section, keys, what it does)
        self.title = title
        self.layout(aspect)
        self.hide()

    @property
    def text(self) -> str:
        """The help as plain text (what the panel shows)."""
        out, section = [self.title], None
        for sec, keys, what in self.rows:
            if sec != section:
                out.append(f"\n{sec}")
                section = sec
            out.append(f"  {keys:<22} {what}")
        return "\n".join(out)

    def layout(self, aspect: float) -> None:
        for child in self.root.getChildren():
            child.removeNode()
        sections: list[tuple[str, list[tuple[str, str]]]] = []
        for sec, keys, what in self.rows:
            if not sections or sections[-1][0] != sec:
                sections.append((sec, []))
            sections[-1][1].append((keys, what))
        # two columns, sections kept whole, balanced by line count
        weights = [len(items) + 1.6 for _, items in sections]
        half, acc, split = sum(weights) / 2, 0.0, len(sections)
        for k, w in enumerate(weights):
            if acc + w / 2 > half:
                split = k
                break
            acc += w
        columns = [sections[:split], sections[split:]]
        line, scale = 0.05, 0.036
        rows = max(sum(len(items) + 1.6 for _, items in col) for col in columns)
        height = min(rows * line + 0.26, 1.9)
        width = min(2 * aspect - 0.1, 2.3)
        top = height / 2 + 0.05
        left, right, bottom = -width / 2, width / 2, top - height
        edge = (0.45, 0.6, 0.9, 0.8)
        card(self.root, left, right, bottom, top, (0.012, 0.018, 0.04, 0.95), "panel")
        for x0, x1, z0, z1 in ((left, right, top - 0.006, top), (left, right, bottom, bottom + 0.003),
                               (left, left + 0.003, bottom, top), (right - 0.003, right, bottom, top)):
            card(self.root, x0, x1, z0, z1, ACCENT if z0 == top - 0.006 else edge, "edge")
        text(self.root, self.title, 0.0, top - 0.075, 0.05, ACCENT, TextNode.ACenter, name="title")
        text(self.root, "h, ? or escape closes this", 0.0, bottom + 0.035, 0.03, DIM, TextNode.ACenter,
             name="hint")
        col_w = width / 2
        for c, col in enumerate(columns):
            x0 = left + 0.06 + c * col_w
            z = top - 0.15
            for sec, items in col:
                z -= 0.3 * line
                text(self.root, sec, x0, z, 0.038, ACCENT, name="section")
                z -= line * 1.2
                for keys, what in items:
                    text(self.root, keys, x0 + 0.02, z, scale, (0.75, 0.85, 1.0, 1.0), name="keys")
                    text(self.root, what, x0 + 0.42, z, scale, TEXT, name="what")
                    z -= line
                z -= 0.1 * line

    def destroy(self) -> None:
        self.root.removeNode()


# --- toast -----------------------------------------------------------------------------------------

class Toast:
    """A short message near the top that fades out (``show`` then ``update`` with a clock)."""

    SECONDS: Final = 1.6

    def __init__(self, parent: NodePath, z: float = 0.62) -> None:
        self.root = _root(parent, "toast")
        self.path, self.node = text(self.root, "", 0.0, z, 0.05, TEXT, TextNode.ACenter, name="toast")
        self.node.setCardColor(0.02, 0.03, 0.06, 0.75)
        self.node.setCardAsMargin(0.6, 0.6, 0.3, 0.35)
        self.node.setCardDecal(True)
        self.root.setTransparency(TransparencyAttrib.MAlpha)
        self.message = ""
        self._since = -1e9
        self.root.hide()

    def show(self, message: str, now: float) -> None:
        self.message = message
        self._since = now
        self.node.setText(message)
        self.root.setAlphaScale(1.0)
        self.root.show()

    def update(self, now: float) -> None:
        age = now - self._since
        if age >= self.SECONDS:
            self.root.hide()
        elif age > self.SECONDS * 0.6:
            self.root.setAlphaScale(1.0 - (age - self.SECONDS * 0.6) / (self.SECONDS * 0.4))

    @property
    def visible(self) -> bool:
        return not self.root.isHidden()

    def destroy(self) -> None:
        self.root.removeNode()

"""An analysis's win probability along the viewer's timeline (issue 33): the first side's chance of
winning, point by point, drawn over the scrub bar; the turning points marked; a click on it jumps
there as a click on the track does.

The curve comes from a `trek analyze` sidecar (``GAME.analysis.json``, beside the replay or given
with ``trek view --analysis``): the studio draws what the file says and runs no rollout itself.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from panda3d.core import LineSegs, NodePath

from engine.analysis.sidecar import Analysis, read
from engine.errors import TrekError
from engine.io.reading import one_line
from engine.timeline import Timeline
from studio import palette

HEIGHT: Final = 0.11  # in aspect2d units, over the scrub bar's track


@dataclass(frozen=True)
class WinCurve:
    """What the graph draws: (playback time, the first side's win probability) in order, the
    turning points' times, and the side's name."""

    side: str
    points: tuple[tuple[float, float], ...]
    turning: tuple[float, ...]
    said: tuple[tuple[float, str], ...] = ()  # each turning point's time and what a caption says of it


def curve_of(analysis: Analysis, timeline: Timeline) -> WinCurve:
    """The first side's curve: each point's probability at the end of its event (the state it
    was rolled out from), each turning point at the start of the event that moved it."""
    side = analysis.sides[0]
    points = tuple((timeline.start_of(p.event + 1), p.win[side]) for p in analysis.points if side in p.win)
    turning = tuple(timeline.start_of(t.event) for t in analysis.turning_points)
    said = tuple((timeline.start_of(t.event),
                  f"Turning point: {t.side} {t.before:.0%} to {t.after:.0%}: {t.why}"[:200])
                 for t in analysis.turning_points)
    return WinCurve(side, points, turning, said)


def find_analysis(replay: Path) -> Path | None:
    """``GAME.analysis.json`` beside ``GAME.trek``, if there is one."""
    beside = replay.with_name(replay.stem + ".analysis.json")
    return beside if beside.is_file() else None


def load_curve(path: Path, replay: Path, timeline: Timeline) -> WinCurve:
    """The curve of the analysis file at ``path`` (validated) of the replay file ``replay``;
    TrekError when it is an analysis of another file (its SHA-256 differs)."""
    analysis = read(path)
    digest = hashlib.sha256(replay.read_bytes()).hexdigest()
    if analysis.replay.sha256 != digest:
        raise TrekError(f"{path}: an analysis of another replay than {replay.name} (its SHA-256 differs); "
                        f"run `trek analyze {replay.name}` again")
    return curve_of(analysis, timeline)


def curve_beside(replay: Path, timeline: Timeline) -> WinCurve | None:
    """The curve of ``GAME.analysis.json`` beside ``replay``, if there is one and it is of this very
    file; a stale or broken one is passed over with a line on stderr (nobody asked for it by name)."""
    found = find_analysis(replay)
    if found is None:
        return None
    try:
        return load_curve(found, replay, timeline)
    except TrekError as exc:
        print(f"note: {found.name} is not used: {one_line(str(exc))}", file=sys.stderr)
        return None


def draw_curve(parent: NodePath, curve: WinCurve, left: float, right: float, bottom: float, duration: float,
               height: float = HEIGHT) -> NodePath:
    """The graph under ``parent``: a faint 50% line, the curve in the first side's colour, a tick
    at each turning point; x from ``left`` (time 0) to ``right`` (``duration``)."""
    root = parent.attachNewNode("win-graph")
    span = right - left

    def x_of(t: float) -> float:
        return left + span * (min(max(t / duration, 0.0), 1.0) if duration > 0 else 0.0)

    def z_of(p: float) -> float:
        return bottom + height * min(max(p, 0.0), 1.0)

    mid = LineSegs("half")
    mid.setThickness(1.0)
    mid.setColor(0.55, 0.6, 0.7, 0.5)
    mid.moveTo(left, 0, z_of(0.5))
    mid.drawTo(right, 0, z_of(0.5))
    root.attachNewNode(mid.create())
    if curve.points:
        line = LineSegs("curve")
        line.setThickness(2.0)
        colour = palette.player_colour(0)
        line.setColor(colour[0], colour[1], colour[2], 1.0)
        line.moveTo(x_of(curve.points[0][0]), 0, z_of(curve.points[0][1]))
        for t, p in curve.points[1:]:
            line.drawTo(x_of(t), 0, z_of(p))
        root.attachNewNode(line.create())
    if curve.turning:
        marks = LineSegs("turning")
        marks.setThickness(2.0)
        marks.setColor(1.0, 0.85, 0.3, 1.0)
        for t in curve.turning:
            marks.moveTo(x_of(t), 0, bottom)
            marks.drawTo(x_of(t), 0, bottom + height)
        root.attachNewNode(marks.create())
    return root


def graph_points(curve: WinCurve, left: float, right: float, bottom: float, duration: float,
                 height: float = HEIGHT) -> Sequence[tuple[float, float]]:
    """Where each point of the curve is drawn (x, z): what the tests check the pixels against."""
    span = right - left
    return [(left + span * min(max(t / duration, 0.0), 1.0), bottom + height * min(max(p, 0.0), 1.0))
            for t, p in curve.points]



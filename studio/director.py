"""The director camera for videos: which framing to use at each playback time. Pure: no Panda3D
state, no clock; ``Director(timeline, aspect).pose(t)`` depends on ``t`` alone, so frames are the
same whatever order they are rendered in and seeking never changes them.

Shots come from the Timeline's ``focus`` (what the ruleset's presenter says each event frames):

- planning, end of round, start and end of the game: the whole table, with every ship on it
  inside the part of the image the HUD leaves clear;
- a ship's activation with a move: the ship's whole path (start and end base, every pose along
  the template, the template itself), from when the ship is activated;
- an attack: the attacker and the defender, from the attack's declaration to its resolution.

Every framing looks the same way (north, ``pitch`` degrees down, fixed field of view) and is a
point ``c`` on the table plus a distance ``d`` back along the view direction. A point is inside
the image for all (c, d) in a convex set (its projection bounds are linear inequalities in c and
d), so moving the camera along a straight line in (c, d) between two framings that both show a
point keeps showing it. A cut from shot A to shot B therefore runs A -> U -> B, where U frames the
subjects of A and B together: the old subjects stay in view on the first leg, the new ones on the
second. The move takes ``transition`` seconds of playback, eased, along that polyline; where the
previous shot has time to spare, the first leg (A -> U) runs just before the new shot starts, so
the new subjects are in frame, clear of the HUD, from its first moment (an attack's defender
never starts out under a fleet panel).

The other ships a shot shows (and the minefields) are kept clear of the HUD too, or out of the
picture, while the shot holds: :mod:`studio.clearance` re-aims the shot, or widens it up to
``BYSTANDER_ZOOM``. On the way, too: :mod:`studio.moves` picks U (re-aimed, widened, or B itself:
a straight pan) so that no ship slides under a panel on either leg; where no path tried is clear
and the two framings differ enough for a cut to read as one (:func:`studio.moves.reads_as_cut`), the camera cuts to B at
the shot's start instead of moving.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from engine.geometry.pose import Pose
from engine.timeline import Timeline
from engine.view import FocusView, TableView
from studio.assets import PEG_HEIGHT_MM
from studio.camera import CameraPose
from studio.clearance import Rect, clear_framing, covered_counts, inside, keep_out_of
from studio.lens import FOV, PITCH, Framing, Lens, Points, Safe
from studio.marks import TAG_Z, mine_boxes, on_table, tag_box, tag_reach, tag_slots, tag_width
from studio.moves import clear_via, reads_as_cut

TRANSITION: Final = 0.9  # seconds of playback for a camera move
MODEL_TOP_MM: Final = 28.0  # how far a model reaches above its peg
BYSTANDER_ZOOM: Final = 2.0  # a shot widens at most this much to keep the other ships it shows clear of the HUD
LOW_BAND: Final = 0.45  # the band under the fleet columns frames subjects from this height (half-images) up
MIN_SHOT: Final = 1.0  # seconds: a run of attack and move shots each shorter than this is framed as one
MIN_TABLE_SHOT: Final = 1.5  # seconds: a shorter whole-table shot between two others is skipped
FULL: Final[Safe] = (-0.97, 0.97, -0.97, 0.97)
TABLE_AREA: Final[Safe] = (-0.97, 0.97, -0.8, 0.86)  # where a table shot puts the table's corners


@dataclass(frozen=True, slots=True)
class Shot:
    """From ``start`` (playback seconds) on, frame ``points`` (``kind``: table, move or attack)."""

    start: float
    kind: str
    subjects: tuple[str, ...]  # ship ids
    points: Points
    framing: Framing
    event: int  # the event that starts it


def ship_points(pose: Pose, base: str, side: float) -> Points:
    """A ship's base corners on the table and at its peg, and the top of its model."""
    h = side / 2
    peg = PEG_HEIGHT_MM.get(base, 30.0)
    rad = math.radians(pose.heading)
    fx, fy, rx, ry = math.sin(rad), math.cos(rad), math.cos(rad), -math.sin(rad)
    corners = [(pose.x + a * h * rx + b * h * fx, pose.y + a * h * ry + b * h * fy) for a, b in
               ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    pts = [(x, y, 0.0) for x, y in corners] + [(x, y, peg) for x, y in corners]
    pts.append((pose.x, pose.y, peg + MODEL_TOP_MM))
    return np.array(pts, dtype=np.float64)


def framed_points(pose: Pose, base: str, side: float, tag_width: float = 0.0,
                  area_width: float | None = None) -> Points:
    """What a shot keeps in the picture of a ship: :func:`ship_points` and how far its name tag
    (``tag_width`` mm wide) reaches north and south of it (a tag sits below or above its base), so
    no tag ends up under the dice bar or a fleet panel; on a table ``area_width`` wide, the tag
    slid onto the table as :func:`~studio.marks.tag_anchor` slides it."""
    tag, w = tag_reach(pose.heading, side), tag_width / 2
    x = on_table(pose.x, tag_width, area_width)
    across = (-w, w) if w else (0.0,)
    around = np.array([(x + dx, pose.y + dy, 0.0) for dx in across for dy in (-tag, tag)], dtype=np.float64)
    return np.vstack([ship_points(pose, base, side), around])


def bystander_points(pose: Pose, base: str, side: float, tag: tuple[float, float, float, float]) -> Points:
    """What must stay clear of the HUD of a ship that is not a shot's subject: :func:`ship_points`
    and the corners of its name tag (``tag``: x0, y0, x1, y1 on the table)."""
    x0, y0, x1, y1 = tag
    corners = np.array([(x, y, TAG_Z) for x in (x0, x1) for y in (y0, y1)], dtype=np.float64)
    return np.vstack([ship_points(pose, base, side), corners])


class Director:
    """The camera for each playback time of ``timeline`` in an image of ``aspect`` (width / height).

    ``safe`` is the part of the image left clear by the HUD (``Hud.safe_area()``): the subjects
    of a shot are framed inside it; the whole table is framed in the full image. ``keep_out``
    (``Hud.keep_out()``) are the rectangles the HUD may cover: the other ships a shot shows are kept
    out of them (default: the strips around ``safe``).
    """

    def __init__(self, timeline: Timeline, aspect: float = 16 / 9, safe: Safe = FULL, *,
                 keep_out: Sequence[Rect] | None = None, transition: float = TRANSITION, pitch: float = PITCH,
                 fov: float = FOV) -> None:
        self.timeline = timeline
        self.lens = Lens(aspect, pitch, fov)
        self.safe = safe
        self.keep_out = list(keep_out) if keep_out is not None else keep_out_of(safe)
        self.low = self._low_band()
        self.transition = transition
        w, h = timeline.table.area
        table = np.array([(0, 0, 0), (w, 0, 0), (w, h, 0), (0, h, 0)], dtype=np.float64)
        self.table_points = table
        self.table_framing = self.lens.fit(table, TABLE_AREA, min_height=0.0)
        self._table_fits: dict[bytes, Framing] = {}
        self._views: dict[int, TableView] = {}
        self._names = {p.id: p.name for p in timeline.roster}
        self.shots = self._shots()
        self.starts = [s.start for s in self.shots]
        # each cut's move: from A (where the camera is) via U (both shots' subjects) to B
        self._from: list[Framing] = []
        self._via: list[Framing] = []
        self._lead: list[float | None] = []  # when the first leg (A -> U) starts, ahead of the shot
        self._leg: list[tuple[float, float]] = []  # the legs' durations
        self._cuts: set[int] = set()  # the shots the camera cuts to (no move clears the ships on the way)
        self._still: set[int] = set()  # the shots the camera frames from where it stands (no move)
        self._kept: list[bool] = []  # whether a move's first leg keeps the previous shot's subjects in the safe area
        for k, shot in enumerate(self.shots):
            if k == 0:
                self._kept.append(False)
                self._from.append(shot.framing)
                self._via.append(shot.framing)
                self._lead.append(None)
                self._leg.append((0.0, 0.0))
                continue
            via, cover = self._move_via(self.shots[k - 1], shot, self._own(k - 1, shot.start))
            if via is not None and cover > 0 and self._holds(shot, self._own(k - 1, shot.start)):
                # a small move that would carry a ship under a panel, where the camera already shows
                # the new shot clear of the HUD: it stays where it is
                shot = self.shots[k] = replace(shot, framing=self._own(k - 1, shot.start))
                self._still.add(k)
                via = None
            if via is None:  # a cut: the camera is on the new shot from its first moment
                if k not in self._still:
                    self._cuts.add(k)
                self._kept.append(False)
                self._from.append(shot.framing)
                self._via.append(shot.framing)
                self._lead.append(None)
                self._leg.append((0.0, 0.0))
                continue
            first, second = self._leg_lengths(self._own(k - 1, shot.start), via, shot.framing)
            l1 = self.transition * first / (first + second) if first + second > 1e-9 else 0.0
            prev_done = self.shots[k - 1].start + self._move_time(k - 1)
            room = shot.start - max(prev_done, self.shots[k - 1].start)
            lead: float | None = None
            if l1 > 1e-9 and room >= 0.5 * l1:
                lead = shot.start - min(l1, room)  # the camera sets off early: the new subjects are
                # in frame, clear of the HUD, from the shot's first moment
            start = self._own(k - 1, lead if lead is not None else shot.start)
            self._from.append(start)
            self._via.append(via)
            prev = self.shots[k - 1]
            keeps = inside(self.lens, via.vec()[None], prev.points, self.safe)[0]
            self._kept.append(prev.kind != "table" and bool(keeps))
            self._lead.append(lead)
            self._leg.append((l1, self.transition - l1) if lead is not None else (0.0, self.transition))

    # --- shots ----------------------------------------------------------------------------------
    def _fit(self, points: Points) -> Framing:
        """The framing of ``points`` inside the safe area, slid over the table where it can."""
        fr = self.lens.fit(points, self.safe)
        if fr.d >= self.table_framing.d:
            return self.table_framing
        return self.lens.onto_table(fr, points, self.safe, self.timeline.table.area)

    def _low_band(self) -> Safe | None:
        """The band of the image under both fleet columns and over the dice, the image's whole
        width: a shot may frame its subjects there instead of in the safe area (a wide pair of
        ships fits it closer). None where the HUD's sides reach that low (or there is no HUD)."""
        if self.safe == FULL:
            return None
        sides = [r for r in self.keep_out if r[1] - r[0] < 1.0 and r[2] > -1.0]
        if len(sides) != 2:
            return None
        top = min(r[2] for r in sides) - 0.02
        return (FULL[0], FULL[1], self.safe[2], top) if top - self.safe[2] >= LOW_BAND else None

    def _union(self, a: Shot, b: Shot) -> Framing:
        """A framing that shows the subjects of both shots (a table shot shows every ship)."""
        if b.kind == "table":
            return b.framing
        if a.kind == "table":
            return a.framing
        return self._fit(np.vstack([a.points, b.points]))

    def _move_via(self, a: Shot, b: Shot, start: Framing) -> tuple[Framing | None, float]:
        """The middle framing of the move from ``start`` (shot ``a``'s) to shot ``b`` and the ships
        it leaves under the HUD on the way (on average); None where every path tried leaves one
        and the framings differ enough for a cut, so the camera cuts instead
        (:func:`studio.moves.clear_via`). The first leg keeps ``a``'s subjects inside the safe
        area, the second ``b``'s; a table shot keeps none (its ships are clear only at its end)."""
        union = self._union(a, b)
        if self.safe == FULL or b.event < 0:
            return union, 0.0
        keep = [s.points for s in (a, b) if s.kind != "table"]
        base = self._fit(np.vstack(keep)) if keep else union
        view = self._view(b.event - 1) if b.event > 0 else self.timeline.moment(0.0).view
        first = self._others_in(view, ())  # before b's event, as the first leg may run
        second = self._others(b.event, b.subjects)
        if self.low is not None:  # subjects framed in the low band: not inside the safe area all the way
            first += [a.points] if a.kind != "table" else []
            second += [b.points] if b.kind != "table" else []
        extra = [b.framing, self.table_framing, *([union] if union != base else [])]  # b: a straight pan
        via, cover = clear_via(self.lens, start, b.framing, base, np.vstack(keep) if keep else None, first, second,
                               self.safe, self.keep_out, self.table_framing.d, extra)
        if cover < 1e-9 or not reads_as_cut(self.lens, start, b.framing):
            return via, cover  # a cut between two framings this alike would jolt the picture: move
        return None, cover

    def _holds(self, b: Shot, start: Framing) -> bool:
        """Whether framing ``start`` serves shot ``b`` as it is: its subjects inside the safe area
        (or the band under the columns), every other ship clear of the HUD."""
        if b.kind == "table":
            return False
        one = start.vec()[None]
        if not any(inside(self.lens, one, b.points, area)[0] for area in (self.safe, self.low) if area is not None):
            return False
        return not covered_counts(self.lens, one, self._others(b.event, b.subjects), self.keep_out, edges=False)[0]

    def _table_shot(self, start: float, i: int, focus: FocusView | None = None) -> Shot:
        """The whole table in the image, and every ship on it (the focus's bases) clear of the HUD (``safe``)."""
        if i < 0 or self.safe == FULL or focus is None:
            return Shot(start, "table", (), self.table_points, self.table_framing, i)
        ships = self._base_points(focus, i)
        if not ships:
            return Shot(start, "table", (), self.table_points, self.table_framing, i)
        fleet = np.vstack(ships)
        key = fleet.round(1).tobytes()
        if key not in self._table_fits:
            self._table_fits[key] = self.lens.fit_groups([(self.table_points, TABLE_AREA), (fleet, self.safe)])
        return Shot(start, "table", (), np.vstack([self.table_points, fleet]), self._table_fits[key], i)

    def _subject_shot(self, start: float, kind: str, subjects: tuple[str, ...], points: Points, i: int) -> Shot:
        fr = self._fit(points)
        if self.safe != FULL:
            fr = self._clear_bystanders(fr, points, subjects, i)
        return Shot(start, kind, subjects, points, fr, i)

    def _clear_bystanders(self, fr: Framing, points: Points, subjects: tuple[str, ...], i: int) -> Framing:
        """Re-aim, then widen, a shot so the other ships it shows (bases, models and name tags) and
        the minefields are clear of the HUD or out of the picture (a ship half under a fleet panel reads as hidden
        action), the subjects staying inside the safe area and the camera within
        ``BYSTANDER_ZOOM`` of their own framing (:func:`studio.clearance.clear_framing`)."""
        others = self._others(i, subjects)
        return clear_framing(self.lens, fr, points, others, self.safe, self.keep_out, BYSTANDER_ZOOM,
                             self.table_framing.d, self.timeline.table.area, also=self.low)

    def _others(self, i: int, subjects: Sequence[str]) -> list[Points]:
        """The table points, after event ``i``, of each ship but ``subjects`` (its base, model and
        name tag) and of each minefield: what a shot keeps clear of the HUD besides its subjects."""
        return self._others_in(self._view(i), subjects)

    @staticmethod
    def _others_in(view: TableView, subjects: Sequence[str]) -> list[Points]:
        """:meth:`_others` on the table ``view``."""
        slots = tag_slots(view.ships, view.markers, view.area_width)
        others = [bystander_points(s.pose, s.base_size, s.base_side, tag_box(s, slots[s.id], view.area_width))
                  for s in view.ships
                  if s.id not in subjects and not s.destroyed]
        others += [np.array([(x, y, 0.0) for x in (x0, x1) for y in (y0, y1)], dtype=np.float64)
                   for x0, y0, x1, y1 in mine_boxes(view.markers)]  # a minefield is clear of the HUD too
        return others

    def _view(self, i: int) -> TableView:
        """The table after event ``i`` (kept: a shot and the move into it both look)."""
        if i not in self._views:
            self._views[i] = self.timeline.moment_after(i).view
        return self._views[i]

    def _base_points(self, focus: FocusView, i: int) -> list[Points]:
        """:func:`framed_points` of each of a focus's bases with the name tag of its ship (the one
        subject of a move; else the subject, or any ship, standing nearest the base after event ``i``)."""
        width: dict[str, float] = {}
        out = []
        view = self._view(i)
        ships = () if len(focus.subjects) == 1 else tuple(
            s for s in view.ships if not focus.subjects or s.id in focus.subjects)
        for b in focus.bases:
            near = min(ships, key=lambda s: math.hypot(s.pose.x - b.pose.x, s.pose.y - b.pose.y), default=None)
            ship_id = focus.subjects[0] if len(focus.subjects) == 1 else near.id if near is not None else ""
            if ship_id not in width:
                name = self._names.get(ship_id)
                width[ship_id] = tag_width(name) if name else 0.0
            out.append(framed_points(b.pose, b.size, b.side, width[ship_id], view.area_width))
        return out

    def _points(self, focus: FocusView, i: int) -> Points:
        """The table points of a focus: its bases on the table, at their pegs and up to the models'
        tops, their name tags, and its other table points (a move's template)."""
        pts = self._base_points(focus, i)
        if focus.points:
            pts.append(np.array([(x, y, 0.0) for x, y in focus.points], dtype=np.float64))
        return np.vstack(pts) if pts else self.table_points

    def _shots(self) -> list[Shot]:
        tl = self.timeline
        shots: list[Shot] = [self._table_shot(0.0, -1)]
        for i, focus in enumerate(tl.focus):
            start = tl.start_of(i)
            shot: Shot | None = None
            if focus is not None and focus.kind == "table":
                shot = self._table_shot(start, i, focus)
            elif focus is not None and focus.bases:
                shot = self._subject_shot(start, focus.kind, focus.subjects, self._points(focus, i), i)
            if shot is None:
                continue
            last = shots[-1]
            if shot.kind == last.kind == "table" or (
                    shot.kind != "table" and last.kind != "table" and set(shot.subjects) == set(last.subjects)
                    and np.allclose(shot.framing.vec(), last.framing.vec(), atol=1.0)):
                continue  # the same framing: no cut
            if shot.start <= last.start + 1e-9 or (last.kind == "table" and len(shots) > 1
                                                    and shot.start - last.start < MIN_TABLE_SHOT):
                shots[-1] = shot  # zero-length events, or a glimpse of the table: the later framing wins
            else:
                shots.append(shot)
        return self._group_short(shots)

    def _group_short(self, shots: list[Shot]) -> list[Shot]:
        """A run of attack and move shots each shorter than ``MIN_SHOT`` (ships activated one
        after another with nothing to do) becomes one shot of all their subjects: the camera would
        otherwise cut, or swing, every third of a second."""
        ends = [*(s.start for s in shots[1:]), self.timeline.duration]
        out: list[Shot] = []
        run: list[Shot] = []
        for shot, end in zip(shots, ends, strict=True):
            if shot.kind != "table" and end - shot.start < MIN_SHOT:
                run.append(shot)
                continue
            out += self._grouped(run)
            run = []
            out.append(shot)
        return out + self._grouped(run)

    def _grouped(self, run: list[Shot]) -> list[Shot]:
        if len(run) < 2:
            return run
        first = run[0]
        subjects = tuple(dict.fromkeys(s for shot in run for s in shot.subjects))
        return [self._subject_shot(first.start, first.kind, subjects, np.vstack([s.points for s in run]), first.event)]

    # --- the camera at time t -------------------------------------------------------------------
    def shot_index(self, t: float) -> int:
        return max(bisect.bisect_right(self.starts, t) - 1, 0)

    def shot(self, t: float) -> Shot:
        return self.shots[self.shot_index(t)]

    @staticmethod
    def _leg_lengths(a: Framing, u: Framing, b: Framing) -> tuple[float, float]:
        return float(np.linalg.norm(u.vec() - a.vec())), float(np.linalg.norm(b.vec() - u.vec()))

    def _move_time(self, k: int) -> float:
        """How long shot ``k``'s move lasts after its start."""
        if k in self._cuts or k in self._still:
            return 0.0
        return self._leg[k][1] if self._lead[k] is not None else self.transition

    @staticmethod
    def _ease(s: float) -> float:
        s = min(max(s, 0.0), 1.0)
        return s * s * (3 - 2 * s)

    def _own(self, k: int, t: float) -> Framing:
        """Shot ``k``'s framing at ``t`` from its start on (the next shot's early leg left out)."""
        a, u, b = self._from[k].vec(), self._via[k].vec(), self.shots[k].framing.vec()
        if self._lead[k] is not None:  # the first leg ran before the start: U -> B now
            span = self._leg[k][1]
            e = self._ease((t - self.shots[k].start) / span) if span > 1e-9 else 1.0
            v = u + (b - u) * e
            return Framing(float(v[0]), float(v[1]), float(v[2]))
        e = self._ease((t - self.shots[k].start) / self.transition) if self.transition > 0 else 1.0
        if e >= 1.0:
            return self.shots[k].framing
        first, second = float(np.linalg.norm(u - a)), float(np.linalg.norm(b - u))
        split = first / (first + second) if first + second > 1e-9 else 0.0
        if e < split:
            v = a + (u - a) * (e / split)
        else:
            v = u + (b - u) * ((e - split) / (1 - split) if split < 1 else 1.0)
        return Framing(float(v[0]), float(v[1]), float(v[2]))

    def _early(self, t: float) -> int | None:
        """The shot whose first leg is under way at ``t`` (before that shot starts), if any."""
        k = self.shot_index(t) + 1
        if k < len(self.shots):
            lead = self._lead[k]
            if lead is not None and lead <= t < self.shots[k].start:
                return k
        return None

    def framing(self, t: float) -> Framing:
        k = self._early(t)
        if k is not None:
            lead = self._lead[k]
            assert lead is not None
            a, u = self._from[k].vec(), self._via[k].vec()
            v = a + (u - a) * self._ease((t - lead) / (self.shots[k].start - lead))
            return Framing(float(v[0]), float(v[1]), float(v[2]))
        return self._own(self.shot_index(t), t)

    def pose(self, t: float) -> CameraPose:
        """The camera at playback time ``t``."""
        return self.lens.pose(self.framing(t))

    def settled_pose(self, t: float) -> CameraPose:
        """The camera for a still of the event that ends at ``t`` (a screenshot): that event's shot
        once its move is done, without the next shot's early leg."""
        k = self.shot_index(max(t - 1e-6, 0.0))
        return self.lens.pose(self._own(k, max(t, self.shots[k].start + self._move_time(k))))

    def subjects(self, t: float) -> Points:
        """The table points the camera guarantees to show at ``t``: the current shot's subjects once
        the move toward them is past the middle framing, the previous shot's before that where the
        middle framing keeps them (none where it does not: a straight pan, a move off a table shot)."""
        early = self._early(t)
        if early is not None:
            return self.shot(t).points if self._kept[early] else np.empty((0, 3))
        k = self.shot_index(t)
        if k > 0 and self._lead[k] is None:
            a, u, b = self._from[k], self._via[k], self.shots[k].framing
            first, second = self._leg_lengths(a, u, b)
            split = first / (first + second) if first + second > 1e-9 else 0.0
            if self._ease((t - self.shots[k].start) / self.transition) < split:
                return self.shots[k - 1].points if self._kept[k] else np.empty((0, 3))
        if (k > 0 and self.shots[k].kind == "table" and t - self.shots[k].start < self._move_time(k)
                and self._via[k] != self.shots[k].framing):
            return np.empty((0, 3))  # a table shot's corners: in the picture once the camera is there
        return self.shots[k].points

    def project(self, t: float, points: Sequence[tuple[float, float, float]] | Points) -> Points:
        """Normalised image positions (-1..1) of ``points`` seen by the camera at ``t``."""
        return self.lens.project(self.framing(t), np.asarray(points, dtype=np.float64))

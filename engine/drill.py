"""Drills: teach by doing (issue 35). A short situation from a drill file, a goal, and the learner's
maneuver resolved by the real movement rules (bumps, obstacles, fleeing) and measured by the real
range and arc rules; the ideal answers are every dial maneuver that meets the goal, found by trying
them all. No terminal and no Panda3D here: ``trek/teach_drill.py`` asks, ``studio/teach_drills.py`` draws.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Final

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.bundled import replays_dir
from engine.catalog import load_catalog
from engine.drill_file import (
    MAX_DRILL_BYTES,
    SKILLS,
    Block,
    Clear,
    DrillFile,
    Goal,
    InArc,
    NoBump,
    OutOfArc,
    Reach,
    parse_drill_file,
)
from engine.errors import TrekError
from engine.geometry.pose import Pose, normalize_heading
from engine.io.documents import read_document
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import Placed, arc_check
from engine.rulesets.attack_wing.movement import MoveResult, ShipBase, Table, resolve_move
from engine.rulesets.attack_wing.notation.terms import format_maneuver, format_pose
from engine.rulesets.into_the_unknown.drills import SKILLS as ITU_SKILLS
from engine.rulesets.into_the_unknown.drills import ItuDrill, parse_itu_file
from engine.teach import Lesson, LessonShip, TeachError, lesson_table, maneuver_label

DRILLS_DIR: Final = replays_dir("drills")
GAME_TITLES: Final = {"attack_wing": "Attack Wing"}
ORDER: Final = (*SKILLS, *ITU_SKILLS)  # the skills in the order a learner meets them
# the rulebook sections that decide each goal (named in what the learner is told)
RULE_ARC: Final = 'rulebook "Measuring Range" and "Firing Arcs"'
RULE_OVERLAP: Final = 'rulebook "Overlapping Other Ships"'
RULE_OBSTACLE: Final = 'rulebook "Obstacles"'
RULE_FLEE: Final = 'rulebook "Fleeing the Battlefield"'


@dataclass(frozen=True)
class Drill:
    name: str
    doc: DrillFile
    scene: Lesson  # the ships, obstacles and planets, as a lesson scene (no moves)
    dial: tuple[tuple[Maneuver, str], ...]  # the learner's dial: (maneuver, colour) in dial order

    @property
    def learner(self) -> LessonShip:
        return self.scene.ship(self.doc.ship)

    @property
    def game_title(self) -> str:
        return GAME_TITLES[self.doc.game]

    # what the terminal asks of any game's drill (Into the Unknown's: engine/rulesets/into_the_unknown/drills.py)
    def situation(self) -> list[str]:
        lines = []
        for s in self.scene.ships:
            who = "you fly" if s.id == self.doc.ship else "on the table"
            lines.append(f"{who}: {s.id} ({s.ship_class}, {s.base} base) at {format_pose(s.pose)}")
        lines += [f"obstacle: {name}" for name, _ in self.scene.obstacles]
        return lines + [f"goal: {line}" for line in goal_text(self)]

    def choices(self) -> list[tuple[str, str]]:
        """The dial as the seat writes it (the notation's ``A1 dial 2 bank-left``) and its colour."""
        return [(f"{self.doc.ship} dial {format_maneuver(m.kind, m.speed)} ({colour})", f"a {colour} maneuver")
                for m, colour in self.dial]

    def judge(self, index: int) -> Outcome:
        return judge(self, *self.dial[index])

    def ideal(self) -> list[Outcome]:
        return ideal_answers(self)

    def fan_out(self) -> list[str]:
        return fan_out(self)


@dataclass(frozen=True)
class Check:
    """One goal (or the table's edge) judged: met or not, and the sentence saying why, with its rule."""

    ok: bool
    text: str


@dataclass(frozen=True)
class Outcome:
    maneuver: Maneuver
    colour: str
    result: MoveResult
    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def said(self) -> str:
        return f"{maneuver_label(self.maneuver)} ({self.colour})"

    @property
    def flown(self) -> str:
        r = self.result
        changed = (f" (it became a {maneuver_label(r.maneuver)}: {RULE_OVERLAP})" if r.changed_from else "")
        back = ", moved back along the template" if r.backed_off else ""
        end = r.end  # to the millimetre and degree a player measures (the notation keeps every digit)
        return f"the base ends at {end.x:.0f},{end.y:.0f} facing {end.heading:.0f}{back}{changed}"


def parse_drill(name: str, data: object) -> Drill | ItuDrill:
    if isinstance(data, dict) and data.get("game") == "into_the_unknown":
        return ItuDrill(name, parse_itu_file(name, data, TeachError))
    doc = parse_drill_file(name, data, TeachError)
    cat = load_catalog()
    try:
        ships = []
        for s in doc.ships:
            cls = cat.ship_class(s.ship_class)
            x, y, h = s.pose
            ships.append(LessonShip(s.id, cls.name, Pose(x, y, normalize_heading(h)), s.player, cls.base_size,
                                    cls.front_arc, cls.rear_arc, cls.has_360_arc))
        learner_class = cat.ship_class(next(s.ship_class for s in doc.ships if s.id == doc.ship))
        dial = tuple((Maneuver(m.kind, m.speed), m.colour) for m in learner_class.maneuvers)
        for g in doc.goal:
            if isinstance(g, Block):
                Maneuver(*g.maneuver)
    except TrekError as exc:
        raise TeachError(f"drill {name}: {exc}") from None
    scene = Lesson(name, doc.title, doc.brief, tuple(ships),
                   obstacles=tuple((o.name, tuple(o.points)) for o in doc.obstacles),
                   planets=tuple((p.name, p.x, p.y, p.radius) for p in doc.planets))
    for i, obstacle in enumerate(lesson_table(scene).obstacles):
        try:
            obstacle.polygon  # noqa: B018 (a polygon that crosses itself is refused here, not mid-drill)
        except TrekError as exc:
            raise TeachError(f"drill {name}: obstacles[{i}]: {exc}") from None
    return Drill(name, doc, scene, dial)


def drill_names(folder: Path = DRILLS_DIR) -> list[str]:
    return sorted(p.stem for p in folder.glob("*.json"))


def load_drill(name: str, folder: Path = DRILLS_DIR) -> Drill | ItuDrill:
    path = Path(name) if name.endswith(".json") else folder / f"{name}.json"
    if not name.endswith(".json") and not path.is_file():
        raise TeachError(f"no drill {name!r}; drills: {', '.join(drill_names(folder))} (trek teach drills)")
    return parse_drill(path.stem, read_document(path, TeachError, kind="drill", max_bytes=MAX_DRILL_BYTES))


def bundled_drills(folder: Path = DRILLS_DIR) -> list[Drill | ItuDrill]:
    """Every bundled drill, easiest first within each game and skill."""
    drills = [load_drill(n, folder) for n in drill_names(folder)]
    return sorted(drills, key=lambda d: (d.doc.game != "attack_wing", ORDER.index(d.doc.skill), d.doc.difficulty,
                                         d.name))


# --- flying and judging -----------------------------------------------------------------------------

def fly(drill: Drill, maneuver: Maneuver) -> MoveResult:
    """The learner's maneuver resolved on the drill's table by the movement rules."""
    me = drill.learner
    return resolve_move(me.pose, maneuver, me.base, lesson_table(drill.scene, without=me.id))


def judge(drill: Drill, maneuver: Maneuver, colour: str) -> Outcome:
    result = fly(drill, maneuver)
    checks = [_flee_check(result)] + [_check(drill, g, result) for g in drill.doc.goal]
    return Outcome(maneuver, colour, result, tuple(checks))


def ideal_answers(drill: Drill) -> list[Outcome]:
    """Every maneuver on the learner's dial that meets the goal (all of them tried)."""
    return [o for o in (judge(drill, m, c) for m, c in drill.dial) if o.ok]


def _flee_check(r: MoveResult) -> Check:
    if r.fled:
        return Check(False, f"part of the base ends outside the play area: the ship flees ({RULE_FLEE})")
    return Check(True, "the base stays on the table")


def _placed(drill: Drill, ship_id: str) -> Placed:
    s = drill.scene.ship(ship_id)
    return Placed(s.pose, s.base)


def _check(drill: Drill, goal: Goal, r: MoveResult) -> Check:
    me = Placed(r.end, drill.learner.base)
    if isinstance(goal, InArc):
        arc = _arc(drill.learner, goal.arc)
        want = _bands(goal.bands)
        if arc is None:
            return Check(False, f"this ship has no {goal.arc} arc")
        seen = arc_check(me, _placed(drill, goal.target), arc, rear=goal.arc == "rear")
        if not seen.in_arc:
            return Check(False, f"no part of {goal.target}'s base is inside your {arc:g} degree {goal.arc} arc "
                                f"({RULE_ARC})")
        if seen.band not in goal.bands:
            far = "beyond Range 3" if seen.band is None or seen.band > 3 else f"at Range {seen.band}"
            return Check(False, f"{goal.target} is in your {goal.arc} arc but {far} ({seen.distance:.0f} mm), "
                                f"not Range {want} ({RULE_ARC}: Range 1 ends at 4 in, 2 at 8 in, 3 at 12 in)")
        return Check(True, f"{goal.target} is in your {goal.arc} arc at Range {seen.band} ({seen.distance:.0f} mm)")
    if isinstance(goal, OutOfArc):
        their_arc = _arc(drill.scene.ship(goal.of), "front")
        threat = arc_check(_placed(drill, goal.of), me, their_arc) if their_arc else None
        if threat is not None and threat.in_arc and threat.band is not None and threat.band <= 3:
            return Check(False, f"you end in {goal.of}'s front arc at Range {threat.band} "
                                f"({threat.distance:.0f} mm): it can attack you ({RULE_ARC})")
        return Check(True, f"you end outside {goal.of}'s front arc at Range 1-3")
    if isinstance(goal, Reach):
        d = math.hypot(r.end.x - goal.x, r.end.y - goal.y)
        if d > goal.radius:
            return Check(False, f"your base centre ends {d:.0f} mm from {goal.name}; it must be within "
                                f"{goal.radius:g} mm")
        return Check(True, f"your base centre ends {d:.0f} mm from {goal.name}")
    if isinstance(goal, Clear):
        if r.obstacles:
            return Check(False, f"the template or the final base is on {', '.join(r.obstacles)}: one attack die "
                                f"and no action ({RULE_OBSTACLE})")
        return Check(True, "the template and the base stay clear of every obstacle")
    if isinstance(goal, NoBump):
        if r.bumped:
            how = "moved back along the template until it touches" if r.backed_off else "treated as a straight"
            changed = f"; the come about is {how}" if r.changed_from else f"; the base is {how}"
            return Check(False, f"the final base would overlap {', '.join(r.bumped)}{changed} and takes no action "
                                f"({RULE_OVERLAP})")
        return Check(True, "the base overlaps no ship")
    assert isinstance(goal, Block)
    blocked = drill.scene.ship(goal.target)
    theirs = Maneuver(*goal.maneuver)
    table = lesson_table(drill.scene, without=goal.target)
    moved = [s if s.id != drill.learner.id else ShipBase(s.id, me) for s in table.ships]
    after = resolve_move(blocked.pose, theirs, blocked.base, Table(moved, table.obstacles, table.planets, table.area))
    said = maneuver_label(theirs)
    if drill.learner.id in after.bumped:
        return Check(True, f"{goal.target}'s {said} would overlap your base: it stops touching you, with no action "
                           f"({RULE_OVERLAP})")
    return Check(False, f"{goal.target}'s {said} does not overlap your base: it flies on ({RULE_OVERLAP})")


def _arc(ship: LessonShip, which: str) -> float | None:
    """The printed arc's width in degrees: a 360 degree arc (a Borg cube's) serves as its front arc."""
    if which == "rear":
        return ship.rear_arc
    return ship.front_arc if ship.front_arc else (360.0 if ship.has_360_arc else None)


def _bands(bands: list[int]) -> str:
    b = sorted(set(bands))
    return f"{b[0]}-{b[-1]}" if len(b) > 1 and b == list(range(b[0], b[-1] + 1)) else " or ".join(map(str, b))


def goal_text(drill: Drill) -> list[str]:
    """The goal in words, one line per part."""
    lines = []
    for g in drill.doc.goal:
        if isinstance(g, InArc):
            lines.append(f"end with {g.target} in your {g.arc} arc at Range {_bands(g.bands)}")
        elif isinstance(g, OutOfArc):
            lines.append(f"end outside {g.of}'s front arc (or beyond its Range 3)")
        elif isinstance(g, Reach):
            lines.append(f"end with your base centre within {g.radius:g} mm of {g.name} ({g.x:g}, {g.y:g})")
        elif isinstance(g, Clear):
            lines.append("keep the template and the base off every obstacle")
        elif isinstance(g, NoBump):
            lines.append("overlap no ship")
        else:
            lines.append(f"block {g.target}: its {maneuver_label(Maneuver(*g.maneuver))} must overlap your base")
    return [*lines, "stay on the table"]


def fan_out(drill: Drill) -> list[str]:
    """The dial fan-out in words (the hint a learner can always ask for): where each maneuver ends,
    in the ship's own terms (ahead, to the side, the new heading), and what stops it."""
    me = drill.learner.pose
    fx, fy = me.forward
    rx, ry = me.right
    lines = []
    for m, colour in drill.dial:
        r = fly(drill, m)
        dx, dy = r.end.x - me.x, r.end.y - me.y
        ahead, side = dx * fx + dy * fy, dx * rx + dy * ry
        turn = normalize_heading(r.end.heading - me.heading)
        turn = turn - 360 if turn > 180 else turn
        where = (f"{abs(ahead):.0f} mm {'ahead' if ahead >= 0 else 'behind'}, "
                 f"{abs(side):.0f} mm {'right' if side >= 0 else 'left'}, turned {turn:+.0f} degrees")
        stop = (" (bumps " + ", ".join(r.bumped) + ")" if r.bumped else "") + (
            " (on " + ", ".join(r.obstacles) + ")" if r.obstacles else "") + (" (flees)" if r.fled else "")
        lines.append(f"{maneuver_label(m)} ({colour}): ends {where}{stop}")
    return lines


def score(tries: int, hints: int, solved: bool) -> int:
    """Stars out of 3: three for a right first answer without a hint, one less for each further try
    or hint taken, never below one for a drill solved; none unsolved."""
    return max(1, 3 - (tries - 1) - hints) if solved else 0


# --- progress ---------------------------------------------------------------------------------------

MAX_PROGRESS_BYTES: Final = 1 << 20
Count = Annotated[int, Field(ge=0, le=1_000_000)]


class _DrillProgress(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tries: Count = 0
    solved: bool = False
    best: Annotated[int, Field(ge=0, le=3)] = 0


class Progress(BaseModel):
    """What a learner has done, drill by drill (a small JSON file)."""
    model_config = ConfigDict(extra="forbid")
    version: int = 1
    drills: dict[Annotated[str, Field(max_length=200)], _DrillProgress] = Field(default_factory=dict, max_length=1000)

    def record(self, name: str, tries: int, hints: int, solved: bool) -> _DrillProgress:
        old = self.drills.get(name, _DrillProgress())
        new = _DrillProgress(tries=old.tries + tries, solved=old.solved or solved,
                             best=max(old.best, score(tries, hints, solved)))
        self.drills[name] = new
        return new


def default_progress_path() -> Path:
    """$XDG_STATE_HOME/trek/drills.json, else ~/.local/state/trek/drills.json."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "trek" / "drills.json"


def read_progress(path: Path) -> Progress:
    if not path.exists():
        return Progress()
    data = read_document(path, TeachError, kind="drill progress", max_bytes=MAX_PROGRESS_BYTES)
    try:
        return Progress.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the document"
        raise TeachError(f"{path}: not a drill progress file ({where}: {first['msg']}); "
                         "remove it or name another with --progress") from None


def write_progress(path: Path, progress: Progress) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")  # written whole, then moved: never half a file
        tmp.write_text(json.dumps(progress.model_dump(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise TeachError(f"{path}: the drill progress cannot be saved ({exc.strerror or exc})") from None

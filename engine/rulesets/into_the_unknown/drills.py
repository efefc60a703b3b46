"""Into the Unknown drills (issue 35): the learner picks a maneuver plan (impulse with the turning
tool's notches before or after the advance, warp along the ruler, come about), the guide's movement
rules resolve it (engine/rulesets/into_the_unknown/movement.py: collisions, the sector's edge,
"Boundaries and Impulse"), and the goal is judged; the ideal answers are every offered plan that
meets it. The options are every whole inch of impulse up to engine power with every whole notch
up to the impulse turn either side, before or after; warp every whole inch up to twice the warp
drive at the lowest factor that reaches it; come about to each eighth of a turn."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import TrekError
from engine.geometry.pose import Pose, normalize_heading
from engine.io.documents import model_fields, validation_message
from engine.lesson_file import COORD_LIMIT_MM, Heading, Text
from engine.rulesets.into_the_unknown.displays import BaseSize, notches
from engine.rulesets.into_the_unknown.movement import (
    ComeAboutPlan,
    ImpulsePlan,
    Plan,
    Resolved,
    Table,
    WarpPlan,
    resolve,
)
from engine.rulesets.into_the_unknown.table import DEEP_SPACE, INCH, area_name, area_of, base_polygon

Coord = Annotated[float, Field(ge=-COORD_LIMIT_MM, le=COORD_LIMIT_MM, allow_inf_nan=False)]
Words = Annotated[str, Field(min_length=1, max_length=400)]
SKILLS: Final = ("impulse turns", "warp and boundaries", "come about")
RULE_IMPULSE: Final = 'guide "Engage Impulse" (the turning tool)'
RULE_BOUNDARY: Final = 'guide "Boundaries and Impulse"'
RULE_COLLISION: Final = 'guide "Check Collisions"'
STOPS: Final = {"ship": f"it would overlap a ship, so it was moved back along its path ({RULE_COLLISION})",
                "sector": f"it would leave the sector, so it was moved back ({RULE_COLLISION})",
                "boundary": f"an impulse may not carry the base into or out of a system ({RULE_BOUNDARY})",
                "returned": ("at every distance a ship, the sector's edge or a system's boundary was in the way, so "
                             f"the ship stayed where it started ({RULE_COLLISION}, {RULE_BOUNDARY})")}


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)


class ItuShip(_M):
    id: Text
    size: Literal["small", "medium", "large"] = "small"
    pose: tuple[Coord, Coord, Heading]
    engine: Annotated[int, Field(ge=1, le=12)] = 4  # engine power at its alert: inches at impulse
    impulse_turn: Annotated[int, Field(ge=0, le=4)] = 2  # notches of the turning tool
    warp_drive: Annotated[int, Field(ge=0, le=9)] = 0


class ItuReach(_M):
    kind: Literal["reach"]
    x: Coord
    y: Coord
    radius: Annotated[float, Field(gt=0, le=300, allow_inf_nan=False)]
    name: Text = "the objective"


class ItuFacing(_M):
    kind: Literal["facing"]
    heading: Heading
    within: Annotated[float, Field(ge=0, le=90, allow_inf_nan=False)] = 12.0


class ItuArea(_M):
    kind: Literal["in_system", "in_deep_space"]


class ItuUnstopped(_M):
    kind: Literal["unstopped"]


ItuGoal = Annotated[ItuReach | ItuFacing | ItuArea | ItuUnstopped, Field(discriminator="kind")]


Offer = Literal["impulse", "warp", "come_about"]


class ItuDrillFile(_M):
    title: Annotated[str, Field(min_length=1, max_length=200)]
    game: Literal["into_the_unknown"]
    skill: Literal["impulse turns", "warp and boundaries", "come about"]
    difficulty: Annotated[int, Field(ge=1, le=5)]
    brief: Words
    ship: Text
    ships: list[ItuShip] = Field(min_length=1, max_length=12)
    offer: list[Offer] = Field(default_factory=lambda: list[Offer](["impulse"]), min_length=1, max_length=3)
    goal: list[ItuGoal] = Field(min_length=1, max_length=6)
    hints: list[Words] = Field(default_factory=list, max_length=8)
    tries: Annotated[int, Field(ge=1, le=10)] = 3


@dataclass(frozen=True)
class ItuCheck:
    ok: bool
    text: str


@dataclass(frozen=True)
class ItuOutcome:
    said: str
    plan: Plan
    result: Resolved
    checks: tuple[ItuCheck, ...]
    size: BaseSize = "small"

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def flown(self) -> str:
        e = self.result.end
        why = f"; it stopped short: {STOPS[self.result.stopped]}" if self.result.stopped else ""
        area = area_name(area_of(e, self.size))
        return f"the base ends at {e.x:.0f},{e.y:.0f} facing {e.heading:.0f}, in {area}{why}"


def parse_itu_file(name: str, data: dict[str, object], error: type[TrekError]) -> ItuDrillFile:
    try:
        doc = ItuDrillFile.model_validate(data)
    except ValidationError as exc:
        fields = model_fields(ItuDrillFile, ItuShip, ItuReach, ItuFacing, ItuArea, ItuUnstopped)
        raise error(f"drill {name}: {validation_message(exc, '', fields)}") from None
    ids = [s.id for s in doc.ships]
    if len(set(ids)) != len(ids):
        raise error(f"drill {name}: ships: a ship id is used twice")
    if doc.ship not in ids:
        raise error(f"drill {name}: ship: no ship {doc.ship!r} among ships ({', '.join(ids)})")
    return doc


def plans(ship: ItuShip, offer: Sequence[str]) -> list[tuple[str, Plan]]:
    """Every plan offered, as its notation text (docs/notation.md) and the plan."""
    out: list[tuple[str, Plan]] = []
    if "impulse" in offer:
        for inches in range(1, ship.engine + 1):
            out.append((f'impulse {inches}"', ImpulsePlan(inches * INCH)))
            for turn in range(1, ship.impulse_turn + 1):
                for side in ("port", "starboard"):
                    for when in ("before", "after"):
                        out.append((f'impulse {inches}" turn {turn} {side} {when}',
                                    ImpulsePlan(inches * INCH, float(turn), side, when)))
    if "warp" in offer:
        for inches in range(1, 2 * ship.warp_drive + 1):
            factor = math.ceil(inches / 2)  # guide: up to twice the warp factor in inches
            out.append((f'warp {factor} {inches}"', WarpPlan(factor, inches * INCH)))
    if "come_about" in offer:
        for k in range(1, 8):
            heading = normalize_heading(ship.pose[2] + 45 * k)
            out.append((f"come about {heading:g}", ComeAboutPlan(heading)))
    return out


@dataclass(frozen=True)
class ItuDrill:
    name: str
    doc: ItuDrillFile

    game_title: Final = "Into the Unknown"

    @property
    def learner(self) -> ItuShip:
        return next(s for s in self.doc.ships if s.id == self.doc.ship)

    @property
    def start(self) -> Pose:
        x, y, h = self.learner.pose
        return Pose(x, y, normalize_heading(h))

    def situation(self) -> list[str]:
        lines = []
        for s in self.doc.ships:
            who = "you fly" if s.id == self.doc.ship else "on the table"
            stats = (f", engine {s.engine}\", impulse turn {notches(s.impulse_turn)}, warp drive {s.warp_drive}"
                     if s.id == self.doc.ship else "")
            x, y, h = s.pose
            where = area_name(area_of(Pose(x, y, h), s.size))
            lines.append(f"{who}: {s.id} ({s.size} base{stats}) at {x:g},{y:g},{h:g} in {where}")
        return lines + [f"goal: {g}" for g in self.goal_text()]

    def goal_text(self) -> list[str]:
        out = []
        for g in self.doc.goal:
            if isinstance(g, ItuReach):
                out.append(f"end with your base centre within {g.radius:g} mm of {g.name} ({g.x:g}, {g.y:g})")
            elif isinstance(g, ItuFacing):
                out.append(f"end facing {g.heading:g} degrees (within {g.within:g})")
            elif isinstance(g, ItuArea):
                out.append("end in the system" if g.kind == "in_system" else "end in deep space")
            else:
                out.append("fly the whole maneuver (not stopped short)")
        return out

    def choices(self) -> list[tuple[str, str]]:
        return [(text, _details(plan)) for text, plan in plans(self.learner, self.doc.offer)]

    def table(self) -> Table:
        others = []
        for s in self.doc.ships:
            if s.id != self.doc.ship:
                x, y, h = s.pose
                others.append(base_polygon(Pose(x, y, h), s.size))
        return Table(tuple(others))

    def judge(self, index: int) -> ItuOutcome:
        text, plan = plans(self.learner, self.doc.offer)[index]
        r = resolve(self.start, self.learner.size, plan, self.table())
        return ItuOutcome(text, plan, r, tuple(self._check(g, r) for g in self.doc.goal), self.learner.size)

    def ideal(self) -> list[ItuOutcome]:
        return [o for o in (self.judge(i) for i in range(len(self.choices()))) if o.ok]

    def fan_out(self) -> list[str]:
        lines = []
        me = self.start
        for i, (text, _) in enumerate(plans(self.learner, self.doc.offer)):
            r = self.judge(i).result
            dx, dy = r.end.x - me.x, r.end.y - me.y
            ahead = dx * me.forward[0] + dy * me.forward[1]
            side = dx * me.right[0] + dy * me.right[1]
            turned = (r.end.heading - me.heading + 180) % 360 - 180
            stop = f" (stopped: {r.stopped})" if r.stopped else ""
            lines.append(f"{text}: ends {ahead:.0f} mm ahead, {abs(side):.0f} mm {'right' if side >= 0 else 'left'}, "
                         f"turned {turned:+.0f} degrees{stop}")
        return lines

    def _check(self, g: ItuGoal, r: Resolved) -> ItuCheck:
        if isinstance(g, ItuReach):
            d = math.hypot(r.end.x - g.x, r.end.y - g.y)
            ok = d <= g.radius
            return ItuCheck(ok, f"your base centre ends {d:.0f} mm from {g.name}"
                                + ("" if ok else f"; it must be within {g.radius:g} mm"))
        if isinstance(g, ItuFacing):
            off = abs((r.end.heading - g.heading + 180) % 360 - 180)
            ok = off <= g.within
            return ItuCheck(ok, f"you end facing {r.end.heading:.0f} degrees, {off:.0f} from {g.heading:g}"
                                + ("" if ok else f" ({RULE_IMPULSE}: a notch turns 22.5 degrees)"))
        if isinstance(g, ItuArea):
            area = area_of(r.end, self.learner.size)
            want_system = g.kind == "in_system"
            ok = (area != DEEP_SPACE) == want_system
            why = "" if ok else f" ({RULE_BOUNDARY}: only warp crosses a boundary)" if want_system else ""
            return ItuCheck(ok, f"you end in {area_name(area)}{why}")
        if r.stopped:
            return ItuCheck(False, f"the maneuver stopped short: {STOPS[r.stopped]}")
        return ItuCheck(True, "the whole maneuver is flown")


def _details(plan: Plan) -> str:
    if isinstance(plan, ImpulsePlan):
        if not plan.turn:
            return "forward impulse straight along the ruler"
        return f"turn {notches(plan.turn)} to {plan.side} {plan.when} the advance"
    if isinstance(plan, WarpPlan):
        return f"warp factor {plan.warp_factor}: straight along the ruler, no turn"
    return "spin on the centre to face that heading"

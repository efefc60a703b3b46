"""The Into the Unknown event vocabulary: every order, maneuver, spend and phase is one of these.

Pydantic models are the schema: the engine builds them, the replay reader validates untrusted
dicts into them (bounded sizes, closed vocabularies), and the reducer folds them into state.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

from engine.io.reading import plain_text
from engine.rulesets.models import Coord as Coord
from engine.rulesets.models import PoseModel as PoseModel

# what the engine writes is plain text: a control character or a bidi override in a file is a forgery
Name = Annotated[str, Field(max_length=200), AfterValidator(plain_text)]
Ref = Annotated[str, Field(min_length=1, max_length=40)]
Small = Annotated[int, Field(ge=-1000, le=1000)]
Count = Annotated[int, Field(ge=0, le=1000)]
Side = Annotated[int, Field(ge=0, le=1)]
Reason = Annotated[str, Field(max_length=500), AfterValidator(plain_text)]
Phase = Literal["setup", "priority", "standby", "hazard", "ready", "hail", "over"]
StationRef = Literal["captains_chair", "helm", "instruments", "tactical", "engineering", "cargo_bay", "medbay"]
SectionRef = Literal["bridge", "engineering", "cargo_bay", "medbay"]
Colour = Literal["blue", "orange"]


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seq: Annotated[int, Field(ge=0)]
    round: Annotated[int, Field(ge=0, le=10_000)]
    phase: Phase
    draws: Count = 0  # random numbers this event consumed


class OfficerSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    key: Ref
    section: SectionRef
    station: StationRef | None


class ShipSetup(BaseModel):
    """A ship as the mission sets it up: its display, ID token, pose, alert and officers."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: Ref
    side: Side
    number: Annotated[int, Field(ge=1, le=99)]  # the ship ID token
    name: Name
    display: Ref
    pose: PoseModel
    alert: Count  # index on the alert dial
    officers: Annotated[tuple[OfficerSetup, ...], Field(max_length=20)]


class TokenSetup(BaseModel):
    """An objective token (with its control marker) or an anomaly token (with its hidden number)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: Ref
    x: Coord
    y: Coord
    marker: Colour | None = None
    number: Annotated[int, Field(ge=0, le=99)] = 0


class GameStarted(_Event):
    type: Literal["game_started"] = "game_started"
    mission: Name
    seed: int
    sides: tuple[Name, Name]  # the factions of side 0 and side 1
    colours: tuple[Colour, Colour]
    ships: Annotated[tuple[ShipSetup, ...], Field(max_length=40)]
    objectives: Annotated[tuple[TokenSetup, ...], Field(max_length=20)]
    anomalies: Annotated[tuple[TokenSetup, ...], Field(max_length=20)]
    priority: Side


class RoundStarted(_Event):
    type: Literal["round_started"] = "round_started"


class PhaseStarted(_Event):
    type: Literal["phase_started"] = "phase_started"
    step: Literal["", "ships", "projectiles"] = ""  # the standby phase's two parts


class Paid(BaseModel):
    """How an action's cost was paid: skill levels of the ordering officer, and reserve."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    social: Count = 0
    security: Count = 0
    technical: Count = 0
    reserve: Count = 0


class OrderGiven(_Event):
    """A priority order (an officer committed, perhaps assigned to an open station) or a standby
    order, to take ``action``; ``paid`` is how its cost was met."""

    type: Literal["order_given"] = "order_given"
    ship: Ref
    order: Literal["priority", "standby"]
    action: Name
    station: StationRef | None = None
    officer: Ref | None = None
    assigned: bool = False
    paid: Paid = Paid()
    reason: Reason = ""


class Passed(_Event):
    """A player passes in the priority phase or a standby part: no more orders from them there."""

    type: Literal["passed"] = "passed"
    side: Side


class ShipMoved(_Event):
    """A maneuver: warp (straight, ``warp_factor``), forward impulse (``turn`` notches to
    ``turn_side``, before or after the advance) or come about (a spin on the centre). ``stopped``
    says why the ship ended short of what was chosen (a ship, the sector's edge, a system
    boundary, an anomaly crossed at warp), or that it returned to its start."""

    type: Literal["ship_moved"] = "ship_moved"
    ship: Ref
    maneuver: Literal["warp", "impulse", "come_about"]
    start: PoseModel
    end: PoseModel
    distance: Annotated[float, Field(ge=0, le=2000, allow_inf_nan=False)] = 0.0  # mm advanced
    warp_factor: Count = 0
    turn: Annotated[float, Field(ge=0, le=360, allow_inf_nan=False)] = 0.0  # notches (need not be whole)
    turn_side: Literal["port", "starboard"] | None = None
    turn_when: Literal["before", "after"] | None = None
    area: Count = 0  # the area after the move: 0 deep space, else the system number
    stopped: Literal["ship", "sector", "boundary", "anomaly", "returned"] | None = None
    reserve: Count = 0  # reserve spent for a warp factor above engine power


class AlertChanged(_Event):
    type: Literal["alert_changed"] = "alert_changed"
    ship: Ref
    alert: Count  # the new index on the dial


class ReserveChanged(_Event):
    type: Literal["reserve_changed"] = "reserve_changed"
    ship: Ref
    amount: Small  # positive: regained
    why: Literal["recharge", "anomaly", "shields", "cost"]


class OfficersReadied(_Event):
    """The ready phase's second step: up to 3 committed officers of a side readied."""

    type: Literal["officers_readied"] = "officers_readied"
    side: Side
    officers: Annotated[tuple[tuple[Ref, Ref], ...], Field(max_length=3)]  # (ship, officer)


class OfficerRelocated(_Event):
    """The ready phase's third step (up to 3 per side): an officer to a section or station aboard,
    and the seat's reason (schema 2)."""

    type: Literal["officer_relocated"] = "officer_relocated"
    ship: Ref
    officer: Ref
    section: SectionRef
    station: StationRef | None
    reason: Reason = ""


class PriorityHandedOver(_Event):
    type: Literal["priority_handed_over"] = "priority_handed_over"
    to: Side


class ShipDelta(BaseModel):
    """What a test or an attack changed on one ship: dials moved by (reserve, crew steps), the hull
    dial's new position, tokens gained (negative: spent), damage cards placed at stations, the
    ship its sensor lock is now on ("" for none, None for unchanged)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    ship: Ref
    reserve: Small = 0
    crew: Small = 0
    hull: Count | None = None
    advantage: Small = 0
    peril: Small = 0
    cards: Annotated[tuple[tuple[Name, StationRef], ...], Field(max_length=20)] = ()
    repaired: Annotated[tuple[Name, ...], Field(max_length=20)] = ()  # damage cards discarded
    lock: Annotated[str, Field(max_length=40)] | None = None


class Effects(BaseModel):
    """What an event changed: ships, victory and negative victory points, the influence track,
    control markers on objectives (objective, new marker or None) and the directives."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    ships: Annotated[tuple[ShipDelta, ...], Field(max_length=10)] = ()
    victory: tuple[Count, Count] = (0, 0)
    negative: tuple[Count, Count] = (0, 0)
    influence: Small = 0
    markers: Annotated[tuple[tuple[Ref, Colour | None], ...], Field(max_length=20)] = ()
    hostile: tuple[bool, bool] = (False, False)  # the side's directive flips to its HOSTILE side


class DieModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["intuition", "expertise"]
    face: Literal["blank", "analysis", "success", "double", "breakthrough", "discovery"]


class StepModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    how: Literal["allowance", "lock", "relentless", "pulse", "discovery", "advantage", "peril"]
    index: Annotated[int, Field(ge=0, le=100)]
    face: Literal["blank", "analysis", "success", "double", "breakthrough", "discovery"]


class TestMade(_Event):
    """A test (guide, "Making a Test"): who leads it, the stat and skill, the difficulty, every die
    rolled and every change to the pool, the outcome and what its results were spent on."""

    type: Literal["test_made"] = "test_made"
    ship: Ref
    test: Name
    leader: Ref | None = None
    stat: Literal["command", "ops", "science"]
    skill: Name = ""
    difficulty: Count
    dice: Annotated[tuple[DieModel, ...], Field(max_length=40)]
    steps: Annotated[tuple[StepModel, ...], Field(max_length=100)] = ()
    success: bool
    spent: Annotated[tuple[Name, ...], Field(max_length=20)] = ()  # kickers and results spent, as words
    effects: Effects = Effects()
    target: Ref | None = None  # the objective or ship tested against


class AttackMade(_Event):
    """An attack with a beam (guide, "Making an Attack"): weapon, target and end, the arc it counts
    in, power spent, the dice and their changes, hit or miss, damage, shields spent, and every effect of it."""

    type: Literal["attack_made"] = "attack_made"
    ship: Ref
    leader: Ref | None = None
    weapon: Name
    target: Ref
    end: Literal["fore", "aft"] | None  # None: the target is a projectile (schema 3)
    arc: Name  # the weapon's arc the attack counts in: the seat's choice (schema 4)
    range: Annotated[float, Field(ge=0, le=5000, allow_inf_nan=False)]
    weapons_power: Count = 0
    reserve: Count = 0
    dice: Annotated[tuple[DieModel, ...], Field(max_length=40)]
    steps: Annotated[tuple[StepModel, ...], Field(max_length=100)] = ()
    hit: bool
    damage: Count = 0
    shields: Count = 0  # damage canceled by the defender's reserve
    spent: Annotated[tuple[Name, ...], Field(max_length=20)] = ()
    effects: Effects = Effects()


class AnomalyExposed(_Event):
    """An anomaly token flipped face up (a ship crossed it at warp, or began the hazard phase at 2"
    of it) and resolved on the ships at 2" of it (in ``effects``), then removed."""

    type: Literal["anomaly_exposed"] = "anomaly_exposed"
    anomaly: Ref
    number: Annotated[int, Field(ge=0, le=99)]
    ship: Ref
    effects: Effects = Effects()


class EffectsResolved(_Event):
    """Effects with no test or attack of their own: the ready phase's peril removed by advantage, a
    freighter's integrity, the directives' points at the end of the game (``why`` says which)."""

    type: Literal["effects_resolved"] = "effects_resolved"
    why: Reason
    effects: Effects
    objective_removed: Ref | None = None


class ProjectileLaunched(_Event):
    """A torpedo launched by FIRE WEAPONS (guide, "Launching Projectiles"): the launcher, the end and
    the tool's turn, the power spent, where the token lies, its endurance; a hostile act."""

    type: Literal["projectile_launched"] = "projectile_launched"
    ship: Ref
    launcher: Name
    projectile: Ref
    kind: Ref
    end: Literal["fore", "aft"]
    turn: Annotated[float, Field(ge=-20, le=20, allow_inf_nan=False)] = 0.0
    pose: PoseModel
    endurance: Count
    weapons_power: Count = 0
    reserve: Count = 0
    effects: Effects = Effects()


class ProjectileMoved(_Event):
    """A projectile's standby order: engage impulse along a side, at full engine power (Inertia),
    ending against the ruler on that side or across it; its endurance after the move."""

    type: Literal["projectile_moved"] = "projectile_moved"
    projectile: Ref
    side: Literal["port", "starboard", "fore_port", "fore_starboard"]
    across: bool = False
    start: PoseModel
    end: PoseModel
    distance: Annotated[float, Field(ge=0, le=2000, allow_inf_nan=False)] = 0.0
    crossed_boundary: bool = False
    endurance: Count
    stopped: Literal["unit", "sector", "returned"] | None = None


class ProjectileRemoved(_Event):
    """A projectile leaves play: it detonated (its blast attacks follow), ran out of endurance, or was
    destroyed."""

    type: Literal["projectile_removed"] = "projectile_removed"
    projectile: Ref
    why: Literal["detonated", "endurance", "destroyed"]


class ComplicationRevealed(_Event):
    """The overture ends: the complication the influence track points to, and its setup."""

    type: Literal["complication_revealed"] = "complication_revealed"
    complication: Literal["outpost_ambush", "rescue_op"]
    objectives: Annotated[tuple[tuple[Ref, Colour | None], ...], Field(max_length=20)]  # those that remain
    directives: tuple[Literal["calm", "hostile"], Literal["calm", "hostile"]]


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    winner: Side | None
    scores: tuple[Small, Small]
    why: Reason = ""


ItuEvent = Annotated[
    GameStarted | RoundStarted | PhaseStarted | OrderGiven | Passed | ShipMoved | AlertChanged | ReserveChanged
    | OfficersReadied | OfficerRelocated | PriorityHandedOver | TestMade | AttackMade | AnomalyExposed
    | EffectsResolved | ComplicationRevealed | ProjectileLaunched | ProjectileMoved | ProjectileRemoved | GameEnded,
    Field(discriminator="type")]

EVENTS: TypeAdapter[ItuEvent] = TypeAdapter(ItuEvent)

"""The Into the Unknown event vocabulary: every order, maneuver, spend and phase is one of these.

Pydantic models are the schema: the engine builds them, the replay reader validates untrusted
dicts into them (bounded sizes, closed vocabularies), and the reducer folds them into state.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.geometry.pose import Pose

Name = Annotated[str, Field(max_length=200)]
Ref = Annotated[str, Field(min_length=1, max_length=40)]
Coord = Annotated[float, Field(ge=-1e6, le=1e6, allow_inf_nan=False)]
Small = Annotated[int, Field(ge=-1000, le=1000)]
Count = Annotated[int, Field(ge=0, le=1000)]
Side = Annotated[int, Field(ge=0, le=1)]
Reason = Annotated[str, Field(max_length=500)]
Phase = Literal["setup", "priority", "standby", "hazard", "ready", "hail", "over"]
StationRef = Literal["captains_chair", "helm", "instruments", "tactical", "engineering", "cargo_bay", "medbay"]
SectionRef = Literal["bridge", "engineering", "cargo_bay", "medbay"]
Colour = Literal["blue", "orange"]


class PoseModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    x: Coord
    y: Coord
    heading: Annotated[float, Field(ge=0, lt=360, allow_inf_nan=False)]

    @classmethod
    def of(cls, pose: Pose) -> PoseModel:
        return cls(x=round(pose.x, 4), y=round(pose.y, 4), heading=round(pose.heading, 6) % 360.0)

    def pose(self) -> Pose:
        return Pose(self.x, self.y, self.heading)


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
    """The ready phase's third step (up to 3 per side): an officer to a section or station aboard."""

    type: Literal["officer_relocated"] = "officer_relocated"
    ship: Ref
    officer: Ref
    section: SectionRef
    station: StationRef | None


class PriorityHandedOver(_Event):
    type: Literal["priority_handed_over"] = "priority_handed_over"
    to: Side


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    winner: Side | None
    scores: tuple[Small, Small]
    why: Reason = ""


ItuEvent = Annotated[
    GameStarted | RoundStarted | PhaseStarted | OrderGiven | Passed | ShipMoved | AlertChanged | ReserveChanged
    | OfficersReadied | OfficerRelocated | PriorityHandedOver | GameEnded,
    Field(discriminator="type")]

EVENTS: TypeAdapter[ItuEvent] = TypeAdapter(ItuEvent)

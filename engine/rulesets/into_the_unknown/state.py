"""The state of an Into the Unknown game: ships with their dials, officers and tokens; the
objectives, anomalies, influence track, directives, scores and the priority token.

Frozen pydantic models: the keyframes of a replay are these models as plain data, validated
when read. Dials are stored as positions (indices into the ship display's dial), so the numbers
they show always come from ``displays``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.rulesets.into_the_unknown.displays import DISPLAYS, OFFICERS, AlertPosition, ShipDisplay
from engine.rulesets.into_the_unknown.events import (
    Colour,
    Count,
    Name,
    Phase,
    PoseModel,
    Ref,
    SectionRef,
    Side,
    StationRef,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class OfficerState(_Frozen):
    key: Ref
    section: SectionRef
    station: StationRef | None
    committed: bool = False
    trauma: Count = 0

    @field_validator("key")
    @classmethod
    def _known(cls, key: str) -> str:
        if key not in OFFICERS:
            raise ValueError(f"unknown officer {key!r}")
        return key

    @property
    def incapacitated(self) -> bool:
        return self.trauma >= OFFICERS[self.key].health


class ShipState(_Frozen):
    id: Ref
    side: Side
    number: Annotated[int, Field(ge=1, le=99)]
    name: Name
    display: Ref
    pose: PoseModel
    area: Count  # 0 deep space, else the number of the system it is in
    hull: Count  # position on the hull dial (0: full)
    crew: Count  # position on the crew dial
    reserve: Count
    alert: Count  # position on the alert dial
    officers: Annotated[tuple[OfficerState, ...], Field(max_length=20)]
    advantage: Count = 0
    peril: Count = 0
    standby_given: bool = False
    fired: bool = False  # took FIRE WEAPONS this round
    cards: Annotated[tuple[tuple[Name, StationRef], ...], Field(max_length=20)] = ()  # damage cards at stations
    lock: Annotated[str, Field(max_length=40)] | None = None  # the unit its sensor lock is on

    @field_validator("display")
    @classmethod
    def _known(cls, key: str) -> str:
        if key not in DISPLAYS:
            raise ValueError(f"unknown ship display {key!r}")
        return key

    @model_validator(mode="after")
    def _on_its_dials(self) -> ShipState:
        card = DISPLAYS[self.display]
        for dial, at, size in (("hull", self.hull, len(card.hull_dial)), ("crew", self.crew, len(card.crew_dial)),
                               ("alert", self.alert, len(card.alert_dial)), ("reserve", self.reserve,
                                                                            card.reserve_max + 1)):
            if at >= size:
                raise ValueError(f"{self.name}'s {dial} dial has no position {at}")
        return self

    @property
    def card(self) -> ShipDisplay:
        return DISPLAYS[self.display]

    @property
    def stats(self) -> AlertPosition:
        """The alert stats its dial shows now."""
        return self.card.alert_dial[self.alert]

    @property
    def hull_value(self) -> int:
        return self.card.hull_dial[self.hull].value

    @property
    def crew_stats(self) -> tuple[int, int, int]:
        """(command, ops, science) on the crew dial now."""
        return self.card.crew_dial[self.crew]

    @property
    def destroyed(self) -> bool:
        return self.card.hull_dial[self.hull].status == "destroyed"

    @property
    def disabled(self) -> bool:
        """At or past a hull step with the disabled icon (guide, "Damage Icons")."""
        return any("disabled" in step.icons for step in self.card.hull_dial[:self.hull + 1])

    def offline(self, station: str) -> bool:
        """A damage card at the station takes it offline."""
        return any(at == station for _, at in self.cards)

    def officer(self, key: str) -> OfficerState:
        for officer in self.officers:
            if officer.key == key:
                return officer
        raise ValueError(f"{self.name} has no officer {key!r} aboard")

    def at_station(self, station: str) -> OfficerState | None:
        for officer in self.officers:
            if officer.station == station:
                return officer
        return None


class ProjectileState(_Frozen):
    """A projectile in play: whose, which card, where its token lies, its endurance marker."""

    id: Ref
    side: Side
    kind: Ref
    pose: PoseModel
    endurance: Count
    launched_by: Ref
    moved: bool = False  # given its standby order this round


class VolleyState(_Frozen):
    """The FIRE WEAPONS action a ship is resolving (guide, "Making an Attack" step 4, "Weapons"): the
    officer leading it, the weapons power and reserve spent so far in it, and each attack made, as
    (weapon, the arc it was made in, or the launcher's end)."""

    ship: Ref
    leader: Ref | None = None
    power: Count = 0
    reserve: Count = 0
    attacks: Annotated[tuple[tuple[Name, Name], ...], Field(max_length=40)] = ()


class ObjectiveState(_Frozen):
    id: Ref
    x: float
    y: float
    marker: Colour | None


class AnomalyState(_Frozen):
    id: Ref
    x: float
    y: float
    number: Annotated[int, Field(ge=0, le=99)]
    exposed: bool = False


class ItuState(_Frozen):
    seq: int = -1
    round: Annotated[int, Field(ge=0, le=10_000)] = 0
    phase: Phase = "setup"
    mission: Name = ""
    seed: int = 0
    drawn: Count = 0  # random numbers drawn so far (the generator's state with ``seed``)
    sides: tuple[Name, Name] = ("", "")
    colours: tuple[Colour, Colour] = ("blue", "orange")
    ships: Annotated[tuple[ShipState, ...], Field(max_length=40)] = ()
    objectives: Annotated[tuple[ObjectiveState, ...], Field(max_length=20)] = ()
    anomalies: Annotated[tuple[AnomalyState, ...], Field(max_length=20)] = ()
    projectiles: Annotated[tuple[ProjectileState, ...], Field(max_length=40)] = ()
    launched: Count = 0  # projectiles launched so far (their ids count up)
    priority: Side = 0  # the side holding the priority token
    passed: tuple[bool, bool] = (False, False)
    influence: Annotated[int, Field(ge=-100, le=100)] = 0  # positive: toward side 0's end of the track
    directives: tuple[Literal["calm", "hostile"], Literal["calm", "hostile"]] = ("calm", "calm")
    victory_points: tuple[Count, Count] = (0, 0)
    negative_points: tuple[Count, Count] = (0, 0)
    complication: Literal["outpost_ambush", "rescue_op"] | None = None
    volley: VolleyState | None = None  # the FIRE WEAPONS action being resolved, if any
    readied: tuple[Count, Count] = (0, 0)  # officers each side readied this ready phase (1 if none: done)
    relocated: tuple[Count, Count] = (0, 0)  # officers each side relocated in this ready phase
    over: bool = False
    winner: Side | None = None

    def ship(self, ship_id: str) -> ShipState:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise ValueError(f"no ship {ship_id!r} in the game")

    def with_ship(self, ship: ShipState) -> ItuState:
        """The state with ``ship`` replacing the ship of its id."""
        self.ship(ship.id)
        return self.model_copy(update={"ships": tuple(ship if s.id == ship.id else s for s in self.ships)})

    def score(self, side: int) -> int:
        return self.victory_points[side] - self.negative_points[side]

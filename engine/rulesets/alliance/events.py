"""Alliance events: every Enemy AI decision with its inputs, formations, missions.

The Alliance log is the Attack Wing log (every Attack Wing event type, unchanged) plus these.
``EVENT_MEMBERS`` is built from the Attack Wing ``Event`` union, so an event type added to
Attack Wing is an Alliance event type too.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, Protocol, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.state import Phase

Name = ev.Name
ShipRef = ev.ShipRef
Reason = ev.Reason
Small = ev.Small
Mm = Annotated[float, Field(ge=0, le=1e6, allow_inf_nan=False)]
Degrees = Annotated[float, Field(ge=-360, le=360, allow_inf_nan=False)]
Sector = Annotated[int, Field(ge=0, le=7)]
Die = Annotated[int, Field(ge=1, le=6)]
Colour = Literal["green", "white", "red"]
Edge = Literal["north", "south", "east", "west"]
TokenKind = Annotated[str, Field(min_length=1, max_length=40)]

BaseEvent = ev._Event  # seq, round, phase, draws: the base of every Attack Wing and Alliance event


class AnyEvent(Protocol):
    """What every event of the Alliance log has (Attack Wing's and the Alliance's own)."""

    @property
    def type(self) -> str: ...

    @property
    def seq(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def draws(self) -> int: ...

    def model_dump(self, *, mode: str = ...) -> dict[str, Any]: ...


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- deployment ---------------------------------------------------------------------------------

class LoadoutDealt(_Record):
    """The Enemy Loadout card an Enemy AI ship was dealt, and its side."""

    ship: ShipRef
    logic: Name  # the Enemy Logic card key
    number: Annotated[int, Field(ge=0, le=1000)]  # the ship's ID Token number
    card: Annotated[int, Field(ge=1, le=100)]  # which of the type's loadout cards (1/6 ... 6/6)
    elite: bool
    ability: Name = ""  # key of the elite ability ("" for none)
    text: Reason = ""


class FormationDeployed(BaseEvent):
    """An Enemy Formation is placed at a bearing arrow (at setup, or as reinforcements)."""

    type: Literal["formation_deployed"] = "formation_deployed"
    formation: Name
    orders: Name
    bearing: Annotated[int, Field(ge=1, le=100)]
    bearing_rule: Name  # as the Enemy Ships table gives it: "3", "Roll", "1/2"
    bearing_roll: Annotated[int, Field(ge=0, le=100)] = 0  # the die that chose it (0: none rolled)
    ships: tuple[ShipRef, ...]  # in deployment slot order A, B, C, D...
    slots: tuple[Name, ...]
    loadouts: tuple[LoadoutDealt, ...]


class ReinforcementsArrived(BaseEvent):
    """Enemy ships that join the game after it started (Reinforcements Phase)."""

    type: Literal["reinforcements_arrived"] = "reinforcements_arrived"
    formation: Name
    ships: tuple[ev.ShipSetup, ...] = Field(min_length=1, max_length=20)


# --- the Enemy AI's decisions -----------------------------------------------------------------

class TargetCandidate(_Record):
    ship: ShipRef
    band: Annotated[int, Field(ge=1, le=4)]  # 4: beyond Range 3
    distance: Mm
    ahead: Annotated[float, Field(ge=0, le=180)]  # degrees off dead ahead
    touching: bool = False
    defense_dice: Annotated[int, Field(ge=0, le=100)] | None = None  # combat: dice the target would roll
    note: Reason = ""


class EnemyTargetChosen(BaseEvent):
    """Choose Maneuver step 1 (``purpose="maneuver"``) or Combat step 2 (``purpose="attack"``)."""

    type: Literal["enemy_target_chosen"] = "enemy_target_chosen"
    ship: ShipRef
    purpose: Literal["maneuver", "attack"]
    orders: Name = "attack"
    target: ShipRef | None
    reason: Reason
    candidates: tuple[TargetCandidate, ...] = ()
    formation: Name | None = None  # the ship decides for its whole (unbroken) formation
    followers: tuple[ShipRef, ...] = ()


class EnemyDirection(BaseEvent):
    """Choose Maneuver step 2: the target's direction (sector) and range (ring)."""

    type: Literal["enemy_direction"] = "enemy_direction"
    ship: ShipRef
    target: ShipRef
    bearing: Degrees  # relative bearing of the target's centre, clockwise from dead ahead
    sectors: tuple[Sector, ...]  # every sector the target's base overlaps
    sector: Sector
    direction: Name  # the sector's name ("front-left")
    tie_break: Reason
    random_roll: Annotated[int, Field(ge=0, le=100)] = 0  # the die of a random tie-break (0: none)
    band: Annotated[int, Field(ge=1, le=4)]
    distance: Mm
    closing: bool
    ring: Literal["inner", "outer"]
    ring_reason: Reason
    table: Name  # the right-hand table used ("front-right")
    mirrored: bool  # a left-hand sector: the table's maneuvers are flipped


class EnemyManeuverRolled(BaseEvent):
    """The d6 on the chosen maneuver table and the maneuver it gave."""

    type: Literal["enemy_maneuver_rolled"] = "enemy_maneuver_rolled"
    ship: ShipRef
    die: Die
    table: Name
    ring: Literal["inner", "outer"]
    row: Name  # the row's d6 results, "2-3"
    glyph: Name  # the row as printed, "39"
    mirrored: bool
    kind: Name
    speed: Small
    colour: Colour


class FormationManeuver(BaseEvent):
    """A ship in an unbroken formation takes its leader's target and maneuver."""

    type: Literal["formation_maneuver"] = "formation_maneuver"
    ship: ShipRef
    formation: Name
    leader: ShipRef
    target: ShipRef | None
    kind: Name
    speed: Small
    colour: Colour


class SwerveOption(_Record):
    kind: Name
    speed: Small
    clear: bool  # avoids every damaging obstacle
    obstacles: tuple[Name, ...] = ()
    note: Reason = ""


class Swerved(BaseEvent):
    """Swerving to Avoid Obstacles: the rolled maneuver would cross an obstacle; the substitutes
    tried, and the one performed (the original when none is clear)."""

    type: Literal["swerved"] = "swerved"
    ship: ShipRef
    kind: Name  # the maneuver that would have hit
    speed: Small
    obstacles: tuple[Name, ...]
    options: tuple[SwerveOption, ...]
    to_kind: Name  # what the ship performs
    to_speed: Small
    colour: Colour
    swerved: bool  # False: no substitute was clear, the original is performed
    reason: Reason


class EdgePlaced(BaseEvent):
    """Swerving to Avoid Board Edges: placed outside the edge where it left, facing in; a red maneuver."""

    type: Literal["edge_placed"] = "edge_placed"
    ship: ShipRef
    edge: Edge
    start: ev.PoseModel  # where the maneuver would have left it
    end: ev.PoseModel


class ShipRetreated(BaseEvent):
    """A ship leaves play by a retreat the mission allows (not destroyed)."""

    type: Literal["ship_retreated"] = "ship_retreated"
    ship: ShipRef
    edge: Edge | None = None  # None: the mission's automatic retreat
    cause: Reason


class FormationBroken(BaseEvent):
    """Ships leave a formation (facing apart) or the whole formation breaks (hull damage)."""

    type: Literal["formation_broken"] = "formation_broken"
    formation: Name
    ships: tuple[ShipRef, ...]  # the ships that now act on their own
    whole: bool  # the formation is broken for good
    cause: Reason


class RuleCheck(_Record):
    rule: Annotated[int, Field(ge=1, le=20)]
    text: Reason
    applies: bool
    why: Reason


class EnemyActionRule(BaseEvent):
    """Choose Action: the entries checked in order and the first that applies."""

    type: Literal["enemy_action_rule"] = "enemy_action_rule"
    ship: ShipRef
    rule: Annotated[int, Field(ge=0, le=20)]  # 1-based entry performed; 0: none could be performed
    action: Name
    checks: tuple[RuleCheck, ...]


# --- missions -----------------------------------------------------------------------------------

class MissionTokenCollected(BaseEvent):
    type: Literal["mission_token_collected"] = "mission_token_collected"
    ship: ShipRef
    token: TokenKind  # "odd", "even"
    location: Name  # the map label, "C"
    cause: Reason = ""


class MissionTokensLost(BaseEvent):
    type: Literal["mission_tokens_lost"] = "mission_tokens_lost"
    ship: ShipRef
    tokens: tuple[TokenKind, ...]
    cause: Reason


class MissionObjective(BaseEvent):
    type: Literal["mission_objective"] = "mission_objective"
    objective: Name
    done: bool
    detail: Reason


class PlayerXp(_Record):
    ship: ShipRef
    xp: Annotated[int, Field(ge=0, le=1000)]
    why: Reason = ""


class MissionEnded(BaseEvent):
    type: Literal["mission_ended"] = "mission_ended"
    mission: Name
    success: bool
    reason: Reason
    returned: tuple[TokenKind, ...]  # mission tokens brought back
    xp: tuple[PlayerXp, ...]


ALLIANCE_EVENTS: Final[tuple[type[BaseEvent], ...]] = (
    FormationDeployed, ReinforcementsArrived, EnemyTargetChosen, EnemyDirection, EnemyManeuverRolled,
    FormationManeuver, Swerved, EdgePlaced, ShipRetreated, FormationBroken, EnemyActionRule,
    MissionTokenCollected, MissionTokensLost, MissionObjective, MissionEnded,
)
ATTACK_WING_EVENTS: Final[tuple[type[BaseEvent], ...]] = tuple(get_args(get_args(ev.Event)[0]))
EVENT_MEMBERS: Final = (*ATTACK_WING_EVENTS, *ALLIANCE_EVENTS)
ALLIANCE_EVENT_TYPES: Final[tuple[str, ...]] = tuple(str(m.model_fields["type"].default) for m in ALLIANCE_EVENTS)
EVENT_TYPES: Final[tuple[str, ...]] = tuple(str(m.model_fields["type"].default) for m in EVENT_MEMBERS)
assert len(set(EVENT_TYPES)) == len(EVENT_TYPES), "an Alliance event type repeats an Attack Wing one"

# The discriminated union of every Alliance event, built at import time from the member tuple.
EventUnion: Any = Annotated[Union[EVENT_MEMBERS], Field(discriminator="type")]  # noqa: UP007
EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(EventUnion)


def event_from_dict(raw: dict[str, Any]) -> AnyEvent:
    """Validate a raw event (as read from a replay); raises pydantic's ValidationError."""
    event: AnyEvent = EVENT_ADAPTER.validate_python(raw)
    return event


def event_to_dict(event: AnyEvent) -> dict[str, Any]:
    return event.model_dump(mode="json")

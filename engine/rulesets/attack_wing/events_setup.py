"""Attack Wing events of the game's frame: the ships set up and placed, rounds and phases started, the round
and the game ended."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.rulesets.attack_wing.events_base import Name, Reason, ShipRef, Small, _Event
from engine.rulesets.models import PoseModel

# a firing arc's width: a finite angle of a turn at most (an infinite one has no edges to draw)
ArcDegrees = Annotated[float, Field(ge=0, le=360, allow_inf_nan=False)]


class WeaponSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    upgrade_id: Name
    name: Name
    attack: Small
    range_min: Small
    range_max: Small
    # "any": in any direction (a 360-degree arc); "outside_front": at a ship not in the forward arc
    arcs: tuple[Literal["front", "rear", "any", "outside_front"], ...]
    needs_target_lock: bool
    time: Annotated[int, Field(ge=0, le=9)] = 0  # Time Tokens placed on the card to fire (not disabled)


class ShipSetup(BaseModel):
    """A ship as it enters the game: the numbers it uses, from the catalog and its cards."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: ShipRef
    side: Annotated[int, Field(ge=0, le=1)]
    name: Name
    ship_id: Name
    class_name: Name
    faction: Name
    base: Literal["small", "large"]
    captain: Name
    skill: Small
    attack: Small
    agility: Small
    hull: Small
    shields: Small
    cost: Small
    actions: tuple[Name, ...]
    front_arc: ArcDegrees | None
    rear_arc: ArcDegrees | None
    has_360_arc: bool
    dial: tuple[tuple[Name, Small, Literal["green", "white", "red"]], ...]
    weapons: tuple[WeaponSetup, ...] = ()
    upgrades: tuple[Name, ...] = ()
    cards: Annotated[tuple[Name, ...], Field(max_length=40)] = ()  # catalog ids of its cards


class GameStarted(_Event):
    type: Literal["game_started"] = "game_started"
    ships: tuple[ShipSetup, ...]
    round_limit: Small
    deck: tuple[Name, ...]  # the shuffled damage deck, top first


class ShipPlaced(_Event):
    type: Literal["ship_placed"] = "ship_placed"
    ship: ShipRef
    pose: PoseModel


class RoundStarted(_Event):
    type: Literal["round_started"] = "round_started"


class PhaseStarted(_Event):
    type: Literal["phase_started"] = "phase_started"


class RoundEnded(_Event):
    type: Literal["round_ended"] = "round_ended"


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    winner: Annotated[int, Field(ge=0, le=1)] | None
    reason: Reason
    points: tuple[Small, Small]
    ships_lost: tuple[Small, Small]

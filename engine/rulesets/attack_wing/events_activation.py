"""Attack Wing events of planning and activation: dials, maneuvers revealed and performed, tokens,
actions, target locks, cloaks, shields, sensor echoes, repairs, obstacle and Console Fire dice, mines."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.rulesets.attack_wing.events_base import Name, Reason, ShipRef, Small, _Event
from engine.rulesets.models import PoseModel


class DialSet(_Event):
    """Planning: the maneuver a ship's dial is set to (secret until revealed)."""

    type: Literal["dial_set"] = "dial_set"
    ship: ShipRef
    kind: Name
    speed: Small
    reason: Reason = ""


class ShipActivated(_Event):
    type: Literal["ship_activated"] = "ship_activated"
    ship: ShipRef


class ManeuverRevealed(_Event):
    """The dial is revealed; under auxiliary power a red maneuver becomes a white 2 straight."""

    type: Literal["maneuver_revealed"] = "maneuver_revealed"
    ship: ShipRef
    kind: Name
    speed: Small
    colour: Literal["green", "white", "red"]
    replaced: bool = False  # red under auxiliary power: dealt a face-up card, does a white 2 straight


class ShipMoved(_Event):
    type: Literal["ship_moved"] = "ship_moved"
    ship: ShipRef
    kind: Name
    speed: Small
    start: PoseModel
    end: PoseModel
    progress: Annotated[float, Field(ge=0, le=1)]
    changed_from: tuple[Name, Small] | None = None  # a come about that overlapped -> a straight
    bumped: tuple[ShipRef, ...] = ()
    touching: tuple[ShipRef, ...] = ()
    obstacles: tuple[Name, ...] = ()
    planets: tuple[Name, ...] = ()
    fled: bool = False


class ShipNudged(_Event):
    """The players set a ship where it stood on the real table, not where the templates put it
    (a notation's placement line, e.g. after a bump dispute): never emitted in AI games."""

    type: Literal["ship_nudged"] = "ship_nudged"
    ship: ShipRef
    start: PoseModel  # where the engine had it
    end: PoseModel  # where the table has it
    reason: Reason


class TokensChanged(_Event):
    """Tokens beside a ship change: evade, scan, battle_stations, aux_power (delta may be negative)."""

    type: Literal["tokens_changed"] = "tokens_changed"
    ship: ShipRef
    token: Literal["evade", "scan", "battle_stations", "aux_power", "muon", "dampening"]
    delta: Small
    cause: Name


class ActionPerformed(_Event):
    type: Literal["action_performed"] = "action_performed"
    ship: ShipRef
    action: Name
    target: ShipRef | None = None
    reason: Reason = ""


class ActionSkipped(_Event):
    type: Literal["action_skipped"] = "action_skipped"
    ship: ShipRef
    cause: Name


class TargetLockAcquired(_Event):
    type: Literal["target_lock_acquired"] = "target_lock_acquired"
    ship: ShipRef
    target: ShipRef


class TargetLockRemoved(_Event):
    type: Literal["target_lock_removed"] = "target_lock_removed"
    ship: ShipRef
    cause: Name


class CloakChanged(_Event):
    type: Literal["cloak_changed"] = "cloak_changed"
    ship: ShipRef
    cloak: Literal["none", "green", "red"]
    beside: bool = False
    cause: Name


class ShieldsChanged(_Event):
    """Shields disabled (cloak) or restored (end phase, dropping the cloak)."""

    type: Literal["shields_changed"] = "shields_changed"
    ship: ShipRef
    disabled: Small  # the ship's disabled shields after the change
    active: Small  # the ship's active shields after the change
    cause: Name


class SensorEcho(_Event):
    type: Literal["sensor_echo"] = "sensor_echo"
    ship: ShipRef
    start: PoseModel
    end: PoseModel
    speed: Annotated[int, Field(ge=1, le=2)]


class DamageRepaired(_Event):
    """Regenerate repairs a damage card; an action flips a face-up card face down."""

    type: Literal["damage_repaired"] = "damage_repaired"
    ship: ShipRef
    index: Annotated[int, Field(ge=0, le=100)]
    flipped: bool  # True: flipped face down; False: discarded
    cause: Name


class ObstacleRolled(_Event):
    """One attack die rolled against a ship whose maneuver met an obstacle."""

    type: Literal["obstacle_rolled"] = "obstacle_rolled"
    ship: ShipRef
    obstacle: Name
    face: Literal["hit", "crit", "battle_stations", "blank"]


class MinePlaced(_Event):
    """A Minefield Token placed in the play area by a card (Antimatter Mines), after its ``ability_used``."""

    type: Literal["mine_placed"] = "mine_placed"
    ship: ShipRef  # the ship whose card placed it
    card: Name
    mine: ShipRef  # "M1"
    x: Annotated[float, Field(ge=-10_000, le=10_000, allow_inf_nan=False)]  # the token's centre, mm
    y: Annotated[float, Field(ge=-10_000, le=10_000, allow_inf_nan=False)]


class MineTriggered(_Event):
    """A minefield's attack dice at a ship placed on or entering it: no defense dice; its hits and
    crits follow as ``damage_dealt`` (tournament rulings 41-45)."""

    type: Literal["mine_triggered"] = "mine_triggered"
    ship: ShipRef  # the ship attacked
    mine: ShipRef
    card_name: Name
    faces: Annotated[tuple[Literal["hit", "crit", "battle_stations", "blank"], ...], Field(max_length=20)]


class ConsoleFireRolled(_Event):
    """Console Fire burns at the start of the Combat Phase: one attack die, a hit or crit is one damage."""

    type: Literal["console_fire_rolled"] = "console_fire_rolled"
    ship: ShipRef
    face: Literal["hit", "crit", "battle_stations", "blank"]

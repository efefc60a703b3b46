"""Fleet Captains events: every draw, roll, test, choice and change of the game, as data.

Each event carries the ``turn`` it belongs to (0: setup). The reducer (``reducer.apply``) is
the only way the state changes; the game (``game.py``) works out events and folds them.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

from engine.io.reading import plain_text

# what the engine writes is plain text: a control character or a bidi override in a file is a forgery
Name = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(plain_text)]
Text = Annotated[str, Field(max_length=400), AfterValidator(plain_text)]
Side = Annotated[int, Field(ge=0, le=1)]
Die = Annotated[int, Field(ge=1, le=6)]
Count = Annotated[int, Field(ge=0, le=10_000)]
Delta = Annotated[int, Field(ge=-100, le=100)]
Names = Annotated[tuple[Name, ...], Field(max_length=200)]
Pile = Literal["command_deck", "hand", "command_discard", "trash", "mission_deck", "missions", "mission_discard",
               "completed", "tiles", "encounter_deck", "encounter_discard", "science", "combat", "influence",
               "fleet_deck", "draft_discard", "reinforcements", "cargo", "cargo_spent"]
TestKind = Literal["system", "opposed", "breakaway", "evasion", "combat", "scan", "transporter", "encounter"]
Action = Literal["cloaking", "combat", "influence", "reinforcement", "repair", "scan", "transporter", "system_test"]


Setting = Annotated[int, Field(ge=0, le=9)]  # a setting of the ship's alert status on its dial
InstallationKind = Literal["outpost", "colony", "starbase"]


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: Annotated[int, Field(ge=0, le=10_000_000)] = 0  # the event's place in the log, from 0
    turn: Count = 0


class _SideEvent(_Event):
    """An event of one side (a player)."""

    side: Side


class _ShipEvent(_Event):
    """An event of one ship."""

    ship: Name


class _ShipsEvent(_Event):
    """An event of the ships of one move (one ship, or a task force)."""

    ships: Names


class _StepEvent(_Event):
    """Something going from one place (a location, ship or pile) to another."""

    source: Name
    dest: Name


class _PlaceEvent(_SideEvent):
    """A side's change at a location."""

    location: Name


class GameStarted(_Event):
    """Setup begins: the factions of side 0 and 1 and the fleet size (the VP target)."""

    type: Literal["game_started"] = "game_started"
    factions: tuple[Name, Name]
    fleet_size: Annotated[int, Field(ge=1, le=60)]
    edition: Annotated[int, Field(ge=1, le=2)] = 2  # the box's cards (content.EDITION_2): 1 for schema 1 files


class Shuffled(_Event):
    """A pile shuffled (``side`` None: a shared pile) into ``order``, top card first."""

    type: Literal["shuffled"] = "shuffled"
    pile: Pile
    side: Side | None = None
    order: Names


class MapLaid(_Event):
    """The top tiles of the shuffled pile laid face down, one per map position in row order."""

    type: Literal["map_laid"] = "map_laid"
    tiles: Names


class Drafted(_SideEvent):
    """The top ship card of a fleet deck drawn during the muster: kept (as ``ship``) or discarded."""

    type: Literal["drafted"] = "drafted"
    card: Name
    ship: Name | None
    reason: Text = ""


class Redrafted(_SideEvent):
    """The fleet deck ran out before the fleet size was met and the player restarts the draft:
    every ship card (kept or discarded) goes back into the fleet deck (shuffled next)."""

    type: Literal["redrafted"] = "redrafted"


class Chosen(_SideEvent):
    """A player's decision: what was asked (``kind``), the option picked and the seat's reason."""

    type: Literal["chosen"] = "chosen"
    kind: Name
    choice: Text
    reason: Text = ""


class CardsMoved(_Event):
    """Cards go from one pile to another (a draw takes the top ones): ``why`` says what for."""

    type: Literal["cards_moved"] = "cards_moved"
    side: Side | None = None
    source: Pile
    dest: Pile
    cards: Names
    why: Text = ""
    dest_side: Side | None = None  # a shared pile's card drawn into a side's pile: that side
    use: Literal["", "discard", "cycle"] = ""  # the turn's one discard-and-draw, or its one mission cycled


class Rolled(_SideEvent):
    """One d6 of the game's generator, and what it is for."""

    type: Literal["rolled"] = "rolled"
    value: Die
    purpose: Text = ""


class TableRolled(_SideEvent):
    """One d6 rolled at a real table (``trek play --dice table``): its face as it came up; the game's
    generator moves on as for a roll of its own, so the rest of the game draws as it would."""

    type: Literal["table_rolled"] = "table_rolled"
    value: Die
    purpose: Text = ""


class Tested(_Event):
    """A test worked out: the ships' ``rating`` (summed for a cooperative test), ``modifiers``, the
    die and the ``total`` against a ``target`` number or the opposing total (``against``)."""

    type: Literal["tested"] = "tested"
    kind: TestKind
    side: Side
    ships: Names
    system: Name
    rating: Annotated[int, Field(ge=0, le=200)]
    modifiers: Delta = 0
    die: Die
    total: Annotated[int, Field(ge=0, le=300)]
    target: Annotated[int, Field(ge=0, le=300)]
    success: bool
    label: Text = ""


class TurnStarted(_SideEvent):
    type: Literal["turn_started"] = "turn_started"
    last: bool = False  # the second player's last turn


class TurnEnded(_SideEvent):
    type: Literal["turn_ended"] = "turn_ended"


class MoveStarted(_ShipsEvent):
    """A ship (or a task force) begins its one move of the turn with ``points`` of engines."""

    type: Literal["move_started"] = "move_started"
    points: Count


class Moved(_ShipsEvent):
    """One step of a move, to an adjacent location, for ``cost`` movement points."""

    type: Literal["moved"] = "moved"
    source: Name
    dest: Name
    cost: Count


class MoveEnded(_ShipsEvent):
    type: Literal["move_ended"] = "move_ended"
    why: Text = ""


class Explored(_Event):
    type: Literal["explored"] = "explored"
    location: Name
    tile: Name


class Damaged(_ShipEvent):
    """Damage lowers the ship's alert status one level a point; past red alert the ship is
    destroyed: off the map, its crew discarded, its fleet size one larger if it is the side's
    first loss (the aggressor's VP is a ``scored_vp`` of its own)."""

    type: Literal["damaged"] = "damaged"
    amount: Annotated[int, Field(ge=1, le=3)]
    cause: Text = ""


class ScoredVp(_SideEvent):
    type: Literal["scored_vp"] = "scored_vp"
    amount: Delta
    why: Text = ""


class PowerAdjusted(_ShipEvent):
    """A ship's dial turned to another setting of its alert status (leaving a cloak setting de-cloaks)."""

    type: Literal["power_adjusted"] = "power_adjusted"
    setting: Setting
    free: bool = False  # not the turn's adjustment (a forced de-cloak)


class Cloaked(_ShipEvent):
    """A ship turns its dial to the cloak setting and leaves the board for a cloak token."""

    type: Literal["cloaked"] = "cloaked"
    setting: Setting
    token: Name


class EchoDeployed(_PlaceEvent):
    """A sensor echo joins the cloak tokens of a location (all of them mixed face down again)."""

    type: Literal["echo_deployed"] = "echo_deployed"
    token: Name


class EchoMoveStarted(_Event):
    """A sensor echo begins its move of the turn with ``points``: the engines of the side's
    fastest cloaked ship."""

    type: Literal["echo_move_started"] = "echo_move_started"
    token: Name
    points: Count


class TokenMoved(_StepEvent):
    """One step of a sensor echo's move, for ``cost`` movement points (as a ship's step)."""

    type: Literal["token_moved"] = "token_moved"
    token: Name
    cost: Count = 0


class TokenRevealed(_Event):
    """A scanned cloak token turned over: an echo is discarded, a ship must de-cloak."""

    type: Literal["token_revealed"] = "token_revealed"
    token: Name
    ship: Name | None


class TokenGathered(_StepEvent):
    """A revealed ship's side moves one of its other cloak tokens to the ship's location."""

    type: Literal["token_gathered"] = "token_gathered"
    token: Name


class CargoMoved(_StepEvent):
    """A cargo token moves: ``source`` is a ship or the ``cargo`` pile (its top token), ``dest`` a
    ship or ``cargo_spent`` (delivered, or lost with its ship)."""

    type: Literal["cargo_moved"] = "cargo_moved"
    cargo: Name
    why: Text = ""


class InfluenceChanged(_PlaceEvent):
    type: Literal["influence_changed"] = "influence_changed"
    delta: Annotated[int, Field(ge=-1, le=1)]


class Installed(_PlaceEvent):
    type: Literal["installed"] = "installed"
    kind: InstallationKind


class InstallationLost(_PlaceEvent):
    type: Literal["installation_lost"] = "installation_lost"
    kind: InstallationKind


class Reinforced(_SideEvent):
    """A ship card taken from the reinforcement deck joins the fleet at its command post."""

    type: Literal["reinforced"] = "reinforced"
    card: Name
    ship: Name


class Repaired(_ShipEvent):
    """A ship's dial turned to the next best alert status (``setting`` of that status)."""

    type: Literal["repaired"] = "repaired"
    setting: Setting
    movement: bool = False  # the second repair at a command post or starbase, paid with the ship's move


class Scanned(_PlaceEvent):
    type: Literal["scanned"] = "scanned"


class ActionTaken(_SideEvent):
    """One of the turn's three actions: the action tokens go on ``ships`` (none: a player's action)."""

    type: Literal["action_taken"] = "action_taken"
    action: Action
    ships: Names


class ExtraAction(_SideEvent):
    """One more action this turn for the side, or (``ship``) the ship's action token lifted: it may
    take a second action (still one of the side's actions)."""

    type: Literal["extra_action"] = "extra_action"
    ship: Name | None = None


class CrewAssigned(_ShipEvent):
    type: Literal["crew_assigned"] = "crew_assigned"
    card: Name


class CrewRemoved(_ShipEvent):
    """A crew card leaves a ship (its crew or its prisoners): to its owner's discard pile, beamed
    to another ship (``to_ship``: as crew, or held there as a ``prisoner``), or freed to its
    owner's hand (``to_hand``)."""

    type: Literal["crew_removed"] = "crew_removed"
    card: Name
    to_ship: Name | None = None
    prisoner: bool = False
    to_hand: bool = False


class MissionProgress(_ShipEvent):
    """A step toward a ship's own mission, made at ``location``."""

    type: Literal["mission_progress"] = "mission_progress"
    mission: Name
    location: Name


class MissionReset(_ShipEvent):
    """A ship entered its command post: the steps toward its own mission are lost."""

    type: Literal["mission_reset"] = "mission_reset"
    mission: Name


class MissionCompleted(_SideEvent):
    type: Literal["mission_completed"] = "mission_completed"
    card: Name
    ships: Names


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    winner: Side | None
    reason: Text


Event = Annotated[
    GameStarted | Shuffled | MapLaid | Drafted | Redrafted | Chosen | CardsMoved | Rolled | TableRolled | Tested
    | TurnStarted
    | TurnEnded | MoveStarted | Moved | MoveEnded | Explored | Damaged | ScoredVp | PowerAdjusted | Cloaked
    | EchoDeployed | EchoMoveStarted | TokenMoved | TokenRevealed | TokenGathered | CargoMoved | InfluenceChanged
    | Installed | InstallationLost | Reinforced | Repaired | Scanned | ActionTaken | ExtraAction | CrewAssigned
    | CrewRemoved | MissionProgress | MissionReset | MissionCompleted | GameEnded,
    Field(discriminator="type")]
EVENT_ADAPTER: Final[TypeAdapter[Event]] = TypeAdapter(Event)


def event_from_dict(raw: dict[str, Any]) -> Event:
    """Validate a raw event (as read from a replay); raises pydantic's ValidationError (a ValueError)."""
    return EVENT_ADAPTER.validate_python(raw)


def event_to_dict(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = event.model_dump(mode="json")
    return out

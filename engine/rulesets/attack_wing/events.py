"""The Attack Wing event vocabulary: every decision and every random outcome is one of these.

Pydantic models are the schema: the engine builds them, the replay reader validates raw
dicts into them, and the reducer folds them into state. Every event has a sequence number
that only grows, the round and phase it happened in, and a ``type`` tag.

The events are grouped by what they record: ``events_setup.py`` (the game's frame),
``events_activation.py`` (planning and activation), ``events_combat.py`` (attacks and damage),
``events_cards.py`` (cards), on the base in ``events_base.py``; every name is re-exported here,
so ``events.X`` reads as it always has.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from engine.rulesets.attack_wing.events_activation import (
    ActionPerformed,
    ActionSkipped,
    CloakChanged,
    ConsoleFireRolled,
    DamageRepaired,
    DialSet,
    ManeuverRevealed,
    MinePlaced,
    MineTriggered,
    ObstacleRolled,
    SensorEcho,
    ShieldsChanged,
    ShipActivated,
    ShipMoved,
    ShipNudged,
    TargetLockAcquired,
    TargetLockRemoved,
    TokensChanged,
)
from engine.rulesets.attack_wing.events_base import Name, Reason, ShipRef, Small, _Event
from engine.rulesets.attack_wing.events_cards import (
    AbilityUsed,
    CardDisabled,
    CardDiscarded,
    CardEnabled,
    DamageCardsDrawn,
    ShieldsRepaired,
    TimeTokensRemoved,
    UpgradeTaken,
)
from engine.rulesets.attack_wing.events_combat import (
    AttackDeclared,
    AttackOdds,
    AttackResolved,
    AttackSkipped,
    DamageDealt,
    DamageDeckReshuffled,
    DiceConverted,
    DiceRerolled,
    DiceRolled,
    DieAdded,
    Probability,
    ShipDestroyed,
    SquadronTokenLost,
    WeaponDisabled,
    WeaponEnabled,
)
from engine.rulesets.attack_wing.events_setup import (
    GameEnded,
    GameStarted,
    PhaseStarted,
    RoundEnded,
    RoundStarted,
    ShipPlaced,
    ShipSetup,
    WeaponSetup,
)
from engine.rulesets.models import Coord, PoseModel

__all__ = [
    "EVENT_ADAPTER",
    "EVENT_TYPES",
    "AbilityUsed",
    "ActionPerformed",
    "ActionSkipped",
    "AttackDeclared",
    "AttackOdds",
    "AttackResolved",
    "AttackSkipped",
    "CardDisabled",
    "CardDiscarded",
    "CardEnabled",
    "CloakChanged",
    "ConsoleFireRolled",
    "Coord",
    "DamageCardsDrawn",
    "DamageDealt",
    "DamageDeckReshuffled",
    "DamageRepaired",
    "DialSet",
    "DiceConverted",
    "DiceRerolled",
    "DiceRolled",
    "DieAdded",
    "Event",
    "GameEnded",
    "GameStarted",
    "ManeuverRevealed",
    "MinePlaced",
    "MineTriggered",
    "Name",
    "ObstacleRolled",
    "PhaseStarted",
    "PoseModel",
    "Probability",
    "Reason",
    "RoundEnded",
    "RoundStarted",
    "SensorEcho",
    "ShieldsChanged",
    "ShieldsRepaired",
    "ShipActivated",
    "ShipDestroyed",
    "ShipMoved",
    "ShipNudged",
    "ShipPlaced",
    "ShipRef",
    "ShipSetup",
    "Small",
    "SquadronTokenLost",
    "TargetLockAcquired",
    "TargetLockRemoved",
    "TimeTokensRemoved",
    "TokensChanged",
    "UpgradeTaken",
    "WeaponDisabled",
    "WeaponEnabled",
    "WeaponSetup",
    "_Event",
    "event_from_dict",
    "event_to_dict",
]

Event = Annotated[
    GameStarted | ShipPlaced | RoundStarted | PhaseStarted | DialSet | ShipActivated | ManeuverRevealed
    | ShipMoved | TokensChanged | ActionPerformed | ActionSkipped | TargetLockAcquired | TargetLockRemoved
    | CloakChanged | ShieldsChanged | SensorEcho | DamageRepaired | ObstacleRolled | AttackDeclared | AttackOdds
    | DiceRolled | DiceRerolled
    | DiceConverted | DieAdded | WeaponDisabled | AttackResolved | AttackSkipped | DamageDealt | ShipDestroyed
    | RoundEnded | GameEnded | ShipNudged | WeaponEnabled | SquadronTokenLost | ConsoleFireRolled
    | DamageDeckReshuffled | AbilityUsed | ShieldsRepaired | CardDisabled | CardEnabled | TimeTokensRemoved
    | CardDiscarded | DamageCardsDrawn | UpgradeTaken
    | MinePlaced | MineTriggered,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
EVENT_TYPES: tuple[str, ...] = tuple(
    m.model_fields["type"].default for m in (
        GameStarted, ShipPlaced, RoundStarted, PhaseStarted, DialSet, ShipActivated, ManeuverRevealed, ShipMoved,
        TokensChanged, ActionPerformed, ActionSkipped, TargetLockAcquired, TargetLockRemoved, CloakChanged,
        ShieldsChanged, SensorEcho, DamageRepaired, ObstacleRolled, AttackDeclared, AttackOdds, DiceRolled,
        DiceRerolled,
        DiceConverted,
        DieAdded, WeaponDisabled, AttackResolved, AttackSkipped, DamageDealt, ShipDestroyed, RoundEnded,
        GameEnded, ShipNudged, WeaponEnabled, SquadronTokenLost, ConsoleFireRolled, DamageDeckReshuffled,
        AbilityUsed, ShieldsRepaired, CardDisabled, CardEnabled, TimeTokensRemoved, CardDiscarded,
        DamageCardsDrawn, UpgradeTaken, MinePlaced, MineTriggered))


def event_from_dict(raw: dict[str, Any]) -> Event:
    """Validate a raw event (as read from a replay) into its model; raises pydantic's ValidationError."""
    return EVENT_ADAPTER.validate_python(raw)


def event_to_dict(event: _Event) -> dict[str, Any]:
    """The plain-data form written to replay files (tuples become lists, no None-stripping)."""
    # ``model_dump(mode="json")`` with its defaults, without its Python wrapper (a quarter of its time)
    out: dict[str, Any] = event.__pydantic_serializer__.to_python(event, mode="json")
    return out

"""The check every reducer handler makes of the ships an event names."""

from __future__ import annotations

from engine.errors import IllegalEvent
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.state import GameState, ShipState


def ship_in_game(state: GameState, ship_id: str, event: ev.Event) -> ShipState:
    """The ship ``ship_id`` names, refusing (``IllegalEvent``) one not in the game or already destroyed."""
    try:
        ship = state.ship(ship_id)
    except KeyError:
        raise IllegalEvent(f"event {event.seq} ({event.type}) names ship {ship_id!r}, which is not in this game")\
            from None
    if ship.destroyed and event.type not in ("game_ended",):
        raise IllegalEvent(f"event {event.seq} ({event.type}): ship {ship_id} was already destroyed")
    return ship

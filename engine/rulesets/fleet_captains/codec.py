"""The Fleet Captains replay codec: events and states to and from plain msgpack-able data."""

from __future__ import annotations

from typing import Any, Final

from pydantic import TypeAdapter

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import MISSIONS, SHIP_CLASSES, TILES
from engine.rulesets.fleet_captains.reducer import apply, initial_state
from engine.rulesets.fleet_captains.state import FcState
from engine.rulesets.snapshots import header_seed, plain, validate_snapshot

NAME: Final = "fleet_captains"
_STATE: Final[TypeAdapter[FcState]] = TypeAdapter(FcState)


class FleetCaptainsCodec:
    """Binds the Fleet Captains events, state and reducer for the replay reader."""

    ruleset = NAME

    def decode_event(self, raw: dict[str, Any]) -> fe.Event:
        return fe.event_from_dict(raw)

    def encode_event(self, event: fe.Event) -> dict[str, Any]:
        return fe.event_to_dict(event)

    def encode_state(self, state: FcState) -> dict[str, Any]:
        out: dict[str, Any] = plain(state)
        return out

    def decode_state(self, raw: dict[str, Any]) -> FcState:
        state = validate_snapshot(_STATE, raw)
        for ship in state.ships:
            if ship.cls not in SHIP_CLASSES or not 0 <= ship.alert <= 2 \
                    or not 0 <= ship.setting < len(SHIP_CLASSES[ship.cls].dial[ship.alert]):
                raise ValueError(f"bad state snapshot: ship {ship.id!r} has no dial setting "
                                 f"{ship.alert}/{ship.setting}")
        for place in state.locations:
            if place.tile is not None and place.tile not in TILES:
                raise ValueError(f"bad state snapshot: location {place.id!r} holds no tile of the box")
        return state

    def initial_state(self, header: dict[str, Any]) -> FcState:
        return initial_state(header_seed(header))

    def apply(self, state: FcState, event: fe.Event) -> FcState:
        return apply(state, event)


def format_state(state: FcState) -> str:
    """The state as text for `trek replay state`: the turn, each side, each ship, the map."""
    lines = [f"turn {state.turn}, side {state.active} to play ({state.phase})"
             + (f"; winner: side {state.winner} ({state.reason})" if state.phase == "over" else "")]
    for i, side in enumerate(state.sides):
        lines.append(f"  side {i} {side.faction}: {side.vp}/{state.vp_target} VP, fleet size {side.fleet_size}, "
                     f"hand {len(side.hand)}, missions " + ", ".join(MISSIONS[m].name for m in side.missions))
    for ship in state.ships:
        where = "destroyed" if ship.destroyed else (f"cloaked near {state.where(ship)}" if ship.cloaked
                                                    else f"at {ship.location}")
        d = ship.dial
        lines.append(f"  {ship.id:<4} {ship.card.name:<22} {where:<22} {('normal', 'yellow', 'red')[ship.alert]} "
                     f"{d.label}: " + " ".join(f"{k} disabled" if v is None else f"{k}{v}" for k, v in
                                               (("W", d.weapons), ("S", d.shields), ("N", d.sensors), ("E", d.engines)))
                     + (f"  crew {len(ship.crew)}" if ship.crew else ""))
    for place in state.locations:
        if place.tile is None:
            continue
        tile = TILES[place.tile]
        extra = ""
        if place.influence:
            extra += f" influence {place.influence} (side {place.influence_side})"
        if place.installation:
            extra += f" {place.installation} (side {place.installation_side})"
        lines.append(f"  {place.id} {'' if place.explored else '[face down] '}{tile.name} size {tile.size}{extra}")
    return "\n".join(lines)

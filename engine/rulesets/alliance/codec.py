"""The Alliance replay codec: Alliance events and states to and from plain msgpack-able data.

Registered for the ruleset name ``alliance`` by ``engine.rulesets.alliance.replay_codec`` (the
replay layer imports that module by convention when it meets a file of this ruleset).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.state import AllianceState
from engine.rulesets.snapshots import header_seed, plain, validate_snapshot

RULESET = "alliance"


@cache
def _state_adapter() -> TypeAdapter[AllianceState]:
    """The keyframe states' validator, built when a keyframe is first read (listing a file reads none)."""
    return TypeAdapter(AllianceState)


def state_to_dict(state: AllianceState) -> dict[str, Any]:
    """A plain-data snapshot: dicts, lists, strings, numbers, booleans and None only."""
    out: dict[str, Any] = plain(state)
    return out


def state_from_dict(raw: Any) -> AllianceState:
    return validate_snapshot(_state_adapter(), raw)


class AllianceCodec:
    """Binds the Alliance events, state and reducer for the replay reader."""

    ruleset = RULESET

    def decode_event(self, raw: dict[str, Any]) -> ae.AnyEvent:
        return ae.event_from_dict(raw)

    def encode_event(self, event: ae.AnyEvent) -> dict[str, Any]:
        return ae.event_to_dict(event)

    def encode_state(self, state: AllianceState) -> dict[str, Any]:
        return state_to_dict(state)

    def decode_state(self, raw: dict[str, Any]) -> AllianceState:
        return state_from_dict(raw)

    # the reducer (and the geometry under it) loads when a state is made, not when a file is listed
    def initial_state(self, header: dict[str, Any]) -> AllianceState:
        from engine.rulesets.alliance.reducer import initial_state

        return initial_state(header_seed(header))

    def apply(self, state: AllianceState, event: ae.AnyEvent) -> AllianceState:
        from engine.rulesets.alliance.reducer import apply

        return apply(state, event)

    def format_state(self, state: AllianceState) -> str:
        return format_state(state)


def format_state(state: AllianceState) -> str:
    """The state as text for `trek replay state`: ships, then formations and the mission."""
    aw = state.aw
    lines = [f"round {aw.round}, {aw.phase} phase"]
    for s in aw.ships:
        lo = state.loadout(s.id)
        where = "retreated" if s.id in state.retreated else ("destroyed" if s.destroyed else
                                                             f"x={s.pose.x:7.1f} y={s.pose.y:7.1f} "
                                                             f"heading={s.pose.heading:5.1f}")
        tokens = [f"{t} {getattr(s, t)}" for t in ("evade", "scan", "battle_stations", "aux_power") if getattr(s, t)]
        extra = [f"loadout {lo.card}{' elite' if lo.elite else ''}{' ' + lo.ability if lo.ability else ''}"] \
            if lo else []
        carried = state.tokens_of(s.id)
        if carried:
            extra.append(f"carries {', '.join(carried)}")
        if s.id in state.edge_placed:
            extra.append("at a board edge")
        lines.append(f"  {s.id:<4} {s.name:<28} skill {s.skill}  {where}  shields {s.shields}/{s.shields_max}  "
                     f"damage {s.hull_damage}/{s.hull}" + "".join(f"  {t}" for t in (*tokens, *extra)))
    for f in state.formations:
        status = "broken" if f.broken else (f"flying: {', '.join(f.flying)}" + (f"; left: {', '.join(f.left)}"
                                                                                if f.left else ""))
        lines.append(f"  formation {f.name}: {status}")
    if state.returned:
        lines.append(f"  sensor data returned: {', '.join(state.returned)}")
    if state.mission is not None:
        m = state.mission
        lines.append(f"  mission {'SUCCESS' if m.success else 'FAILURE'}: {m.reason}; XP "
                     + ", ".join(f"{ship} {xp}" for ship, xp in m.xp))
    return "\n".join(lines)

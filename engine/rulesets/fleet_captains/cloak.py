"""The reducer's part for cloaking (summary, "1. Cloaking Actions", "Sensor Echoes"): a ship's
cloak token, sensor echoes and their moves, a token turned over by a search, and the other tokens
gathered where a ship was revealed. ``reducer.apply`` calls these handlers."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.state import CloakToken, FcState, ShipState, adjacent


def step_cost(state: FcState, source: str, dest: str | None = None) -> int:
    """Movement points to leave ``source`` for ``dest``: the source's size; the first step of a move
    always goes (engines 1 or more), for at most the points the move has. A step into a command
    post costs nothing (summary, "Command Posts": "it costs 0 movement to enter"), whatever the
    size of the place it leaves."""
    if dest is not None and state.location(dest).post_of is not None:
        return 0
    size = state.location(source).size
    return min(size, state.move_points) if state.move_steps == 0 else size


def decloak(state: FcState, ship: ShipState) -> FcState:
    token = state.token_of(ship.id)
    if token is None:
        raise ValueError(f"{ship.id} is cloaked without a cloak token")
    state = replace(state, tokens=tuple(t for t in state.tokens if t.id != token.id))
    return state.with_ship(replace(ship, cloaked=False, location=token.location))

def cloaked(state: FcState, e: fe.Cloaked) -> FcState:
    ship = state.ship(e.ship)
    settings = ship.card.dial[ship.alert]
    if ship.cloaked or ship.destroyed or ship.location is None or e.setting >= len(settings) \
            or not settings[e.setting].cloak:
        raise ValueError(f"{ship.id} has no working cloaking device now")
    token_id = f"t{state.tokens_made + 1}"
    if e.token != token_id:
        raise ValueError(f"the next cloak token is {token_id}, not {e.token!r}")
    token = CloakToken(token_id, ship.side, ship.location, ship.id)
    return replace(state, tokens=(*state.tokens, token), tokens_made=state.tokens_made + 1).with_ship(
        replace(ship, cloaked=True, location=None, setting=e.setting))

def echo_deployed(state: FcState, e: fe.EchoDeployed) -> FcState:
    token_id = f"t{state.tokens_made + 1}"
    if e.token != token_id:
        raise ValueError(f"the next cloak token is {token_id}, not {e.token!r}")
    state.location(e.location)
    return replace(state, tokens=(*state.tokens, CloakToken(token_id, e.side, e.location, None)),
                   tokens_made=state.tokens_made + 1)

def echo_move_started(state: FcState, e: fe.EchoMoveStarted) -> FcState:
    token = next((t for t in state.tokens if t.id == e.token), None)
    side = state.side(state.active)
    if state.moving or token is None or token.ship is not None or token.side != state.active \
            or token.id in side.echoes_moved:
        raise ValueError(f"{e.token} is no sensor echo of side {state.active} that can move now")
    fastest = max((s.rating("engines") or 0 for s in state.fleet(state.active) if s.cloaked), default=0)
    if e.points != fastest or fastest < 1:
        raise ValueError(f"a sensor echo moves at the fastest cloaked ship's engines ({fastest}), not {e.points}")
    side = replace(side, echoes_moved=(*side.echoes_moved, token.id))
    return replace(state.with_side(state.active, side), moving=(token.id,), move_points=e.points, move_steps=0)

def token_moved(state: FcState, e: fe.TokenMoved) -> FcState:
    token = next((t for t in state.tokens if t.id == e.token), None)
    if token is None or state.moving != (e.token,) or token.location != e.source or e.dest not in adjacent(e.source):
        raise ValueError(f"{e.token} is no moving sensor echo at {e.source} next to {e.dest}")
    post = state.location(e.dest).post_of
    if post is not None and post != token.side:
        raise ValueError("a sensor echo does not enter the enemy's command post")
    cost = step_cost(state, e.source, e.dest)
    if e.cost != cost or cost > state.move_points:
        raise ValueError(f"leaving {e.source} costs {cost} of {state.move_points} points left, not {e.cost}")
    return replace(state, tokens=tuple(replace(t, location=e.dest) if t.id == e.token else t for t in state.tokens),
                   move_points=state.move_points - cost, move_steps=state.move_steps + 1)

def token_revealed(state: FcState, e: fe.TokenRevealed) -> FcState:
    token = next((t for t in state.tokens if t.id == e.token), None)
    if token is None or token.ship != e.ship:
        raise ValueError(f"{e.token} is not that token")
    if e.ship is None:
        return replace(state, tokens=tuple(t for t in state.tokens if t.id != e.token))
    return replace(state, revealed=e.ship)  # it de-cloaks with the free power adjustment that follows

def token_gathered(state: FcState, e: fe.TokenGathered) -> FcState:
    """Summary, "Sensor Echoes": a ship's position revealed, its side may move any of its other
    active cloak tokens to that location at once."""
    token = next((t for t in state.tokens if t.id == e.token), None)
    ship = state.ship(state.revealed) if state.revealed else None
    if ship is None or ship.cloaked or token is None or token.side != ship.side or token.location != e.source \
            or e.dest != ship.location or e.source == e.dest:
        raise ValueError(f"{e.token} cannot gather at {e.dest}: no ship of its side was just revealed there")
    return replace(state, tokens=tuple(replace(t, location=e.dest) if t.id == e.token else t for t in state.tokens))

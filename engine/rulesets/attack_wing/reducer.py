"""The one reducer: ``apply(state, event) -> state``, shared by the engine and the studio.

It never rolls dice or decides anything; the event carries every outcome. It does check
that the event can happen in this state, so a forged or corrupt log fails loudly
(``IllegalEvent``) instead of producing an impossible game.

Here: ``apply``, ``fold`` and the game's flow (start, placement, rounds, phases, end); the other
handlers are grouped by what they change in ``reduce_activation.py`` (ships planning, moving and
acting), ``reduce_combat.py`` (attacks and damage), ``reduce_cards.py`` (cards) and ``taken.py``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any

from engine.errors import IllegalEvent
from engine.evolve import evolve as replace  # dataclasses.replace, faster (the reducer's main cost)
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import reduce_activation, reduce_cards, reduce_combat, taken
from engine.rulesets.attack_wing.dice import Rng
from engine.rulesets.attack_wing.reduce_activation import acts_under_aux_power as acts_under_aux_power
from engine.rulesets.attack_wing.reduce_checks import ship_in_game
from engine.rulesets.attack_wing.rules import captain_skill
from engine.rulesets.attack_wing.state import GameState, Result, ShipState, Weapon


def initial_state(seed: int) -> GameState:
    """The empty table before the game-started event."""
    return GameState(ships=(), rng=Rng(seed))


def apply(state: GameState, event: ev.Event) -> GameState:
    """The state after ``event``."""
    if event.seq != state.seq + 1:
        raise IllegalEvent(f"event {event.seq} ({event.type}) follows event {state.seq}: sequence numbers must "
                           "grow by one")
    if event.round < state.round:
        raise IllegalEvent(f"event {event.seq} goes back from round {state.round} to {event.round}")
    if state.result is not None:
        raise IllegalEvent(f"event {event.seq} ({event.type}) comes after the game ended")
    handler = _HANDLERS[event.type]
    try:
        new = handler(state, event)
    except KeyError as exc:
        raise IllegalEvent(f"event {event.seq} ({event.type}): {exc.args[0]}") from None
    rng = new.rng.advanced(event.draws) if event.draws else new.rng
    return new.stamped(event.seq, event.round, event.phase, rng)


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    for e in events:
        state = apply(state, e)
    return state

def _game_started(state: GameState, e: ev.GameStarted) -> GameState:
    if state.ships:
        raise IllegalEvent(f"event {e.seq}: the game has already started")
    ids = [s.id for s in e.ships]
    if len(set(ids)) != len(ids):
        raise IllegalEvent(f"event {e.seq}: ship ids repeat")
    ships = tuple(ShipState(
        id=s.id, side=s.side, name=s.name, ship_id=s.ship_id, class_name=s.class_name, faction=s.faction,
        base=s.base, captain=s.captain, skill=s.skill, attack=s.attack, agility=s.agility, hull=s.hull,
        shields_max=s.shields, cost=s.cost, actions=s.actions, front_arc=s.front_arc, rear_arc=s.rear_arc,
        has_360_arc=s.has_360_arc, dial=s.dial, shields=s.shields,
        weapons=tuple(Weapon(w.upgrade_id, w.name, w.attack, w.range_min, w.range_max, w.arcs,
                             w.needs_target_lock, time=w.time) for w in s.weapons), cards=s.cards,
    ) for s in e.ships)
    return replace(state, ships=ships, deck=e.deck, round_limit=e.round_limit)


def _placed(state: GameState, e: ev.ShipPlaced) -> GameState:
    ship_in_game(state, e.ship, e)
    return state.update(e.ship, pose=e.pose.pose())


def _round_started(state: GameState, e: ev.RoundStarted) -> GameState:
    ships = tuple(replace(s, actions_done=(), attacked=False, extra_attack=False, revealed=None, used_round=(),
                          marks=(), protected=())
                  if s.in_play else s for s in state.ships)
    return replace(state, ships=ships, active=None, attack=None)


def _phase_started(state: GameState, e: ev.PhaseStarted) -> GameState:
    # tournament ruling 14: "Changes to Captain Skill only take effect when moving to the next phase"
    ships = tuple(s if s.phase_skill == (skill := captain_skill(s)) else replace(s, phase_skill=skill)
                  for s in state.ships)  # (a ship whose skill stays is kept: the same record)
    if all(map(operator.is_, ships, state.ships)):  # none changed: the tuple kept, with its index
        ships = state.ships
    return replace(state, ships=ships, active=None, attack=None)


def _round_ended(state: GameState, e: ev.RoundEnded) -> GameState:
    return replace(state, active=None, attack=None)


def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return replace(state, result=Result(e.winner, e.reason, e.points, e.ships_lost), active=None, attack=None)


_HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "game_started": _game_started,
    "ship_placed": _placed,
    "round_started": _round_started,
    "phase_started": _phase_started,
    "round_ended": _round_ended,
    "game_ended": _game_ended,
    "damage_cards_drawn": taken.damage_cards_drawn,
    "upgrade_taken": taken.upgrade_taken,
    **reduce_activation.HANDLERS,
    **reduce_combat.HANDLERS,
    **reduce_cards.HANDLERS,
}
assert set(_HANDLERS) == set(ev.EVENT_TYPES), "every event type needs a handler"

"""The reducer's handlers for the planning and activation of ships: dials, maneuvers, tokens,
actions, target locks, cloaks, shields, sensor echoes, repairs, obstacle and Console Fire dice, mines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import IllegalEvent
from engine.evolve import evolve as replace  # dataclasses.replace, faster (the reducer's main cost)
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.reduce_checks import ship_in_game
from engine.rulesets.attack_wing.state import DamageCardState, GameState, Mine, ShipState


def _dial_set(state: GameState, e: ev.DialSet) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if ship.dampening:  # Energy Dampening Token reference: "as if it were assigned a White 1 straight"
        if (e.kind, e.speed) != ("straight", 1):
            raise IllegalEvent(f"event {e.seq}: {ship.name} has an Energy Dampening Token: it flies a 1 straight")
    elif not any(k == e.kind and s == e.speed for k, s, _ in ship.dial):
        raise IllegalEvent(f"event {e.seq}: {e.speed} {e.kind} is not on {ship.name}'s dial")
    from engine.rulesets.attack_wing.abilities.dial_limits import allowed  # the cards read the rules, not back

    forbids = allowed(state, ship, e.kind, e.speed)
    if forbids is not None:
        raise IllegalEvent(f"event {e.seq}: {forbids} lets {ship.name} set no {e.speed} {e.kind} now")
    return state.update(e.ship, planned=(e.kind, e.speed))


def _activated(state: GameState, e: ev.ShipActivated) -> GameState:
    ship_in_game(state, e.ship, e)
    return replace(state, active=e.ship)


def _revealed(state: GameState, e: ev.ManeuverRevealed) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if ship.planned is None:
        raise IllegalEvent(f"event {e.seq}: {ship.name} reveals a dial it never set")
    return state.update(e.ship, planned=None, revealed=(e.kind, e.speed, e.colour))


def _moved(state: GameState, e: ev.ShipMoved) -> GameState:
    ship_in_game(state, e.ship, e)
    return state.update(e.ship, pose=e.end.pose())


def _nudged(state: GameState, e: ev.ShipNudged) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if not ship.pose.close_to(e.start.pose(), 1e-3):
        raise IllegalEvent(f"event {e.seq}: {ship.name} is not where the placement starts from")
    return state.update(e.ship, pose=e.end.pose())


_TOKEN_FIELDS = {"evade": "evade", "scan": "scan", "battle_stations": "battle_stations", "aux_power": "aux_power",
                 "muon": "muon", "dampening": "dampening"}


def _tokens(state: GameState, e: ev.TokensChanged) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    field = _TOKEN_FIELDS[e.token]
    value = getattr(ship, field) + e.delta
    if value < 0:
        raise IllegalEvent(f"event {e.seq}: {ship.name} cannot spend a {e.token} token it does not have")
    return state.update(e.ship, **{field: value})


def _action(state: GameState, e: ev.ActionPerformed) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if e.action in ship.actions_done:
        raise IllegalEvent(f"event {e.seq}: {ship.name} already performed {e.action} this round")
    if ship.aux_power > 0 and not (e.action in (*ship.actions, "pass") and acts_under_aux_power(ship)):
        raise IllegalEvent(f"event {e.seq}: {ship.name} is under auxiliary power and cannot perform actions")
    return state.update(e.ship, actions_done=(*ship.actions_done, e.action))


def acts_under_aux_power(ship: ShipState) -> bool:
    """A ready card of the ship lets it perform an Action Bar action under auxiliary power (1009)."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    return any(ship.card_ready(c) and any(a.effect.kind == "aux_actions" for a in card.abilities)
               for c in ship.cards if (card := CARDS.get(c)) is not None)


def _action_skipped(state: GameState, e: ev.ActionSkipped) -> GameState:
    ship_in_game(state, e.ship, e)
    return state


def _lock(state: GameState, e: ev.TargetLockAcquired) -> GameState:
    ship_in_game(state, e.ship, e)
    ship_in_game(state, e.target, e)
    return state.update(e.ship, target_lock=e.target)


def _lock_removed(state: GameState, e: ev.TargetLockRemoved) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if ship.target_lock is None:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no target lock to remove")
    return state.update(e.ship, target_lock=None)


def _cloak(state: GameState, e: ev.CloakChanged) -> GameState:
    ship_in_game(state, e.ship, e)
    return state.update(e.ship, cloak=e.cloak, cloak_beside=e.beside and e.cloak != "none")


def _shields(state: GameState, e: ev.ShieldsChanged) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if e.active < 0 or e.disabled < 0 or e.active + e.disabled != ship.shields + ship.shields_disabled:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has {ship.shields + ship.shields_disabled} shields, "
                           f"not {e.active} active and {e.disabled} disabled")
    return state.update(e.ship, shields=e.active, shields_disabled=e.disabled)


def _echo(state: GameState, e: ev.SensorEcho) -> GameState:
    ship_in_game(state, e.ship, e)
    return state.update(e.ship, pose=e.end.pose())


def _repaired(state: GameState, e: ev.DamageRepaired) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if e.index >= len(ship.damage):
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no damage card {e.index}")
    card = ship.damage[e.index]
    if e.flipped:
        cards = (*ship.damage[:e.index], DamageCardState(card.key, False), *ship.damage[e.index + 1:])
        return state.update(e.ship, damage=cards)
    cards = (*ship.damage[:e.index], *ship.damage[e.index + 1:])
    return replace(state.update(e.ship, damage=cards), discard=(*state.discard, card.key))


def _die_rolled(state: GameState, e: ev.ObstacleRolled | ev.ConsoleFireRolled) -> GameState:
    ship_in_game(state, e.ship, e)
    return state


def _mine_placed(state: GameState, e: ev.MinePlaced) -> GameState:
    """The card's ``ability_used`` (discarded, its attack) came just before; the token joins the table."""
    ship = ship_in_game(state, e.ship, e)
    if e.card not in ship.cards_discarded or any(m.id == e.mine or (m.ship, m.card) == (e.ship, e.card)
                                                 for m in state.mines):
        raise IllegalEvent(f"event {e.seq}: {ship.name} places no minefield {e.mine} with {e.card}")
    return replace(state, mines=(*state.mines, Mine(e.mine, e.card, e.ship, e.x, e.y)))


def _mine_triggered(state: GameState, e: ev.MineTriggered) -> GameState:
    ship_in_game(state, e.ship, e)
    if not any(m.id == e.mine for m in state.mines):
        raise IllegalEvent(f"event {e.seq}: there is no minefield {e.mine} in the play area")
    return state


HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "dial_set": _dial_set,
    "ship_activated": _activated,
    "maneuver_revealed": _revealed,
    "ship_moved": _moved,
    "tokens_changed": _tokens,
    "action_performed": _action,
    "action_skipped": _action_skipped,
    "target_lock_acquired": _lock,
    "target_lock_removed": _lock_removed,
    "cloak_changed": _cloak,
    "shields_changed": _shields,
    "sensor_echo": _echo,
    "damage_repaired": _repaired,
    "obstacle_rolled": _die_rolled,
    "ship_nudged": _nudged,
    "console_fire_rolled": _die_rolled,
    "mine_placed": _mine_placed,
    "mine_triggered": _mine_triggered,
}

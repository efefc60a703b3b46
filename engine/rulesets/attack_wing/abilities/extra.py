"""Extra attacks: a card that gives its ship one more attack this round (Once More Unto The Breach:
its primary weapon attacks twice; Counter Attack: a free attack back at a ship that damaged it).
Asked right after an attack, in the Combat Phase (window ``extra_attack``): of the attacking ship
(role "attacker"), or of the ship attacked (role "defender": only when the attack damaged its shields
or hull, and only at its attacker). The card's seat decides (``Player.use_ability``); used,
``ability_used`` names the card and the reducer allows the ship one more ``attack_declared``
(``ShipState.extra_attack``, which leaves the ship's own attack of the round as it was), then the seat
declares the attack as any other (``Player.attack``) among the options the card allows.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import split
from engine.rulesets.attack_wing.abilities.dice_windows import may_attack, may_fire
from engine.rulesets.attack_wing.abilities.model import AttackContext
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, candidates
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


def options(state: GameState, ship: ShipState, weapon: str) -> list[AttackOption]:
    """The attacks an extra attack allows now: ``weapon`` "primary" (the primary weapon only) or any."""
    return [o for o in rules.attack_options(state, ship)
            if (weapon != "primary" or o.weapon is None) and may_attack(state, ship, state.ship(o.defender))
            and may_fire(state, ship, o.weapon) and split.allowed(state, ship, o)]


def damaged_by_last_attack(t: Any, ship_id: str) -> bool:
    """The attack just resolved damaged the ship's shields or hull (its ``damage_dealt`` events)."""
    for event in reversed(getattr(t, "events", ())):
        if isinstance(event, ev.DamageDealt) and event.ship == ship_id:
            return True
        if isinstance(event, ev.AttackDeclared):
            return False
    return False


def after_attack(t: Any, ship_id: str, made: AttackOption) -> None:
    """Right after the ship's attack with ``made``: first a card of the ship attacked that strikes
    back (Counter Attack), then a card of the attacker that gives it one more attack now (the Breach)."""
    table: Table = t
    defender = table.state.ship(made.defender)
    if defender.in_play and not defender.doomed and damaged_by_last_attack(t, defender.id):
        _offer(t, defender.id, made, "defender", ship_id)
    _offer(t, ship_id, made, "attacker", ship_id)


def _offer(t: Any, ship_id: str, made: AttackOption, role: str, attacker_id: str) -> None:
    """Offer the ship's ``extra_attack`` abilities of ``role`` in the attack just made; the first one
    used gives it its attack (the seat declares it)."""
    table: Table = t
    state = table.state
    ship = state.ship(ship_id)
    if not ship.in_play or ship.doomed or state.phase != "combat":
        return
    attacker = state.ship(attacker_id)
    context = AttackContext(attacker, state.ship(made.defender), made.weapon, made.band, made.arc)
    for found in list(candidates(state, ship, "extra_attack", context)):
        ability = found[4]
        if ability.effect.kind != "extra_attack" or ability.condition.role != role \
                or found[1] in table.state.ship(ship_id).used_round:
            continue
        allowed = [o for o in options(table.state, table.state.ship(ship_id), ability.condition.weapon)
                   if ((role == "attacker" and not ability.effect.same_target) or o.defender == (
                       attacker.id if role == "defender" else made.defender))  # a counter attack: at its attacker
                   and not (ability.effect.other_target and o.defender == made.defender)]  # the Koranak: another
        if not allowed:
            continue
        use = _ask(table, found, "extra_attack", subject=None if role == "attacker" else attacker.id)
        if use is None:
            continue
        _used(table, found, "extra_attack", use, None if role == "attacker" else attacker.id)
        if table.state.active != ship_id:  # the ship attacked strikes back: it is the ship attacking now
            table.emit(ev.ShipActivated, ship=ship_id)
        t.declare_attack(table.state.ship(ship_id), allowed)
        return

"""Extra attacks: a card that gives its ship one more attack this round (Once More Unto The Breach:
its primary weapon attacks twice). Asked right after an attack of the ship, in the Combat Phase
(window ``extra_attack``): the card's seat decides (``Player.use_ability``); used, ``ability_used``
names the card and the reducer allows the ship one more ``attack_declared`` (``ShipState.extra_attack``),
then the seat declares the attack as any other (``Player.attack``) among the options the card allows.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.model import AttackContext
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, candidates, may_attack
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


def options(state: GameState, ship: ShipState, weapon: str) -> list[AttackOption]:
    """The attacks an extra attack allows now: ``weapon`` "primary" (the primary weapon only) or any."""
    return [o for o in rules.attack_options(state, ship)
            if (weapon != "primary" or o.weapon is None) and may_attack(state, ship, state.ship(o.defender))]


def after_attack(t: Any, ship_id: str, made: AttackOption) -> None:
    """Right after the ship's attack with ``made``: a card of its that gives it one more attack now
    may be used (the seat's choice), and the seat declares that attack (``t.declare_attack``)."""
    table: Table = t
    ship = table.state.ship(ship_id)
    if not ship.in_play or ship.doomed or table.state.phase != "combat":
        return
    context = AttackContext(ship, table.state.ship(made.defender), made.weapon, made.band, made.arc)
    for found in list(candidates(table.state, ship, "extra_attack", context)):
        ability = found[4]
        if ability.effect.kind != "extra_attack" or found[1] in table.state.ship(ship_id).used_round:
            continue
        allowed = options(table.state, table.state.ship(ship_id), ability.condition.weapon)
        if not allowed:
            continue
        use = _ask(table, found, "extra_attack")
        if use is None:
            continue
        _used(table, found, "extra_attack", use)
        t.declare_attack(table.state.ship(ship_id), allowed)
        return

"""How much an "Action:" card is worth to the AI against the rulebook's actions (``ai.AiPlayer``
values every option of the Perform Action step on one scale), whom it targets, and why."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import marks_of, parse_action
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState

DIE_VALUE = 0.8  # an attack die this round for a ship with something to shoot (a battle stations token: 1.1)
LOST_ATTACK = 1.5  # giving up the ship's own attack when it has one


def _threat_to(state: GameState, enemy: ShipState, ship: ShipState) -> float:
    """The enemy's dice at ``ship`` when it can attack it now (0 otherwise)."""
    return float(enemy.attack) if any(o.defender == ship.id for o in rules.attack_options(state, enemy)) else 0.0


def action_value(state: GameState, ship: ShipState, action: str, threat: float, targets: Sequence[str],
                 attack: AttackOption | None) -> tuple[float, str, str | None]:
    """The value of resolving this card's Action: now, why, and the ship it targets (when it picks one)."""
    parsed = parse_action(action)
    card = CARDS.get(parsed[0]) if parsed else None
    if parsed is None or card is None:
        return 0.0, "", None
    ability = card.abilities[parsed[1]]
    pick: str | None = None
    if ability.effect.pick:  # the enemy that threatens this ship most, or the one it means to attack
        enemies = [state.ship(t) for t in targets if state.ship(t).side != ship.side]
        if not enemies:
            return 0.0, "", None
        wanted = attack.defender if attack is not None and attack.defender in targets else None
        pick = wanted or max(enemies, key=lambda e: (_threat_to(state, e, ship), e.id)).id
    marked = (pick,) if pick else marks_of(state, ship, ability) if ability.effect.kind == "mark" else ()
    value, why = 0.0, []
    own_attack = bool(rules.attack_options(state, ship))
    for rider in card.abilities:
        if rider.condition.scope != "marked":
            continue
        kind, amount = rider.effect.kind, rider.effect.amount
        if kind == "attack_dice" and rider.condition.check is None:
            shooters = [m for m in marked if rules.attack_options(state, state.ship(m))]
            value += DIE_VALUE * amount * len(shooters)
            if shooters:
                why.append(f"+{amount} attack die for {len(shooters)} ship(s) with a target")
        elif kind == "attack_dice" and pick:  # the target's extra dice at this ship (Keevan)
            value -= 0.2 * amount * (_threat_to(state, state.ship(pick), ship) > 0)
        elif kind == "retaliate":
            near = [e for e in state.enemies(ship) if _threat_to(state, e, ship)]
            value += 0.5 * amount * bool(near)
            if near:
                why.append(f"{amount} dice back at an attacker at Range 1")
        elif kind == "cannot_attack":
            spared = _threat_to(state, state.ship(pick), ship) if pick else threat
            value += 0.3 * spared - (LOST_ATTACK if own_attack else 0.0)
            why.append(f"spares it {spared:.1f} of fire" + (", giving up its own attack" if own_attack else ""))
        elif kind == "must_attack" and pick and attack is not None and attack.defender == pick:
            value += 0.6
            why.append(f"fires at {state.ship(pick).name} before it fires back")
    cost = ability.cost
    value -= 0.3 if cost.discard else 0.1 if cost.disable else 0.0
    return value, (f"{card.name}: " + "; ".join(why)) if why else "", pick

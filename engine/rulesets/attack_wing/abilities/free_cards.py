"""A card's "Action:" performed as a free action (Leonard McCoy: one of his ship's crew cards'): the
policy weighs the best such Action (``advice.action_value``, as the AI weighs Action: cards in the
Perform Action step) against what the card that allows it costs kept."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.advice import _under_fire, action_value
from engine.rulesets.attack_wing.abilities.model import Ability
from engine.rulesets.attack_wing.abilities.worth import keep_value
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.state import GameState, ShipState


def free_card(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityUse | None:
    """The offered card Action worth most, when it is worth more than the card paying for it kept."""
    threat = _under_fire(state, owner, 99)
    best: tuple[float, str, str, str | None] | None = None
    for option in offer.actions:
        value, why, target = action_value(state, owner, option.action, threat, option.targets, None)
        if option.targets and target not in option.targets:
            target = option.targets[0]
        if why and (best is None or value > best[0]):
            best = (value, why, option.action, target)
    keep, kept = keep_value(state, owner, ability.cost)
    if best is None or best[0] <= keep:
        return None
    value, why, action, target = best
    return AbilityUse(choice=action, target=target, reason=f"as a free action, {why}: worth {value:.2f}, more "
                      f"than what it gives up ({kept or 'nothing'}: {keep:.2f})")

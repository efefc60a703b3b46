"""The engine's own answer to an ability's offer, as the windows ask it: a hook point.

The windows, the dice windows and the odds of a card's use ask ``default`` what a seat without
``use_ability`` answers (and the AI's seat, its reason); ``policy`` gives it. The policy reads the
AI's advice, which plays the windows through to weigh a card, so it sits above them: the
abilities package gives the hook as it loads (``abilities/__init__``)."""

from __future__ import annotations

from engine.evolve import evolve
from engine.hooks import Hook
from engine.rulesets.attack_wing.abilities.model import Ability
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.state import GameState, ShipState

default: Hook[[GameState, ShipState, Ability, AbilityOffer], AbilityUse | None] = Hook(
    "the engine's answer to an ability's offer", "engine.rulesets.attack_wing.abilities.policy")


def with_default(state: GameState, owner: ShipState, ability: Ability, offer: AbilityOffer) -> AbilityOffer:
    use = default(state, owner, ability, offer)
    if use is not None and ability.cost.disable_upgrade and offer.actions and use.choice is None:
        # the upgrade that pays: one whose ability the engine does not play (it loses nothing), else the first
        choices = [o.action for o in offer.actions]
        paid = next((c for c in choices if c not in CARDS), choices[0])
        use = AbilityUse(use.dice, paid, use.target, f"{use.reason}; disable {paid}")
    return evolve(offer, default=use)

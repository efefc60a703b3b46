"""The Elite Attack Die (resource 4001): a fleet that holds it may, once a round, roll one of an
attack's dice as the Elite Attack Die (``dice.ELITE_DIE``: a double hit among its faces). Asked of
the attacking ship's seat as the attack dice are counted (combat step 3), after the cards that
change how many there are; the ``ability_used`` event names the die's position (the last die)."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import AttackContext
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, candidates, ready


def exchange(t: Table, attack: AttackContext, count: int) -> int | None:
    """The position of the Elite Attack Die among ``count`` attack dice, or None when it is not rolled."""
    if count < 1:
        return None
    for found in list(candidates(t.state, t.state.ship(attack.attacker.id), "attack_dice", attack)):
        owner, card_id, _, _, ability = found
        if ability.effect.kind != "elite_die" or not ready(t.state.ship(owner.id), card_id, ability):
            continue
        use = _ask(t, found, "attack_dice", (count - 1,), subject=attack.attacker.id)  # the die it replaces
        if use is None:
            continue
        _used(t, found, "attack_dice", use, attack.attacker.id)
        return count - 1
    return None

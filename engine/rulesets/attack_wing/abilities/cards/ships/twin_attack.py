"""The Koranak (ship card 1040): in place of its one attack of the round, a scan token spent for two
primary weapon attacks at two different ships, each at 2 attack dice fewer (``abilities/twin``
weighs it for the AI). The use comes as its first primary weapon attack's dice are counted (combat
step 3, before any die is rolled): it marks its own ship (the riders: -2 dice, the second attack)
and the ship attacked (the reducer refuses the second attack at it); right after that attack,
``abilities/extra`` offers the second one at another ship (rulings.md "The Koranak")."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities import extra
from engine.rulesets.attack_wing.abilities.cards.common import attack_rider, is_owner
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation

KORANAK = "1040"


def _second_ship(sit: Situation) -> bool:
    """Not used yet this round, and a second ship its primary weapon may attack now, other than the
    one this attack is at (two different ships, or no use)."""
    attack = sit.attack
    if attack is None or KORANAK in sit.owner.marks:
        return False
    return any(o.defender != attack.defender.id for o in extra.options(sit.state, sit.owner, "primary"))


CARDS: tuple[Card, ...] = (
    Card((KORANAK,), "Koranak", "ship", (
        Ability("attack_dice", Effect("mark", targets="enemy", and_self=True), "in place of its one attack of the "
                "round, a scan token spent: this primary weapon attack and one more right after it, each at its "
                "own ship", Cost(token="scan"),
                Condition(role="attacker", weapon="primary", check=_second_ship)),
        attack_rider(-2, "-2 attack dice to both of those attacks", check=is_owner,
                     weapon="primary"),
        Ability("extra_attack", Effect("extra_attack", other_target=True), "right after the first: the second "
                "primary weapon attack, at another ship than the first", Cost(limit="round"),
                Condition(role="attacker", scope="marked", weapon="primary", check=is_owner))),
        note="used as the first attack's dice are counted; the second attack follows at once (rulings.md)"),
)

"""The AI's weighing of the Koranak's two attacks (``cards/twin_attack``): asked as its primary
weapon attack's dice are counted, it takes the two attacks when their exact expected damage in all
-- this attack and the best second one at another ship, each at 2 dice fewer, the scan token spent
(the defender's die it would take back) -- is more than this one attack's with every die and the
scan token kept."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import extra
from engine.rulesets.attack_wing.abilities.advice import DAMAGE_VALUE
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


def fewer(card_id: str) -> int:
    """The card's change to each of its two attacks' dice (its rider: -2)."""
    return sum(a.effect.amount for a in CARDS[card_id].abilities
               if a.effect.kind == "attack_dice" and a.condition.scope == "marked")


def _expected(ship: ShipState, state: GameState, option: AttackOption, change: int) -> float:
    return odds_for(ship, state.ship(option.defender), option.weapon, option.band, False,
                    extra_attack=change).expected_damage


def weigh(state: GameState, ship: ShipState, card_id: str) -> tuple[float, float, str, str] | None:
    """(the two attacks' expected damage in all, the one attack's, the second ship, words) for the
    attack being made; None when it has no second ship."""
    attack = state.attack
    if attack is None or attack.weapon != "primary":
        return None
    mine = [o for o in rules.attack_options(state, ship) if o.weapon is None]
    first = next((o for o in mine if o.defender == attack.defender), None)
    seconds = [o for o in extra.options(state, ship, "primary") if o.defender != attack.defender]
    if first is None or not seconds:
        return None
    change = fewer(card_id)
    spent = replace(ship, scan=max(ship.scan - 1, 0))
    one = _expected(ship, state, first, 0)
    a = _expected(spent, state, first, change)
    b, second = max((_expected(spent, state, o, change), o.defender) for o in seconds)
    words = (f"{state.ship(first.defender).name} {a:.2f} + {state.ship(second).name} {b:.2f} = {a + b:.2f} "
             f"expected damage at {change:+d} dice each, against {one:.2f} from one attack at "
             f"{state.ship(first.defender).name} with every die and the scan token (exact odds)")
    return a + b, one, second, words


def choose(state: GameState, ship: ShipState, card_id: str) -> AbilityUse | None:
    """The policy: two attacks when they are worth more expected damage than one."""
    weighed = weigh(state, ship, card_id)
    if weighed is None or weighed[0] <= weighed[1] + 1e-9:
        return None
    return AbilityUse(reason=f"two attacks: {weighed[3]}")


def scan_worth(state: GameState, ship: ShipState, attacks: list[AttackOption]) -> tuple[float, str]:
    """For the AI's Scan action: what a scan token adds for a ship whose card spends it on two attacks
    (the Koranak): the two attacks' expected damage -- the best pair of ships its primary weapon may
    attack now, each at the card's dice fewer -- more than the best one attack without the token, on
    the AI's action scale (``advice.DAMAGE_VALUE`` a point); (0, "") when none or not worth it. The AI
    scans for them when that is more than a scan token's own worth to one attack; the attack's
    ``choose`` then weighs them against the one attack with the token, by the exact odds."""
    card_id = next((c for c in ship.cards if c in CARDS and ship.card_ready(c) and c not in ship.marks
                    and any(a.effect.other_target for a in CARDS[c].abilities)), None)
    mine = [o for o in attacks if o.weapon is None]
    if card_id is None or len({o.defender for o in mine}) < 2:
        return 0.0, ""
    change = fewer(card_id)
    each = sorted(((_expected(ship, state, o, change), o.defender) for o in mine), reverse=True)
    two = each[0][0] + next(e for e, d in each[1:] if d != each[0][1])
    one = max(_expected(ship, state, o, 0) for o in mine)
    if two <= one:
        return 0.0, ""
    return DAMAGE_VALUE * (two - one), f"scan for {CARDS[card_id].name}'s two attacks ({two:.2f} expected " \
        f"damage at {change:+d} dice each, against {one:.2f} from one attack; exact odds)"

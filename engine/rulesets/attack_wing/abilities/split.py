"""One attack divided between two ships (Forward Weapons Grid; window ``split_attack``).

Asked right after the attack is declared and its attack dice are counted (combat step 3, before
any die is rolled): the seat names the second ship, another ship the weapon may fire at from the
forward arc, and how many of the dice go at the first (at least one at each). The attack is then
made in two parts, one roll of the attack dice each, each part with its own defense roll, modify
and compare steps and damage (docs/rulings.md "Forward Weapons Grid"). ``ability_used`` names the
card, its ``choice`` the division ("3 at B1 2 at B2"), ``subject`` the second ship; the reducer then
lets the ship declare the second part (``ShipState.extra_attack``).
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.dice_windows import may_attack
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import Table, _seat
from engine.rulesets.attack_wing.actions import ActionOption
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, decide_ability
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


def _ability(card_id: str) -> int | None:
    card = CARDS.get(card_id)
    if card is None:
        return None
    return next((i for i, a in enumerate(card.abilities) if a.effect.kind == "split_attack"), None)


def splits(option: AttackOption) -> bool:
    """The attack is made with a weapon that divides it between two ships."""
    return option.weapon is not None and _ability(option.weapon.upgrade_id) is not None


def seconds(state: GameState, ship: ShipState, first: AttackOption) -> list[AttackOption]:
    """The attacks of the same weapon, from the forward arc, at another ship (the second part)."""
    weapon = first.weapon
    assert weapon is not None
    return [o for o in rules.attack_options(state, ship)
            if o.weapon is not None and o.weapon.upgrade_id == weapon.upgrade_id and o.arc == "front"
            and o.defender != first.defender and may_attack(state, ship, state.ship(o.defender))]


def allowed(state: GameState, ship: ShipState, option: AttackOption) -> bool:
    """A dividing weapon is declared only from the forward arc, with a second ship to divide it with."""
    return not splits(option) or (option.arc == "front" and bool(seconds(state, ship, option)))


def words(k: int, first: str, rest: int, second: str) -> str:
    return f"{k} at {first} {rest} at {second}"


def _expected(state: GameState, ship: ShipState, option: AttackOption, dice: int) -> float:
    base = rules.attack_dice(ship, option.weapon, option.band).count
    return odds_for(ship, state.ship(option.defender), option.weapon, option.band, False,
                    extra_attack=dice - base).expected_damage


def _default(state: GameState, ship: ShipState, first: AttackOption, others: list[AttackOption], n: int
             ) -> AbilityUse:
    """The policy: the division with the most expected damage in all (exact odds of each part)."""
    best: tuple[float, str, str] | None = None
    for other in others:
        for k in range(1, n):
            a, b = _expected(state, ship, first, k), _expected(state, ship, other, n - k)
            if best is None or a + b > best[0] + 1e-9:
                best = (a + b, words(k, first.defender, n - k, other.defender), other.defender)
    assert best is not None
    return AbilityUse(choice=best[1], target=best[2],
                      reason=f"{best[1]}: {best[0]:.2f} expected damage in all, the most of the divisions "
                             f"(exact odds, each part against its ship's defense)")


def worth(state: GameState, ship: ShipState, first: AttackOption) -> tuple[float, str]:
    """What dividing the attack changes to its expected damage (the best division's in all, less
    all its dice at the first ship), for the AI's choice of attack, and its words."""
    others = seconds(state, ship, first)
    n = rules.attack_dice(ship, first.weapon, first.band).count
    if not others or n < 2:
        return 0.0, ""
    use = _default(state, ship, first, others, n)
    total = sum(_expected(state, ship, o, int(part.split(" ")[0]))
                for o, part in ((first, use.choice or ""), (next(o for o in others if o.defender == use.target),
                                                             " ".join((use.choice or "").split(" ")[3:]))))
    return total - _expected(state, ship, first, n), f"divided {use.choice} ({total:.2f} expected damage in all)"


def divide(t: Any, first: AttackOption, n: int) -> tuple[int, AttackOption, int] | None:
    """Ask the seat how the attack's ``n`` dice are divided (at least one at each ship): the dice at
    the first ship, the second part's attack and its dice; None: the weapon does not divide (or has
    no second ship: it could not have been declared)."""
    table: Table = t
    state = table.state
    ship = state.ship(state.active or "")
    if not splits(first) or first.weapon is None or n < 2:
        return None
    card_id = first.weapon.upgrade_id
    index = _ability(card_id)
    others = seconds(state, ship, first)
    if index is None or not others:
        return None
    card = CARDS[card_id]
    ability = card.abilities[index]
    options = tuple(ActionOption(words(k, first.defender, n - k, o.defender)) for o in others for k in range(1, n))
    offer = AbilityOffer(ship.id, card_id, card.name, index, "split_attack", ability.summary, ability.cost.words(),
                         first.defender, actions=options, default=_default(state, ship, first, others, n))
    # "you must divide": a seat that declines takes the engine's division
    use = decide_ability(_seat(table, ship.side), state, ship, offer) or offer.default
    assert use is not None and use.choice is not None
    k, second_id = int(use.choice.split(" ")[0]), use.choice.split(" ")[-1]  # "k at FIRST n-k at SECOND"
    second = next(o for o in others if o.defender == second_id)
    table.emit(ev.AbilityUsed, ship=ship.id, card=card_id, card_name=card.name, ability=index,
               window="split_attack", subject=second.defender, choice=use.choice, target=second.defender,
               amount=k, summary=ability.summary, reason=use.reason)
    return k, second, n - k



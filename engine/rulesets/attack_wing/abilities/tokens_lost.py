"""Tokens an attack takes from the ship it hits: one for each uncanceled hit or critical hit, of
the attacking seat's choice among the tokens beside that ship (Concussive Charges). Asked after the
Compare Results step (window ``damage``); ``ability_used.choice`` names the tokens ("evade+scan"),
then a ``tokens_changed`` for each (the target lock the ship holds: ``target_lock_removed``; its cloak
token: ``cloak_changed`` to none, its shields disabled until the End Phase)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.model import AttackContext
from engine.rulesets.attack_wing.abilities.windows import Found, Table, _ask, _used
from engine.rulesets.attack_wing.actions import ActionOption
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.state import ShipState

# what a token is worth to the ship holding it: the policy takes the most (an auxiliary power token
# is a burden, the last it would take)
WORTH = {"cloak": 1.0, "target_lock": 0.9, "battle_stations": 0.8, "evade": 0.7, "scan": 0.5, "aux_power": -0.5}


def held(ship: ShipState, tokens: tuple[str, ...]) -> dict[str, int]:
    """The ship's tokens of these kinds and how many (its target lock, its cloak token: one)."""
    out = {}
    for token in tokens:
        count = int(ship.target_lock is not None) if token == "target_lock" else int(ship.cloak != "none") \
            if token == "cloak" else int(getattr(ship, token, 0))
        if count:
            out[token] = count
    return out


def choices(ship: ShipState, tokens: tuple[str, ...], results: int) -> tuple[str, ...]:
    """Every way to take ``results`` tokens (all there are when fewer), each joined by "+"."""
    have = held(ship, tokens)
    k = min(results, sum(have.values()))
    if k <= 0:
        return ()
    out = []
    for group in combinations_with_replacement(list(have), k):
        if all(group.count(token) <= n for token, n in have.items()):
            out.append("+".join(group))
    return tuple(out)


def best(options: tuple[str, ...]) -> str:
    """The policy's choice: the tokens worth most to the ship losing them."""
    return max(options, key=lambda o: (sum(WORTH.get(x, 0.0) for x in o.split("+")), o))


def lose_tokens(t: Table, found: Found, attack: AttackContext, results: int) -> None:
    """The ship attacked loses a token for each of the attack's ``results`` (the seat's choice)."""
    _, _, card, _, ability = found
    defender = t.state.ship(attack.defender.id)
    options = choices(defender, ability.effect.tokens, results * max(ability.effect.amount, 1))
    if not options:
        return
    asked = _ask(t, found, "damage", subject=defender.id, actions=tuple(ActionOption(o) for o in options))
    pick = asked.choice if asked is not None and asked.choice in options else best(options)
    reason = asked.reason if asked is not None and asked.choice == pick else \
        f"takes {pick.replace('+', ', ').replace('_', ' ')}: worth most to {defender.name}"
    _used(t, found, "damage", AbilityUse(choice=pick, reason=reason), defender.id)
    for token in pick.split("+"):
        if token == "target_lock":
            t.emit(ev.TargetLockRemoved, ship=defender.id, cause=card.name)
        elif token == "cloak":  # no longer cloaked; its shields stay disabled until the End Phase
            t.emit(ev.CloakChanged, ship=defender.id, cloak="none", cause=card.name)
        else:
            t.emit(ev.TokensChanged, ship=defender.id, token=token, delta=-1, cause=card.name)

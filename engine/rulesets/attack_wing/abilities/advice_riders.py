"""The AI's worth of an "Action:" card's riders (its abilities with scope "marked") for the ships
it marks (``advice``): attack dice for a friendly ship with a target its condition allows (the
expected damage they add, exact odds), defense dice a share of the fire the ship is under, a battle
stations result turned into a hit what a battle stations token is worth to an attacker."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.advice_odds import (
    BATTLE_STATIONS_ATTACK,
    CRIT_OVER_HIT,
    DAMAGE_VALUE,
    DEFENSE_DIE,
    DIE_VALUE,
    ENEMY_DIE_VALUE,
    _best_at,
    _threat_to,
)
from engine.rulesets.attack_wing.abilities.model import Ability, AttackContext, Situation
from engine.rulesets.attack_wing.abilities.windows import action_name, holds
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


def _context(state: GameState, attacker: ShipState, option: AttackOption) -> AttackContext:
    return AttackContext(attacker, state.ship(option.defender), option.weapon, option.band, option.arc)


def _qualifies(state: GameState, owner: ShipState, card_id: str, rider: Ability, marked: ShipState,
               role: str) -> list[AttackContext]:
    """The attacks this round in which the rider would act for the marked ship (as attacker or
    defender), judged on the table as it is now (ships have moved; combat comes next)."""
    subject = replace(marked, marks=(*marked.marks, card_id))  # as if the action had marked it
    if rider.condition.after is not None:  # ... and as if the card's action were done (Montgomery Scott)
        subject = replace(subject, actions_done=(*subject.actions_done, action_name(card_id, rider.condition.after)))
    view = state.with_ship(subject)
    if role == "attacker":
        attacks = [_context(view, subject, o) for o in rules.attack_options(view, subject)]
    else:
        attacks = [_context(view, e, o) for e in view.enemies(subject) for o in rules.attack_options(view, e)
                   if o.defender == subject.id]
    return [a for a in attacks if holds(Situation(view, view.ship(owner.id), subject, a), card_id, rider)]


def _under_fire(state: GameState, ship: ShipState, attacks: int) -> float:
    """The fire ``attacks`` enemy attacks put on the ship (their dice), capped at every enemy's dice."""
    return float(sum(sorted((_threat_to(state, e, ship) for e in state.enemies(ship)), reverse=True)[:attacks]))


def _rider(state: GameState, ship: ShipState, card_id: str, rider: Ability, marked: ShipState,
           threat: float) -> tuple[float, str]:
    """One rider's worth for one marked ship, and its words (empty when it is worth nothing)."""
    effect = rider.effect
    if effect.kind == "no_dice":  # no dice at all: about the marked ship's usual roll fewer
        effect = replace(effect, kind="defense_dice" if effect.dice == "defense" else "attack_dice",
                         amount=-max(1, marked.agility if effect.dice == "defense" else marked.attack))
    friendly = marked.side == ship.side
    role = rider.condition.role if rider.condition.role != "any" else (
        "attacker" if effect.dice == "attack" and effect.kind != "defense_dice" else "defender")
    if effect.kind == "attack_dice" and role == "defender" and friendly and effect.amount < 0:  # Gorkon
        return _spared_dice(state, marked, effect.amount)
    if effect.kind in ("attack_dice", "convert", "reroll", "add_result") and effect.dice == "attack" \
            and role == "attacker":
        attacks = _qualifies(state, ship, card_id, rider, marked, "attacker")
        if not attacks:
            return 0.0, ""
        if not friendly and effect.kind == "attack_dice" and effect.amount < 0:  # fewer dice at the fleet
            return _fewer_attack(attacks, effect.amount, marked)
        if not friendly:  # an enemy's extra dice (Keevan's target at his ship)
            return -ENEMY_DIE_VALUE * effect.amount, ""
        if effect.kind == "attack_dice":
            return _more_dice(attacks, effect.amount, marked)
        if effect.kind == "convert" and "battle_stations" in effect.faces:
            if effect.to == "crit":
                return CRIT_OVER_HIT, f"a battle stations result a critical hit for {marked.name}"
            if marked.battle_stations:  # its token already turns them into hits
                return 0.0, ""
            return BATTLE_STATIONS_ATTACK, f"battle stations results hits for {marked.name} (no token spent)"
        dice = effect.amount or marked.attack
        return DIE_VALUE * 0.5 * dice, f"{effect.kind.replace('_', ' ')} for {marked.name}'s attack"
    if effect.kind == "defense_dice" or (effect.dice == "defense" and effect.kind in ("convert", "reroll",
                                                                                      "add_result")):
        if not friendly and effect.kind == "defense_dice" and effect.amount < 0:  # fewer for an enemy (Feint)
            attacks = _qualifies(state, ship, card_id, rider, marked, "defender")
            return _fewer_defense(attacks, effect.amount, marked) if attacks else (0.0, "")
        fire = threat if marked.id == ship.id else _under_fire(state, marked, 99)
        if not fire or not _qualifies(state, ship, card_id, rider, marked, "defender"):
            return 0.0, ""
        sign = 1 if friendly else -1
        amount: float
        if effect.kind == "defense_dice":
            amount = effect.amount
        elif effect.kind == "convert":  # a battle stations result an evade: about one die in eight
            amount = 0.0 if marked.battle_stations else marked.agility / 8 / 0.375
        else:
            amount = effect.amount * 0.5
        value = sign * DEFENSE_DIE * fire * amount
        words = {"defense_dice": f"{effect.amount:+d} defense dice", "reroll": "defense rerolls",
                 "convert": f"{'/'.join(effect.faces).replace('_', ' ')} results {effect.to}s",
                 "add_result": f"{effect.amount} added {effect.to}(s)"}[effect.kind] \
            + f" for {marked.name} under fire ({fire:.1f})"
        return value, words if friendly else ""
    return 0.0, ""


def _spared_dice(state: GameState, marked: ShipState, amount: int) -> tuple[float, str]:
    """Fewer attack dice for every ship attacking a friendly ship this round: the expected damage
    spared it, each enemy's best attack at it (exact odds) times the chance it picks it, at
    ``DAMAGE_VALUE`` a point."""
    spared = 0.0
    for enemy in state.enemies(marked):
        now, chance = _best_at(state, enemy, marked)
        if chance:
            spared += (now - _best_at(state, enemy, marked, amount)[0]) * chance
    if not spared:
        return 0.0, ""
    return DAMAGE_VALUE * spared, f"{amount:+d} attack dice for the ships attacking {marked.name}: {spared:.2f} " \
        "expected damage spared (exact odds)"


def _best_gain(attacks: Sequence[AttackContext], extra_attack: int = 0, extra_defense: int = 0
               ) -> tuple[AttackContext, float]:
    """The attack that extra attack dice (or defense dice, a negative number: fewer) help most, and
    the expected damage they add to it (exact odds)."""
    def gain(a: AttackContext) -> float:
        return odds_for(a.attacker, a.defender, a.weapon, a.band, False, extra_attack=extra_attack,
                        extra_defense=extra_defense).expected_damage \
            - odds_for(a.attacker, a.defender, a.weapon, a.band, False).expected_damage
    best = max(attacks, key=gain)
    return best, gain(best)


def _fewer_defense(attacks: Sequence[AttackContext], amount: int, marked: ShipState) -> tuple[float, str]:
    """Fewer defense dice for an enemy against our attacks this round: the expected damage they add
    to the best of those attacks (exact odds), at ``DAMAGE_VALUE`` a point."""
    best, more = _best_gain(attacks, extra_defense=amount)
    return DAMAGE_VALUE * more, f"{amount:+d} defense dice for {marked.name} against {best.attacker.name}: " \
        f"{more:+.2f} expected damage (exact odds)"


def _more_dice(attacks: Sequence[AttackContext], amount: int, marked: ShipState) -> tuple[float, str]:
    """Extra attack dice for a friendly ship: the expected damage they add to its best attack this
    round (exact odds, with the tokens it holds: a target lock makes a die worth more than a battle
    stations token), at ``DAMAGE_VALUE`` a point."""
    best, more = _best_gain(attacks, extra_attack=amount)
    return DAMAGE_VALUE * more, f"{amount:+d} attack dice for {marked.name} at {best.defender.name}: " \
        f"{more:+.2f} expected damage (exact odds)"


def _fewer_attack(attacks: Sequence[AttackContext], amount: int, marked: ShipState) -> tuple[float, str]:
    """Fewer attack dice for an enemy this round (Glinn Telle, Worf): the expected damage its best
    attack at a ship of ours loses (exact odds, the attack it would make: the one of most expected
    damage), at ``DAMAGE_VALUE`` a point."""
    def expected(a: AttackContext, extra: int = 0) -> float:
        return odds_for(a.attacker, a.defender, a.weapon, a.band, False, extra_attack=extra).expected_damage
    best = max(attacks, key=lambda a: (expected(a), a.defender.id))
    spared = expected(best) - expected(best, amount)
    return DAMAGE_VALUE * spared, f"{amount:+d} attack dice for {marked.name} at {best.defender.name}: " \
        f"{spared:.2f} expected damage spared (exact odds)"

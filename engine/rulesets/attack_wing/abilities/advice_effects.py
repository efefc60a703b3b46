"""The AI's worth of an "Action:" effect that acts at once on a ship (``advice``): a shield
repaired, a token placed or taken, damage, an upgrade disabled, discarded or stolen; and what an
enemy's token is worth to it (exact odds)."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.advice_odds import (
    BATTLE_STATIONS_ATTACK,
    CRIT_OVER_HIT,
    DAMAGE_VALUE,
    DEFENSE_DIE,
    MUON_REMOVAL,
    OWN_SHIP_LOST,
    SHIELD_VALUE,
    TOKEN_VALUE,
    TOKEN_WORTH,
    _expected,
    _fire_at,
)
from engine.rulesets.attack_wing.abilities.advice_riders import _under_fire
from engine.rulesets.attack_wing.abilities.model import Ability
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.steal import STEAL_SCALE, steal_choice, steal_worth, upgrades_to_steal
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.state import GameState, ShipState


def _on_ship(state: GameState, ship: ShipState, ability: Ability, target: ShipState, threat: float
             ) -> tuple[float, str]:
    """What an "Action:" effect that acts at once is worth done to one ship, and its words."""
    effect = ability.effect
    friendly = target.side == ship.side
    fire = threat if target.id == ship.id else _under_fire(state, target, 99)
    if effect.kind == "repair_shield" and friendly:
        n = min(effect.amount, target.shields_max - target.shields - target.shields_disabled)
        # a shield repaired stops a point of damage the hull would take: a whole point of expected
        # damage for each of the points this round's fire is expected to deal it (exact odds), the
        # old worth for the rest, which wait for later rounds
        incoming = _fire_at(state, target)
        now = min(n, int(incoming + 0.5))
        return now * DAMAGE_VALUE + (n - now) * (SHIELD_VALUE + 0.05 * fire), \
            f"repair {n} shield(s) of {target.name}" + (f" (under {incoming:.2f} expected damage)" if now else "")
    if effect.kind == "gain_token" and friendly and effect.token and not getattr(target, effect.token, 0):
        if effect.token == "battle_stations":
            worth = BATTLE_STATIONS_ATTACK if rules.attack_options(state, target) else 0.1 * fire
        else:
            worth = DEFENSE_DIE * fire if effect.token == "evade" else 0.3
        return worth, f"a {effect.token.replace('_', ' ')} token for {target.name}" if worth else ""
    if effect.kind == "gain_token" and effect.token == "muon" and not friendly and not target.muon:
        # hull damage after each maneuver above 1 (from the next round on) until an action removes it:
        # its ship pays that action (what the AI gives removing its own, MUON_REMOVAL) or about a point
        # of hull damage a round it keeps flying at speed 2 or more
        rounds = max(state.round_limit - state.round, 0)
        worth = min(MUON_REMOVAL, DAMAGE_VALUE * rounds)
        return worth, f"a Muon Token beside {target.name}: an action to remove it, or hull damage as it " \
            f"moves ({rounds} round(s) left)" if worth else ""
    if effect.kind == "shield_roll" and not friendly:  # its hits (3 in 8 a die) disable active shields
        struck = min(effect.amount * 3 / 8, float(target.shields))
        return SHIELD_VALUE * 0.6 * struck, f"about {struck:.1f} of {target.name}'s shields disabled"
    if effect.kind == "damage":  # a point of damage to each ship it reaches: friends and its own ship count against
        if friendly and effect.amount >= target.hull - target.hull_damage + target.shields:
            return -OWN_SHIP_LOST, f"{effect.amount} damage destroys {target.name}"
        return (-1.0 if friendly else 1.0) * DAMAGE_VALUE * effect.amount, f"{effect.amount} damage to {target.name}"
    if effect.kind == "inflict" and not friendly:  # a critical hit on the hull: a point and its card's effect
        return (DAMAGE_VALUE + CRIT_OVER_HIT) * effect.amount, f"{effect.amount} critical damage to {target.name}"
    if effect.kind == "drop_lock" and not friendly and target.target_lock is not None:  # its lock on us gone
        worth, words = token_worth(state, target, "target_lock")
        return worth, f"{target.name} loses its target lock{words}"
    if effect.kind == "remove_token" and not friendly:
        held = [(*token_worth(state, target, t), t) for t in effect.tokens if getattr(target, t, None)]
        if held:
            worth, words, best = max(held)
            return worth, f"{target.name} loses its {best.replace('_', ' ')}{words}"
    if effect.kind == "disable_upgrade" and not friendly:
        from engine.rulesets.attack_wing.abilities.windows import upgrades_to_disable
        choices = upgrades_to_disable(target, effect)
        weapons = {w.upgrade_id: w.attack for w in target.weapons if not w.disabled}
        each = [0.4 + 0.2 * weapons[c] if c in weapons else 0.6 if c in CARDS else 0.2 for c in choices]
        if effect.amount == 0 and (each or any(getattr(target, t, 0) for t in effect.tokens)):  # every one
            tokens = sum(TOKEN_WORTH.get(t, 0.3) for t in effect.tokens if getattr(target, t, 0))
            return sum(each) + tokens, f"disable every upgrade of {target.name}"
        if choices:
            return max(each), f"disable an upgrade of {target.name}"
    if effect.kind == "steal_upgrade" and not friendly:  # the enemy loses the card and its ship gains it
        cards = upgrades_to_steal(target)
        if cards:
            best, why = steal_choice(state, target.id, cards)
            return STEAL_SCALE * steal_worth(target, best)[0], why
    if effect.kind == "discard_upgrade" and not friendly:
        from engine.rulesets.attack_wing.abilities.windows import upgrades_to_discard
        cards = upgrades_to_discard(target, effect)
        left = _rounds_left(state)
        lost = sorted((_upgrade_round(target, c) * left for c in cards), reverse=True)[:max(effect.amount, 1)]
        if lost:  # out of the game: each round left it would have served its ship
            return float(sum(lost)), f"discard {len(lost)} upgrade(s) of {target.name} for the {left} round(s) " \
                "left"
    return 0.0, ""


def _rounds_left(state: GameState) -> int:
    """The rounds an upgrade discarded now would have served, this one included (three at most)."""
    return min(max(state.round_limit - state.round + 1, 1), 3) if state.round_limit else 3


def _upgrade_round(ship: ShipState, card_id: str) -> float:
    """A round's worth of one of a ship's upgrades to it: an armed weapon by its attack dice, a
    ready card whose ability the engine plays as much as a token, any other card little."""
    weapon = next((w for w in ship.weapons if w.upgrade_id == card_id and not w.disabled), None)
    if weapon is not None:
        return 0.2 + 0.1 * weapon.attack
    return TOKEN_VALUE if card_id in CARDS and ship.card_ready(card_id) else 0.1


def token_worth(state: GameState, enemy: ShipState, token: str) -> tuple[float, str]:
    """What an enemy's token is worth to it this round, in expected damage from the exact odds (at
    ``DAMAGE_VALUE`` a point; ``TOKEN_WORTH`` at least, for the rounds after), and its words: a
    target lock or a battle stations or scan token by its best attack at a ship of ours with it and
    without (a torpedo fires only with the lock); an evade token by our best attack at it."""
    floor = TOKEN_WORTH.get(token, 0.3) * 0.5
    bare = replace(enemy, **{token: None if token == "target_lock" else 0})  # type: ignore[arg-type]
    if token == "evade":
        shots = [(_expected(state, s, o), odds_for(s, bare, o.weapon, o.band, False).expected_damage)
                 for s in state.enemies(enemy) for o in rules.attack_options(state, s) if o.defender == enemy.id]
        if not shots:
            return floor, ""
        with_it, without = max(shots)
        gain = without - with_it
        return max(DAMAGE_VALUE * gain, floor), f" ({gain:+.2f} expected damage for our attack at it, exact odds)"
    options = [o for o in rules.attack_options(state, enemy) if state.ship(o.defender).side != enemy.side
               and (token != "target_lock" or o.defender == enemy.target_lock)]
    if not options:
        return floor, ""
    with_it = max(_expected(state, enemy, o) for o in options)
    without = max((odds_for(bare, state.ship(o.defender), o.weapon, o.band, False).expected_damage for o in options
                   if not (token == "target_lock" and o.weapon is not None and o.weapon.needs_target_lock)),
                  default=0.0)
    at = state.ship(max(options, key=lambda o: _expected(state, enemy, o)).defender)
    gain = with_it - without
    return max(DAMAGE_VALUE * gain, floor), f" ({gain:.2f} expected damage less at {at.name}, exact odds)"

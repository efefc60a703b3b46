"""The AI's worth of cards that change who attacks whom, or how often (``advice``), in expected
damage from the exact odds at ``DAMAGE_VALUE`` a point: Riker's return fire, Weyoun's ban, Keevan's
first strike, the Projected Stasis Field, Once More Unto The Breach, Counter Attack, the Tractor
Beam; and what a weapon card's text adds to firing it."""

from __future__ import annotations

from collections.abc import Sequence

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.advice_odds import (
    DAMAGE_VALUE,
    SHIELD_COST,
    _best_at,
    _expected,
    _own_attack,
    _threat_to,
)
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.measure import arc_check
from engine.rulesets.attack_wing.odds import attack_odds, odds_for
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


def _return_fire(state: GameState, ship: ShipState, dice: int) -> tuple[float, str]:
    """Riker: ``dice`` dice, no defense roll, at each enemy that may attack his ship at Range 1."""
    back = attack_odds(dice, 0).expected_damage
    chance = sum(1.0 / len({o.defender for o in options}) for options in
                 ([o for o in rules.attack_options(state, e)] for e in state.enemies(ship))
                 if any(o.defender == ship.id and o.band == 1 for o in options))
    if not chance:
        return 0.0, ""
    return DAMAGE_VALUE * back * chance, f"{dice} dice back ({back:.2f} expected damage, no defense) at the " \
        f"attackers at Range 1 (expected {chance:.2f} attacks)"


def _spared(state: GameState, ship: ShipState, targets: Sequence[str], gives_up: str = "all"
            ) -> tuple[float, str, str | None]:
    """Weyoun: the enemy whose attack on his ship he forbids (the most expected damage spared),
    less his own attack, given up (``gives_up`` "all"). "pair" (Alidar Jarok, K'Ehleyr): only the
    two ships may not attack each other, so he gives up his best attack less his best at another
    ship; "none" (Selok): his ship still attacks whom it will."""
    pair = gives_up == "pair"

    def lost_by(pick: str) -> float:
        if gives_up == "none":
            return 0.0
        if not pair:
            return _own_attack(state, ship)
        options = rules.attack_options(state, ship)
        others = max((_expected(state, ship, o) for o in options if o.defender != pick), default=0.0)
        return max(_own_attack(state, ship) - others, 0.0)

    scored = []
    for t in targets:
        enemy = state.ship(t)
        if enemy.side != ship.side:
            damage, chance = _best_at(state, enemy, ship)
            scored.append((damage * chance - lost_by(t), damage * chance, t))
    if not scored:
        return 0.0, "", None
    _, spared, pick = max(scored)
    lost = lost_by(pick)
    if spared <= 0:
        return 0.0, "", None
    words = f"spares his ship {spared:.2f} expected damage from {state.ship(pick).name}" + (
        f", giving up {'his attack at it' if pair else 'his own attack'} ({lost:.2f})" if lost else
        (", his own attack going to another ship" if pair and _own_attack(state, ship) else ""))
    return DAMAGE_VALUE * (spared - lost), words, pick


def _first_strike(state: GameState, ship: ShipState, targets: Sequence[str], extra: int
                  ) -> tuple[float, str, str | None]:
    """Keevan: his attack resolves just before his target's; it gains ``extra`` attack dice at his
    ship. Worth the damage his target would deal before he fires and no longer does when his
    attack destroys it first, less the extra dice's damage when it survives."""
    mine = {o.defender: o for o in rules.attack_options(state, ship)}
    best: tuple[float, str, str | None] = (0.0, "", None)
    for t in targets:
        target = state.ship(t)
        if target.side == ship.side or t not in mine:
            continue
        odds = odds_for(ship, target, mine[t].weapon, mine[t].band, False)
        needed = max(target.hull - target.hull_damage, 0) + target.shields
        p_kill = sum(odds.damage[needed:]) if needed else 1.0
        at_him, chance = _best_at(state, target, ship)
        plus, _ = _best_at(state, target, ship, extra)
        first = rules.skill_in_effect(target) >= rules.skill_in_effect(ship)  # fires before him, or with him
        without = at_him * chance * (1.0 if first else 1.0 - p_kill)
        with_it = (1.0 - p_kill) * plus * chance
        gain = without - with_it
        if gain > best[0]:
            best = (gain, f"fires at {target.name} first: destroys it with {p_kill:.0%}, sparing "
                          f"{at_him * chance:.2f} expected damage; {plus * chance:.2f} if it survives", t)
    return DAMAGE_VALUE * best[0], best[1], best[2]


def _stasis(state: GameState, ship: ShipState, targets: Sequence[str]) -> tuple[float, str, str | None]:
    """Projected Stasis Field: the enemy whose attack it stops (the most expected damage spared) and
    whose shields go down, against its own attack's two dice fewer and its own shields disabled."""
    mine = {o.defender: o for o in rules.attack_options(state, ship)}
    own = max((_expected(state, ship, o) - _expected(state, ship, o, -2) for o in mine.values()), default=0.0)
    scored = []
    for t in targets:
        enemy = state.ship(t)
        if enemy.side == ship.side:
            continue
        damage, chance = _best_at(state, enemy, ship)
        scored.append((damage * chance + 0.4 * enemy.shields * (t in mine), t))
    if not scored:
        return 0.0, "", None
    spared, pick = max(scored)
    if spared <= 0:
        return 0.0, "", None
    threat = sum(_threat_to(state, e, ship) for e in state.enemies(ship))
    value = DAMAGE_VALUE * (spared - own) - ship.shields * (SHIELD_COST + 0.05 * threat)
    return value, f"{state.ship(pick).name} does not attack and drops its shields ({spared:.2f}); " \
        f"{own:.2f} of its own attack lost to two dice fewer", pick


def _second_attack(state: GameState, ship: ShipState, card_id: str) -> tuple[float, str]:
    """Once More Unto The Breach: one more primary weapon attack, both at the card's dice fewer
    (the expected damage of the two against the one attack it would make without the card)."""
    extra = sum(r.effect.amount for r in CARDS[card_id].abilities
                if r.condition.scope == "marked" and r.effect.kind == "attack_dice")
    scored = [(_expected(state, ship, o, extra), _expected(state, ship, o)) for o in rules.attack_options(state, ship)
              if o.weapon is None]
    if not scored:
        return 0.0, ""
    less, full = max(scored)
    gain = 2 * less - full
    return DAMAGE_VALUE * gain, f"two primary weapon attacks ({2 * less:.2f} expected damage against {full:.2f})"


def _counter(state: GameState, ship: ShipState) -> tuple[float, str]:
    """Counter Attack: a free attack back at each enemy in its forward arc that may attack it (the
    chance it picks this ship), at the expected damage of the ship's best attack at it."""
    mine: dict[str, float] = {}
    for o in rules.attack_options(state, ship):
        mine[o.defender] = max(mine.get(o.defender, 0.0), _expected(state, ship, o))
    worth, attackers = 0.0, 0.0
    for enemy in state.enemies(ship):
        damage, chance = _best_at(state, enemy, ship)
        if not chance or enemy.id not in mine or not arc_check(rules.placed(ship), rules.placed(enemy),
                                                                ship.front_arc or 90.0).in_arc:
            continue
        worth += chance * mine[enemy.id] * min(1.0, damage)  # about the chance its attack damages the ship
        attackers += chance
    if not worth:
        return 0.0, ""
    return DAMAGE_VALUE * worth, f"a free attack back ({worth:.2f} expected damage) at the ships in its forward " \
        f"arc that may attack it (expected {attackers:.2f} attacks)"


def _tractor(state: GameState, ship: ShipState, targets: Sequence[str], attack: AttackOption | None, dice: int
             ) -> tuple[float, str, str | None]:
    """Tractor Beam: ``dice`` attack dice at a ship at Range 1; each hit one defense die fewer for it
    against this ship's attack: worth the expected hits times the damage a defense die fewer adds
    to the ship's best attack at it (the one it means to make, when that ship is in reach)."""
    from engine.rulesets.attack_wing.dice import ATTACK_DIE
    hits = dice * ATTACK_DIE.count("hit") / len(ATTACK_DIE)
    mine = [o for o in rules.attack_options(state, ship) if o.defender in targets]
    if attack is not None and attack.defender in targets:
        mine = [attack]
    scored = [(odds_for(ship, state.ship(o.defender), o.weapon, o.band, False, extra_defense=-1).expected_damage
               - _expected(state, ship, o), o.defender) for o in mine]
    if not scored:
        return 0.0, "", None
    gain, pick = max(scored)
    return DAMAGE_VALUE * hits * gain, f"{dice} dice at {state.ship(pick).name}: {hits:.2f} expected hits, " \
        f"each a defense die fewer against its next attack (+{gain:.2f} expected damage)", pick


def weapon_card(state: GameState, ship: ShipState, option: AttackOption) -> tuple[float, str]:
    """What a weapon card's text adds to firing it, on the AI's attack scale, and its words: a price
    paid as it fires (Magnetic Pulse's shield, as ``worth.keep_value`` weighs one), its critical hits
    past the shields, the tokens it takes (Concussive Charges: the defender's worth most, about one
    for each two dice)."""
    from engine.rulesets.attack_wing.abilities.tokens_lost import WORTH, held
    card = CARDS.get(option.weapon.upgrade_id) if option.weapon is not None else None
    if card is None:
        return 0.0, ""
    defender = state.ship(option.defender)
    value, words = 0.0, []
    for ability in card.abilities:
        kind = ability.effect.kind
        if kind == "fire_cost" and ability.cost.shields:
            value -= 0.35 * ability.cost.shields
            words.append(f"costs {ability.cost.shields} active shield")
        elif kind == "crit_past_shields" and defender.shields:
            value += 0.3
            words.append("its critical hits go past the shields")
        elif kind == "split_attack":  # Forward Weapons Grid: the best division of its dice between two ships
            from engine.rulesets.attack_wing.abilities.split import worth as divided
            change, said = divided(state, ship, option)
            value += change
            words.append(said)
        elif kind == "dampen":  # Energy Dissipator: no damage, the token and a follow-up attack
            from engine.rulesets.attack_wing.abilities.dampening import worth as dampened
            change, said = dampened(state, ship, option)
            value += change
            words.append(said)
        elif kind == "remove_token":
            have = held(defender, ability.effect.tokens)
            worth = sorted((WORTH.get(t, 0.0) for t, n in have.items() for _ in range(n)), reverse=True)
            taken = [w for w in worth[:max(1, option.weapon.attack // 2 if option.weapon else 1)] if w > 0]
            if taken:
                value += sum(taken)
                words.append(f"takes {len(taken)} of {defender.name}'s tokens")
    return value, "; ".join(words)

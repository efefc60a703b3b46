"""How much an "Action:" card is worth to the AI against the rulebook's actions (``ai.AiPlayer``
values every option of the Perform Action step on one scale), whom it targets, and why.

An "Action:" card marks ships for the round; its riders (the card's abilities with scope
"marked") then act in the combat windows. Each rider is valued for the ships it would mark, on the
AI's own scale: attack dice for a friendly ship with a target its condition allows are worth the
expected damage they add (exact odds, ``DAMAGE_VALUE`` a point),
a defense die a quarter of the fire the ship is under (as Evasive Maneuvers: +1 defense die),
a battle stations result turned into a hit what a battle stations token is worth to an attacker.

Cards that change who attacks whom are valued in expected damage from the exact odds
(``odds.odds_for``), at ``DAMAGE_VALUE`` a point: Riker's return fire (the enemies that may attack
his ship at Range 1), Weyoun's ban (the attack it spares his ship, less his own attack given up),
Keevan's first strike (the chance his attack destroys his target before it fires, against its four
extra dice if it survives).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import moves
from engine.rulesets.attack_wing.abilities.action_windows import marks_of
from engine.rulesets.attack_wing.abilities.model import Ability, AttackContext, Card, Cost, Situation
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import action_name, holds, parse_action
from engine.rulesets.attack_wing.measure import arc_check
from engine.rulesets.attack_wing.movement import Table, resolve_move
from engine.rulesets.attack_wing.odds import attack_odds, odds_for
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState

DIE_VALUE = 0.8  # an attack die this round for a ship with something to shoot
ENEMY_DIE_VALUE = 0.2  # an enemy's extra attack die at this ship (it may be destroyed before it fires)
DEFENSE_DIE = 0.25  # times the fire the ship is under: one more defense die (the AI's Evasive Maneuvers)
BATTLE_STATIONS_ATTACK = 1.1  # a battle stations token to a ship with a target (its results become hits)
CRIT_OVER_HIT = 0.3  # one of those results a critical hit instead
LOST_ATTACK = 1.5  # giving up the ship's own attack when it has one
AUX_POWER = 0.5  # an auxiliary power token: next round's red maneuvers are barred
TOKEN_VALUE = 0.5  # an evade, scan or battle stations token a card places beside a ship
SHIELD_COST = 0.3  # an active shield disabled to pay for a card
DAMAGE_VALUE = 1.6  # a point of expected damage dealt or spared (an attack die, DIE_VALUE, adds about half)


def _threat_to(state: GameState, enemy: ShipState, ship: ShipState) -> float:
    """The enemy's dice at ``ship`` when it can attack it now (0 otherwise)."""
    return float(enemy.attack) if any(o.defender == ship.id for o in rules.attack_options(state, enemy)) else 0.0


def _expected(state: GameState, attacker: ShipState, option: AttackOption, extra: int = 0) -> float:
    """The exact expected damage of one attack option (the ships' tokens as they stand)."""
    return odds_for(attacker, state.ship(option.defender), option.weapon, option.band, False,
                    extra_attack=extra).expected_damage


def _best_at(state: GameState, enemy: ShipState, ship: ShipState, extra: int = 0) -> tuple[float, float]:
    """(the expected damage of the enemy's best attack on ``ship`` now, the chance it picks
    ``ship``: one over the ships it may attack); (0, 0) when it cannot attack it."""
    options = rules.attack_options(state, enemy)
    at = [o for o in options if o.defender == ship.id]
    if not at:
        return 0.0, 0.0
    return max(_expected(state, enemy, o, extra) for o in at), 1.0 / len({o.defender for o in options})


def _own_attack(state: GameState, ship: ShipState) -> float:
    """The expected damage of the ship's best attack now (0: nothing to shoot)."""
    return max((_expected(state, ship, o) for o in rules.attack_options(state, ship)), default=0.0)


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
    paid as it fires (Magnetic Pulse's shield, as ``policy.keep_value`` weighs one), its critical hits
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
            return DIE_VALUE * -effect.amount, f"{effect.amount:+d} attack dice for {marked.name}"
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


def _cost(cost: Cost) -> float:
    return (0.3 if cost.discard else 0.1 if cost.disable else 0.0) + (AUX_POWER if cost.aux_power else 0.0) \
        + ((0.4 if cost.own_discard else 0.2) if cost.own else 0.0) \
        + (0.4 if cost.token else 0.0) + (0.2 if cost.limit == "game" else 0.0) + 0.1 * cost.time \
        + SHIELD_COST * max(cost.shields, 0)


TOKEN_WORTH = {"battle_stations": 0.8, "evade": 0.7, "scan": 0.5, "target_lock": 0.9}  # to the ship holding it
SHIELD_VALUE = 0.9  # a shield repaired (about a hit it will stop; more under fire)


def _on_ship(state: GameState, ship: ShipState, ability: Ability, target: ShipState, threat: float
             ) -> tuple[float, str]:
    """What an "Action:" effect that acts at once is worth done to one ship, and its words."""
    effect = ability.effect
    friendly = target.side == ship.side
    fire = threat if target.id == ship.id else _under_fire(state, target, 99)
    if effect.kind == "repair_shield" and friendly:
        n = min(effect.amount, target.shields_max - target.shields - target.shields_disabled)
        return n * (SHIELD_VALUE + 0.05 * fire), f"repair {n} shield(s) of {target.name}"
    if effect.kind == "gain_token" and friendly and effect.token and not getattr(target, effect.token, 0):
        if effect.token == "battle_stations":
            worth = BATTLE_STATIONS_ATTACK if rules.attack_options(state, target) else 0.1 * fire
        else:
            worth = DEFENSE_DIE * fire if effect.token == "evade" else 0.3
        return worth, f"a {effect.token.replace('_', ' ')} token for {target.name}" if worth else ""
    if effect.kind == "gain_token" and effect.token == "muon" and not friendly and not target.muon:
        rounds = max(state.round_limit - state.round, 0)  # hull damage after each maneuver above 1 until removed
        return 0.6 + 0.2 * min(rounds, 3), f"a Muon Token beside {target.name}"
    if effect.kind == "shield_roll" and not friendly:  # its hits (3 in 8 a die) disable active shields
        struck = min(effect.amount * 3 / 8, float(target.shields))
        return SHIELD_VALUE * 0.6 * struck, f"about {struck:.1f} of {target.name}'s shields disabled"
    if effect.kind == "damage":  # a point of damage to each ship it reaches: friends and its own ship count against
        return (-1.0 if friendly else 1.0) * effect.amount, f"{effect.amount} damage to {target.name}"
    if effect.kind == "inflict" and not friendly:  # a critical hit on the hull: a point and its card's effect
        return 1.3 * effect.amount, f"{effect.amount} critical damage to {target.name}"
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
        from engine.rulesets.attack_wing.abilities.cards.crew_more2 import STEAL_SCALE, steal_choice, steal_worth
        from engine.rulesets.attack_wing.abilities.cards.crew_more2 import upgrades_to_steal as stealable
        cards = stealable(target)
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


def _acting_now(state: GameState, ship: ShipState, ability: Ability, threat: float, targets: Sequence[str]
                ) -> tuple[float, list[str], str | None]:
    """An effect that acts at once: its worth on the ship the seat would pick, or on every ship it
    acts on."""
    effect = ability.effect
    if effect.pick:
        scored = [(*_on_ship(state, ship, ability, state.ship(t), threat), t) for t in targets]
        scored = [x for x in scored if x[1]]
        if not scored:
            return 0.0, [], None
        value, words, pick = max(scored, key=lambda x: (x[0], x[2]))
        return value, [words], pick
    ships = marks_of(state, ship, ability) if effect.targets != "self" else ()
    ships = (*ships, *((ship.id,) if effect.targets == "self" or effect.and_self else ()))
    value, why = 0.0, []
    for ship_id in dict.fromkeys(ships):
        worth, words = _on_ship(state, ship, ability, state.ship(ship_id), threat)
        value += worth
        if words:
            why.append(words)
    return value, why, None


def _lent(state: GameState, ship: ShipState, ability: Ability, target: str, threat: float,
          attack: AttackOption | None) -> tuple[float, str]:
    """What the "Action:" of the card the policy would disable on ``target`` is worth to ``ship`` as a
    free action (Virak'Kara lends it), and its words."""
    from engine.rulesets.attack_wing.abilities.policy import sub_choice  # the policy reads this module
    from engine.rulesets.attack_wing.abilities.windows import upgrades_to_disable

    choices = upgrades_to_disable(state.ship(target), ability.effect)
    if not choices:
        return 0.0, ""
    lent = sub_choice(state, ability.effect, target, choices)
    card = CARDS.get(lent)
    best = max(((action_value(state, ship, action_name(lent, i), threat, (), attack)[0], i)
                for i, a in enumerate(card.abilities if card else ()) if a.window == "action"), default=None)
    if best is None or best[0] <= 0 or card is None:
        return 0.0, ""
    return best[0], f"then {card.name}'s Action: as its own ({best[0]:.1f})"


def dial_limit_cost(state: GameState, card: Card) -> float:
    """What a dial limit the card places once used costs: 0.3 a round for the rounds left."""
    if not any(a.effect.kind == "dial_limit" for a in card.abilities):
        return 0.0
    return 0.3 * max(state.round_limit - state.round, 0)


def action_value(state: GameState, ship: ShipState, action: str, threat: float, targets: Sequence[str],
                 attack: AttackOption | None) -> tuple[float, str, str | None]:
    """The value of resolving this card's Action: now, why, and the ship it targets (when it picks one)."""
    parsed = parse_action(action)
    card = CARDS.get(parsed[0]) if parsed else None
    if parsed is None or card is None:
        return 0.0, "", None
    card_id = parsed[0]
    ability = card.abilities[parsed[1]]
    if ability.effect.kind == "cloak":  # the AI's own Cloak action's worth (ai.py), less the card disabled
        if not threat or not ship.shields:
            return 0.0, "", None
        return 0.3 * threat - _cost(ability.cost), f"{card.name}: cloak, +4 agility under fire (threat " \
            f"{threat:.1f})", None
    if ability.effect.kind in ("repair_shield", "gain_token", "remove_token", "disable_upgrade", "discard_upgrade",
                               "drop_lock", "inflict", "damage", "shield_roll", "steal_upgrade"):
        now, said, picked = _acting_now(state, ship, ability, threat, targets)
        if picked is not None and said and any(a.effect.borrow for a in card.abilities):  # Virak'Kara's lent Action:
            worth, words = _lent(state, ship, ability, picked, threat, attack)
            now += worth
            if words:
                said.append(words)
        slowed = dial_limit_cost(state, card)  # a card that limits the dial once it is used (R.I.S. Apnex)
        if slowed and said:
            now -= slowed
            said.append(f"then only 1 maneuvers for the {max(state.round_limit - state.round, 0)} rounds left")
        if ability.cost.shields < 0 and said:  # every remaining shield disabled: worth more under fire
            now -= ship.shields * (SHIELD_COST + 0.05 * threat)
        if ability.effect.locked and said:  # the target lock spent to pay for it
            now -= TOKEN_WORTH["target_lock"]
            said.append("spends the target lock")
        for rider in card.abilities:  # what the card's riders of this Action do this round (Montgomery Scott)
            if rider.condition.after == parsed[1] and said:
                worth, words = _rider(state, ship, card_id, rider, ship, threat)
                now += worth
                if words:
                    said.append(words)
        return now - _cost(ability.cost), (f"{card.name}: " + "; ".join(said)) if said else "", picked
    if ability.effect.roll:  # Tractor Beam
        value, words, chosen = _tractor(state, ship, targets, attack, ability.effect.roll)
        return value - _cost(ability.cost), f"{card.name}: {words}" if words else "", chosen
    if ability.effect.disable_shields:  # Projected Stasis Field
        value, words, chosen = _stasis(state, ship, targets)
        return value - _cost(ability.cost), f"{card.name}: {words}" if words else "", chosen
    # the riders: the marks' (scope "marked"), and who may attack whom as targets are declared (Alidar
    # Jarok's and Selok's standing rule reads the mark: scope "own")
    riders = [r for r in card.abilities if r.condition.scope == "marked" or r.window == "declare_target"]
    kinds = {r.effect.kind for r in riders}
    if ("cannot_attack" in kinds and ability.effect.pick) or "must_attack" in kinds:  # Weyoun, Keevan
        extra = sum(r.effect.amount for r in card.abilities if r.condition.scope == "marked"
                    and r.effect.kind == "attack_dice")
        ban = next((r.effect.targets for r in riders if r.effect.kind == "cannot_attack"), "owner")
        gives_up = "pair" if ban == "pair" else "all" if ability.effect.and_self else "none"
        value, words, chosen = _spared(state, ship, targets, gives_up) if "cannot_attack" in kinds else \
            _first_strike(state, ship, targets, extra)
        return value - _cost(ability.cost), f"{card.name}: {words}" if words else "", chosen
    pick: str | None = None
    if ability.effect.pick and ability.effect.targets == "friendly":  # a friend with something to shoot first
        if not targets:
            return 0.0, "", None
        pick = sorted(targets, key=lambda t: (not rules.attack_options(state, state.ship(t)), t))[0]
    elif ability.effect.pick:  # the enemy that threatens this ship most, or the one it means to attack
        enemies = [state.ship(t) for t in targets if state.ship(t).side != ship.side]
        if not enemies:
            return 0.0, "", None
        wanted = attack.defender if attack is not None and attack.defender in targets else None
        pick = wanted or max(enemies, key=lambda e: (_threat_to(state, e, ship), e.id)).id
    marked = (pick,) if pick else marks_of(state, ship, ability) if ability.effect.kind == "mark" else ()
    if ability.effect.and_self and ship.id not in marked:
        marked = (*marked, ship.id)
    value, why = 0.0, []
    own_attack = bool(rules.attack_options(state, ship))
    twice = "extra_attack" in kinds  # its attack dice rider is in the two attacks' worth (_second_attack)
    for rider in card.abilities:
        if (rider.condition.scope != "marked" and rider.condition.after != parsed[1]) or (
                twice and rider.effect.kind == "attack_dice"):
            continue
        kind, amount = rider.effect.kind, rider.effect.amount
        if kind == "extra_attack":
            worth, words = _counter(state, ship) if rider.condition.role == "defender" else \
                _second_attack(state, ship, card_id)
            value += worth
            if words:
                why.append(words)
        elif kind == "retaliate":
            worth, words = _return_fire(state, ship, amount)
            value += worth
            if words:
                why.append(words)
        elif kind == "cannot_attack":
            spared = _threat_to(state, state.ship(pick), ship) if pick else threat
            # its own attack is lost when the mark is on the card's ship too (Weyoun, Corbomite Maneuver)
            lost = own_attack and (ability.effect.and_self or ability.effect.targets == "self")
            value += 0.3 * spared - (LOST_ATTACK if lost else 0.0)
            why.append(f"spares it {spared:.1f} of fire" + (", giving up its own attack" if lost else ""))
        elif kind == "must_attack" and pick and attack is not None and attack.defender == pick:
            value += 0.6
            why.append(f"fires at {state.ship(pick).name} before it fires back")
        else:
            for ship_id in marked:
                worth, words = _rider(state, ship, card_id, rider, state.ship(ship_id), threat)
                value += worth
                if words:
                    why.append(words)
    if ability.effect.kind == "mark" and ability.effect.token:  # tokens beside the ships it marks
        n = ability.effect.amount * len(marked)
        value += TOKEN_VALUE * n
        why.append(f"{n} {ability.effect.token.replace('_', ' ')} token(s)")
    value -= _cost(ability.cost)
    return value, (f"{card.name}: " + "; ".join(why)) if why else "", pick


def moves_the_ship(action: str) -> bool:
    """Is the action an "Action:" card that moves the ship (an additional maneuver, an about-face,
    a ram), the ones ``maneuver_worth`` values?"""
    return _moving_card(action) is not None


def _moving_card(action: str) -> tuple[Card, Ability] | None:
    """The card of such an action and the ability that moves the ship (its ram, else the action's own)."""
    parsed = parse_action(action)
    card = CARDS.get(parsed[0]) if parsed else None
    if parsed is None or card is None:
        return None
    ram = next((a for a in card.abilities if a.effect.kind == "ram"), None)
    if ram is not None:
        return card, ram
    ability = card.abilities[parsed[1]]
    return (card, ability) if ability.effect.kind in ("maneuver", "reverse") else None


def maneuver_worth(state: GameState, ship: ShipState, action: str, table: Table) -> tuple[str, float, str] | None:
    """An "Action:" card's additional maneuver (Gul Ranor, In'cha): the best one on ``table`` (its
    label), what it gains over staying where the ship is less what the card costs, and why; None for
    any other action, or when every maneuver it offers would flee the battlefield."""
    moving = _moving_card(action)
    if moving is None:
        return None
    card, ability = moving
    if ability.effect.kind == "ram":
        return _ram_worth(state, ship, card.name, ability, table)
    if ability.effect.kind == "reverse":  # the same place, the other way round
        here, _ = moves.position(state, ship, ship.pose)
        there, words = moves.position(state, ship, moves.reversed_pose(ship.pose))
        cost = _cost(ability.cost)
        return "", there - here - cost, f"{card.name}: come about: {words} ({there - here:+.1f} over facing on, " \
            f"less {cost:.1f} for the card)"
    found = moves.best(state, ship, ability.effect, table, moves.attacks_after(ability.effect))
    if found is None:
        return None
    label, gain, why = found
    cost = _cost(ability.cost)
    return label, gain - cost, f"{card.name}: {why} ({gain:+.1f} over staying, less {cost:.1f} for the card)"


def talent_choice(state: GameState, ship: ShipState, talents: Sequence[str], keep: float
                  ) -> tuple[str | None, str]:
    """Janice Rand: the talent card whose "Action:" is worth most now as a free action (``action_value``,
    the fire the ship is under in enemy dice as the AI counts it), when that is more than ``keep``
    (Rand's worth kept); and why. None: keep her."""
    threat = sum(_threat_to(state, e, ship) for e in state.enemies(ship))
    attacks = rules.attack_options(state, ship)
    best: tuple[float, str, str] | None = None
    for card_id in talents:
        index = next((i for i, a in enumerate(CARDS[card_id].abilities) if a.window == "action"), None)
        if index is None:
            continue
        action = f"ability:{card_id}:{index}"
        moved = maneuver_worth(state, ship, action, moves.table_of(state, ship))  # Engage, In'cha
        value, why, _ = (moved[1], moved[2], None) if moved is not None else \
            action_value(state, ship, action, threat, (), attacks[0] if attacks else None)
        if why and (best is None or value > best[0] + 1e-9):
            best = (value, card_id, why)
    if best is None or best[0] <= keep:
        return None, "no talent's Action is worth Janice Rand now"
    return best[1], f"{best[2]} ({best[0]:.2f}, more than Janice Rand kept: {keep:.2f})"


def _ram_worth(state: GameState, ship: ShipState, name: str, ram: Ability, table: Table) -> tuple[str, float, str]:
    """Suicide Attack: a 1 straight from where the ship stands now (the enemies may still move): an
    enemy it would overlap takes the card's dice against its defense dice (exact odds), worth the
    expected damage less what the ship itself still stands (hull and shields: it is destroyed)."""
    move = resolve_move(ship.pose, moves.RAM, ship.base, table)
    enemies = [state.ship(s) for s in move.bumped if state.ship(s).side != ship.side]
    if not enemies or move.fled:
        return "", 0.0, ""
    target = enemies[0]
    m = rules.defense_dice(target, ship, False, 1, False).count
    dealt = attack_odds(ram.effect.amount, m).expected_damage
    own = ship.hull - ship.hull_damage + ship.shields
    return "", DAMAGE_VALUE * (dealt - own), f"{name}: ram {target.name}: {ram.effect.amount} attack dice against " \
        f"{m} ({dealt:.1f} expected damage) for this ship's {own} hull and shields"

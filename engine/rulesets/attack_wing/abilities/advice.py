"""How much an "Action:" card is worth to the AI against the rulebook's actions (``ai.AiPlayer``
values every option of the Perform Action step on one scale), whom it targets, and why.

An "Action:" card marks ships for the round; its riders (the card's abilities with scope
"marked") then act in the combat windows (``advice_riders``); an effect that acts at once is
valued on the ship it reaches (``advice_effects``); cards that change who attacks whom are valued
in expected damage from the exact odds (``advice_attacks``); the scale itself is ``advice_odds``.
This module weighs a whole card's Action (``action_value``), the additional maneuvers and rams
(``maneuver_worth``) and Janice Rand's choice of talent.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import moves
from engine.rulesets.attack_wing.abilities.action_windows import marks_of
from engine.rulesets.attack_wing.abilities.advice_attacks import (
    _counter,
    _first_strike,
    _return_fire,
    _second_attack,
    _spared,
    _stasis,
    _tractor,
    weapon_card,
)
from engine.rulesets.attack_wing.abilities.advice_effects import _on_ship, token_worth
from engine.rulesets.attack_wing.abilities.advice_odds import (
    BATTLE_STATIONS_ATTACK,
    DAMAGE_VALUE,
    MUON_REMOVAL,
    SHIELD_COST,
    TOKEN_VALUE,
    TOKEN_WORTH,
    _best_at,
    _cost,
    _fire_at,
    _own_attack,
    _threat_to,
)
from engine.rulesets.attack_wing.abilities.advice_riders import _rider, _under_fire
from engine.rulesets.attack_wing.abilities.model import Ability, Card
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import action_name, parse_action, upgrades_to_disable
from engine.rulesets.attack_wing.abilities.worth import sub_choice
from engine.rulesets.attack_wing.movement import Table, resolve_move
from engine.rulesets.attack_wing.odds import attack_odds
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState

__all__ = ["BATTLE_STATIONS_ATTACK", "DAMAGE_VALUE", "MUON_REMOVAL", "_under_fire", "action_value", "dial_limit_cost",
           "maneuver_worth", "moves_the_ship", "talent_choice", "token_worth", "weapon_card"]


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


def _self_mark(state: GameState, ship: ShipState, card_id: str, threat: float) -> tuple[float, list[str]]:
    """What the mark an effect acting at once also puts on its own ship does to it this round: its
    marked riders (Kyle: 2 attack dice fewer, their exact expected damage) and its own attack given
    up (Miles O'Brien: a marked ship attacks no one)."""
    value, why = 0.0, []
    for rider in CARDS[card_id].abilities:
        if rider.condition.scope == "marked" and rider.window != "declare_target":
            worth, words = _rider(state, ship, card_id, rider, ship, threat)
            value += worth
            if words:
                why.append(words)
        elif rider.effect.kind == "cannot_attack" and rider.effect.targets == "owner":
            lost = _own_attack(state, ship)
            if lost:
                value -= DAMAGE_VALUE * lost
                why.append(f"gives up its own attack ({lost:.2f} expected damage)")
    return value, why


def _lent(state: GameState, ship: ShipState, ability: Ability, target: str, threat: float,
          attack: AttackOption | None) -> tuple[float, str]:
    """What the "Action:" of the card the policy would disable on ``target`` is worth to ``ship`` as a
    free action (Virak'Kara lends it), and its words."""
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
    """What a dial limit the card places once used costs: about 0.3 of a point of damage a round (the
    positions its slow ship can no longer reach), at ``DAMAGE_VALUE`` a point, for the rounds left."""
    if not any(a.effect.kind == "dial_limit" for a in card.abilities):
        return 0.0
    return 0.3 * DAMAGE_VALUE * max(state.round_limit - state.round, 0)


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
        if ability.effect.and_self and said:  # the price its mark puts on its own ship this round
            paid, notes = _self_mark(state, ship, card_id, threat)
            now += paid
            said.extend(notes)
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
    elif ability.effect.pick:
        # the enemy on which the card's riders are worth most (Feint: the one its attack meets with
        # fewer defense dice; Glinn Telle: the one whose attack loses most); on a tie, the one it
        # means to attack, then the one that threatens this ship most (a judgement of the AI's)
        enemies = [state.ship(t) for t in targets if state.ship(t).side != ship.side]
        if not enemies:
            return 0.0, "", None
        wanted = attack.defender if attack is not None and attack.defender in targets else None
        scored = [(_riders_worth(state, ship, card_id, parsed[1], kinds, e.id, attack, threat),
                   e.id == wanted, _threat_to(state, e, ship), e.id) for e in enemies]
        (value, why), _, _, pick = max(scored, key=lambda x: (round(x[0][0], 9), x[1], x[2], x[3]))
        return value - _cost(ability.cost), (f"{card.name}: " + "; ".join(why)) if why else "", pick
    value, why = _riders_worth(state, ship, card_id, parsed[1], kinds, pick, attack, threat)
    return value - _cost(ability.cost), (f"{card.name}: " + "; ".join(why)) if why else "", pick


def _riders_worth(state: GameState, ship: ShipState, card_id: str, index: int, kinds: AbstractSet[str],
                  pick: str | None, attack: AttackOption | None, threat: float) -> tuple[float, list[str]]:
    """What the riders of the card's Action ``index`` are worth for the ships it marks (``pick``, or
    those its reach marks, and its own ship when it marks it too), and their words."""
    card = CARDS[card_id]
    ability = card.abilities[index]
    marked = (pick,) if pick else marks_of(state, ship, ability) if ability.effect.kind == "mark" else ()
    if ability.effect.and_self and ship.id not in marked:
        marked = (*marked, ship.id)
    value, why = 0.0, []
    own_attack = bool(rules.attack_options(state, ship))
    twice = "extra_attack" in kinds  # its attack dice rider is in the two attacks' worth (_second_attack)
    for rider in card.abilities:
        if (rider.condition.scope != "marked" and rider.condition.after != index) or (
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
            # its own attack is lost when the mark is on the card's ship too (Weyoun, Corbomite Maneuver)
            lost = own_attack and (ability.effect.and_self or ability.effect.targets == "self")
            worth, words = _held_fire(state, ship, pick, lost)
            value += worth
            why.append(words)
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
    return value, why


def _held_fire(state: GameState, ship: ShipState, pick: str | None, lost: bool) -> tuple[float, str]:
    """Corbomite Maneuver: the expected damage the attacks it forbids would deal the ship (each
    enemy's best attack at it, exact odds, times the chance it picks this ship; only ``pick``'s when
    the card names one), less its own best attack given up (``lost``), at ``DAMAGE_VALUE`` a point."""
    if pick:
        damage, chance = _best_at(state, state.ship(pick), ship)
        spared = damage * chance
    else:
        spared = _fire_at(state, ship)
    given_up = _own_attack(state, ship) if lost else 0.0
    return DAMAGE_VALUE * (spared - given_up), f"spares it {spared:.2f} expected damage" + (
        f", giving up its own attack ({given_up:.2f})" if lost else "") + " (exact odds)"


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
    expected damage less what the ship itself still stands (hull and shields: it is destroyed), and
    only while the fleet points it expects to destroy (the chance its dice destroy the target times
    the target's points) are at least those of its own ship still standing (its points times its
    share of hull and shields left; none when this round's fire is expected to destroy it anyway):
    the enemy scores the ship it gives up (a judgement of the AI's)."""
    move = resolve_move(ship.pose, moves.RAM, ship.base, table)
    enemies = [state.ship(s) for s in move.bumped if state.ship(s).side != ship.side]
    if not enemies or move.fled:
        return "", 0.0, ""
    target = enemies[0]
    m = rules.defense_dice(target, ship, False, 1, False).count
    odds = attack_odds(ram.effect.amount, m)
    dealt = odds.expected_damage
    own = ship.hull - ship.hull_damage + ship.shields
    needed = max(target.hull - target.hull_damage, 0) + target.shields
    p_kill = sum(odds.damage[needed:]) if needed else 1.0
    doomed = _fire_at(state, ship) >= own
    taken = p_kill * target.cost
    given = 0.0 if doomed else ship.cost * own / max(ship.hull + ship.shields_max, 1)
    words = f"{name}: ram {target.name}: {ram.effect.amount} attack dice against {m} ({dealt:.1f} expected " \
        f"damage, {p_kill:.0%} to destroy it: {taken:.0f} of its points) for this ship's {own} hull and shields " \
        + (f"({given:.0f} of its points)" if not doomed else "(lost to the fire it is under)")
    if taken < given:
        return "", min(DAMAGE_VALUE * (dealt - own), 0.0), words
    return "", DAMAGE_VALUE * (dealt - own), words

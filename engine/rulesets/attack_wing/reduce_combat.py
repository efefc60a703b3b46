"""The reducer's handlers for attacks and damage: the attack declared, its odds and dice (rolled,
rerolled, converted, added), weapons disabled, damage dealt, ships destroyed, the damage deck reshuffled."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import IllegalEvent
from engine.evolve import evolve as replace  # dataclasses.replace, faster (the reducer's main cost)
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.reduce_checks import ship_in_game
from engine.rulesets.attack_wing.state import AttackState, DamageCardState, GameState, ShipState


def _reshuffled(state: GameState, e: ev.DamageDeckReshuffled) -> GameState:
    """Rulebook: when the damage deck runs out, shuffle the discard pile into a new deck."""
    ship_in_game(state, e.ship, e)
    if state.deck:
        raise IllegalEvent(f"event {e.seq}: the damage deck still holds {len(state.deck)} card(s)")
    if sorted(e.deck) != sorted(state.discard):
        raise IllegalEvent(f"event {e.seq}: a reshuffled damage deck must hold the discard pile's cards")
    return replace(state, deck=tuple(e.deck), discard=())


def _declared(state: GameState, e: ev.AttackDeclared) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    ship_in_game(state, e.defender, e)
    if ship.attacked and not ship.extra_attack:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has already attacked this round")
    if ship.extra_attack and _twice_at(state, ship, e.defender):
        raise IllegalEvent(f"event {e.seq}: {ship.name}'s second attack must be at another ship than its first")
    if ship.dampening:  # Energy Dampening Token reference: it cannot attack
        raise IllegalEvent(f"event {e.seq}: {ship.name} has an Energy Dampening Token and cannot attack")
    # an extra attack a card gave (ability_used, window "extra_attack") leaves the ship's own as it was
    attacked = ship.attacked if ship.extra_attack else True
    return replace(state.update(e.ship, attacked=attacked, extra_attack=False),
                   attack=AttackState(e.ship, e.defender, e.weapon), active=e.ship)


def _twice_at(state: GameState, ship: ShipState, defender: str) -> bool:
    """The extra attack a card gave is at the ship its first was made at, and the card asks for another
    (the Koranak marks the ship of its first attack)."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    return any(c in ship.cards and c in state.ship(defender).marks and c in CARDS and any(
        a.effect.other_target for a in CARDS[c].abilities) for c in ship.marks)  # its own card's marks only


def _need_attack(state: GameState, e: ev.Event) -> AttackState:
    if state.attack is None:
        raise IllegalEvent(f"event {e.seq} ({e.type}) outside an attack")
    return state.attack


def _odds(state: GameState, e: ev.AttackOdds) -> GameState:
    """Odds change nothing on the table; they must be about the attack being made."""
    attack = _need_attack(state, e)
    ship_in_game(state, e.ship, e)
    ship_in_game(state, e.defender, e)
    if (attack.attacker, attack.defender) != (e.ship, e.defender):
        raise IllegalEvent(f"event {e.seq}: odds for {e.ship} against {e.defender}, but the attack is "
                           f"{attack.attacker} against {attack.defender}")
    return state


def _rolled(state: GameState, e: ev.DiceRolled) -> GameState:
    attack = _need_attack(state, e)
    faces = tuple(e.faces)
    none = (False,) * len(faces)
    elite = attack.elite if e.kind == "attack" else None  # placed by the Elite Attack Die's ability_used
    if elite is not None and (elite >= len(faces) or attack.attack_dice):
        raise IllegalEvent(f"event {e.seq}: the Elite Attack Die is not die {elite} of this roll")
    _elite_faces(e, faces, elite)
    if e.kind == "attack":
        return replace(state, attack=replace(attack, attack_dice=faces, attack_rerolled=none))
    return replace(state, attack=replace(attack, defense_dice=faces, defense_rerolled=none))


def _elite_faces(e: ev.DiceRolled | ev.DiceRerolled, faces: tuple[str, ...], elite: int | None,
                 indices: tuple[int, ...] | None = None) -> None:
    """A double hit is a face of the Elite Attack Die alone."""
    at = indices if indices is not None else tuple(range(len(faces)))
    if any(f == "double_hit" and i != elite for i, f in zip(at, faces, strict=True)):
        raise IllegalEvent(f"event {e.seq}: a double hit is a face of the Elite Attack Die only")


def _dice_of(attack: AttackState, kind: str) -> tuple[list[str], list[bool]]:
    if kind == "attack":
        return list(attack.attack_dice), list(attack.attack_rerolled)
    return list(attack.defense_dice), list(attack.defense_rerolled)


def _with_dice(attack: AttackState, kind: str, dice: list[str], rerolled: list[bool]) -> AttackState:
    if kind == "attack":
        return replace(attack, attack_dice=tuple(dice), attack_rerolled=tuple(rerolled))
    return replace(attack, defense_dice=tuple(dice), defense_rerolled=tuple(rerolled))


def _reroll_again(state: GameState, e: ev.DiceRerolled) -> bool:
    """A card on the rolling ship lets its dice be rerolled once more, and it is the reroll's cause
    (Tactical Officer: the dice its target lock rerolled)."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    cards = (CARDS.get(c) for c in ship_in_game(state, e.ship, e).cards)
    return any(card is not None and card.name == e.cause
               and any(a.effect.kind == "reroll_again" for a in card.abilities) for card in cards)


def _rerolled(state: GameState, e: ev.DiceRerolled) -> GameState:
    attack = _need_attack(state, e)
    dice, rerolled = _dice_of(attack, e.kind)
    if len(e.indices) != len(e.faces) or len(set(e.indices)) != len(e.indices):
        raise IllegalEvent(f"event {e.seq}: a reroll needs one new face per die")
    _elite_faces(e, tuple(e.faces), attack.elite if e.kind == "attack" else None, tuple(e.indices))
    for i, face in zip(e.indices, e.faces, strict=True):
        if i >= len(dice):
            raise IllegalEvent(f"event {e.seq}: there is no {e.kind} die {i}")
        if rerolled[i] and not _reroll_again(state, e):  # "Modifying Dice Results": at most once
            raise IllegalEvent(f"event {e.seq}: {e.kind} die {i} was already rerolled in this attack")
        dice[i], rerolled[i] = face, True
    return replace(state, attack=_with_dice(attack, e.kind, dice, rerolled))


def _converted(state: GameState, e: ev.DiceConverted) -> GameState:
    attack = _need_attack(state, e)
    dice, rerolled = _dice_of(attack, e.kind)
    for i in e.indices:
        if i >= len(dice):
            raise IllegalEvent(f"event {e.seq}: there is no {e.kind} die {i}")
        dice[i] = e.to
    return replace(state, attack=_with_dice(attack, e.kind, dice, rerolled))


def _added(state: GameState, e: ev.DieAdded) -> GameState:
    attack = _need_attack(state, e)
    dice, rerolled = _dice_of(attack, e.kind)
    return replace(state, attack=_with_dice(attack, e.kind, [*dice, e.face], [*rerolled, True]))


def _weapon_disabled(state: GameState, e: ev.WeaponDisabled) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if not any(w.upgrade_id == e.weapon for w in ship.weapons):
        raise IllegalEvent(f"event {e.seq}: {ship.name} carries no weapon {e.weapon!r}")
    if e.time:  # Time Tokens on its card instead of a Disabled Token (rulebook "Time Tokens")
        timed = (*((c, n) for c, n in ship.cards_time if c != e.weapon), (e.weapon, e.time))
        return state.update(e.ship, cards_time=timed)
    weapons = tuple(replace(w, disabled=True) if w.upgrade_id == e.weapon else w for w in ship.weapons)
    if e.discard:  # discarded to fire: out of the game once its attack is done (a disabled weapon till then)
        if e.weapon not in ship.cards or e.weapon in ship.cards_discarded:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.weapon!r} to discard")
        return state.update(e.ship, weapons=weapons, cards_discarded=(*ship.cards_discarded, e.weapon))
    return state.update(e.ship, weapons=weapons)


def _weapon_enabled(state: GameState, e: ev.WeaponEnabled) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if not any(w.upgrade_id == e.weapon and w.disabled for w in ship.weapons) or e.weapon in ship.cards_discarded:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no disabled weapon {e.weapon!r}")
    weapons = tuple(replace(w, disabled=False) if w.upgrade_id == e.weapon else w for w in ship.weapons)
    return state.update(e.ship, weapons=weapons)


def _token_lost(state: GameState, e: ev.SquadronTokenLost) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if ship.destroyed:
        raise IllegalEvent(f"event {e.seq}: {ship.name} is no longer in play")
    lost = ship.tokens_lost + 1
    if ship.hull_damage + 1 >= ship.hull:
        return state.update(e.ship, tokens_lost=lost)
    # tournament "Attack Squadrons": "the Shields are fully repaired and activated every time a new
    # Attack Squadron Token is revealed"
    return state.update(e.ship, tokens_lost=lost, shields=ship.shields_max, shields_disabled=0)


def _resolved(state: GameState, e: ev.AttackResolved) -> GameState:
    _need_attack(state, e)
    return state


def _skipped(state: GameState, e: ev.AttackSkipped) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    attacked = ship.attacked if ship.extra_attack else True  # an extra attack not made: the ship's own stays
    return replace(state.update(e.ship, attacked=attacked, extra_attack=False), attack=None)


def _damage(state: GameState, e: ev.DamageDealt) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if ship.destroyed:
        raise IllegalEvent(f"event {e.seq}: {ship.name} is destroyed")
    if e.to == "shield":
        if ship.shields <= 0:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has no active shield to lose")
        return state.update(e.ship, shields=ship.shields - 1)
    deck, discard, rng = state.deck, state.discard, state.rng
    if not deck:  # a file of event schema 1 has no damage_deck_reshuffled: the shuffle happened here
        deck, rng = shuffled(rng, discard)
        discard = ()
    if not deck:  # no card left in the deck nor in the discard pile: nothing can be dealt
        raise IllegalEvent(f"event {e.seq}: the damage deck and its discard pile are empty, no card to deal")
    if e.card != deck[0]:
        raise IllegalEvent(f"event {e.seq}: the top damage card is {deck[0]!r}, not {e.card!r}")
    new = state.update(e.ship, damage=(*ship.damage, DamageCardState(deck[0], e.face_up)))
    return replace(new, deck=deck[1:], discard=discard, rng=rng)


def _destroyed(state: GameState, e: ev.ShipDestroyed) -> GameState:
    ship = ship_in_game(state, e.ship, e)
    if not e.removed:
        return state.update(e.ship, doomed=True)
    discard = (*state.discard, *(c.key for c in ship.damage))
    gone = replace(ship, destroyed=True, doomed=False, fled=ship.fled or e.fled, damage=(), evade=0,
                   scan=0, battle_stations=0, aux_power=0, cloak="none", cloak_beside=False, target_lock=None,
                   planned=None)
    new = state.with_ship(gone)
    # locks on a ship that left play go with it
    ships = tuple(replace(s, target_lock=None) if s.target_lock == e.ship else s for s in new.ships)
    attack = None if state.attack and e.ship in (state.attack.attacker, state.attack.defender) else state.attack
    return replace(new, ships=ships, discard=discard, attack=attack)


HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "attack_declared": _declared,
    "attack_odds": _odds,
    "dice_rolled": _rolled,
    "dice_rerolled": _rerolled,
    "dice_converted": _converted,
    "die_added": _added,
    "weapon_disabled": _weapon_disabled,
    "weapon_enabled": _weapon_enabled,
    "attack_resolved": _resolved,
    "attack_skipped": _skipped,
    "squadron_token_lost": _token_lost,
    "damage_dealt": _damage,
    "ship_destroyed": _destroyed,
    "damage_deck_reshuffled": _reshuffled,
}

"""The one reducer: ``apply(state, event) -> state``, shared by the engine and the studio.

It never rolls dice or decides anything; the event carries every outcome. It does check
that the event can happen in this state, so a forged or corrupt log fails loudly
(``IllegalEvent``) instead of producing an impossible game.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from typing import Any

from engine.errors import IllegalEvent
from engine.evolve import evolve as replace  # dataclasses.replace, faster (the reducer's main cost)
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import taken
from engine.rulesets.attack_wing.dice import ELITE_CARD, Rng, shuffled
from engine.rulesets.attack_wing.rules import captain_skill
from engine.rulesets.attack_wing.state import (
    AttackState,
    DamageCardState,
    GameState,
    Mine,
    Result,
    ShipState,
    Weapon,
)


def initial_state(seed: int) -> GameState:
    """The empty table before the game-started event."""
    return GameState(ships=(), rng=Rng(seed))


def apply(state: GameState, event: ev.Event) -> GameState:
    """The state after ``event``."""
    if event.seq != state.seq + 1:
        raise IllegalEvent(f"event {event.seq} ({event.type}) follows event {state.seq}: sequence numbers must "
                           "grow by one")
    if event.round < state.round:
        raise IllegalEvent(f"event {event.seq} goes back from round {state.round} to {event.round}")
    if state.result is not None:
        raise IllegalEvent(f"event {event.seq} ({event.type}) comes after the game ended")
    handler = _HANDLERS[event.type]
    try:
        new = handler(state, event)
    except KeyError as exc:
        raise IllegalEvent(f"event {event.seq} ({event.type}): {exc.args[0]}") from None
    rng = new.rng.advanced(event.draws) if event.draws else new.rng
    if new is state:
        return replace(new, seq=event.seq, round=event.round, phase=event.phase, rng=rng)
    # a handler returns ``state`` itself or a state it has just made, which no one else holds yet: that
    # one takes the event's place in the game as it is, sparing a copy of the state per event
    _SET(new, "seq", event.seq)
    _SET(new, "round", event.round)
    _SET(new, "phase", event.phase)
    _SET(new, "rng", rng)
    return new


_SET = object.__setattr__


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    for e in events:
        state = apply(state, e)
    return state


def _ship(state: GameState, ship_id: str, event: ev.Event) -> ShipState:
    try:
        ship = state.ship(ship_id)
    except KeyError:
        raise IllegalEvent(f"event {event.seq} ({event.type}) names ship {ship_id!r}, which is not in this game")\
            from None
    if ship.destroyed and event.type not in ("game_ended",):
        raise IllegalEvent(f"event {event.seq} ({event.type}): ship {ship_id} was already destroyed")
    return ship


def _game_started(state: GameState, e: ev.GameStarted) -> GameState:
    if state.ships:
        raise IllegalEvent(f"event {e.seq}: the game has already started")
    ids = [s.id for s in e.ships]
    if len(set(ids)) != len(ids):
        raise IllegalEvent(f"event {e.seq}: ship ids repeat")
    ships = tuple(ShipState(
        id=s.id, side=s.side, name=s.name, ship_id=s.ship_id, class_name=s.class_name, faction=s.faction,
        base=s.base, captain=s.captain, skill=s.skill, attack=s.attack, agility=s.agility, hull=s.hull,
        shields_max=s.shields, cost=s.cost, actions=s.actions, front_arc=s.front_arc, rear_arc=s.rear_arc,
        has_360_arc=s.has_360_arc, dial=s.dial, shields=s.shields,
        weapons=tuple(Weapon(w.upgrade_id, w.name, w.attack, w.range_min, w.range_max, w.arcs,
                             w.needs_target_lock, time=w.time) for w in s.weapons), cards=s.cards,
    ) for s in e.ships)
    return replace(state, ships=ships, deck=e.deck, round_limit=e.round_limit)


def _placed(state: GameState, e: ev.ShipPlaced) -> GameState:
    _ship(state, e.ship, e)
    return state.update(e.ship, pose=e.pose.pose())


def _round_started(state: GameState, e: ev.RoundStarted) -> GameState:
    ships = tuple(replace(s, actions_done=(), attacked=False, extra_attack=False, revealed=None, used_round=(),
                          marks=(), protected=())
                  if s.in_play else s for s in state.ships)
    return replace(state, ships=ships, active=None, attack=None)


def _phase_started(state: GameState, e: ev.PhaseStarted) -> GameState:
    # tournament ruling 14: "Changes to Captain Skill only take effect when moving to the next phase"
    ships = tuple(s if s.phase_skill == (skill := captain_skill(s)) else replace(s, phase_skill=skill)
                  for s in state.ships)  # (a ship whose skill stays is kept: the same record)
    if all(map(operator.is_, ships, state.ships)):  # none changed: the tuple kept, with its index
        ships = state.ships
    return replace(state, ships=ships, active=None, attack=None)


def _dial_set(state: GameState, e: ev.DialSet) -> GameState:
    ship = _ship(state, e.ship, e)
    if ship.dampening:  # Energy Dampening Token reference: "as if it were assigned a White 1 straight"
        if (e.kind, e.speed) != ("straight", 1):
            raise IllegalEvent(f"event {e.seq}: {ship.name} has an Energy Dampening Token: it flies a 1 straight")
    elif not any(k == e.kind and s == e.speed for k, s, _ in ship.dial):
        raise IllegalEvent(f"event {e.seq}: {e.speed} {e.kind} is not on {ship.name}'s dial")
    from engine.rulesets.attack_wing.abilities.dial_limits import allowed  # the cards read the rules, not back

    forbids = allowed(state, ship, e.kind, e.speed)
    if forbids is not None:
        raise IllegalEvent(f"event {e.seq}: {forbids} lets {ship.name} set no {e.speed} {e.kind} now")
    return state.update(e.ship, planned=(e.kind, e.speed))


def _activated(state: GameState, e: ev.ShipActivated) -> GameState:
    _ship(state, e.ship, e)
    return replace(state, active=e.ship)


def _revealed(state: GameState, e: ev.ManeuverRevealed) -> GameState:
    ship = _ship(state, e.ship, e)
    if ship.planned is None:
        raise IllegalEvent(f"event {e.seq}: {ship.name} reveals a dial it never set")
    return state.update(e.ship, planned=None, revealed=(e.kind, e.speed, e.colour))


def _moved(state: GameState, e: ev.ShipMoved) -> GameState:
    _ship(state, e.ship, e)
    return state.update(e.ship, pose=e.end.pose())


def _nudged(state: GameState, e: ev.ShipNudged) -> GameState:
    ship = _ship(state, e.ship, e)
    if not ship.pose.close_to(e.start.pose(), 1e-3):
        raise IllegalEvent(f"event {e.seq}: {ship.name} is not where the placement starts from")
    return state.update(e.ship, pose=e.end.pose())


_TOKEN_FIELDS = {"evade": "evade", "scan": "scan", "battle_stations": "battle_stations", "aux_power": "aux_power",
                 "muon": "muon", "dampening": "dampening"}


def _tokens(state: GameState, e: ev.TokensChanged) -> GameState:
    ship = _ship(state, e.ship, e)
    field = _TOKEN_FIELDS[e.token]
    value = getattr(ship, field) + e.delta
    if value < 0:
        raise IllegalEvent(f"event {e.seq}: {ship.name} cannot spend a {e.token} token it does not have")
    return state.update(e.ship, **{field: value})


def _action(state: GameState, e: ev.ActionPerformed) -> GameState:
    ship = _ship(state, e.ship, e)
    if e.action in ship.actions_done:
        raise IllegalEvent(f"event {e.seq}: {ship.name} already performed {e.action} this round")
    if ship.aux_power > 0 and not (e.action in (*ship.actions, "pass") and acts_under_aux_power(ship)):
        raise IllegalEvent(f"event {e.seq}: {ship.name} is under auxiliary power and cannot perform actions")
    return state.update(e.ship, actions_done=(*ship.actions_done, e.action))


def acts_under_aux_power(ship: ShipState) -> bool:
    """A ready card of the ship lets it perform an Action Bar action under auxiliary power (1009)."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    return any(ship.card_ready(c) and any(a.effect.kind == "aux_actions" for a in card.abilities)
               for c in ship.cards if (card := CARDS.get(c)) is not None)


def _action_skipped(state: GameState, e: ev.ActionSkipped) -> GameState:
    _ship(state, e.ship, e)
    return state


def _lock(state: GameState, e: ev.TargetLockAcquired) -> GameState:
    _ship(state, e.ship, e)
    _ship(state, e.target, e)
    return state.update(e.ship, target_lock=e.target)


def _lock_removed(state: GameState, e: ev.TargetLockRemoved) -> GameState:
    ship = _ship(state, e.ship, e)
    if ship.target_lock is None:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no target lock to remove")
    return state.update(e.ship, target_lock=None)


def _cloak(state: GameState, e: ev.CloakChanged) -> GameState:
    _ship(state, e.ship, e)
    return state.update(e.ship, cloak=e.cloak, cloak_beside=e.beside and e.cloak != "none")


def _shields(state: GameState, e: ev.ShieldsChanged) -> GameState:
    ship = _ship(state, e.ship, e)
    if e.active < 0 or e.disabled < 0 or e.active + e.disabled != ship.shields + ship.shields_disabled:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has {ship.shields + ship.shields_disabled} shields, "
                           f"not {e.active} active and {e.disabled} disabled")
    return state.update(e.ship, shields=e.active, shields_disabled=e.disabled)


def _echo(state: GameState, e: ev.SensorEcho) -> GameState:
    _ship(state, e.ship, e)
    return state.update(e.ship, pose=e.end.pose())


def _repaired(state: GameState, e: ev.DamageRepaired) -> GameState:
    ship = _ship(state, e.ship, e)
    if e.index >= len(ship.damage):
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no damage card {e.index}")
    card = ship.damage[e.index]
    if e.flipped:
        cards = (*ship.damage[:e.index], DamageCardState(card.key, False), *ship.damage[e.index + 1:])
        return state.update(e.ship, damage=cards)
    cards = (*ship.damage[:e.index], *ship.damage[e.index + 1:])
    return replace(state.update(e.ship, damage=cards), discard=(*state.discard, card.key))


def _die_rolled(state: GameState, e: ev.ObstacleRolled | ev.ConsoleFireRolled) -> GameState:
    _ship(state, e.ship, e)
    return state


def _mine_placed(state: GameState, e: ev.MinePlaced) -> GameState:
    """The card's ``ability_used`` (discarded, its attack) came just before; the token joins the table."""
    ship = _ship(state, e.ship, e)
    if e.card not in ship.cards_discarded or any(m.id == e.mine or (m.ship, m.card) == (e.ship, e.card)
                                                 for m in state.mines):
        raise IllegalEvent(f"event {e.seq}: {ship.name} places no minefield {e.mine} with {e.card}")
    return replace(state, mines=(*state.mines, Mine(e.mine, e.card, e.ship, e.x, e.y)))


def _mine_triggered(state: GameState, e: ev.MineTriggered) -> GameState:
    _ship(state, e.ship, e)
    if not any(m.id == e.mine for m in state.mines):
        raise IllegalEvent(f"event {e.seq}: there is no minefield {e.mine} in the play area")
    return state


def _reshuffled(state: GameState, e: ev.DamageDeckReshuffled) -> GameState:
    """Rulebook: when the damage deck runs out, shuffle the discard pile into a new deck."""
    _ship(state, e.ship, e)
    if state.deck:
        raise IllegalEvent(f"event {e.seq}: the damage deck still holds {len(state.deck)} card(s)")
    if sorted(e.deck) != sorted(state.discard):
        raise IllegalEvent(f"event {e.seq}: a reshuffled damage deck must hold the discard pile's cards")
    return replace(state, deck=tuple(e.deck), discard=())


def _declared(state: GameState, e: ev.AttackDeclared) -> GameState:
    ship = _ship(state, e.ship, e)
    _ship(state, e.defender, e)
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
    _ship(state, e.ship, e)
    _ship(state, e.defender, e)
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

    cards = (CARDS.get(c) for c in _ship(state, e.ship, e).cards)
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
    ship = _ship(state, e.ship, e)
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
    ship = _ship(state, e.ship, e)
    if not any(w.upgrade_id == e.weapon and w.disabled for w in ship.weapons) or e.weapon in ship.cards_discarded:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no disabled weapon {e.weapon!r}")
    weapons = tuple(replace(w, disabled=False) if w.upgrade_id == e.weapon else w for w in ship.weapons)
    return state.update(e.ship, weapons=weapons)


def _token_lost(state: GameState, e: ev.SquadronTokenLost) -> GameState:
    ship = _ship(state, e.ship, e)
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
    ship = _ship(state, e.ship, e)
    attacked = ship.attacked if ship.extra_attack else True  # an extra attack not made: the ship's own stays
    return replace(state.update(e.ship, attacked=attacked, extra_attack=False), attack=None)


def _damage(state: GameState, e: ev.DamageDealt) -> GameState:
    ship = _ship(state, e.ship, e)
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
    if e.card != deck[0]:
        raise IllegalEvent(f"event {e.seq}: the top damage card is {deck[0]!r}, not {e.card!r}")
    new = state.update(e.ship, damage=(*ship.damage, DamageCardState(deck[0], e.face_up)))
    return replace(new, deck=deck[1:], discard=discard, rng=rng)


def _destroyed(state: GameState, e: ev.ShipDestroyed) -> GameState:
    ship = _ship(state, e.ship, e)
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


def _stored(e: ev.AbilityUsed) -> int:
    """The tokens a "store_token" ability puts on its card (``amount``, as its ship is damaged) or takes
    off it (one, in the Activation Phase); 0 for any other ability."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    card = CARDS.get(e.card)
    if card is None or e.ability >= len(card.abilities) or card.abilities[e.ability].effect.kind != "store_token":
        return 0
    return e.amount if e.window == "damaged" else -1


def _fleet_resources() -> frozenset[str]:
    """The supported resources: cards of a whole fleet, among each of its ships' cards."""
    from engine.rulesets.attack_wing.abilities.registry import CARDS  # the cards read the rules, not back

    return frozenset(c for c, card in CARDS.items() if card.kind == "resource")


def _ability(state: GameState, e: ev.AbilityUsed) -> GameState:
    """A card's ability: the card must be on the ship and ready, within its once-per limits; the
    reducer pays its cost (disable, discard, a token) and places its marks."""
    ship = _ship(state, e.ship, e)
    from engine.rulesets.attack_wing.abilities.action_windows import lent
    from engine.rulesets.attack_wing.abilities.windows import parse_action  # the cards read the rules

    borrowed = e.card not in ship.cards and e.window == "action" and lent(state, ship, e.card)
    if e.card not in ship.cards and not borrowed:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.card!r}")
    # a weapon fired is disabled as a weapon, its text still applies; a card's mark lasts the round
    # whatever became of the card since (All Forward Disruptor Banks is disabled to place it)
    # the lending card itself (Virak'Kara), disabled by its own Action: as it lends the card it disabled
    lending = parse_action(e.choice or "") if e.window == "free_action" else None
    lends = lending is not None and lent(state, ship, lending[0])
    if not (borrowed or lends or ship.card_ready(e.card) or any(e.card in s.marks for s in state.ships)):
        raise IllegalEvent(f"event {e.seq}: {e.card_name} on {ship.name} is disabled or discarded")
    if (e.limit == "round" and e.card in ship.used_round) or (
            e.limit == "game" and ship.used_game.count(e.card) >= max(e.uses, 1)):
        raise IllegalEvent(f"event {e.seq}: {e.card_name} on {ship.name} was already used this {e.limit}")
    if e.limit == "round" and e.card in _fleet_resources() and any(
            e.card in s.used_round for s in state.ships if s.side == ship.side):  # a fleet's card: once for all
        raise IllegalEvent(f"event {e.seq}: {e.card_name} was already used by {ship.name}'s fleet this round")
    changes: dict[str, object] = {}
    if e.limit == "round":
        changes["used_round"] = (*ship.used_round, e.card)
    if e.limit == "game":
        changes["used_game"] = (*ship.used_game, e.card)
    if e.disable:
        changes["cards_disabled"] = (*ship.cards_disabled, e.card)
    if e.discard:
        changes["cards_discarded"] = (*ship.cards_discarded, e.card)
    if e.token is not None:
        have = getattr(ship, e.token)
        if have < 1:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has no {e.token} token to spend")
        changes[e.token] = have - 1
    if e.window == "resist" and e.choice is not None:  # a card of its ship spared for the round (Weyoun)
        if e.choice not in ship.cards:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.choice!r} to protect")
        changes["protected"] = (*ship.protected, e.choice)
    if e.window == "extra_attack":  # one more attack: only from a card whose mark is on the ship this round
        if e.card not in ship.marks:
            raise IllegalEvent(f"event {e.seq}: {e.card_name} gave {ship.name} no extra attack this round")
        changes["extra_attack"] = True
    if e.window == "mines":  # Antimatter Mines: the token placed is the ship's attack of the round
        if ship.attacked:
            raise IllegalEvent(f"event {e.seq}: {ship.name} has already attacked this round")
        changes["attacked"] = True
    if e.window == "split_attack":  # the attack being made, with this weapon, divided: its second part to come
        attack = state.attack
        if attack is None or (attack.attacker, attack.weapon) != (e.ship, e.card) \
                or e.subject in (None, attack.defender):
            raise IllegalEvent(f"event {e.seq}: {e.card_name} divides only its own attack, with a second ship")
        changes["extra_attack"] = True
    if e.time:
        changes["cards_time"] = (*((c, n) for c, n in ship.cards_time if c != e.card), (e.card, e.time))
    stored = _stored(e)
    if stored:  # tokens kept on the card (Alexander): placed as its ship is damaged, taken off in activation
        have = next((n for c, n in ship.card_tokens if c == e.card), 0) + stored
        if have < 0:
            raise IllegalEvent(f"event {e.seq}: {e.card_name} on {ship.name} holds no token to take off")
        changes["card_tokens"] = (*((c, n) for c, n in ship.card_tokens if c != e.card), *(((e.card, have),)
                                                                                           if have else ()))
    new = state.update(e.ship, **changes)
    if e.card == ELITE_CARD and e.dice:  # the die of the attack about to be rolled that is the Elite Attack Die
        if new.attack is None or new.attack.attacker != e.ship or new.attack.attack_dice or len(e.dice) != 1:
            raise IllegalEvent(f"event {e.seq}: the Elite Attack Die is rolled by an attacker, as one of its dice")
        new = replace(new, attack=replace(new.attack, elite=e.dice[0]))
    for marked in e.marks:
        other = _ship(new, marked, e)
        new = new.update(marked, marks=(*other.marks, e.card))
    return new


def _shields_repaired(state: GameState, e: ev.ShieldsRepaired) -> GameState:
    ship = _ship(state, e.ship, e)
    destroyed = ship.shields_max - ship.shields - ship.shields_disabled
    if e.amount > destroyed:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has {destroyed} destroyed shields, not {e.amount} to repair")
    return state.update(e.ship, shields=ship.shields + e.amount)


def _card_disabled(state: GameState, e: ev.CardDisabled) -> GameState:
    ship = _ship(state, e.ship, e)
    if e.card not in ship.cards or e.card in ship.cards_disabled or e.card in ship.cards_discarded \
            or e.card in ship.protected:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.card!r} to disable")
    return state.update(e.ship, cards_disabled=(*ship.cards_disabled, e.card))


def _card_discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    """Another ship's card discards one of this ship's upgrades: out of the game (a weapon with it)."""
    ship = _ship(state, e.ship, e)
    if e.card not in ship.cards or e.card in ship.cards_discarded or e.card in ship.protected:
        raise IllegalEvent(f"event {e.seq}: {ship.name} has no card {e.card!r} to discard")
    return state.update(e.ship, cards_discarded=(*ship.cards_discarded, e.card),
                        weapons=tuple(w for w in ship.weapons if w.upgrade_id != e.card))


def _card_enabled(state: GameState, e: ev.CardEnabled) -> GameState:
    ship = _ship(state, e.ship, e)
    if e.card not in ship.cards_disabled:
        raise IllegalEvent(f"event {e.seq}: {ship.name}'s card {e.card!r} is not disabled")
    return state.update(e.ship, cards_disabled=tuple(c for c in ship.cards_disabled if c != e.card))


def _time_removed(state: GameState, e: ev.TimeTokensRemoved) -> GameState:
    ship = _ship(state, e.ship, e)
    if any(not ship.time_on(card) for card in e.cards):
        raise IllegalEvent(f"event {e.seq}: a card of {ship.name} named has no time token")
    left = tuple((c, n - 1 if c in e.cards else n) for c, n in ship.cards_time)
    return state.update(e.ship, cards_time=tuple((c, n) for c, n in left if n > 0))


def _round_ended(state: GameState, e: ev.RoundEnded) -> GameState:
    return replace(state, active=None, attack=None)


def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return replace(state, result=Result(e.winner, e.reason, e.points, e.ships_lost), active=None, attack=None)


_HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "game_started": _game_started, "ship_placed": _placed, "round_started": _round_started,
    "phase_started": _phase_started, "dial_set": _dial_set, "ship_activated": _activated,
    "maneuver_revealed": _revealed, "ship_moved": _moved, "tokens_changed": _tokens,
    "action_performed": _action, "action_skipped": _action_skipped, "target_lock_acquired": _lock,
    "target_lock_removed": _lock_removed, "cloak_changed": _cloak, "shields_changed": _shields,
    "sensor_echo": _echo, "damage_repaired": _repaired, "obstacle_rolled": _die_rolled,
    "attack_declared": _declared, "attack_odds": _odds, "dice_rolled": _rolled,
    "dice_rerolled": _rerolled, "dice_converted": _converted, "die_added": _added,
    "weapon_disabled": _weapon_disabled, "weapon_enabled": _weapon_enabled, "attack_resolved": _resolved,
    "attack_skipped": _skipped, "squadron_token_lost": _token_lost,
    "damage_dealt": _damage, "ship_destroyed": _destroyed, "round_ended": _round_ended, "game_ended": _game_ended,
    "ship_nudged": _nudged, "console_fire_rolled": _die_rolled, "damage_deck_reshuffled": _reshuffled,
    "ability_used": _ability, "shields_repaired": _shields_repaired, "card_disabled": _card_disabled,
    "card_enabled": _card_enabled, "time_tokens_removed": _time_removed, "card_discarded": _card_discarded,
    "damage_cards_drawn": taken.damage_cards_drawn, "upgrade_taken": taken.upgrade_taken,
    "mine_placed": _mine_placed, "mine_triggered": _mine_triggered,
}
assert set(_HANDLERS) == set(ev.EVENT_TYPES), "every event type needs a handler"

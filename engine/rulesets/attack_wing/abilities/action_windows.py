"""Card abilities as actions: the "Action:" cards a ship may perform (its Perform Action step),
their targets and costs, the free actions a card gives, the auxiliary power window, the cards that
act as a ship would lose its upgrades (Kira Nerys, Stex), and a card's "Action:" borrowed from another
ship (Virak'Kara: after its Action: disabled a crew card of the ship it targeted, its ship may
resolve that card's "Action:" as a free action this round, as if the card were its own; the card
stays on the other ship, disabled; the costs that name the card itself are not paid again, any other
cost is the borrowing ship's). The cards asked as a ship is destroyed are ``destroyed``; finding and
using an ability is ``windows``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import moves, worth
from engine.rulesets.attack_wing.abilities.cloak import cloak_roll
from engine.rulesets.attack_wing.abilities.model import (
    Ability,
    Effect,
    Situation,
    Window,
)
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.steal import upgrades_to_steal
from engine.rulesets.attack_wing.abilities.windows import (
    Found,
    Table,
    _ask,
    _used,
    action_name,
    candidates,
    discard_choices,
    holds,
    own_cards,
    parse_action,
    ready,
    standing,
    upgrade_type,
    upgrades_to_disable,
    upgrades_to_discard,
)
from engine.rulesets.attack_wing.actions import ActionOption
from engine.rulesets.attack_wing.measure import arc_check
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.rules import band_between
from engine.rulesets.attack_wing.state import GameState, ShipState


def marks_of(state: GameState, owner: ShipState, ability: Ability) -> tuple[str, ...]:
    """The ships a mark effect may mark now, or the ships an effect may act on (the ones it marks
    or acts on, unless the seat picks one): each must be one the effect can change."""
    effect = ability.effect
    if effect.targets == "self":
        return (owner.id,) if _can_change(owner, effect) else ()
    arc = owner.front_arc or 90.0
    own = effect.pick and effect.own  # "including your own ship"
    ships = [s for s in state.in_play() if (s.id != owner.id or own)
             and (effect.targets == "ships" or s.id == owner.id
                  or (s.side == owner.side) == (effect.targets == "friendly"))
             and (not effect.factions or s.faction in effect.factions)
             and (not effect.classes or s.class_name in effect.classes)
             and (s.id == owner.id or not effect.reach or band_between(owner, s) in effect.reach)
             and (not effect.locked or s.id == owner.target_lock)
             and (s.id == owner.id or not (effect.in_arc or effect.out_arc)
                  or arc_check(rules.placed(owner), rules.placed(s), arc).in_arc == effect.in_arc)
             and _can_change(s, effect, owner.id)]
    return tuple(s.id for s in ships)


def _can_change(ship: ShipState, effect: Effect, owner_lock: str | None = None) -> bool:
    """The effect has something to act on beside this ship (a token to remove, a shield to repair)."""
    if effect.unless_token is not None and int(getattr(ship, effect.unless_token, 0)) > 0:
        return False
    if effect.exposed and (ship.cloaked or ship.shields > 0):  # "not Cloaked and has no Active Shields"
        return False
    if effect.locking and owner_lock is not None and ship.target_lock != owner_lock:
        return False
    if effect.kind == "drop_lock":
        return ship.target_lock is not None
    if effect.kind == "shield_roll":
        return ship.shields > 0
    if effect.kind == "remove_token":
        return any(getattr(ship, token, 0) for token in effect.tokens)
    if effect.kind == "repair_shield":
        return ship.shields_max - ship.shields - ship.shields_disabled > 0
    if effect.kind == "disable_upgrade":
        return bool(upgrades_to_disable(ship, effect)) or any(getattr(ship, t, 0) for t in effect.tokens)
    if effect.kind == "discard_upgrade":
        return bool(upgrades_to_discard(ship, effect))
    if effect.kind == "steal_upgrade":  # Superior Intellect
        return bool(upgrades_to_steal(ship))
    return True


# effects that need a ship to act on (one a seat picks, or every one they may act on)
_ACTS_ON = ("gain_token", "remove_token", "repair_shield", "disable_upgrade", "discard_upgrade", "drop_lock",
           "inflict", "damage", "shield_roll", "steal_upgrade")


def fleet_holder(state: GameState, ship: ShipState, card_id: str) -> ShipState | None:
    """The friendly ship whose admiral card this is, when ``ship`` may perform its Fleet Action:
    the admiral's ship itself or a friendly ship within Range 1-3 of it (tournament rules
    "Admiral Cards")."""
    for holder in state.in_play(ship.side):
        if card_id in holder.cards and (holder.id == ship.id or band_between(holder, ship) is not None):
            return holder
    return None


def _action_cards(state: GameState, ship: ShipState) -> Iterator[tuple[ShipState, str]]:
    """(the card's ship, card id) of the cards whose "Action:" this ship may resolve: its own, and
    the Fleet Action of an admiral within reach."""
    for card_id in ship.cards:
        yield ship, card_id
    for holder in state.in_play(ship.side):
        for card_id in holder.cards if holder.id != ship.id else ():
            card = CARDS.get(card_id)
            if card is not None and any(a.fleet for a in card.abilities) \
                    and fleet_holder(state, ship, card_id) is holder:
                yield holder, card_id


def action_options(state: GameState, ship: ShipState) -> list[ActionOption]:
    """The ship's "Action:" cards it may resolve as its action now (an admiral's Fleet Action too)."""
    out = []
    for holder, card_id in _action_cards(state, ship):
        card = CARDS.get(card_id)
        for i, ability in enumerate(card.abilities if card else ()):
            if holder.id != ship.id and not ability.fleet:
                continue
            if ability.window == "action" and ability.effect.kind != "bar_action" and ready(holder, card_id, ability) \
                    and action_name(card_id, i) not in ship.actions_done \
                    and holds(Situation(state, ship, ship, None), card_id, ability):  # "your ship": the one acting
                if ability.effect.kind == "maneuver" and not moves.choices(ship, ability.effect):
                    continue  # no maneuver the card offers (none of its colour on the dial)
                needs = ability.effect.pick or ability.effect.kind in _ACTS_ON
                acted_on = marks_of(state, ship, ability) if needs else ()
                if not needs or acted_on or (ability.effect.and_self and not ability.effect.pick):
                    out.append(ActionOption(action_name(card_id, i), acted_on if ability.effect.pick else ()))
    return out


def bar_actions(state: GameState, ship: ShipState) -> tuple[str, ...]:
    """The actions the ship's cards put on its Action Bar now (a card not discarded, disabled or not)."""
    out: list[str] = []
    for _, ability in standing(state, ship, "bar_action"):
        out.extend(a for a in ability.effect.actions if a not in ship.actions and a not in out)
    return tuple(out)


def lent(state: GameState, ship: ShipState, card_id: str) -> bool:
    """Another ship's card lent to this ship this round: the ship performed the Action: of a card that
    lends (Virak'Kara's) and the card is disabled on another ship."""
    lenders = [c for c in ship.cards if (card := CARDS.get(c)) is not None
               and any(a.effect.borrow for a in card.abilities)
               and any(action_name(c, i) in ship.actions_done for i, a in enumerate(card.abilities)
                       if a.window == "action")]
    return bool(lenders) and any(card_id in s.cards_disabled for s in state.ships if s.id != ship.id)


def perform_action(t: Table, ship_id: str, action: str, reason: str, target: str | None = None) -> None:
    """Resolve an "Action:" card as the ship's action (after its ``action_performed``); ``target``:
    the ship the seat picked, for a card that targets one."""
    parsed = parse_action(action)
    assert parsed is not None
    card_id, i = parsed
    owner = t.state.ship(ship_id)  # the ship acting: what it reaches is measured from it
    card = CARDS[card_id]
    ability = card.abilities[i]
    holder = owner if card_id in owner.cards else fleet_holder(t.state, owner, card_id)
    if holder is None and lent(t.state, owner, card_id):  # a card another ship lends it (Virak'Kara)
        holder, ability = owner, borrowed(ability)
    assert holder is not None, f"{ship_id} has no card {card_id} to act with"
    marks = marks_of(t.state, owner, ability) if ability.effect.kind == "mark" else ()
    if ability.effect.pick:
        marks = (target,) if target in marks else ()
    if ability.effect.and_self:
        marks = (*marks, ship_id)
    effect = ability.effect
    found: Found = (holder, card_id, card, i, ability)  # a Fleet Action's card is the admiral's ship's
    ships = _acted_on(t.state, owner, ability, target)
    use = AbilityUse(target=target, reason=reason)
    choices = _choices(t.state, effect, ships)
    if choices:  # which token or upgrade: the seat's choice (the policy's when it gives none)
        asked = _ask(t, found, "action", subject=ships[0], actions=tuple(ActionOption(c) for c in choices))
        default = worth.sub_choice(t.state, effect, ships[0], choices)
        use = AbilityUse(target=target, choice=asked.choice if asked is not None and asked.choice in choices
                         else default, reason=reason)
    if ability.cost.own:  # which card of its own pays: the seat's choice (the effect has none of its own)
        mine = own_cards(holder, card_id, ability.cost)
        asked = _ask(t, found, "action", subject=holder.id, actions=tuple(ActionOption(c) for c in mine))
        paid = asked.choice if asked is not None and asked.choice in mine else worth.own_choice(holder, mine)
        use = AbilityUse(target=target, choice=paid, reason=reason)
    faces: tuple[str, ...] = ()
    draws = 0
    if effect.roll and marks:  # the Action rolls attack dice: its target marked once for each hit (Tractor Beam)
        rolled, draws = t.dice.roll(t.state, "attack", effect.roll, owner, f"{card.name} roll")
        faces = tuple(rolled)
        marks = tuple(m for m in marks for _ in range(faces.count("hit")))
    elif effect.kind == "shield_roll":  # its dice, rolled as it acts (the I.K.S. Negh'var)
        rolled, draws = t.dice.roll(t.state, "attack", effect.amount, owner, f"{card.name} roll")
        faces = tuple(rolled)
    _used(t, found, "action", use, subject=target or (ship_id if holder.id != ship_id else None), marks=marks,
          faces=faces, draws=draws)
    for struck in ships if effect.kind == "shield_roll" else ():  # each hit disables an active shield
        now = t.state.ship(struck)
        n = min(faces.count("hit"), now.shields)
        if n:
            t.emit(ev.ShieldsChanged, ship=struck, active=now.shields - n, disabled=now.shields_disabled + n,
                   cause=card.name)
    if ability.cost.own and use.choice is not None:
        t.emit(ev.CardDiscarded if ability.cost.own_discard else ev.CardDisabled, ship=holder.id, card=use.choice,
               cause=card.name)
    if effect.kind in ("disable_upgrade", "discard_upgrade"):  # Kira Nerys, Stex: the ships that ignore it
        ships = tuple(s for s in ships if not _resisted(t, owner, card_id, s))
        for ship_id in ships:  # Weyoun (2034): a crew card of the ship spared
            _protect(t, owner, _taken(t.state.ship(ship_id), effect, use.choice), ship_id)
    _apply(t, owner, card.name, effect, ships, use.choice)
    for marked in marks if effect.disable_shields else ():  # its target's every remaining shield disabled
        ship = t.state.ship(marked)
        if marked != holder.id and ship.shields:
            t.emit(ev.ShieldsChanged, ship=marked, active=0, disabled=ship.shields_disabled + ship.shields,
                   cause=card.name)
    if effect.kind == "disable_upgrade" and use.choice and any(a.effect.borrow for a in card.abilities):
        offer_borrowed(t, owner.id, found, use.choice)  # the card it disabled lends its Action: (Virak'Kara)
    if effect.kind == "mark" and effect.token:  # a token beside every ship it marks
        for marked in marks:
            t.emit(ev.TokensChanged, ship=marked, token=effect.token, delta=effect.amount, cause=card.name)


def _acted_on(state: GameState, owner: ShipState, ability: Ability, target: str | None) -> tuple[str, ...]:
    """The ships an "Action:" effect acts on: its own ship, the ship the seat targeted, or every ship
    it may act on."""
    effect = ability.effect
    if effect.kind == "mark" or effect.targets == "self":
        return (owner.id,)
    if effect.pick:
        return (target,) if target is not None and target in marks_of(state, owner, ability) else ()
    return (*marks_of(state, owner, ability), *((owner.id,) if effect.and_self else ()))


def _choices(state: GameState, effect: Effect, ships: tuple[str, ...]) -> tuple[str, ...]:
    if not ships:
        return ()
    ship = state.ship(ships[0])
    if effect.kind == "remove_token":
        return tuple(token for token in effect.tokens if getattr(ship, token, 0))
    if effect.kind == "disable_upgrade" and effect.amount:
        return upgrades_to_disable(ship, effect)
    if effect.kind == "discard_upgrade":
        return discard_choices(ship, effect)
    if effect.kind == "steal_upgrade":  # which upgrade it takes: the seat's choice (Superior Intellect)
        return upgrades_to_steal(ship)
    if effect.kind == "maneuver":  # which additional maneuver: the seat's choice
        return moves.choices(ship, effect)
    return ()


def _taken(ship: ShipState, effect: Effect, choice: str | None) -> tuple[str, ...]:
    """The cards of the ship a discard or disable effect would take."""
    if effect.kind == "disable_upgrade" and effect.amount == 0:
        return upgrades_to_disable(ship, effect)
    return tuple(choice.split("+")) if choice else ()


def _protect(t: Table, source: ShipState, cards: tuple[str, ...], ship_id: str) -> None:
    """Cards of this ship that would be discarded or disabled: its cards that spare one of them for
    the round may (Weyoun 2034: the seat's choice among its crew cards taken)."""
    ship = t.state.ship(ship_id)
    if ship.side == source.side:
        return
    for found in list(candidates(t.state, ship, "resist", None)):
        owner, _, _, _, ability = found
        spared = tuple(c for c in cards if owner.id == ship_id and (not ability.effect.upgrades
                                                                    or upgrade_type(c) in ability.effect.upgrades))
        if ability.effect.kind != "protect" or not spared or not ready(t.state.ship(owner.id), found[1], ability):
            continue
        use = _ask(t, found, "resist", subject=source.id, actions=tuple(ActionOption(c) for c in spared))
        if use is not None and use.choice in spared:
            _used(t, found, "resist", use, source.id)
            return


def _resisted(t: Table, source: ShipState, card_id: str, ship_id: str) -> bool:
    """A crew upgrade of an enemy ship would discard or disable upgrades of this ship: its cards
    that roll defense dice against it (Kira Nerys, Stex) roll; an evade result and it is ignored."""
    ship = t.state.ship(ship_id)
    if ship.side == source.side or upgrade_type(card_id) != "crew":
        return False
    for found in list(candidates(t.state, ship, "resist", None)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "resist" or owner.id != ship_id:
            continue
        n = ability.effect.amount
        faces, draws = t.dice.roll(t.state, "defense", n, t.state.ship(owner.id), f"{card.name} roll")
        _used(t, found, "resist", None, source.id, n, faces=tuple(faces), draws=draws)
        if "evade" in faces:
            return True
    return False


def _apply(t: Table, owner: ShipState, cause: str, effect: Effect, ships: tuple[str, ...], choice: str | None
           ) -> None:
    """An "Action:" card's effect on the ships it acts on, as the usual events."""
    if effect.locked and ships:  # its cost: the target lock on that ship is spent
        t.emit(ev.TargetLockRemoved, ship=owner.id, cause=cause)
    if effect.kind == "cloak":  # the rulebook's Cloak action (game.do_action's), from the card
        t.emit(ev.ShieldsChanged, ship=owner.id, active=0, disabled=owner.shields + owner.shields_disabled,
               cause=cause)
        t.emit(ev.CloakChanged, ship=owner.id, cloak="green", cause=cause)
        cloak_roll(t, owner.id)
        return
    for ship_id in ships:
        ship = t.state.ship(ship_id)
        if effect.kind == "gain_token" and effect.token:
            t.emit(ev.TokensChanged, ship=ship_id, token=effect.token, delta=effect.amount, cause=cause)
        elif effect.kind == "remove_token" and choice == "target_lock":  # the lock it holds (rulings.md)
            t.emit(ev.TargetLockRemoved, ship=ship_id, cause=cause)
        elif effect.kind == "remove_token" and choice is not None:
            t.emit(ev.TokensChanged, ship=ship_id, token=choice, delta=-1, cause=cause)
        elif effect.kind in ("inflict", "damage"):  # critical or normal damage, a point at a time (combat.suffer)
            if t.state.ship(ship_id).in_play:
                crit = effect.kind == "inflict"
                t.suffer(ship_id, 0 if crit else effect.amount, effect.amount if crit else 0, cause)
        elif effect.kind == "drop_lock" and ship.target_lock is not None:
            t.emit(ev.TargetLockRemoved, ship=ship_id, cause=cause)
        elif effect.kind == "repair_shield":
            amount = min(effect.amount, ship.shields_max - ship.shields - ship.shields_disabled)
            if amount > 0:
                t.emit(ev.ShieldsRepaired, ship=ship_id, amount=amount, cause=cause)
        elif effect.kind == "disable_upgrade" and effect.amount == 0:  # every upgrade, and the tokens
            for card_id in upgrades_to_disable(ship, effect):
                t.emit(ev.CardDisabled, ship=ship_id, card=card_id, cause=cause)
                if any(w.upgrade_id == card_id and not w.disabled for w in ship.weapons):
                    t.emit(ev.WeaponDisabled, ship=ship_id, weapon=card_id)
            for token in effect.tokens:
                if getattr(ship, token, 0):
                    t.emit(ev.TokensChanged, ship=ship_id, token=token, delta=-getattr(ship, token), cause=cause)
        elif effect.kind == "disable_upgrade" and choice is not None and choice not in ship.protected:
            t.emit(ev.CardDisabled, ship=ship_id, card=choice, cause=cause)
            if any(w.upgrade_id == choice and not w.disabled for w in ship.weapons):
                t.emit(ev.WeaponDisabled, ship=ship_id, weapon=choice)
        elif effect.kind == "discard_upgrade" and choice is not None:
            for card_id in choice.split("+"):
                if card_id not in ship.protected:
                    t.emit(ev.CardDiscarded, ship=ship_id, card=card_id, cause=cause)
        elif effect.kind == "steal_upgrade" and choice is not None:  # the card joins the acting ship
            t.emit(ev.UpgradeTaken, ship=owner.id, source=ship_id, card=choice, cause=cause)
        elif effect.kind == "reverse" and getattr(t, "extra_maneuver", None) is not None:  # 180 degrees in place
            for _ in range(2):
                t.extra_maneuver(ship_id, moves.REVERSE, "white", cause)  # type: ignore[attr-defined]
        elif effect.kind == "maneuver" and choice is not None:  # the game moves it (``Game.extra_maneuver``)
            chosen, mover = moves.find(ship, effect, choice), getattr(t, "extra_maneuver", None)
            if chosen is not None and mover is not None:
                mover(ship_id, chosen[0], chosen[1], cause)


def aux_power_actions(t: Table, ship_id: str) -> bool:
    """The ship has an Auxiliary Power Token and a card that lets it perform an Action Bar action
    anyway (the U.S.S. Enterprise 1009): the card is named in the log (``ability_used``) and True."""
    ship = t.state.ship(ship_id)
    for found in candidates(t.state, ship, "aux_power", None):
        if found[4].effect.kind == "aux_actions":
            _used(t, found, "aux_power", None)
            return True
    return False


def free_action(t: Table, ship_id: str, options_for: Any, window: Window = "free_action"
                ) -> tuple[str, str | None, str] | None:
    """After the Perform Action step (``window`` "free_action": Picard) or right after the ship's
    maneuver ("after_move": the Excelsior), a card's free action. ``options_for(ship, actions)``
    gives the rulebook options for those actions as if on the Action Bar. Returns the action chosen,
    its target and reason for the game to perform, or None."""
    ship = t.state.ship(ship_id)
    found_all = list(candidates(t.state, ship, window, None))
    # what a card's rider forbids this ship this round (Harry Kim: no evasive maneuvers, even free)
    forbidden = [f[4].effect.actions for f in found_all if f[4].effect.kind == "forbid_action"]
    for found in found_all:
        ability = found[4]
        if ability.effect.kind != "free_action" or ability.effect.borrow:  # (a lent Action: is asked by its card)
            continue
        if ability.effect.upgrades:  # a card's "Action:" as the free action (Leonard McCoy: a crew card's)
            # none under auxiliary power (rulebook: no actions; the Enterprise 1009's are its Action Bar's only)
            options = tuple(o for o in action_options(t.state, ship) if (p := parse_action(o.action)) is not None
                            and not ship.aux_power and p[0] != found[1]
                            and upgrade_type(p[0]) in ability.effect.upgrades
                            and (not ability.effect.actions or p[0] in ability.effect.actions))
        else:
            options = tuple(o for o in options_for(ship, ability.effect.actions)
                            if o.action in ability.effect.actions and o.action not in ship.actions_done
                            and (not ability.effect.bar_only or o.action in ship.actions)
                            and not any(not no or o.action in no for no in forbidden))
        if not options:
            continue
        use = _ask(t, found, window, actions=options)
        if use is None or use.choice is None or use.choice not in {o.action for o in options}:
            continue
        # ``and_self``: taking it marks the card's ship for the round (its riders read it: the R.I.S. Vo)
        _used(t, found, window, use, marks=(ship_id,) if ability.effect.and_self else ())
        return use.choice, use.target, use.reason
    return None


# --- a card's "Action:" borrowed from another ship (Virak'Kara) ---------------------------------------

def borrowed(ability: Ability) -> Ability:
    """The card's ability as the borrowing ship resolves it: no cost that names the card itself."""
    return replace(ability, cost=replace(ability.cost, disable=False, discard=False))


def borrowed_options(t: Table, ship_id: str, card_id: str) -> tuple[ActionOption, ...]:
    """The borrowed card's "Action:" abilities the ship may resolve now (as ``action_options``)."""
    ship = t.state.ship(ship_id)
    card = CARDS.get(card_id)
    out = []
    for i, ability in enumerate(card.abilities if card is not None else ()):
        if ability.window != "action" or ability.effect.kind == "bar_action" or ship.aux_power \
                or action_name(card_id, i) in ship.actions_done \
                or not holds(Situation(t.state, ship, ship, None), card_id, ability):
            continue
        needs = ability.effect.pick or ability.effect.kind in _ACTS_ON
        acted_on = marks_of(t.state, ship, ability) if needs else ()
        if not needs or acted_on or (ability.effect.and_self and not ability.effect.pick):
            out.append(ActionOption(action_name(card_id, i), acted_on if ability.effect.pick else ()))
    return tuple(out)


def offer_borrowed(t: Table, ship_id: str, lender: Found, card_id: str) -> None:
    """Right after the lending card's Action: disabled ``card_id``: the seat may resolve one of its
    "Action:" abilities as a free action (the lender's ability with ``Effect.borrow``)."""
    found = next(((lender[0], lender[1], lender[2], i, a) for i, a in enumerate(lender[2].abilities)
                  if a.effect.borrow and a.window == "free_action"), None)
    choices = borrowed_options(t, ship_id, card_id)
    if found is None or not choices:
        return
    use = _ask(t, found, "free_action", actions=choices)
    if use is None or use.choice not in {o.action for o in choices}:
        return
    _used(t, found, "free_action", use)
    t.emit(ev.ActionPerformed, ship=ship_id, action=use.choice, target=use.target, reason=use.reason)
    perform_action(t, ship_id, use.choice, use.reason, use.target)

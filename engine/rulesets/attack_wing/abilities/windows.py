"""The engine's side of card abilities: in each timing window, find the abilities that apply, ask
the card's seat about each optional one (``Player.use_ability``), emit ``ability_used`` naming the
card, then the effect as the usual events (a reroll, a conversion, a die added, a token).

Order inside a combat step (rulebook "Modify Attack Dice" / "Modify Defense Dice"): for attack dice
the defender resolves its abilities before the attacker; for defense dice the attacker before the
defender. ``combat`` places the token spending around these (rulings.md "Card abilities").

This module finds the abilities that apply and uses one; the combat steps' windows are in
``dice_windows``, the "Action:" cards, free actions and survival cards in ``action_windows``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations
from typing import Any, Protocol

from engine.catalog import load_catalog
from engine.memos import memo_table
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import answer
from engine.rulesets.attack_wing.abilities.model import (
    Ability,
    AttackContext,
    Card,
    Cost,
    Effect,
    Situation,
    Window,
)
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.actions import ActionOption
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, DiceSource, decide_ability
from engine.rulesets.attack_wing.state import GameState, ShipState

ACTION_PREFIX = "ability:"


class Table(Protocol):
    """The game as the windows see it (``GameBase``): its state and dice, the event pipe, and the
    damage it deals (``combat.suffer``, which asks the windows in turn: a card that damages a ship
    deals it through the table)."""

    state: GameState
    dice: DiceSource

    def emit(self, event_type: type[Any], **fields: Any) -> None: ...

    def suffer(self, ship_id: str, hits: int, crits: int, cause: str, hull_only: bool = False) -> None: ...


# --- who may use what ----------------------------------------------------------------------------

Found = tuple[ShipState, str, Card, int, Ability]  # owner, card id, card, index, ability


def _role(subject: ShipState, attack: AttackContext | None) -> str:
    if attack is None:
        return "any"
    return "attacker" if subject.id == attack.attacker.id else "defender" if subject.id == attack.defender.id \
        else "any"


def holds(sit: Situation, card_id: str, ability: Ability) -> bool:
    """The ability's condition, for its card's ship ``sit.owner`` acting on ``sit.subject``."""
    c, owner, subject, attack = ability.condition, sit.owner, sit.subject, sit.attack
    if c.scope == "own" and owner.id != subject.id:
        return False
    if c.scope in ("friendly", "near"):
        if (c.scope == "friendly" and owner.side != subject.side) or (c.others_only and owner.id == subject.id):
            return False
        if c.aura and rules.band_between(owner, subject) not in c.aura:
            return False
    if c.scope == "marked" and card_id not in subject.marks:
        return False
    if c.role != "any" and _role(subject, attack) != c.role:
        return False
    if attack is not None:
        if attack.band not in c.bands:
            return False
        weapon = attack.weapon
        if (c.weapon == "primary" and weapon is not None) or (c.weapon == "secondary" and weapon is None):
            return False
        if c.weapon == "this" and (weapon is None or weapon.upgrade_id != card_id):
            return False
        if c.front_arc and attack.arc != "front":
            return False
    elif c.weapon != "any" or c.front_arc:
        return False
    if c.classes and subject.class_name not in c.classes:
        return False
    if c.factions and subject.faction not in c.factions:
        return False
    if c.token is not None and not getattr(owner, c.token, 0):
        return False
    if c.after is not None and action_name(card_id, c.after) not in owner.actions_done:
        return False
    return c.check is None or c.check(sit)


def standing(state: GameState, ship: ShipState, kind: str) -> Iterator[tuple[Card, Ability]]:
    """The ship's own abilities of effect ``kind`` that hold now, in card and ability order: its
    cards not discarded (disabled ones too: a standing ability is not an Action)."""
    for card_id in ship.cards:
        card = CARDS.get(card_id)
        if card is None or card_id in ship.cards_discarded:
            continue
        for ability in card.abilities:
            if ability.effect.kind == kind and holds(Situation(state, ship, ship, None), card_id, ability):
                yield card, ability


def ready(owner: ShipState, card_id: str, ability: Ability) -> bool:
    """The card can pay for the ability now: in play, not disabled, within its limits, the token there."""
    cost = ability.cost
    if not owner.in_play or not owner.card_ready(card_id):
        return False
    if (cost.limit == "round" and card_id in owner.used_round) \
            or (cost.limit == "game" and owner.used_game.count(card_id) >= max(cost.uses, 1)):
        return False
    if cost.shields > 0 and owner.shields < cost.shields:
        return False
    if cost.own and not own_cards(owner, card_id, cost):
        return False
    if cost.disable_upgrade is not None and not cost_cards(owner, cost.disable_upgrade):
        return False
    return cost.token is None or getattr(owner, cost.token, 0) > 0


def own_cards(owner: ShipState, card_id: str, cost: Cost) -> tuple[str, ...]:
    """The cards of its own ship a ``Cost.own`` may take: of that upgrade type, in play (and not
    disabled, for a disable), not the card itself."""
    return tuple(c for c in owner.cards if c != card_id and c not in owner.cards_discarded and c not in owner.protected
                 and (cost.own_discard or c not in owner.cards_disabled) and upgrade_type(c) == cost.own)


def cost_cards(ship: ShipState, kind: str) -> tuple[str, ...]:
    """The ship's ready upgrades of type ``kind`` that a "disable one of your upgrades" cost may take."""
    return upgrades_to_disable(ship, Effect("disable_upgrade", upgrades=(kind,)))


_WINDOWS: dict[tuple[int, str], tuple[Card, tuple[tuple[int, Ability], ...]]] = {}


def _in_window(card: Card, window: str) -> tuple[tuple[int, Ability], ...]:
    """The card's abilities (with their numbers, in card order) that act in ``window``: worked
    out once per card and window (``candidates`` asks for every card in play at every window)."""
    found = _WINDOWS.get((id(card), window))
    if found is None or found[0] is not card:  # (the card itself kept: an id is never reused while it lives)
        found = _WINDOWS[(id(card), window)] = (card, tuple((i, a) for i, a in enumerate(card.abilities)
                                                             if a.window == window))
    return found[1]


_SHIP_WINDOWS: dict[tuple[tuple[str, ...], str], tuple[tuple[str, Card, int, Ability], ...]] = {}


def _cards_in_window(cards: tuple[str, ...], window: str) -> tuple[tuple[str, Card, int, Ability], ...]:
    """A ship's cards' abilities in ``window`` (card id, card, number, ability; in card order),
    worked out once per set of cards and window (the registry is fixed once imported)."""
    found = _SHIP_WINDOWS.get((cards, window))
    if found is None:
        if len(_SHIP_WINDOWS) > 10_000:
            _SHIP_WINDOWS.clear()
        found = _SHIP_WINDOWS[(cards, window)] = tuple(
            (card_id, card, i, ability) for card_id in cards if (card := CARDS.get(card_id)) is not None
            for i, ability in _in_window(card, window))
    return found


@cache
def _acting_in(window: str) -> frozenset[str]:
    """The ids of the cards with an ability in ``window`` (the registry is fixed once imported)."""
    return frozenset(card_id for card_id, card in CARDS.items() if _in_window(card, window))


Owners = tuple[tuple[ShipState, tuple[tuple[str, Card, int, Ability], ...]], ...]
# per window: the last ships asked about (kept, so that their tuple's id is never reused) and their
# ``_owners``. A state's ships are frozen and the registry fixed, so the same tuple of ships gives the
# same answer; the game asks several times per state (64% of the asks in 5 skirmish games)
_OWNERS: dict[str, tuple[tuple[ShipState, ...], Owners]] = memo_table()


def _owners(ships: tuple[ShipState, ...], window: str) -> Owners:
    """The ships (in order) with a card acting in ``window``, each with those abilities (``_cards_in_window``)."""
    found = _OWNERS.get(window)
    if found is not None and found[0] is ships:
        return found[1]
    acting = _acting_in(window)
    # a destroyed ship is removed from play with its cards (rulebook "Damage": "immediately remove the
    # destroyed ship"): its marks end with it; most ships have no card for most windows
    owners = tuple((owner, _cards_in_window(owner.cards, window)) for owner in ships
                   if not (owner.destroyed and window != "destroyed") and not acting.isdisjoint(owner.cards))
    _OWNERS[window] = (ships, owners)
    return owners


def candidates(state: GameState, subject: ShipState, window: Window, attack: AttackContext | None
               ) -> Iterator[Found]:
    """Every ability in ``window`` that applies to ``subject`` now: its own cards', a friendly
    ship's (an aura), and those of cards that marked it this round."""
    marked: set[tuple[str, int]] = set()
    for owner, abilities in _owners(state.ships, window):
        for card_id, card, i, ability in abilities:
            scope = ability.condition.scope
            if scope == "marked":  # the mark is in force this round, whatever became of the card since
                if card_id not in subject.marks or (card_id, i) in marked:
                    continue
                marked.add((card_id, i))
            elif (scope == "own" and owner.id != subject.id) or not ready(owner, card_id, ability):
                continue  # (another ship's own ability first: no need to ask whether it is ready)
            if holds(Situation(state, owner, subject, attack), card_id, ability):
                yield owner, card_id, card, i, ability


# --- using one ---------------------------------------------------------------------------------

def _used(t: Table, found: Found, window: Window, use: AbilityUse | None, subject: str | None = None,
          amount: int = 0, marks: tuple[str, ...] = (), faces: tuple[str, ...] = (), draws: int = 0) -> None:
    owner, card_id, card, i, ability = found
    cost = ability.cost
    use = use or AbilityUse(reason="always applies")
    paid = cost_cards(t.state.ship(owner.id), cost.disable_upgrade) if cost.disable_upgrade else ()
    if paid:  # the upgrade the seat chose to disable (the first one when it named none it may)
        use = AbilityUse(use.dice, use.choice if use.choice in paid else paid[0], use.target, use.reason)
    t.emit(ev.AbilityUsed, ship=owner.id, card=card_id, card_name=card.name, ability=i, window=window,
           subject=subject if subject != owner.id else None, dice=use.dice, choice=use.choice, target=use.target,
           amount=amount, limit=cost.limit, uses=cost.uses, disable=cost.disable, discard=cost.discard,
           token=cost.token, time=cost.time, marks=marks, faces=faces, summary=ability.summary, reason=use.reason,
           draws=draws)
    if cost.aux_power:
        t.emit(ev.TokensChanged, ship=owner.id, token="aux_power", delta=1, cause=card.name)
    if paid and use.choice is not None:
        t.emit(ev.CardDisabled, ship=owner.id, card=use.choice, cause=card.name)
    ship = t.state.ship(owner.id)
    shields = ship.shields if cost.shields < 0 else min(cost.shields, ship.shields)
    if shields:
        t.emit(ev.ShieldsChanged, ship=owner.id, active=ship.shields - shields,
               disabled=ship.shields_disabled + shields, cause=card.name)


def _seat(t: Table, side: int) -> object:
    players = getattr(t, "players", ())
    return players[side] if side < len(players) else None


def _ask(t: Table, found: Found, window: Window, offer_dice: tuple[int, ...] = (), pick: int = 0,
         subject: str | None = None, actions: tuple[ActionOption, ...] = ()) -> AbilityUse | None:
    owner, card_id, card, i, ability = found
    if ability.cost.disable_upgrade and not actions:  # which upgrade pays: the seat's choice
        actions = tuple(ActionOption(c) for c in cost_cards(t.state.ship(owner.id), ability.cost.disable_upgrade))
    offer = AbilityOffer(owner.id, card_id, card.name, i, window, ability.summary, ability.cost.words(), subject,
                         offer_dice, pick, actions)
    offer = answer.with_default(t.state, owner, ability, offer)
    return decide_ability(_seat(t, owner.side), t.state, owner, offer)


# --- actions -------------------------------------------------------------------------------------

def action_name(card_id: str, index: int) -> str:
    return f"{ACTION_PREFIX}{card_id}:{index}"


def parse_action(action: str) -> tuple[str, int] | None:
    """(card id, ability index) of an ability's action name, or None for a rulebook action."""
    if not action.startswith(ACTION_PREFIX):
        return None
    card_id, _, index = action[len(ACTION_PREFIX):].rpartition(":")
    return (card_id, int(index)) if index.isdigit() and card_id else None


# --- upgrade cards a cost or an effect may take ---------------------------------------------

def upgrades_to_discard(ship: ShipState, effect: Effect) -> tuple[str, ...]:
    """The ship's upgrade cards a "discard_upgrade" effect may discard: in play (a disabled card
    too: it is still on the ship), of the effect's upgrade types; never its captain or admiral."""
    return tuple(c for c in ship.cards if c not in ship.cards_discarded and c not in ship.protected
                 and (kind := upgrade_type(c)) is not None
                 and (not effect.upgrades or kind in effect.upgrades))


def discard_choices(ship: ShipState, effect: Effect) -> tuple[str, ...]:
    """The seat's options for a "discard_upgrade" effect: one card, or ``amount`` cards joined by
    "+" (Korax: any 2; all there are when fewer)."""
    cards = upgrades_to_discard(ship, effect)
    if effect.amount <= 1 or len(cards) <= 1:
        return cards
    if len(cards) <= effect.amount:
        return ("+".join(cards),)
    return tuple("+".join(group) for group in combinations(cards, effect.amount))


def upgrades_to_disable(ship: ShipState, effect: Effect) -> tuple[str, ...]:
    """The ship's upgrade cards a "disable_upgrade" effect may disable: in play, not disabled, of
    the effect's upgrade types (its captain and admiral are not upgrades: the captain card only
    when the effect names "captain", Chang)."""
    out = []
    for card_id in ship.cards:
        kind = upgrade_type(card_id) or ("captain" if _is_captain(card_id) else None)
        if kind is None or card_id in ship.cards_disabled or card_id in ship.cards_discarded \
                or card_id in ship.protected:
            continue
        if kind == "captain" and "captain" not in effect.upgrades:  # only a card that names the captain
            continue
        if any(w.upgrade_id == card_id and w.disabled for w in ship.weapons):
            continue
        if not effect.upgrades or kind in effect.upgrades:
            out.append(card_id)
    return tuple(out)


@cache
def _card_kinds() -> tuple[dict[str, str], frozenset[str]]:
    """Each upgrade's type and the captains, by catalog id: a ship's cards are ids (a lookup by
    name through the catalog would rank every name against a miss -- a ship card's id is one -- with
    difflib, which made a skirmish 40x slower)."""
    catalog = load_catalog()
    return {u.id: u.type for u in catalog.upgrades()}, frozenset(c.id for c in catalog.captains())


def _is_captain(card_id: str) -> bool:
    return card_id in _card_kinds()[1]


def upgrade_type(card_id: str) -> str | None:
    """An upgrade card's type in the catalog ("crew", "weapon", "tech", "talent"...), None for a
    captain, an admiral, a ship card or a card the catalog does not have."""
    return _card_kinds()[0].get(card_id)

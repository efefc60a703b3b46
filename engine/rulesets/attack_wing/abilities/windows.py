"""The engine's side of card abilities: in each timing window, find the abilities that apply, ask
the card's seat about each optional one (``Player.use_ability``), emit ``ability_used`` naming the
card, then the effect as the usual events (a reroll, a conversion, a die added, a token).

Order inside a combat step (rulebook "Modify Attack Dice" / "Modify Defense Dice"): for attack dice
the defender resolves its abilities before the attacker; for defense dice the attacker before the
defender. ``combat`` places the token spending around these (rulings.md "Card abilities").
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations
from typing import Any, Protocol

from engine.catalog import load_catalog
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import moves, policy
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
from engine.rulesets.attack_wing.measure import arc_check, distance
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, DiceSource, decide_ability
from engine.rulesets.attack_wing.spending import uncanceled
from engine.rulesets.attack_wing.state import GameState, ShipState

ACTION_PREFIX = "ability:"


class Table(Protocol):
    state: GameState
    dice: DiceSource

    def emit(self, event_type: type[Any], **fields: Any) -> None: ...


def band_between(a: ShipState, b: ShipState) -> int | None:
    """The range band from one ship's base to another's (None: beyond Range 3)."""
    d = distance(rules.placed(a), rules.placed(b))
    return next((band for band, edge in enumerate(P.RANGE_BAND_EDGES_MM, start=1) if d <= edge + 1e-9), None)


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
    if c.scope == "friendly":
        if owner.side != subject.side or (c.others_only and owner.id == subject.id):
            return False
        if c.aura and band_between(owner, subject) not in c.aura:
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


def candidates(state: GameState, subject: ShipState, window: Window, attack: AttackContext | None
               ) -> Iterator[Found]:
    """Every ability in ``window`` that applies to ``subject`` now: its own cards', a friendly
    ship's (an aura), and those of cards that marked it this round."""
    marked: set[tuple[str, int]] = set()
    for owner in state.ships:
        if owner.destroyed and window != "destroyed":  # removed from play with its cards (rulebook
            continue  # "Damage": "immediately remove the destroyed ship"): its marks end with it
        for card_id, card, i, ability in _cards_in_window(owner.cards, window):
            scope = ability.condition.scope
            if scope == "marked":  # the mark is in force this round, whatever became of the card since
                if card_id not in subject.marks or (card_id, i) in marked:
                    continue
                marked.add((card_id, i))
            elif not ready(owner, card_id, ability) or (scope == "own" and owner.id != subject.id):
                continue
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
    offer = policy.with_default(t.state, owner, ability, offer)
    return decide_ability(_seat(t, owner.side), t.state, owner, offer)


NO_DICE = -100  # a "no_dice" ability's change to the count: whatever else adds, the roll has none


def counts(ability: Ability, kind: str) -> int | None:
    """The change an ability of a dice-count window makes to the ``kind`` roll (None: it makes none)."""
    effect = ability.effect
    if effect.kind == "no_dice":
        return NO_DICE if effect.dice == kind else None
    return effect.amount if effect.kind == ("attack_dice" if kind == "attack" else "defense_dice") else None


def dice_count(t: Table, kind: str, attack: AttackContext) -> tuple[int, str]:
    """Steps 3 and 5: the abilities that change how many ``kind`` dice are rolled: the change and
    its words for the roll's reason. Standing abilities apply; optional ones are the seat's."""
    window: Window = "attack_dice" if kind == "attack" else "defense_dice"
    total, words = 0, []
    for subject in (attack.attacker, attack.defender):  # first the marks, whose riders count below
        for found in list(candidates(t.state, t.state.ship(subject.id), window, attack)):
            if found[4].effect.kind == "mark":
                _mark_before_dice(t, found, window, attack)
    for subject in (attack.attacker, attack.defender):
        for found in list(candidates(t.state, t.state.ship(subject.id), window, attack)):
            owner, card_id, card, _, ability = found
            if ability.effect.kind == "gain_token":  # a token before any die is rolled (Invaluable Advice)
                _token_before_dice(t, found, window, subject.id)
                continue
            amount = counts(ability, kind)
            # an earlier use may have paid its card (a marked rider pays nothing, unless it costs the card)
            pays = ability.condition.scope != "marked" or ability.cost.discard or ability.cost.disable
            if amount is None or (pays and not ready(t.state.ship(owner.id), card_id, ability)):
                continue
            use = None if not ability.optional else _ask(t, found, window, subject=subject.id)
            if ability.optional and use is None:
                continue
            _used(t, found, window, use, subject.id, amount)
            total += amount
            words.append(f"{card.name}: no {kind} dice" if amount == NO_DICE else f"{card.name} {amount:+d}")
    return total, ", ".join(words)


def _marked_by(attack: AttackContext, owner: ShipState, ability: Ability) -> tuple[str, ...]:
    """The ship a dice-count window's mark marks: the card's own, or the other ship of the attack."""
    if ability.effect.targets == "self":
        return (owner.id,)
    return (attack.defender.id if owner.id == attack.attacker.id else attack.attacker.id,)


def _mark_before_dice(t: Table, found: Found, window: Window, attack: AttackContext) -> None:
    """A card that marks a ship for the round as the dice are counted (Long Range Tachyon Scan,
    Captured Intelligence): its riders then apply to this roll and the round's others; a token
    beside each ship it marks."""
    owner, card_id, card, _, ability = found
    if not ready(t.state.ship(owner.id), card_id, ability):
        return
    marks = _marked_by(attack, owner, ability)
    use = None if not ability.optional else _ask(t, found, window, subject=marks[0])
    if ability.optional and use is None:
        return
    _used(t, found, window, use, marks[0], marks=marks)
    for ship_id in marks if ability.effect.token else ():
        t.emit(ev.TokensChanged, ship=ship_id, token=ability.effect.token, delta=ability.effect.amount,
               cause=card.name)


def defense_preview(state: GameState, attack: AttackContext) -> tuple[int, int, int]:
    """For the odds, before any die is rolled: what the defense-dice marks the policy will take do
    to the defense roll -- (the dice their riders add or remove, evade tokens placed beside the
    defender, scan tokens the attacker spends)."""
    dice = evades = scans = 0
    for subject in (attack.attacker, attack.defender):
        for owner, card_id, card, i, ability in candidates(state, state.ship(subject.id), "defense_dice", attack):
            if ability.effect.kind != "mark":
                continue
            offer = AbilityOffer(owner.id, card_id, card.name, i, "defense_dice", ability.summary,
                                 ability.cost.words(), subject.id)
            if ability.optional and policy.default(state, owner, ability, offer) is None:
                continue
            dice += sum(counts(r, "defense") or 0 for r in card.abilities
                        if r.window == "defense_dice" and r.condition.scope == "marked")
            marked = _marked_by(attack, owner, ability)
            evades += ability.effect.amount if ability.effect.token == "evade" and attack.defender.id in marked else 0
            scans += ability.cost.token == "scan" and owner.id == attack.attacker.id
    return dice, evades, scans


def _token_before_dice(t: Table, found: Found, window: Window, subject: str) -> None:
    """A card that places a token beside its ship as the dice are counted, before any is rolled."""
    owner, card_id, card, _, ability = found
    if not ready(t.state.ship(owner.id), card_id, ability) or not ability.effect.token:
        return
    use = None if not ability.optional else _ask(t, found, window, subject=subject)
    if ability.optional and use is None:
        return
    _used(t, found, window, use, subject)
    t.emit(ev.TokensChanged, ship=owner.id, token=ability.effect.token, delta=ability.effect.amount, cause=card.name)


def _riders(state: GameState, kind: str) -> Iterator[tuple[ShipState, str, Ability]]:
    """(owner, card id, ability) of every declare-target rider of this kind whose mark is on some ship."""
    marked = {c for s in state.ships for c in s.marks}
    for owner in state.ships:
        for card_id in owner.cards:
            card = CARDS.get(card_id)
            if card is None or card_id not in marked:
                continue
            for ability in card.abilities:
                if ability.window == "declare_target" and ability.effect.kind == kind:
                    yield owner, card_id, ability


def may_fire(state: GameState, attacker: ShipState, weapon: Any) -> bool:
    """A weapon whose card's cost is paid as it fires (``fire_cost``: Magnetic Pulse's active shield)
    may fire only when the ship can pay it."""
    card = CARDS.get(weapon.upgrade_id) if weapon is not None else None
    return card is None or all(a.effect.kind != "fire_cost" or attacker.shields >= a.cost.shields
                               for a in card.abilities)


def may_attack(state: GameState, attacker: ShipState, defender: ShipState) -> bool:
    """Declare Target: no ability forbids this attack (the Corbomite Maneuver, Weyoun's target,
    Keevan's ship that must attack its target)."""
    for owner, card_id, ability in _riders(state, "cannot_attack"):
        if ability.effect.targets == "ships" and (card_id in attacker.marks or card_id in defender.marks):
            return False
        if ability.effect.targets == "owner" and card_id in attacker.marks \
                and (attacker.id == owner.id or defender.id == owner.id):
            return False
        if ability.effect.targets == "pair" and ((card_id in attacker.marks and defender.id == owner.id)
                                                 or (card_id in defender.marks and attacker.id == owner.id)):
            return False  # K'Ehleyr: neither of the two ships attacks the other
        if ability.effect.targets == "marked" and card_id in attacker.marks and attacker.id != owner.id:
            return False  # Projected Stasis Field: the ship it targets attacks no one
    for owner, card_id, _ in _riders(state, "must_attack"):
        if attacker.id == owner.id and card_id in attacker.marks and card_id not in defender.marks:
            return False
    return True


def combat_skill(state: GameState, ship: ShipState) -> float:
    """The Captain Skill the ship attacks at in the combat order: its own, or just above the ship
    it marked when a card says it resolves its attack first (Keevan)."""
    skill: float = rules.skill_in_effect(ship)
    for owner, card_id, _ in _riders(state, "must_attack"):
        if owner.id == ship.id and card_id in ship.marks:
            for target in state.in_play():
                if target.id != ship.id and card_id in target.marks:
                    skill = max(skill, rules.skill_in_effect(target) + 0.5)
    return skill


def _pool(state: GameState, kind: str) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    attack = state.attack
    assert attack is not None
    if kind == "attack":
        return attack.attack_dice, attack.attack_rerolled
    return attack.defense_dice, attack.defense_rerolled


def offered_dice(ability: Ability, faces: tuple[str, ...], rerolled: tuple[bool, ...]
                 ) -> tuple[tuple[int, ...] | None, int]:
    """The dice a reroll or conversion may touch (None: none, so it is not offered) and how many of
    them at most (0: all together); no dice for other effects."""
    effect = ability.effect
    if effect.kind not in ("reroll", "convert"):
        return (), 0
    eligible = tuple(i for i, f in enumerate(faces) if (not effect.faces or f in effect.faces)
                     and not (effect.kind == "reroll" and rerolled[i]))
    if not eligible:
        return None, 0
    return eligible, (min(effect.amount, len(eligible)) if effect.amount else 0)


def modify(t: Table, kind: str, side: str, attack: AttackContext) -> None:
    """Steps 4 and 6: the abilities of one side of the attack (``side``: "attacker" or "defender")
    that modify the ``kind`` dice, each offered once, in card order."""
    window: Window = "modify_attack" if kind == "attack" else "modify_defense"
    subject = attack.attacker if side == "attacker" else attack.defender
    for found in list(candidates(t.state, t.state.ship(subject.id), window, attack)):
        owner, card_id, card, _, ability = found
        effect = ability.effect
        if effect.dice != kind or effect.kind == "reroll_again" or not ready(t.state.ship(owner.id), card_id,
                                                                              ability):
            continue  # an earlier ability may have spent the token this one needs (reroll_again: lock_rerolled)
        faces, rerolled = _pool(t.state, kind)
        offered, pick = offered_dice(ability, faces, rerolled)
        if offered is None:
            continue
        if ability.optional:
            use = _ask(t, found, window, offered, pick, subject.id)
            if use is None:
                continue
        else:
            use = AbilityUse(offered if not pick else offered[:pick], reason="always applies")
        _used(t, found, window, use, subject.id)
        roller = attack.attacker.id if kind == "attack" else attack.defender.id
        if effect.kind == "reroll":
            new, draws = reroll(t, kind, use.dice, roller, f"{card.name} reroll")
            t.emit(ev.DiceRerolled, ship=roller, kind=kind, indices=use.dice, faces=tuple(new), cause=card.name,
                   draws=draws)
        elif effect.kind == "convert":
            t.emit(ev.DiceConverted, ship=roller, kind=kind, indices=use.dice, to=effect.to, cause=card.name)
        elif effect.kind == "add_result":
            for _ in range(effect.amount):
                t.emit(ev.DieAdded, ship=roller, kind=kind, face=effect.to, cause=card.name)


def reroll(t: Table, kind: str, dice: tuple[int, ...], ship_id: str, cause: str) -> tuple[list[str], int]:
    """New faces for ``dice`` of the attack's ``kind`` roll: the Elite Attack Die among them rerolls
    as itself."""
    attack = t.state.attack
    elite = attack.elite if attack is not None and kind == "attack" else None
    ship = t.state.ship(ship_id)
    if elite is None or elite not in dice:
        return t.dice.roll(t.state, kind, len(dice), ship, cause)  # type: ignore[arg-type]
    return t.dice.roll(t.state, kind, len(dice), ship, cause, elite=dice.index(elite))  # type: ignore[arg-type]


def lock_rerolled(t: Table, attack: AttackContext, dice: tuple[int, ...]) -> None:
    """Right after the attacker's target lock rerolled ``dice``: a card that lets each of them be
    rerolled once more (Tactical Officer) is offered them."""
    for found in list(candidates(t.state, t.state.ship(attack.attacker.id), "modify_attack", attack)):
        owner, card_id, card, _, ability = found
        if ability.effect.kind != "reroll_again" or not ready(t.state.ship(owner.id), card_id, ability):
            continue
        use = _ask(t, found, "modify_attack", dice, len(dice), attack.attacker.id) if ability.optional else \
            AbilityUse(dice, reason="always applies")
        if use is None or not use.dice:
            continue
        _used(t, found, "modify_attack", use, attack.attacker.id)
        new, draws = reroll(t, "attack", use.dice, attack.attacker.id, f"{card.name} reroll")
        t.emit(ev.DiceRerolled, ship=attack.attacker.id, kind="attack", indices=use.dice, faces=tuple(new),
               cause=card.name, draws=draws)


def instead(t: Table, attack: AttackContext, kind: str) -> bool:
    """As the attacker fires, before any die is rolled: a card of its paid instead of firing's usual
    price (``kind``: "keep_cloak", its cloak stays green; "spare_weapon", the weapon fired stays
    armed); True when one is used."""
    for found in list(candidates(t.state, t.state.ship(attack.attacker.id), "attack_dice", attack)):
        owner, card_id, _, _, ability = found
        if ability.effect.kind != kind or not ready(t.state.ship(owner.id), card_id, ability):
            continue
        use = _ask(t, found, "attack_dice", subject=attack.attacker.id) if ability.optional else None
        if ability.optional and use is None:
            continue
        _used(t, found, "attack_dice", use, attack.attacker.id)
        return True
    return False


def compare(t: Table, attack: AttackContext) -> None:
    """Step 7, before the results are counted: the defender's abilities that cancel the attacker's
    results (each canceled die shows blank: nothing after this step rerolls it)."""
    for found in list(candidates(t.state, t.state.ship(attack.defender.id), "compare", attack)):
        owner, card_id, card, _, ability = found
        effect = ability.effect
        if effect.kind not in ("cancel", "one_hit", "convert") or not ready(t.state.ship(owner.id), card_id, ability):
            continue
        faces = _pool(t.state, "attack")[0]
        if effect.kind == "one_hit":
            _one_hit(t, found, attack, faces)
            continue
        if effect.kind == "convert":
            _convert_hit(t, found, attack, faces)
            continue
        offered = tuple(i for i, f in enumerate(faces) if f != "blank" and (not effect.faces or f in effect.faces))
        if not offered:
            continue
        pick = min(effect.amount, len(offered))
        use = _ask(t, found, "compare", offered, pick, attack.defender.id) if ability.optional else \
            AbilityUse(offered[:pick], reason="always applies")
        if use is None or not use.dice:
            continue
        _used(t, found, "compare", use, attack.defender.id)
        t.emit(ev.DiceConverted, ship=attack.attacker.id, kind="attack", indices=use.dice, to="blank",
               cause=card.name)


def _convert_hit(t: Table, found: Found, attack: AttackContext, faces: tuple[str, ...]) -> None:
    """"When your ship is hit": the attacker's results of ``faces`` become ``to``, only while a
    critical hit is left uncanceled by the evades (Polarized Hull Plating: a crit becomes a hit)."""
    effect = found[4].effect
    if not uncanceled(faces, _pool(t.state, "defense")[0])[1]:
        return  # no critical hit lands
    offered = tuple(i for i, f in enumerate(faces) if f in effect.faces)
    if not offered:
        return
    pick = min(effect.amount or len(offered), len(offered))
    use = _ask(t, found, "compare", offered, pick, attack.defender.id) if found[4].optional else \
        AbilityUse(offered[:pick], reason="always applies")
    if use is None or not use.dice:
        return
    _used(t, found, "compare", use, attack.defender.id)
    t.emit(ev.DiceConverted, ship=attack.attacker.id, kind="attack", indices=use.dice, to=effect.to,
           cause=found[2].name)


def _one_hit(t: Table, found: Found, attack: AttackContext, faces: tuple[str, ...]) -> None:
    """The attack's damage becomes exactly one hit: of its hits and crits, as many as the evades cancel
    and one more are kept as hits (hits first), the rest show blank."""
    evades = _pool(t.state, "defense")[0].count("evade")
    successes = sorted((i for i, f in enumerate(faces) if f in ("hit", "crit")), key=lambda i: (faces[i] != "hit", i))
    if len(successes) <= evades:
        return  # no damage to reduce
    use = _ask(t, found, "compare", subject=attack.defender.id) if found[4].optional else None
    if found[4].optional and use is None:
        return
    _used(t, found, "compare", use, attack.defender.id)
    kept, blanked = successes[:evades + 1], tuple(sorted(successes[evades + 1:]))
    crits = tuple(sorted(i for i in kept if faces[i] == "crit"))
    for indices, to in ((blanked, "blank"), (crits, "hit")):
        if indices:
            t.emit(ev.DiceConverted, ship=attack.attacker.id, kind="attack", indices=indices, to=to,
                   cause=found[2].name)


def damage(t: Table, attack: AttackContext, hits: int, crits: int, suffer: Any) -> tuple[int, bool | str]:
    """After the compare step: the defender's return fire (``suffer(table, ship, hits, crits, cause)``
    deals it), then the hits the attacker's cards add and whether its damage goes past the shields
    (True), or only its critical hits, each a hit on the hull ("crits": Magnetic Pulse)."""
    for found in list(candidates(t.state, t.state.ship(attack.defender.id), "damage", attack)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "retaliate":
            continue
        use = _ask(t, found, "damage", subject=attack.attacker.id) if ability.optional else None
        if ability.optional and use is None:
            continue
        n = ability.effect.amount
        faces, draws = t.dice.roll(t.state, "attack", n, t.state.ship(owner.id), f"{card.name} roll")
        _used(t, found, "damage", use, attack.attacker.id, n, faces=tuple(faces), draws=draws)
        suffer(t, attack.attacker.id, sum(f == "hit" for f in faces), sum(f == "crit" for f in faces), card.name)
    added, hull_only = 0, False
    if not t.state.ship(attack.attacker.id).in_play:
        return added, hull_only
    found_all = list(candidates(t.state, t.state.ship(attack.attacker.id), "damage", attack))
    past_shields = any(f[4].effect.kind == "ignore_shields" for f in found_all)
    shields = t.state.ship(attack.defender.id).shields
    for found in found_all:
        ability = found[4]
        if ability.effect.kind in ("retaliate", "dampen") or (ability.condition.hit and not hits + crits):
            continue
        if ability.effect.faces == ("crit",) and not crit_on_hull(hits, crits, shields, past_shields):
            continue  # "a critical hit against the hull" (Massacre): none reaches it
        if ability.effect.kind == "remove_token":  # a token lost for each result (Concussive Charges)
            from engine.rulesets.attack_wing.abilities.tokens_lost import lose_tokens  # it reads this module
            lose_tokens(t, found, attack, hits + crits)
            continue
        use = _ask(t, found, "damage", subject=attack.defender.id) if ability.optional else None
        if ability.optional and use is None:
            continue
        kind = ability.effect.kind
        amount = ability.effect.amount if kind == "add_damage" else 0
        _used(t, found, "damage", use, attack.defender.id, amount)
        added += amount
        hull_only = hull_only or kind == "ignore_shields"
    if not hull_only and any(f[4].effect.kind == "crit_past_shields" for f in found_all) and crits:
        return added, "crits"
    return added, hull_only


def crit_on_hull(hits: int, crits: int, shields: int, past_shields: bool) -> bool:
    """A critical hit of this damage reaches the hull: damage is suffered normal before critical,
    one active shield a point (combat.suffer), unless it goes past the shields."""
    return crits > 0 and (past_shields or hits + crits > shields)


# the effects card_odds models (with the dice-count windows' abilities, which the dice count carries)
ODDS_EFFECTS = ("reroll", "convert", "add_result", "add_damage", "cancel", "reroll_again", "one_hit")


def odds_cards(state: GameState, attack: AttackContext) -> tuple[str, ...]:
    """The cards whose dice abilities may act in this attack (the odds account for them)."""
    names: list[str] = []
    windows: tuple[Window, ...] = ("defense_dice", "modify_attack", "modify_defense", "compare", "damage")
    for subject in (attack.attacker, attack.defender):
        for window in windows:
            for found in candidates(state, state.ship(subject.id), window, attack):
                ability = found[4]
                if (ability.effect.kind in ODDS_EFFECTS
                        or window == "defense_dice") and found[2].name not in names:
                    names.append(found[2].name)
    return tuple(names)


# --- actions -------------------------------------------------------------------------------------

def action_name(card_id: str, index: int) -> str:
    return f"{ACTION_PREFIX}{card_id}:{index}"


def parse_action(action: str) -> tuple[str, int] | None:
    """(card id, ability index) of an ability's action name, or None for a rulebook action."""
    if not action.startswith(ACTION_PREFIX):
        return None
    card_id, _, index = action[len(ACTION_PREFIX):].rpartition(":")
    return (card_id, int(index)) if index.isdigit() and card_id else None


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
        from engine.rulesets.attack_wing.abilities.cards.crew_more2 import upgrades_to_steal
        return bool(upgrades_to_steal(ship))
    return True


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
    for card_id in ship.cards:
        card = CARDS.get(card_id)
        if card is None or card_id in ship.cards_discarded:
            continue
        for ability in card.abilities:
            if ability.effect.kind == "bar_action" and holds(Situation(state, ship, ship, None), card_id, ability):
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
        from engine.rulesets.attack_wing.abilities.borrow import borrowed

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
        default = policy.sub_choice(t.state, effect, ships[0], choices)
        use = AbilityUse(target=target, choice=asked.choice if asked is not None and asked.choice in choices
                         else default, reason=reason)
    if ability.cost.own:  # which card of its own pays: the seat's choice (the effect has none of its own)
        mine = own_cards(holder, card_id, ability.cost)
        asked = _ask(t, found, "action", subject=holder.id, actions=tuple(ActionOption(c) for c in mine))
        paid = asked.choice if asked is not None and asked.choice in mine else policy.own_choice(holder, mine)
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
        from engine.rulesets.attack_wing.abilities.borrow import offer_borrowed  # it reads this module

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
        from engine.rulesets.attack_wing.abilities.cards.crew_more2 import upgrades_to_steal
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


def can_survive(state: GameState, ship: ShipState) -> bool:
    """The ship has a ready card that may save it from destruction (Cheat Death)."""
    return any(f[4].effect.kind == "survive" and f[0].id == ship.id for f in candidates(state, ship, "destroyed", None))


def survive(t: Table, ship_id: str) -> bool:
    """The ship was just destroyed: a card of it that saves it may be used (Cheat Death): damage
    cards removed, the face-up ones first, until its damage is one less than its Hull Value; the
    rest flipped face down. True: the ship stays in play."""
    ship = t.state.ship(ship_id)
    for found in list(candidates(t.state, ship, "destroyed", None)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "survive" or owner.id != ship_id:
            continue
        if _ask(t, found, "destroyed") is None:
            continue
        _used(t, found, "destroyed", AbilityUse(reason="the ship survives"))
        while t.state.ship(ship_id).hull_damage > ship.hull - 1 and t.state.ship(ship_id).damage:
            damage = t.state.ship(ship_id).damage  # one at a time (a face-up Direct Hit counts two)
            index = next((i for i, c in enumerate(damage) if c.face_up), len(damage) - 1)
            t.emit(ev.DamageRepaired, ship=ship_id, index=index, flipped=False, cause=card.name)
        for index, damage_card in enumerate(t.state.ship(ship_id).damage):
            if damage_card.face_up:
                t.emit(ev.DamageRepaired, ship=ship_id, index=index, flipped=True, cause=card.name)
        return True
    return False


def last_strike(t: Table, ship_id: str, suffer: Any) -> None:
    """The ship was just destroyed (and stays so): its cards that strike back roll (I Stab at Thee),
    their hits and crits suffered by every other ship within Range 1 of it, no defense dice."""
    ship = t.state.ship(ship_id)
    for found in list(candidates(t.state, ship, "destroyed", None)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "blast" or owner.id != ship_id:
            continue
        n = ability.effect.amount
        faces, draws = t.dice.roll(t.state, "attack", n, ship, f"{card.name} roll")
        near = tuple(s.id for s in t.state.in_play() if s.id != ship_id and band_between(ship, s) == 1)
        _used(t, found, "destroyed", None, None, n, faces=tuple(faces), draws=draws)
        for other in near:
            suffer(t, other, sum(f == "hit" for f in faces), sum(f == "crit" for f in faces), card.name)


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
        from engine.rulesets.attack_wing.abilities.cloak import cloak_roll  # it reads this module

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
            from engine.rulesets.attack_wing.combat import suffer  # combat reads this module
            if t.state.ship(ship_id).in_play:
                crit = effect.kind == "inflict"
                suffer(t, ship_id, 0 if crit else effect.amount, effect.amount if crit else 0, cause)
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

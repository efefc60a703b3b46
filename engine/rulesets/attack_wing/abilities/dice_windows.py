"""Card abilities in the combat steps (rulebook "Combat Phase"): how many dice each side rolls
(``attack_dice``, ``defense_dice``), the Modify Attack/Defense Dice steps (rerolls, conversions,
added results; for attack dice the defender resolves its abilities before the attacker, for defense
dice the attacker before the defender), which attacks may be declared, the Compare Results step and
the damage window, and the cards the exact odds count. Finding and using an ability is ``windows``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import answer
from engine.rulesets.attack_wing.abilities.model import (
    Ability,
    AttackContext,
    Window,
)
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.tokens_lost import lose_tokens
from engine.rulesets.attack_wing.abilities.windows import (
    Found,
    Table,
    _ask,
    _used,
    candidates,
    ready,
)
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.spending import uncanceled
from engine.rulesets.attack_wing.state import GameState, ShipState

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
    other = attack.defender.id if owner.id == attack.attacker.id else attack.attacker.id
    return (other, owner.id) if ability.effect.and_self else (other,)  # and its own (the Koranak)


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
            if ability.optional and answer.default(state, owner, ability, offer) is None:
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
    if not marked:  # no card marked a ship (most of a game): no rider, without looking at every card
        return
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

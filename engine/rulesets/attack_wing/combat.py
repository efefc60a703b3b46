"""Combat steps 1 to 8 (rulebook "Combat Phase") and suffering damage ("Suffering Damage").

The engine calls these with itself as the ``Table`` it emits events through; every change
is an event, applied by the reducer before the next step reads the state.
"""

from __future__ import annotations

from engine.evolve import evolve
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import (
    answer,
    dampening,
    destroyed,
    dice_windows,
    split,
    windows,
)
from engine.rulesets.attack_wing.abilities.card_odds import card_odds
from engine.rulesets.attack_wing.abilities.damage_draw import choose_damage
from engine.rulesets.attack_wing.abilities.elite import exchange
from engine.rulesets.attack_wing.abilities.model import AttackContext
from engine.rulesets.attack_wing.abilities.stored import store
from engine.rulesets.attack_wing.abilities.transfer import transfer
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.loadout import spends_lock, weapon_cost
from engine.rulesets.attack_wing.odds import event_fields, odds_for
from engine.rulesets.attack_wing.players import AbilityOffer, SpendKind, SpendOffer, decide_spend
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.spending import (  # the policy's functions, also read from here
    attack_conversion,
    attack_rerolls,
    defense_spends,
    uncanceled,
)
from engine.rulesets.attack_wing.state import GameState

Table = windows.Table  # the game: the combat steps deal damage through ``suffer`` below

def resolve_attack(t: Table, option: AttackOption, line: tuple[tuple[float, float], tuple[float, float]],
                   obstructed: bool, reason: str, *, attack_bonus: tuple[int, str] = (0, ""),
                   defense_bonus: tuple[int, str] = (0, ""), blank_rerolls: tuple[int, str] = (0, ""),
                   part: tuple[int, str] | None = None) -> tuple[AttackOption, int] | None:
    """Steps 3 to 8 of one declared attack. Card abilities (an Alliance Elite loadout's) add
    dice ``(count, name)`` to either roll, or reroll up to ``count`` blank attack dice. An attack
    divided between two ships (``abilities/split``) returns its second part, the attack and its
    dice; that ``part`` rolls exactly its dice ``(count, words)``, its costs paid by the first."""
    attacker = t.state.ship(t.state.active or "")
    defender = t.state.ship(option.defender)
    weapon = option.weapon
    t.emit(ev.AttackDeclared, ship=attacker.id, defender=defender.id, weapon=option.weapon_key,
           weapon_name="primary weapon" if weapon is None else weapon.name, arc=option.arc,
           range_band=option.band, distance=round(option.distance, 3), obstructed=obstructed,
           line=line, reason=reason)
    context = AttackContext(attacker, defender, weapon, option.band, option.arc)
    # card abilities that change the attack dice (step 3) are known now; then the exact odds before
    # any die is rolled, from the same spending policy (spending.py) -- unless a dice ability
    # outside the odds' model may be used in this attack (an Alliance Elite's blank rerolls, a card's)
    extra, words = dice_windows.dice_count(t, "attack", context) if part is None else (0, "")
    rest = None
    if part is None and split.splits(option):  # Forward Weapons Grid: the seat divides the dice now
        total = _with_bonus(_with_bonus(rules.attack_dice(attacker, weapon, option.band), attack_bonus),
                            (extra, words)).count
        divided = split.divide(t, option, total)
        if divided is not None:
            part = (divided[0], f"{divided[0]} of the attack's {total} dice (Forward Weapons Grid)")
            rest = (divided[1], divided[2])
    if part is not None:  # the part's dice, whatever the rules and cards would count
        base = rules.attack_dice(attacker, weapon, option.band).count
        attack_bonus, extra, words = (part[0] - base, part[1]), 0, ""
    n = _with_bonus(_with_bonus(rules.attack_dice(attacker, weapon, option.band), attack_bonus), (extra, words))
    if part is not None:
        n = rules.DiceCount(part[0], part[1])
    # the fleet's Elite Attack Die in place of one attack die (resource 4001: the seat's choice, once a round)
    elite = exchange(t, context, n.count)
    pays = weapon is not None and (part is None or rest is not None)  # a second part: paid by the first
    # a card that keeps the target lock a torpedo would spend (Gor Portas): known before the odds
    lock_spent = pays and weapon is not None and weapon.needs_target_lock and spends_lock(weapon.upgrade_id) \
        and not dice_windows.instead(t, context, "keep_lock")
    odds = None
    cards = dice_windows.odds_cards(t.state, context)
    # the card odds do not model the Elite Attack Die: no odds for an attack with both (rulings.md)
    if not blank_rerolls[0] and not (cards and elite is not None):
        # the ships as the dice-count cards left them (a token placed or spent: Invaluable Advice)
        # and as the defense-dice marks the policy takes will leave them (a scan token spent, an evade placed)
        marked, evades, scans = dice_windows.defense_preview(t.state, context)
        att, dfn = t.state.ship(attacker.id), t.state.ship(defender.id)
        odds = odds_for(evolve(att, scan=att.scan - scans) if scans else att,
                        evolve(dfn, evade=dfn.evade + evades) if evades else dfn, weapon,
                        option.band, obstructed, extra_attack=attack_bonus[0] + extra,
                        extra_defense=defense_bonus[0] + _defense_extra(t.state, context) + marked,
                        elite=elite is not None, lock_kept=weapon is not None and not lock_spent)
        if cards:  # the same numbers through the cards' abilities, as the policy uses them
            odds = card_odds(t.state, context, odds.attack_dice, odds.defense_dice, target_lock=odds.target_lock,
                             attack_battle_stations=odds.attack_battle_stations,
                             defense_battle_stations=odds.defense_battle_stations, evade_tokens=odds.evade_tokens)
        named = (*cards, "Elite Attack Die") if elite is not None else cards  # the odds count it
        t.emit(ev.AttackOdds, ship=attacker.id, defender=defender.id, cards=named, **event_fields(odds))
    if weapon is not None and pays:
        if lock_spent:  # the lock is the cost of firing: spent now, no reroll from it
            t.emit(ev.TargetLockRemoved, ship=attacker.id, cause=f"spent to fire {weapon.name}")
        # a card disabled in the weapon's place (Lojur) spares a weapon that would be disabled;
        # a ship card's own weapon is no upgrade: not disabled
        dice_windows.instead(t, context, "fire_cost")  # a cost paid as it fires (Magnetic Pulse: an active shield)
        # a card discarded to fire is discarded: nothing takes its place (Lojur disables in place of a disable)
        discard = weapon_cost(weapon.upgrade_id) == "discard" and not weapon.time
        if weapon.upgrade_id != attacker.ship_id and (
                weapon.time or discard or not dice_windows.instead(t, context, "spare_weapon")):
            t.emit(ev.WeaponDisabled, ship=attacker.id, weapon=weapon.upgrade_id, time=weapon.time, discard=discard)
    # rulebook "Firing While Cloaked"; a card may keep the token green (Advanced Weapon System)
    if attacker.cloak == "green" and not dice_windows.instead(t, context, "keep_cloak"):
        t.emit(ev.CloakChanged, ship=attacker.id, cloak="red", beside=attacker.cloak_beside,
               cause="fired while cloaked")

    # 3. roll attack dice (the Elite Attack Die last)
    if elite is None:
        faces, draws = t.dice.roll(t.state, "attack", n.count, attacker, "attack")
    else:
        faces, draws = t.dice.roll(t.state, "attack", n.count, attacker, "attack", elite=elite)
    t.emit(ev.DiceRolled, ship=attacker.id, kind="attack", faces=tuple(faces), count_reason=n.explanation,
           draws=draws)
    # 4. modify attack dice (the engine's spending policy, rulings.md)
    dice_windows.modify(t, "attack", "defender", context)  # the defender's abilities first (rulebook step 4)
    no_lock_reroll = lock_spent or (weapon is not None and weapon.needs_target_lock and not pays)
    _modify_attack(t, attacker.id, defender.id, no_lock_reroll, blank_rerolls, context)
    # 5. roll defense dice
    extra, words = dice_windows.dice_count(t, "defense", context)
    # the ships after the defense dice's cards (a scan token spent to count no more: Long Range Tachyon Scan)
    attacker, defender = t.state.ship(attacker.id), t.state.ship(defender.id)
    d = _with_bonus(_with_bonus(rules.defense_dice(defender, attacker, weapon is None, option.band, obstructed),
                                defense_bonus), (extra, words))
    faces, draws = t.dice.roll(t.state, "defense", d.count, defender, "defense")
    t.emit(ev.DiceRolled, ship=defender.id, kind="defense", faces=tuple(faces), count_reason=d.explanation,
           draws=draws)
    # 6. modify defense dice: the attacker's abilities, then the defender's, then its tokens
    dice_windows.modify(t, "defense", "attacker", context)
    dice_windows.modify(t, "defense", "defender", context)
    _modify_defense(t, defender.id)
    # 7. compare results (a card may cancel results first)
    dice_windows.compare(t, context)
    attack = t.state.attack
    assert attack is not None
    hits, crits, canceled = uncanceled(attack.attack_dice, attack.defense_dice)
    t.emit(ev.AttackResolved, ship=attacker.id, defender=defender.id, hits=hits, crits=crits, canceled=canceled,
           percentile=None if odds is None else round(odds.percentile(hits + crits), 6))
    # 8. deal damage (a card may add to it, or send it past the shields)
    added, hull_only = dice_windows.damage(t, context, hits, crits, _card_damage)
    if dampening.dampens(t, context, hits + crits):  # Energy Dissipator: a token instead of the damage
        return rest
    if not t.state.ship(defender.id).in_play or (not t.state.ship(attacker.id).in_play and not hits + crits):
        return rest
    suffer(t, defender.id, hits + added, crits, cause=f"attack by {attacker.name}",
           attacker_skill=rules.skill_in_effect(attacker), hull_only=hull_only is True,
           crits_past_shields=hull_only == "crits")
    if hits + added + crits:  # "each time your ship is hit for at least 1 damage" (Alexander)
        store(t, defender.id)
    return rest


def _card_damage(t: Table, ship_id: str, hits: int, crits: int, card: str) -> None:
    """Damage a card's own dice deal (Riker's return fire): no defense roll."""
    suffer(t, ship_id, hits, crits, cause=card)


def _defense_extra(state: GameState, context: AttackContext) -> int:
    """The defense dice that card abilities will add or remove (for the odds): standing ones, and
    optional ones the policy takes (``answer.default``, the policy's: more of one's own dice, fewer of the other
    side's, weighed against the card's cost)."""
    total, paid = 0, set()
    for subject in (context.attacker, context.defender):
        for owner, card_id, card, i, ability in windows.candidates(state, state.ship(subject.id), "defense_dice",
                                                                    context):
            amount = dice_windows.counts(ability, "defense")
            costly = ability.cost.disable or ability.cost.discard
            if amount is None or (costly and card_id in paid):  # the card paid for another of its abilities
                continue
            offer = AbilityOffer(owner.id, card_id, card.name, i, "defense_dice", ability.summary,
                                 ability.cost.words(), subject.id)
            if not ability.optional or answer.default(state, owner, ability, offer) is not None:
                total += amount
                if costly:
                    paid.add(card_id)
    return total


def _with_bonus(count: rules.DiceCount, bonus: tuple[int, str]) -> rules.DiceCount:
    extra, name = bonus
    # "If modifiers would reduce the attacker's dice to zero or less ... the defender rolls zero"
    return rules.DiceCount(max(0, count.count + extra), f"{count.explanation}, {name}") if extra else count


def _modify_attack(t: Table, attacker_id: str, defender_id: str, lock_already_spent: bool,
                   blank_rerolls: tuple[int, str], context: AttackContext) -> None:
    """Spend the target lock to reroll blanks (and battle stations results with no token to
    convert them), then an ability's blank rerolls and the attacker's card abilities, then a
    battle stations token to make battle stations results hits (the Enemy AI's lettered steps A,
    B, C use the same order)."""
    attacker = t.state.ship(attacker_id)
    attack = t.state.attack
    assert attack is not None
    has_bs = attacker.battle_stations > 0
    has_lock = attacker.target_lock == defender_id and not lock_already_spent
    idx = attack_rerolls(attack.attack_dice, attack.attack_rerolled, has_lock, has_bs)
    if has_lock:  # Player.spend may reroll other dice (a notation's reroll line); else the policy's
        free = tuple(i for i, r in enumerate(attack.attack_rerolled) if not r)
        idx = _spend(t, attacker_id, "target_lock_reroll", free, idx or None) or ()
    if idx:
        t.emit(ev.TargetLockRemoved, ship=attacker_id, cause="spent to reroll attack dice")
        faces, draws = dice_windows.reroll(t, "attack", tuple(idx), attacker_id, "target lock reroll")
        t.emit(ev.DiceRerolled, ship=attacker_id, kind="attack", indices=idx, faces=tuple(faces),
               cause="target lock", draws=draws)
        dice_windows.lock_rerolled(t, context, tuple(idx))  # Tactical Officer: each of them once more
        attack = t.state.attack
        assert attack is not None
    count, ability = blank_rerolls
    if count:  # an ability that rerolls dice still blank
        idx = attack_rerolls(attack.attack_dice, attack.attack_rerolled, True, has_bs)[:count]
        if idx:
            faces, draws = dice_windows.reroll(t, "attack", tuple(idx), attacker_id, "ability reroll")
            t.emit(ev.DiceRerolled, ship=attacker_id, kind="attack", indices=idx, faces=tuple(faces),
                   cause=ability, draws=draws)
            attack = t.state.attack
            assert attack is not None
    dice_windows.modify(t, "attack", "attacker", context)
    attack = t.state.attack
    assert attack is not None
    has_bs = t.state.ship(attacker_id).battle_stations > 0  # a card may have spent the token
    bs = attack_conversion(attack.attack_dice, has_bs)
    if bs:
        bs = _spend(t, attacker_id, "attack_battle_stations", bs, bs) or ()
    if bs:
        t.emit(ev.TokensChanged, ship=attacker_id, token="battle_stations", delta=-1, cause="spent in attack")
        t.emit(ev.DiceConverted, ship=attacker_id, kind="attack", indices=bs, to="hit", cause="battle stations")


def _modify_defense(t: Table, defender_id: str) -> None:
    """Spend tokens only while they save damage: battle stations (battle stations results to
    evades), then one evade token (adds an evade)."""
    defender = t.state.ship(defender_id)
    attack = t.state.attack
    assert attack is not None
    spend = defense_spends(attack.attack_dice, attack.defense_dice, defender.battle_stations > 0, defender.evade)
    convert, evade_tokens = spend.convert, spend.evade_tokens
    bs = tuple(i for i, f in enumerate(attack.defense_dice) if f == "battle_stations")
    if defender.battle_stations and bs:  # Player.spend may decide otherwise; else the policy's
        convert = _spend(t, defender_id, "defense_battle_stations", bs, convert or None) or ()
    if defender.evade:
        evade_tokens = int(_spend(t, defender_id, "evade", (), () if evade_tokens else None) is not None)
    if convert:
        t.emit(ev.TokensChanged, ship=defender_id, token="battle_stations", delta=-1, cause="spent in defense")
        t.emit(ev.DiceConverted, ship=defender_id, kind="defense", indices=convert, to="evade",
               cause="battle stations")
    for _ in range(evade_tokens):
        t.emit(ev.TokensChanged, ship=defender_id, token="evade", delta=-1, cause="spent in defense")
        t.emit(ev.DieAdded, ship=defender_id, kind="defense", face="evade", cause="evade token")


def _spend(t: Table, ship_id: str, kind: SpendKind, dice: tuple[int, ...], default: tuple[int, ...] | None
           ) -> tuple[int, ...] | None:
    """A spend decision by the ship's player (``Player.spend``, optional); the policy's ``default``
    for players without it, so AI and random games are unchanged."""
    ship = t.state.ship(ship_id)
    players = getattr(t, "players", ())
    player = players[ship.side] if ship.side < len(players) else None
    return decide_spend(player, t.state, ship, SpendOffer(kind, dice, default))


def suffer(t: Table, ship_id: str, hits: int, crits: int, cause: str, attacker_skill: int | None = None,
           hull_only: bool = False, crits_past_shields: bool = False) -> None:
    """Suffer damage one point at a time, normal before critical: an active shield first, else a
    damage card (face up for critical damage); destroyed at Hull Value (simultaneous attack rule).
    ``crits_past_shields``: a critical hit that would damage an active shield is a normal hit on the
    hull instead (Magnetic Pulse).
    An Attack Squadron (tournament "Attack Squadrons") takes critical damage as normal damage and
    loses one token of its stack instead of a damage card, at most one from any single attack."""
    hits, crits = transfer(t, ship_id, hits, crits, cause)  # a friend takes some onto its shields (Kraxon)
    squadron = rules.is_squadron(t.state.ship(ship_id).class_name)
    if squadron:  # "All critical damage suffered by a Squadron is immediately converted into normal damage."
        hits, crits = hits + crits, 0
    left = hits + crits  # the points of this damage not dealt yet
    for critical in [False] * hits + [True] * crits:
        ship = t.state.ship(ship_id)
        if ship.destroyed:
            return
        if ship.shields > 0 and not hull_only and critical and crits_past_shields:
            critical = False  # a face-down damage card, the shield kept
        elif ship.shields > 0 and not hull_only:
            t.emit(ev.DamageDealt, ship=ship_id, to="shield", cause=cause)
            left -= 1
            continue
        if squadron:
            # "Only 1 Attack Squadron Token may be removed by any single attack, regardless of how much
            # damage is dealt": the rest of this damage is lost (rulings.md)
            t.emit(ev.SquadronTokenLost, ship=ship_id, cause=cause)  # the reducer restores its shields
            _hull_reached(t, ship_id, cause, attacker_skill)
            return
        if not t.state.deck and t.state.discard:  # the deck ran out: the discard pile, shuffled
            deck, _ = shuffled(t.state.rng, t.state.discard)
            t.emit(ev.DamageDeckReshuffled, ship=ship_id, deck=deck, draws=max(len(deck) - 1, 0))
        deck = t.state.deck
        if not deck:
            return  # every card is on a ship: nothing left to deal (rulings.md)
        if critical:  # the attacker's card may draw two and place one (Joachim)
            choose_damage(t, ship_id, cause)
            deck = t.state.deck
        t.emit(ev.DamageDealt, ship=ship_id, to="hull", card=deck[0], face_up=critical, cause=cause)
        left -= 1
        if _hull_reached(t, ship_id, cause, attacker_skill, left):
            return


def _hull_reached(t: Table, ship_id: str, cause: str, attacker_skill: int | None, left: int = 0) -> bool:
    """Destroy the ship when its hull damage reaches its Hull Value; True when it is taken off the
    table now (a ship of the attacker's Captain Skill that has not fired yet stays until it has).
    A ship with a card that saves it (Cheat Death) takes the rest of the damage (``left`` points)
    first: the card is asked once the ship is destroyed by the whole of it."""
    ship = t.state.ship(ship_id)
    if ship.hull_damage < ship.hull or ship.doomed:
        return False
    if left > 0 and destroyed.can_survive(t.state, ship):
        return False
    if destroyed.survive(t, ship_id):  # "if your ship was just destroyed" (Cheat Death): it is not
        return False
    destroyed.last_strike(t, ship_id)  # "if your ship was just destroyed" (I Stab at Thee)
    keep = (attacker_skill is not None and t.state.phase == "combat" and not ship.attacked
            and rules.skill_in_effect(ship) == attacker_skill)
    t.emit(ev.ShipDestroyed, ship=ship_id, cause=cause, removed=not keep)
    return not keep

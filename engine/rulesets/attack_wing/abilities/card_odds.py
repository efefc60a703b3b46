"""Exact odds of an attack in which card abilities may be used (``attack_odds`` for such attacks).

The same enumeration as ``odds.py`` -- multisets of faces with whole-number weights -- carried
through every step where a card acts, with the decisions the engine's policy takes
(``abilities.policy``, what the AI and seats without ``use_ability`` answer) in the engine's
order (``windows``): the defender's cards on the attack dice, the target lock, the attacker's
cards, its battle stations token; then per total of hits and crits the attacker's cards on the
defense dice, the defender's, its tokens, the results its cards cancel in the compare step; then
the damage the attacker's cards add. A pool is
the multiset of (face, rerolled) pairs, so a die is never rerolled twice here either -- except by
a card that rerolls the target lock's dice once more (Tactical Officer), handled in the lock step.
An Interphase Generator (the damage becomes exactly one hit) acts in the compare step with the
cancels, in card order.

Weights are whole numbers, not fractions: since no die is rolled more than twice (three times
with Tactical Officer), every attack-side probability is a whole number over 8**(rolls * attack
dice), and every defense-side one over 8**(2 * defense dice); the final outcomes' fractions are
reduced to their common denominator in whole numbers (the same values exactly, five times faster
than adding Fractions).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache
from math import gcd
from types import MappingProxyType

from engine.evolve import evolve
from engine.memos import memo_table
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities import answer
from engine.rulesets.attack_wing.abilities.dice_windows import crit_on_hull, offered_dice
from engine.rulesets.attack_wing.abilities.model import Ability, AttackContext
from engine.rulesets.attack_wing.abilities.windows import Found, candidates
from engine.rulesets.attack_wing.odds import ATTACK_FACES, DEFENSE_FACES, SIDES, Odds, faces_of, roll_weights
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse
from engine.rulesets.attack_wing.spending import attack_conversion, attack_rerolls, defense_spends, uncanceled
from engine.rulesets.attack_wing.state import AttackState, GameState

Pool = tuple[tuple[str, bool], ...]  # the dice as sorted (face, rerolled) pairs
Dist = dict[tuple[Pool, bool], int]  # (pool, token still there) -> weight (a whole number over the scale)
MODELLED = ("reroll", "convert", "add_result")


@cache
def _rolled(kind: str, n: int) -> tuple[tuple[tuple[str, ...], int], ...]:
    """Every multiset n dice can show (faces in die order) with its weight out of 8**n."""
    faces = ATTACK_FACES if kind == "attack" else DEFENSE_FACES
    return tuple((faces_of(counts, faces), w) for counts, w in roll_weights(kind, n))


def _first_roll(kind: str, n: int, token: bool, rolls: int = 2) -> Dist:
    """The roll of n dice, none rerolled yet, with weights out of 8**(rolls * n) (room for
    ``rolls - 1`` rerolls of each die)."""
    return dict(_first_rolled(kind, n, token, rolls))


@cache
def _first_rolled(kind: str, n: int, token: bool, rolls: int) -> tuple[tuple[tuple[Pool, bool], int], ...]:
    dist: Dist = {}
    for faces, w in _rolled(kind, n):
        _add(dist, (_pool(faces, (False,) * n), token), w * SIDES ** (n * (rolls - 1)))
    return tuple(dist.items())


@cache
def _rerolled(kind: str, n: int) -> tuple[tuple[Pool, int], ...]:
    """``_rolled`` as pools of rerolled dice (sorted), with their weights."""
    return tuple((_pool(faces, (True,) * n), w) for faces, w in _rolled(kind, n))


def _pool(faces: tuple[str, ...], flags: tuple[bool, ...]) -> Pool:
    return tuple(sorted(zip(faces, flags, strict=True)))


def _add(dist: Dist, key: tuple[Pool, bool], p: int) -> None:
    dist[key] = dist.get(key, 0) + p


def _reroll(dist: Dist, kind: str, pool: Pool, token: bool, dice: tuple[int, ...], p: int) -> None:
    share, rest = divmod(p, SIDES ** len(dice))
    if rest:  # p keeps a factor 8 for each die not yet rolled twice, and only unrolled dice reroll
        raise AssertionError(f"card odds: a reroll of {len(dice)} dice beyond the weights' scale")
    kept = pool[:dice[0]] + pool[dice[0] + 1:] if len(dice) == 1 else \
        tuple(d for i, d in enumerate(pool) if i not in dice)
    keys = _REROLLS.get((kind, kept, len(dice), token))
    if keys is None:  # (the kept dice and the new ones: two sorted runs, merged)
        if len(_REROLLS) >= _REROLLS_MAX:
            _REROLLS.clear()
        keys = _REROLLS[kind, kept, len(dice), token] = tuple([((tuple(sorted(kept + new)), token), q)
                                                               for new, q in _rerolled(kind, len(dice))])
    get = dist.get
    for key, q in keys:
        dist[key] = get(key, 0) + share * q


def _with(state: GameState, ship_id: str, **changes: int) -> GameState:
    """``state.update``, copied with ``evolve``, and the state itself when nothing changes (the
    policy and the rules read the copy and the original alike)."""
    ship = state.ship(ship_id)
    if all(getattr(ship, name) == value for name, value in changes.items()):
        return state
    return state.with_ship(evolve(ship, **changes))


# the (pool, token) keys a reroll of some dice can give, with their weights, by the dice kept (a
# sorted pool), how many are rerolled and the token: all they depend on (the rerolled dice's faces
# are gone), so pools that differ only in those share them (928 -> 563 built in 10 cold skirmish
# games); a pure function: the same pools recur in every attack of a game; a memo (engine.memos)
_REROLLS: dict[tuple[str, Pool, int, bool], tuple[tuple[tuple[Pool, bool], int], ...]] = memo_table()
_REROLLS_MAX = 50_000
# (pool, battle stations token) -> the hits and crits it shows after step 4 (pure), a memo (engine.memos)
_SHOWN: dict[tuple[Pool, bool], tuple[int, int]] = memo_table()


# The policy's answer for a pool, by what it reads (``policy._reroll``, ``_convert`` and the
# ``add_result`` check, for the MODELLED effects only): the ability, the dice of both sides (of the
# attack's, on the defense dice, only whether any is left uncanceled), whether its owner is the
# attacker and the owner's battle stations token. The same cases recur in every
# attack of a game, so they are worked out once: the ability object is kept with its answer (an id
# is never reused while the object lives).
_DECIDED: dict[tuple[object, ...], tuple[Ability, tuple[int, ...] | None]] = memo_table()
_DECIDED_MAX = 200_000


def _decide(token_state: GameState, found: Found, kind: str, pool: Pool, other: tuple[str, ...]
            ) -> tuple[int, ...] | None:
    """The dice the policy uses the ability on for this pool (None: not offered, or not used);
    ``token_state``: the game with the battle stations token of this pool's case. (``_card_step``
    works out the ``_case`` once for all its pools.)"""
    return _decided(_case(token_state, found, kind), token_state, found, kind, pool, other)


def _case(token_state: GameState, found: Found, kind: str) -> tuple[object, ...]:
    """The part of ``_DECIDED``'s key that one card step shares for every pool of a token case."""
    owner, ability = found[0], found[4]
    attack = token_state.attack
    assert attack is not None
    return (id(ability), kind, owner.id == attack.attacker, token_state.ship(owner.id).battle_stations,
            attack.defense_dice if kind == "attack" else ())


def _decided(case: tuple[object, ...], token_state: GameState, found: Found, kind: str, pool: Pool,
             other: tuple[str, ...]) -> tuple[int, ...] | None:
    """``_decide`` with the ``_case`` of ``token_state`` worked out."""
    key = (case, pool, _left(other, pool) if kind == "defense" else other)
    known = _DECIDED.get(key)
    if known is not None and known[0] is found[4]:
        return known[1]
    if len(_DECIDED) >= _DECIDED_MAX:
        _DECIDED.clear()
    use = _use(token_state, found, kind, pool, other)
    _DECIDED[key] = (found[4], None if use is None else use.dice)
    return _DECIDED[key][1]


def _left(attack: tuple[str, ...], pool: Pool) -> bool:
    """On the defense dice the policy reads the attack's dice only for whether any result is left
    uncanceled: one answer for every total of hits and crits that leaves some (or none). Whether
    any is left, by the attack and the pool's evades (all ``uncanceled`` reads of the defense dice)."""
    evades = [f for f, _ in pool].count("evade")
    known = _LEFT.get((attack, evades))
    if known is None:
        known = _LEFT[attack, evades] = bool(sum(uncanceled(attack, ("evade",) * evades)[:2]))
    return known


# (attack dice, evades) -> whether any result is left uncanceled (pure; a handful of cases); a memo
_LEFT: dict[tuple[tuple[str, ...], int], bool] = memo_table()


def _use(token_state: GameState, found: Found, kind: str, pool: Pool, other: tuple[str, ...]) -> AbilityUse | None:
    """The policy's answer to the offer the game would make for this pool (None: not offered, or
    not used)."""
    owner, card_id, card, i, ability = found
    faces, flags = _faces_flags(pool)
    offered, pick = offered_dice(ability, faces, flags)
    if offered is None:
        return None
    if ability.cost.token == "battle_stations" and not token_state.ship(owner.id).battle_stations:
        return None
    if not ability.optional:  # a standing ability: the game applies it to the dice it may touch
        return AbilityUse(offered if not pick else offered[:pick])
    offer = AbilityOffer(owner.id, card_id, card.name, i, "", ability.summary, "", None, offered, pick)
    attack = token_state.attack
    assert attack is not None
    dice = evolve(attack, attack_dice=faces, attack_rerolled=flags) if kind == "attack" else \
        evolve(attack, attack_dice=other, defense_dice=faces, defense_rerolled=flags)
    # ``answer.with_default``'s answer: with no actions in the offer (none here) it is ``default``'s
    # own; the owner is the same ShipState in ``now`` (only the attack differs)
    return answer.default(evolve(token_state, attack=dice), token_state.ship(owner.id), ability, offer)


def _faces_flags(pool: Pool) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """A pool's faces and rerolled flags, each in the pool's order."""
    if not pool:
        return (), ()
    faces, flags = zip(*pool, strict=True)
    return faces, flags


def _card_step(state: GameState, dist: Dist, found: Found, kind: str, other: tuple[str, ...],
               token_owner: str) -> Dist:
    ability: Ability = found[4]
    # each token case's game and the part of the decisions' key it fixes (``_case``), once per step
    # and only for a token case the pools have (a defense roll has one: the other's game, a copy of
    # the state, would be made for nothing)
    cases: dict[bool, tuple[tuple[object, ...], GameState]] = {}
    pays = ability.cost.token == "battle_stations" and found[0].id == token_owner  # the token is its cost
    effect = ability.effect
    out: Dist = {}
    get = out.get
    for (pool, token), p in dist.items():
        known = cases.get(token)
        if known is None:
            token_state = _with(state, token_owner, battle_stations=int(token))
            known = cases[token] = (_case(token_state, found, kind), token_state)
        case, token_state = known
        use = _decided(case, token_state, found, kind, pool, other)
        if use is None:
            out[pool, token] = get((pool, token), 0) + p
            continue
        spent = token and not pays
        if effect.kind == "reroll":
            _reroll(out, kind, pool, spent, use, p)
        elif effect.kind == "convert":
            new = [(effect.to or f, r) if i in use else (f, r) for i, (f, r) in enumerate(pool)]
            _add(out, (tuple(sorted(new)), spent), p)
        else:  # add_result
            _add(out, (tuple(sorted([*pool, *[(effect.to or "hit", True)] * effect.amount])), spent), p)
    return out


def _modifiers(state: GameState, context: AttackContext, window: str, side: str, kind: str) -> list[Found]:
    subject = state.ship(context.attacker.id if side == "attacker" else context.defender.id)
    return [f for f in candidates(state, subject, window, context)  # type: ignore[arg-type]
            if f[4].effect.dice == kind and f[4].effect.kind in MODELLED]


Cancels = tuple[tuple[int, tuple[str, ...]], ...]  # the defender's compare-step cancels: (amount, faces)
ONE_HIT = -1  # a Cancels entry's amount for "the damage becomes exactly one hit" (Interphase Generator)
CONVERT_CRIT = -2  # ... for "when hit, a critical hit becomes a hit" (Polarized Hull Plating)


def _lock_step(state: GameState, dist: Dist, target_lock: bool, battle_stations: bool,
               again: list[Found]) -> Dist:
    """The target lock's reroll (on the token there at the start, as combat.py), then the cards that
    may reroll the dice it just rerolled once more (``again``: Tactical Officer), by the policy."""
    if not target_lock:  # no lock: the spending policy rerolls nothing (``attack_rerolls``), the dice stay
        return dist
    locked: Dist = {}
    for (pool, token), p in dist.items():
        idx = attack_rerolls(*_faces_flags(pool), target_lock, battle_stations)
        if not idx:
            _add(locked, (pool, token), p)
        elif not again:
            _reroll(locked, "attack", pool, token, idx, p)
        else:
            kept = [d for i, d in enumerate(pool) if i not in idx]
            share = p // SIDES ** len(idx)
            for faces, q in _rolled("attack", len(idx)):
                dice: Dist = {(tuple([*kept, *((f, True) for f in faces)]), token): share * q}
                lock_dice = tuple(range(len(kept), len(kept) + len(idx)))
                for found in again:
                    dice = _again(state, found, dice, lock_dice)
                for (new, t), w in dice.items():
                    _add(locked, (tuple(sorted(new)), t), w)
    return locked


def _again(state: GameState, found: Found, dist: Dist, lock_dice: tuple[int, ...]) -> Dist:
    """One card rerolling again the dice at ``lock_dice`` (pools in die order here, not sorted)."""
    owner, card_id, card, i, ability = found
    out: Dist = {}
    for (pool, token), p in dist.items():
        faces, flags = tuple(f for f, _ in pool), tuple(r for _, r in pool)
        use = AbilityUse(lock_dice)
        if ability.optional:
            attack = state.attack
            assert attack is not None
            now = evolve(_with(state, owner.id, battle_stations=int(token)),
                         attack=evolve(attack, attack_dice=faces, attack_rerolled=flags))
            offer = AbilityOffer(owner.id, card_id, card.name, i, "modify_attack", ability.summary, "", None,
                                 lock_dice, len(lock_dice))
            chosen = answer.with_default(now, now.ship(owner.id), ability, offer).default
            use = chosen if chosen is not None else AbilityUse(())
        if not use.dice:
            _add(out, (pool, token), p)
            continue
        share = p // SIDES ** len(use.dice)
        for new, q in _rolled("attack", len(use.dice)):
            rerolled = dict(zip(use.dice, new, strict=True))
            _add(out, (tuple((rerolled.get(j, f), r) for j, (f, r) in enumerate(pool)), token), share * q)
    return out


@lru_cache(maxsize=65536)
def _defended(shown: tuple[str, ...], defense: tuple[str, ...], token: bool, evade_tokens: int,
              cancels: Cancels = ()) -> tuple[int, int]:
    """Steps 6-7 on these dice: what the defender spends (the engine's policy), the results its
    cards cancel in the compare step (the policy: critical hits first, while any hit is left),
    then the uncanceled hits and crits (a pure function of its arguments, so cached: the same
    cases recur every attack)."""
    faces = list(defense)
    spend = defense_spends(shown, faces, token, evade_tokens)
    for i in spend.convert:
        faces[i] = "evade"
    defended = tuple(faces) + ("evade",) * spend.evade_tokens
    attack = list(shown)
    for amount, wanted in cancels:
        h, c, _ = uncanceled(tuple(attack), defended)
        if amount == CONVERT_CRIT:  # dice_windows._convert_hit: a crit left uncanceled becomes a hit
            if c:
                attack[attack.index("crit")] = "hit"
            continue
        if amount == ONE_HIT:  # dice_windows._one_hit with the policy's answer: used against more than one hit
            if h + 2 * c > 1:
                successes = sorted((i for i, f in enumerate(attack) if f in ("hit", "crit")),
                                   key=lambda i: (attack[i] != "hit", i))
                keep = successes[:defended.count("evade") + 1]
                attack = ["hit" if i in keep else "blank" if i in successes else f for i, f in enumerate(attack)]
            continue
        offered = [i for i, f in enumerate(attack) if f != "blank" and (not wanted or f in wanted)]
        ranked = sorted(offered, key=lambda i: ({"crit": 0, "hit": 1}.get(attack[i], 2), i))
        for i in ranked[:min(amount, h + c)]:
            attack[i] = "blank"
    h, c, _ = uncanceled(tuple(attack), defended)
    return h, c


def _scan_step(state: GameState, dists: dict[int, Dist], found: Found, a_id: str, scans: int) -> dict[int, Dist]:
    """One attacker's card in step 4, on each case of scan tokens already spent; a card whose cost
    spends a scan token (Jadzia Dax) moves the cases it is used in to one more token spent."""
    out: dict[int, Dist] = {}
    for s, dist in dists.items():
        now = _with(state, a_id, scan=scans - s)
        if found[4].cost.token != "scan" or s >= scans:
            stepped = _card_step(now, dist, found, "attack", (), a_id) if found[4].cost.token != "scan" else dict(dist)
            into = out.get(s)
            if into is None:  # (a dict of its own: _card_step's, or the copy)
                out[s] = stepped
                continue
            for key, p in stepped.items():
                into[key] = into.get(key, 0) + p
            continue
        for key, p in dist.items():
            one = _card_step(now, {key: p}, found, "attack", (), a_id)
            spent = s if one == {key: p} else s + 1  # not used: the same pool, the token still there
            for new, q in one.items():
                _add(out.setdefault(spent, {}), new, q)
    return out


def _scan_dice(context: AttackContext, scans: int, spent: int) -> int:
    """The defense dice the attacker's scan tokens no longer take away once ``spent`` of them are
    spent (rules.defense_dice: each token one die, within the rule of 3 and never below none)."""
    if not spent:
        return 0
    primary = context.weapon is None
    was = rules.defense_dice(context.defender, replace(context.attacker, scan=scans), primary, context.band, False,
                             explain=False)
    now = rules.defense_dice(context.defender, replace(context.attacker, scan=scans - spent), primary, context.band,
                             False, explain=False)
    return now.count - was.count


# card_odds by everything it reads: the dice and tokens, the defender's shields, the attack's
# declared dice, and each card ability that acts (its owner, the owner's battle stations token, the
# ability) -- the same attack between the same ships recurs round after round
_ODDS: dict[tuple[object, ...], Odds] = memo_table()
_ODDS_MAX = 20_000
# the damage the plain defense roll lets through (weights out of 8**(2 * dice)) for each total of
# hits and crits, by everything it reads (read only: shared by the attacks it recurs in)
_DAMAGE: dict[tuple[object, ...], dict[tuple[int, int], int]] = memo_table()


def _sig(found: list[Found]) -> tuple[tuple[str, int, Ability], ...]:
    return tuple((f[0].id, f[0].battle_stations, f[4]) for f in found)


def card_odds(state: GameState, context: AttackContext, attack_dice: int, defense_dice: int, *, target_lock: bool,
              attack_battle_stations: bool, defense_battle_stations: bool, evade_tokens: int) -> Odds:
    """The exact odds of the declared attack (``state.attack`` set) with the cards' abilities."""
    a_id, d_id = context.attacker.id, context.defender.id
    state = evolve(state, attack=state.attack or AttackState(a_id, d_id, "primary"))
    attack = state.attack
    assert attack is not None
    again = [f for f in candidates(state, state.ship(a_id), "modify_attack", context)
             if f[4].effect.kind == "reroll_again"] if target_lock else []
    defenders_first = _modifiers(state, context, "modify_attack", "defender", "attack")
    attackers = _modifiers(state, context, "modify_attack", "attacker", "attack")
    damage = list(candidates(state, state.ship(a_id), "damage", context))
    adders = [f for f in damage if f[4].effect.kind == "add_damage"]
    defense_cards = [found for side in ("attacker", "defender")
                     for found in _modifiers(state, context, "modify_defense", side, "defense")]
    past_shields = any(f[4].effect.kind == "ignore_shields" for f in damage)
    shields = state.ship(d_id).shields
    cancels: Cancels = tuple((f[4].effect.amount, f[4].effect.faces) if f[4].effect.kind == "cancel" else
                             (ONE_HIT, ()) if f[4].effect.kind == "one_hit" else (CONVERT_CRIT, ())
                             for f in candidates(state, state.ship(d_id), "compare", context)
                             if f[4].effect.kind in ("cancel", "one_hit")
                             or (f[4].effect.kind == "convert" and f[4].effect.faces == ("crit",)
                                 and f[4].effect.to == "hit" and f[4].effect.amount == 1))
    key = (a_id, d_id, attack_dice, defense_dice, target_lock, attack_battle_stations, defense_battle_stations,
           evade_tokens, shields, attack.attacker, attack.defense_dice, _sig(again), _sig(defenders_first),
           _sig(attackers), _sig(adders), _sig(defense_cards), past_shields, cancels, state.ship(a_id).scan)
    known = _ODDS.get(key)
    if known is None:
        if len(_ODDS) >= _ODDS_MAX:
            _ODDS.clear()
        known = _ODDS[key] = _card_odds(state, context, attack_dice, defense_dice, target_lock, attack_battle_stations,
                                        defense_battle_stations, evade_tokens, a_id, d_id, again, defenders_first,
                                        attackers, adders, defense_cards, past_shields, shields, cancels)
    return known


def _card_odds(state: GameState, context: AttackContext, attack_dice: int, defense_dice: int, target_lock: bool,
               attack_battle_stations: bool, defense_battle_stations: bool, evade_tokens: int, a_id: str,
               d_id: str, again: list[Found], defenders_first: list[Found], attackers: list[Found],
               adders: list[Found], defense_cards: list[Found], past_shields: bool, shields: int,
               cancels: Cancels) -> Odds:
    """``card_odds`` from the cards found to act."""
    rolls = 2 + len(again)  # each die rolled at most twice, once more for each Tactical Officer
    dist = _first_roll("attack", attack_dice, attack_battle_stations, rolls)  # out of 8**(rolls * attack dice)
    for found in defenders_first:
        dist = _card_step(state, dist, found, "attack", (), a_id)
    dist = _lock_step(state, dist, target_lock, attack_battle_stations, again)
    scans = state.ship(a_id).scan
    dists: dict[int, Dist] = {0: dist}  # by the scan tokens the attacker's cards spent in step 4
    for found in attackers:
        dists = _scan_step(state, dists, found, a_id, scans)
    # step 5 comes after step 4 (rulebook "Combat Phase"): a scan token a card spent there (Jadzia
    # Dax) no longer takes a defense die away, as combat.py counts the defense dice then
    more = {s: _scan_dice(context, scans, s) for s in dists}
    top = max(defense_dice + m for m in more.values())
    added = sum(f[4].effect.amount for f in adders if f[4].effect.faces != ("crit",))
    on_crit = sum(f[4].effect.amount for f in adders if f[4].effect.faces == ("crit",))  # Massacre
    out: dict[tuple[int, int], int] = {}  # out of 8**(rolls * attack dice + 2 * the most defense dice)
    for s, d in dists.items():
        hc: dict[tuple[int, int], int] = {}
        for pool_token, p in d.items():
            key = _SHOWN.get(pool_token)
            if key is None:  # the hits and crits the pool shows after the battle stations token (step 4)
                pool, token = pool_token
                shown_faces = [f for f, _ in pool]
                for i in attack_conversion(shown_faces, token):
                    shown_faces[i] = "hit"
                if len(_SHOWN) >= _REROLLS_MAX:
                    _SHOWN.clear()
                key = _SHOWN[pool_token] = (shown_faces.count("hit"), shown_faces.count("crit"))
            hc[key] = hc.get(key, 0) + p
        m = defense_dice + more[s]
        rolled = _first_roll("defense", m, defense_battle_stations)  # out of 8**(2 * m)
        spread = SIDES ** (2 * (top - m))
        now = _with(state, a_id, scan=scans - s)
        # the defense cards' answers read the attack's results only for whether any is left uncanceled
        # (``_decided``), which only their number decides: the defense dice after the cards, once per number
        after_cards: dict[int, list[tuple[tuple[str, ...], bool, int]]] = {}  # (faces, token, weight)
        pool_faces: dict[Pool, tuple[str, ...]] = {}
        for (hits, crits), p in hc.items():
            shown = ("hit",) * hits + ("crit",) * crits
            defended = after_cards.get(hits + crits)
            if defended is None:
                ddist = dict(rolled)
                for found in defense_cards:
                    ddist = _card_step(now, ddist, found, "defense", shown, d_id)
                # the rerolled flags are read no more: pools of the same faces (a pool's faces sorted
                # alike whatever its flags) and token are one case, their whole-number weights summed
                merged: dict[tuple[tuple[str, ...], bool], int] = {}
                for (pool, token), q in ddist.items():
                    faces = pool_faces.get(pool)
                    if faces is None:  # (the same pools come back for every number of successes)
                        faces = pool_faces[pool] = tuple([f for f, _ in pool])
                    case_key = (faces, token)
                    merged[case_key] = merged.get(case_key, 0) + q
                defended = after_cards[hits + crits] = [(faces, token, q) for (faces, token), q in merged.items()]
            # without defense cards the defense dice are the plain roll's: the same case recurs in every
            # attack whose results leave this many hits and crits (_DAMAGE, by everything it reads)
            case = None if defense_cards else (shown, m, defense_battle_stations, evade_tokens, cancels, shields,
                                               past_shields, added, on_crit)
            damage = None if case is None else _DAMAGE.get(case)
            if damage is None:
                damage = {}  # the weights of the defense dice by the damage they let through
                for faces, token, q in defended:
                    h, c = _defended(shown, faces, token, evade_tokens, cancels)
                    on_hull = on_crit if on_crit and crit_on_hull(h, c, shields, past_shields) else 0
                    if h + c:
                        h += added + on_hull
                    damage[h, c] = damage.get((h, c), 0) + q
                if case is not None:
                    if len(_DAMAGE) >= _ODDS_MAX:
                        _DAMAGE.clear()
                    _DAMAGE[case] = damage
            for hc_key, q in damage.items():  # (p * spread once per damage, not per defense roll: the same sums)
                out[hc_key] = out.get(hc_key, 0) + p * q * spread
    scale = SIDES ** (rolls * attack_dice + 2 * top)
    # each outcome's Fraction(w, scale) over their common denominator, in whole numbers: the least
    # common multiple of the reduced denominators scale // gcd(w, scale) is scale // g, g the gcd of
    # scale and every weight (prime by prime, the largest power left), so each weight is w // g
    kept = {k: w for k, w in sorted(out.items()) if w}
    g = gcd(scale, *kept.values())
    total = scale // g if kept else 1
    weights = {k: w // g for k, w in kept.items()}
    extra = max((h + c for h, c in weights), default=0) - attack_dice
    return Odds(attack_dice, defense_dice, target_lock, attack_battle_stations, defense_battle_stations,
                evade_tokens, MappingProxyType(weights), total, extra=max(extra, 0))

"""Combat steps 3 to 8 in an Alliance mission, with the Enemy AI's dice policy.

Rulebook "Combat Phase: Enemy AI ships", in its lettered steps:

Modify attack dice (maximize hits and crits, at the first opportunity):
  A. a target lock on the defender: spend it to reroll every blank (and every battle stations
     result when the ship has no battle stations token, since those count as blanks);
  B. abilities that reroll attack dice still blank (an Elite loadout's Gunnery Drills);
  C. a battle stations token: spend it to turn every battle stations result into a hit.
Modify defense dice (spend only when it saves damage):
  A. abilities that reroll blank defense dice (none in our cards);
  B. uncanceled hits or crits and at least one battle stations result: spend a battle stations
     token to turn every battle stations result into an evade;
  C. still uncanceled hits or crits: spend an evade token to add an evade.

Player ships follow the same policy (the Attack Wing engine's, rulings.md "Dice spending
policy"); Elite loadout abilities add dice here. The events are Attack Wing's.
"""

from __future__ import annotations

from engine.rulesets.attack_wing import combat as aw_combat
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.rules import AttackOption

Table = aw_combat.Table


def resolve_attack(t: Table, option: AttackOption, line: tuple[tuple[float, float], tuple[float, float]],
                   obstructed: bool, reason: str, *, attack_bonus: tuple[int, str] = (0, ""),
                   defense_bonus: tuple[int, str] = (0, ""), blank_rerolls: int = 0) -> None:
    """Steps 3 to 8 of one declared attack (the attacker is ``t.state.active``)."""
    attacker = t.state.ship(t.state.active or "")
    defender = t.state.ship(option.defender)
    weapon = option.weapon
    t.emit(ev.AttackDeclared, ship=attacker.id, defender=defender.id, weapon=option.weapon_key,
           weapon_name="primary weapon" if weapon is None else weapon.name, arc=option.arc,
           range_band=option.band, distance=round(option.distance, 3), obstructed=obstructed,
           line=line, reason=reason)
    if weapon is not None:
        if weapon.needs_target_lock:
            t.emit(ev.TargetLockRemoved, ship=attacker.id, cause=f"spent to fire {weapon.name}")
        t.emit(ev.WeaponDisabled, ship=attacker.id, weapon=weapon.upgrade_id)
    if attacker.cloak == "green":
        t.emit(ev.CloakChanged, ship=attacker.id, cloak="red", beside=attacker.cloak_beside,
               cause="fired while cloaked")
    # 3. roll attack dice
    n = rules.attack_dice(attacker, weapon, option.band)
    extra, note = attack_bonus
    count, why = n.count + extra, n.explanation + (f", {note}" if extra else "")
    faces, draws = t.dice.roll(t.state, "attack", count, attacker, "attack")
    t.emit(ev.DiceRolled, ship=attacker.id, kind="attack", faces=tuple(faces), count_reason=why, draws=draws)
    # 4. modify attack dice
    modify_attack(t, attacker.id, defender.id, weapon is not None and weapon.needs_target_lock, blank_rerolls)
    # 5. roll defense dice
    attacker, defender = t.state.ship(attacker.id), t.state.ship(defender.id)
    d = rules.defense_dice(defender, attacker, weapon is None, option.band, obstructed)
    extra, note = defense_bonus
    count, why = d.count + extra, d.explanation + (f", {note}" if extra else "")
    faces, draws = t.dice.roll(t.state, "defense", count, defender, "defense")
    t.emit(ev.DiceRolled, ship=defender.id, kind="defense", faces=tuple(faces), count_reason=why, draws=draws)
    # 6. modify defense dice
    modify_defense(t, defender.id)
    # 7. compare results
    attack = t.state.attack
    assert attack is not None
    hits, crits, canceled = aw_combat.uncanceled(attack.attack_dice, attack.defense_dice)
    t.emit(ev.AttackResolved, ship=attacker.id, defender=defender.id, hits=hits, crits=crits, canceled=canceled)
    # 8. deal damage
    aw_combat.suffer(t, defender.id, hits, crits, cause=f"attack by {attacker.name}",
                     attacker_skill=rules.captain_skill(attacker))


def _rerollable(faces: tuple[str, ...], done: tuple[bool, ...], has_bs: bool) -> tuple[int, ...]:
    """Dice that count as blank for rerolls: blanks, and battle stations results without a token."""
    wanted = ("blank",) if has_bs else ("blank", "battle_stations")
    return tuple(i for i, f in enumerate(faces) if f in wanted and not done[i])


def modify_attack(t: Table, attacker_id: str, defender_id: str, lock_spent: bool, blank_rerolls: int = 0) -> None:
    attacker = t.state.ship(attacker_id)
    attack = t.state.attack
    assert attack is not None
    has_bs = attacker.battle_stations > 0
    # A. the target lock
    if attacker.target_lock == defender_id and not lock_spent:
        idx = _rerollable(attack.attack_dice, attack.attack_rerolled, has_bs)
        if idx:
            t.emit(ev.TargetLockRemoved, ship=attacker_id, cause="spent to reroll attack dice")
            faces, draws = t.dice.roll(t.state, "attack", len(idx), attacker, "target lock reroll")
            t.emit(ev.DiceRerolled, ship=attacker_id, kind="attack", indices=idx, faces=tuple(faces),
                   cause="target lock", draws=draws)
            attack = t.state.attack
            assert attack is not None
    # B. abilities that reroll blanks
    if blank_rerolls:
        idx = _rerollable(attack.attack_dice, attack.attack_rerolled, has_bs)[:blank_rerolls]
        if idx:
            faces, draws = t.dice.roll(t.state, "attack", len(idx), attacker, "ability reroll")
            t.emit(ev.DiceRerolled, ship=attacker_id, kind="attack", indices=idx, faces=tuple(faces),
                   cause="Gunnery Drills", draws=draws)
            attack = t.state.attack
            assert attack is not None
    # C. battle stations
    bs = tuple(i for i, f in enumerate(attack.attack_dice) if f == "battle_stations")
    if has_bs and bs:
        t.emit(ev.TokensChanged, ship=attacker_id, token="battle_stations", delta=-1, cause="spent in attack")
        t.emit(ev.DiceConverted, ship=attacker_id, kind="attack", indices=bs, to="hit", cause="battle stations")


def modify_defense(t: Table, defender_id: str) -> None:
    defender = t.state.ship(defender_id)
    attack = t.state.attack
    assert attack is not None
    hits, crits, _ = aw_combat.uncanceled(attack.attack_dice, attack.defense_dice)
    # B. battle stations, only when it saves damage
    bs = tuple(i for i, f in enumerate(attack.defense_dice) if f == "battle_stations")
    if hits + crits and defender.battle_stations and bs:
        t.emit(ev.TokensChanged, ship=defender_id, token="battle_stations", delta=-1, cause="spent in defense")
        t.emit(ev.DiceConverted, ship=defender_id, kind="defense", indices=bs, to="evade", cause="battle stations")
        attack = t.state.attack
        assert attack is not None
        hits, crits, _ = aw_combat.uncanceled(attack.attack_dice, attack.defense_dice)
    # C. an evade token
    if hits + crits and defender.evade:
        t.emit(ev.TokensChanged, ship=defender_id, token="evade", delta=-1, cause="spent in defense")
        t.emit(ev.DieAdded, ship=defender_id, kind="defense", face="evade", cause="evade token")

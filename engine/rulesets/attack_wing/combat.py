"""Combat steps 1 to 8 (rulebook "Combat Phase") and suffering damage ("Suffering Damage").

The engine calls these with itself as the ``Table`` it emits events through; every change
is an event, applied by the reducer before the next step reads the state.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.dice import shuffled
from engine.rulesets.attack_wing.players import DiceSource
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState


class Table(Protocol):
    state: GameState
    dice: DiceSource

    def emit(self, event_type: type[Any], **fields: Any) -> None: ...


def count(faces: tuple[str, ...], *wanted: str) -> int:
    return sum(1 for f in faces if f in wanted)


def uncanceled(attack: tuple[str, ...], defense: tuple[str, ...]) -> tuple[int, int, int]:
    """Step 7: evades cancel hits before crits. Returns (hits, crits, canceled)."""
    hits, crits, evades = count(attack, "hit"), count(attack, "crit"), count(defense, "evade")
    cancel_hits = min(hits, evades)
    cancel_crits = min(crits, evades - cancel_hits)
    return hits - cancel_hits, crits - cancel_crits, cancel_hits + cancel_crits


def resolve_attack(t: Table, option: AttackOption, line: tuple[tuple[float, float], tuple[float, float]],
                   obstructed: bool, reason: str) -> None:
    """Steps 3 to 8 of one declared attack."""
    attacker = t.state.ship(t.state.active or "")
    defender = t.state.ship(option.defender)
    weapon = option.weapon
    t.emit(ev.AttackDeclared, ship=attacker.id, defender=defender.id, weapon=option.weapon_key,
           weapon_name="primary weapon" if weapon is None else weapon.name, arc=option.arc,
           range_band=option.band, distance=round(option.distance, 3), obstructed=obstructed,
           line=line, reason=reason)
    if weapon is not None:
        if weapon.needs_target_lock:  # the lock is the cost of firing: spent now, no reroll from it
            t.emit(ev.TargetLockRemoved, ship=attacker.id, cause=f"spent to fire {weapon.name}")
        t.emit(ev.WeaponDisabled, ship=attacker.id, weapon=weapon.upgrade_id)
    if attacker.cloak == "green":  # rulebook "Firing While Cloaked"
        t.emit(ev.CloakChanged, ship=attacker.id, cloak="red", beside=attacker.cloak_beside,
               cause="fired while cloaked")

    # 3. roll attack dice
    n = rules.attack_dice(attacker, weapon, option.band)
    faces, draws = t.dice.roll(t.state, "attack", n.count, attacker, "attack")
    t.emit(ev.DiceRolled, ship=attacker.id, kind="attack", faces=tuple(faces), count_reason=n.explanation,
           draws=draws)
    # 4. modify attack dice (the engine's spending policy, rulings.md)
    _modify_attack(t, attacker.id, defender.id, weapon is not None and weapon.needs_target_lock)
    # 5. roll defense dice
    attacker, defender = t.state.ship(attacker.id), t.state.ship(defender.id)
    d = rules.defense_dice(defender, attacker, weapon is None, option.band, obstructed)
    faces, draws = t.dice.roll(t.state, "defense", d.count, defender, "defense")
    t.emit(ev.DiceRolled, ship=defender.id, kind="defense", faces=tuple(faces), count_reason=d.explanation,
           draws=draws)
    # 6. modify defense dice
    _modify_defense(t, defender.id)
    # 7. compare results
    attack = t.state.attack
    assert attack is not None
    hits, crits, canceled = uncanceled(attack.attack_dice, attack.defense_dice)
    t.emit(ev.AttackResolved, ship=attacker.id, defender=defender.id, hits=hits, crits=crits, canceled=canceled)
    # 8. deal damage
    suffer(t, defender.id, hits, crits, cause=f"attack by {attacker.name}", attacker_skill=rules.captain_skill(
        attacker))


def _modify_attack(t: Table, attacker_id: str, defender_id: str, lock_already_spent: bool) -> None:
    """Spend the target lock to reroll blanks (and battle stations results with no token to
    convert them), then a battle stations token to make battle stations results hits."""
    attacker = t.state.ship(attacker_id)
    attack = t.state.attack
    assert attack is not None
    has_bs = attacker.battle_stations > 0
    if attacker.target_lock == defender_id and not lock_already_spent:
        wanted = ("blank",) if has_bs else ("blank", "battle_stations")
        idx = tuple(i for i, f in enumerate(attack.attack_dice) if f in wanted and not attack.attack_rerolled[i])
        if idx:
            t.emit(ev.TargetLockRemoved, ship=attacker_id, cause="spent to reroll attack dice")
            faces, draws = t.dice.roll(t.state, "attack", len(idx), attacker, "target lock reroll")
            t.emit(ev.DiceRerolled, ship=attacker_id, kind="attack", indices=idx, faces=tuple(faces),
                   cause="target lock", draws=draws)
            attack = t.state.attack
            assert attack is not None
    bs = tuple(i for i, f in enumerate(attack.attack_dice) if f == "battle_stations")
    if has_bs and bs:
        t.emit(ev.TokensChanged, ship=attacker_id, token="battle_stations", delta=-1, cause="spent in attack")
        t.emit(ev.DiceConverted, ship=attacker_id, kind="attack", indices=bs, to="hit", cause="battle stations")


def _modify_defense(t: Table, defender_id: str) -> None:
    """Spend tokens only while they save damage: battle stations (battle stations results to
    evades), then one evade token (adds an evade)."""
    defender = t.state.ship(defender_id)
    attack = t.state.attack
    assert attack is not None
    hits, crits, _ = uncanceled(attack.attack_dice, attack.defense_dice)
    bs = tuple(i for i, f in enumerate(attack.defense_dice) if f == "battle_stations")
    if hits + crits and defender.battle_stations and bs:
        t.emit(ev.TokensChanged, ship=defender_id, token="battle_stations", delta=-1, cause="spent in defense")
        t.emit(ev.DiceConverted, ship=defender_id, kind="defense", indices=bs, to="evade", cause="battle stations")
        attack = t.state.attack
        assert attack is not None
        hits, crits, _ = uncanceled(attack.attack_dice, attack.defense_dice)
    if hits + crits and defender.evade:
        t.emit(ev.TokensChanged, ship=defender_id, token="evade", delta=-1, cause="spent in defense")
        t.emit(ev.DieAdded, ship=defender_id, kind="defense", face="evade", cause="evade token")


def suffer(t: Table, ship_id: str, hits: int, crits: int, cause: str, attacker_skill: int | None = None,
           hull_only: bool = False) -> None:
    """Suffer damage one point at a time, normal before critical: an active shield first, else a
    damage card (face up for critical damage); destroyed at Hull Value (simultaneous attack rule)."""
    for critical in [False] * hits + [True] * crits:
        ship = t.state.ship(ship_id)
        if ship.destroyed:
            return
        if ship.shields > 0 and not hull_only:
            t.emit(ev.DamageDealt, ship=ship_id, to="shield", cause=cause)
            continue
        # an empty deck is reshuffled from the discard pile by the reducer, with the state's generator
        deck = t.state.deck or shuffled(t.state.rng, t.state.discard)[0]
        if not deck:
            return  # every card is on a ship: nothing left to deal (rulings.md)
        t.emit(ev.DamageDealt, ship=ship_id, to="hull", card=deck[0], face_up=critical, cause=cause)
        ship = t.state.ship(ship_id)
        if ship.hull_damage >= ship.hull and not ship.doomed:
            keep = (attacker_skill is not None and t.state.phase == "combat" and not ship.attacked
                    and rules.captain_skill(ship) == attacker_skill)
            t.emit(ev.ShipDestroyed, ship=ship_id, cause=cause, removed=not keep)
            if not keep:
                return

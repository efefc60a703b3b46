"""Derived values and legality: what a ship's numbers are now, and what it may do.

Rulebook "Rule of 3": the sum of all modifiers to a value is capped at +3 / -3; replacement
values (a cloaked ship's Agility = printed Agility + 4) apply first; the range bonuses
(+1 attack die at Range 1, +1 defense die at Range 3, primary weapon only) are outside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import FULL_CIRCLE, Placed, arc_check, distance
from engine.rulesets.attack_wing.state import GameState, ShipState, Weapon

RULE_OF_3 = 3


def rule_of_3(modifiers: Sequence[int]) -> int:
    """The sum of modifiers, capped at +3 and -3."""
    return max(-RULE_OF_3, min(RULE_OF_3, sum(modifiers)))


def value(printed: int, modifiers: Sequence[int] = (), replacement: int | None = None, bonus: int = 0) -> int:
    """A value: printed (or its replacement), plus capped modifiers, plus bonuses outside the rule of 3."""
    base = printed if replacement is None else replacement
    return max(0, base + rule_of_3(modifiers) + bonus)


def captain_skill(ship: ShipState) -> int:
    """Captain Skill now: an Injured Captain card face up replaces it with 1 (rulings.md)."""
    return 1 if ship.face_up("injured_captain") else ship.skill


def maneuver_colour(ship: ShipState, kind: str, speed: int) -> str:
    """The colour of a dial maneuver now: Engine Room Fire makes banks and turns red."""
    for k, s, colour in ship.dial:
        if k == kind and s == speed:
            if ship.face_up("engine_room_fire") and kind.endswith(("bank", "turn")):
                return "red"
            return colour
    raise KeyError(f"{speed} {kind} is not on {ship.name}'s dial")


def dial_options(ship: ShipState) -> list[tuple[Maneuver, str]]:
    """Every maneuver the ship may set on its dial, with its colour now. A ship under auxiliary
    power may still set a red one (rulebook: revealing it deals a face-up card and it becomes a
    white 2 straight), but the engine's players avoid that."""
    return [(Maneuver(k, s), maneuver_colour(ship, k, s)) for k, s, _ in ship.dial]


def placed(ship: ShipState, pose: Pose | None = None) -> Placed:
    return Placed(pose or ship.pose, ship.base)


# --- combat numbers ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DiceCount:
    count: int
    explanation: str


def attack_dice(attacker: ShipState, weapon: Weapon | None, band: int) -> DiceCount:
    """Step 3: attack dice for the primary weapon (None) or a secondary weapon at a range band."""
    mods: list[int] = []
    notes = []
    if weapon is None:
        printed = attacker.attack
        notes.append(f"primary weapon {printed}")
        if attacker.face_up("structural_damage"):
            mods.append(-1)
            notes.append("Structural Damage -1")
        bonus = 1 if band == 1 else 0
        if bonus:
            notes.append("Range 1 +1")
    else:
        printed, bonus = weapon.attack, 0
        notes.append(f"{weapon.name} {printed}")
    return DiceCount(value(printed, mods, bonus=bonus), ", ".join(notes))


def defense_dice(defender: ShipState, attacker: ShipState, primary: bool, band: int, obstructed: bool
                 ) -> DiceCount:
    """Step 5: defense dice. Cloak replaces Agility with printed + 4; the attacker's scan tokens
    (-1 each) and obstruction (+1) are modifiers; Range 3 against a primary weapon is a bonus."""
    notes = [f"agility {defender.agility}"]
    replacement = None
    if defender.cloaked:
        replacement = defender.agility + 4
        notes.append(f"cloaked: {replacement}")
    mods: list[int] = []
    if obstructed:
        mods.append(1)
        notes.append("obstructed +1")
    if attacker.scan:
        mods.extend([-1] * attacker.scan)
        notes.append(f"scan -{attacker.scan}")
    bonus = 1 if primary and band == 3 else 0
    if bonus:
        notes.append("Range 3 +1")
    return DiceCount(value(defender.agility, mods, replacement, bonus), ", ".join(notes))


# --- what a ship can target -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class AttackOption:
    """A legal attack: weapon (None = primary), defender, the arc it is in, range band and distance."""

    weapon: Weapon | None
    defender: str
    arc: str
    band: int
    distance: float

    @property
    def weapon_key(self) -> str:
        return "primary" if self.weapon is None else self.weapon.upgrade_id


def _arcs_of(ship: ShipState) -> list[tuple[str, float | None, bool]]:
    if ship.has_360_arc:
        return [("360", FULL_CIRCLE, False)]
    arcs: list[tuple[str, float | None, bool]] = []
    if ship.front_arc:
        arcs.append(("front", ship.front_arc, False))
    if ship.rear_arc:
        arcs.append(("rear", ship.rear_arc, True))
    return arcs


def attack_options(state: GameState, ship: ShipState) -> list[AttackOption]:
    """Every weapon and target the ship may attack now (rulebook combat steps 1 and 2).

    The primary weapon fires from the front arc at Range 1-3 (a 360-degree arc: Range 1-2,
    tournament rules); a secondary weapon fires from the arcs its rule names, at its range.
    """
    me = placed(ship)
    options: list[AttackOption] = []
    for enemy in state.enemies(ship):
        them = placed(enemy)
        for arc_name, arc_deg, rear in _arcs_of(ship):
            check = arc_check(me, them, arc_deg or FULL_CIRCLE, rear)
            if not check.in_arc or check.band is None or check.band > 3:
                continue
            primary_max = 2 if arc_name == "360" else 3
            if arc_name in ("front", "360") and check.band <= primary_max:
                options.append(AttackOption(None, enemy.id, arc_name, check.band, check.distance))
            for w in ship.weapons:
                if w.disabled or not (w.range_min <= check.band <= w.range_max):
                    continue
                if arc_name != "360" and arc_name not in w.arcs:
                    continue
                if w.needs_target_lock and ship.target_lock != enemy.id:
                    continue
                options.append(AttackOption(w, enemy.id, arc_name, check.band, check.distance))
    # one option per (weapon, defender): the arc giving the shortest range
    best: dict[tuple[str, str], AttackOption] = {}
    for o in options:
        key = (o.weapon_key, o.defender)
        if key not in best or o.distance < best[key].distance:
            best[key] = o
    return list(best.values())


def lockable_targets(state: GameState, ship: ShipState) -> list[ShipState]:
    """Enemies a Target Lock may be acquired on: Range 1-3 all round, not cloaked for more
    than one round (rulebook "Acquire a Target Lock")."""
    me = placed(ship)
    return [e for e in state.enemies(ship)
            if not e.cloak_beside and distance(me, placed(e)) <= P.RANGE_BAND_EDGES_MM[-1] + 1e-9]

"""Derived values and legality: what a ship's numbers are now, and what it may do.

Rulebook "Rule of 3": the sum of all modifiers to a value is capped at +3 / -3; replacement
values (a cloaked ship's Agility = printed Agility + 4) apply first; the range bonuses
(+1 attack die at Range 1, +1 defense die at Range 3, primary weapon only) are outside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.geometry.pose import Pose
from engine.memos import memo, memo_table
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import FULL_CIRCLE, ArcCheck, Placed, arc_check, beyond_range, distance
from engine.rulesets.attack_wing.refusals import Refusal, refuse
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
    """Captain Skill on the cards now: an Injured Captain card face up replaces it with 1 (rulings.md);
    it takes effect at the next phase (``skill_in_effect``)."""
    return 1 if ship.face_up("injured_captain") else ship.skill


def skill_in_effect(ship: ShipState) -> int:
    """The Captain Skill the rules use now: the one the phase started with (tournament ruling 14:
    "Changes to Captain Skill only take effect when moving to the next phase in the round"), so an
    Injured Captain dealt in combat does not change who fires simultaneously with whom."""
    return captain_skill(ship) if ship.phase_skill is None else ship.phase_skill


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
    white 2 straight), but the engine's players avoid that. (``maneuver_colour`` of each, the
    dial read once.)"""
    return list(_dial_options(ship.dial, ship.face_up("engine_room_fire")))


@memo(maxsize=256)
def _dial_options(dial: tuple[tuple[str, int, str], ...], fire: bool) -> tuple[tuple[Maneuver, str], ...]:
    """``dial_options`` by all it reads: the printed dial and whether an Engine Room Fire is face
    up (the planner and the Planning Phase ask it of every ship every round)."""
    printed: dict[tuple[str, int], str] = {}
    for k, s, colour in dial:
        printed.setdefault((k, s), colour)  # the first entry, as maneuver_colour finds it
    return tuple((_maneuver(k, s), "red" if fire and k.endswith(("bank", "turn")) else printed[(k, s)])
                 for k, s, _ in dial)


@lru_cache(maxsize=256)
def _maneuver(kind: str, speed: int) -> Maneuver:
    """The maneuver, checked once (it never changes)."""
    return Maneuver(kind, speed)


def placed(ship: ShipState, pose: Pose | None = None) -> Placed:
    return Placed(pose or ship.pose, ship.base)


def band_between(a: ShipState, b: ShipState) -> int | None:
    """The range band from one ship's base to another's (None: beyond Range 3)."""
    d = distance(placed(a), placed(b))
    return next((band for band, edge in enumerate(P.RANGE_BAND_EDGES_MM, start=1) if d <= edge + 1e-9), None)


def revealed(ship: ShipState) -> tuple[Maneuver, str] | None:
    """The maneuver the ship is about to perform and its colour: its revealed dial, or the white 2
    straight a red one becomes under auxiliary power (before the power strain, a token beside the
    ship is one it had when it revealed)."""
    if ship.revealed is None:
        return None
    kind, speed, colour = ship.revealed
    if colour == "red" and ship.aux_power:
        return Maneuver("straight", 2), "white"
    return Maneuver(kind, speed), colour


# --- combat numbers ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DiceCount:
    count: int
    explanation: str


def attack_dice(attacker: ShipState, weapon: Weapon | None, band: int, *, explain: bool = True) -> DiceCount:
    """Step 3: attack dice for the primary weapon (None) or a secondary weapon at a range band
    (worded only when ``explain``: the AI weighing its attacks reads the count alone)."""
    mods: list[int] = []
    notes = []
    if weapon is None:
        printed = attacker.attack
        if explain:
            notes.append(f"primary weapon {printed}")
        if attacker.face_up("structural_damage"):
            mods.append(-1)
            if explain:
                notes.append("Structural Damage -1")
        bonus = 1 if band == 1 else 0
        if bonus and explain:
            notes.append("Range 1 +1")
    else:
        printed, bonus = weapon.attack, 0
        if explain:
            notes.append(f"{weapon.name} {printed}")
    return DiceCount(value(printed, mods, bonus=bonus), ", ".join(notes))


def defense_dice(defender: ShipState, attacker: ShipState, primary: bool, band: int, obstructed: bool,
                 *, explain: bool = True) -> DiceCount:
    """Step 5: defense dice. Cloak replaces Agility with printed + 4; the attacker's scan tokens
    (-1 each) and obstruction (+1) are modifiers; Range 3 against a primary weapon is a bonus.
    (Worded only when ``explain``.)"""
    notes = [f"agility {defender.agility}"] if explain else []
    replacement = None
    if defender.cloaked:
        replacement = defender.agility + 4
        if explain:
            notes.append(f"cloaked: {replacement}")
    mods: list[int] = []
    if obstructed:
        mods.append(1)
        if explain:
            notes.append("obstructed +1")
    if attacker.scan:
        mods.extend([-1] * attacker.scan)
        if explain:
            notes.append(f"scan -{attacker.scan}")
    bonus = 1 if primary and band == 3 else 0
    if bonus and explain:
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


def is_squadron(class_name: str) -> bool:
    """Attack Squadrons (tournament rules, "Attack Squadrons"): the classes named so."""
    return "attack squadron" in class_name.casefold()


def is_shuttle(class_name: str) -> bool:
    """Shuttlecraft (tournament rules, "Shuttlecraft"): classes whose name says shuttle."""
    return "shuttle" in class_name.casefold()


def _arcs_for(ship: ShipState, weapon: Weapon | None) -> list[tuple[str, float, bool]]:
    """The arcs a weapon fires from: (name, degrees, rear). The primary weapon fires from the front
    arc; a secondary weapon from the arcs its rule names that the ship has; a 360-degree arc serves
    every weapon (tournament "360-Degree Arcs"). A weapon that fires at a ship outside the forward arc
    (Aft Weapons Array) measures in any direction; ``_judge`` keeps the ships in the forward arc out."""
    if weapon is not None and "outside_front" in weapon.arcs:  # declared as "360": measured all round
        return [("360", FULL_CIRCLE, False)]
    if ship.has_360_arc or (weapon is not None and "any" in weapon.arcs):  # "fire in any direction"
        return [("360", FULL_CIRCLE, False)]
    arcs: list[tuple[str, float, bool]] = []
    if ship.front_arc and (weapon is None or "front" in weapon.arcs):
        arcs.append(("front", ship.front_arc, False))
    if ship.rear_arc and weapon is not None and "rear" in weapon.arcs:
        arcs.append(("rear", ship.rear_arc, True))
    return arcs


def _range_limits(ship: ShipState, weapon: Weapon | None) -> list[tuple[int, int, str]]:
    """Every range limit on this weapon's attack: (lowest band, highest band, the rule's id)."""
    limits = [(1, 3, "range")]
    if weapon is None and ship.has_360_arc:
        limits.append((1, 2, "360-arc"))
    if weapon is not None:
        limits.append((weapon.range_min, weapon.range_max, "range"))
    if is_squadron(ship.class_name) or is_shuttle(ship.class_name):
        limits.append((1, 2, "squadron-range"))
    return limits


ArcChecks = dict[tuple[str, str], ArcCheck]


def judge_attack(state: GameState, ship: ShipState, defender: ShipState, weapon: Weapon | None,
                 checks: ArcChecks | None = None) -> AttackOption | Refusal:
    """One weapon against one ship: the attack (from the arc giving the shortest range that every
    limit allows) when the rules allow it, else the refusal (rulebook combat steps 1 and 2).
    ``checks`` caches the arc measurements per (defender, arc) across weapons."""
    judged = _judge(ship, defender, weapon, checks if checks is not None else {}, placed(ship), placed(defender), True)
    assert judged is not None  # explained: an attack or its refusal
    return judged


def _who(ship: ShipState) -> str:
    return f"{ship.id} ({ship.name})"


def _judge(ship: ShipState, defender: ShipState, weapon: Weapon | None, cache: ArcChecks, here: Placed,
           there: Placed, explain: bool) -> AttackOption | Refusal | None:
    """``judge_attack`` on the ships' bases ``here`` and ``there``; a refusal is worded only when
    ``explain`` (else None: ``attack_options`` keeps only the attacks, and the words cost more
    than the rest of a refused judgement)."""
    if defender.side == ship.side:
        return refuse("enemy", f"{_who(ship)} cannot attack {_who(defender)}, a ship of its own side") \
            if explain else None
    if defender.destroyed:
        return refuse("enemy", f"{_who(defender)} is no longer in play") if explain else None
    if weapon is not None:
        if weapon.disabled:
            return refuse("weapon-disabled", f"{_who(ship)}'s {weapon.name} was already fired and is disabled") \
                if explain else None
        if ship.cards_time and ship.time_on(weapon.upgrade_id):
            return refuse("weapon-time", f"{_who(ship)}'s {weapon.name} has {ship.time_on(weapon.upgrade_id)} time "
                          "token(s) on it") if explain else None
        if weapon.needs_target_lock and ship.target_lock != defender.id:
            return refuse("weapon-target-lock", f"{_who(ship)}'s {weapon.name} fires only by spending a target lock "
                          f"on {_who(defender)}, and it has none") if explain else None
    name = "primary weapon" if weapon is None else weapon.name
    arcs = _arcs_for(ship, weapon)
    if not arcs:
        return refuse("firing-arc", f"{_who(ship)}'s {name} has no firing arc to fire from") if explain else None
    if weapon is not None and "outside_front" in weapon.arcs and ship.front_arc:
        front = cache.get((defender.id, "front"))
        if front is None:
            front = cache[(defender.id, "front")] = arc_check(here, there, ship.front_arc, False)
        if front.in_arc:
            return refuse("firing-arc", f"{_who(defender)} is in {_who(ship)}'s forward firing arc: its {name} fires "
                          "only at a ship outside it") if explain else None
    inside: list[tuple[str, ArcCheck]] = []
    for arc, degrees, rear in arcs:
        key = (defender.id, arc)
        check = cache.get(key)
        if check is None:
            check = cache[key] = arc_check(here, there, degrees, rear)
        if check.in_arc:
            inside.append((arc, check))
    if not inside:
        if not explain:
            return None
        labels = " and ".join(f"{d:g}-degree {a}" if a != "360" else "360-degree" for a, d, _ in arcs)
        return refuse("firing-arc", f"{_who(defender)} is outside {_who(ship)}'s {labels} firing arc for its {name}")
    limits = _range_limits(ship, weapon)
    best: AttackOption | None = None
    refused: tuple[int, float, tuple[int, int, str]] | None = None  # the first arc's broken limit
    for arc, check in sorted(inside, key=lambda c: c[1].distance):
        band = check.band or P.BEYOND_RANGE
        broken = next(((lo, hi, rule) for lo, hi, rule in limits if not lo <= band <= hi), None)
        if broken is None:
            option = AttackOption(weapon, defender.id, arc, band, check.distance)
            if best is None or option.distance < best.distance:
                best = option
            continue
        if refused is None:
            refused = (band, check.distance, broken)
    if best is not None:
        return best
    assert refused is not None
    return _range_refusal(_who(ship), _who(defender), name, *refused) if explain else None


def _range_refusal(me: str, them: str, name: str, band: int, distance_mm: float, limit: tuple[int, int, str]
                   ) -> Refusal:
    lo, hi, rule = limit
    if band > 3:
        return refuse("range", f"{them} is beyond Range 3 of {me} ({distance_mm:.0f} mm in arc)")
    if rule == "360-arc":
        return refuse(rule, f"{me} fires its primary weapon from a 360-degree arc at Range 1-2 only; {them} is at "
                      f"Range {band}")
    if rule == "squadron-range":
        return refuse(rule, f"{me} is a squadron or shuttlecraft: it attacks at Range 1-2 only; {them} is at "
                      f"Range {band}")
    return refuse(rule, f"{me}'s {name} fires at Range {lo}-{hi}; {them} is at Range {band}")


def attack_options(state: GameState, ship: ShipState) -> list[AttackOption]:
    """Every weapon and target the ship may attack now (rulebook combat steps 1 and 2): one option
    per (weapon, defender), from the arc giving the shortest range (``judge_attack``).

    The primary weapon fires from the front arc at Range 1-3 (a 360-degree arc: Range 1-2,
    tournament rules); a secondary weapon fires from the arcs its rule names, at its range;
    squadrons and shuttlecraft at Range 1-2 only (tournament rules).
    """
    enemies = state.enemies(ship)
    # everything ``_judge`` reads of the ship and its enemies (an enemy in play is never destroyed,
    # and its side differs): the same question recurs while none of it changes (the AI's action,
    # its advice on cards, the ship's attack in the Combat Phase)
    key = (ship.side, ship.pose, ship.base, ship.has_360_arc, ship.front_arc, ship.rear_arc, ship.class_name,
           ship.weapons, ship.cards_time, ship.target_lock, tuple((e.id, e.pose, e.base) for e in enemies))
    known = _OPTIONS.get(key)
    if known is None:
        if len(_OPTIONS) >= _OPTIONS_MAX:
            _OPTIONS.clear()
        checks: ArcChecks = {}
        here = placed(ship)
        found: list[AttackOption] = []
        for enemy in enemies:
            there = placed(enemy)
            if beyond_range(here, there):  # every weapon's attack at it refused: each reaches Range 3 at most
                continue
            for weapon in (None, *ship.weapons):
                judged = _judge(ship, enemy, weapon, checks, here, there, False)
                if judged is not None:
                    assert isinstance(judged, AttackOption)
                    found.append(judged)
        known = _OPTIONS[key] = tuple(found)
    return list(known)


# attack_options by everything it reads (its key above), a memo (engine.memos)
_OPTIONS: dict[tuple[object, ...], tuple[AttackOption, ...]] = memo_table()
_OPTIONS_MAX = 4096


def attack_refusal(state: GameState, ship: ShipState, defender: str, weapon: Weapon | None) -> Refusal | None:
    """Why the rules refuse this attack now, or None when it is allowed."""
    try:
        target = state.ship(defender)
    except KeyError:
        return refuse("enemy", f"there is no ship {defender!r} in this game")
    judged = judge_attack(state, ship, target, weapon)
    return judged if isinstance(judged, Refusal) else None

"""The AI's FIRE WEAPONS plan: within the action's budget (``volley.py``), from the legal attacks
the rules offer (``combat.attack_options``): first an opposing torpedo about to reach the ship, then
a torpedo launched at an enemy in reach (its power set aside), then beam attacks on enemy ships:
weapons power first, reserve to top an attack up to ``WANTED_DICE`` while shields keep their
reserve, a later attack where the budget leaves power for it (on the location Pierce already
weakened first); a target in two of the weapon's arcs counts in the one that keeps later attacks
possible (``choose_arc``). Every part of the plan adds its reason."""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.rulesets.into_the_unknown.combat import AttackOption, Shot, attack_options
from engine.rulesets.into_the_unknown.displays import PROJECTILES
from engine.rulesets.into_the_unknown.movement import NOTCH_DEGREES
from engine.rulesets.into_the_unknown.projectiles import DETONATION_IN, Launch, launch, outline
from engine.rulesets.into_the_unknown.state import ItuState, ShipState, VolleyState
from engine.rulesets.into_the_unknown.table import INCH, base_polygon
from engine.rulesets.into_the_unknown.volley import after, open_places, power_left

WANTED_DICE = 3  # evasion 2 and one die to spare: below this, reserve tops an attack up
LATER_DICE = 2  # a later attack of the action with fewer dice than this is not made
GUARD_DICE = 2  # an opposing torpedo (evasion 1, hull 1) is shot at with this many dice
LAUNCH_REACH_IN = 10.0  # a torpedo is launched at an enemy within this many inches


@dataclass(frozen=True)
class FirePlan:
    """The attacks and launches of one FIRE WEAPONS action, in order, and why."""

    shots: tuple[Shot, ...]
    launches: tuple[Launch, ...]
    reasons: tuple[str, ...]

    @property
    def reason(self) -> str:
        return "; ".join(self.reasons)


def plan_fire(state: ItuState, ship: ShipState, leader: str | None, fight: bool, keep: int) -> FirePlan:
    """The plan for the action led by ``leader``; ``keep`` reserve is left for shields."""
    volley = VolleyState(ship=ship.id, leader=leader)
    shots: list[Shot] = []
    reasons: list[str] = []
    guard = _guard(state, ship, volley)
    if guard is not None:
        chosen, why = choose_arc(ship, volley, attack_options(state, ship, volley), guard, guard.weapons_power, 0)
        shots.append(_shot(chosen, guard.weapons_power, 0))
        volley = after(volley, chosen.weapon.name, chosen.arc, shots[-1].weapons_power, 0)
        reasons.append(f"{guard.target} could reach it before the next round: shoot it down" + why)
    if not fight:
        return FirePlan(tuple(shots), (), tuple(reasons))
    launches = _launches(state, ship, power_left(ship, volley)[0])
    aside = sum(x.weapons_power for x in launches)
    if launches:
        reasons.append(f"a torpedo from the {launches[0].end} tubes at an enemy within {LAUNCH_REACH_IN:g}\"")
    last: tuple[str, str | None] | None = None
    while True:
        options = [o for o in attack_options(state, ship, volley) if o.end is not None]
        if not options:
            break
        # the location attacked last first (its Pierce lasts the action), then the nearest
        best = min(options, key=lambda o: (last != (o.target, o.end), o.range_mm, o.target, o.end or ""))
        weapons = max(0, power_left(ship, volley)[0] - aside)
        reserve_ok = max(0, min(power_left(ship, volley)[1], ship.reserve - volley.reserve - keep))
        power = min(weapons, best.weapon.power_max)
        top = max(0, min(max(WANTED_DICE, best.weapon.power_min), best.weapon.power_max) - power)
        top = min(top, reserve_ok)
        dice = (power + top) * best.weapon.dice_per_power
        if power + top < best.weapon.power_min or (shots and dice < LATER_DICE) or (not power and not top):
            break
        best, counted = choose_arc(ship, volley, options, best, power, top)
        target = state.ship(best.target)
        words = f"{target.name}'s {best.end} end is in its {best.arc} arc and sight{counted}: {power} weapons power"
        if top:
            words += f" and {top} reserve for {dice} dice"
        if shots and last == (best.target, best.end):
            words = "again: " + words + " (Pierce spent there lasts the action)"
        elif [s for s in shots if s.end is not None]:
            words = "another attack: " + words
        reasons.append(words)
        shots.append(Shot(best.weapon, best.target, best.end, best.arc, power, top))
        volley = after(volley, best.weapon.name, best.arc, power, top)
        last = (best.target, best.end)
    return FirePlan(tuple(shots), launches, tuple(reasons))


def _shot(option: AttackOption, power: int, reserve: int) -> Shot:
    return Shot(option.weapon, option.target, option.end, option.arc, power, reserve)


def choose_arc(ship: ShipState, volley: VolleyState, options: list[AttackOption], best: AttackOption,
               power: int, reserve: int) -> tuple[AttackOption, str]:
    """Where a target is in more than one of the weapon's arcs with an attack left, the arc the
    attack counts in (the seat's choice, guide "Weapons" point 2): the one that leaves the most
    targets (ship ends, torpedoes) open to a later attack of the action (``options``: every legal
    attack now), then the first in the profile; and the words that say why ('' with one arc)."""
    same = [o for o in options if (o.weapon.name, o.target, o.end) == (best.weapon.name, best.target, best.end)]
    if len(same) < 2:
        return best, ""
    order = [arc for arc, _ in best.weapon.arcs]

    def later(option: AttackOption) -> int:
        spent = after(volley, option.weapon.name, option.arc, power, reserve)
        return len({(o.weapon.name, o.target, o.end) for o in options
                    if o.arc in open_places(ship, spent, o.weapon.name)})

    ranked = sorted(same, key=lambda o: (-later(o), order.index(o.arc)))
    chosen, other = ranked[0], ranked[1]
    words = f" (counted there, not in its {other.arc} arc: {later(chosen)} targets stay open, not " \
            f"{later(other)})" if later(chosen) > later(other) else f" (also in its {other.arc} arc)"
    return chosen, words


def _guard(state: ItuState, ship: ShipState, volley: VolleyState) -> AttackOption | None:
    """The nearest opposing torpedo that could end its next move at detonation range of the ship
    (its engine power plus 1", with 1" to spare), in arc, sight and range, with the weapons power
    for ``GUARD_DICE`` dice (at least the weapon's least). Attacking a torpedo is no hostile act."""
    here = base_polygon(ship.pose.pose(), ship.card.base)
    near = {t.id: outline(t.pose.pose()).distance(here) for t in state.projectiles if t.side != ship.side}
    reach = {t.id: (PROJECTILES[t.kind].engine + DETONATION_IN + 1.0) * INCH for t in state.projectiles}
    found = [o for o in attack_options(state, ship, volley) if o.end is None and near.get(o.target, 1e9) <
             reach[o.target] and o.weapons_power >= o.weapon.power_min]
    if not found:
        return None
    best = min(found, key=lambda o: (near[o.target], o.target))
    spend = min(best.weapons_power, best.weapon.power_max, max(best.weapon.power_min, GUARD_DICE))
    return AttackOption(best.weapon, best.target, None, best.arc, best.range_mm, spend, 0)


def _launches(state: ItuState, ship: ShipState, power: int) -> tuple[Launch, ...]:
    """One torpedo at the nearest enemy within reach whose bearing the launcher's turn can reach."""
    if ship.stats.launcher != "torpedo":
        return ()
    enemies = [s for s in state.ships if s.side != ship.side and not s.destroyed and s.area == ship.area]
    for launcher in ship.card.launchers:
        if power < launcher.cost:
            continue
        for end, count in launcher.ends:
            if count < 1:
                continue
            pose = ship.pose.pose()
            facing = (pose.heading + (0.0 if end == "fore" else 180.0)) % 360.0
            for enemy in enemies:
                bearing = math.degrees(math.atan2(enemy.pose.x - pose.x, enemy.pose.y - pose.y)) % 360.0
                off = ((bearing - facing + 180.0) % 360.0) - 180.0
                far = math.hypot(enemy.pose.x - pose.x, enemy.pose.y - pose.y)
                if abs(off) > (launcher.impulse_turn + 0.5) * NOTCH_DEGREES or far > LAUNCH_REACH_IN * INCH:
                    continue
                turn = max(-launcher.impulse_turn, min(launcher.impulse_turn, off / NOTCH_DEGREES))
                chosen = Launch(launcher, end, round(turn, 3), PROJECTILES[launcher.projectile].endurance,
                                launcher.cost)
                try:
                    launch(state, ship.id, chosen, seq=0, phase="priority")
                except ValueError:
                    continue
                return (chosen,)
    return ()

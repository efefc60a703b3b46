"""Attacks, shields and damage (guide, "Attacks", "Making an Attack", "Shields", "Damage").

``beam_attack`` resolves one attack of a FIRE WEAPONS action into an ``attack_made`` event: the
target end in arc, in line of sight and at range, power spent, the dice (with the leader's Ordnance
on the action's first attack), the tester's rerolls (a friendly lock, Relentless, Pulse, discovery,
advantage) and the opponent's peril, Pierce on analysis results, the hit against evasion, shields
paid from reserve (successes removed before breakthroughs), the hull dial turned step by step
(stopping at a new status unless Breach), its icons, damage cards, and the hostile act.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Point

from engine.rulesets.into_the_unknown.dice import Allowances, Chooser, How, Modifier, Pool, Rolled, modify, roll
from engine.rulesets.into_the_unknown.displays import OFFICERS, PROJECTILES, Arc, BeamWeapon, End, ShipDisplay
from engine.rulesets.into_the_unknown.events import AttackMade, DieModel, Effects, Phase, ShipDelta, StepModel
from engine.rulesets.into_the_unknown.measure import arc_distance, at_range, line_of_sight
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState, ShipState, VolleyState
from engine.rulesets.into_the_unknown.table import (
    DEEP_SPACE,
    TOKEN_RADIUS,
    base_polygon,
    end_polygon,
    token_area,
    token_outline,
)
from engine.rulesets.into_the_unknown.volley import beam_leader, open_places, ordnance, power_left, refusal
from engine.rulesets.rng import Rng

ENDS: tuple[End, End] = ("fore", "aft")
OUTPOST_RANGE, OUTPOST_DICE = 4.0, 3  # guide, Outpost Ambush: WEAPONS ARRAY x1, 4", 3 intuition dice
HOSTILE_PENALTY = 2  # guide, attack example: the CALM side that commits a hostile act scores 2 negative VP
# chosen: each class's damage deck, as (card, station hit when the fore end is targeted, when the aft end is)
DAMAGE_DECK: tuple[tuple[str, str, str], ...] = (
    ("Comms Relays Down", "instruments", "engineering"),  # guide: placed at the instruments station
    ("Helm Control Damaged", "helm", "engineering"),
    ("Targeting Scanners Damaged", "tactical", "engineering"),
    ("Bridge Console Fire", "captains_chair", "engineering"),
    ("Plasma Conduit Rupture", "helm", "engineering"),
)


class IllegalAttack(ValueError):
    """An attack the rules do not allow here."""


def hostile_act(state: ItuState, side: int) -> tuple[tuple[bool, bool], tuple[int, int]]:
    """Guide, "Hostile Acts" and the attack example (step 9): the side that commits it, with its
    directive CALM, flips it to HOSTILE and scores 2 negative VP; "The Federation player also flips
    their directive, without penalty": the other side flips a CALM directive on the act, whatever
    the acting side's directive was (after a Hail-phase flip the Dominion is HOSTILE already, and
    its attack still turns the Federation)."""
    negative = (0, 0)
    if state.directives[side] == "calm":
        negative = (HOSTILE_PENALTY, 0) if side == 0 else (0, HOSTILE_PENALTY)
    return (state.directives[0] == "calm", state.directives[1] == "calm"), negative


def health_damage(ship: ShipState, damage: int, reserve_used: int = 0) -> tuple[int, int]:
    """Health damage from an effect that names no end (Relentless's): (reserve spent on shields,
    crew dial steps lost). Guide, "Shields": "When an attack or other effect inflicts damage to a
    ship (whether hull or health), the ship must use its shields"; "If the damage is from another
    effect and does not specify which end is affected, the player uses the unit's highest shield
    value". ``reserve_used``: reserve the ship has spent already in the same event."""
    shield = max(ship.stats.fore_shields, ship.stats.aft_shields)
    shields = max(0, min(damage, shield, ship.reserve - reserve_used))
    return shields, min(damage - shields, ship.crew)


@dataclass(frozen=True)
class HullResult:
    """The hull dial after damage: its new position, the icons resolved (passed or stopped on)."""

    position: int
    icons: tuple[str, ...]


def hull_damage(card: ShipDisplay, position: int, damage: int, breach: int = 0) -> HullResult:
    """Guide, "Ship Hull Damage": one step per point; the dial stops on a step of a different status
    (Breach X: up to X more steps past it); every step turned past or stopped on resolves its icons."""
    status = card.hull_dial[position].status
    icons: list[str] = []
    extra = -1  # steps allowed after a status change (-1: no change yet)
    for _ in range(damage):
        if position + 1 >= len(card.hull_dial) or extra == 0:
            break
        position += 1
        icons += card.hull_dial[position].icons
        if extra > 0:
            extra -= 1
        elif card.hull_dial[position].status != status:
            extra = breach
            if extra == 0:
                break
    return HullResult(position, tuple(icons))


def draw_card(rng: Rng, ship: ShipState, end: End) -> tuple[tuple[str, str], Rng]:
    """A damage card from the ship's deck (those not already drawn), placed at the station it hits
    in the targeted end."""
    held = {title for title, _ in ship.cards}
    deck = [c for c in DAMAGE_DECK if c[0] not in held] or list(DAMAGE_DECK)
    title, fore, aft = deck[rng.below(len(deck))]
    return (title, fore if end == "fore" else aft), rng.advanced(1)


@dataclass(frozen=True)
class Shot:
    """One attack as a seat chooses it: weapon, target and end, the weapon's arc the attack counts
    in (the seat's choice where the target is in more than one: guide, "Weapons" point 2), and the
    power spent from weapons power and reserve. Whether it is the action's first attack (the
    leader's Ordnance) and the Pierce already spent on that location follow from the action so
    far, not from the seat."""

    weapon: BeamWeapon
    target: str
    end: End | None  # None: the target is a projectile (no ends)
    arc: Arc
    weapons_power: int
    reserve: int


def volley_of(state: ItuState, ship_id: str, leader: str | None) -> VolleyState:
    """The FIRE WEAPONS action the ship is resolving (a fresh one when none is recorded: the AI's
    look-ahead and a worked example's single attack)."""
    if state.volley is not None and state.volley.ship == ship_id:
        return state.volley
    return VolleyState(ship=ship_id, leader=leader)


def open_arcs(state: ItuState, ship: ShipState, weapon: BeamWeapon, leader: str | None = None) -> tuple[Arc, ...]:
    """The weapon's arcs it may still attack in during this action (guide, "Weapons" points 1-2)."""
    left = open_places(ship, volley_of(state, ship.id, leader), weapon.name)
    return tuple(arc for arc, _ in weapon.arcs if arc in left)


@dataclass(frozen=True)
class AttackOption:
    """A beam attack the FIRE WEAPONS action may make next: the weapon, an opposing ship's end (or a
    projectile: ``end`` None), an arc of the weapon it is in (in sight and at range) that may still
    attack in this action, and the most weapons power and reserve the action has left for it. A
    target in more than one such arc is one option per arc: the seat chooses where it counts."""

    weapon: BeamWeapon
    target: str
    end: End | None
    arc: Arc
    range_mm: float
    weapons_power: int
    reserve: int


def attack_options(state: ItuState, ship: ShipState, volley: VolleyState) -> list[AttackOption]:
    """Every legal next attack of the action (guide, "Making an Attack" steps 2-4, "Weapons"): one
    per weapon, target location and arc it is in that still has an attack left."""
    weapons, reserve = power_left(ship, volley)
    found: list[AttackOption] = []
    for weapon in ship.card.beams:
        left = open_places(ship, volley, weapon.name)
        arcs = tuple(arc for arc, _ in weapon.arcs if arc in left)
        if not arcs or weapons + reserve < weapon.power_min:
            continue
        for arc in arcs:
            for enemy in state.ships:
                if enemy.side == ship.side or enemy.destroyed:
                    continue
                for end in ENDS:
                    seen = sight(state, ship, weapon, enemy, end, (arc,))
                    if seen is not None:
                        found.append(AttackOption(weapon, enemy.id, end, arc, seen[1], weapons, reserve))
            for token in state.projectiles:
                seen_token = token_sight(state, ship, weapon, token, (arc,)) if token.side != ship.side else None
                if seen_token is not None:
                    found.append(AttackOption(weapon, token.id, None, arc, seen_token[1], weapons, reserve))
    return found


def sight(state: ItuState, ship: ShipState, weapon: BeamWeapon, target: ShipState,
          end: End, arcs: tuple[Arc, ...] | None = None) -> tuple[Arc, float] | None:
    """The weapon's arc (of ``arcs``, by default all of them) the target end is in, in line of sight
    and at range, with its range (mm)."""
    if ship.area != target.area and DEEP_SPACE not in (ship.area, target.area):
        return None  # guide: the attacker and target cannot be in different systems
    pose = ship.pose.pose()
    source = base_polygon(pose, ship.card.base)
    aim = end_polygon(target.pose.pose(), target.card.base, end)
    other: End = "aft" if end == "fore" else "fore"
    ends: tuple[End, End] = ("fore", "aft")
    blockers = [end_polygon(target.pose.pose(), target.card.base, other)]
    blockers += [end_polygon(s.pose.pose(), s.card.base, e) for s in state.ships
                 if s.id not in (ship.id, target.id) and not s.destroyed for e in ends]
    for arc, _ in weapon.arcs:
        if arcs is not None and arc not in arcs:
            continue
        mm = arc_distance(pose, source, arc, aim)
        if at_range(mm, weapon.range_in) and line_of_sight(pose, source, arc, aim, blockers):
            assert mm is not None
            return arc, mm
    return None


def token_sight(state: ItuState, ship: ShipState, weapon: BeamWeapon,
                token: ProjectileState, arcs: tuple[Arc, ...] | None = None) -> tuple[Arc, float] | None:
    """The weapon's arc a projectile is in, in line of sight and at range, with its range (mm). A
    token has no ends: line of sight is blocked by any ship's end the line crosses (guide, "Line
    of Sight": "without crossing a different end of a ship than the target")."""
    pose = token.pose.pose()
    if DEEP_SPACE not in (ship.area, token_area(pose)) and ship.area != token_area(pose):
        return None
    here = ship.pose.pose()
    source = base_polygon(here, ship.card.base)
    aim = token_outline(pose)
    blockers = [end_polygon(s.pose.pose(), s.card.base, e) for s in state.ships
                if s.id != ship.id and not s.destroyed for e in ENDS]
    for arc, _ in weapon.arcs:
        if arcs is not None and arc not in arcs:
            continue
        mm = arc_distance(here, source, arc, aim)
        if at_range(mm, weapon.range_in) and line_of_sight(here, source, arc, aim, blockers):
            assert mm is not None
            return arc, mm
    return None


def beam_attack(state: ItuState, ship_id: str, shot: Shot, leader: str | None, tester: Modifier,
                opponent: Chooser, *, seq: int, phase: Phase, pierced: int = 0) -> tuple[AttackMade, int]:
    """One beam attack of the ship's FIRE WEAPONS action as an event, and the Pierce now spent on the
    attacked location (``pierced``: spent on it earlier in the action). The target is an opposing
    ship's end or an opposing projectile (guide, "Declare Target": "an opposing unit"); attacking a
    torpedo is not a hostile act, and its hull of 1 falls to any damage."""
    ship = state.ship(ship_id)
    volley = volley_of(state, ship_id, leader)
    leader = beam_leader(ship, volley)
    if shot.arc not in open_arcs(state, ship, shot.weapon, leader):
        raise IllegalAttack(f"{shot.weapon.name} has no attack left in its {shot.arc} arc in this action")
    token = next((p for p in state.projectiles if p.id == shot.target), None)
    if token is not None:
        return _at_projectile(state, ship, token, shot, volley, tester, opponent, seq=seq, phase=phase), pierced
    target = state.ship(shot.target)
    if target.side == ship.side or shot.end is None:
        raise IllegalAttack("an attack targets an opposing unit, a ship at one of its ends")
    seen = sight(state, ship, shot.weapon, target, shot.end, (shot.arc,))
    if seen is None:
        raise IllegalAttack(f"{target.name}'s {shot.end} end is not in the {shot.arc} arc, in sight and at range "
                            f"of {ship.name}'s {shot.weapon.name}")
    arc, mm = seen
    locked = any(s.lock == target.id for s in state.ships if s.side == ship.side)
    rolled = _beam_dice(state, ship, shot, volley, arc, target.card.evasion, locked, tester, opponent)
    pool, rng = rolled.pool, rolled.rng
    spent: list[str] = []
    analysis = pool.count("analysis")
    # guide, "Pierce X": the shield value "on the attacked location" falls until the end of the action
    pierce = min(dict(shot.weapon.keywords).get("Pierce", 0), analysis)
    if pierce:
        spent.append(f"{pierce} analysis on Pierce")
    pierced += pierce
    hits = pool.successes()
    hit = hits >= target.card.evasion
    mine = ShipDelta(ship=ship.id, reserve=-shot.reserve, advantage=-rolled.advantage_spent,
                     peril=-rolled.peril_spent)
    theirs = ShipDelta(ship=target.id)
    shields = 0
    if hit:
        theirs, shields, rng, words = damaged(rng, target, shot.end, pool, pierced,
                                              dict(shot.weapon.keywords).get("Breach", 0))
        spent += words
    mine = _attacker_after(ship, rolled, mine, spent)
    flips, negative = hostile_act(state, ship.side)
    event = AttackMade(
        seq=seq, round=state.round, phase=phase, draws=rng.drawn - state.drawn, ship=ship.id, leader=leader,
        weapon=shot.weapon.name, target=target.id, end=shot.end, arc=arc, range=round(mm, 4),
        weapons_power=shot.weapons_power, reserve=shot.reserve,
        dice=pool_models(pool)[0], steps=pool_models(pool)[1],
        hit=hit, damage=hits if hit else 0, shields=shields, spent=tuple(spent),
        effects=Effects(ships=(mine, theirs), negative=negative, hostile=flips))
    return event, pierced


def _beam_dice(state: ItuState, ship: ShipState, shot: Shot, volley: VolleyState, arc: Arc, evasion: int,
               locked: bool, tester: Modifier, opponent: Chooser) -> Rolled:
    """Steps 4-7 of an attack with a beam: power spent for weapon dice (within the action's budget),
    the leader's Ordnance on the action's first attack, the tester's rerolls (a friendly lock,
    Relentless, Pulse), discovery and advantage, then the opponent's peril."""
    why = refusal(ship, volley, shot.weapon.name, arc, shot.weapons_power, shot.reserve)
    if why is not None:
        raise IllegalAttack(why)
    power = shot.weapons_power + shot.reserve
    leader = beam_leader(ship, volley)
    officer = OFFICERS[leader] if leader else None
    pool, rng = roll(Rng(state.seed, state.drawn), shot.weapon.dice_per_power * power, ordnance(volley),
                     tester.table)
    rerolls: list[tuple[How, int]] = []
    if locked:
        rerolls.append(("lock", ship.stats.instruments))
    if officer and officer.keyword("Relentless"):
        rerolls.append(("relentless", officer.keyword("Relentless")))
    pulse = dict(shot.weapon.keywords).get("Pulse", 0)
    if pulse:
        rerolls.append(("pulse", pulse))
    return modify(pool, rng, evasion, Allowances(tuple(rerolls), ship.advantage), ship.peril, tester, opponent)


def _attacker_after(ship: ShipState, rolled: Rolled, mine: ShipDelta, spent: list[str]) -> ShipDelta:
    """Step 10 for the attacker: discoveries left become advantage tokens; Relentless's
    breakthroughs cost the unit health damage, which its shields meet (``relentless_damage``)."""
    discovery = rolled.pool.count("discovery")
    if discovery:
        mine = mine.model_copy(update={"advantage": mine.advantage + discovery})
        spent.append(f"{discovery} discovery for advantage")
    return relentless_damage(ship, rolled, mine, spent)


def relentless_damage(ship: ShipState, rolled: Rolled, mine: ShipDelta, spent: list[str]) -> ShipDelta:
    """Relentless X: "For each die rerolled this way that results in a breakthrough success result,
    this officer's unit sustains 1 health damage during the Post Effects step"; the ship's shields
    (its highest) cancel what its reserve left after this event can pay (``health_damage``)."""
    damage = rolled.relentless_breakthroughs
    if not damage:
        return mine
    shields, crew = health_damage(ship, damage, -mine.reserve)
    spent.append(f"Relentless: {damage} health damage" + (f", {shields} cancelled by shields" if shields else ""))
    return mine.model_copy(update={"reserve": mine.reserve - shields, "crew": mine.crew - crew})


def _at_projectile(state: ItuState, ship: ShipState, token: ProjectileState, shot: Shot, volley: VolleyState,
                   tester: Modifier, opponent: Chooser, *, seq: int, phase: Phase) -> AttackMade:
    """A beam attack on an opposing projectile: against its evasion, no shields; any damage meets its
    hull of 1 (guide, "Projectile Hull Damage"), so a hit destroys it (the game then removes it).
    Not a hostile act (guide, "Hostile Acts")."""
    if token.side == ship.side:
        raise IllegalAttack("an attack targets an opposing unit")
    seen = token_sight(state, ship, shot.weapon, token, (shot.arc,))
    if seen is None:
        raise IllegalAttack(f"{token.id} is not in the {shot.arc} arc, in sight and at range of {ship.name}'s "
                            f"{shot.weapon.name}")
    arc, mm = seen
    card = PROJECTILES[token.kind]
    rolled = _beam_dice(state, ship, shot, volley, arc, card.evasion, False, tester, opponent)
    hits = rolled.pool.successes()
    hit = hits >= card.evasion
    spent: list[str] = []
    mine = _attacker_after(ship, rolled, ShipDelta(ship=ship.id, reserve=-shot.reserve,
                                                   advantage=-rolled.advantage_spent, peril=-rolled.peril_spent),
                           spent)
    if hit:
        spent.append(f"{token.id} destroyed" if hits >= card.hull else f"{token.id} damaged")
    models, steps = pool_models(rolled.pool)
    return AttackMade(seq=seq, round=state.round, phase=phase, draws=rolled.rng.drawn - state.drawn, ship=ship.id,
                      leader=beam_leader(ship, volley), weapon=shot.weapon.name, target=token.id, end=None, arc=arc,
                      range=round(mm, 4),
                      weapons_power=shot.weapons_power, reserve=shot.reserve, dice=models, steps=steps, hit=hit,
                      damage=hits if hit else 0, spent=tuple(spent), effects=Effects(ships=(mine,)))


def damaged(rng: Rng, target: ShipState, end: End, pool: Pool, pierced: int = 0,
            breach: int = 0) -> tuple[ShipDelta, int, Rng, list[str]]:
    """Steps 9-10 for a hit: the defender must spend reserve up to the targeted end's shields (less
    Pierce) to cancel damage, successes before breakthroughs; the hull dial turns for the rest and
    its icons resolve; breakthroughs left equal to resilience draw a damage card."""
    hits = pool.successes()
    shield = (target.stats.fore_shields if end == "fore" else target.stats.aft_shields) - pierced
    shields = max(0, min(hits, shield, target.reserve))
    breakthroughs = min(pool.count("breakthrough"), hits - shields)
    hull = hull_damage(target.card, target.hull, hits - shields, breach)
    cards: list[tuple[str, str]] = []
    spent: list[str] = []
    for _ in range(hull.icons.count("critical")):
        card, rng = draw_card(rng, target.model_copy(update={"cards": target.cards + tuple(cards)}), end)
        cards.append(card)
    if target.card.resilience and breakthroughs >= target.card.resilience and not target.card.hull_dial[
            hull.position].status == "destroyed":
        card, rng = draw_card(rng, target.model_copy(update={"cards": target.cards + tuple(cards)}), end)
        cards.append(card)
        spent.append(f"{target.card.resilience} breakthrough for a damage card")
    crew = -min(hull.icons.count("health"), target.crew)
    delta = ShipDelta(ship=target.id, reserve=-shields, hull=hull.position, crew=crew, cards=tuple(cards))
    return delta, shields, rng, spent


def outpost_attack(state: ItuState, objective_id: str, side: int, tester: Modifier, opponent: Chooser, *,
                   seq: int) -> AttackMade | None:
    """Outpost Ambush, hazard phase: an outpost attacks one opposing unit at range with its
    WEAPONS ARRAY (x1, 4", 3 intuition dice). Chosen: the nearest opposing ship, at its nearer end;
    no line of sight is traced from an outpost (the guide draws it as a token, not a ship)."""
    objective = next(o for o in state.objectives if o.id == objective_id)
    token = Point(objective.x, objective.y).buffer(TOKEN_RADIUS, quad_segs=16)
    best: tuple[float, ShipState, End] | None = None
    for ship in state.ships:
        if ship.side == side or ship.destroyed:
            continue
        for end in ENDS:
            mm = token.distance(end_polygon(ship.pose.pose(), ship.card.base, end))
            if at_range(mm, OUTPOST_RANGE) and (best is None or mm < best[0]):
                best = (mm, ship, end)
    if best is None:
        return None
    mm, target, end = best
    return dice_attack(state, objective.id, "Weapons Array", target, end, mm, OUTPOST_DICE, 0, tester, opponent,
                       seq=seq, phase="hazard", hostile_side=side)


def dice_attack(state: ItuState, attacker: str, weapon: str, target: ShipState, end: End, mm: float, dice: int,
                breach: int, tester: Modifier, opponent: Chooser, *, seq: int, phase: Phase,
                hostile_side: int | None = None) -> AttackMade:
    """An attack by a unit without officers or power (an outpost, a torpedo's blast): its intuition
    dice against the target's evasion, the seats' modifications, damage as any hit; a hostile act
    of ``hostile_side`` when it is one (an attack on an opposing ship)."""
    rng = Rng(state.seed, state.drawn)
    pool, rng = roll(rng, dice, 0, tester.table)
    rolled = modify(pool, rng, target.card.evasion, Allowances(), 0, tester, opponent)
    pool, rng = rolled.pool, rolled.rng
    hit = pool.successes() >= target.card.evasion
    theirs, shields = ShipDelta(ship=target.id), 0
    spent: list[str] = []
    if hit:
        theirs, shields, rng, spent = damaged(rng, target, end, pool, 0, breach)
    models, steps = pool_models(pool)
    flips, negative = hostile_act(state, hostile_side) if hostile_side is not None else ((False, False), (0, 0))
    return AttackMade(seq=seq, round=state.round, phase=phase, draws=rng.drawn - state.drawn, ship=attacker,
                      weapon=weapon, target=target.id, end=end, arc="all", range=round(mm, 4), dice=models,
                      steps=steps, hit=hit, damage=pool.successes() if hit else 0, shields=shields,
                      spent=tuple(spent), effects=Effects(ships=(theirs,), negative=negative, hostile=flips))


def pool_models(pool: Pool) -> tuple[tuple[DieModel, ...], tuple[StepModel, ...]]:
    """The dice as first rolled and every change after, as the events record them."""
    return (tuple(DieModel(kind=d.kind, face=d.face) for d in pool.first),
            tuple(StepModel(how=s.how, index=s.index, face=s.face) for s in pool.steps))

"""Tests of the learning mission's actions (guide, "Tests"; the mission actions THREAT ANALYSIS,
DEMOLITION SALVO and TRANSPORTER EVAC; the lock procedure), each resolved into a ``test_made``
event with every die, reroll, kicker and effect."""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Point

from engine.rulesets.into_the_unknown.combat import hostile_act, pool_models, relentless_damage
from engine.rulesets.into_the_unknown.dice import Allowances, Chooser, How, Modifier, Rolled, modify, roll
from engine.rulesets.into_the_unknown.displays import CREW_STATS, OFFICERS, PROJECTILES, SKILL_CATEGORIES, CrewStat
from engine.rulesets.into_the_unknown.events import Colour, Effects, Phase, ShipDelta, TestMade
from engine.rulesets.into_the_unknown.measure import arc_distance, at_range
from engine.rulesets.into_the_unknown.projectiles import DETONATION_IN
from engine.rulesets.into_the_unknown.reducer import INFLUENCE_ENDS
from engine.rulesets.into_the_unknown.state import ItuState, ObjectiveState, ProjectileState, ShipState
from engine.rulesets.into_the_unknown.table import (
    TOKEN_RADIUS,
    area_of_point,
    base_polygon,
    token_area,
    token_outline,
)
from engine.rulesets.rng import Rng

COLOURS: tuple[Colour, Colour] = ("blue", "orange")  # side 0's and side 1's control markers
SALVO_DIFFICULTY, SALVO_CROWD_IN = 2, 4.0  # guide, DEMOLITION SALVO: difficulty 2, +1 per opposing unit at 4"


def sensors_range(ship: ShipState) -> float:
    """Sensors range in inches: the display's Sensors plus instruments power (guide, item 09)."""
    return ship.card.sensors_in + ship.stats.instruments


def token_distance(ship: ShipState, objective: ObjectiveState, arc: str = "all") -> float | None:
    """Range from the ship's base to a token (in the arc), None when it is in another area (guide,
    "Measuring Between Areas") or out of the arc."""
    if area_of_point(objective.x, objective.y, TOKEN_RADIUS) != ship.area:
        return None
    pose = ship.pose.pose()
    token = Point(objective.x, objective.y).buffer(TOKEN_RADIUS, quad_segs=16)
    return arc_distance(pose, base_polygon(pose, ship.card.base), arc, token)  # type: ignore[arg-type]


def at_sensors_range(ship: ShipState, objective: ObjectiveState) -> bool:
    return at_range(token_distance(ship, objective, ship.card.sensors_arc), sensors_range(ship))


def within(ship: ShipState, objective: ObjectiveState, inches: float) -> bool:
    return at_range(token_distance(ship, objective), inches)


@dataclass(frozen=True)
class Outcome:
    """A test rolled and modified: the pool and tokens, and its result against the difficulty."""

    rolled: Rolled
    difficulty: int

    @property
    def success(self) -> bool:
        return self.rolled.pool.successes() >= self.difficulty


def test_dice(state: ItuState, ship: ShipState, stat: CrewStat, skill: str, difficulty: int, leader: str | None,
              rerolls: tuple[tuple[How, int], ...], tester: Modifier, opponent: Chooser) -> Outcome:
    """Steps 1-5 of "Making a Test": intuition dice for the crew stat, expertise dice for the leading
    officer's skill, the tester's rerolls and tokens, the opponent's peril. A leader with Relentless X
    rerolls up to X dice after the test's own allowance when the test's skill is of the security
    category (guide, "Officer Keywords": "While this officer leads an attack or security skill
    category test, you can reroll up to X dice"): Ordnance's SENSOR LOCK and DEMOLITION SALVO."""
    intuition = ship.crew_stats[CREW_STATS.index(stat)]
    expertise = OFFICERS[leader].skill(skill) if leader else 0
    relentless = OFFICERS[leader].keyword("Relentless") if leader else 0
    if relentless and SKILL_CATEGORIES.get(skill) == "security":
        rerolls = (*rerolls, ("relentless", relentless))
    pool, rng = roll(Rng(state.seed, state.drawn), intuition, expertise, tester.table)
    rolled = modify(pool, rng, difficulty, Allowances(rerolls, ship.advantage), ship.peril, tester, opponent)
    return Outcome(rolled, difficulty)


INSPIRE_COST = 2  # guide, "Officer Keywords": Inspiring spends 2 analysis results


def inspire(ship: ShipState) -> ShipDelta:
    """Guide, "Inspire": a crew dial at or above its start and below its maximum rises 1 step;
    below its start or at its maximum, the ship gains 1 advantage token instead."""
    if ship.card.crew_start <= ship.crew < len(ship.card.crew_dial) - 1:
        return ShipDelta(ship=ship.id, crew=1)
    return ShipDelta(ship=ship.id, advantage=1)


def _event(state: ItuState, ship: ShipState, name: str, stat: CrewStat, skill: str, leader: str | None,
           outcome: Outcome, spent: list[str], effects: Effects, target: str | None, seq: int,
           phase: Phase, analysis_used: int = 0) -> TestMade:
    """The test as an event. Last of the post outcome effects (chosen order: the test's own kickers
    first), a leader with Inspiring for the tested stat spends 2 of the analysis results left to
    inspire the unit (guide, "Officer Keywords"); then Relentless's health damage, if any."""
    officer = OFFICERS[leader] if leader else None
    left = outcome.rolled.pool.count("analysis") - analysis_used
    if officer is not None and officer.inspiring == stat and left >= INSPIRE_COST:
        lift = inspire(ship)
        mine = effects.ships[0]
        assert mine.ship == ship.id
        mine = mine.model_copy(update={"crew": mine.crew + lift.crew, "advantage": mine.advantage + lift.advantage})
        effects = effects.model_copy(update={"ships": (mine, *effects.ships[1:])})
        spent = [*spent, f"{INSPIRE_COST} analysis: {officer.name} inspires the crew ("
                         f"{'crew dial up 1 step' if lift.crew else '1 advantage'})"]
    if outcome.rolled.relentless_breakthroughs:
        spent = list(spent)
        hurt = relentless_damage(ship, outcome.rolled, effects.ships[0], spent)
        effects = effects.model_copy(update={"ships": (hurt, *effects.ships[1:])})
    dice, steps = pool_models(outcome.rolled.pool)
    return TestMade(seq=seq, round=state.round, phase=phase, draws=outcome.rolled.rng.drawn - state.drawn,
                    ship=ship.id, test=name, leader=leader, stat=stat, skill=skill, difficulty=outcome.difficulty,
                    dice=dice, steps=steps, success=outcome.success, spent=tuple(spent), effects=effects,
                    target=target)


def _tokens(ship: ShipState, outcome: Outcome, extra_advantage: int = 0, peril: int = 0) -> ShipDelta:
    rolled = outcome.rolled
    return ShipDelta(ship=ship.id, advantage=extra_advantage - rolled.advantage_spent, peril=peril - rolled.peril_spent)


def threat_analysis(state: ItuState, ship_id: str, objective_id: str, leader: str | None, tester: Modifier,
                    opponent: Chooser, *, seq: int, phase: Phase) -> TestMade:
    """THREAT ANALYSIS (overture): difficulty 2, +1 with an opposing ship at Sensors range of the
    objective, +1 when its marker is not the tester's colour; command + Discipline, rerolling up to
    instruments power. Success removes the marker: the tester's own scores 1 VP (a breakthrough
    kicker scores 1 more); another colour is replaced with the tester's, a hostile act. At 4" of
    the objective, 1 analysis moves the influence marker one space toward the tester."""
    ship = state.ship(ship_id)
    objective = next(o for o in state.objectives if o.id == objective_id)
    if objective.marker is None or not at_sensors_range(ship, objective):
        raise ValueError(f"{ship.name} is not at Sensors range of a control marker on {objective_id}")
    mine = COLOURS[ship.side]
    difficulty = 2 + any(at_sensors_range(s, objective) for s in state.ships if s.side != ship.side
                         and not s.destroyed) + (objective.marker != mine)
    outcome = test_dice(state, ship, "command", "Discipline", difficulty, leader,
                        (("allowance", ship.stats.instruments),), tester, opponent)
    pool = outcome.rolled.pool
    spent: list[str] = []
    victory = [0, 0]
    markers: tuple[tuple[str, str | None], ...] = ()
    flips, negative = (False, False), (0, 0)
    breakthroughs, analysis = pool.count("breakthrough"), pool.count("analysis")
    if outcome.success:
        if objective.marker == mine:
            victory[ship.side] += 1
            markers = ((objective.id, None),)
            if breakthroughs:
                victory[ship.side] += 1
                spent.append("1 breakthrough for 1 more victory point")
        else:
            markers = ((objective.id, mine),)
            flips, negative = hostile_act(state, ship.side)
    influence = 0
    toward = 1 if ship.side == 0 else -1
    if analysis and within(ship, objective, 4) and abs(state.influence + toward) <= INFLUENCE_ENDS:
        influence = toward
        spent.append("1 analysis to move the influence marker")
    discovery = pool.count("discovery")
    if discovery:
        spent.append(f"{discovery} discovery for advantage")
    effects = Effects(ships=(_tokens(ship, outcome, discovery),), victory=(victory[0], victory[1]),
                      negative=negative, influence=influence, markers=markers, hostile=flips)
    return _event(state, ship, "THREAT ANALYSIS", "command", "Discipline", leader, outcome, spent, effects,
                  objective.id, seq, phase, analysis_used=abs(influence))


def lockable(ship: ShipState, target: ShipState) -> bool:
    """The lock procedure's step 1: the target at Sensors range (in its arc, in the same area)."""
    pose = ship.pose.pose()
    mm = arc_distance(pose, base_polygon(pose, ship.card.base), ship.card.sensors_arc,
                      base_polygon(target.pose.pose(), target.card.base)) if target.area == ship.area else None
    return at_range(mm, sensors_range(ship))


def sensor_lock(state: ItuState, ship_id: str, target_id: str, leader: str | None, tester: Modifier,
                opponent: Chooser, *, seq: int, phase: Phase) -> TestMade:
    """The lock procedure: a target at Sensors range; difficulty its evasion; command + Ordnance
    (chosen: the guide's stat icon is lost), rerolling up to instruments power. Success: the lock."""
    ship, target = state.ship(ship_id), state.ship(target_id)
    if not lockable(ship, target):
        raise ValueError(f"{target.name} is not at {ship.name}'s Sensors range")
    outcome = test_dice(state, ship, "command", "Ordnance", target.card.evasion, leader,
                        (("allowance", ship.stats.instruments),), tester, opponent)
    discovery = outcome.rolled.pool.count("discovery")
    delta = _tokens(ship, outcome, discovery)
    if outcome.success:
        delta = delta.model_copy(update={"lock": target.id})
    spent = [f"{discovery} discovery for advantage"] if discovery else []
    return _event(state, ship, "SENSOR LOCK", "command", "Ordnance", leader, outcome, spent,
                  Effects(ships=(delta,)), target.id, seq, phase)


def opposing_units_within(state: ItuState, side: int, objective: ObjectiveState, inches: float) -> int:
    """Units of the other side at ``inches`` of the objective: ships, and projectiles (tokens) in its
    area (guide, "Measuring Between Areas")."""
    ships = sum(within(s, objective, inches) for s in state.ships if s.side != side and not s.destroyed)
    disc = Point(objective.x, objective.y).buffer(TOKEN_RADIUS, quad_segs=16)
    area = area_of_point(objective.x, objective.y, TOKEN_RADIUS)
    tokens = sum(at_range(token_outline(p.pose.pose()).distance(disc), inches) for p in state.projectiles
                 if p.side != side and token_area(p.pose.pose()) == area)
    return ships + tokens


def salvo_targets(state: ItuState, token: ProjectileState) -> list[ObjectiveState]:
    """Outposts with an opposing control marker at a torpedo's detonation range (Outpost Ambush:
    DEMOLITION SALVO, "Ship or torpedo; must be at ... detonation range")."""
    if state.complication != "outpost_ambush":
        return []
    shape = token_outline(token.pose.pose())
    area = token_area(token.pose.pose())
    return [o for o in state.objectives if o.marker == COLOURS[1 - token.side]
            and area_of_point(o.x, o.y, TOKEN_RADIUS) == area
            and at_range(shape.distance(Point(o.x, o.y).buffer(TOKEN_RADIUS, quad_segs=16)), DETONATION_IN)]


def demolition_salvo(state: ItuState, ship_id: str, objective_id: str, leader: str | None, tester: Modifier,
                     opponent: Chooser, *, seq: int, phase: Phase) -> TestMade:
    """DEMOLITION SALVO (Outpost Ambush) by a ship: at beam range of an outpost with an opposing
    marker; difficulty 2, +1 per opposing unit (ship or torpedo) at 4" of it; ops + Ordnance (chosen
    stat), rerolling up to instruments power. Success removes the marker and scores 1 VP (a
    breakthrough at 2" scores 1 more); an analysis adds an advantage token; failure adds a peril token."""
    ship = state.ship(ship_id)
    objective = next(o for o in state.objectives if o.id == objective_id)
    reach = max((w.range_in for w in ship.card.beams), default=0.0)
    if objective.marker not in (COLOURS[1 - ship.side],) or not within(ship, objective, reach):
        raise ValueError(f"{objective_id} is not an opposing outpost at {ship.name}'s beam range")
    difficulty = SALVO_DIFFICULTY + opposing_units_within(state, ship.side, objective, SALVO_CROWD_IN)
    outcome = test_dice(state, ship, "ops", "Ordnance", difficulty, leader, (("allowance", ship.stats.instruments),),
                        tester, opponent)
    return _complication_test(state, ship, "DEMOLITION SALVO", "Ordnance", leader, outcome, objective, None, 2,
                              1, seq, phase)


def torpedo_salvo(state: ItuState, token_id: str, objective_id: str, tester: Modifier, opponent: Chooser, *,
                  seq: int, phase: Phase) -> TestMade:
    """DEMOLITION SALVO by a torpedo at detonation range of an opposing outpost: the torpedo card's
    ops in intuition dice, no officer (no Ordnance), rerolling up to its instruments power; the
    difficulty as for a ship. Success removes the marker and scores 1 VP (a breakthrough at 2", 1
    more). The torpedo is then removed ("If a torpedo makes this test, remove that torpedo"), so the
    advantage or peril token it would gain is lost with it (chosen)."""
    token = next(p for p in state.projectiles if p.id == token_id)
    objective = next(o for o in state.objectives if o.id == objective_id)
    if objective not in salvo_targets(state, token):
        raise ValueError(f"{objective_id} is not an opposing outpost at {token_id}'s detonation range")
    card = PROJECTILES[token.kind]
    difficulty = SALVO_DIFFICULTY + opposing_units_within(state, token.side, objective, SALVO_CROWD_IN)
    pool, rng = roll(Rng(state.seed, state.drawn), card.ops, 0, tester.table)
    rolled = modify(pool, rng, difficulty, Allowances((("allowance", card.instruments),)), 0, tester, opponent)
    victory, spent = [0, 0], []
    success = rolled.pool.successes() >= difficulty
    if success:
        victory[token.side] += 1
        disc = Point(objective.x, objective.y).buffer(TOKEN_RADIUS, quad_segs=16)
        if rolled.pool.count("breakthrough") and at_range(token_outline(token.pose.pose()).distance(disc), 2):
            victory[token.side] += 1
            spent.append("1 breakthrough for 1 more victory point")
    dice, steps = pool_models(rolled.pool)
    return TestMade(seq=seq, round=state.round, phase=phase, draws=rolled.rng.drawn - state.drawn, ship=token.id,
                    test="DEMOLITION SALVO", stat="ops", skill="Ordnance", difficulty=difficulty, dice=dice,
                    steps=steps, success=success, spent=tuple(spent), target=objective.id,
                    effects=Effects(victory=(victory[0], victory[1]),
                                    markers=((objective.id, None),) if success else ()))


def _complication_test(state: ItuState, ship: ShipState, name: str, skill: str, leader: str | None,
                       outcome: Outcome, objective: ObjectiveState, marker: Colour | None, near: float,
                       peril_on_failure: int, seq: int, phase: Phase) -> TestMade:
    """The complications' mission actions after their dice: success sets the marker and scores 1 VP,
    a breakthrough at ``near`` inches 1 more; an analysis adds an advantage token, each discovery
    another; failure adds ``peril_on_failure`` peril tokens."""
    pool = outcome.rolled.pool
    spent: list[str] = []
    victory = [0, 0]
    markers: tuple[tuple[str, Colour | None], ...] = ()
    advantage = pool.count("discovery")
    peril = 0
    if outcome.success:
        victory[ship.side] += 1
        markers = ((objective.id, marker),)
        if pool.count("breakthrough") and within(ship, objective, near):
            victory[ship.side] += 1
            spent.append("1 breakthrough for 1 more victory point")
    else:
        peril = peril_on_failure
    if pool.count("analysis"):
        advantage += 1
        spent.append("1 analysis for an advantage token")
    effects = Effects(ships=(_tokens(ship, outcome, advantage, peril),), victory=(victory[0], victory[1]),
                      markers=markers)
    return _event(state, ship, name, "ops", skill, leader, outcome, spent, effects, objective.id, seq, phase,
                  analysis_used=min(pool.count("analysis"), 1))


def transporter_evac(state: ItuState, ship_id: str, objective_id: str, leader: str | None, tester: Modifier,
                     opponent: Chooser, *, seq: int, phase: Phase) -> TestMade:
    """TRANSPORTER EVAC (Rescue Op): at Sensors range of a freighter with no control marker; 1
    reserve (paid by the order); difficulty 2, +1 per opposing ship with Sensors range to it; ops +
    Mechanics (chosen stat), rerolling up to instruments power. Success places the tester's marker
    and scores 1 VP (a breakthrough at 4" scores 1 more); an analysis adds an advantage token;
    failure adds a peril token per point it failed by."""
    ship = state.ship(ship_id)
    objective = next(o for o in state.objectives if o.id == objective_id)
    if objective.marker is not None or not at_sensors_range(ship, objective):
        raise ValueError(f"{objective_id} is not a freighter at {ship.name}'s Sensors range")
    difficulty = 2 + sum(at_sensors_range(s, objective) for s in state.ships if s.side != ship.side
                         and not s.destroyed)
    outcome = test_dice(state, ship, "ops", "Mechanics", difficulty, leader, (("allowance", ship.stats.instruments),),
                        tester, opponent)
    return _complication_test(state, ship, "TRANSPORTER EVAC", "Mechanics", leader, outcome, objective,
                              COLOURS[ship.side], 4, difficulty - outcome.rolled.pool.successes(), seq, phase)


REPAIR_DIFFICULTY = 2  # chosen: the guide gives the repair action no test; see docs/rulings.md


def repair(state: ItuState, ship_id: str, title: str, leader: str | None, tester: Modifier, opponent: Chooser, *,
           seq: int, phase: Phase) -> TestMade:
    """REPAIR (guide, "Repair"): the action a damage card adds at the station it took offline; a
    successful test discards the card. Chosen: difficulty 2, ops + Mechanics, rerolling up to
    instruments power."""
    ship = state.ship(ship_id)
    if title not in [t for t, _ in ship.cards]:
        raise ValueError(f"{ship.name} holds no damage card {title!r}")
    outcome = test_dice(state, ship, "ops", "Mechanics", REPAIR_DIFFICULTY, leader,
                        (("allowance", ship.stats.instruments),), tester, opponent)
    discovery = outcome.rolled.pool.count("discovery")
    delta = _tokens(ship, outcome, discovery)
    if outcome.success:
        delta = delta.model_copy(update={"repaired": (title,)})
    spent = [f"{discovery} discovery for advantage"] if discovery else []
    return _event(state, ship, "REPAIR", "ops", "Mechanics", leader, outcome, spent, Effects(ships=(delta,)), None,
                  seq, phase)

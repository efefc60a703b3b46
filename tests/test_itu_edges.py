"""Into the Unknown at the edges of the guide's text (issue 34, items 1-8 and 10): the come about
and system boundaries, a torpedo's area by its outline, detonation across areas, Relentless on
security skill tests and through the shields, hostile acts of a blast and after the Hail flip, an
open station taken by an officer of another station, and the rulings the code makes where the
guide is silent. Each test quotes the sentence it holds the engine to."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown import procedures
from engine.rulesets.into_the_unknown.ai import ItuAI, peril_choice
from engine.rulesets.into_the_unknown.combat import Shot, _attacker_after, beam_attack, hostile_act
from engine.rulesets.into_the_unknown.dice import Modifier, Pool, Rolled
from engine.rulesets.into_the_unknown.displays import JEM_HADAR_FIGHTER, OFFICERS, SKILL_CATEGORIES
from engine.rulesets.into_the_unknown.events import OrderGiven, PoseModel, ShipDelta
from engine.rulesets.into_the_unknown.game import ItuGame
from engine.rulesets.into_the_unknown.mission import OBJECTIVES, setup
from engine.rulesets.into_the_unknown.movement import ComeAboutPlan, Table, resolve
from engine.rulesets.into_the_unknown.orders import maneuver, options
from engine.rulesets.into_the_unknown.procedures import sensor_lock, transporter_evac
from engine.rulesets.into_the_unknown.projectiles import HALF_LENGTH, blast_targets, detonates, impulse
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState
from engine.rulesets.into_the_unknown.table import INCH, SECTOR_MM, SYSTEM_RADIUS, area_of, token_area
from engine.rulesets.rng import Rng
from tests.test_itu_combat import firing, placed

CX = CY = SECTOR_MM / 2  # the system's centre
HALF_WIDTH_SMALL, HALF_LENGTH_SMALL = 0.75 * INCH, 1.0 * INCH  # a small base: 1.5" x 2"


def first_die(pool: Pool, difficulty: int, how: object) -> int | None:
    """A seat that rerolls the first die for every source but the test's own allowance."""
    return 0 if how == "relentless" else None


REROLL_FIRST = Modifier(first_die, lambda pool, difficulty, index: None)


def torpedo(state: ItuState, pose: Pose, side: int = 1, endurance: int = 2) -> tuple[ItuState, ProjectileState]:
    token = ProjectileState(id="torpedo-1", side=side, kind="photon_torpedo", pose=PoseModel.of(pose),
                            endurance=endurance, launched_by="fighter" if side else "defiant")
    return state.model_copy(update={"projectiles": (token,), "launched": 1}), token


# --- 1. a come about is an impulse maneuver: it may not cross a system boundary ----------------

def test_a_come_about_cannot_turn_a_base_into_the_system() -> None:
    """Guide, "Come About": "A come about impulse maneuver allows the ship to spin on its center";
    "Boundaries and Impulse": "If an impulse maneuver would cause a ship to enter a system, it must
    stop its maneuver ... so that no part of its base is in the system". A small base broadside to
    the system, 3 mm outside it, would put its fore end 22 mm into the system by facing it."""
    start = Pose(CX, CY - SYSTEM_RADIUS - HALF_WIDTH_SMALL - 3.0, 90.0)
    assert area_of(start, "small") == 0 and area_of(Pose(start.x, start.y, 0.0), "small") == 1
    done = resolve(start, "small", ComeAboutPlan(0.0), Table())
    assert done.stopped == "boundary" and area_of(done.end, "small") == 0
    assert (done.end.x, done.end.y) == (start.x, start.y) and 0.0 < done.end.heading < 90.0  # turned part way
    assert area_of(Pose(start.x, start.y, done.end.heading - 1.0), "small") == 1  # the last degree before it
    # the other way round (clockwise) a corner of the base swings into the system as soon: it stops too
    other = resolve(start, "small", ComeAboutPlan(180.0), Table())
    assert other.stopped == "boundary" and area_of(other.end, "small") == 0 and 90.0 < other.end.heading < 100.0
    far = Pose(100.0, 100.0, 90.0)  # far from the system every heading is reached
    assert resolve(far, "small", ComeAboutPlan(0.0), Table()).end.heading == 0.0


def test_a_come_about_cannot_turn_the_last_of_a_base_out_of_the_system() -> None:
    """Guide, "Boundaries and Impulse": "If an impulse maneuver would cause a ship to leave a system,
    it must do as above, but instead end with a part of its base remaining in its current system"."""
    start = Pose(CX, CY - SYSTEM_RADIUS - HALF_LENGTH_SMALL + 3.0, 0.0)  # its fore end 3 mm into the system
    assert area_of(start, "small") == 1
    done = resolve(start, "small", ComeAboutPlan(90.0), Table())
    assert done.stopped == "boundary" and area_of(done.end, "small") == 1 and done.end.heading < 90.0
    state = placed(1, defiant=start)
    moved = maneuver(state, "defiant", ComeAboutPlan(90.0), seq=state.seq + 1, phase="priority")
    assert moved.area == 1 and moved.stopped == "boundary"  # the event the game records stays in system 1


# --- 2. a torpedo's area is its outline's -------------------------------------------------------

def test_a_torpedo_overlapping_the_boundary_is_in_the_system_and_loses_its_endurance_leaving() -> None:
    """Guide, "Areas": "If any part of a unit's base overlaps any part of the system ..., that unit is
    in the system"; "Check Endurance": "After a projectile completes an impulse maneuver that
    crosses a system boundary ..., it loses all remaining Endurance". The token's centre is 5 mm
    outside the system but its aft point 7.7 mm inside: it is in the system, and moving 4" out of
    it crosses the boundary (judged by the centre, the move did not)."""
    start = Pose(CX, CY - SYSTEM_RADIUS - 5.0, 180.0)  # heading south, away from the system
    assert HALF_LENGTH > 5.0 and token_area(start) == 1
    move = impulse(start, "port", 4 * INCH, False, ())
    assert token_area(move.end) == 0 and move.crossed_boundary
    game = ItuGame(1, [ItuAI(), ItuAI()])
    game.state, _ = torpedo(game.state.with_ship(game.state.ship("fighter").model_copy(
        update={"pose": PoseModel.of(Pose(100.0, 800.0, 0.0)), "area": 0})).with_ship(
        game.state.ship("defiant").model_copy(update={"pose": PoseModel.of(Pose(800.0, 100.0, 0.0)), "area": 0})),
        start, endurance=2)
    game._projectile_turns()
    moved = next(e for e in game.events if e.type == "projectile_moved")
    assert moved.crossed_boundary and moved.endurance == 0


def test_a_torpedo_sliding_through_the_edge_of_the_system_crosses_its_boundary() -> None:
    """A token that starts and ends in deep space but passes over the system on its way has crossed
    the boundary (twice): its endurance is lost as for any crossing."""
    start = Pose(CX - SYSTEM_RADIUS - 4.0, CY - 2 * INCH, 0.0)  # north, along a chord 2.35 mm into the system
    assert token_area(start) == 0
    move = impulse(start, "port", 4 * INCH, False, ())
    assert token_area(move.end) == 0 and move.crossed_boundary


# --- 3. detonation is a range check, not across areas --------------------------------------------

def test_a_torpedo_in_deep_space_does_not_detonate_at_a_ship_in_the_system() -> None:
    """Guide: "A torpedo also detonates if it is at 1" of an opposing unit"; "Measuring Between
    Areas": "When a non-attack effect measures a range ..., any objects in different areas of the
    sector are not at range". The Defiant's fore end is 3 mm into the system; a Dominion torpedo
    1/2" behind its aft end, wholly in deep space, is not at 1" of it. The blast is an attack
    ("Declare Target": "either or both can be outside a system"), so once a torpedo detonates its
    blast reaches the Defiant across the boundary."""
    defiant = Pose(CX, CY - SYSTEM_RADIUS - HALF_LENGTH_SMALL + 3.0, 0.0)
    state = placed(1, defiant=defiant, fighter=Pose(100.0, 800.0, 0.0))
    assert state.ship("defiant").area == 1
    behind = Pose(CX, defiant.y - HALF_LENGTH_SMALL - 0.5 * INCH - HALF_LENGTH, 0.0)
    state, token = torpedo(state, behind)
    assert token_area(behind) == 0 and not detonates(state, token)
    assert blast_targets(state, token)[0].id == "defiant"  # the blast (an attack) would reach it


# --- 4. Relentless on security skill tests -------------------------------------------------------

def test_relentless_rerolls_in_a_security_skill_test() -> None:
    """Guide, "Officer Keywords": "Relentless X: While this officer leads an attack or security
    skill category test, you can reroll up to X dice". Ordnance is a security skill (Talak'talan's
    card); SENSOR LOCK and DEMOLITION SALVO test it, THREAT ANALYSIS tests Discipline (social)."""
    assert SKILL_CATEGORIES["Ordnance"] == "security" and SKILL_CATEGORIES["Discipline"] == "social"
    fighter = Pose(457.2, 200.0, 0.0)
    state = placed(5, fighter=fighter, defiant=Pose(457.2, 200.0 + 2 * 25.4 + 2 * INCH, 180.0))
    lock = sensor_lock(state, "fighter", "defiant", "talaktalan", REROLL_FIRST, peril_choice, seq=state.seq + 1,
                       phase="priority")
    assert [s.how for s in lock.steps] == ["relentless"] and lock.steps[0].index == 0
    ship = state.ship("fighter")
    salvo = procedures.test_dice(state, ship, "ops", "Ordnance", 2, "talaktalan", (("allowance", 1),), REROLL_FIRST,
                      peril_choice)
    assert [s.how for s in salvo.rolled.pool.steps] == ["relentless"]
    threat = procedures.test_dice(state, ship, "command", "Discipline", 2, "talaktalan", (("allowance", 1),),
                                  REROLL_FIRST, peril_choice)
    assert threat.rolled.pool.steps == ()  # not a security test: no Relentless
    assert OFFICERS["talaktalan"].keyword("Relentless") == 1


# --- 5. Relentless's health damage meets the shields --------------------------------------------

def test_relentless_health_damage_is_met_by_the_ships_shields() -> None:
    """Guide, "Shields": "When an attack or other effect inflicts damage to a ship (whether hull or
    health), the ship must use its shields"; "If the damage is from another effect and does not
    specify which end is affected, the player uses the unit's highest shield value". A Relentless
    reroll into a breakthrough costs the Fighter 1 health damage; with reserve left after the
    attack's 1 and shields of at least 1, a reserve pays for it and the crew dial stays."""
    state = placed(1)
    ship = state.ship("fighter")
    assert max(ship.stats.fore_shields, ship.stats.aft_shields) >= 1 and ship.reserve >= 2
    rolled = Rolled(Pool(()), Rng(1), relentless_breakthroughs=1)
    spent: list[str] = []
    mine = _attacker_after(ship, rolled, ShipDelta(ship="fighter", reserve=-1), spent)
    assert mine.crew == 0 and mine.reserve == -2 and spent == ["Relentless: 1 health damage, 1 cancelled by shields"]
    broke = ship.model_copy(update={"reserve": 1})  # the reserve all spent on the attack: the crew dial pays
    assert _attacker_after(broke, rolled, ShipDelta(ship="fighter", reserve=-1), []).crew == -1


def test_a_recorded_attack_pays_relentless_shields_from_reserve() -> None:
    """The reducer takes the attacker's reserve as the attack's power plus the shields against its
    Relentless damage (worked out from the recorded Relentless steps), and refuses any other sum."""
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    for seed in range(200):
        state = firing(placed(seed, fighter=fighter, defiant=defiant), "fighter", "talaktalan")
        event, _ = beam_attack(state, "fighter", Shot(JEM_HADAR_FIGHTER.beams[0], "defiant", "fore", "fore", 2, 0),
                               "talaktalan", REROLL_FIRST, peril_choice, seq=state.seq + 1, phase="priority")
        if any(s.how == "relentless" and s.face == "breakthrough" for s in event.steps):
            break
    else:  # pragma: no cover - the seeds hold one
        pytest.fail("no Relentless breakthrough in 200 seeds")
    mine = event.effects.ships[0]
    assert mine.ship == "fighter" and mine.reserve == -1 and mine.crew == 0
    assert apply(state, event).ship("fighter").reserve == state.ship("fighter").reserve - 1
    forged = event.model_copy(update={"effects": event.effects.model_copy(update={"ships": (
        mine.model_copy(update={"reserve": -2}), *event.effects.ships[1:])})})
    with pytest.raises(ValueError, match="on shields against Relentless"):
        apply(state, forged)
    # a file of the rules before (no shields against Relentless, the crew dial turned) still folds
    legacy = event.model_copy(update={"effects": event.effects.model_copy(update={"ships": (
        mine.model_copy(update={"reserve": 0, "crew": -1}), *event.effects.ships[1:])})})
    assert apply(state, legacy).ship("fighter").crew == state.ship("fighter").crew - 1


def test_relentless_health_damage_in_a_test_is_met_by_the_shields_too() -> None:
    """A SENSOR LOCK led by Talak'talan whose Relentless reroll comes up a breakthrough: 1 health
    damage to the Fighter, cancelled by 1 reserve (its highest shield is 1 or more)."""
    fighter = Pose(457.2, 200.0, 0.0)
    for seed in range(300):
        state = placed(seed, fighter=fighter, defiant=Pose(457.2, 200.0 + 2 * 25.4 + 2 * INCH, 180.0))
        lock = sensor_lock(state, "fighter", "defiant", "talaktalan", REROLL_FIRST, peril_choice,
                           seq=state.seq + 1, phase="priority")
        if any(s.how == "relentless" and s.face == "breakthrough" for s in lock.steps):
            break
    else:  # pragma: no cover - the seeds hold one
        pytest.fail("no Relentless breakthrough in 300 seeds")
    mine = lock.effects.ships[0]
    assert (mine.ship, mine.reserve, mine.crew) == ("fighter", -1, 0)
    assert "Relentless: 1 health damage, 1 cancelled by shields" in lock.spent
    after = apply(state, lock).ship("fighter")
    assert after.reserve == state.ship("fighter").reserve - 1 and after.crew == state.ship("fighter").crew


# --- 6 and 7. hostile acts -----------------------------------------------------------------------

def test_a_torpedo_blast_on_a_ship_is_a_hostile_act_under_calm_directives() -> None:
    """Guide, "Hostile Acts": "When an opposing unit resolves one of the following procedures, it is a
    hostile act: Attack: The unit either performs an attack targeting a friendly ship or launches a
    torpedo". A Dominion torpedo in flight when Rescue Op resets both directives to CALM that blasts
    the Defiant commits one: the Dominion flips and scores 2 negative VP, the Federation flips."""
    game = ItuGame(1, [ItuAI(), ItuAI()])
    defiant = Pose(300.0, 400.0, 90.0)
    game.state = game.state.with_ship(game.state.ship("defiant").model_copy(
        update={"pose": PoseModel.of(defiant), "area": area_of(defiant, "small")})).with_ship(
        game.state.ship("fighter").model_copy(update={"pose": PoseModel.of(Pose(700.0, 700.0, 270.0)),
                                                      "area": 0}))
    game.state = game.state.model_copy(update={"complication": "rescue_op", "directives": ("calm", "calm")})
    game.state, _ = torpedo(game.state, Pose(300.0, 400.0 + HALF_WIDTH_SMALL + 16.0, 90.0))
    game._projectile_turns()
    blast = next(e for e in game.events if e.type == "attack_made")
    assert blast.ship == "torpedo-1" and blast.target == "defiant"
    assert blast.effects.hostile == (True, True) and blast.effects.negative == (0, 2)
    assert game.state.directives == ("hostile", "hostile")


def test_after_the_hail_flip_a_dominion_attack_still_flips_the_federation() -> None:
    """Attack example, step 9: "they committed a hostile act by performing this attack, so they must
    flip their directive to its HOSTILE side and score 2 negative victory points. The Federation
    player also flips their directive, without penalty". After the Hail phase turned the Dominion
    HOSTILE (no act, no flip of the Federation), its attack turns the Federation, so the Defiant's
    return fire is no act of a CALM fleet (no 2 negative VP)."""
    state = placed(1).model_copy(update={"directives": ("calm", "hostile")})
    assert hostile_act(state, 1) == ((True, False), (0, 0))
    assert hostile_act(state, 0) == ((True, False), (2, 0))  # the Federation's own act, were it first
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    state = firing(placed(69, fighter=fighter, defiant=defiant).model_copy(update={"directives": ("calm", "hostile")}),
                   "fighter", "talaktalan")
    event, _ = beam_attack(state, "fighter", Shot(JEM_HADAR_FIGHTER.beams[0], "defiant", "fore", "fore", 2, 0),
                           "talaktalan", REROLL_FIRST, peril_choice, seq=state.seq + 1, phase="priority")
    after = apply(state, event)
    assert after.directives == ("hostile", "hostile") and after.negative_points == (0, 0)


# --- 8. an open station and the officers of its section ------------------------------------------

def test_an_officer_at_another_station_of_the_section_may_take_an_open_station() -> None:
    """Guide, "Priority Orders" step 2: "If the station is open, they may instead choose a ready
    officer in the same section as that station, then assign that officer to the open station". With
    the Defiant's helm open (its officer relocated to engineering), the Vigilant Security Chief at
    tactical may order IMPULSE at the helm, and leaves tactical open for it."""
    state = placed(1)
    ship = state.ship("defiant")
    away = ship.officer("daring_first_officer").model_copy(update={"section": "engineering", "station": None})
    state = state.with_ship(ship.model_copy(update={"officers": tuple(away if o.key == away.key else o
                                                                      for o in ship.officers)}))
    helm = [o for o in options(state.ship("defiant"), "priority") if o.station == "helm"]
    chief = next(o for o in helm if o.officer == "vigilant_security_chief")
    assert chief.assigned and chief.action.name == "IMPULSE"
    order = OrderGiven(seq=state.seq + 1, round=1, phase="priority", ship="defiant", order="priority",
                       action="IMPULSE", station="helm", officer="vigilant_security_chief", assigned=True,
                       paid=chief.paid)
    after = apply(state, order).ship("defiant")
    assert after.officer("vigilant_security_chief").station == "helm" and after.at_station("tactical") is None


# --- 10. what the code decides where the guide is silent (docs/rulings.md) -----------------------

def test_one_control_marker_on_each_objective() -> None:
    """Setup 02: "Place 4 solid objective tokens, then place 2 ORANGE and 2 BLUE colored control
    markers on each objective as shown": read as four markers in all, one on each objective
    (THREAT ANALYSIS removes "the" marker, and the overture ends when "the final control marker was
    removed from an objective token")."""
    state = apply(ItuState(), setup(1))
    assert len(state.objectives) == 4 and all(o.marker in ("blue", "orange") for o in state.objectives)
    assert sorted(o.marker or "" for o in state.objectives) == ["blue", "blue", "orange", "orange"]
    assert len(OBJECTIVES) == 4


def test_transporter_evac_needs_a_freighter_with_no_marker_at_all() -> None:
    """Rescue Op: TRANSPORTER EVAC "Must be at Sensors range of [an objective] with no opposing control
    marker", and the mission secures "objective tokens with no control markers"; success places the
    tester's marker, and the game ends when "Each [objective] has a control marker". A freighter
    already carrying the tester's own marker has been evacuated: it is refused, as one with the
    other side's."""
    objective = placed(1).objectives[0]
    near = Pose(objective.x, objective.y - HALF_LENGTH_SMALL - 0.5 * INCH - 10.0, 0.0)
    state = placed(1, defiant=near).model_copy(update={"complication": "rescue_op"})
    for marker in ("blue", "orange"):
        marked = state.model_copy(update={"objectives": tuple(o.model_copy(update={"marker": marker})
                                                               if o.id == objective.id else o
                                                               for o in state.objectives)})
        with pytest.raises(ValueError, match="not a freighter"):
            transporter_evac(marked, "defiant", objective.id, None, REROLL_FIRST, peril_choice,
                             seq=marked.seq + 1, phase="priority")
    free = state.model_copy(update={"objectives": tuple(o.model_copy(update={"marker": None})
                                                        if o.id == objective.id else o for o in state.objectives)})
    test = transporter_evac(free, "defiant", objective.id, None, REROLL_FIRST, peril_choice, seq=free.seq + 1,
                            phase="priority")
    assert test.test == "TRANSPORTER EVAC"


def test_pierce_is_spent_whenever_there_is_analysis_to_spend() -> None:
    """Pierce X: "during the Determine Outcome step, you may spend up to X analysis results": the
    engine spends them always, hit or miss (an attack has no other use for analysis here, and a
    lower shield never helps the defender), after every die change (the seats' rerolls and the
    opponent's peril come first: steps 6 and 7)."""
    fighter = Pose(457.2, 200.0, 0.0)
    defiant = Pose(457.2, 200.0 + 25.4 + 6 * INCH + 25.4, 180.0)
    state = firing(placed(69, fighter=fighter, defiant=defiant), "fighter", "talaktalan")
    never = Modifier(lambda pool, difficulty, how: None, lambda pool, difficulty, index: None)
    event, pierced = beam_attack(state, "fighter", Shot(JEM_HADAR_FIGHTER.beams[0], "defiant", "fore", "fore", 2, 0),
                                 "talaktalan", never, peril_choice, seq=state.seq + 1, phase="priority")
    analysis = sum(1 for d in event.dice if d.face == "analysis")
    assert not event.hit and analysis == 1 and pierced == 1 and "1 analysis on Pierce" in event.spent


def test_the_complications_end_is_first_checked_at_the_end_of_the_round_after_its_reveal() -> None:
    """"The game ends at the end of the round when any of the following happen", printed with each
    complication, which begins at "The end of round 3" (or of the round the final control marker was
    removed): its end conditions are first read at the end of the round after the reveal. A ship
    disabled before the reveal ends the game at the end of the next round, not of the reveal's."""
    game = ItuGame(3, [ItuAI(), ItuAI()])
    game.round()
    game.round()
    assert game.state.complication is None and game.state.round == 2
    disabled = next(i for i, step in enumerate(JEM_HADAR_FIGHTER.hull_dial) if "disabled" in step.icons)
    game.state = game.state.with_ship(game.state.ship("fighter").model_copy(update={"hull": disabled}))
    game.round()
    assert game.state.complication is not None and not game.state.over and game.state.round == 3
    game.round()
    assert game.state.over and game.state.round == 4
    ended = game.events[-1]
    assert ended.type == "game_ended" and "a ship disabled or destroyed" in ended.why


def test_the_end_card_of_a_tie_says_the_rule_that_decides_it(tmp_path: Path) -> None:
    """Issue 36: the end card said "Dominion wins" over 5-5 without the tie-break. Seed 3 ties 5 to 5 in
    Outpost Ambush, where "a tie goes to the Dominion"."""
    from engine.replay_timeline import load_timeline
    from trek.main import main

    out = tmp_path / "tie.trek"
    assert main(["play", "itu-perditions-gate", "--seed", "3", "-o", str(out)]) == 0
    card = load_timeline(out).end_card
    assert card.title == "Dominion wins the tie"
    assert card.subtitle.startswith("5 to 5: a tie goes to the Dominion in Outpost Ambush")

"""Into the Unknown (issue 17): the AI's decisions that decide games. Each test states what the
guide allows or costs and checks that the AI takes it: no hostile act while CALM for a marker, the
mission action by a standby order, officers relocated to lead the mission test, a Fighter whose
Sensors look through its fore arc ending its move facing the objective."""

from __future__ import annotations

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.ai import ItuAI, best_move, mission_ready
from engine.rulesets.into_the_unknown.events import OfficerRelocated, OrderGiven, PoseModel
from engine.rulesets.into_the_unknown.mission import setup
from engine.rulesets.into_the_unknown.movement import resolve
from engine.rulesets.into_the_unknown.orders import table_for
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.table import INCH, area_of


def placed(**poses: Pose) -> ItuState:
    state = apply(ItuState(), setup(1))
    for ship_id, pose in poses.items():
        ship = state.ship(ship_id)
        state = state.with_ship(ship.model_copy(update={"pose": PoseModel.of(pose),
                                                        "area": area_of(pose, ship.card.base)}))
    return state


def test_no_threat_analysis_on_an_opposing_marker_while_calm() -> None:
    """Guide, THREAT ANALYSIS: an opposing marker is replaced, "this is a hostile act"; a CALM fleet
    committing one scores 2 negative VP and both directives turn HOSTILE (attack example). The AI
    leaves such markers alone while CALM and takes them once its directive is HOSTILE."""
    state = placed(fighter=Pose(304.8, 300.0, 0.0))  # objective-1 (BLUE) in the Fighter's fore Sensors
    fighter = state.ship("fighter")
    assert mission_ready(state, fighter) == []
    choice = ItuAI().order(state, 1, "priority")
    assert choice is None or choice.option.action.name != "THREAT ANALYSIS"
    hostile = state.model_copy(update={"directives": ("hostile", "hostile")})
    assert [o.id for o in mission_ready(hostile, fighter)] == ["objective-1"]


def test_a_standby_order_takes_the_mission_action() -> None:
    """Guide, "Action Requirements": a standby order may take THREAT ANALYSIS (it counts as the
    ship's one standby order); no officer leads it, and it costs nothing."""
    state = placed(defiant=Pose(304.8, 481.0, 0.0))  # the test example's position
    choice = ItuAI().order(state, 0, "standby")
    assert choice is not None and choice.option.action.name == "THREAT ANALYSIS"
    assert choice.option.officer is None and choice.objective == "objective-1" and choice.reason
    order = OrderGiven(seq=state.seq + 1, round=1, phase="standby", ship="defiant", order="standby",
                       action="THREAT ANALYSIS", station=choice.option.station, paid=choice.option.paid)
    after = apply(state, order)
    assert after.ship("defiant").standby_given and after.ship("defiant").reserve == state.ship("defiant").reserve


def test_the_ready_phase_relocates_an_officer_to_lead_the_mission_test() -> None:
    """Guide, "Ready Phase" step 3 and the test example ("the player could move another officer with
    Discipline here during the Ready Phase"): the Defiant's Daring First Officer (Discipline 1) takes
    the instruments station from the Redoubtable Engineer (no Discipline), who takes the helm left
    open; three relocations, each with its reason. The Fighter's Karemma Researcher already has the
    best Discipline aboard, so the Dominion moves no one."""
    state = placed()
    moves = ItuAI().relocate(state, 0)
    assert [(m.officer, m.station) for m in moves] == [("redoubtable_engineer", None),
                                                       ("daring_first_officer", "instruments"),
                                                       ("redoubtable_engineer", "helm")]
    assert all(m.reason for m in moves) and "Discipline 1" in moves[1].reason
    for move in moves:
        state = apply(state, OfficerRelocated(seq=state.seq + 1, round=1, phase="ready", ship=move.ship,
                                              officer=move.officer, section=move.section, station=move.station,
                                              reason=move.reason))
    defiant = state.ship("defiant")
    assert defiant.at_station("instruments").key == "daring_first_officer"  # type: ignore[union-attr]
    assert defiant.at_station("helm").key == "redoubtable_engineer"  # type: ignore[union-attr]
    assert ItuAI().relocate(state, 0) == [] and ItuAI().relocate(state, 1) == []
    fourth = OfficerRelocated(seq=state.seq + 1, round=1, phase="ready", ship="defiant", officer="sisko",
                              section="bridge", station="helm")
    with pytest.raises(ValueError, match="up to 3 officers"):  # guide, "Ready Phase" step 3: up to 3
        apply(state, fourth)
    with pytest.raises(ValueError, match="already has an officer"):
        apply(state.model_copy(update={"relocated": (0, 0)}), fourth)
    with pytest.raises(ValueError, match="only in the ready phase"):
        apply(state.model_copy(update={"relocated": (0, 0)}), fourth.model_copy(update={"phase": "hail"}))


def test_a_fore_arc_sensor_ship_ends_its_move_facing_the_objective() -> None:
    """The Fighter's Sensors look through its fore arc only (guide: "its own 6" fore arc Sensors
    range"): from its start the AI's impulse toward objective-3 ends where THREAT ANALYSIS can be
    taken, not merely close to the token with the token off its beam."""
    state = placed()
    fighter = state.ship("fighter")
    goal = next(o for o in state.objectives if o.id == "objective-3")
    plan, _ = best_move(state, fighter, (goal.x, goal.y), warp=False)
    end = resolve(fighter.pose.pose(), fighter.card.base, plan, table_for(state, fighter)).end
    moved = fighter.model_copy(update={"pose": PoseModel.of(end), "area": area_of(end, fighter.card.base)})
    assert [o.id for o in mission_ready(state, moved)] == ["objective-3"]


def test_the_ai_locks_before_it_fires_then_fires_twice_within_the_budget() -> None:
    """Guide, "Sensor Locks" (friendly attacks on a locked unit reroll up to instruments power) and
    "Making an Attack" step 4: with the Defiant 3" ahead, at its Sensors range, in the Outpost Ambush,
    the Fighter first locks it (an officer other than the instruments one will still order FIRE
    WEAPONS); its fire plan then spends all 4 weapons power at red 1 on two attacks (the polaron
    beams' x2: 3 + 1), the second topped up with reserve up to the weapons power stat in all."""
    from engine.rulesets.into_the_unknown.ai_fire import plan_fire
    from engine.rulesets.into_the_unknown.volley import plan_refusal

    # in deep space, far from every outpost (no DEMOLITION SALVO to take first)
    state = placed(fighter=Pose(820.0, 100.0, 0.0), defiant=Pose(820.0, 100.0 + 3 * INCH + 25.4 + 25.4, 180.0))
    state = state.model_copy(update={"complication": "outpost_ambush", "directives": ("hostile", "hostile"),
                                     "round": 4})
    state = state.with_ship(state.ship("fighter").model_copy(update={"alert": 3}))  # red 1: weapons power 4
    choice = ItuAI().order(state, 1, "priority")
    assert choice is not None and choice.option.action.name == "SENSOR LOCK" and choice.target == "defiant"
    assert "lock" in choice.reason and "first" in choice.reason
    fighter = state.ship("fighter")
    plan = plan_fire(state, fighter, "talaktalan", True, keep=2)
    beams = [s for s in plan.shots if s.end is not None]
    assert len(beams) == 2 and sum(s.weapons_power for s in beams) + sum(
        x.weapons_power for x in plan.launches) == fighter.stats.weapons
    assert sum(s.reserve for s in beams) >= 1 and "reserve" in plan.reason
    assert sum(s.reserve for s in beams) <= min(fighter.stats.weapons, fighter.reserve - 2)  # 2 kept for shields
    assert plan_refusal(fighter, [(s.weapon.name, s.arc, s.weapons_power, s.reserve) for s in plan.shots]
                        + [(x.launcher.name, x.end, x.weapons_power, x.reserve) for x in plan.launches]) is None


def test_the_fighter_warps_toward_a_goal_beyond_an_impulse() -> None:
    """Guide, "Engage Warp": straight ahead up to twice the warp factor in inches (the Fighter's warp
    drive 6: 12"), beyond its engine power's 8" at red 1: with its objective (objective-3, ORANGE)
    11" off across the system, the AI warps toward it within the system."""
    state = placed(fighter=Pose(680.0, 680.0, 256.0))
    state = state.with_ship(state.ship("fighter").model_copy(update={"alert": 3}))  # red 1: engine power 8
    assert area_of(state.ship("fighter").pose.pose(), "small") == 1
    choice = ItuAI().order(state, 1, "priority")
    assert choice is not None and choice.option.action.name == "WARP" and "at warp" in choice.reason

"""Into the Unknown (issue 17), projectiles: the launching torpedo example, the torpedo engage impulse
example (Inertia, lateral sides, placed across the ruler, endurance running out), detonation at 1"
with Blast, and endurance lost crossing a system boundary."""

from __future__ import annotations

import math

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.ai import ItuAI
from engine.rulesets.into_the_unknown.combat import IllegalAttack
from engine.rulesets.into_the_unknown.displays import JEM_HADAR_FIGHTER, PROJECTILES
from engine.rulesets.into_the_unknown.events import OrderGiven, PoseModel
from engine.rulesets.into_the_unknown.game import ItuGame
from engine.rulesets.into_the_unknown.movement import NOTCH_DEGREES
from engine.rulesets.into_the_unknown.projectiles import (
    HALF_LENGTH,
    HALF_WIDTH,
    RULER_WIDTH,
    TOOL_STEM,
    Launch,
    blast_targets,
    impulse,
    launch,
    outline,
)
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState
from engine.rulesets.into_the_unknown.table import INCH, SECTOR_MM, SYSTEM_RADIUS, area_of, slot

TUBES = JEM_HADAR_FIGHTER.launchers[0]


def game_with(**poses: Pose) -> ItuGame:
    game = ItuGame(1, [ItuAI(), ItuAI()])
    for ship_id, pose in poses.items():
        ship = game.state.ship(ship_id)
        game.state = game.state.with_ship(ship.model_copy(update={"pose": PoseModel.of(pose),
                                                                  "area": area_of(pose, ship.card.base)}))
    return game


def with_torpedo(game: ItuGame, pose: Pose, endurance: int = 1, side: int = 1) -> ProjectileState:
    token = ProjectileState(id="torpedo-1", side=side, kind="photon_torpedo", pose=PoseModel.of(pose),
                            endurance=endurance, launched_by="fighter")
    game.state = game.state.model_copy(update={"projectiles": (token,), "launched": 1})
    return token


def test_launching_torpedo_example() -> None:
    """Guide, "Launching Torpedo Example": 1 weapons power left pays the tube's cost; the launcher
    shows torpedoes ready at yellow 1; the tool in the fore slot turned left less than the impulse
    turn of 1; the token's aft point against the stem's notch; a '1' endurance marker (of 2)."""
    state = game_with(fighter=Pose(457.2, 300.0, 0.0)).state
    event = launch(state, "fighter", Launch(TUBES, "fore", -0.6, 1, 1), seq=state.seq + 1, phase="priority")
    assert event.pose.heading == pytest.approx(360.0 - 0.6 * NOTCH_DEGREES) and event.endurance == 1
    sx, sy = slot(Pose(457.2, 300.0, 0.0), "small", "fore")
    h = math.radians(event.pose.heading)
    aft_point = (event.pose.x - HALF_LENGTH * math.sin(h), event.pose.y - HALF_LENGTH * math.cos(h))
    assert aft_point == pytest.approx((sx + TOOL_STEM * math.sin(h), sy + TOOL_STEM * math.cos(h)))
    assert event.effects.negative == (0, 2) and event.effects.hostile == (True, True)  # launching is hostile
    with pytest.raises(ValueError, match="outside a FIRE WEAPONS action"):
        apply(state, event)
    state = apply(state, OrderGiven(seq=state.seq + 1, round=state.round, phase="priority", ship="fighter",
                                    order="priority", action="FIRE WEAPONS", station="tactical", officer="talaktalan"))
    event = event.model_copy(update={"seq": state.seq + 1})
    after = apply(state, event)
    assert [(p.id, p.endurance, p.side) for p in after.projectiles] == [("torpedo-1", 1, 1)]
    with pytest.raises(IllegalAttack, match="endurance"):
        launch(state, "fighter", Launch(TUBES, "fore", 0, 3, 1), seq=state.seq + 1, phase="priority")
    with pytest.raises(IllegalAttack, match="cannot launch"):
        launch(state, "fighter", Launch(TUBES, "fore", 1.5, 1, 1), seq=state.seq + 1, phase="priority")
    with pytest.raises(IllegalAttack, match="costs 1"):
        launch(state, "fighter", Launch(TUBES, "fore", 0, 1, 2), seq=state.seq + 1, phase="priority")
    green = state.with_ship(state.ship("fighter").model_copy(update={"alert": 1}))
    with pytest.raises(IllegalAttack, match="probes"):
        launch(green, "fighter", Launch(TUBES, "fore", 0, 1, 1), seq=state.seq + 1, phase="priority")


def test_a_projectile_moves_along_a_lateral_side_and_may_end_across_the_ruler() -> None:
    start = Pose(200.0, 200.0, 0.0)
    along = impulse(start, "port", 4 * INCH, False, ())
    assert (along.end.x, along.end.y, along.end.heading) == pytest.approx((200.0, 200.0 + 4 * INCH, 0.0))
    across = impulse(start, "port", 4 * INCH, True, ())
    assert across.end.x == pytest.approx(200.0 - RULER_WIDTH - 2 * HALF_WIDTH)  # the other side of the ruler
    assert across.end.y == pytest.approx(200.0 + 4 * INCH)
    guided = impulse(start, "fore_starboard", 4 * INCH, False, ())
    assert guided.end.x - 200.0 == pytest.approx(4 * INCH / math.sqrt(2)) and guided.end.heading == 0.0


def test_torpedo_engage_impulse_example() -> None:
    """Guide, "Torpedo Engage Impulse Example": no lock, so a lateral side; the full 4" (Inertia);
    not at 1" of the Defiant, so no detonation; the '1' marker runs out and the token is removed."""
    game = game_with(defiant=Pose(300.0, 600.0, 90.0), fighter=Pose(600.0, 500.0, 270.0))
    with_torpedo(game, Pose(500.0, 450.0, 315.0), endurance=1)
    game._projectile_turns()
    moved = [e for e in game.events if e.type == "projectile_moved"]
    assert len(moved) == 1 and moved[0].distance == pytest.approx(PROJECTILES["photon_torpedo"].engine * INCH)
    assert moved[0].side in ("port", "starboard") and moved[0].endurance == 0
    assert game.events[-1].type == "projectile_removed" and game.events[-1].why == "endurance"
    assert not game.state.projectiles


def test_a_torpedo_at_1_inch_detonates_and_its_blast_attacks() -> None:
    game = game_with(defiant=Pose(300.0, 400.0, 90.0), fighter=Pose(700.0, 700.0, 270.0))
    token = with_torpedo(game, Pose(300.0, 400.0 + 19.05 + HALF_WIDTH + 10.0, 90.0), endurance=2)
    assert blast_targets(game.state, token)[0].id == "defiant"
    game._projectile_turns()
    kinds = [e.type for e in game.events[1:]]
    assert kinds[:2] == ["phase_started", "projectile_removed"] and "projectile_moved" not in kinds
    attack = game.events[3]
    assert attack.type == "attack_made" and attack.ship == "torpedo-1" and attack.target == "defiant"
    assert len(attack.dice) == PROJECTILES["photon_torpedo"].dice and not game.state.projectiles


def test_a_torpedo_crossing_a_system_boundary_loses_its_endurance() -> None:
    game = game_with(defiant=Pose(100.0, 100.0, 0.0), fighter=Pose(100.0, 800.0, 0.0))
    cx = SECTOR_MM / 2
    with_torpedo(game, Pose(cx, cx + SYSTEM_RADIUS - 30.0, 0.0), endurance=2)
    game._projectile_turns()
    moved = next(e for e in game.events if e.type == "projectile_moved")
    assert moved.crossed_boundary and moved.endurance == 0
    assert game.events[-1].type == "projectile_removed"


def test_blast_prefers_locked_opposing_units() -> None:
    game = game_with(defiant=Pose(300.0, 400.0, 90.0), fighter=Pose(300.0 + 50.8 + 14.0, 400.0, 90.0))
    token = with_torpedo(game, Pose(300.0 + 25.4 + 7.0, 400.0, 0.0), side=1)
    assert {s.id for s in blast_targets(game.state, token)} == {"defiant", "fighter"}  # each unit at 1"
    locked = game.state.with_ship(game.state.ship("fighter").model_copy(update={"lock": "defiant"}))
    assert [s.id for s in blast_targets(locked, token)] == ["defiant"]
    assert outline(token.pose.pose()).area == pytest.approx(2 * HALF_WIDTH * 2 * HALF_LENGTH * 0.75)
    assert isinstance(game.state, ItuState)


def test_demolition_salvo_counts_opposing_torpedoes_and_a_torpedo_may_make_it() -> None:
    """Outpost Ambush, DEMOLITION SALVO: "Ship or torpedo; must be at phased polaron beams, phasers, or
    detonation range of [an outpost] with opposing control marker ... If a torpedo makes this test,
    remove that torpedo. Increase [the difficulty] by 1 for each opposing unit at 4" of [it]"."""
    from engine.rulesets.into_the_unknown.procedures import demolition_salvo, salvo_targets

    # objective-1 (304.8, 404.8) carries a BLUE marker: an outpost the Dominion may demolish
    game = game_with(fighter=Pose(304.8, 404.8 - 5 * INCH, 0.0), defiant=Pose(800.0, 800.0, 0.0))
    game.state = game.state.model_copy(update={"complication": "outpost_ambush"})
    test = demolition_salvo(game.state, "fighter", "objective-1", "talaktalan", ItuAI().tester(game.state, 1),
                            ItuAI().peril, seq=game.state.seq + 1, phase="priority")
    assert test.difficulty == 2
    with_torpedo(game, Pose(304.8 + 2 * INCH, 404.8, 0.0), side=0)  # a Federation torpedo 2" off: opposing
    test = demolition_salvo(game.state, "fighter", "objective-1", "talaktalan", ItuAI().tester(game.state, 1),
                            ItuAI().peril, seq=game.state.seq + 1, phase="priority")
    assert test.difficulty == 3
    # a Dominion torpedo at detonation range (1") of the BLUE outpost makes the test and is removed
    game = game_with(fighter=Pose(600.0, 200.0, 0.0), defiant=Pose(800.0, 800.0, 0.0))
    game.state = game.state.model_copy(update={"complication": "outpost_ambush"})
    token = with_torpedo(game, Pose(304.8, 404.8 - 0.5 * INCH - 25.4 / 2 - HALF_LENGTH, 0.0), side=1)
    assert [o.id for o in salvo_targets(game.state, token)] == ["objective-1"]
    far = token.model_copy(update={"pose": PoseModel.of(Pose(304.8, 404.8 - 3 * INCH, 0.0))})
    assert salvo_targets(game.state, far) == []
    before = len(game.events)
    game._projectile_order(token.id)
    test_event, removed = game.events[before:before + 2]
    assert test_event.type == "test_made" and test_event.ship == token.id and test_event.difficulty == 2
    assert test_event.test == "DEMOLITION SALVO" and test_event.target == "objective-1"
    assert [d.kind for d in test_event.dice] == ["intuition"] * PROJECTILES["photon_torpedo"].ops
    assert removed.type == "projectile_removed" and game.state.projectiles == ()
    blue = next(o for o in game.state.objectives if o.id == "objective-1").marker
    assert (blue is None) == test_event.success and game.state.victory_points[1] >= int(test_event.success)

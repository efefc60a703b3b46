"""Into the Unknown (issue 17): torpedoes as targets. Guide, "Making an Attack" step 3 ("Choose an
opposing unit to attack. If the target is a ship, choose which end"), "Hostile Acts" ("attacks
targeting torpedoes are not hostile acts"), "Projectile Hull Damage" (hull 1: destroyed by at least
1 point of hull damage), "Line of Sight" (not across an end of a ship other than the target)."""

from __future__ import annotations

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.ai import ItuAI
from engine.rulesets.into_the_unknown.combat import IllegalAttack, Shot, beam_attack, token_sight
from engine.rulesets.into_the_unknown.displays import DEFIANT, JEM_HADAR_FIGHTER
from engine.rulesets.into_the_unknown.table import INCH
from tests.test_itu_projectiles import game_with, with_torpedo

AHEAD = Pose(457.2, 300.0 + 4 * INCH, 180.0)  # a Dominion torpedo 4" off the Defiant's bow, coming at it


def test_the_ai_shoots_down_a_torpedo_that_would_reach_it_and_it_is_no_hostile_act() -> None:
    game = game_with(defiant=Pose(457.2, 300.0, 0.0), fighter=Pose(457.2, 760.0, 180.0))
    with_torpedo(game, AHEAD)
    choice = ItuAI().order(game.state, 0, "priority")
    assert choice is not None and choice.option.action.name == "FIRE WEAPONS"
    (shot,) = choice.shots
    assert (shot.target, shot.end) == ("torpedo-1", None) and "shoot it down" in choice.reason
    before = len(game.events)
    game._order(choice, "priority")
    attack = next(e for e in game.events[before:] if e.type == "attack_made")
    assert attack.end is None and attack.target == "torpedo-1" and attack.arc == "fore"
    assert attack.effects.negative == (0, 0) and attack.effects.hostile == (False, False)
    assert game.state.directives == ("calm", "calm") and game.state.negative_points == (0, 0)
    assert attack.hit and attack.damage >= 1 and attack.shields == 0
    assert game.events[-1].type == "projectile_removed" and game.events[-1].why == "destroyed"  # type: ignore[union-attr]
    assert game.state.projectiles == ()


def test_a_torpedo_out_of_arc_or_behind_a_ship_end_cannot_be_targeted() -> None:
    beams = JEM_HADAR_FIGHTER.beams[0]  # fore arc only
    game = game_with(fighter=Pose(457.2, 300.0, 0.0), defiant=Pose(200.0, 760.0, 0.0))
    token = with_torpedo(game, Pose(457.2, 300.0 - 4 * INCH, 0.0), side=0)  # behind the Fighter
    fighter = game.state.ship("fighter")
    assert token_sight(game.state, fighter, beams, token) is None
    with pytest.raises(IllegalAttack, match="not in the fore arc"):
        beam_attack(game.state, "fighter", Shot(beams, token.id, None, "fore", 2, 0), None,
                    ItuAI().tester(game.state, 1), ItuAI().peril, seq=game.state.seq + 1, phase="priority")
    # the Defiant sits between the Fighter's bow and a torpedo ahead: its ends block the line
    game = game_with(fighter=Pose(457.2, 300.0, 0.0), defiant=Pose(457.2, 300.0 + 3 * INCH, 90.0))
    token = with_torpedo(game, Pose(457.2, 300.0 + 6 * INCH, 0.0), side=0)
    assert token_sight(game.state, game.state.ship("fighter"), beams, token) is None
    game = game_with(fighter=Pose(457.2, 300.0, 0.0), defiant=Pose(100.0, 760.0, 0.0))
    token = with_torpedo(game, Pose(457.2, 300.0 + 6 * INCH, 0.0), side=0)
    assert token_sight(game.state, game.state.ship("fighter"), beams, token) is not None
    assert DEFIANT.beams[0].range_in >= 6  # the Defiant's own phasers would reach it too

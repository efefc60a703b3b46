"""Into the Unknown (issue 17): officer keywords and health (guide, "Officer Keywords", "Inspire",
"Officer Health Damage", "Hail Phase"): Inspiring spends 2 analysis results to inspire the unit;
an incapacitated officer cannot give orders, lead tests or be readied, but still relocates; the
Dominion's directive flip in the Hail phase."""

from __future__ import annotations

import pytest

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.ai import ItuAI
from engine.rulesets.into_the_unknown.dice import Modifier
from engine.rulesets.into_the_unknown.displays import OFFICERS
from engine.rulesets.into_the_unknown.events import OfficerRelocated, OfficersReadied, OrderGiven
from engine.rulesets.into_the_unknown.game import ItuGame
from engine.rulesets.into_the_unknown.orders import options
from engine.rulesets.into_the_unknown.procedures import threat_analysis, within
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState
from tests.test_itu_combat import never, placed

THREE_ANALYSIS_SEED = 33  # command 3: analysis, analysis, analysis
TWO_ANALYSIS_SEED = 20  # blank, analysis, analysis
KEEP = Modifier(lambda pool, difficulty, how: None, lambda pool, difficulty, index: None)
AT_OBJECTIVE = Pose(304.8, 481.0, 0.0)  # the test example's position: 2" of objective-1 (BLUE)


def sisko_leads(seed: int, crew: int | None = None, leader: str = "sisko",
                influence: int = 0) -> tuple[ItuState, ItuState]:
    state = placed(seed, defiant=AT_OBJECTIVE).model_copy(update={"influence": influence})
    if crew is not None:
        state = state.with_ship(state.ship("defiant").model_copy(update={"crew": crew}))
    assert within(state.ship("defiant"), state.objectives[0], 4)
    event = threat_analysis(state, "defiant", state.objectives[0].id, leader, KEEP, never, seq=state.seq + 1,
                            phase="priority")
    return state, apply(state, event)


def test_inspiring_spends_two_analysis_to_raise_the_crew_dial() -> None:
    """Sisko (Inspiring, command) leads THREAT ANALYSIS, a command test: of three analysis results
    one moves the influence marker (the test's kicker) and two inspire the crew; the crew dial at
    its start position rises one step (command 3 -> 3, ops 2 -> 3)."""
    assert OFFICERS["sisko"].keyword("Inspiring") and OFFICERS["sisko"].inspiring == "command"
    before, after = sisko_leads(THREE_ANALYSIS_SEED)
    assert after.influence == 1
    assert after.ship("defiant").crew == before.ship("defiant").crew + 1
    assert after.ship("defiant").crew_stats == (3, 3, 2) and after.ship("defiant").advantage == 0


def test_inspire_gives_advantage_at_the_dials_maximum_or_below_its_start() -> None:
    """Guide, "Inspire": below the start position or at the maximum, 1 advantage token instead. (The
    influence marker at the Federation's end of the track leaves both analysis results to Sisko.)"""
    for crew, seed in ((5, 2), (1, 33)):  # the Defiant's dial: 0-5, starting at 3; two analysis rolled
        _, after = sisko_leads(seed, crew=crew, influence=3)
        assert after.influence == 3
        assert after.ship("defiant").crew == crew and after.ship("defiant").advantage == 1


def test_no_inspiration_without_the_keyword_or_two_analysis_left() -> None:
    before, after = sisko_leads(THREE_ANALYSIS_SEED, leader="redoubtable_engineer")
    assert after.ship("defiant").crew == before.ship("defiant").crew
    before, after = sisko_leads(TWO_ANALYSIS_SEED)  # one analysis goes to the influence track
    assert after.influence == 1 and after.ship("defiant").crew == before.ship("defiant").crew


def incapacitated(state: ItuState, key: str, committed: bool) -> ItuState:
    ship = state.ship("defiant")
    officers = tuple(o.model_copy(update={"trauma": OFFICERS[key].health, "committed": committed}) if o.key == key
                     else o for o in ship.officers)
    return state.with_ship(ship.model_copy(update={"officers": officers}))


def test_an_incapacitated_officer_gives_no_order_and_is_not_readied_but_relocates() -> None:
    """Guide, "Officer Health Damage": trauma equal to health incapacitates; such an officer cannot
    be readied or give orders, "can still relocate during the Ready Phase"."""
    state = incapacitated(placed(1), "daring_first_officer", committed=False)
    officer = state.ship("defiant").officer("daring_first_officer")
    assert officer.incapacitated
    assert not [o for o in options(state.ship("defiant"), "priority") if o.officer == "daring_first_officer"]
    with pytest.raises(ValueError, match="not ready to give an order"):
        apply(state, OrderGiven(seq=state.seq + 1, round=1, phase="priority", ship="defiant", order="priority",
                                action="IMPULSE", station="helm", officer="daring_first_officer"))
    committed = incapacitated(placed(1), "daring_first_officer", committed=True)
    with pytest.raises(ValueError, match="cannot be readied"):
        apply(committed, OfficersReadied(seq=committed.seq + 1, round=1, phase="ready", side=0,
                                         officers=(("defiant", "daring_first_officer"),)))
    moved = apply(committed, OfficerRelocated(seq=committed.seq + 1, round=1, phase="ready", ship="defiant",
                                              officer="daring_first_officer", section="engineering", station=None))
    assert moved.ship("defiant").officer("daring_first_officer").section == "engineering"


class Declines(ItuAI):
    def hail(self, state: ItuState, side: int) -> bool:
        return False


def test_the_dominion_may_turn_hostile_in_the_hail_phase_when_trailing() -> None:
    """Guide, "Hail Phase": "the Dominion player can flip their directive card under certain
    circumstances"; the attack example's Dominion, trailing by 2, attacks "rather than wait for the
    Hail Phase to flip". Chosen: in the overture, a CALM Dominion trailing by 2 or more may flip at
    no cost (not a hostile act); the seat decides; the Federation's directive stays CALM."""
    game = ItuGame(1, [ItuAI(), ItuAI()])
    game.state = game.state.model_copy(update={"victory_points": (2, 0)})
    game._hail()
    assert game.state.directives == ("calm", "hostile") and game.state.negative_points == (0, 0)
    assert game.events[-1].type == "effects_resolved" and game.events[-1].phase == "hail"
    for vp, seats in (((1, 0), [ItuAI(), ItuAI()]), ((2, 0), [ItuAI(), Declines()]), ((0, 3), [ItuAI(), ItuAI()])):
        game = ItuGame(1, seats)
        game.state = game.state.model_copy(update={"victory_points": vp})
        game._hail()
        assert game.state.directives == ("calm", "calm") and len(game.events) == 1

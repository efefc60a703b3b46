"""attack_options remembers its answer by everything it reads, and skips the enemies whose bases are
certainly beyond Range 3 (``measure.beyond_range``): the options are those worked out afresh, enemy
by enemy and weapon by weapon through ``judge_attack``, in every call of a few games; and a pair of
bases ``beyond_range`` calls far is beyond Range 3 in every arc (rulebook "Measuring Range")."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.measure import Placed, arc_check, beyond_range, distance
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import GameState, ShipState


def _afresh(state: GameState, ship: ShipState) -> list[rules.AttackOption]:
    """The rulebook's combat steps 1 and 2 for every enemy and weapon, nothing remembered or skipped."""
    return [judged for enemy in state.enemies(ship) for weapon in (None, *ship.weapons)
            if isinstance(judged := rules.judge_attack(state, ship, enemy, weapon), rules.AttackOption)]


def test_attack_options_are_the_judgements_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    remembered = rules.attack_options
    calls: list[int] = []

    def checked(state: GameState, ship: ShipState) -> list[rules.AttackOption]:
        options = remembered(state, ship)
        assert options == _afresh(state, ship)
        assert remembered(state, ship) == options  # asked again: the remembered answer, the same
        calls.append(len(options))
        return options

    monkeypatch.setattr(rules, "attack_options", checked)
    scenario = load_scenario("skirmish")
    for seed in range(2):
        play(scenario, seed)
    assert len(calls) > 50 and any(calls)  # attacks were found, and not every time


_poses = st.builds(Pose, st.floats(0, 914.4), st.floats(0, 914.4), st.floats(0, 359.9))
_bases = st.builds(Placed, _poses, st.sampled_from(["small", "large"]))


@settings(max_examples=300, deadline=None)
@given(_bases, _bases, st.sampled_from([90.0, 180.0, 360.0]), st.booleans())
def test_bases_beyond_range_are_beyond_range_3_in_every_arc(a: Placed, b: Placed, arc: float, rear: bool) -> None:
    if beyond_range(a, b):
        assert distance(a, b) > P.RANGE_BAND_EDGES_MM[-1]
        check = arc_check(a, b, arc, rear)
        assert not check.in_arc or check.band == P.BEYOND_RANGE


def test_beyond_range_is_a_close_bound() -> None:
    # two small bases in a line: not far at Range 3 exactly; far once their centres are Range 3, both
    # half-diagonals and the millimetre to spare apart
    half = P.base_half("small")
    edge = P.RANGE_BAND_EDGES_MM[-1]
    a = Placed(Pose(100.0, 100.0, 0.0))
    assert not beyond_range(a, Placed(Pose(100.0, 100.0 + 2 * half + edge, 0.0)))
    far = Placed(Pose(100.0, 100.0 + 2 * half * math.sqrt(2) + edge + 1.5, 0.0))
    assert beyond_range(a, far) and beyond_range(far, a)

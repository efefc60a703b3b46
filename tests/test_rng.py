"""The shared seeded generator (engine/rulesets/rng.py): one class for every ruleset, drawing the
same numbers it drew when it lived in Attack Wing's dice module (pinned values)."""

from __future__ import annotations

from engine.rulesets import rng
from engine.rulesets.attack_wing import dice as aw_dice
from engine.rulesets.into_the_unknown import dice as itu_dice


def test_attack_wing_and_into_the_unknown_share_one_generator() -> None:
    assert aw_dice.Rng is rng.Rng and itu_dice.Rng is rng.Rng and aw_dice.splitmix64 is rng.splitmix64


def test_the_generator_draws_the_numbers_it_always_drew() -> None:
    """Values taken from the generator before the move: a replay's dice depend on them."""
    assert [rng.Rng(7).value(k) for k in range(3)] == [7259628554680249319, 8581286081765471666,
                                                       1988111358474182198]
    assert [rng.Rng(123456789, 5).below(8, k) for k in range(8)] == [2, 3, 2, 6, 1, 0, 7, 0]
    assert rng.Rng(-1, 2).value() == 18160513901656682925
    assert rng.Rng(7).advanced(2) == rng.Rng(7, 2) and rng.Rng(7, 2).value() == rng.Rng(7).value(2)

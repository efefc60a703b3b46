"""While a game plays, the cycle collector's young generation waits for more allocations
(engine.rulesets.record.fewer_collections); the thresholds are as they were afterwards, also after
an error."""

from __future__ import annotations

import gc

import pytest

from engine.rulesets.attack_wing.ruleset import RULESET as ATTACK_WING
from engine.rulesets.record import GAME_GC_THRESHOLD, record_game


def test_a_game_plays_with_fewer_young_collections_and_restores_the_thresholds() -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []
    record_game(ATTACK_WING, {}, lambda sink: seen.append(gc.get_threshold()), lambda game: None, None)
    assert seen == [(max(before[0], GAME_GC_THRESHOLD), *before[1:])]
    assert gc.get_threshold() == before


def test_the_thresholds_come_back_after_a_game_that_fails() -> None:
    before = gc.get_threshold()

    def broken(sink: object) -> None:
        raise RuntimeError("a game that fails")

    with pytest.raises(RuntimeError):
        record_game(ATTACK_WING, {}, broken, lambda game: None, None)
    assert gc.get_threshold() == before

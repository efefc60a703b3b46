"""``engine.evolve.evolve`` is ``dataclasses.replace``, faster: the same object for the reducer's records."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.evolve import evolve
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.dice import Rng
from engine.rulesets.attack_wing.state import DamageCardState, GameState, ShipState


def _ship(ship_id: str) -> ShipState:
    return ShipState(id=ship_id, side=0, name="Ship " + ship_id, ship_id="1001", class_name="Galaxy Class",
                     faction="Federation", base="small", captain="Picard", skill=9, attack=4, agility=1, hull=5,
                     shields_max=4, cost=45, actions=("scan",), front_arc=90.0, rear_arc=None, has_360_arc=False,
                     dial=(("straight", 2, "white"),), phase_skill=7)


def test_evolve_gives_what_replace_gives() -> None:
    ship = _ship("A1")
    changes: dict[str, Any] = {"pose": Pose(1.0, 2.0, 90.0), "evade": 2,
                               "damage": (DamageCardState("hull_breach", True),)}
    got, want = evolve(ship, **changes), dataclasses.replace(ship, **changes)
    assert got == want and got is not ship
    # every field, the ones equality skips (phase_skill: compare=False) included
    assert all(getattr(got, f.name) == getattr(want, f.name) for f in dataclasses.fields(ShipState))
    assert ship.evade == 0  # the original is untouched


def test_evolve_runs_post_init() -> None:
    """GameState's ship index is derived in __post_init__: a new ship tuple gets a new index."""
    state = GameState(ships=(_ship("A1"),), rng=Rng(3))
    grown = evolve(state, ships=(_ship("A1"), _ship("B1")))
    assert grown.ship("B1").id == "B1" and grown == dataclasses.replace(state, ships=grown.ships)
    with pytest.raises(KeyError):
        state.ship("B1")


def test_evolve_refuses_what_is_not_a_field() -> None:
    with pytest.raises(TypeError, match="no field to replace named 'shield'"):
        evolve(_ship("A1"), shield=3)
    with pytest.raises(TypeError, match="_index"):  # init=False: derived, never given
        evolve(GameState(ships=(), rng=Rng(1)), _index={})

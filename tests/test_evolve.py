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


def test_evolve_gives_a_frozen_record_of_the_class_itself() -> None:
    """A slotted record is filled in as a plain twin and then given its own class: it must come out frozen."""
    ship = evolve(_ship("A1"), evade=1)
    assert type(ship) is ShipState and ship.evade == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        ship.evade = 2  # type: ignore[misc]


@dataclasses.dataclass(frozen=True, slots=True)
class _Base:
    a: int


@dataclasses.dataclass(frozen=True, slots=True)
class _Derived(_Base):
    b: int = 0


@dataclasses.dataclass(frozen=True)
class _Plain:
    a: int
    b: tuple[int, ...] = ()


def test_evolve_copies_records_without_a_twin() -> None:
    """A record with a base of its own, or without slots, is copied field by field: the same result."""
    for record, changes in ((_Derived(1, 2), {"b": 5}), (_Plain(1, (2,)), {"a": 3})):
        got = evolve(record, **changes)
        assert got == dataclasses.replace(record, **changes) and type(got) is type(record)

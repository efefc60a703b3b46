"""``engine.evolve.evolve`` is ``dataclasses.replace``, faster: the same object for the reducer's records,
as frozen as the original."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from engine.evolve import evolve
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.dice import Rng
from engine.rulesets.attack_wing.state import AttackState, DamageCardState, GameState, ShipState


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
    swapped = evolve(grown, ships=(grown.ships[1], grown.ships[0]))  # the same ids, other places
    assert swapped.ship("A1") is grown.ships[0] and swapped.ship("B1") is grown.ships[1]


def test_evolve_refuses_what_is_not_a_field() -> None:
    with pytest.raises(TypeError, match="no field to replace named 'shield'"):
        evolve(_ship("A1"), shield=3)
    with pytest.raises(TypeError, match="_index"):  # init=False: derived, never given
        evolve(GameState(ships=(), rng=Rng(1)), _index={})


@pytest.mark.parametrize("record", [_ship("A1"), GameState(ships=(_ship("A1"),), rng=Rng(3)),
                                    AttackState("A1", "B1", "primary")])
def test_the_reducer_s_records_are_frozen_after_evolve(record: Any) -> None:
    """The records the reducer copies every event refuse assignment, made by evolve or not."""
    name = dataclasses.fields(record)[0].name
    for made in (record, evolve(record), evolve(record, **{name: getattr(record, name)})):
        assert type(made) is type(record)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, getattr(record, name))
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(made, name)


def test_evolve_leaves_the_original_and_shares_nothing_it_can_change() -> None:
    ship = _ship("A1")
    copy = evolve(ship, evade=1)
    assert vars(copy) is not vars(ship) and ship.evade == 0 and copy.evade == 1


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


def test_evolve_copies_records_with_slots_and_without() -> None:
    """A record with slots goes through dataclasses.replace, one without by its dictionary: the same result."""
    cases: list[tuple[Any, dict[str, Any]]] = [(_Derived(1, 2), {"b": 5}), (_Plain(1, (2,)), {"a": 3}), (_Plain(1), {})]
    for record, changes in cases:
        got = evolve(record, **changes)
        assert got == dataclasses.replace(record, **changes) and type(got) is type(record)
    with pytest.raises(TypeError):
        evolve(_Derived(1), c=2)


def test_evolve_builds_no_code_and_swaps_no_class() -> None:
    """evolve copies with the language's own means: no source compiled at run time, no class changed."""
    source = Path(evolve.__code__.co_filename).read_text(encoding="utf-8")
    assert not re.search(r"\bexec\(|\beval\(|\bcompile\(|__class__\s*=", source)

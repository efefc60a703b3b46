"""What a viewer reads of an attack a card gave or divided: the header names the card (the Koranak's
second attack, Forward Weapons Grid's divided one), in the whole-game card tests' own games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import test_abilities_divided_game as divided
import test_abilities_koranak_game as koranak

from engine.replay_timeline import load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from studio.frame_plan import moment_after

DUEL = Path(__file__).parents[1] / "replays" / "duel.json"


def _record(path: Path, fleets: tuple[list[Any], list[Any]], seed: int, zone_x: bool = False) -> list[Any]:
    duel = json.loads(DUEL.read_text())
    for side, ships in zip(duel["sides"], fleets, strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
        if zone_x:  # the Koranak game's fleets face each other
            side["deployment"] = {**side["deployment"], "x": 300, "width": 300}
    (path.parent / "s.json").write_text(json.dumps(duel))
    play(load_scenario(path.parent / "s.json"), seed, path)
    return list(load_timeline(path).timeline.events)


def _attacks(events: list[Any], ship: str, round_: int) -> list[int]:
    return [i for i, e in enumerate(events) if isinstance(e, ev.AttackDeclared) and e.ship == ship
            and e.round == round_]


def test_the_koranaks_second_attack_names_the_card(tmp_path: Path) -> None:
    path = tmp_path / "koranak.trek"
    events = _record(path, (koranak.FEDERATION, koranak.DOMINION), koranak.SEED, zone_x=True)
    tl = load_timeline(path).timeline
    first, second = _attacks(events, "B1", 4)[:2]  # the test game: round 4, two ships
    assert any(isinstance(e, ev.AbilityUsed) and e.window == "extra_attack" for e in events[first:second])
    assert moment_after(tl, second).reason.startswith("another attack (Koranak): primary weapon at")
    assert moment_after(tl, second + 3).reason.startswith("another attack (Koranak)")  # through its dice
    assert not moment_after(tl, first).reason.startswith("another attack")  # its own attack


@pytest.mark.parametrize("name", ["grid"])
def test_a_divided_attack_says_so_on_both_parts(tmp_path: Path, name: str) -> None:
    dominion, seed, _ = divided.GAMES[name]
    path = tmp_path / "grid.trek"
    events = _record(path, (divided.FEDERATION, dominion), seed)
    tl = load_timeline(path).timeline
    split = next(i for i, e in enumerate(events) if isinstance(e, ev.AbilityUsed) and e.window == "split_attack")
    e = events[split]
    parts = _attacks(events, e.ship, e.round)
    before = max(i for i in parts if i < split)
    after = min(i for i in parts if i > split)
    for part in (before, after):
        assert moment_after(tl, part + 1).reason.startswith("divided attack: Forward Weapons Grid at")
    other = [i for i in parts if i not in (before, after)]
    assert all("divided" not in moment_after(tl, i).reason for i in other)

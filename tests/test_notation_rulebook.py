"""A short game written by hand (replays/notation/rulebook-combat-example.trekn) that ends in the
rulebook's Combat Phase example: the engine, fed only the notation, gets the rulebook's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.notation import read_notation, run_notation
from engine.rulesets.attack_wing.notation.importer import Outcome
from engine.rulesets.attack_wing.reducer import fold, initial_state

EXAMPLE = Path(__file__).resolve().parents[1] / "replays" / "notation" / "rulebook-combat-example.trekn"


@pytest.fixture(scope="module")
def game() -> Outcome:
    doc, _ = read_notation(EXAMPLE)
    outcome = run_notation(doc, EXAMPLE.parent, record=True)
    assert outcome.issues == []
    return outcome


def attack(game: Outcome, rnd: int, ship: str) -> list[ev.Event]:
    """The events of one ship's attack, from its declaration up to the next ship's activation."""
    events = [e for e in game.events if e.round == rnd and e.phase == "combat"]
    start = next(i for i, e in enumerate(events) if isinstance(e, ev.AttackDeclared) and e.ship == ship)
    end = next((i for i, e in enumerate(events) if i > start and isinstance(e, ev.ShipActivated)), len(events))
    return events[start:end]


def test_the_header_comes_from_the_notation(game: Outcome) -> None:
    assert game.header is not None
    assert game.header["players"] == ["Ben", "Alice"]
    assert game.header["notation"] == {"Event": "Rulebook combat example", "Date": "2016-05-31",
                                       "Site": "the kitchen table"}
    fleets = game.header["fleets"]
    assert [s["class_name"] for f in fleets for s in f["ships"]] == ["Akira Class", "Jem'Hadar Attack Ship"]
    assert [f["name"] for f in fleets] == ["Federation", "Dominion"]


def test_the_akira_class_attack_of_the_rulebook_example(game: Outcome) -> None:
    steps = attack(game, 3, "A1")
    declared = steps[0]
    assert isinstance(declared, ev.AttackDeclared)
    assert (declared.defender, declared.arc, declared.range_band) == ("B1", "front", 1)
    rolled = [e for e in steps if isinstance(e, ev.DiceRolled)]
    # "The Akira-Class rolls 5 attack dice (4 dice from the ship's Primary Weapon Value of 4, +1 for
    # firing at Range 1)": hit, hit, hit, blank, blank
    assert rolled[0].faces == ("hit", "hit", "hit", "blank", "blank")
    assert rolled[0].count_reason == "primary weapon 4, Range 1 +1"
    # "chooses to return its Target Lock to the supply to re-roll the 2 blank results"
    reroll = next(e for e in steps if isinstance(e, ev.DiceRerolled))
    assert reroll.indices == (3, 4) and reroll.faces == ("battle_stations", "crit")
    assert not any(isinstance(e, ev.DiceConverted) for e in steps)  # no battle stations token: no effect
    # "The Jem'Hadar Attack Ship rolls 2 defense dice since it has an Agility Value of 2", then
    # "will return its [evade] Token to the supply to add 1 [evade] result"
    assert rolled[1].faces == ("blank", "evade") and rolled[1].count_reason == "agility 2"
    assert any(isinstance(e, ev.DieAdded) and e.face == "evade" for e in steps)
    # "The 2 [evade] results cancel two [hit] results, but 1 [hit] result and one [crit] result remain"
    resolved = next(e for e in steps if isinstance(e, ev.AttackResolved))
    assert (resolved.hits, resolved.crits, resolved.canceled) == (1, 1, 2)
    # "has one Active Shield left, so 1 [hit] result destroys that Shield"; the crit deals a
    # face up damage card: Engine Room Fire
    damage = [e for e in steps if isinstance(e, ev.DamageDealt)]
    assert [(d.to, d.card, d.face_up) for d in damage] == [("shield", None, False),
                                                           ("hull", "engine_room_fire", True)]


def test_the_attack_ship_fires_back(game: Outcome) -> None:
    steps = attack(game, 3, "B1")
    rolled = [e for e in steps if isinstance(e, ev.DiceRolled)]
    assert len(rolled[0].faces) == 4 and len(rolled[1].faces) == 2  # 3 + 1 at Range 1; agility 2
    resolved = next(e for e in steps if isinstance(e, ev.AttackResolved))
    assert (resolved.hits, resolved.crits, resolved.canceled) == (1, 0, 2)  # "1 [hit] result remains"
    damage = [e for e in steps if isinstance(e, ev.DamageDealt)]
    # "has no remaining shields. The remaining [hit] result causes ... one face down Damage Card"
    assert [(d.ship, d.to, d.face_up) for d in damage] == [("A1", "hull", False)]


def test_the_game_ends_as_the_notation_says(game: Outcome) -> None:
    assert game.state is not None and game.state.result is not None
    assert game.state.result.winner == 0 and game.state.round == 4
    final = fold(initial_state(1), game.events)
    akira, attack_ship = final.ship("A1"), final.ship("B1")
    assert attack_ship.destroyed and not akira.destroyed
    assert (akira.shields, len(akira.damage)) == (0, 1)
    # round 4: the bases met, both backed off and skipped their actions
    skipped = [e for e in game.events if isinstance(e, ev.ActionSkipped) and e.round == 4]
    assert {(e.ship, e.cause) for e in skipped} == {("A1", "bumped another ship"), ("B1", "bumped another ship")}

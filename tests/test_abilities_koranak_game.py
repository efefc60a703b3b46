"""The Koranak in a whole game, AI against AI: with a scan token (its High Energy Sensor Sweep's
free Scan action) and two Federation ships in its forward arc, it attacks both, each at 2 attack
dice fewer; the game records, validates by re-play and round-trips through the notation (the
card's uses line in the block of its first attack, the extra attack's in its second) to the same
bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.replay import open_replay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.notation.exporter import export_file
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.notation.writer import write_notation
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario

KORANAK, SWEEP = "1040", "3137"
FEDERATION = [{"ship": "1044", "captain": "2001", "upgrades": []}, {"ship": "1009", "captain": "2029", "upgrades": []},
              {"ship": "1045", "captain": None, "upgrades": []}]
DOMINION = [{"ship": KORANAK, "captain": None, "upgrades": [SWEEP]}, {"ship": "1037", "captain": None, "upgrades": []}]
SEED = 21  # round 4: the Koranak attacks two ships


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlayResult]:
    here = tmp_path_factory.mktemp("koranak")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, ships in zip(duel["sides"], (FEDERATION, DOMINION), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
        side["deployment"] = {**side["deployment"], "x": 300, "width": 300}  # the fleets face each other
    scenario = here / "koranak.json"
    scenario.write_text(json.dumps(duel))
    out = here / "game.trek"
    return out, play(load_scenario(scenario), SEED, out)


def test_the_koranak_attacks_two_ships_two_dice_fewer_each(game: tuple[Path, PlayResult]) -> None:
    _, result = game
    events = result.events
    [mark] = [e for e in events if isinstance(e, ev.AbilityUsed) and e.card == KORANAK and e.token == "scan"]
    assert mark.window == "attack_dice" and mark.reason.startswith("two attacks:")
    [extra] = [e for e in events if isinstance(e, ev.AbilityUsed) and e.card == KORANAK
               and e.window == "extra_attack"]
    attacks = [e for e in events if isinstance(e, ev.AttackDeclared) and e.ship == mark.ship
               and e.round == mark.round]
    assert len(attacks) == 2 and attacks[0].defender != attacks[1].defender
    assert all(a.weapon == "primary" for a in attacks)
    assert events.index(attacks[0]) < events.index(mark) < events.index(extra) < events.index(attacks[1])
    rolls = [e for e in events if isinstance(e, ev.DiceRolled) and e.kind == "attack" and e.ship == mark.ship
             and e.round == mark.round]
    assert len(rolls) == 2 and all("Koranak -2" in r.count_reason for r in rolls)
    odds = [e for e in events if isinstance(e, ev.AttackOdds) and e.ship == mark.ship and e.round == mark.round]
    assert [o.attack_dice for o in odds] == [len(r.faces) for r in rolls]  # the exact odds count the -2


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult]) -> None:
    path, _ = game
    replay = open_replay(path)
    assert replay_game(replay.header, iter(list(replay.events())), replay.result, True) == []
    text = write_notation(export_file(path))
    lines = [line for line in text.splitlines() if "uses Koranak" in line]
    assert len(lines) == 2, lines
    outcome = run_notation(parse_notation(text), None, record=True)
    assert [i.format("export") for i in outcome.issues] == []
    assert outcome.replay == path.read_bytes()
    # without the card's use the second attack line is not reached: the import says so
    cut = "\n".join(line for line in text.splitlines() if line != lines[0]) + "\n"
    outcome = run_notation(parse_notation(cut), None, record=True)
    assert any(i.code == "unused" and "second attack" in i.format("export") for i in outcome.issues)

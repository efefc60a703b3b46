"""The additional-maneuver cards in a whole game, AI against AI: Gul Ranor and In'cha move their
ships again (``ability_used`` naming the card and the maneuver, then its ``ship_moved``); the game
records, validates by re-play and round-trips through the notation (``action card Gul Ranor
choosing 2_straight``) to the same bytes; a maneuver the card does not offer is an ``ability`` issue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_abilities_maneuvers import card_moves

from engine.replay import open_replay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver, end_pose
from engine.rulesets.attack_wing.notation.exporter import export_file
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.notation.writer import write_notation
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.replay_check import replay_game
from engine.rulesets.attack_wing.scenario import load_scenario

MOVERS = [{"ship": "1037", "captain": "2020", "upgrades": []},
          {"ship": "1009", "captain": "2001", "upgrades": ["3001", "3089"]}]
KLINGON = [{"ship": "1005", "captain": "2019", "upgrades": ["3049", "3012"]},
           {"ship": "I.K.S. Gr'oth", "captain": "2016", "upgrades": ["3045"]}]
SEED = 2  # Gul Ranor's 2 straight brings the Maht-H'A into arc; In'cha's 3 bank the Attack Ship


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlayResult]:
    here = tmp_path_factory.mktemp("maneuvers")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, ships in zip(duel["sides"], (MOVERS, KLINGON), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
    scenario = here / "maneuvers.json"
    scenario.write_text(json.dumps(duel))
    out = here / "game.trek"
    return out, play(load_scenario(scenario), SEED, out)


def test_the_cards_move_their_ships_again(game: tuple[Path, PlayResult]) -> None:
    _, result = game
    assert result.warnings == ()
    extra = card_moves(list(result.events))
    assert {card for card, _ in extra} == {"Gul Ranor", "In'cha"}
    for card, moved in extra:  # from where the ship stood, on the template (no bump in this game)
        use = next(u for u in result.events if isinstance(u, ev.AbilityUsed) and u.seq < moved.seq
                   and u.card_name == card and u.round == moved.round)
        assert use.choice == f"{moved.speed}_{moved.kind.replace('-', '_')}"
        if not moved.bumped:
            assert moved.end.pose().close_to(end_pose(moved.start.pose(), Maneuver(moved.kind, moved.speed),
                                                      "small"), 1e-3)  # poses kept to 0.1 micron


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult]) -> None:
    path, _ = game
    replay = open_replay(path)
    assert replay_game(replay.header, iter(list(replay.events())), replay.result, True) == []
    text = write_notation(export_file(path))
    assert " action card Gul Ranor choosing 2_straight" in text and " action card In'cha choosing " in text
    outcome = run_notation(parse_notation(text), None, record=True)
    assert [i.format("export") for i in outcome.issues] == []
    assert outcome.replay == path.read_bytes()
    # as a person writes it: the same game
    spaced = run_notation(parse_notation(text.replace("choosing 2_straight", "choosing 2 straight")), None,
                          record=True)
    assert spaced.replay == path.read_bytes()
    wrong = run_notation(parse_notation(text.replace("choosing 2_straight", "choosing 3 straight")), None)
    assert [(i.code, "3 straight" in i.message) for i in wrong.issues][:1] == [("ability", True)]

"""The cards added for the starter set and waves 0-2 in a whole game, AI against AI: Lojur, Varel and
Polarized Hull Plating are used; the game records, validates by re-play and round-trips through
the notation (their ``uses`` lines) to the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from card_games import replays_and_notation, round_trips

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

FEDERATION = [{"ship": "1009", "captain": "2001", "upgrades": ["3110", "3006", "3077"]},
              {"ship": "U.S.S. Defiant", "captain": "2029", "upgrades": ["3039", "3017"]}]
KLINGON = [{"ship": "1005", "captain": "2019", "upgrades": ["3012", "3010", "3017"]},
           {"ship": "I.K.S. Gr'oth", "captain": "2016", "upgrades": ["3045", "3077"]}]
SEED = 1  # Lojur spares the Enterprise's torpedoes, Varel cancels an attack, the plating a crit (seed 2
# did before the ships played their own abilities: the Maht-H'A's changed that game)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlayResult]:
    here = tmp_path_factory.mktemp("cards2")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, ships in zip(duel["sides"], (FEDERATION, KLINGON), strict=True):
        side["fleet"] = {"name": side["name"], "faction": side["name"], "ships": ships}
    scenario = here / "cards2.json"
    scenario.write_text(json.dumps(duel))
    out = here / "game.trek"
    return out, play(load_scenario(scenario), SEED, out)


def test_the_cards_play_and_are_used(game: tuple[Path, PlayResult]) -> None:
    _, result = game
    assert result.warnings == ()
    used = {e.card for e in result.events if isinstance(e, ev.AbilityUsed)}
    assert {"3110", "3039", "3077"} <= used


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult]) -> None:
    path, _ = game
    text = replays_and_notation(path)
    assert " uses Lojur" in text and " uses Varel" in text
    round_trips(text, path)

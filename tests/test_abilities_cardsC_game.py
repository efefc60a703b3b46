"""The Elite Attack Die, ship cards' own abilities and crew that grant Actions in other forms in a
whole game, AI against AI: the Elite Attack Die rolls a double hit, the I.R.W. Praetus cloaks with no
shields and rolls, Leonard McCoy gives Montgomery Scott's Action as a free action, Gor Portas fires
a torpedo keeping its lock; the game validates by re-play and round-trips through the notation to
the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from card_games import duel_with, replays_and_notation, round_trips

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

FEDERATION = {"name": "Federation", "faction": "Federation", "resource": "4001", "ships": [
    {"ship": "1009", "captain": "2011", "upgrades": ["3028", "3029", "3032"]},
    {"ship": "1025", "upgrades": ["3006"]}]}
ROMULAN = {"name": "Romulan", "faction": "Romulan", "ships": [
    {"ship": "1034", "captain": "2033"}, {"ship": "1013"}, {"ship": "1021", "upgrades": ["3006"]}]}
SEED = 2  # McCoy gives Scott's first Action as a free one, the Elite Attack Die rolls a double hit


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlayResult]:
    here = tmp_path_factory.mktemp("cardsC")
    scenario = duel_with(here / "cardsC.json", (FEDERATION, ROMULAN))
    out = here / "game.trek"
    return out, play(load_scenario(scenario), SEED, out)


def test_the_cards_play_and_are_used(game: tuple[Path, PlayResult]) -> None:
    _, result = game
    assert result.warnings == ()
    used = [e for e in result.events if isinstance(e, ev.AbilityUsed)]
    assert {"4001", "1034", "3028", "3032", "1021"} <= {e.card for e in used}
    mccoy = next(e for e in used if e.card == "3028")
    assert mccoy.choice == "ability:3032:0" and "as a free action" in mccoy.reason
    assert any(isinstance(e, ev.DiceRolled) and "double_hit" in e.faces for e in result.events)
    cloaks = [e for e in used if e.card == "1034"]
    assert cloaks and all(e.window == "cloak" and len(e.faces) == 1 for e in cloaks)
    assert any(isinstance(e, ev.ActionPerformed) and e.action == "cloak" and "no shields" in e.reason
               for e in result.events)


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult]) -> None:
    path, _ = game
    text = replays_and_notation(path)
    assert " uses Leonard McCoy free card Montgomery Scott" in text and " uses I.R.W. Praetus: " in text
    assert " uses Elite Attack Die dice " in text and " double" in text
    round_trips(text, path)


KLINGON = {"name": "Klingon", "faction": "Klingon", "ships": [
    {"ship": "1017", "captain": "2019", "upgrades": ["3048"]}, {"ship": "1013"}]}
FEDERATION_2 = {"name": "Federation", "faction": "Federation", "resource": "4001", "ships": [
    {"ship": "1009", "captain": "2011", "upgrades": ["3028", "3029", "3032"]}, {"ship": "1045"}]}


ALEXANDER = {"name": "Klingon", "faction": "Klingon", "ships": [
    {"ship": "1017", "captain": "2019", "upgrades": ["3093", "3048"]}]}


@pytest.mark.parametrize("seed, fleets, lines", [
    (2, (FEDERATION_2, KLINGON), ("action card Montgomery Scott 2", "uses Leonard McCoy free card Montgomery Scott",
                                  "action card R.I.S. Apnex")),
    (3, (FEDERATION_2, KLINGON), ("action card I.K.S. Negh'var B2", "uses I.K.S. Negh'var: bs hit bs")),
    (1, (ALEXANDER, FEDERATION_2), ("A1 uses Alexander",))])
def test_random_seats_use_the_other_forms_and_the_notation_gives_them_back(
        tmp_path: Path, seed: int, fleets: tuple[dict[str, object], dict[str, object]], lines: tuple[str, ...]
        ) -> None:
    """Random seats take what the AI rarely does (Scott's second Action, the Negh'var's roll at a ship,
    Alexander's kept token), the Enterprise's McCoy under auxiliary power gives no crew Action."""
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, fleet in zip(duel["sides"], fleets, strict=True):
        side["fleet"] = fleet
    (tmp_path / "s.json").write_text(json.dumps(duel))
    path = tmp_path / "g.trek"
    result = play(load_scenario(tmp_path / "s.json"), seed, path, players=("random", "random"))
    assert result.warnings == ()
    text = replays_and_notation(path)
    for line in lines:
        assert line in text
    round_trips(text, path)


DOMINION = {"name": "Dominion", "faction": "Dominion", "ships": [
    {"ship": "1037", "upgrades": ["3083"]}, {"ship": "1037", "upgrades": ["3083"]}]}
SULUS = {"name": "Federation", "faction": "Federation", "ships": [
    {"ship": "1009", "captain": "2011", "upgrades": ["3029", "3032"]}, {"ship": "1045", "upgrades": ["3029"]}]}


def test_virak_kara_borrows_sulu_in_an_ai_game_that_validates_and_round_trips(tmp_path: Path) -> None:
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, fleet in zip(duel["sides"], (DOMINION, SULUS), strict=True):
        side["fleet"] = fleet
    (tmp_path / "s.json").write_text(json.dumps(duel))
    path = tmp_path / "g.trek"
    result = play(load_scenario(tmp_path / "s.json"), 1, path)
    lent = [e for e in result.events
            if isinstance(e, ev.AbilityUsed) and e.card == "3083" and e.window == "free_action"]
    assert lent and all(e.choice == "ability:3029:0" and "Hikaru Sulu" in e.reason for e in lent)
    borrowed = [e for e in result.events if isinstance(e, ev.AbilityUsed) and e.card == "3029"
                and e.window == "action" and e.ship.startswith("A")]
    assert len(borrowed) == len(lent)  # each time, Sulu's Action: resolved by the Dominion ship
    text = replays_and_notation(path)
    assert "action card Virak'Kara B2 choosing Hikaru Sulu" in text and "uses Virak'Kara free card 3029" in text
    round_trips(text, path)

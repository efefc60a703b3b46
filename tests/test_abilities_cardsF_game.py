"""Joachim and Superior Intellect in a whole game, AI against AI: Joachim's ship places the worse of
two damage cards on an enemy hull, Superior Intellect takes an enemy's Photon Torpedoes; the game
validates by re-play and round-trips through the notation to the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from card_games import duel_with, replays_and_notation, round_trips

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

FEDERATION = {"name": "Federation", "faction": "Federation", "ships": [
    {"ship": "1009", "captain": "2011", "upgrades": ["3023", "3006"]}, {"ship": "1025", "upgrades": ["3019"]}]}
ROMULAN = {"name": "Romulan", "faction": "Romulan", "ships": [
    {"ship": "1034", "captain": "2033", "upgrades": ["3006"]}, {"ship": "1013", "upgrades": ["3006"]},
    {"ship": "1021", "upgrades": ["3006"]}]}
SEED = 2  # Joachim twice, Superior Intellect once


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, PlayResult]:
    here = tmp_path_factory.mktemp("cardsF")
    scenario = duel_with(here / "cardsF.json", (FEDERATION, ROMULAN))
    out = here / "game.trek"
    return out, play(load_scenario(scenario), SEED, out)


def test_the_cards_are_used_with_their_reasons(game: tuple[Path, PlayResult]) -> None:
    _, result = game
    assert result.warnings == ()
    used = [e for e in result.events if isinstance(e, ev.AbilityUsed)]
    draws = [e for e in result.events if isinstance(e, ev.DamageCardsDrawn)]
    joachim = [e for e in used if e.card == "3023"]
    assert joachim and len(draws) == len(joachim)
    for use, draw in zip(joachim, draws, strict=True):
        assert use.choice == draw.kept
        assert "worse for it than" in use.reason or use.reason.endswith("two hull points, which destroy it")
    [taken] = [e for e in result.events if isinstance(e, ev.UpgradeTaken)]
    assert taken.card == "3006" and taken.cause == "Superior Intellect"
    action = next(e for e in result.events if isinstance(e, ev.ActionPerformed) and e.action == "ability:3019:0")
    assert "Photon Torpedoes: worth" in action.reason  # the AI's reason names the card and its worth


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult]) -> None:
    path, _ = game
    text = replays_and_notation(path)
    assert " uses Joachim choosing " in text and (" over " in text or " under " in text)
    assert " action card Superior Intellect " in text and " choosing Photon Torpedoes" in text
    round_trips(text, path)  # the same events: the deck rebuilt with Joachim's discards
    line = next(x for x in text.splitlines() if " uses Joachim choosing " in x)
    bad = text.replace(line, line.split(" choosing ")[0] + " choosing Worf", 1)
    issues = run_notation(parse_notation(bad), None, record=True).issues
    assert any(i.code == "ability" and "write choosing CARD over CARD" in i.message for i in issues)


def test_a_seat_that_keeps_the_second_card_drawn_round_trips_with_under(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notation's other form: the card placed lay under the one discarded (``choosing X under Y``);
    the import rebuilds the deck with the discarded card first."""
    from engine.rulesets.attack_wing.abilities import damage_draw
    from engine.rulesets.attack_wing.players import AbilityUse

    monkeypatch.setattr(damage_draw, "damage_choice",
                        lambda target, cards: AbilityUse(choice=cards[1], reason="the second card drawn"))
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, fleet in zip(duel["sides"], (FEDERATION, ROMULAN), strict=True):
        side["fleet"] = fleet
    (tmp_path / "s.json").write_text(json.dumps(duel))
    path = tmp_path / "g.trek"
    result = play(load_scenario(tmp_path / "s.json"), SEED, path)
    draws = [e for e in result.events if isinstance(e, ev.DamageCardsDrawn)]
    assert draws and all(d.kept == d.drawn[1] for d in draws)
    text = replays_and_notation(path)
    assert " uses Joachim choosing " in text and " under " in text
    round_trips(text, path)

"""`trek odds --attacker-card/--defender-card`: the odds of a primary weapon attack with the cards'
dice abilities, the same as a game's ``attack_odds`` for the same attack, and by brute force."""

from __future__ import annotations

import json

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, seats, ship
from test_abilities_odds import _brute

from engine.errors import TrekError
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.table_odds import card_table_odds
from engine.rulesets.attack_wing.players import ActionChoice
from trek.main import main


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["odds", *argv, "--json"]) == 0
    doc: dict[str, object] = json.loads(capsys.readouterr().out)
    return doc


def _game_odds(ships: list[ev.ShipSetup], band: int, **kw: object) -> ev.AttackOdds:
    g = one_attack(ships, ["blank"] * 12, band=band, **kw)  # type: ignore[arg-type]
    return next(e for e in g.events if isinstance(e, ev.AttackOdds))


def test_the_cli_gives_a_games_card_odds(capsys: pytest.CaptureFixture[str]) -> None:
    # the Attack Ship (attack 3) with Gul Danar and Tactical Officer locks on the Akira (agility 2),
    # whose Koloth makes it reroll its best die, at Range 2: the game's attack_odds (card_odds)
    game = _game_odds([ship("A", 0, ATTACK_SHIP, captain="2021", upgrades=["3035"]),
                       ship("J", 1, AKIRA, captain="2016")], 2,
                      players=seats([ActionChoice("target_lock", "J")]))
    assert set(game.cards) == {"Gul Danar", "Tactical Officer", "Koloth"} and game.target_lock
    doc = _cli(capsys, "--attack", "3", "--defense", "2", "--range", "2", "--target-lock",
               "--attacker-card", "Gul Danar", "--attacker-card", "3035", "--defender-card", "2016")
    assert set(doc["cards"]) == set(game.cards) and doc["cards_not_counted"] == []  # type: ignore[arg-type]
    assert [round(row["p"], 6) for row in doc["damage"]] == list(game.damage)  # type: ignore[index, union-attr]
    assert round(doc["expected_damage"], 4) == game.expected  # type: ignore[call-overload]


def test_a_dice_count_card_changes_the_dice(capsys: pytest.CaptureFixture[str]) -> None:
    # Sar (2024): +1 defense die defending; a game's odds for the same attack agree
    game = _game_odds([ship("A", 0, ATTACK_SHIP), ship("J", 1, AKIRA, captain="2024")], 2)
    doc = _cli(capsys, "--attack", "3", "--defense", "2", "--defender-card", "2024")
    assert (doc["attack_dice"], doc["defense_dice"]) == (3, 3) == (game.attack_dice, game.defense_dice)
    assert [round(row["p"], 6) for row in doc["damage"]] == list(game.damage)  # type: ignore[index, union-attr]
    assert doc["cards"] == ["Sar"] and "cards +1" in doc["defense_dice_reason"]  # type: ignore[operator]


def test_brute_force_a_reroll_of_a_blank_and_the_defenders_cards() -> None:
    # 3 attack dice against 2 at Range 2, every sequence of faces with the decisions by hand
    for a_cards, d_cards, exact in ((("2021",), (), _brute(3, 2, reroll_one_blank=True)),
                                    ((), ("2016",), _brute(3, 2, koloth=True)),
                                    ((), ("rettik_71282",), _brute(3, 2, defender_rerolls_blank=True))):
        odds = card_table_odds(3, 2, 2, a_cards, d_cards).odds
        assert list(odds.damage_exact()) == exact  # exact fractions, not rounded


def test_a_card_that_cannot_be_counted_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    found = card_table_odds(3, 2, 2, ("weyoun_71524", "3066", "2003"), ("2019",))
    why = dict(found.not_counted)
    assert found.counted == () and set(why) == {"Weyoun", "Synon", "generic captain", "Gowron"}
    assert "does not play" in why["Synon"]  # 3066: not a supported card
    plain = card_table_odds(3, 2, 2, (), ()).odds
    assert found.odds.damage == plain.damage  # nothing counted: the plain odds
    assert main(["odds", "--attack", "3", "--defense", "2", "--attacker-card", "weyoun_71524"]) == 0
    out = capsys.readouterr().out
    assert "cards counted: none" in out and "not counted: Weyoun:" in out


def test_a_card_whose_condition_fails_is_not_counted() -> None:
    # Gul Danar's reroll is the attacker's: on the defender it does nothing to the odds
    found = card_table_odds(3, 2, 2, (), ("2021",))
    assert found.counted == () and "applies" in found.not_counted[0][1]


def test_names_and_ids() -> None:
    with pytest.raises(TrekError, match="play differently"):
        card_table_odds(3, 2, 2, ("Weyoun",), ())
    with pytest.raises(TrekError, match="no captain"):
        card_table_odds(3, 2, 2, ("No Such Card",), ())
    assert card_table_odds(3, 2, 2, ("gul danar",), ()).counted == ("Gul Danar",)


def test_a_mark_placed_as_the_defense_dice_are_counted(capsys: pytest.CaptureFixture[str]) -> None:
    # Long Range Tachyon Scan: the Akira scans, then at Range 3 spends the token: 2 fewer defense dice
    game = _game_odds([ship("A", 0, AKIRA, upgrades=["3079"]), ship("J", 1, ATTACK_SHIP)], 3,
                      players=seats([ActionChoice("scan")], attacks={"A": ["J"]}))
    doc = _cli(capsys, "--attack", "4", "--defense", "2", "--range", "3", "--scan", "1", "--attacker-card", "3079")
    assert (doc["attack_dice"], doc["defense_dice"]) == (game.attack_dice, game.defense_dice) == (4, 1)
    assert [round(row["p"], 6) for row in doc["damage"]] == list(game.damage)  # type: ignore[index, union-attr]
    assert doc["cards"] == ["Long Range Tachyon Scan"]

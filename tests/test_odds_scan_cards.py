"""`trek odds` with the cards' conditions on faction and ship class (--attacker-faction,
--attacker-class and the defender's), and a scan token spent by a card in step 4 (Jadzia Dax):
the defense dice of step 5 are counted after it (rulebook "Combat Phase": 4. Modify Attack Dice,
then 5. Roll Defense Dice), in the game and in the odds alike; each checked against the game's
``attack_odds`` and by brute force."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, seats, ship

from engine.errors import TrekError
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.table_odds import card_table_odds
from engine.rulesets.attack_wing.odds import ATTACK_DIE, DEFENSE_DIE
from engine.rulesets.attack_wing.players import ActionChoice
from engine.rulesets.attack_wing.spending import uncanceled
from trek.main import main

BOCHRA, GOWRON, DAX = "bochra_72024", "gowron_72323p", "jadzia_dax_72015"
SCOUT = "1047"  # Romulan Scout Vessel: attack 1, agility 3


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["odds", *argv, "--json"]) == 0
    doc: dict[str, object] = json.loads(capsys.readouterr().out)
    return doc


def test_a_card_of_a_ship_class_counts_with_the_class(capsys: pytest.CaptureFixture[str]) -> None:
    # Bochra: captain of a Romulan Scout Vessel with a scan token: +1 attack die
    args = ("--attack", "1", "--defense", "2", "--range", "2", "--scan", "1", "--attacker-card", BOCHRA)
    plain = _cli(capsys, *args)
    assert plain["cards"] == [] and plain["attack_dice"] == 1
    assert "no class" in plain["cards_not_counted"][0]["why"]  # type: ignore[index]
    doc = _cli(capsys, *args, "--attacker-class", "romulan scout vessel")
    assert doc["cards"] == ["Bochra"] and doc["attack_dice"] == 2
    assert doc["input"]["attacker_class"] == "romulan scout vessel"  # type: ignore[index]
    # the game's attack_odds: the Scout Vessel scans and fires at the Attack Ship (agility 2)
    g = one_attack([ship("A", 0, SCOUT, captain=BOCHRA), ship("J", 1, ATTACK_SHIP)], ["blank"] * 12, band=2,
                   players=seats([ActionChoice("scan")], attacks={"A": ["J"]}))
    game = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert (game.attack_dice, game.defense_dice) == (doc["attack_dice"], doc["defense_dice"]) == (2, 1)
    assert [round(row["p"], 6) for row in doc["damage"]] == list(game.damage)  # type: ignore[index, union-attr]


def test_a_card_of_a_faction_counts_with_the_faction() -> None:
    # Gowron 72323p: on a Klingon ship with every shield destroyed, +1 attack die
    assert card_table_odds(3, 2, 2, (GOWRON,), (), shields=0).counted == ()
    assert card_table_odds(3, 2, 2, (GOWRON,), (), shields=0, attacker_faction="klingon").counted == ("Gowron",)
    assert card_table_odds(3, 2, 2, (GOWRON,), (), shields=1, attacker_faction="Klingon").counted == ()
    assert card_table_odds(3, 2, 2, (GOWRON,), (), shields=0, attacker_faction="Klingon").odds.attack_dice == 4


def test_unknown_factions_and_classes_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TrekError, match="no faction 'Vogon'"):
        card_table_odds(3, 2, 2, (GOWRON,), (), attacker_faction="Vogon")
    with pytest.raises(TrekError):
        card_table_odds(3, 2, 2, (GOWRON,), (), defender_class="No Such Class")
    assert main(["odds", "--attack", "3", "--defense", "2", "--attacker-faction", "Klingon"]) != 0
    assert "name a card with --attacker-card" in capsys.readouterr().err
    assert main(["odds", "--attack", "3", "--defense", "2", "--defender-class", "x" * 81, "--defender-card",
                 "3077"]) != 0
    assert "at most 80 characters" in capsys.readouterr().err


def _dax_brute(n: int, agility: int) -> dict[tuple[int, int], Fraction]:
    """The attacker holds one scan token and Jadzia Dax: a battle stations result shown, the policy
    spends the token on her (it becomes a hit) and the defender rolls its whole agility; else one
    die fewer. No other token."""
    out: dict[tuple[int, int], Fraction] = {}
    for roll in product(ATTACK_DIE, repeat=n):
        faces, m = list(roll), agility - 1
        if "battle_stations" in faces:
            faces[faces.index("battle_stations")] = "hit"
            m = agility
        for defense in product(DEFENSE_DIE, repeat=m):
            h, c, _ = uncanceled(tuple(faces), defense)
            out[(h, c)] = out.get((h, c), Fraction(0)) + Fraction(1, 8 ** (n + m))
    return out


def test_jadzia_dax_spends_the_scan_token_before_the_defense_dice_are_counted() -> None:
    found = card_table_odds(3, 2, 2, (DAX,), (), scan=1)
    assert found.counted == ("Jadzia Dax",)
    assert {k: Fraction(w, found.odds.total) for k, w in found.odds.weights.items()} == _dax_brute(3, 2)


def test_the_game_counts_the_defense_dice_after_dax_spent_the_scan_token() -> None:
    # the Akira (attack 4, Jadzia Dax aboard) scans, then fires at the Attack Ship (agility 2) at
    # Range 2: a battle stations result shows, Dax spends the scan token, the defender rolls 2 dice
    faces = ["battle_stations", "hit", "blank", "blank", "evade", "blank"]
    g = one_attack([ship("A", 0, AKIRA, upgrades=[DAX]), ship("J", 1, ATTACK_SHIP)], faces, band=2,
                   players=seats([ActionChoice("scan")], attacks={"A": ["J"]}))
    [use] = [e for e in g.events if isinstance(e, ev.AbilityUsed) and e.card == DAX]
    assert use.token == "scan"
    [defense] = [e for e in g.events if isinstance(e, ev.DiceRolled) and e.kind == "defense"]
    assert len(defense.faces) == 2
    game = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    table = card_table_odds(4, 2, 2, (DAX,), (), scan=1)
    assert list(game.damage) == [round(p, 6) for p in table.odds.damage]

"""The later waves' ship cards that count their target or their fleet, and the Romulan captains
Tomalak (72945) and Valdore (71536), in whole games, AI against AI: the AI uses each (or its dice
count), only the tech upgrade they pay with is warned about, and each game re-plays soundly and
round-trips through the notation to the same bytes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from card_games import duel_with, replays_and_notation, round_trips

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

NAMES = {"i_k_s_t_ong_72009": "I.K.S. T'Ong", "nistrim_culluh_72221h": "Nistrim-Culluh",
         "i_r_w_haakona_71794": "I.R.W. Haakona", "korok_s_bird_of_prey_71512": "Korok's Bird-of-Prey",
         "tomalak_72945": "Tomalak", "valdore_71536": "Valdore"}
ROMULAN: dict[str, Any] = {"name": "Romulan", "faction": "Romulan", "ships": [
    {"ship": "i_r_w_haakona_71794", "captain": "tomalak_72945", "upgrades": ["3104"]},
    {"ship": "1003", "captain": "valdore_71536", "upgrades": ["3104"]}, {"ship": "1011"}]}
KLINGON: dict[str, Any] = {"name": "Klingon", "faction": "Klingon", "ships": [
    {"ship": "i_k_s_t_ong_72009"}, {"ship": "korok_s_bird_of_prey_71512"}, {"ship": "1006"}]}
KAZON: dict[str, Any] = {"name": "Kazon", "faction": "Kazon", "ships": [
    {"ship": "nistrim_culluh_72221h"}, {"ship": "relora_sankur_71646c"}, {"ship": "halik_raider_72018"}]}
Game = tuple[tuple[dict[str, Any], dict[str, Any]], int, set[str]]
GAMES: dict[str, Game] = {
    "romulan-klingon": ((ROMULAN, KLINGON), 3, {"I.K.S. T'Ong", "I.R.W. Haakona", "Tomalak", "Valdore"}),
    "kazon-romulan": ((KAZON, ROMULAN), 1, {"I.R.W. Haakona", "Nistrim-Culluh", "Tomalak", "Valdore"}),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[Path, PlayResult, set[str]]:
    fleets, seed, cards = GAMES[request.param]
    here = tmp_path_factory.mktemp(request.param)
    out = here / "game.trek"
    return out, play(load_scenario(duel_with(here / "s.json", fleets)), seed, out), cards


def _names(result: PlayResult) -> set[str]:
    """The cards used, or named in a dice count's reason."""
    out = {NAMES[e.card] for e in result.events if isinstance(e, ev.AbilityUsed) and e.card in NAMES}
    return out | {name for e in result.events if isinstance(e, ev.DiceRolled) for name in NAMES.values()
                  if f"{name} +" in e.count_reason or f"{name} -" in e.count_reason}


def test_the_ai_uses_the_cards_and_only_their_tech_upgrade_is_warned_about(
        game: tuple[Path, PlayResult, set[str]]) -> None:
    _, result, cards = game
    assert {w.split(" (")[0] for w in result.warnings} == {"warning: Nullifier Core"}
    assert _names(result) == cards


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult, set[str]]) -> None:
    path, _, _ = game
    round_trips(replays_and_notation(path), path)

"""The later waves' ship cards that pay for their dice in the attack, the Dominion's near friends,
and Elim Garak (cards/ships/combat.py, cards/captains/combat.py), in whole games, AI against AI: the
AI uses each with its cost paid, none is warned about, and each game re-plays soundly and
round-trips through the notation to the same bytes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from card_games import duel_with, replays_and_notation, round_trips

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

NAMES = {"u_s_s_enterprise_d_71510b": "Enterprise-D", "halik_raider_72018": "Halik Raider", "ti_mur_71508": "Ti'Mur",
         "orassin_72341": "Orassin", "muratas_72335": "Muratas", "i_k_s_bortas_72323p": "I.K.S. Bortas",
         "3rd_division_battle_cruiser_72946": "3rd Division Battle Cruiser",
         "2nd_wing_patrol_ship_72946": "2nd Wing Patrol Ship", "elim_garak_71646b": "Elim Garak"}
DOMINION: dict[str, Any] = {"name": "Dominion", "faction": "Dominion", "ships": [
    {"ship": "3rd_division_battle_cruiser_72946"}, {"ship": "2nd_wing_patrol_ship_72946"}, {"ship": "1037"}]}
XINDI: dict[str, Any] = {"name": "Xindi", "faction": "Xindi", "ships": [
    {"ship": "orassin_72341"}, {"ship": "muratas_72335"}, {"ship": "halik_raider_72018"}]}
FEDERATION: dict[str, Any] = {"name": "Federation", "faction": "Federation", "ships": [
    {"ship": "u_s_s_enterprise_a_72319g"}, {"ship": "u_s_s_enterprise_d_71510b"},
    {"ship": "ti_mur_71508", "captain": "elim_garak_71646b", "upgrades": ["3104", "3062"]}]}
KLINGON: dict[str, Any] = {"name": "Klingon", "faction": "Klingon", "ships": [
    {"ship": "i_k_s_bortas_72323p"}, {"ship": "i_r_w_rateg_72321p"}]}
# (fleets, seed, the cards used or counted in that game)
Game = tuple[tuple[dict[str, Any], dict[str, Any]], int, set[str]]
GAMES: dict[str, Game] = {
    "dominion-xindi": ((DOMINION, XINDI), 1, {"2nd Wing Patrol Ship", "3rd Division Battle Cruiser", "Halik Raider",
                                              "Muratas", "Orassin"}),
    "federation-klingon": ((FEDERATION, KLINGON), 1, {"Elim Garak", "Enterprise-D", "I.K.S. Bortas", "Ti'Mur"}),
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
                  if f"{name} +" in e.count_reason}


def test_the_ai_uses_the_cards_and_none_is_warned_about(game: tuple[Path, PlayResult, set[str]]) -> None:
    _, result, cards = game
    # only the two upgrades Ti'Mur and Elim Garak pay with are warned about (their own texts do not play)
    assert all(w.split(" (")[0].removeprefix("warning: ") in ("Nullifier Core", "Farek") for w in result.warnings)
    assert _names(result) == cards


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult, set[str]]) -> None:
    path, _, _ = game
    round_trips(replays_and_notation(path), path)

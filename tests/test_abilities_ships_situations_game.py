"""The later waves' ship cards whose dice the attack's situation decides (cards/ships/combat.py), in
whole games, AI against AI: each card's dice are counted with its name in the roll's reason, no
card is warned about, and each game re-plays soundly and round-trips through the notation to the
same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_games import duel_with, replays_and_notation, round_trips

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

FEDERATION = {"name": "Federation", "faction": "Federation", "ships": [
    {"ship": "u_s_s_hood_71998p"}, {"ship": "u_s_s_defiant_ncc_1764_72225p"},
    {"ship": "u_s_s_enterprise_d_72944"}]}
VULCAN = {"name": "Vulcan", "faction": "Vulcan", "ships": [
    {"ship": "d_kyr_71446"}, {"ship": "seleya_72221i"}, {"ship": "ni_var_71527"}]}
KAZON = {"name": "Kazon", "faction": "Kazon", "ships": [
    {"ship": "relora_sankur_71646c"}, {"ship": "nistrim_raider_71282"}]}
# (fleets, seed, the cards whose dice count in that game)
GAMES = {"federation-vulcan": ((FEDERATION, VULCAN), 8, {"D'Kyr", "Enterprise-D"}),
         "kazon-vulcan": ((KAZON, VULCAN), 6, {"D'Kyr", "Relora-Sankur"})}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[Path, PlayResult, set[str]]:
    fleets, seed, cards = GAMES[request.param]
    here = tmp_path_factory.mktemp(request.param)
    out = here / "game.trek"
    return out, play(load_scenario(duel_with(here / "s.json", fleets)), seed, out), cards


def _names(result: PlayResult) -> set[str]:
    """The cards named in the dice counts' reasons."""
    return {name for e in result.events if isinstance(e, ev.DiceRolled)
            for name in ("D'Kyr", "Seleya", "Ni'Var", "Enterprise-D", "Relora-Sankur", "Nistrim Raider", "Hood")
            if f"{name} +" in e.count_reason or f"{name} -" in e.count_reason}


def test_the_cards_count_their_dice_and_none_is_warned_about(game: tuple[Path, PlayResult, set[str]]) -> None:
    _, result, cards = game
    assert not [w for w in result.warnings if "own ability" in w]
    assert _names(result) == cards


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[Path, PlayResult, set[str]]) -> None:
    path, _, _ = game
    round_trips(replays_and_notation(path), path)

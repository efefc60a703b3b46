"""This lane's cards in whole games, AI against AI: Federation ships carrying Antimatter Mines against
Dominion ships with the Forward Weapons Grid and the Energy Dissipator. Each game records, validates
by re-play and round-trips through the notation (uses lines for the grid's division, the
Dissipator's attack again and the mines placed; ``mine`` lines for a minefield's dice; no dial line
for a ship with an Energy Dampening Token) to the same bytes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from card_games import replays_and_notation, round_trips

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.play import PlayResult, play
from engine.rulesets.attack_wing.scenario import load_scenario

GRID, DISSIPATOR, MINES = "3054", "3059", "3007"
FEDERATION = [{"ship": "1009", "captain": "2001", "upgrades": [MINES]}, {"ship": "1044", "upgrades": [MINES]}]
ATTACK_SHIP, BREEN = {"ship": "1037", "upgrades": [GRID]}, {"ship": "1022", "upgrades": [DISSIPATOR]}
GAMES = {  # fleets and a seed where the cards fire (the AI's choices; found by playing seeds 1-70)
    "grid": ([ATTACK_SHIP, BREEN, ATTACK_SHIP], 6, {(GRID, "split_attack"), (MINES, "mines")}),
    "dissipator": ([ATTACK_SHIP, BREEN], 3, {(DISSIPATOR, "damage"), (DISSIPATOR, "extra_attack"), (MINES, "mines")}),
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, PlayResult]:
    name = str(request.param)
    dominion, seed, _ = GAMES[name]
    here = tmp_path_factory.mktemp(name)
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    for side, ships, faction in zip(duel["sides"], (FEDERATION, dominion), ("Federation", "Dominion"), strict=True):
        side["name"] = faction
        side["fleet"] = {"name": faction, "faction": faction, "ships": ships}
    scenario = here / f"{name}.json"
    scenario.write_text(json.dumps(duel))
    out = here / f"{name}.trek"
    return name, out, play(load_scenario(scenario), seed, out)


def test_the_cards_fire(game: tuple[str, Path, PlayResult]) -> None:
    name, _, result = game
    assert result.warnings == ()
    used = {(e.card, e.window) for e in result.events if isinstance(e, ev.AbilityUsed)
            and e.card in (GRID, DISSIPATOR, MINES)}
    assert GAMES[name][2] <= used
    events = result.events
    for i, e in enumerate(events):
        if isinstance(e, ev.AbilityUsed) and e.window == "split_attack":  # two parts, one after the other
            parts = [x for x in events[i - 3:] if isinstance(x, ev.AttackDeclared) and x.round == e.round
                     and x.ship == e.ship][:2]
            assert [p.defender for p in parts][1] == e.subject and parts[0].weapon == parts[1].weapon == GRID
        if isinstance(e, ev.AbilityUsed) and e.window == "mines":
            assert isinstance(events[i + 1], ev.MinePlaced) and events[i + 1].ship == e.ship
    if name == "dissipator":
        dampened = [e.ship for e in events if isinstance(e, ev.TokensChanged) and e.token == "dampening"
                    and e.delta > 0]
        assert dampened
        nxt = next(e for e in events if isinstance(e, ev.DialSet) and e.ship == dampened[0]
                   and "Energy Dampening Token" in e.reason)
        assert (nxt.kind, nxt.speed) == ("straight", 1)


def test_the_game_validates_and_round_trips_through_the_notation(game: tuple[str, Path, PlayResult]) -> None:
    _, path, _ = game
    text = replays_and_notation(path)
    assert "uses Antimatter Mines choosing" in text
    round_trips(text, path)

"""Antimatter Mines in a recorded game: the Enterprise drops a minefield behind it and the Jem'Hadar
ship chasing it flies into it next round; the game validates by re-play, round-trips through the
notation (``A1 uses Antimatter Mines choosing behind``, ``B1 mine M1: FACES``) to the same bytes, and
the studio draws the token on the table (pixels)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from aw_helpers import ScriptedPlayer
from card_games import replays_and_notation, round_trips

from engine.replay import open_replay
from engine.replay_timeline import load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.mines import RADIUS_MM
from engine.rulesets.attack_wing.notation.importer import run_notation
from engine.rulesets.attack_wing.notation.parser import parse_notation
from engine.rulesets.attack_wing.players import AbilityUse

MINES = "3007"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from engine.rulesets.attack_wing import play as play_module
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    here = tmp_path_factory.mktemp("mines")
    duel = json.loads((Path(__file__).parents[1] / "replays" / "duel.json").read_text())
    fleets = ([{"ship": "1009", "captain": "2001", "upgrades": [MINES]}], [{"ship": "1037", "upgrades": []}])
    for side, ships, y, faction in zip(duel["sides"], fleets, (380, 200), ("Federation", "Dominion"), strict=True):
        side["name"] = faction
        side["fleet"] = {"name": faction, "faction": faction, "ships": ships}
        side["deployment"] = {"x": 400, "y": y, "width": 100, "height": 60}
    scenario = here / "mines.json"
    scenario.write_text(json.dumps(duel))
    seats = [ScriptedPlayer(attacks={"A1": [None] * 3}, abilities={MINES: [AbilityUse(choice="behind", reason="x")]}),
             ScriptedPlayer(attacks={"B1": [None] * 3}, dials={"B1": [("straight", 1), ("straight", 3)]})]
    original = play_module.players_for
    play_module.players_for = lambda kinds, scenario, seed: seats  # type: ignore[assignment]
    try:
        out = here / "mines.trek"
        play(load_scenario(scenario), 1, out, rounds=2)
    finally:
        play_module.players_for = original
    return out


def _events(path: Path) -> list[Any]:
    return list(open_replay(path).events())


def test_the_chasing_ship_flies_into_the_minefield(recorded: Path) -> None:
    events = [ev.event_from_dict(e) if isinstance(e, dict) else e for e in _events(recorded)]
    placed = [e for e in events if isinstance(e, ev.MinePlaced)]
    triggered = [e for e in events if isinstance(e, ev.MineTriggered)]
    assert [(e.round, e.ship, e.mine) for e in placed] == [(1, "A1", "M1")]
    assert [(e.round, e.ship, e.mine, len(e.faces)) for e in triggered] == [(2, "B1", "M1", 4)]


def test_the_game_validates_and_round_trips_through_the_notation(recorded: Path) -> None:
    text = replays_and_notation(recorded)
    assert "A1 uses Antimatter Mines choosing behind" in text and "B1 mine M1: " in text
    round_trips(text, recorded)
    # without the mine's dice the import says so
    cut = "\n".join(line for line in text.splitlines() if " mine M1:" not in line) + "\n"
    assert any(i.code == "missing" for i in run_notation(parse_notation(cut), None, record=True).issues)


def test_the_studio_draws_the_minefield_on_the_table(recorded: Path, showbase: Any) -> None:
    """Pixels: the token's orange spikes beyond its rim and its owner's blue at the centre, on a
    frame after it is placed; nothing there before."""
    from studio import palette
    from studio.camera import table_to_pixel
    from studio.markers import MINE_HAZARD
    from studio.snapshot import render_view

    tl = load_timeline(recorded).timeline
    i = next(j for j, e in enumerate(tl.events) if e.type == "mine_placed")
    after, before = tl.moment(tl.start_of(i + 1)).view, tl.moment(tl.start_of(i - 1)).view
    [mine] = after.markers
    assert before.markers == () and mine.mine == RADIUS_MM and mine.control == 0
    size = (1080, 1080)
    shown = render_view(replace(after, ships=(), templates=(), trails=()), size, "top", set())
    bare = render_view(replace(after, ships=(), templates=(), trails=(), markers=()), size, "top", set())

    def px(x: float, y: float) -> tuple[int, int]:
        u, v = table_to_pixel(x, y, size, (after.area_width, after.area_height))
        return int(v), int(u)

    spike = px(mine.x + RADIUS_MM * 1.05, mine.y)  # east spike, beyond the dark disc's rim
    hazard = [round(c * 255) for c in MINE_HAZARD[:3]]
    assert abs(int(shown[spike][0]) - hazard[0]) < 40 and abs(int(shown[spike][1]) - hazard[1]) < 40
    assert (bare[spike] != shown[spike]).any()
    centre = px(mine.x, mine.y - RADIUS_MM * 0.25)  # below the label, in the owner's colour
    blue = palette.player_colour(0)
    assert shown[centre][2] > shown[centre][0] and blue[2] > blue[0]

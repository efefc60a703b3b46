"""Issue 31 item 4: the names a table game gives itself in its notation (Event, Date, Site, the
players) go into the replay header and appear on the video's title and end cards, in `trek replay
info` and in the viewer's title; a game without them says nothing rather than inventing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.replay.table_names import table_names
from engine.replay_timeline import load_timeline
from engine.rulesets.into_the_unknown.notation.playing import run_text
from engine.rulesets.into_the_unknown.play import play_mission
from trek.main import main

GUIDE = Path(__file__).resolve().parents[1] / "replays" / "notation" / "itu-guide-round-1.trekn"


def imported(tmp_path: Path, text: str) -> Path:
    outcome = run_text(text, None, True)
    assert outcome.sound and outcome.replay is not None
    path = tmp_path / "table.trek"
    path.write_bytes(outcome.replay)
    return path


def test_the_notations_names_are_on_the_cards_and_in_the_title(tmp_path: Path) -> None:
    text = GUIDE.read_text().replace("Event: Learning mission, round 1\n",
                                     "Event: Learning mission, round 1\nDate: 2026-12-08\n")
    loaded = load_timeline(imported(tmp_path, text))
    assert loaded.header["notation"] == {"Event": "Learning mission, round 1", "Date": "2026-12-08",
                                         "Site": "the guide's pages 18-31", "Player A": "Federation player",
                                         "Player B": "Dominion player"}
    assert loaded.title_card.subtitle == "Learning mission, round 1"
    assert loaded.title_card.footer == "2026-12-08 · the guide's pages 18-31"
    assert [f.summary.split(" · ")[0] for f in loaded.title_card.fleets] == ["played by Federation player",
                                                                             "played by Dominion player"]
    assert loaded.end_card.footer == "Learning mission, round 1 · 2026-12-08 · the guide's pages 18-31"
    assert loaded.title.startswith("Learning mission, round 1: ")


def test_a_game_without_names_says_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ai.trek"
    play_mission(7, path)
    loaded = load_timeline(path)
    assert not table_names(loaded.header)
    assert loaded.title_card.footer == "seed 7" and "played by" not in str(loaded.title_card)
    assert main(["replay", "info", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["table"] is None
    assert main(["replay", "info", str(path)]) == 0
    assert "\ntable " not in capsys.readouterr().out


def test_replay_info_shows_the_tables_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = imported(tmp_path, GUIDE.read_text())
    assert main(["replay", "info", str(path), "--json"]) == 0
    table = json.loads(capsys.readouterr().out)["table"]
    assert table == {"event": "Learning mission, round 1", "date": None, "site": "the guide's pages 18-31",
                     "round": None, "players": ["Federation player", "Dominion player"]}
    assert main(["replay", "info", str(path)]) == 0
    assert "table     Learning mission, round 1; the guide's pages 18-31; players Federation player and " \
           "Dominion player" in capsys.readouterr().out


def test_attack_wing_players_come_from_its_players_and_seats_are_no_names() -> None:
    names = table_names({"players": ["Ben", "ai"], "notation": {"Event": "club\nnight\n", "Site": 7}})
    assert names.players == ("Ben", "") and names.event == "club night" and names.site == ""
    assert not table_names({"players": ["table", "ai"]})

"""`trek play ... --notation FILE` (issue 31 item 5): a game played, by the AI or by people at the
terminal, ends (or is saved) with its table notation beside its replay; the notation imports back to
the same bytes; a game without a notation is refused before anything is played."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.cli_helpers import run


def test_an_ai_game_writes_its_notation_which_imports_back_byte_for_byte(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay, notation, again = tmp_path / "g.trek", tmp_path / "g.trekn", tmp_path / "again.trek"
    code, out, err = run(capsys, "play", "duel", "--seed", "3", "--rounds", "2", "-o", str(replay),
                         "--notation", str(notation))
    assert code == 0, err
    assert f"notation: {notation}" in out and "game notation" in notation.read_text(encoding="utf-8")
    code, _, err = run(capsys, "notation", "import", str(notation), "-o", str(again))
    assert code == 0, err
    assert again.read_bytes() == replay.read_bytes()


def test_a_persons_game_saved_at_the_end_of_input_has_its_notation_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    replay, notation = tmp_path / "p.trek", tmp_path / "p.trekn"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 12))  # a few answers, then the end of input: saved
    code, _, err = run(capsys, "play", "duel", "--players", "human,ai", "-o", str(replay), "--notation",
                       str(notation))
    assert code == 0, err
    assert replay.is_file() and notation.is_file()
    code, out, err = run(capsys, "notation", "check", str(notation))
    assert code == 0 and "sound" in out, (out, err)


def test_a_game_without_a_notation_or_without_a_replay_is_refused_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "alliance-act1", "-o", str(tmp_path / "a.trek"), "--notation",
                       str(tmp_path / "a.trekn"))
    assert code == 2 and "alliance games have no notation yet" in err and not (tmp_path / "a.trek").exists()
    code, _, err = run(capsys, "play", "duel", "--rounds", "1", "--notation", str(tmp_path / "b.trekn"))
    assert code == 2 and "give -o GAME.trek too" in err and not (tmp_path / "b.trekn").exists()
    code, _, err = run(capsys, "play", "duel", "--notation", str(tmp_path / "nowhere" / "c.trekn"))
    assert code == 2 and "no folder" in err

"""Untrusted command-line options and files: one clear line and exit status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.teach import LESSONS_DIR
from tests.cli_helpers import run


@pytest.mark.parametrize(("names", "says"), [
    ("a,,b", "player 2's name is empty"),
    (",,", "player 1's name is empty"),
    ("a," + "x" * 90, "player 2's name has 90 characters; at most 80"),
    ("a,b\x1b[2J", "holds control characters"),
])
def test_campaign_names_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str], names: str,
                                    says: str) -> None:
    code, _, err = run(capsys, "campaign", "new", str(tmp_path / "c.json"), "--names", names)
    assert code == 2 and says in err and len(err.splitlines()) == 1 and "\x1b" not in err
    assert not (tmp_path / "c.json").exists()


def test_campaign_name_too_long(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "campaign", "new", str(tmp_path / "c.json"), "--name", "x" * 300)
    assert code == 2 and "the campaign's name has 300 characters; at most 80" in err


def _lesson(tmp_path: Path, **change: object) -> Path:
    """The bundled overlap lesson with some fields changed, written to a file."""
    doc = json.loads((LESSONS_DIR / "overlap.json").read_text())
    doc.update(change)
    path = tmp_path / "l.json"
    path.write_text(json.dumps(doc))
    return path


def _ship(pose: list[float], ship_id: str = "Enterprise") -> dict[str, object]:
    return {"id": ship_id, "class": "Galaxy Class", "pose": pose, "player": 0}


@pytest.mark.parametrize(("change", "says"), [
    ({"ships": [_ship([1e308, 0, 0])]}, "ships[0].pose[0]: Input should be less than or equal to 10000"),
    ({"ships": [_ship([1, 2])]}, "ships[0].pose[2]: Field required"),
    ({"ships": [_ship([1, 2, 0]), _ship([3, 4, 0])]}, "ships: the ship id 'Enterprise' is used twice"),
    ({"ships": "oops"}, "ships: should be a list"),
])
def test_lesson_files_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str], change: dict[str, object],
                                  says: str) -> None:
    """A pose of 1e308 mm ended in a Panda3D AssertionError; the others were Python's own words."""
    out = tmp_path / "l.png"
    code, _, err = run(capsys, "teach", "lesson", str(_lesson(tmp_path, **change)), "-o", str(out))
    assert code == 2 and f"lesson l: {says}" in err and len(err.splitlines()) == 1
    assert not out.exists()


@pytest.mark.parametrize(("argv", "says"), [
    (["maneuver", "--kind", "straight", "--speed", "2", "--from", "1e308,0,0"], "within 10000 mm"),
    (["measure", "--a", "small@1e300,400,0", "--b", "small@0,0,0"], "within 10000 mm"),
    (["measure", "--a", "small@1,400,0", "--b", "small@0,0,1e9"], "HEADING must be between -360 and 360"),
])
def test_poses_far_off_any_table_are_refused(capsys: pytest.CaptureFixture[str], argv: list[str],
                                             says: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and says in err and out == ""


FLEET = {"name": "Fed\x1b[2J\x1b]0;pwned\x07", "faction": "Federation",
         "ships": [{"ship": "1001", "captain": "2001", "upgrades": ["3006"]}]}


@pytest.mark.parametrize("argv", [["fleet", "check"], ["fleet", "export", "--format", "text"]])
def test_fleet_names_with_control_characters_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         argv: list[str]) -> None:
    """An ESC sequence in a shared fleet file reached the terminal raw (it could clear it, retitle it)."""
    path = tmp_path / "f.json"
    path.write_text(json.dumps(FLEET))
    code, out, err = run(capsys, *argv[:2], str(path), *argv[2:])
    assert code == 2 and "name: holds a control character (\\x1b)" in err
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_campaign_file_names_with_control_characters_are_refused(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.json"
    assert run(capsys, "campaign", "new", str(path), "--json")[0] == 0
    doc = json.loads(path.read_text())
    doc["players"][0]["name"] = "Sisko\x1b[2J"
    path.write_text(json.dumps(doc))
    code, out, err = run(capsys, "campaign", "status", str(path))
    assert code == 2 and "players[0].name: holds a control character (\\x1b)" in err and "\x1b" not in out + err


def test_replay_info_escapes_a_scenario_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A replay's header is shown, not refused (old files stay readable), with its control characters escaped."""
    trek = tmp_path / "g.trek"
    assert run(capsys, "play", "duel", "--seed", "3", "-o", str(trek))[0] == 0
    assert run(capsys, "replay", "export", str(trek), "-o", str(tmp_path / "g.json"))[0] == 0
    doc = json.loads((tmp_path / "g.json").read_text())
    doc["header"]["scenario"]["name"] = "duel\x1b[2J\x9b"
    (tmp_path / "g.json").write_text(json.dumps(doc))
    assert run(capsys, "replay", "import", str(tmp_path / "g.json"), "-o", str(tmp_path / "e.trek"))[0] == 0
    code, out, _ = run(capsys, "replay", "info", str(tmp_path / "e.trek"))
    assert code == 0 and "scenario  duel\\x1b[2J\\x9b" in out and "\x1b" not in out and "\x9b" not in out

"""Untrusted command-line options and files: one clear line and exit status 2, never a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.teach import LESSONS_DIR
from tests.cli_helpers import run
from trek.main import main


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
    from engine.replay.jsonform import import_json

    trek = tmp_path / "g.trek"
    assert run(capsys, "play", "duel", "--seed", "3", "-o", str(trek))[0] == 0
    assert run(capsys, "replay", "export", str(trek), "-o", str(tmp_path / "g.json"))[0] == 0
    doc = json.loads((tmp_path / "g.json").read_text())
    doc["header"]["scenario"]["name"] = "duel\x1b[2J\x9b"
    (tmp_path / "g.json").write_text(json.dumps(doc))
    code, _, err = run(capsys, "replay", "import", str(tmp_path / "g.json"), "-o", str(tmp_path / "e.trek"))
    assert code == 2 and "name: holds a control character (\\x1b)" in err  # import judges it: no sound replay
    import_json(doc, tmp_path / "e.trek")  # written by another tool: still shown safely
    code, out, _ = run(capsys, "replay", "info", str(tmp_path / "e.trek"))
    assert code == 0 and "scenario  duel\\x1b[2J\\x9b" in out and "\x1b" not in out and "\x9b" not in out


@pytest.fixture(scope="module")
def duel_json(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The bundled duel, seed 3: its replay file and its JSON form."""
    folder = tmp_path_factory.mktemp("duel")
    trek = folder / "duel.trek"
    assert main(["play", "duel", "--seed", "3", "-o", str(trek)]) == 0
    assert main(["replay", "export", str(trek), "-o", str(folder / "duel.json")]) == 0
    return trek, json.loads((folder / "duel.json").read_text())


def test_replay_info_says_a_damaged_file_is_damaged(duel_json: tuple[Path, dict[str, Any]], tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """One flipped bit in an event record: info said 'complete yes' and exit 0."""
    data = bytearray(duel_json[0].read_bytes())
    data[len(data) // 2] ^= 0x10
    flipped = tmp_path / "flip.trek"
    flipped.write_bytes(bytes(data))
    capsys.readouterr()
    code, out, _ = run(capsys, "replay", "info", str(flipped))
    assert code == 1 and "complete  no: DAMAGED: checksum mismatch" in out
    assert run(capsys, "replay", "info", str(duel_json[0]))[:2][0] == 0


@pytest.mark.parametrize(("change", "says"), [
    ("hull", "event 0 does not fit ruleset 'attack_wing': ships[0].hull: Input should be a valid integer, "
             "unable to parse string as an integer (got 'five')"),
    ("ids", "ruleset 'attack_wing' rejects event 0: IllegalEvent: event 0: ship ids repeat"),
])
def test_replay_import_refuses_events_that_break_the_rules(duel_json: tuple[Path, dict[str, Any]], tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str], change: str,
                                                          says: str) -> None:
    """Import wrote such events and exited 0; now nothing is written and one line names event and field."""
    doc = copy.deepcopy(duel_json[1])
    ships = doc["events"][0]["ships"]
    if change == "hull":
        ships[0]["hull"] = "five"
    else:
        ships[1]["id"] = ships[0]["id"]
    (tmp_path / "m.json").write_text(json.dumps(doc))
    out = tmp_path / "m.trek"
    code, _, err = run(capsys, "replay", "import", str(tmp_path / "m.json"), "-o", str(out))
    assert code == 2 and says in err and "nothing written" in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]


def test_a_bad_event_is_one_line_naming_event_and_field(duel_json: tuple[Path, dict[str, Any]], tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """validate printed a ~700-character tagged-union message; info a multi-line pydantic report with a link."""
    from engine.replay.jsonform import import_json

    doc = copy.deepcopy(duel_json[1])
    doc["events"][0]["ships"][0]["hull"] = "five"
    import_json(doc, tmp_path / "bad.trek")  # written behind the command's back, as another tool might
    code, out, _ = run(capsys, "replay", "validate", str(tmp_path / "bad.trek"))
    problem = next(line for line in out.splitlines() if "problem:" in line)
    assert code == 1 and "event 0 does not fit ruleset 'attack_wing': ships[0].hull: Input should be" in problem
    assert len(problem) < 250 and "tagged-union" not in out
    code, out, _ = run(capsys, "replay", "info", str(tmp_path / "bad.trek"))
    assert "luck      unavailable: event 0 (game_started) does not fit the ruleset: ships[0].hull:" in out
    assert "pydantic.dev" not in out and "validation error" not in out


@pytest.mark.parametrize(("argv", "says"), [
    (["play", "fc-standard", "--rounds", "0"], "--rounds for fc-standard (the turn limit) must be between 2 and 400"),
    (["play", "alliance-act1", "--rounds", "0"], "--rounds must be between 1 and 100, not 0"),
    (["mission", "play", "alliance-act1", "--rounds", "0"], "--rounds must be between 1 and 100, not 0"),
    (["play", "skirmish", "--rounds", "0"], "--rounds must be between 1 and 100"),
])
def test_rounds_zero_is_refused_everywhere(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                                           says: str) -> None:
    """fc-standard played 10 turns and alliance-act1 6 rounds for --rounds 0 (0 read as 'the default')."""
    code, out, err = run(capsys, *argv, "-o", str(tmp_path / "g.trek"))
    assert code == 2 and says in err and out == "" and not (tmp_path / "g.trek").exists()


def test_campaign_play_rounds_zero_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.json"
    assert run(capsys, "campaign", "new", str(path))[0] == 0
    before = path.read_bytes()
    code, _, err = run(capsys, "campaign", "play", str(path), "--rounds", "0")
    assert code == 2 and "--rounds must be between 1 and 100, not 0" in err and path.read_bytes() == before


def test_output_folders_are_made_with_their_parents(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's `trek batch play skirmish --seeds 1..1000 -o runs/skirmish` failed in a fresh folder:
    'the folder runs does not exist'; a file output (-o a/b/game.trek) likewise."""
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "batch", "play", "duel", "--seeds", "1..1", "-o", "runs/duel")
    assert code == 0 and (tmp_path / "runs" / "duel" / "batch.json").is_file(), err
    code, _, err = run(capsys, "play", "duel", "--rounds", "1", "-o", "a/b/d.trek")
    assert code == 0 and (tmp_path / "a" / "b" / "d.trek").is_file(), err
    code, _, err = run(capsys, "batch", "stats", "runs/duel", "-o", "s/t")
    assert code == 0 and (tmp_path / "s" / "t" / "games.csv").is_file(), err
    code, _, err = run(capsys, "batch", "play", "duel", "--seeds", "1..1", "-o", "a/b/d.trek/x")
    assert code == 2 and "cannot create a/b/d.trek/x: a/b/d.trek is a file, not a folder" in err


FEDERATION = str(Path(__file__).resolve().parent.parent / "replays" / "fleets" / "federation.json")


@pytest.mark.parametrize(("argv", "says"), [
    (["play", "duel", "--seed", "18446744073709551616"], "--seed: must be from 0 to 9223372036854775807"),
    (["play", "duel", "--seed=-1"], "--seed: must be from 0 to 9223372036854775807 (2**63 - 1), not -1"),
    (["batch", "play", "duel", "--seeds", "0..99999999999", "-o", "b"], "seeds go from 0 to 2147483647"),
    (["batch", "play", "duel", "--seeds=-1..2", "-o", "b"], "--seeds -1..2: seeds go from 0 to 2147483647"),
    (["batch", "play", FEDERATION, "--seeds", "1..2", "-o", "b"],
     "is a fleet file, not a scenario: a batch plays a scenario, or two fleet files"),
])
def test_options_out_of_range_say_the_range(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch, argv: list[str], says: str) -> None:
    """A 2**64 seed played the whole game, then 'cannot write the header: Integer value out of range';
    '--seeds 0..99999999999' said 'must be A..B'; one fleet said 'sides: Field required'."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert code == 2 and says in err and out == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("kind", "content", "says"), [
    ("fleet", b" " * 1_000_001, "the file is 1,000,001 bytes, larger than the limit of 1,000,000 bytes"),
    ("fleet", b'{"name": ' + b"9" * 5000 + b"}", "a number of more than 4300 digits"),
    ("replay", b"\xac5o\x81\xb3*\xdd\xdcP\xdf\xf7\x9e\xd4" + bytes(64),
     "not valid msgpack: a string holds the byte 0x81, which is not UTF-8"),
])
def test_messages_speak_of_the_file_not_of_python(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str,
                                                  content: bytes, says: str) -> None:
    """No 'use sys.set_int_max_str_digits()', no '(UnicodeDecodeError: 'utf-8' codec...)', no size that
    reads like the limit ('larger than 1000000 bytes, the limit for a fleet file (2097152 bytes)')."""
    path = tmp_path / ("x.json" if kind == "fleet" else "x.trek")
    path.write_bytes(content)
    argv = ["fleet", "check", str(path)] if kind == "fleet" else ["replay", "info", str(path)]
    code, _, err = run(capsys, *argv)
    assert code == 2 and says in err
    assert "sys." not in err and "Error" not in err and "codec" not in err


def test_batch_messages_name_what_the_folder_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """'rounds None (now 3)' and 'no finished games' (in a folder of 2) become words."""
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "batch", "play", "duel", "--seeds", "1..2", "--rounds", "1", "-o", "b")[0] == 0
    code, _, err = run(capsys, "batch", "play", "duel", "--seeds", "1..2", "-o", "b")
    assert code == 2 and "b holds another batch: rounds: 1 there, the game's default now" in err
    code, _, err = run(capsys, "batch", "render", "b", "--seeds", "50..60", "-o", "v")
    assert code == 2 and "no finished game of b has a seed in 50..60; its seeds: 1..2" in err


def test_replay_state_says_what_minus_one_is(duel_json: tuple[Path, dict[str, Any]],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "replay", "state", str(duel_json[0]), "--at", "-5")
    assert code == 2 and "there is no event -5: events are numbered 0 to " in err
    assert "and -1 is the state before any event" in err


@pytest.mark.parametrize(("argv", "says"), [
    (["measure", "--a", "small@1,2,0", "--b", "small@300,300,0", "--arc", "45"], "--arc: must be 90, 180 or 360"),
    (["measure", "--a", "small@1,2,0", "--b", "small@300,300,0", "--arc", "360", "--rear-arc", "90"],
     "a ship with a 360 degree arc has no rear arc"),
    (["measure", "--a", "small@1,2,0", "--b", "small@300,300,0", "--rear-arc", "45"], "--rear-arc: must be 90, or 0"),
    (["maneuver", "--kind", "straight", "--speed", "2", "--from", "1,2"], "expected X,Y,HEADING"),
    (["measure", "--a", "small@1,2", "--b", "small@300,300,0"], "expected X,Y,HEADING"),
    (["odds", "--elite", "--attack", "0", "--defense", "1"], "--elite: the attack rolls no dice"),
])
def test_options_outside_the_help_are_refused(capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    """Each was answered as if it made sense (a 45 degree arc, a rear arc on a 360 arc, heading 0 made up,
    an Elite Attack Die among no dice)."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and says in err and out == ""


def test_measure_takes_the_arcs_the_help_names(capsys: pytest.CaptureFixture[str]) -> None:
    for arcs in (["--arc", "180", "--rear-arc", "90"], ["--arc", "360", "--rear-arc", "0"], ["--arc", "360"]):
        assert run(capsys, "measure", "--a", "small@1,2,0", "--b", "small@300,300,0", *arcs)[0] == 0


def test_teach_lesson_with_an_output_and_no_lesson_is_an_error(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """It printed the list and exited 0 with nothing written."""
    code, out, err = run(capsys, "teach", "lesson", "-o", str(tmp_path / "l.png"))
    assert code == 2 and "name the lesson to draw (one of arcs," in err and out == ""


def test_teach_maneuver_names_maneuvers_as_they_are_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'1 spin L is not on the dial (..., 3 bank L, ...)' answered `left-spin 1` in the dial's printed words."""
    code, _, err = run(capsys, "teach", "maneuver", "Galaxy Class", "left-spin", "1", "-o", str(tmp_path / "m.gif"))
    assert code == 2 and "left-spin 1 is not on the Galaxy Class dial; it has: straight 5," in err
    assert "left-bank 3" in err and "bank L" not in err

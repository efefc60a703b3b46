"""`trek maneuver` and `trek measure`: output, JSON, and one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest

from trek.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors exit through SystemExit
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_maneuver_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "maneuver", "--kind", "straight", "--speed", "2", "--from", "100,100,0", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["end"] == {"x": 100.0, "y": 220.0, "heading": 0.0}
    assert doc["path"][0]["y"] == 100.0 and doc["path"][-1]["y"] == 220.0
    assert len(doc["template"]) == 5  # a closed rectangle


def test_maneuver_text_names_the_end_pose(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "maneuver", "--base", "large", "--kind", "left-turn", "--speed", "1")
    assert code == 0 and "1 left-turn on a large base" in out and "end" in out


def test_measure_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "measure", "--a", "small@100,100,0", "--b", "small@100,300,0", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["distance_mm"] == 160.0 and doc["band"] == 2
    assert doc["front_arc"]["in_arc"] and not doc["rear_arc"]["in_arc"]


@pytest.mark.parametrize("argv", [
    ["maneuver", "--kind", "warp", "--speed", "2"],
    ["maneuver", "--kind", "left-turn", "--speed", "5"],
    ["maneuver", "--kind", "straight", "--speed", "two"],
    ["maneuver", "--kind", "straight", "--speed", "1", "--from", "1,2,3,4"],
    ["measure", "--a", "small@1,1,0", "--b", "tiny@1,1,0"],
    ["measure", "--a", "small 1,1,0", "--b", "small@1,1,0"],
    ["measure", "--a", "small@1,1,0", "--b", "small@50,50,0", "--arc", "270"],
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "error" in err
    assert "Traceback" not in err

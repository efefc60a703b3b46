"""Drills (issue 35): the ideal answers by the geometry, piped terminal sessions, the progress file,
the bundled drill files and a malformed one."""

from __future__ import annotations

import argparse
import io
import json
import math
from pathlib import Path
from typing import Any

import pytest

from engine.drill import (
    DRILLS_DIR,
    Drill,
    Progress,
    bundled_drills,
    default_progress_path,
    drill_names,
    ideal_answers,
    judge,
    load_drill,
    parse_drill,
    read_progress,
    score,
    write_progress,
)
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.into_the_unknown.drills import ItuDrill
from engine.teach import TeachError
from trek.main import main
from trek.seats.terminal import TerminalSeat
from trek.teach_drill import fly_drill, run_drill


def _drill(**over: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "title": "t", "skill": "speed and range", "difficulty": 1, "brief": "b", "ship": "A",
        "ships": [{"id": "A", "class": "Galaxy Class", "pose": [300, 200, 0]},
                  {"id": "B", "class": "Vor'cha Class", "pose": [300, 560, 180], "player": 1}],
        "goal": [{"kind": "in_arc", "target": "B", "bands": [1]}],
    }
    doc.update(over)
    return doc


def _answers(drill: Any) -> list[tuple[str, int]]:
    return [(o.maneuver.kind, o.maneuver.speed) for o in ideal_answers(drill)]


def _aw(drill: object) -> Drill:
    assert isinstance(drill, Drill)
    return drill


# --- the geometry ---------------------------------------------------------------------------------

def test_a_straight_ends_its_template_and_a_base_further_and_range_1_is_four_inches() -> None:
    # rulebook "Performing a Maneuver": the base moves the template's length plus its own; a straight
    # 2 is 2 x 40 mm. From y 200 the 5 straight ends at 200 + 5 x 40 + 40 = 440; the Vor'cha's base
    # (centre 560, side 40) is then 560 - 20 - (440 + 20) = 80 mm away: Range 1 (up to 101.6 mm).
    # The 4 straight ends 40 mm short: 120 mm, Range 2. Only the 5 straight reaches Range 1.
    drill = _aw(parse_drill("t", _drill()))
    two = judge(drill, Maneuver("straight", 2), "green").result.end
    assert (two.x, two.y, two.heading) == pytest.approx((300, 200 + 2 * P.STRAIGHT_MM_PER_SPEED + 40, 0))
    assert _answers(drill) == [("straight", 5)]
    four = judge(drill, Maneuver("straight", 4), "white")
    assert not four.ok and "Range 2 (120 mm)" in four.checks[1].text and "not Range 1" in four.checks[1].text


def test_range_2_band_and_the_front_arc_decide_the_answers() -> None:
    # Range 1-2 is up to 203.2 mm: the 3 straight ends at 360, 160 mm short of the Vor'cha's base
    drill = _aw(parse_drill("t", _drill(goal=[{"kind": "in_arc", "target": "B", "bands": [2]}])))
    got = _answers(drill)
    assert ("straight", 3) in got and ("straight", 4) in got and ("straight", 5) not in got
    # a 3 turn right ends facing east: the Vor'cha, due north, is outside a 90 degree front arc
    turn = judge(drill, Maneuver("right-turn", 3), "red")
    assert not turn.ok and "front arc" in turn.checks[1].text and "Firing Arcs" in turn.checks[1].text


def test_an_overlap_is_named_with_its_rule_and_a_come_about_into_a_ship_becomes_a_straight() -> None:
    drill = _aw(load_drill("aw-bump-about"))
    out = judge(drill, Maneuver("about", 2), "red")
    assert out.result.changed_from == Maneuver("about", 2) and out.result.maneuver == Maneuver("straight", 2)
    assert not out.ok and any("Overlapping Other Ships" in c.text and not c.ok for c in out.checks)
    assert _answers(drill) == [("about", 1)]  # the 1 come about ends short of the wreck, facing the Galaxy


def test_the_obstacle_rule_is_named_when_the_template_crosses_it() -> None:
    drill = _aw(load_drill("aw-asteroid"))
    out = judge(drill, Maneuver("straight", 4), "white")
    assert not out.ok and any("Obstacles" in c.text and not c.ok for c in out.checks)
    assert _answers(drill) == [("right-bank", 3), ("right-bank", 2)]


def test_a_block_is_the_other_ships_maneuver_overlapping_the_learners_end() -> None:
    drill = _aw(load_drill("aw-block"))
    for o in ideal_answers(drill):
        # the Vor'cha (x 420, from y 200) flies a 3 straight north: its end base spans y 340..380
        assert abs(o.result.end.x - 420) < 40 + 20 * math.sqrt(2)
    assert not judge(drill, Maneuver("straight", 1), "green").ok


def test_every_bundled_drill_validates_and_has_an_ideal_answer() -> None:
    drills = bundled_drills()
    assert len([d for d in drills if d.doc.game == "attack_wing"]) >= 10
    assert {d.doc.skill for d in drills} >= {"speed and range", "banks and turns", "come abouts and red maneuvers",
                                             "obstacles", "bumps", "large bases"}
    for d in drills:
        assert d.ideal(), d.name
        assert len(d.ideal()) < len(d.choices()), d.name  # a goal any maneuver meets teaches nothing


@pytest.mark.parametrize(("over", "where"), [
    ({"goal": [{"kind": "in_arc", "target": "C"}]}, "goal[0].target: no ship 'C'"),
    ({"goal": [{"kind": "in_arc", "target": "B", "bands": [4]}]}, "goal[0]"),
    ({"goal": [{"kind": "warp"}]}, "goal[0]"),
    ({"ships": [{"id": "A", "class": "Galaxy Class", "pose": [1e9, 0, 0]}]}, "ships[0].pose"),
    ({"difficulty": 9}, "difficulty"),
    ({"hints": ["x" * 401]}, "hints[0]"),
    ({"ship": "Z"}, "ship: no ship 'Z'"),
    ({"extra": 1}, "extra"),
    ({"obstacles": [{"points": [[0, 0], [10, 10], [10, 0], [0, 10]]}]}, "obstacles[0]"),
])
def test_a_malformed_drill_is_refused_naming_where(over: dict[str, Any], where: str) -> None:
    with pytest.raises(TeachError, match=r"^drill t: ") as err:
        parse_drill("t", _drill(**over))
    assert where in str(err.value)


def test_a_malformed_drill_file_is_refused_from_the_command_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_drill(goal=[])))
    assert main(["teach", "drill", str(bad), "--progress", str(tmp_path / "p.json")]) != 0
    err = capsys.readouterr().err
    assert "drill bad: goal" in err and "Traceback" not in err


# --- the terminal ---------------------------------------------------------------------------------

def _session(name: str, lines: str, progress: Progress | None = None) -> tuple[str, Progress]:
    out = io.StringIO()
    p = progress or Progress()
    fly_drill(load_drill(name), TerminalSeat(io.StringIO(lines), out, echo=True), out, p)
    return out.getvalue(), p


def test_piped_session_wrong_line_question_mark_hint_and_a_right_answer() -> None:
    text, p = _session("aw-range-1", "99\n?\nhint\nEnterprise dial 5 straight\n")
    assert "99 is not an option's number" in text
    assert "(a white maneuver)" in text  # ? lists the options with their details
    assert "hint 1:" in text
    assert "Vor'cha is in your front arc at Range 1 (80 mm)" in text and "right" in text
    assert "solved in 1 try with 1 hint: 2 of 3 stars" in text
    assert p.drills["aw-range-1"].solved and p.drills["aw-range-1"].best == 2


def test_piped_session_wrong_answers_name_the_rule_and_end_with_the_ideal_answers() -> None:
    text, p = _session("aw-range-1", "2\n3\n8\n")  # 4, 3 and 2 straight: all short of Range 1
    assert text.count("wrong") == 3 and "Measuring Range" in text and "try again" in text
    assert "not solved in 3 tries with 0 hints: 0 of 3 stars" in text
    assert "the ideal answers: 5 straight (white) (yours is not among them)" in text
    assert not p.drills["aw-range-1"].solved and p.drills["aw-range-1"].tries == 3


def test_the_dial_fan_out_is_the_last_hint() -> None:
    drill = _aw(load_drill("aw-range-1"))
    text, _ = _session("aw-range-1", "hint\n" * (len(drill.doc.hints) + 2) + "1\n")
    assert "the fan-out, where each choice ends" in text and "5 straight (white): ends 240 mm ahead, 0 mm right" in text
    assert "no more hints" in text


def test_progress_is_written_read_and_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state" / "drills.json"
    args = argparse.Namespace(name="aw-range-1", progress=path, answer_png=None, ui="terminal")
    out = io.StringIO()
    assert run_drill(args, io.StringIO("1\n"), out) == 0
    assert read_progress(path).drills["aw-range-1"].best == 3
    assert run_drill(args, io.StringIO("2\n1\n"), io.StringIO()) == 0  # a second go adds its tries
    again = read_progress(path).drills["aw-range-1"]
    assert (again.tries, again.best, again.solved) == (3, 3, True)
    assert main(["teach", "drills", "--json", "--progress", str(path)]) == 0
    listed = {d["name"]: d for d in json.loads(capsys.readouterr().out)["drills"]}
    assert listed["aw-range-1"]["stars"] == 3 and listed["aw-bank"]["stars"] is None
    assert set(listed) == set(drill_names())


def test_a_broken_progress_file_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"drills": {"x": {"best": 7}}}')
    with pytest.raises(TeachError, match=r"p.json: not a drill progress file \(drills.x.best"):
        read_progress(path)
    write_progress(path, Progress())
    assert read_progress(path) == Progress()


def test_the_progress_file_lives_in_the_state_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert default_progress_path() == tmp_path / "trek" / "drills.json"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert default_progress_path() == Path.home() / ".local" / "state" / "trek" / "drills.json"


def test_stars() -> None:
    assert [score(1, 0, True), score(2, 0, True), score(1, 1, True), score(3, 2, True), score(3, 0, False)] == \
        [3, 2, 2, 1, 0]


# --- Into the Unknown -------------------------------------------------------------------------------

def test_itu_impulse_runs_the_tool_along_the_ruler_and_a_turn_before_sets_the_advance_heading() -> None:
    # guide, "Engage Impulse": with no turn the tool slides straight along the ruler: 4" (101.6 mm)
    # north from y 60 ends at y 161.6; two notches (45 degrees) starboard before the advance ends
    # facing 45, and only that plan reaches the buoy (within 10 mm of its end)
    drill = load_drill("itu-impulse-before")
    assert isinstance(drill, ItuDrill)
    texts = [t for t, _ in drill.choices()]
    straight = drill.judge(texts.index('impulse 4"')).result.end
    assert (straight.x, straight.y, straight.heading) == pytest.approx((80, 60 + 4 * 25.4, 0))
    assert [o.said for o in drill.ideal()] == ['impulse 4" turn 2 starboard before']
    assert drill.judge(texts.index('impulse 4" turn 2 starboard before')).result.end.heading == pytest.approx(45)


def test_itu_an_impulse_stops_at_a_boundary_and_a_warp_crosses_it() -> None:
    drill = load_drill("itu-warp-boundary")
    assert isinstance(drill, ItuDrill)
    ideal = [o.said for o in drill.ideal()]
    assert ideal and all(s.startswith("warp") for s in ideal)
    texts = [t for t, _ in drill.choices()]
    out = drill.judge(texts.index('impulse 2"'))
    assert out.result.stopped == "boundary" and "Boundaries and Impulse" in out.flown and not out.ok


def test_itu_piped_session_by_notation_text() -> None:
    text, p = _session("itu-impulse-before", 'impulse 4"\nimpulse 4" turn 2 starboard before\n')
    assert "your base centre ends" in text and "wrong" in text and "right" in text
    assert "solved in 2 tries with 0 hints: 2 of 3 stars" in text and p.drills["itu-impulse-before"].solved


def test_itu_malformed_drill_is_refused_naming_where() -> None:
    doc = json.loads((DRILLS_DIR / "itu-come-about.json").read_text())
    doc["ships"][0]["impulse_turn"] = 9
    with pytest.raises(TeachError, match=r"drill t: ships\[0\]\.impulse_turn"):
        parse_drill("t", doc)
    doc["ships"][0]["impulse_turn"] = 2
    doc["ship"] = "nobody"
    with pytest.raises(TeachError, match=r"drill t: ship: no ship 'nobody'"):
        parse_drill("t", doc)


def test_there_are_five_into_the_unknown_drills() -> None:
    itu = [d for d in bundled_drills() if d.doc.game == "into_the_unknown"]
    assert len(itu) >= 5 and {d.doc.skill for d in itu} == {"impulse turns", "warp and boundaries", "come about"}


def test_progress_that_cannot_be_saved_is_an_error_naming_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    with pytest.raises(TeachError, match="a-folder: the drill progress cannot be saved"):
        write_progress(folder, Progress())

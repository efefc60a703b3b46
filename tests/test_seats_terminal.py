"""A person at the terminal in every game (issue 30 items 1, 3, 5): a scripted person pipes lines in
(always the first option, a wrong line, a ``?``), leaves at the end of input (the game is saved),
resumes, and the file resumed is byte for byte the one the same answers give in one go; every file
written validates sound (the game played again from its header, seats and saved answers)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from cli_helpers import run

from engine.replay import open_replay

# (scenario, --players with a person in a seat, more arguments): the four games
GAMES = [
    pytest.param("duel", "human,ai", [], id="attack_wing"),
    pytest.param("alliance-act1", "2:P1", ["--rounds", "3"], id="alliance"),
    pytest.param("itu-perditions-gate", "human,ai", [], id="into_the_unknown"),
    pytest.param("fc-standard", "ai,human", ["--rounds", "3"], id="fleet_captains"),
]
FIRST = "not an option\n?\n" + "1\n" * 4  # a wrong line, the details, then the first option four times
REST = "1\n" * 4000  # the first option until the game is over


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: str, *argv: str
         ) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    return run(capsys, *argv)


def sound(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, err = run(capsys, "replay", "validate", str(path))
    assert code == 0 and f"{path.name}: sound" in out and "played again by the rules, every event matched" in out, \
        out + err


@pytest.mark.parametrize(("name", "players", "more"), GAMES)
def test_a_scripted_person_plays_saves_resumes_and_forks(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch, name: str, players: str,
                                                         more: list[str]) -> None:
    saved = tmp_path / "saved.trek"
    code, out, err = play(capsys, monkeypatch, FIRST, "play", name, "--players", players, "-o", str(saved), *more)
    assert code == 0, err
    assert "'not an option' is not one of the options: type 1 to" in out  # one line of reason, then the question
    assert "save leaves the game (trek play --resume goes on)" in out  # what '?' lists after the options
    assert "    1. " in out and "stopped (the end of input)" in out and f"go on with: trek play --resume {saved}" in out
    replay = open_replay(saved)
    assert replay.result is None and len(replay.header["answers"]) == 4
    sound(capsys, saved)

    code, out, err = play(capsys, monkeypatch, REST, "play", "--resume", str(saved))
    assert code == 0, err
    assert "the game is saved" not in out  # the game went on to its end
    finished = open_replay(saved)
    assert finished.result is not None and len(finished.header["answers"]) > 4
    sound(capsys, saved)

    one_go = tmp_path / "one-go.trek"
    code, _, err = play(capsys, monkeypatch, FIRST + REST, "play", name, "--players", players, "-o", str(one_go), *more)
    assert code == 0, err
    assert saved.read_bytes() == one_go.read_bytes()

    # a fork from event 20: the first 21 events are the game's, then the person is asked again
    fork = tmp_path / "fork.trek"
    code, out, err = play(capsys, monkeypatch, "", "play", "--resume", str(saved), "--from", "20", "-o", str(fork))
    assert code == 0, err
    forked = open_replay(fork)
    assert list(forked.events())[:21] == list(finished.events())[:21] and forked.result is None
    sound(capsys, fork)


def test_a_finished_game_is_forked_not_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.trek"
    assert play(capsys, monkeypatch, REST, "play", "itu-perditions-gate", "--players", "ai,human", "-o",
                str(path))[0] == 0
    code, _, err = play(capsys, monkeypatch, "", "play", "--resume", str(path))
    assert code == 2 and "is a finished game; fork it from an event with --from EVENT -o NEW.trek" in err
    code, _, err = play(capsys, monkeypatch, "", "play", "--resume", str(path), "--from", "3")
    assert code == 2 and "give -o NEW.trek" in err


def test_a_save_whose_answers_were_changed_does_not_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The answers are the people's decisions: another answer gives another game, which the file's
    events are not; validation and resume both say where."""
    from engine.replay.writer import ReplayWriter

    path = tmp_path / "g.trek"
    assert play(capsys, monkeypatch, "2\n" * 30, "play", "itu-perditions-gate", "--players", "human,ai", "-o",
                str(path))[0] == 0
    replay = open_replay(path)
    header = dict(replay.header)
    header["answers"] = [0, *header["answers"][1:]]  # the first order passed instead
    forged = tmp_path / "forged.trek"
    with ReplayWriter(forged, header) as writer:
        for event in replay.events():
            writer.event(event)
        writer.close(replay.result)
    code, out, _ = run(capsys, "replay", "validate", str(forged))
    assert code != 0 and "does not follow the rules" in out
    code, _, err = play(capsys, monkeypatch, "", "play", "--resume", str(forged))
    assert code == 2 and "the file is not that game" in err


def test_ctrl_c_while_the_ai_thinks_saves_the_game_as_it_stood_at_the_last_question(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C between two questions (the AI's turn): the events after the last question asked and
    that question's answers are dropped, so the save ends where a person is asked, validates, and
    resumes into the game played in one go."""
    from dataclasses import replace

    from engine.rulesets.into_the_unknown.play import seated
    from engine.seats.decision import Decision
    from engine.seats.session import play as play_session
    from engine.seats.session import write

    class First:
        asked = 0

        def ask(self, decision: Decision) -> int:
            First.asked += 1
            return 0

        def tell(self, line: str) -> None: ...

    game = seated(1, 6, ["human", "ai"])
    original = game.run
    stop_at = 40

    def interrupted(journal: object, front: object, sink: object) -> object:
        def counting(event: object, state: object) -> None:
            sink(event, state)  # type: ignore[operator]
            if First.asked >= 3 and len(journal.answers) and journal.events() >= stop_at:  # type: ignore[attr-defined]
                raise KeyboardInterrupt
        return original(journal, front, counting)  # type: ignore[arg-type]

    session = play_session(replace(game, run=interrupted), First())  # type: ignore[arg-type]
    assert session.stopped == "interrupted" and session.answers
    path = tmp_path / "saved.trek"
    write(game, session, path)
    sound(capsys, path)
    code, _, err = play(capsys, monkeypatch, REST, "play", "--resume", str(path))
    assert code == 0, err
    one_go = tmp_path / "one-go.trek"
    assert play(capsys, monkeypatch, REST, "play", "itu-perditions-gate", "--players", "human,ai", "-o",
                str(one_go))[0] == 0
    assert path.read_bytes() == one_go.read_bytes()


@pytest.mark.parametrize(("name", "players", "more"), [
    pytest.param("duel", "ai,ai", [], id="attack_wing"),
    pytest.param("alliance-act1", "2", ["--rounds", "2"], id="alliance"),
    pytest.param("itu-perditions-gate", "ai,ai", [], id="into_the_unknown"),
    pytest.param("fc-standard", "ai,ai", ["--rounds", "3"], id="fleet_captains"),
])
def test_table_dice_are_typed_in_saved_and_resumed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch, name: str, players: str,
                                                   more: list[str]) -> None:
    """`--dice table` (issue 30 item 4): each roll's faces asked die by die as they came up at the
    table, the AI's rolls too (and the Enemy AI's die); the replay is marked a table game, holds the
    faces typed in, validates, and resumes into the one-go game."""
    lines = "2\n" * 6  # a crit on each attack die, a 2 on the Enemy AI's die...
    saved = tmp_path / "table.trek"
    code, out, err = play(capsys, monkeypatch, lines, "play", name, "--players", players, "--dice", "table",
                          "-o", str(saved), *more)
    assert code == 0, err
    assert "== the table: " in out and "shows" in out
    replay = open_replay(saved)
    assert replay.header["dice"] == "table" and replay.result is None
    rolled = [e for e in replay.events() if e["type"] == "dice_rolled"]
    assert len(replay.header["answers"]) == 6 and (rolled or name != "duel")
    assert all(f == "crit" for e in rolled if e.get("kind") == "attack" for f in e["faces"])
    tested = [e for e in replay.events() if e["type"] == "test_made"]
    assert all(d["face"] == "analysis" for e in tested for d in e["dice"])  # the 2nd face of each die, as typed
    d6 = [e for e in replay.events() if e["type"] in ("rolled", "table_rolled")]
    assert all(e["type"] == "table_rolled" and e["value"] == 2 for e in d6) and (d6 or name != "fc-standard")
    sound(capsys, saved)
    assert play(capsys, monkeypatch, "1\n" * 3000, "play", "--resume", str(saved))[0] == 0
    sound(capsys, saved)
    one_go = tmp_path / "one-go.trek"
    assert play(capsys, monkeypatch, lines + "1\n" * 3000, "play", name, "--players", players, "--dice", "table",
                "-o", str(one_go), *more)[0] == 0
    assert saved.read_bytes() == one_go.read_bytes()



@pytest.mark.parametrize(("key", "value", "said"), [
    ("answers", "1,2,3", "the header's answers is not a list of option numbers"),
    ("answers", [True, 1], "the header's answers is not a list of option numbers"),
    ("answers", [10**6], "the header's answers is not a list of option numbers"),
    ("seats", ["human", "wizard"], "between two seats of ai or human"),
    ("dice", "loaded", "the header's dice is not table"),
])
def test_a_hostile_save_header_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch, key: str, value: object,
                                                      said: str) -> None:
    from engine.replay.writer import ReplayWriter

    path = tmp_path / "g.trek"
    assert play(capsys, monkeypatch, "1\n" * 5, "play", "itu-perditions-gate", "--players", "human,ai", "-o",
                str(path))[0] == 0
    replay = open_replay(path)
    forged = tmp_path / "forged.trek"
    with ReplayWriter(forged, {**replay.header, key: value}) as writer:
        for event in replay.events():
            writer.event(event)
        writer.close(replay.result)
    code, out, err = run(capsys, "replay", "validate", str(forged))
    assert code == 1 and said in out and "Traceback" not in out + err
    code, _, err = play(capsys, monkeypatch, "", "play", "--resume", str(forged))
    assert code == 2 and said in err and "Traceback" not in err


def test_an_order_not_yet_given_is_taken_back(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Into the Unknown asks an order in parts (the order, then its maneuver...): `back` at a later part
    takes the order back before anything of it is given, and the game is the one without it."""
    taken_back, straight = tmp_path / "back.trek", tmp_path / "straight.trek"
    code, out, err = play(capsys, monkeypatch, "4\nback\n1\n" + "1\n" * 40, "play", "itu-perditions-gate",
                          "--players", "human,ai", "-o", str(taken_back))
    assert code == 0, err
    assert out.count("priority order (or pass)") >= 2 and "the impulse maneuver" in out
    assert play(capsys, monkeypatch, "1\n" * 41, "play", "itu-perditions-gate", "--players", "human,ai", "-o",
                str(straight))[0] == 0
    assert taken_back.read_bytes() == straight.read_bytes()
    sound(capsys, taken_back)

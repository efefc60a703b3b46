"""The terminal's form (issue 30 item 3): an option by its number or its text (or a unique beginning
of it), a one-line reason and the question again for anything else, `?` for the details, `save` or
the end of input to leave; names from files reach the terminal with control characters escaped."""

from __future__ import annotations

import io

import pytest

from engine.seats.decision import Choice, Decision, SeatClosed
from trek.seats.terminal import TerminalSeat, parse_answer

DIAL = Decision("attack_wing", "Federation (side A)", "dial", "A1: set the dial",
                (Choice("A1 dial 2 straight (green)", "a green maneuver"), Choice("A1 dial 2 left-bank (white)"),
                 Choice("A1 dial 1 straight (green)")), ("round 1, planning",))


@pytest.mark.parametrize(("line", "index"), [
    ("1", 0), ("3", 2), ("A1 dial 2 left-bank (white)", 1), ("a1   DIAL 2 left", 1), ("a1 dial 1", 2),
])
def test_an_option_is_named_by_its_number_its_text_or_a_unique_beginning(line: str, index: int) -> None:
    assert parse_answer(line, DIAL) == (index, "")


@pytest.mark.parametrize(("line", "why"), [
    ("", "an empty line: type 1 to 3"),
    ("4", "4 is not an option's number: the options are 1 to 3"),
    ("0", "0 is not an option's number"),
    ("a1 dial 2", "'a1 dial 2' begins 2 options (1, 2): type more of it or a number"),
    ("warp 9", "'warp 9' is not one of the options: type 1 to 3"),
])
def test_anything_else_gets_one_line_of_reason(line: str, why: str) -> None:
    index, reason = parse_answer(line, DIAL)
    assert index is None and reason.startswith(why) and "\n" not in reason


def test_a_wrong_line_asks_the_same_question_again_and_question_mark_lists_the_details() -> None:
    out = io.StringIO()
    seat = TerminalSeat(io.StringIO("warp 9\n?\n2\n"), out, echo=True)
    assert seat.ask(DIAL) == 1
    text = out.getvalue()
    assert text.count("Federation (side A): A1: set the dial") == 2  # asked, then asked again after the reason
    assert "  'warp 9' is not one of the options" in text
    assert "1. A1 dial 2 straight (green)  (a green maneuver)" in text  # the details, from '?'
    assert "> warp 9\n" in text  # piped lines are echoed


@pytest.mark.parametrize("lines", ["", "save\n", "q\n"])
def test_the_end_of_input_or_save_leaves_the_table(lines: str) -> None:
    with pytest.raises(SeatClosed):
        TerminalSeat(io.StringIO(lines), io.StringIO()).ask(DIAL)


def test_an_unreadable_input_is_the_end_of_input() -> None:
    closed = io.StringIO("1\n")
    closed.close()
    with pytest.raises(SeatClosed, match="cannot be read"):
        TerminalSeat(closed, io.StringIO()).ask(DIAL)


def test_names_from_files_reach_the_terminal_escaped() -> None:
    hostile = Decision("attack_wing", "side \x1b[2J", "dial", "set \u202edial", (Choice("ok\x00"),))
    out = io.StringIO()
    TerminalSeat(io.StringIO("1\n"), out).ask(hostile)
    assert "\x1b" not in out.getvalue() and "\u202e" not in out.getvalue() and "\x00" not in out.getvalue()
    assert "\\x1b[2J" in out.getvalue() and "\\u202e" in out.getvalue()


def test_an_overlong_line_is_read_in_part() -> None:
    seat = TerminalSeat(io.StringIO("1" * 5000 + "\n2\n"), io.StringIO())
    assert seat.ask(DIAL) == 1  # the long line is no option; the next line is read


def test_a_question_for_the_other_person_is_a_hand_over() -> None:
    """Two people at one screen: a question for another seat says whom to pass to (the table's dice
    are nobody's seat); a script answering both seats spends no line on it."""
    out = io.StringIO()
    seat = TerminalSeat(io.StringIO("1\n1\n1\n1\n"), out)
    other = Decision("attack_wing", "Klingon (side B)", "dial", "B1: set the dial", DIAL.options)
    die = Decision("attack_wing", "the table", "die", "A1: attack die 1 of 3 shows", (Choice("hit"), Choice("crit")))
    assert [seat.ask(d) for d in (DIAL, die, DIAL, other)] == [0, 0, 0, 0]
    assert out.getvalue().count("--- pass to") == 1 and "--- pass to Klingon (side B) ---" in out.getvalue()


def test_a_long_wait_after_an_answer_says_the_ai_is_thinking() -> None:
    """Issue 30: "an AI turn that takes longer than half a second shows that it is thinking" (at a
    terminal; a script's transcript has no timings in it)."""
    import time

    out = io.StringIO()
    seat = TerminalSeat(io.StringIO("1\n1\n"), out)
    assert not seat.thinking  # a StringIO is no terminal
    seat.thinking = True
    seat.ask(DIAL)
    time.sleep(0.8)
    seat.tell("R1 Activation: I.K.S. Gr'oth reveals 4 straight (white)")
    seat.ask(DIAL)
    seat.thinking = False
    seat._quiet()
    text = out.getvalue()
    assert text.count("... the AI is thinking") >= 1  # (a very slow machine may say it once more)
    assert text.index("the AI is thinking") < text.index("reveals 4 straight")


def test_back_takes_back_only_what_the_game_has_not_acted_on() -> None:
    from engine.seats.decision import Undo

    out = io.StringIO()
    assert TerminalSeat(io.StringIO("back\n2\n"), out).ask(DIAL) == 1
    assert "nothing to take back here" in out.getvalue()
    part = Decision("into_the_unknown", "Federation (side 0)", "maneuver", "the impulse maneuver", DIAL.options,
                    undoable=True)
    with pytest.raises(Undo):
        TerminalSeat(io.StringIO("undo\n"), io.StringIO()).ask(part)

"""A video maker's own words (issue 36): `trek render --title TEXT --commentary FILE` puts their
title on the title card and their timed remarks in place of the caption line, and the subtitles
say the same; a commentary file is untrusted input, each bad line named."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.base import PlayRequest
from engine.rulesets.registry import maker_for
from studio.commentary import (
    HOLD_SECONDS,
    CommentaryError,
    Remark,
    Shown,
    Words,
    check_title,
    parse_commentary,
    place,
    read_commentary,
    remark_at,
)
from studio.frame_plan import plan_video
from studio.sidecars import cues, sidecar_paths
from tests.cli_helpers import run

NOTES = """# the duel, seed 3
0:04 Welcome to the duel
@30 The Gr'oth closes in
0:20.5 Watch this attack
"""


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    path = tmp_path_factory.mktemp("commentary") / "duel.trek"
    _, maker = maker_for("duel")
    maker.play(PlayRequest("duel", 3, path, 2))
    return load_timeline(path)


def test_a_commentary_file_reads_clock_and_event_times() -> None:
    assert parse_commentary(NOTES) == (Remark(2, "Welcome to the duel", at=4.0),
                                       Remark(3, "The Gr'oth closes in", event=30),
                                       Remark(4, "Watch this attack", at=20.5))
    assert parse_commentary("1:02:03.25 late in a long game")[0].at == pytest.approx(3723.25)


@pytest.mark.parametrize(("text", "words"), [
    ("0:04 fine\nhello there", "line 2: expected 'M:SS words' or '@EVENT words'"),
    ("0:75 too many seconds", "line 1: 0:75 is not a time"),
    ("0:04 " + "x" * 201, "line 1: 201 characters, over the 200"),
    ("0:04 a bell \x07 rings", "line 1: a control character"),
    ("@ 12 spaced", "line 1: expected"),
    ("0:01 a\n" * 5001, "5001 lines, over the limit of 5000"),
])
def test_each_bad_line_is_named(text: str, words: str) -> None:
    with pytest.raises(CommentaryError, match=words.replace("(", r"\(").replace("'", "'")):
        parse_commentary(text)


def test_remarks_are_placed_on_the_videos_clock_until_the_next_or_for_a_while(duel: LoadedReplay) -> None:
    plan = plan_video(duel.timeline, 10, 1.0, (1, 2))
    shown = place(parse_commentary(NOTES), plan, duel.timeline)
    event30 = plan.video_seconds(duel.timeline.start_of(30))
    assert 4.0 < event30 < 20.5  # the file's order is the video's here
    assert [s.text for s in shown] == ["Welcome to the duel", "The Gr'oth closes in", "Watch this attack"]
    assert shown[1].start == pytest.approx(event30)
    first = shown[0]
    assert first.start == 4.0 and first.end == pytest.approx(min(4.0 + HOLD_SECONDS, shown[1].start))
    assert shown[-1].end == pytest.approx(shown[-1].start + HOLD_SECONDS)
    assert remark_at(shown, 4.5) == "Welcome to the duel" and remark_at(shown, 3.5) is None
    with pytest.raises(CommentaryError, match="line 1: there is no event 99999"):
        place(parse_commentary("@99999 nowhere"), plan, duel.timeline)
    with pytest.raises(CommentaryError, match="past the video's end"):
        place(parse_commentary("59:00 long after"), plan, duel.timeline)


def test_the_subtitles_say_the_remark_while_it_is_on_screen(duel: LoadedReplay) -> None:
    plan = plan_video(duel.timeline, 10, 1.0, (1, 2))
    shown = place(parse_commentary(NOTES), plan, duel.timeline)
    items = cues(plan, duel.timeline, shown)
    for s in shown:
        (cue,) = [c for c in items if c.start <= s.start + 1e-9 < c.end]
        assert cue.text.split("\n")[0] == s.text and cue.start == pytest.approx(s.start)
    for k in range(plan.game_frames):  # and every other frame's caption is still the game's
        t = (plan.title_frames + k) / plan.fps
        said = remark_at(shown, t)
        caption = said if said is not None else plan.moment_of(duel.timeline, k).caption
        live = [c for c in items if c.start - 1e-9 <= t < c.end - 1e-9]
        assert not caption.strip() or (live and caption in live[0].text.split("\n")), (k, caption, live)


def test_the_remark_replaces_the_caption_on_the_frame_and_the_title_on_the_card(
        duel: LoadedReplay, showbase: object) -> None:
    from studio.video import FrameRenderer

    plan = plan_video(duel.timeline, 10, 1.0, (1, 2))
    k = plan.first_frame(duel.timeline.start_of(40))
    t = (plan.title_frames + k) / plan.fps
    words = Words("Friday night at the club", (Shown(t - 0.5, t + 2, "My own words here"),))
    moment = plan.moment_of(duel.timeline, k)
    with FrameRenderer(duel, (480, 270), "top") as plain:
        game, card = plain.moment_frame(moment).copy(), plain.card_frame("title", plan.start).copy()
    with FrameRenderer(duel, (480, 270), "top", words=words) as told:
        said, titled = told.remark_frame(plan, k, moment).copy(), told.card_frame("title", plan.start).copy()
    rows = np.nonzero(np.abs(game.astype(int) - said.astype(int)).sum(axis=(1, 2)))[0]
    assert rows.size and rows.min() > 270 * 0.8  # only the caption line, at the bottom, changed
    rows = np.nonzero(np.abs(card.astype(int) - titled.astype(int)).sum(axis=(1, 2)))[0]
    assert rows.size and rows.max() < 270 * 0.35  # only the title, at the top of the card


def test_trek_render_takes_the_title_and_the_commentary(duel: LoadedReplay, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES, encoding="utf-8")
    out = tmp_path / "duel.mp4"
    code, _, err = run(capsys, "render", str(duel.path), "-o", str(out), "--rounds", "1-2", "--size", "160x90",
                       "--fps", "5", "--title", "Friday night", "--commentary", str(notes), "--no-progress")
    assert code == 0, err
    srt = sidecar_paths(out)["srt"].read_text(encoding="utf-8")
    assert "Welcome to the duel" in srt and "Watch this attack" in srt
    assert read_commentary(notes)[0].text == "Welcome to the duel"
    notes.write_text("0:04 fine\nnot a remark\n", encoding="utf-8")
    code, _, err = run(capsys, "render", str(duel.path), "-o", str(tmp_path / "x.mp4"), "--commentary", str(notes))
    assert code == 2 and "line 2" in err and err.count("\n") == 1 and not (tmp_path / "x.mp4").exists()
    code, _, err = run(capsys, "render", str(duel.path), "-o", str(tmp_path / "y.mp4"), "--title", "a\x1b[31mb")
    assert code == 2 and "--title holds a control character" in err and "\x1b" not in err


def test_a_title_is_one_short_line() -> None:
    assert check_title("  Game   night  ") == "Game night" and check_title(None) is None
    with pytest.raises(CommentaryError, match="80"):
        check_title("x" * 81)
    with pytest.raises(CommentaryError, match="empty"):
        check_title("   ")

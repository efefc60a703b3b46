"""A battle report's chapters, subtitles and sound track (issue 36): a chapter per round where the
round begins on screen, subtitles that say what the caption line says on every frame, and a voice
track muxed into the MP4 and cut at its end."""

from __future__ import annotations

import itertools
import math
import wave
from pathlib import Path

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.base import PlayRequest
from engine.rulesets.registry import maker_for
from studio.frame_plan import VideoPlan, plan_video
from studio.sidecars import (
    Chapter,
    Cue,
    chapters,
    cues,
    sidecar_paths,
    srt_text,
    vtt_text,
    youtube_chapters_text,
)
from tests.cli_helpers import run

GAMES = ("duel", "alliance-act1", "itu-perditions-gate", "fc-standard")


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    name: str = request.param
    path = tmp_path_factory.mktemp("sidecars") / f"{name}.trek"
    _, maker = maker_for(name)
    maker.play(PlayRequest(name, 5, path, 3))
    return load_timeline(path)


def active(items: list[Cue], t: float) -> Cue | None:
    found = [c for c in items if c.start - 1e-9 <= t < c.end - 1e-9]
    assert len(found) <= 1, found  # cues never overlap
    return found[0] if found else None


def test_every_game_frame_shows_a_caption_its_subtitle_cue_holds(game: LoadedReplay) -> None:
    plan = plan_video(game.timeline, 10, 1.0, (1, 2))
    items = cues(plan, game.timeline)
    assert items and all(c.end > c.start for c in items)
    shown: set[str] = set()
    for k in range(plan.game_frames):
        caption = plan.moment_of(game.timeline, k).caption
        cue = active(items, (plan.title_frames + k) / plan.fps)
        if caption.strip():
            assert cue is not None and caption in cue.text.split("\n"), (k, caption, cue)
            shown.add(caption)
        else:
            assert cue is None or k == plan.game_frames - 1, (k, cue)
    # and nothing in the subtitles that no frame showed
    assert {line for c in items for line in c.text.split("\n")} <= shown


def test_a_cue_lasts_a_second_or_gathers_the_short_lines_after_it(game: LoadedReplay) -> None:
    plan = plan_video(game.timeline, 10, 1.0, (1, 2))
    items = cues(plan, game.timeline)
    for a, b in itertools.pairwise(items):
        short = a.end - a.start < 1.0 and abs(a.end - b.start) < 1e-9
        assert not short or a.text.count("\n") == 2, (a, b)  # a short cue is one already holding three lines


def test_a_chapter_per_round_starts_on_the_rounds_first_frame(game: LoadedReplay) -> None:
    plan = plan_video(game.timeline, 10, 1.0, (1, 2))
    marks = chapters(plan, game.timeline)
    name = game.timeline.ruleset.round_name.capitalize()
    assert marks[0] == Chapter(0.0, marks[0].end, "Title") and marks[-1].title == "Result"
    assert marks[-1].end == pytest.approx(plan.seconds)
    assert [c.title for c in marks if c.title.startswith(name)] == [f"{name} 1", f"{name} 2"]
    for c in marks:
        assert c.end > c.start
    for c in marks[1:]:
        assert any(abs(c.start - d.end) < 1e-9 for d in marks)  # back to back, no gap
        if c.title.startswith(name):
            k = round(c.start * plan.fps) - plan.title_frames
            r = int(c.title.split()[-1])
            assert plan.moment_of(game.timeline, k).round == r
            assert plan.moment_of(game.timeline, k - 1).round < r


def test_the_text_forms(tmp_path: Path) -> None:
    items = [Cue(3.0, 4.25, "Defiant --> Galor <fires> & hits"), Cue(4.25, 3725.5, "line one\nline two")]
    srt = srt_text(items)
    assert srt.startswith("1\n00:00:03,000 --> 00:00:04,250\nDefiant -> Galor <fires> & hits\n\n2\n")
    assert "01:02:05,500\nline one\nline two\n" in srt
    vtt = vtt_text(items)
    assert vtt.startswith("WEBVTT\n\n00:00:03.000 --> 00:00:04.250\nDefiant -&gt; Galor &lt;fires&gt; &amp; hits\n")
    text = youtube_chapters_text([Chapter(0, 12, "Title"), Chapter(12, 75, "Round 1"), Chapter(75, 3700, "Round 2"),
                                  Chapter(3700, 3710, "Result")])
    assert text == "0:00 Title\n0:12 Round 1\n1:15 Round 2\n1:01:40 Result\n"
    # YouTube drops every chapter if one lasts under 10 s: the short ones are joined with what follows
    short = [Chapter(0, 3, "Title"), Chapter(3, 3.5, "Setup"), Chapter(3.5, 9, "Round 1"), Chapter(9, 27, "Round 2"),
             Chapter(27, 66, "Round 3"), Chapter(66, 73, "Round 4"), Chapter(73, 77, "Result")]
    assert youtube_chapters_text(short) == "0:00 Title to Round 2\n0:27 Round 3\n1:06 Round 4 to Result\n"
    assert sidecar_paths(tmp_path / "game.mp4") == {"chapters": tmp_path / "game.chapters.txt",
                                                   "srt": tmp_path / "game.srt", "vtt": tmp_path / "game.vtt"}


def sine_wav(path: Path, seconds: float, rate: int = 22_050) -> Path:
    t = np.arange(round(seconds * rate)) / rate
    samples = (np.sin(2 * math.pi * 440 * t) * 12_000).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())
    return path


def test_render_writes_the_chapter_track_subtitles_and_a_sound_track_cut_at_the_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import av

    replay = tmp_path / "duel.trek"
    _, maker = maker_for("duel")
    maker.play(PlayRequest("duel", 3, replay, 2))
    voice = sine_wav(tmp_path / "voice.wav", 600.0)  # ten minutes of voice for a shorter video
    out = tmp_path / "duel.mp4"
    code, text, err = run(capsys, "render", str(replay), "-o", str(out), "--size", "320x180", "--fps", "10",
                          "--audio", str(voice), "--no-progress")
    assert code == 0, err
    assert "duel.chapters.txt, duel.srt, duel.vtt" in text
    loaded = load_timeline(replay)
    plan: VideoPlan = plan_video(loaded.timeline, 10)
    expected = chapters(plan, loaded.timeline)
    with av.open(str(out)) as video:
        found = [(float(c["start"] * c["time_base"]), c["metadata"].get("title")) for c in video.chapters()]
        assert found == [(pytest.approx(c.start, abs=1e-3), c.title) for c in expected]
        (sound,) = video.streams.audio
        assert sound.codec_context.name == "aac" and sound.sample_rate == 48_000
        seconds = float(sound.duration * sound.time_base)
        assert seconds == pytest.approx(plan.seconds, abs=0.1)  # cut at the video's end
        peak = max(float(np.abs(f.to_ndarray()).max()) for f in video.decode(sound))
        assert peak > 0.2  # the tone, not silence
    paths = sidecar_paths(out)
    assert paths["chapters"].read_text() == youtube_chapters_text(expected)
    assert paths["srt"].read_text() == srt_text(cues(plan, loaded.timeline))
    assert paths["vtt"].read_text().startswith("WEBVTT\n")


def test_a_bad_sound_file_is_refused_before_any_rendering(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    replay = tmp_path / "duel.trek"
    _, maker = maker_for("duel")
    maker.play(PlayRequest("duel", 3, replay, 1))
    noise = tmp_path / "noise.wav"
    noise.write_bytes(b"RIFF not a wave at all" * 10)
    for audio, out, words in ((tmp_path / "missing.ogg", "a.mp4", "no such file"),
                              (noise, "b.mp4", "not a sound file"),
                              (sine_wav(tmp_path / "v.wav", 1.0), "c.gif", "--audio needs an MP4")):
        code, _, err = run(capsys, "render", str(replay), "-o", str(tmp_path / out), "--audio", str(audio),
                           "--no-progress")
        assert code == 2 and words in err and err.count("\n") == 1, err
        assert not (tmp_path / out).exists()


def test_a_batch_worker_hands_back_the_chapters_and_subtitles_with_the_video(tmp_path: Path) -> None:
    from trek.batch_render import RenderOptions, render_game

    replay = tmp_path / "duel.trek"
    _, maker = maker_for("duel")
    maker.play(PlayRequest("duel", 3, replay, 1))
    output = render_game(7, replay.read_bytes(), RenderOptions(format="mp4", size=(128, 72), fps=2, speed=16))
    assert output.error is None and output.video[4:8] == b"ftyp"
    beside = dict(output.beside)
    assert sorted(beside) == [".chapters.txt", ".srt", ".vtt"]
    assert beside[".chapters.txt"].startswith(b"0:00 Title") and beside[".vtt"].startswith(b"WEBVTT")

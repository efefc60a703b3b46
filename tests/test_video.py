"""Battle-report videos: MP4 that decodes with the planned frame count and size, frames that are not
blank and change while ships move, identical frames for the same input, GIF and PNG outputs, clear
errors and no partial files for bad or interrupted renders, and a director that never loses a ship.

Renders are small (320x180 and below, a few frames per second, round 1 only) to keep this quick.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from pathlib import Path
from typing import Any

import av
import numpy as np
import pytest
from cli_helpers import run

from engine.replay_timeline import LoadedReplay
from engine.rulesets.attack_wing import events as ev
from engine.view_attack_wing import attack_of
from studio.director import Director, ship_points
from studio.frame_plan import END_SECONDS, TITLE_SECONDS, VideoError, plan_video, round_span
from studio.video import render_video

SIZE = (320, 180)
FPS = 5.0
SPEED = 4.0


def decode(path: Path) -> tuple[list[np.ndarray], Any]:
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        info = (stream.codec_context.name, stream.codec_context.pix_fmt, stream.average_rate)
        frames = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
    return frames, info


def leftovers(folder: Path, keep: tuple[str, ...] = ()) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


# --- the plan ------------------------------------------------------------------------------------

def test_frame_count_formula(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    t0, t1 = round_span(tl, (1, 1))
    round2 = next(tl.start_of(i) for i, e in enumerate(tl.events) if isinstance(e, ev.RoundStarted) and e.round == 2)
    assert (t0, t1) == (0.0, round2)
    plan = plan_video(tl, FPS, SPEED, (1, 1))
    assert plan.title_frames == round(TITLE_SECONDS * FPS) and plan.end_frames == round(END_SECONDS * FPS)
    assert plan.game_frames == math.floor((t1 - t0) * FPS / SPEED + 1e-6) + 1
    assert plan.total == plan.title_frames + plan.game_frames + plan.end_frames
    assert plan.time_of(0) == t0 and plan.time_of(plan.game_frames - 1) <= t1
    assert plan.time_of(1) - plan.time_of(0) == pytest.approx(SPEED / FPS)
    whole = plan_video(tl, 30, 1.0)
    assert whole.game_frames == math.floor(tl.duration * 30 + 1e-6) + 1
    with pytest.raises(VideoError, match="outside the replay's rounds"):
        round_span(tl, (3, 99))


# --- MP4 -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mp4(skirmish3: LoadedReplay, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[np.ndarray], Any]:
    folder = tmp_path_factory.mktemp("mp4")
    raw: list[np.ndarray] = []
    result = render_video(skirmish3, folder / "round1.mp4", size=SIZE, fps=FPS, rounds=(1, 1), speed=SPEED,
                          progress=False, on_frame=lambda k, f: raw.append(f.copy()))
    return result.path, raw, result


def test_mp4_decodes_with_the_planned_frames_and_size(skirmish3: LoadedReplay, mp4: Any) -> None:
    path, raw, result = mp4
    plan = plan_video(skirmish3.timeline, FPS, SPEED, (1, 1))
    frames, (codec, pix_fmt, rate) = decode(path)
    assert codec == "h264" and pix_fmt == "yuv420p" and rate == FPS
    assert len(frames) == len(raw) == plan.total == result.frames
    assert all(f.shape == (SIZE[1], SIZE[0], 3) for f in frames)
    assert result.seconds == pytest.approx(plan.total / FPS)
    # the temporary file was renamed; its chapters and subtitles lie beside it
    assert leftovers(path.parent) == ["round1.chapters.txt", "round1.mp4", "round1.srt", "round1.vtt"]
    # the encoded frames are the rendered ones (lossy, but close)
    for k in (0, plan.title_frames + 3, plan.total - 1):
        assert np.abs(frames[k].astype(int) - raw[k].astype(int)).mean() < 12


def test_frames_are_not_blank_and_change_while_ships_move(skirmish3: LoadedReplay, mp4: Any) -> None:
    _, raw, _ = mp4
    plan = plan_video(skirmish3.timeline, FPS, SPEED, (1, 1))
    tl = skirmish3.timeline
    for frame in raw[:: max(len(raw) // 12, 1)]:
        assert frame.std() > 12 and len(np.unique(frame.reshape(-1, 3)[::7], axis=0)) > 40
    moving = [k for k in range(plan.game_frames - 1)
              if tl.events[tl.index_at(plan.time_of(k))].type == "ship_moved"
              and tl.index_at(plan.time_of(k)) == tl.index_at(plan.time_of(k + 1))]
    assert moving, "round 1 has moves"
    for k in moving[:5]:
        a, b = raw[plan.title_frames + k], raw[plan.title_frames + k + 1]
        assert np.abs(a.astype(int) - b.astype(int)).sum(axis=2).astype(bool).sum() > 50
    # the title card differs from the game, the end card from the last game frame
    assert not np.array_equal(raw[0], raw[plan.title_frames])
    assert not np.array_equal(raw[-1], raw[plan.title_frames + plan.game_frames - 1])


def test_same_replay_and_options_give_identical_frames(skirmish3: LoadedReplay, mp4: Any, tmp_path: Path) -> None:
    _, raw, _ = mp4
    again: list[str] = []
    render_video(skirmish3, tmp_path / "again.mp4", size=SIZE, fps=FPS, rounds=(1, 1), speed=SPEED, progress=False,
                 on_frame=lambda k, f: again.append(hashlib.sha256(f.tobytes()).hexdigest()))
    assert again == [hashlib.sha256(f.tobytes()).hexdigest() for f in raw]


def test_a_held_frame_is_reused_and_equals_a_fresh_render(skirmish3: LoadedReplay) -> None:
    """Frames whose table, camera and HUD equal the frame before are not rendered again, and each
    one equals the frame rendered from scratch for its moment (the HUD's look and the view say
    all that is drawn: a stale frame, e.g. a die's pulse left out of the look, fails here)."""
    from studio.video import FrameRenderer

    tl = skirmish3.timeline
    attack = next(i for i, e in enumerate(tl.events) if e.type == "attack_declared")
    resolved = next(i for i in range(attack, len(tl.events)) if tl.events[i].type == "attack_resolved")
    t0, t1 = tl.start_of(attack), tl.start_of(resolved + 1)  # the dice, then the result held on screen
    times = [t0 + k / 30 for k in range(int((t1 - t0) * 30))]
    with FrameRenderer(skirmish3, SIZE) as fr:
        for t in times:
            moment = tl.moment(t)
            frame = fr.moment_frame(moment)
            assert fr.hud is not None
            fr.hud._look = None  # the HUD drawn again from the moment, whatever it drew before
            fr.hud.update(moment, tl)
            fresh = fr._draw(moment, fr.camera_pose(moment), fr.overlays)
            assert np.array_equal(frame, fresh), f"the frame at {t:.2f} s is stale"
        assert fr.stats.reused > 20 and fr.stats.rendered < 2 * len(times)


# --- GIF and PNG frames ----------------------------------------------------------------------------

def test_gif_output(skirmish3: LoadedReplay, tmp_path: Path) -> None:
    out = tmp_path / "r1.gif"
    result = render_video(skirmish3, out, size=(160, 90), fps=4, rounds=(1, 1), speed=8, progress=False)
    frames, (codec, _, _) = decode(out)
    assert codec == "gif" and len(frames) == result.frames == plan_video(skirmish3.timeline, 4, 8, (1, 1)).total
    assert frames[0].shape == (90, 160, 3) and frames[len(frames) // 2].std() > 10
    assert leftovers(tmp_path) == ["r1.gif"]


def test_png_folder_output(skirmish3: LoadedReplay, tmp_path: Path) -> None:
    from studio.snapshot import load_png

    out = tmp_path / "frames"
    result = render_video(skirmish3, out, size=(128, 72), fps=2, rounds=(1, 1), speed=8, progress=False)
    names = sorted(p.name for p in out.iterdir())
    assert result.format == "png" and len(names) == result.frames
    assert names[0] == "frame_00000.png" and names[-1] == f"frame_{result.frames - 1:05d}.png"
    assert load_png(out / names[len(names) // 2]).shape == (72, 128, 3)
    assert leftovers(tmp_path) == ["frames"]


# --- errors leave nothing behind -------------------------------------------------------------------

def test_corrupt_replay_is_refused_with_a_clear_error(capsys: pytest.CaptureFixture[str], skirmish3_file: Path,
                                                      tmp_path: Path) -> None:
    bad = tmp_path / "bad.trek"
    data = bytearray(skirmish3_file.read_bytes())
    data[len(data) // 2: len(data) // 2 + 40] = b"\xff" * 40  # damage a record in the middle
    bad.write_bytes(bytes(data))
    code, _, err = run(capsys, "render", str(bad), "-o", str(tmp_path / "out.mp4"), "--size", "320x180")
    assert code == 2 and err.count("\n") == 1 and "error" in err
    garbage = tmp_path / "garbage.trek"
    garbage.write_bytes(b"not a replay at all")
    code, _, err = run(capsys, "render", str(garbage), "-o", str(tmp_path / "out.mp4"))
    assert code == 2 and err.count("\n") == 1 and "error" in err
    assert leftovers(tmp_path) == ["bad.trek", "garbage.trek"]


def test_cut_off_replay_renders_with_a_warning(capsys: pytest.CaptureFixture[str], skirmish3_file: Path,
                                               tmp_path: Path) -> None:
    cut = tmp_path / "cut.trek"
    data = skirmish3_file.read_bytes()
    cut.write_bytes(data[: int(len(data) * 0.6)])  # a block of events (schema 4) is whole or lost: cut past a few
    out = tmp_path / "cut.mp4"
    code, stdout, err = run(capsys, "render", str(cut), "-o", str(out), "--size", "192x108", "--fps", "2",
                            "--speed", "16", "--no-progress")
    assert code == 0 and "warning" in err and "cut off" in err
    assert out.is_file() and "wrote" in stdout
    frames, _ = decode(out)
    assert len(frames) > 10


def test_interrupted_render_leaves_no_file(skirmish3: LoadedReplay, tmp_path: Path) -> None:
    def stop(k: int, frame: np.ndarray) -> None:
        if k == 20:
            raise KeyboardInterrupt

    for name in ("stopped.mp4", "stopped.gif", "stopped"):
        with pytest.raises(KeyboardInterrupt):
            render_video(skirmish3, tmp_path / name, size=(128, 72), fps=FPS, rounds=(1, 1), speed=SPEED,
                         progress=False, on_frame=stop)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("args, message", [
    (("--size", "12x12"), "out of range"),
    (("--size", "big"), "WIDTHxHEIGHT"),
    (("--size", "321x180"), "even"),
    (("--fps", "0"), "--fps"),
    (("--speed", "40"), "--speed"),
    (("--rounds", "5-2"), "--rounds"),
    (("--rounds", "1-30"), "outside the replay's rounds"),
    (("--camera", "orbit"), "unknown camera"),
    (("--camera", "follow:Voyager"), "no ship matches"),
    (("--overlays", "arcs,lasers"), "unknown overlay"),
])
def test_bad_options_are_one_line_errors(capsys: pytest.CaptureFixture[str], skirmish3_file: Path, tmp_path: Path,
                                         args: tuple[str, ...], message: str) -> None:
    code, _, err = run(capsys, "render", str(skirmish3_file), "-o", str(tmp_path / "x.mp4"), *args)
    assert code == 2 and message in err and err.count("\n") == 1
    assert leftovers(tmp_path) == []


def test_cli_render_json_summary(capsys: pytest.CaptureFixture[str], skirmish3_file: Path, tmp_path: Path) -> None:
    import json

    out = tmp_path / "r.mp4"
    code, stdout, _ = run(capsys, "render", str(skirmish3_file), "-o", str(out), "--size", "128x72", "--fps", "2",
                          "--rounds", "1", "--speed", "8", "--camera", "follow:Defiant", "--overlays", "none",
                          "--no-captions", "--json")
    doc = json.loads(stdout)
    assert code == 0 and doc["frames"] == len(decode(out)[0]) and doc["size"] == "128x72"


# --- the director ----------------------------------------------------------------------------------

def inside(points: np.ndarray, margin: float = 1.0) -> bool:
    return bool(np.all(np.abs(points) <= margin))


def test_director_never_loses_the_ships(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    safe = (-0.62, 0.62, -0.64, 0.76)
    d = Director(tl, 16 / 9, safe)
    assert {s.kind for s in d.shots} == {"table", "move", "attack"}
    for t in np.arange(0.0, min(tl.duration, 120.0), 0.1):  # rounds 1 to 4
        assert inside(d.project(float(t), d.subjects(float(t)))), f"lost the shot's subjects at t={t:.1f}"
        moment = tl.moment(float(t))
        e = tl.events[moment.index]
        if isinstance(e, ev.ShipMoved) and moment.progress < 1:  # the moving ship, every frame of its move
            ship = moment.view.ship(e.ship)
            assert ship is not None
            pts = ship_points(ship.pose, ship.base_size, ship.base_side)
            assert inside(d.project(float(t), pts)), f"lost {e.ship} at {t:.1f}"
        if attack_of(moment.view) is not None and t - d.shot(float(t)).start >= d.transition:
            for sid in (attack_of(moment.view).attacker, attack_of(moment.view).defender):
                ship = moment.view.ship(sid)
                if ship is not None:
                    pts = ship_points(ship.pose, ship.base_size, ship.base_side)
                    assert inside(d.project(float(t), pts)), f"lost {sid} in the attack at t={t:.1f}"
                    lo, hi, bottom, top = safe
                    p = d.project(float(t), pts)
                    assert p[:, 0].min() >= lo - 1e-6 and p[:, 0].max() <= hi + 1e-6
                    assert p[:, 1].min() >= bottom - 1e-6 and p[:, 1].max() <= top + 1e-6


def test_director_is_a_pure_function_of_time(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    times = [float(t) for t in np.linspace(0, tl.duration, 97)]
    fresh = Director(tl, 16 / 9)
    a = [fresh.pose(t) for t in times]
    d = Director(tl, 16 / 9)
    b = [d.pose(t) for t in reversed(times)][::-1]  # any order, same poses
    assert a == b
    shuffled = Director(tl, 16 / 9)
    for k in np.random.default_rng(1).permutation(len(times)):
        assert shuffled.pose(times[k]) == a[k]
    # smooth: no jump between frames 1/30 s apart bigger than a transition's worth of movement
    poses = [d.framing(k / 30) for k in range(int(tl.duration * 30))]
    steps = [math.dist((p.cx, p.cy, p.d), (q.cx, q.cy, q.d)) for p, q in itertools.pairwise(poses)]
    assert max(steps) < 120.0


def test_a_render_sweeps_what_killed_renders_left(tmp_path: Path) -> None:
    """Issue 34 item 21: SIGKILL left hidden '.out.mp4.partial-PID' files and '.trek-parts-*' folders
    that no later run removed. A render removes those of a process that has ended, once a minute old;
    never a running process's (this one's), nor anything else."""
    import os

    from studio.video import sweep_leftovers

    dead = _a_dead_pid()
    old = 10**9  # 2001: long stale
    names = [f".game.mp4.partial-{dead}", f".trek-parts-{dead}-abc123", f".game.mp4.partial-{os.getpid()}",
             ".trek-parts-abc123", "game.mp4", f".notes.partial-{dead}.txt"]
    for name in names:
        path = tmp_path / name
        if "parts" in name:
            path.mkdir()
            (path / "part-00000.mp4").write_bytes(b"x")
        else:
            path.write_bytes(b"x")
        os.utime(path, (old, old))
    fresh = tmp_path / f".fresh.mp4.partial-{dead}"
    fresh.write_bytes(b"x")  # a minute has not passed: its process may have just handed it on
    assert sweep_leftovers(tmp_path) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*names[2:], fresh.name])


def _a_dead_pid() -> int:
    """The id of a process that has ended (one this test started and waited for)."""
    import subprocess

    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid

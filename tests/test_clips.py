"""Clips (issue 19): `trek render FILE --events A-B` and `--attack N` (one attack, its dice enlarged
in a framed inset), cut exactly where the events say, with no title and end cards."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run

from engine.replay_timeline import LoadedReplay
from engine.rulesets.attack_wing import events as ev
from studio.frame_plan import ATTACK_LEAD, VideoError, attack_span, attacks, event_span, plan_video
from studio.hud_dice import FRAME

SIZE = (960, 540)  # HUD scale 1


def test_event_span_is_events_a_to_b(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    assert event_span(tl, (10, 20)) == (tl.start_of(10), tl.start_of(21))
    assert event_span(tl, (0, len(tl) - 1)) == (0.0, tl.duration)
    for bad in ((5, 4), (-1, 3), (0, len(tl))):
        with pytest.raises(VideoError, match="--events"):
            event_span(tl, bad)


def test_attack_span_holds_the_whole_attack_and_nothing_after(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    declared = attacks(tl)
    assert declared == [i for i, e in enumerate(tl.events) if isinstance(e, ev.AttackDeclared)]
    for n in (1, 2, len(declared)):
        a = declared[n - 1]
        t0, t1 = attack_span(tl, n)
        last = max(i for i, b in enumerate(tl.attack_of) if b == a)
        assert tl.start_of(a) - ATTACK_LEAD - 1e-9 <= t0 <= tl.start_of(a) and t1 == tl.start_of(last + 1)
        resolved = next(i for i in range(a, len(tl)) if isinstance(tl.events[i], ev.AttackResolved))
        assert t0 <= tl.start_of(a) <= tl.start_of(resolved) < t1
        # the lead never opens on the attack before (its dice and damage): review round 2, --attack 3
        assert tl.moment(t0).attack_index in (-1, a)
    opened_late = [n for n, a in enumerate(declared, start=1)
                   if tl.moment(max(tl.start_of(a) - ATTACK_LEAD, 0.0)).attack_index not in (-1, a)]
    assert opened_late  # (this game has attacks right after another: the case is tested)
    for n in opened_late:
        t0, _ = attack_span(tl, n)
        assert tl.moment(t0).attack_index in (-1, declared[n - 1])
    for bad in (0, len(declared) + 1):
        with pytest.raises(VideoError, match="--attack"):
            attack_span(tl, bad)


def test_attack_clip_from_the_command_line(skirmish3_file: Path, skirmish3: LoadedReplay, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "attack2"
    code, text, err = run(capsys, "render", str(skirmish3_file), "--attack", "2", "-o", str(out), "--size", "320x180",
                          "--fps", "4", "--no-progress")
    assert code == 0, err
    t0, t1 = attack_span(skirmish3.timeline, 2)
    frames = sorted(out.iterdir())
    assert len(frames) == math.floor((t1 - t0) * 4 + 1e-6) + 1  # the attack only: no title, no end card
    assert len(frames) == plan_video(skirmish3.timeline, 4, 1.0, cards=False, span=(t0, t1)).total
    assert "wrote" in text


def test_events_clip_and_conflicting_options(skirmish3_file: Path, skirmish3: LoadedReplay, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "events"
    code, _, err = run(capsys, "render", str(skirmish3_file), "--events", "40-60", "-o", str(out), "--size", "160x90",
                       "--fps", "2", "--no-progress")
    assert code == 0, err
    t0, t1 = event_span(skirmish3.timeline, (40, 60))
    assert len(list(out.iterdir())) == math.floor((t1 - t0) * 2 + 1e-6) + 1
    code, _, err = run(capsys, "render", str(skirmish3_file), "--events", "1-2", "--attack", "1", "-o",
                       str(tmp_path / "x.mp4"))
    assert code == 2 and "one of --rounds, --events and --attack" in err
    code, _, err = run(capsys, "render", str(skirmish3_file), "--attack", "999", "-o", str(tmp_path / "y.mp4"))
    assert code == 2 and "--attack 999" in err and not (tmp_path / "y.mp4").exists()
    code, _, err = run(capsys, "render", str(skirmish3_file), "--events", "9-3", "-o", str(tmp_path / "z.mp4"))
    assert code == 2 and "A <= B" in err


def test_the_attack_clip_draws_its_dice_in_a_framed_inset(skirmish3: LoadedReplay) -> None:
    from studio.video import FrameRenderer

    tl = skirmish3.timeline
    roll = next(i for i, e in enumerate(tl.events) if isinstance(e, ev.DiceRolled) and e.kind == "defense")
    t = tl.start_of(roll + 1) - 0.01
    gold = np.array(FRAME[:3]) * 255

    def framed(frame: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.all(np.abs(frame.astype(int) - gold) <= 30, axis=2)
        return out

    with FrameRenderer(skirmish3, SIZE, camera="top") as plain:
        normal = plain.game_frame(t).copy()
        normal_dice = plain.hud.dice if plain.hud else None
        assert normal_dice is not None and normal_dice.root.getScale()[0] == pytest.approx(1.0)
    with FrameRenderer(skirmish3, SIZE, camera="top", pip=True) as clip:
        inset = clip.game_frame(t).copy()
        assert clip.hud is not None and clip.hud.dice.root.getScale()[0] == pytest.approx(1.5)
        safe_clip = clip.hud.safe_area()
    rows = framed(inset).sum(axis=1)
    assert framed(inset).sum() > 10 * max(framed(normal).sum(), 100)  # the gold frame of the inset
    # the inset sits over the bottom edge, larger than the plain dice strip: its top is higher
    top_row = int(np.argmax(rows > 100))
    assert SIZE[1] * 0.6 < top_row < SIZE[1] * 0.85
    assert safe_clip[2] > -1.0 + 0.36  # the director keeps the ships above it

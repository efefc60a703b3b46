"""A clip's cards (`trek render --rounds A-B` short of the whole game) say what the clip shows:
its title card names the span and the fleets as it starts; its end card, short of the game's
end, says the game goes on (no winner) with the damage dealt, the ships lost and every ship as
the HUD shows it on the clip's last frame; a clip that reaches the end gets the game's result.
Checked against the event log and the HUD's panels, and in pixels."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay
from engine.rulesets.attack_wing import events as ev
from engine.timeline import Moment
from engine.view import CardView, PanelView
from engine.view_fleet_captains import ratings_of
from studio.clip_cards import clip_cards, panel_status
from studio.frame_plan import VideoPlan, plan_video

FPS, SPEED = 2.0, 8.0


def round_starts(loaded: LoadedReplay) -> dict[int, int]:
    return {e.round: i for i, e in enumerate(loaded.timeline.events) if isinstance(e, ev.RoundStarted)}


def last_frame(loaded: LoadedReplay, plan: VideoPlan) -> Moment:
    """The moment the clip's last game frame shows (what its HUD draws)."""
    return plan.moment_of(loaded.timeline, plan.game_frames - 1)


def hud_line(p: PanelView) -> str:
    """A ship as its HUD panel's numbers read (the pips: shields and hull left of their maximum)."""
    if p.status == "destroyed":
        return "destroyed"
    return f"hull {p.hull}/{p.hull_max}, shields {p.shields}/{p.shields_max}"


def card_text(card: CardView) -> str:
    return " ".join([card.kicker, card.title, card.subtitle, card.footer,
                     *(f"{f.name} {f.points} {f.points_label} {f.summary} " + " ".join(f"{s.name} {s.status}"
                                                                                      for s in f.ships)
                       for f in card.fleets)])


def test_the_last_frame_of_rounds_a_to_b_is_round_b_done(skirmish3: LoadedReplay) -> None:
    """Never round B + 1's banner: the frame at the span's end time is already round B + 1's first
    event, so the last frame shows the event before it done, at any frame rate."""
    tl = skirmish3.timeline
    starts = round_starts(skirmish3)
    for fps, speed in ((30.0, 1.0), (FPS, SPEED), (5.0, 4.0)):
        plan = plan_video(tl, fps, speed, (3, 3))
        m = last_frame(skirmish3, plan)
        assert m.round == 3 and m.round_label.startswith("ROUND 3 ")
        assert m.index == starts[4] - 1 and m.progress == 1.0
    assert tl.moment(plan.end).round == 4  # what the last frame showed before


def test_a_mid_game_clip_ends_on_what_it_showed_not_the_result(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    plan = plan_video(tl, FPS, SPEED, (3, 3))
    title, end = clip_cards(skirmish3, plan)
    assert title.kicker == "BATTLE REPORT - ROUND 3" and "round 3" in title.subtitle
    assert end.kicker == "END OF ROUND 3" and end.title == "The battle goes on" and end.headline_side is None
    text = card_text(end)
    assert "wins" not in text and "whole enemy fleet" not in text and "rounds played" not in text
    # every number against the HUD's on the clip's last frame
    m = last_frame(skirmish3, plan)
    panels = {p.name: p for p in m.panels}
    assert end.footer == m.round_label.lower() + "  |  the game goes on"
    for fleet in end.fleets:
        assert [s.name for s in fleet.ships] == [p.name for p in tl.roster if p.player == fleet.side]
        for s in fleet.ships:
            assert s.status == hud_line(panels[s.name]) and not s.gone
        left = sum(1 for s in fleet.ships if not panels[s.name].destroyed)
        assert fleet.summary.startswith(f"{left} of {len(fleet.ships)} ships left")
    # the damage from the event log: round 3's damage_dealt events; each is a point of shields or
    # hull the HUD takes off (a face-up Direct Hit two hull); the HUD's losses over the round agree
    starts = round_starts(skirmish3)
    before = {p.id: p for p in tl.moment_after(starts[3] - 1).panels}
    side = {p.id: p.player for p in tl.roster}
    dealt, taken, lost = [0, 0], [0, 0], [0, 0]
    for i in range(starts[3], starts[4]):
        e = tl.events[i]
        if isinstance(e, ev.DamageDealt):
            points = 2 if e.to == "hull" and e.face_up and e.card == "direct_hit" else 1
            taken[side[e.ship]] += points
            attack = tl.events[tl.attack_of[i]] if tl.attack_of[i] >= 0 else None
            if isinstance(attack, ev.AttackDeclared):  # not an obstacle's or a card's damage
                dealt[side[attack.ship]] += points
    for p in m.panels:
        b = before[p.id]
        lost[p.player] += b.shields - p.shields + b.hull - p.hull
    assert taken == lost  # nothing repaired in round 3: the damage is what the HUD took off
    assert dealt == [9, 3] and lost == [4, 9]  # this game's figures (seed 3): 1 damage not from an attack
    for fleet in end.fleets:
        assert fleet.points == dealt[fleet.side] and fleet.points_label == "damage dealt in round 3"
        # what the other fleet's attacks dealt and what else did damage add up to what this fleet took
        other = dealt[1 - fleet.side]
        said = f"took {taken[fleet.side]} damage" + (f", {taken[fleet.side] - other} not by an attack"
                                                     if taken[fleet.side] > other else "")
        assert fleet.summary.endswith(said)
    assert [f.summary.endswith("1 not by an attack") for f in end.fleets] == [True, False]


def test_a_clip_that_loses_ships_names_them_and_their_round(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    plan = plan_video(tl, FPS, SPEED, (4, 5))
    _, end = clip_cards(skirmish3, plan)
    starts = round_starts(skirmish3)
    gone = {}
    for i in range(starts[4], starts[6]):
        e = tl.events[i]
        if isinstance(e, ev.ShipDestroyed):
            gone[next(p.name for p in tl.roster if p.id == e.ship)] = 4 if i < starts[5] else 5
    assert len(gone) == 2
    in_order = [p.name for p in tl.roster if p.name in gone]  # the cards' order
    assert end.subtitle == f"Dominion: {', '.join(in_order)} destroyed"
    lines = {s.name: s for f in end.fleets for s in f.ships}
    for name, round_ in gone.items():
        assert lines[name].gone and lines[name].status == f"destroyed in round {round_}"
    assert end.title == "The battle goes on" and "wins" not in card_text(end)
    m = last_frame(skirmish3, plan)
    for p in m.panels:
        assert lines[p.name].gone == p.destroyed
        if not p.destroyed:
            assert lines[p.name].status == hud_line(p)
    # the next clip's title card shows the ships lost before it greyed
    title6, _ = clip_cards(skirmish3, plan_video(tl, FPS, SPEED, (5, 6)))
    before5 = [s for f in title6.fleets for s in f.ships if s.gone]
    assert [(s.name, s.status) for s in before5] == [(n, "destroyed before round 5") for n, r in gone.items() if r == 4]
    assert any(f.summary == "2 of 3 ships in play" for f in title6.fleets)


def test_a_clip_that_reaches_the_end_ends_on_the_result(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    top = max(round_starts(skirmish3))
    plan = plan_video(tl, FPS, SPEED, (top - 1, top))
    title, end = clip_cards(skirmish3, plan)
    game = skirmish3.end_card
    assert title.kicker == f"BATTLE REPORT - ROUNDS {top - 1}-{top}"
    assert end.kicker == f"RESULT - ROUNDS {top - 1}-{top}"
    assert (end.title, end.subtitle, end.fleets, end.headline_side) == (game.title, game.subtitle, game.fleets,
                                                                         game.headline_side)
    starts = round_starts(skirmish3)
    lost = sum(1 for e in tl.events[starts[top - 1]:] if isinstance(e, ev.ShipDestroyed))
    assert end.footer == f"{game.footer}  |  rounds {top - 1}-{top} shown: {lost} ships of the Dominion destroyed"
    m = last_frame(skirmish3, plan)
    assert m.index == len(tl) - 1
    lines = {s.name: s for f in end.fleets for s in f.ships}
    for p in m.panels:  # the result card agrees with the HUD on the last frame
        assert lines[p.name].status == hud_line(p) == panel_status(p)


def test_the_whole_game_keeps_the_replays_cards(skirmish3: LoadedReplay) -> None:
    tl = skirmish3.timeline
    assert clip_cards(skirmish3, plan_video(tl, FPS, SPEED)) == (skirmish3.title_card, skirmish3.end_card)
    top = max(round_starts(skirmish3))
    assert clip_cards(skirmish3, plan_video(tl, FPS, SPEED, (1, top))) == (skirmish3.title_card,
                                                                            skirmish3.end_card)


# --- pixels --------------------------------------------------------------------------------------

SIZE = (640, 360)


def region(frame: np.ndarray, x0: float, x1: float, y0: float, y1: float, aspect: float) -> np.ndarray:
    """The pixels of the aspect2d box x0..x1, y0..y1 (y up)."""
    h, w = frame.shape[:2]
    cols = sorted(int((x / aspect + 1) / 2 * w) for x in (x0, x1))
    rows = sorted(int((1 - y) / 2 * h) for y in (y0, y1))
    return frame[rows[0]:rows[1], cols[0]:cols[1]].astype(int)


def red_text(px: np.ndarray) -> int:
    """Pixels of the end card's red "DESTROYED" lines (1.0, 0.45, 0.4): red, green and blue alike
    (from half its brightness: at 640x360 the mipmapped letters are antialiased, strokes under a
    pixel wide)."""
    r, g, b = px[..., 0], px[..., 1], px[..., 2]
    return int(((r > 100) & (r - g > 40) & (np.abs(g - b) < 40)).sum())


def blue_text(px: np.ndarray) -> int:
    r, b = px[..., 0], px[..., 2]
    return int(((b > 150) & (b - r > 60)).sum())


@pytest.fixture(scope="module")
def end_frames(skirmish3: LoadedReplay, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The round-3 clip's last frame (its end card, through render_video) and the whole game's end card."""
    from studio.video import FrameRenderer, render_video

    frames: dict[int, np.ndarray] = {}
    result = render_video(skirmish3, tmp_path_factory.mktemp("clip-cards") / "r3", size=SIZE, fps=1, speed=16,
                          rounds=(3, 3), progress=False, on_frame=lambda k, f: frames.__setitem__(k, f.copy()))
    with FrameRenderer(skirmish3, SIZE) as fr:
        whole = fr.card_frame("end", skirmish3.timeline.duration)
        aspect = fr.buffer.aspect
    return {"clip": frames[result.frames - 1], "whole": whole, "aspect": aspect}


def test_the_clips_end_card_pixels(end_frames: dict[str, Any]) -> None:
    """The round-3 clip's end card draws no DESTROYED line in the Dominion column (no ship was lost
    in round 3) and its headline in white, where the whole game's draws three DESTROYED lines and
    "Federation wins" in Federation blue."""
    a = end_frames["aspect"]
    clip, whole = end_frames["clip"], end_frames["whole"]
    col_w = min(0.85 * a - 0.1, 1.25)
    dominion = (0.08, 0.08 + col_w, -0.74, 0.1)
    headline = (-0.9 * a, 0.9 * a, 0.58, 0.76)
    assert red_text(region(whole, *dominion, a)) > 100
    assert red_text(region(clip, *dominion, a)) == 0
    assert blue_text(region(whole, *headline, a)) > 200
    assert blue_text(region(clip, *headline, a)) == 0
    assert (region(clip, *headline, a).max(axis=2) > 200).sum() > 200  # the white headline is there


def test_the_clips_fleet_summary_keeps_clear_of_the_points_label(end_frames: dict[str, Any]) -> None:
    """The Federation's summary ("3 of 3 ships left; took 4 damage, 1 not by an attack") is two lines:
    on one it ran under the right-aligned "damage dealt in round 3" beside it. The summary's first line
    is short, so the middle of the column at its height is empty card."""
    a = end_frames["aspect"]
    col_w = min(0.85 * a - 0.1, 1.25)
    x0 = -0.08 - col_w
    middle = region(end_frames["clip"], x0 + 0.45 * col_w, x0 + 0.68 * col_w, 0.165, 0.215, a)
    assert (middle.max(axis=2) > 90).sum() == 0
    second = region(end_frames["clip"], x0, x0 + 0.68 * col_w, 0.115, 0.16, a)
    assert (second.max(axis=2) > 90).sum() > 30  # the second line ("took 4 damage, ...") is drawn


def test_a_fleet_captains_clip_says_turns_and_the_huds_ratings() -> None:
    """Fleet Captains' HUD counts turns and shows each ship's ratings line instead of pips, and its
    log has no damage_dealt events: the clip's cards say turns, copy the ratings, count no damage."""
    from pathlib import Path

    from engine.replay_timeline import load_timeline

    loaded = load_timeline(Path(__file__).parent / "golden" / "fc-standard-seed27.trek")
    plan = plan_video(loaded.timeline, FPS, SPEED, (3, 5))
    title, end = clip_cards(loaded, plan)
    assert title.kicker.endswith(" - TURNS 3-5") and end.kicker == "END OF TURNS 3-5"
    m = last_frame(loaded, plan)
    assert end.footer == f"{m.round_label.lower()}  |  the game goes on"
    panels = {p.id: p for p in m.panels}
    lines = [s for f in end.fleets for s in f.ships]
    assert len(lines) == len(loaded.timeline.roster)
    for r, line in zip(loaded.timeline.roster, lines, strict=True):
        p = panels.get(r.id)
        assert line.status == ("not on the table" if p is None else p.status if p.destroyed else ratings_of(p))
    assert all(f.points is None and "damage" not in f.summary for f in end.fleets)
    for f in end.fleets:  # ships not yet arrived are not counted as left: the HUD has no panel for them
        out = sum(1 for r in loaded.timeline.roster if r.player == f.side and r.id not in panels)
        left = sum(1 for p in panels.values() if p.player == f.side and not p.destroyed)
        assert f.summary == f"{left} of {len(f.ships)} ships " + ("on the table" if out else "left")

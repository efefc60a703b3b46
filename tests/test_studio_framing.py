"""The director and follow cameras frame the action clear of the HUD (issue 19): over a whole game,
no HUD rectangle (round box, header, fleet panels, dice, caption) covers the defender of an attack,
the moving ship, or, in a whole-table shot, any ship; the followed ship stays above the dice.

The HUD's rectangles come from the HUD itself (``Hud.rects``, the drawn nodes' bounds) each frame;
the ships' pixels from rendering the frame with and without the ship."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.geometry.pose import Pose
from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.timeline import Moment
from engine.view_alliance import decision_of
from engine.view_attack_wing import attack_of
from studio.camera import follow, project
from studio.director import ship_points

SIZE = (960, 540)
Rect = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("framing") / "skirmish-4.trek"
    play(load_scenario("skirmish"), 4, path)
    return load_timeline(path)


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    """Alliance with six player ships: the tallest fleet column, Enemy AI ships arriving at the
    table's north edge under the header."""
    from engine.rulesets.alliance.play import play_mission

    path = tmp_path_factory.mktemp("framing") / "alliance-6.trek"
    play_mission("alliance-act1", 6, 3, path)
    return load_timeline(path)


def _overlaps(box: Rect, rects: list[Rect]) -> Rect | None:
    x0, x1, y0, y1 = box
    for r in rects:
        if x0 < r[1] and x1 > r[0] and y0 < r[3] and y1 > r[2]:
            return r
    return None


def _box(points: np.ndarray) -> Rect:
    return float(points[:, 0].min()), float(points[:, 0].max()), float(points[:, 1].min()), float(points[:, 1].max())


def _watched(fr: Any, moment: Moment, t: float) -> list[str]:
    """The ships the director promises to show clear of the HUD at ``t`` (after its move)."""
    d = fr.director
    k = d.shot_index(t)
    shot = d.shots[k]
    if d._early(t) is not None or t - shot.start < d._move_time(k):
        return []  # on the way between two shots
    if shot.kind == "table":
        return [s.id for s in moment.view.ships if not s.destroyed]
    e = fr.timeline.events[moment.index]
    if isinstance(e, ev.TargetLockAcquired):  # the ship and the target it locks, framed like an attack
        return [e.ship, e.target]
    if isinstance(e, ev.ShipMoved | ev.AttackDeclared | ev.DiceRolled | ev.DamageDealt):
        return list(shot.subjects)
    return [attack_of(moment.view).defender] if attack_of(moment.view) is not None else []


@pytest.mark.parametrize("which", ["game", "crowded"])
def test_no_hud_rectangle_covers_the_action_in_director_frames(which: str, request: pytest.FixtureRequest) -> None:
    from studio.video import FrameRenderer

    game: LoadedReplay = request.getfixturevalue(which)
    tl = game.timeline
    checked = attacks = 0
    step = 0.2 if which == "game" else 0.5  # every 6th (15th) frame of a 30 fps video
    with FrameRenderer(game, SIZE, "director") as fr:
        assert fr.hud is not None
        for t in np.arange(0.0, tl.duration, step):
            moment = tl.moment(float(t))
            fr.hud.update(moment, tl)
            rects = fr.hud.rects()
            assert len(rects) >= 1 + len(moment.panels)  # the round box, a panel per ship on the table...
            ids = set(_watched(fr, moment, float(t)))
            if attack_of(moment.view) is not None and t - fr.director.shot(float(t)).start >= fr.director.transition:
                ids.add(attack_of(moment.view).defender)
                attacks += 1
            for sid in ids:
                ship = moment.view.ship(sid)
                if ship is None:
                    continue
                box = _box(fr.director.project(float(t), ship_points(ship.pose, ship.base_size, ship.base_side)))
                assert _overlaps(box, rects) is None, f"t={t:.1f}: the HUD covers {sid}"
                checked += 1
    assert checked > 1000 and attacks > 50


def _pixels_of(fr: Any, moment: Moment, ship_id: str) -> np.ndarray:
    """The pixels (row, col) where ``ship_id`` shows in the director frame of ``moment`` (no HUD)."""
    pose = fr.camera_pose(moment)
    bare = replace(moment.view, part=replace(moment.view.part, attack=None))  # no attack line
    gone = replace(moment, view=replace(bare, ships=tuple(s for s in moment.view.ships if s.id != ship_id)))
    with_ship = fr._draw(replace(moment, view=bare), pose, set()).copy()
    without = fr._draw(gone, pose, set()).copy()
    return np.argwhere(np.abs(with_ship.astype(int) - without.astype(int)).sum(axis=2) > 30)


def test_the_defender_pixels_are_clear_of_the_hud(game: LoadedReplay) -> None:
    from studio.video import FrameRenderer

    tl = game.timeline
    rolls = [i for i, e in enumerate(tl.events) if isinstance(e, ev.DiceRolled) and e.kind == "defense"][:8]
    assert len(rolls) == 8
    with FrameRenderer(game, SIZE, "director", hud=True) as fr:
        assert fr.hud is not None
        for i in rolls:
            moment = tl.moment(tl.start_of(i) + 0.5 * (tl.start_of(i + 1) - tl.start_of(i)))
            assert attack_of(moment.view) is not None
            fr.hud.update(moment, tl)
            rects = fr.hud.rects()
            hud = fr.hud
            hud.hide()
            try:
                pixels = _pixels_of(fr, moment, attack_of(moment.view).defender)
            finally:
                hud.show()
            assert len(pixels) > 200, f"event {i}: the defender is not in the picture"
            w, h = SIZE
            xs, ys = pixels[:, 1] / w * 2 - 1, 1 - pixels[:, 0] / h * 2
            for r in rects:
                inside = (xs > r[0]) & (xs < r[1]) & (ys > r[2]) & (ys < r[3])
                assert not inside.any(), f"event {i}: {int(inside.sum())} defender pixels under the HUD at {r}"


@pytest.mark.parametrize("heading", [0.0, 70.0, 180.0, 255.0])
def test_follow_camera_keeps_the_ship_above_the_dice(heading: float) -> None:
    safe = (-0.65, 0.65, -0.6, 0.76)
    pose = Pose(400.0, 300.0, heading)
    cam = follow(pose, 30.0, safe, 16 / 9, P.base_half("small"))
    corners = [pose.advance(a * 20.0, b * 20.0) for a in (-1, 1) for b in (-1, 1)]
    pts = [(c.x, c.y, z) for c in corners for z in (0.0, 30.0)] + [(pose.x, pose.y, 58.0)]
    for x, y in project(cam, 16 / 9, pts):
        assert safe[0] <= x <= safe[1] and safe[2] <= y <= safe[3]
    free = follow(pose, 30.0)  # without a safe area: the old framing, the base low in the picture
    assert min(y for _, y in project(free, 16 / 9, pts)) < safe[2]
    # still looking the way the ship heads: the target lies ahead of (or on) the ship
    fx, fy = pose.forward
    assert (cam.target[0] - pose.x) * fx + (cam.target[1] - pose.y) * fy >= -1e-6


def test_follow_frames_in_a_video_keep_the_ship_clear_of_the_dice(game: LoadedReplay, tmp_path: Path) -> None:
    from studio.video import FrameRenderer

    tl = game.timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, ev.DiceRolled) and e.kind == "attack")
    attacker = tl.events[i].ship
    moment = tl.moment(tl.start_of(i) + 0.5)
    with FrameRenderer(game, SIZE, f"follow:{attacker}") as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        dice = fr.hud.rects()
        fr.hud.hide()
        try:
            pixels = _pixels_of(fr, moment, attacker)
        finally:
            fr.hud.show()
    w, h = SIZE
    ys = 1 - pixels[:, 0] / h * 2
    xs = pixels[:, 1] / w * 2 - 1
    assert len(pixels) > 500
    for r in dice:
        assert not ((xs > r[0]) & (xs < r[1]) & (ys > r[2]) & (ys < r[3])).any(), r


def test_each_ship_card_names_its_class(game: LoadedReplay) -> None:
    from studio.frame_plan import moment_after
    from studio.video import FrameRenderer

    tl = game.timeline
    moment = moment_after(tl, 40)
    classes = {s.id: s.class_name.removesuffix(" Class") for s in tl.final.ships}
    with FrameRenderer(game, SIZE, "top") as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        shown = fr._draw(moment, fr.camera_pose(moment), set()).copy()
        for sid, panel in fr.hud.panels.items():
            text = panel.ship_class.text
            assert text and (text == classes[sid] or (text.endswith("..") and classes[sid].startswith(text[:-2])))
        for panel in fr.hud.panels.values():
            panel.ship_class.path.hide()
        hidden = fr._draw(moment, fr.camera_pose(moment), set()).copy()
        rects = [panel.root.getTightBounds(fr.hud.parent) for panel in fr.hud.panels.values()]
    changed = np.abs(shown.astype(int) - hidden.astype(int)).sum(axis=2) > 60
    w, h = SIZE
    aspect = w / h
    for lo, hi in rects:  # the class's letters are drawn inside each card
        u0, u1 = int((lo[0] / aspect + 1) / 2 * w), int((hi[0] / aspect + 1) / 2 * w)
        v0, v1 = int((1 - hi[2]) / 2 * h), int((1 - lo[2]) / 2 * h)
        assert changed[v0:v1, u0:u1].sum() > 15
    assert changed.sum() == sum(changed[int((1 - hi[2]) / 2 * h):int((1 - lo[2]) / 2 * h),
                                        int((lo[0] / aspect + 1) / 2 * w):int((hi[0] / aspect + 1) / 2 * w)].sum()
                                for lo, hi in rects)  # and nowhere else


@pytest.mark.parametrize("which", ["golden", "crowded"])
def test_the_enemy_ai_sectors_are_clear_of_the_hud(which: str, request: pytest.FixtureRequest) -> None:
    """Alliance, Choose Maneuver: from the Enemy AI's decision to its move the director frames
    the sectors-and-rings drawing (the eight sector lines and the target's sector, out to Range 3) clear of
    every HUD rectangle; before it framed the ship's move only, and the panels covered the wedges."""
    from studio.video import FrameRenderer

    game = (load_timeline(Path(__file__).parent / "golden" / "alliance-act1-seed4.trek") if which == "golden"
            else request.getfixturevalue(which))
    tl = game.timeline
    checked = decisions = 0
    with FrameRenderer(game, SIZE, "director") as fr:
        assert fr.hud is not None
        d = fr.director
        for i in range(len(tl.events)):
            after = decision_of(tl.moment_after(i).view)
            if after is None or (i > 0 and decision_of(tl.moment_after(i - 1).view) == after):
                continue
            decisions += 1
            k = d.shot_index(tl.start_of(i))
            settled = d.shots[k].start + d._move_time(k)  # the camera has arrived
            for t in np.arange(max(settled, tl.start_of(i + 1)), tl.duration, 0.25):  # on screen until the move
                moment = tl.moment(float(t))
                if decision_of(moment.view) != after or d.shot_index(float(t)) != k or d._early(float(t)) is not None:
                    break  # the decision is gone, or the camera sets off for the next shot
                fr.hud.update(moment, tl)
                points = np.array([(x, y, 0.0) for x, y in after.footprint(moment.view.range_edges)])
                box = _box(d.project(float(t), points))
                assert _overlaps(box, fr.hud.rects()) is None, f"event {i}, t={t:.2f}: the HUD covers the sectors"
                left, right, bottom, top = d.safe
                eps = 1e-6
                assert left - eps <= box[0] and box[1] <= right + eps and bottom - eps <= box[2] and box[3] <= top + eps
                checked += 1
    assert decisions >= 7 and checked >= decisions


def test_the_enemy_ai_sector_pixels_are_clear_of_the_hud() -> None:
    """The same in pixels: the drawing's pixels (the frame with the sectors overlay against the
    frame without it, HUD hidden) are many and none lies under a HUD rectangle."""
    from studio.video import FrameRenderer

    game = load_timeline(Path(__file__).parent / "golden" / "alliance-act1-seed4.trek")
    tl = game.timeline
    shown = [i for i in range(len(tl.events)) if tl.events[i].type == "enemy_direction"]
    assert len(shown) >= 7
    with FrameRenderer(game, SIZE, "director") as fr:
        assert fr.hud is not None
        for i in shown:
            moment = tl.moment_after(i)
            assert decision_of(moment.view) is not None
            fr.hud.update(moment, tl)
            rects = fr.hud.rects()
            pose = fr.camera_pose(moment)
            fr.hud.hide()
            try:
                drawn = fr._draw(moment, pose, {"sectors"}).copy()
                bare = fr._draw(moment, pose, set()).copy()
            finally:
                fr.hud.show()
            pixels = np.argwhere(np.abs(drawn.astype(int) - bare.astype(int)).sum(axis=2) > 40)
            assert len(pixels) > 2000, f"event {i}: the sectors are not in the picture"
            w, h = SIZE
            xs, ys = pixels[:, 1] / w * 2 - 1, 1 - pixels[:, 0] / h * 2
            for r in rects:
                inside = (xs > r[0]) & (xs < r[1]) & (ys > r[2]) & (ys < r[3])
                assert not inside.any(), f"event {i}: {int(inside.sum())} sector pixels under the HUD at {r}"


def test_name_tags_never_sit_under_the_dice_bar(game: LoadedReplay) -> None:
    """Over a whole game in director frames, the name tag of every ship the shot promises to show
    (every ship in a whole-table shot) lies clear of the dice bar and the caption (the HUD's
    rectangles in the bottom part of the image); the director frames the tags with the ships."""
    from studio.marks import TAG_Z, tag_box, tag_slots
    from studio.video import FrameRenderer

    tl = game.timeline
    checked = 0
    with FrameRenderer(game, SIZE, "director") as fr:
        assert fr.hud is not None
        for t in np.arange(0.0, tl.duration, 0.5):
            moment = tl.moment(float(t))
            fr.hud.update(moment, tl)
            bottom = [r for r in fr.hud.rects() if r[3] < -0.3]
            ids = set(_watched(fr, moment, float(t)))
            slots = tag_slots(moment.view.ships, moment.view.markers)
            for ship in moment.view.ships:
                if ship.id not in ids:
                    continue
                x0, y0, x1, y1 = tag_box(ship, slots[ship.id])
                corners = np.array([(x, y, TAG_Z) for x in (x0, x1) for y in (y0, y1)])
                box = _box(fr.director.project(float(t), corners))
                assert _overlaps(box, bottom) is None, f"t={t:.1f}: {ship.id}'s tag is under the dice bar"
                checked += 1
    assert checked > 500


def test_an_action_caption_says_the_action_once(game: LoadedReplay) -> None:
    """The caption of a target lock (the log line) names the lock once and keeps its reason's
    rest ("in arc, arms torpedoes"), not "target lock on X (target lock on X: ...)"."""
    tl = game.timeline
    said = 0
    for i, e in enumerate(tl.events):
        if isinstance(e, ev.ActionPerformed) and e.target and e.reason:
            line = tl.presenter.lines[i]
            did = f"{e.action.replace('_', ' ')} on "
            assert line.count(did) == 1, line
            if e.reason.startswith(did):
                assert e.reason.split(":", 1)[-1].strip() in line
                said += 1
    assert said > 3

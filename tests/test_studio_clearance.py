"""The director keeps every ship a shot shows clear of the HUD, not only the shot's subjects: a
ship that is neither attacking, defending nor moving but stands near the frame's edge is not left
half under a fleet panel, the header, the dice strip or the caption (it reads as hidden action).
The director re-aims the shot (the ship goes into the free part of the image, e.g. below a fleet
column, or out of the picture) and widens it only as far as that takes.

The HUD's rectangles come from the HUD itself (``Hud.rects``, the drawn nodes' bounds); one test
looks at the ship's own pixels."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from engine.geometry.pose import Pose
from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from studio.director import Framing, Lens, ship_points

SIZE = (960, 540)
Rect = tuple[float, float, float, float]


def _play(tmp_path_factory: pytest.TempPathFactory, seed: int) -> LoadedReplay:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("clearance") / f"skirmish-{seed}.trek"
    play(load_scenario("skirmish"), seed, path)
    return load_timeline(path)


@pytest.fixture(scope="module")
def seed4(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    return _play(tmp_path_factory, 4)


@pytest.fixture(scope="module")
def seed5(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    return _play(tmp_path_factory, 5)


def _overlap(box: Rect, rects: list[Rect]) -> Rect | None:
    x0, x1, y0, y1 = box
    return next((r for r in rects if x0 < r[1] and x1 > r[0] and y0 < r[3] and y1 > r[2]), None)


def _box(points: np.ndarray) -> Rect:
    return float(points[:, 0].min()), float(points[:, 0].max()), float(points[:, 1].min()), float(points[:, 1].max())


def _holding(fr: Any, t: float) -> bool:
    """Whether the director's camera holds its shot at ``t`` (not moving between two shots)."""
    d = fr.director
    k = d.shot_index(t)
    return d._early(t) is None and t - d.shots[k].start >= d._move_time(k)


def test_a_bystander_is_not_left_under_a_fleet_panel(seed5: LoadedReplay) -> None:
    """Skirmish seed 5, round 3: the 2nd Division Cruiser locks on the U.S.S. Defiant; the 5th Wing
    Patrol Ship stands beside the Defiant and sat half under the Federation panels (the shot's
    widening stopped at 1.45x). Its pixels, and those of every other ship in the picture, now lie
    clear of every HUD rectangle."""
    from studio.video import FrameRenderer

    tl = seed5.timeline
    names = {p.id: p.name for p in tl.roster}
    i = next(k for k, e in enumerate(tl.events) if isinstance(e, ev.TargetLockAcquired) and e.round == 3
             and names[e.ship] == "2nd Division Cruiser")
    patrol = next(s for s, n in names.items() if n == "5th Wing Patrol Ship")
    moment = tl.moment(tl.start_of(i) + 0.6 * (tl.start_of(i + 1) - tl.start_of(i)))
    with FrameRenderer(seed5, SIZE, "director") as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        rects = fr.hud.rects()
        pose = fr.camera_pose(moment)
        fr.hud.hide()
        try:
            whole = fr._draw(moment, pose, set()).copy()
            seen = 0
            for ship in moment.view.ships:
                gone = replace(moment, view=replace(moment.view, ships=tuple(s for s in moment.view.ships
                                                                             if s.id != ship.id)))
                without = fr._draw(gone, pose, set())
                pixels = np.argwhere(np.abs(whole.astype(int) - without.astype(int)).sum(axis=2) > 30)
                if ship.id == patrol:
                    assert len(pixels) > 100, "the 5th Wing Patrol Ship is in the picture"
                if not len(pixels):
                    continue
                seen += 1
                w, h = SIZE
                xs, ys = pixels[:, 1] / w * 2 - 1, 1 - pixels[:, 0] / h * 2
                for r in rects:
                    under = (xs > r[0]) & (xs < r[1]) & (ys > r[2]) & (ys < r[3])
                    assert not under.any(), f"{names[ship.id]}: {int(under.sum())} pixels under the HUD at {r}"
        finally:
            fr.hud.show()
    assert seen >= 3


def test_while_a_shot_holds_no_ship_or_name_tag_is_under_the_hud(seed4: LoadedReplay) -> None:
    """Over a whole game (skirmish seed 4), every half second the camera holds a shot: no ship on
    the table (its base and model) and no name tag overlaps a HUD rectangle. Before, 169 ship-frames
    and 943 tags at 5 frames a second did, most of them ships half under a fleet panel."""
    from studio.marks import TAG_Z, tag_box, tag_slots
    from studio.video import FrameRenderer

    tl = seed4.timeline
    held = 0
    with FrameRenderer(seed4, SIZE, "director") as fr:
        assert fr.hud is not None
        for t in np.arange(0.0, tl.duration, 0.5):
            t = float(t)
            if not _holding(fr, t):
                continue
            moment = tl.moment(t)
            fr.hud.update(moment, tl)
            rects = fr.hud.rects()
            slots = tag_slots(moment.view.ships, moment.view.markers, moment.view.area_width)
            held += 1
            for ship in moment.view.ships:
                if ship.destroyed:
                    continue
                base = _box(fr.director.project(t, ship_points(ship.pose, ship.base_size, ship.base_side)))
                assert _overlap(base, rects) is None, f"t={t:.1f}: {ship.name} under the HUD"
                x0, y0, x1, y1 = tag_box(ship, slots[ship.id], moment.view.area_width)
                tag = _box(fr.director.project(t, np.array([(x, y, TAG_Z) for x in (x0, x1) for y in (y0, y1)])))
                assert _overlap(tag, rects) is None, f"t={t:.1f}: {ship.name}'s name tag under the HUD"
    assert held > 400


def test_the_hud_draws_only_inside_its_keep_out_rectangles(seed4: LoadedReplay) -> None:
    """``Hud.keep_out`` (what the director keeps the ships out of) holds every rectangle the HUD
    draws over a game: the round box, header, fleet columns down to their last panel, dice and
    caption; below the columns the sides of the image are free."""
    from studio.video import FrameRenderer

    tl = seed4.timeline
    with FrameRenderer(seed4, SIZE, "director") as fr:
        assert fr.hud is not None
        keep = fr.hud.keep_out(tl)
        sides = [r for r in keep if r[1] - r[0] < 1.0]
        assert len(sides) == 2 and all(-0.6 < r[2] < 0.6 for r in sides)  # the columns end above the dice
        for t in np.arange(0.0, tl.duration, 2.0):
            fr.hud.update(tl.moment(float(t)), tl)
            for r in fr.hud.rects():
                assert any(k[0] - 1e-6 <= r[0] and r[1] <= k[1] + 1e-6 and k[2] - 1e-6 <= r[2] and r[3] <= k[3] + 1e-6
                           for k in keep), f"t={t:.0f}: {r} outside {keep}"


# --- the search itself, on a bare lens -------------------------------------------------------------

SAFE: Rect = (-0.65, 0.65, -0.6, 0.76)
KEEP_OUT: list[Rect] = [(-1.0, 1.0, 0.76, 1.0), (-1.0, 1.0, -1.0, -0.6), (-1.0, -0.65, 0.06, 1.0),
                        (0.65, 1.0, 0.06, 1.0)]  # the columns end at 0.06
AREA = (914.4, 914.4)


def _ship(x: float, y: float) -> np.ndarray:
    return ship_points(Pose(x, y, 0.0), "small", 40.0)


def _covered(lens: Lens, fr: Framing, ship: np.ndarray, keep_out: list[Rect]) -> bool:
    from studio.clearance import covered_counts

    return bool(covered_counts(lens, fr.vec()[None], [ship], keep_out)[0])


def _in_safe(lens: Lens, fr: Framing, points: np.ndarray) -> bool:
    x = lens.project(fr, points)
    return bool(((x[:, 0] >= SAFE[0] - 1e-9) & (x[:, 0] <= SAFE[1] + 1e-9) & (x[:, 1] >= SAFE[2] - 1e-9)
                 & (x[:, 1] <= SAFE[3] + 1e-9)).all())


def test_clear_framing_re_aims_a_shot_to_free_a_bystander() -> None:
    """A ship half under the left fleet column of a close shot: the camera moves at the same
    distance (the bystander goes below the column or out of the picture), the subject staying
    inside the safe area."""
    from studio.clearance import clear_framing

    lens = Lens(16 / 9)
    subject = _ship(450.0, 450.0)
    base = lens.fit(subject, SAFE)
    spot = lens.ground(base, -0.78, 0.3)
    assert spot is not None
    bystander = _ship(*spot)
    assert _covered(lens, base, bystander, KEEP_OUT)
    fr = clear_framing(lens, base, subject, [bystander], SAFE, KEEP_OUT, 2.0, 5000.0, AREA)
    assert not _covered(lens, fr, bystander, KEEP_OUT)
    assert fr.d == pytest.approx(base.d) and (fr.cx, fr.cy) != (base.cx, base.cy)
    assert _in_safe(lens, fr, subject)


def test_clear_framing_widens_a_shot_when_moving_it_cannot_free_a_bystander() -> None:
    """Two subjects framed corner to corner of the safe area and a ship right beside one of them,
    under a full-height side strip: no move at the same distance frees it, so the shot widens, at
    most ``max_zoom`` times; allowed no widening, it stays as close (and the ship covered)."""
    from studio.clearance import clear_framing, keep_out_of

    lens = Lens(16 / 9)
    strips = keep_out_of(SAFE)
    pair = np.vstack([_ship(100.0, 300.0), _ship(800.0, 600.0)])
    base = lens.fit(pair, SAFE)
    beside = _ship(55.0, 300.0)
    assert _covered(lens, base, beside, strips)
    fr = clear_framing(lens, base, pair, [beside], SAFE, strips, 2.0, 5000.0, AREA)
    assert not _covered(lens, fr, beside, strips)
    assert base.d < fr.d <= 2.0 * base.d + 1e-6 and _in_safe(lens, fr, pair)
    close = clear_framing(lens, base, pair, [beside], SAFE, strips, 1.0, 5000.0, AREA)
    assert close.d == pytest.approx(base.d) and _covered(lens, close, beside, strips)


# --- minefields ------------------------------------------------------------------------------------

def test_a_minefields_label_lies_on_its_token(renderer: Any) -> None:
    """Antimatter Mines: the token's "M1" is drawn on the token itself, in the director's view
    (56 degrees down), so it cannot run into a ship's base beside the token; it stood 22 mm tall
    over the token and reached into the base of a ship just north of it."""
    from engine.view import MarkerView, ShipView, TableView

    mine = MarkerView("M1", 450.0, 450.0, "minefield", control=0, mine=25.0)
    north = ShipView("a", "Alpha", "Dominion", "Jem'Hadar Attack Ship", pose=Pose(450.0, 525.0, 0.0),
                     player=1, base_size="small", base_side=40.0)
    lens = Lens(SIZE[0] / SIZE[1])
    fr = Framing(450.0, 470.0, 420.0)
    view = TableView(914.4, 914.4, ships=(north,), markers=(mine,))
    drawn = renderer.render(view, SIZE, lens.pose(fr), set())
    bare = renderer.render(replace(view, markers=(replace(mine, label=""),)), SIZE, lens.pose(fr), set())
    pixels = np.argwhere(np.abs(drawn.astype(int) - bare.astype(int)).sum(axis=2) > 40)
    assert len(pixels) > 20, "the label is drawn"
    w, h = SIZE
    xs, ys = pixels[:, 1] / w * 2 - 1, 1 - pixels[:, 0] / h * 2
    ring = np.array([(450.0 + 25.0 * math.cos(a), 450.0 + 25.0 * math.sin(a), 0.0)
                     for a in np.linspace(0, 2 * math.pi, 64)])
    token = lens.project(fr, ring)
    assert xs.min() > token[:, 0].min() and xs.max() < token[:, 0].max()
    assert ys.min() > token[:, 1].min() and ys.max() < token[:, 1].max(), "the label leaves the token"
    base = lens.project(fr, ship_points(north.pose, "small", 40.0))
    assert ys.max() < base[:, 1].min()  # clear of the ship's base


def test_a_name_tag_keeps_off_a_minefield() -> None:
    """A ship's name tag takes a slot that covers no Minefield Token (which it hid, label and all)
    when there is one, as it keeps off other ships' bases."""
    from engine.view import MarkerView, ShipView
    from studio.marks import _apart, mine_boxes, tag_box, tag_slots

    ship = ShipView("a", "U.S.S. Enterprise", "Federation", "Constitution Class", pose=Pose(450.0, 450.0, 0.0),
                    player=0, base_size="small", base_side=40.0)
    south = MarkerView("M1", 450.0, 405.0, "minefield", control=1, mine=25.0)
    assert tag_slots([ship]) == {"a": 0}  # below its base, where the minefield lies
    slot = tag_slots([ship], [south])["a"]
    assert _apart(tag_box(ship, slot), mine_boxes([south])[0])


def test_a_name_tag_keeps_off_a_mission_token() -> None:
    """An objective or sensor-data token below a ship is not hidden by its tag either (Into the
    Unknown: the Fighter's tag lay over objective 4; review of the four games' frames)."""
    from engine.view import MarkerView, ShipView
    from studio.marks import _apart, marker_boxes, tag_box, tag_slots

    ship = ShipView("a", "Jem'Hadar Fighter", "Dominion", "Jem'Hadar Fighter", pose=Pose(450.0, 450.0, 0.0),
                    player=1, base_size="small", base_side=40.0)
    below = tag_box(ship, 0)
    token = MarkerView("4", 450.0, (below[1] + below[3]) / 2, "Federation outpost", control=0)
    slot = tag_slots([ship], [token])["a"]
    assert slot != 0 and _apart(tag_box(ship, slot), marker_boxes([token])[0])
    arrow = MarkerView("2", 450.0, (below[1] + below[3]) / 2, heading=90.0)  # a bearing arrow: not kept off
    assert tag_slots([ship], [arrow])["a"] == 0


def test_while_the_camera_moves_between_shots_no_ship_is_under_the_hud(seed4: LoadedReplay) -> None:
    """Over a whole game (skirmish seed 4), five times a second while the camera moves from one
    shot to the next (including the first leg that runs before the new shot starts), no ship's
    base and model overlaps a HUD rectangle: a pan sweeps the ships across the image, and where
    every path tried would carry one under a fleet panel the director cuts instead, or holds its
    framing where that shows the new shot. Before, 94 ship-frames slid under a panel on the moves
    of this game. One may still graze a panel's corner on a small move that no path clears and
    that a cut would turn into a jolt (a jump of a third of a half-image): at most one frame here.
    Most shot changes stay moves."""
    from studio.video import FrameRenderer

    tl = seed4.timeline
    moving, grazed = 0, []
    with FrameRenderer(seed4, SIZE, "director") as fr:
        assert fr.hud is not None
        d = fr.director
        for t in np.arange(0.0, tl.duration, 0.2):
            t = float(t)
            if _holding(fr, t):
                continue
            moment = tl.moment(t)
            fr.hud.update(moment, tl)
            rects = fr.hud.rects()
            moving += 1
            for ship in moment.view.ships:
                if not ship.destroyed:
                    base = _box(d.project(t, ship_points(ship.pose, ship.base_size, ship.base_side)))
                    r = _overlap(base, rects)
                    if r is not None:
                        grazed.append((t, ship.name, min(base[1], r[1]) - max(base[0], r[0])))
        cuts = len(d._cuts)
    assert len(grazed) <= 1 and all(w < 0.05 for _, _, w in grazed), grazed  # 5% of a half-image at most
    assert moving > 100
    assert 0 < cuts < 0.6 * (len(d.shots) - 1), cuts


def test_a_cut_puts_the_camera_on_the_new_shot_at_once(seed4: LoadedReplay) -> None:
    """Where the director cuts, the camera holds the old shot up to the new one's start and frames
    the new shot, settled, from its first moment: no move, no early leg."""
    from studio.director import Director

    d = Director(seed4.timeline, SIZE[0] / SIZE[1], (-0.65125, 0.65125, -0.6, 0.76))
    assert d._cuts
    for k in sorted(d._cuts):
        b = d.shots[k]
        assert d.framing(b.start) == b.framing and d._move_time(k) == 0.0
        before = d.framing(b.start - 1e-3)
        assert d._early(b.start - 1e-3) is None and before != b.framing


def _director(game: LoadedReplay) -> Any:
    from studio.director import Director

    keep = [(-1.0, 1.0, 0.76, 1.0), (-1.0, 1.0, -1.0, -0.6), (-1.0, -0.65125, 0.063, 1.0), (0.65125, 1.0, 0.063, 1.0)]
    return Director(game.timeline, SIZE[0] / SIZE[1], (-0.65125, 0.65125, -0.6, 0.76), keep_out=keep)


def test_ships_activated_one_after_another_share_one_shot(seed4: LoadedReplay) -> None:
    """Round 1's Combat Phase of skirmish seed 4: six ships are active in turn with no target,
    a third of a second each. They share one shot (the camera cut or swung every 0.35 s); no two
    attack or move shots in a row each last under ``MIN_SHOT``."""
    from studio.director import MIN_SHOT

    d = _director(seed4)
    ends = [*d.starts[1:], seed4.timeline.duration]
    short = [s.kind != "table" and e - s.start < MIN_SHOT for s, e in zip(d.shots, ends, strict=True)]
    assert not any(a and b for a, b in itertools.pairwise(short))
    group = d.shot(24.5)
    assert len(group.subjects) >= 5 and d.shot(23.8) is group and d.shot(25.5) is group


def test_a_shot_may_re_aim_its_subjects_under_the_fleet_columns(seed4: LoadedReplay) -> None:
    """Below the fleet columns and above the dice the HUD leaves the image's whole width clear: a
    shot re-aimed to free another ship may put its subjects there, outside the safe area (before,
    only inside it, so it widened, or re-aimed into the floor beyond the table, more often), every
    ship still clear of the HUD."""
    from studio.clearance import covered_counts, inside

    d = _director(seed4)
    assert d.low is not None and d.low[1] - d.low[0] > 1.9 and d.low[3] < 0.063
    low = [s for s in d.shots if s.kind != "table"
           and not inside(d.lens, s.framing.vec()[None], s.points, d.safe)[0]]
    assert len(low) >= 3
    for s in low:
        assert inside(d.lens, s.framing.vec()[None], s.points, d.low)[0]
        others = d._others(s.event, ())
        assert not covered_counts(d.lens, s.framing.vec()[None], others, d.keep_out, edges=False)[0]


def test_a_short_move_does_not_swing_out_to_clear_a_ship(seed4: LoadedReplay) -> None:
    """A clear path is looked for near the straight move only: no move between two nearby shots
    swells into a swing out over the whole table and back in 0.9 s (round 3 of skirmish seed 4:
    the U.S.S. Defiant's turn after the 3rd Wing Attack Ship's, two close shots, went out to 1235 mm
    and back). Every move is the subjects' own union path or at most ``DETOUR`` times the straight one."""
    from studio.moves import DETOUR, SMALL_MOVE

    d = _director(seed4)
    for k in range(1, len(d.shots)):
        if k in d._cuts:
            continue
        a, u, b = d._from[k].vec(), d._via[k].vec(), d.shots[k].framing.vec()
        keep = [s.points for s in (d.shots[k - 1], d.shots[k]) if s.kind != "table"]
        base = d._fit(np.vstack(keep)).vec()
        length = np.linalg.norm(u - a) + np.linalg.norm(b - u)
        straight = max(float(np.linalg.norm(b - a)), SMALL_MOVE * min(a[2], b[2]))
        assert length <= DETOUR * straight + 1e-6 or np.allclose(u, base), (k, length, straight)
    k = d.shot_index(105.4)
    assert d.shots[k].start == pytest.approx(105.35)
    assert max(d.framing(float(t)).d for t in np.arange(104.8, 106.3, 0.05)) < 700

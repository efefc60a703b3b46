"""The HUD: dice face by face with rerolls and conversions, ship panels, round and phase, the
active ship and reason, captions; drawn in the same capture as the scene (checked by pixels)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.attack_wing import events as ev
from engine.timeline import Moment
from engine.view import DieView
from studio.frame_plan import moment_after
from studio.hud import Hud
from studio.hud_dice import ATTACK_DIE, DEFENSE_DIE, DICE_Z, DIE
from studio.video import FrameRenderer

SIZE = (960, 540)  # HUD scale 1 (smaller images get a larger, compact HUD)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("hud") / "skirmish-3.trek"
    play(load_scenario("skirmish"), 3, path)
    return load_timeline(path)


def first(loaded: LoadedReplay, kind: type, pred: object = None) -> int:
    for i, e in enumerate(loaded.timeline.events):
        if isinstance(e, kind) and (pred is None or pred(e)):  # type: ignore[operator]
            return i
    raise AssertionError(f"no {kind.__name__} in the replay")


def mask(frame: np.ndarray, colour: tuple[float, ...], tol: int = 45) -> np.ndarray:
    target = np.array(colour[:3]) * 255
    out: np.ndarray = np.all(np.abs(frame.astype(int) - target) <= tol, axis=2)
    return out


def runs(columns: np.ndarray) -> int:
    """How many separate runs of True along a 1-D array."""
    c = columns.astype(int)
    return int(np.sum(np.diff(np.concatenate([[0], c, [0]])) == 1))


def strip_rows(size: tuple[int, int]) -> slice:
    h = size[1]
    top = int((1 - (DICE_Z + DIE / 2)) / 2 * h) + 1
    bottom = int((1 - (DICE_Z - DIE / 2)) / 2 * h) - 1
    return slice(top, bottom)


def test_dice_strip_shows_each_die_in_its_colour(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    i = first(loaded, ev.DiceRolled, lambda e: e.kind == "defense" and len(e.faces) >= 1)
    moment = moment_after(tl, i)
    assert moment.dice is not None and moment.dice.attack
    with FrameRenderer(loaded, SIZE, camera="top") as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        with_hud = fr._draw(moment, fr.camera_pose(moment), set())
        fr.hud.hide()
        without = fr._draw(moment, fr.camera_pose(moment), set())
    band = strip_rows(SIZE)
    red = mask(with_hud[band], ATTACK_DIE)
    green = mask(with_hud[band], DEFENSE_DIE)
    assert red.sum() > 40 * len(moment.dice.attack) and green.sum() > 40 * len(moment.dice.defense)
    assert mask(without[band], ATTACK_DIE).sum() < 10  # the table has no such red there
    # one block of red per attack die, one of green per defense die, the attack dice left of the defense
    assert runs(red.sum(axis=0) > 3) == len(moment.dice.attack)
    assert runs(green.sum(axis=0) > 3) == len(moment.dice.defense)
    assert np.nonzero(red.any(axis=0))[0].max() < np.nonzero(green.any(axis=0))[0].min()
    # and nothing of the HUD in the middle of the table
    mid = slice(SIZE[1] // 2 - 20, SIZE[1] // 2 + 20)
    assert np.array_equal(with_hud[mid, SIZE[0] // 2 - 40:SIZE[0] // 2 + 40],
                          without[mid, SIZE[0] // 2 - 40:SIZE[0] // 2 + 40])


def dice_faces(moment: Moment) -> tuple[tuple[DieView, ...], tuple[DieView, ...]]:
    """The view's dice of ``moment`` (none outside an attack)."""
    return (moment.dice.attack, moment.dice.defense) if moment.dice is not None else ((), ())


def test_rerolled_converted_and_added_dice_are_marked_as_they_happen(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    i = first(loaded, ev.DiceRerolled)
    e = tl.events[i]
    assert isinstance(e, ev.DiceRerolled)
    during = tl.moment(tl.start_of(i) + 0.5 * (tl.start_of(i + 1) - tl.start_of(i)))
    attack, defense = dice_faces(during)
    dice = attack if e.kind == "attack" else defense
    assert [d.mark for k, d in enumerate(dice) if k in e.indices] == ["rerolled"] * len(e.indices)
    assert {k for k, d in enumerate(dice) if d.fresh} == set(e.indices)  # these pulse now
    assert all(d.face == f for d, f in zip((dice[k] for k in e.indices), e.faces, strict=True))
    after = dice_faces(moment_after(tl, i + 1))
    assert not any(d.fresh for d in (*after[0], *after[1]))
    for kind, mark in ((ev.DiceConverted, "converted"), (ev.DieAdded, "added")):
        j = next((k for k, x in enumerate(tl.events) if isinstance(x, kind)), None)
        if j is None:
            continue
        x = tl.events[j]
        a, d = dice_faces(moment_after(tl, j))
        marked = a if getattr(x, "kind", "") == "attack" else d
        assert mark in {m.mark for m in marked}


def test_tally() -> None:
    from engine.rulesets.attack_wing.screen import dice_tally

    attack = (DieView("attack", "hit"), DieView("attack", "crit"), DieView("attack", "hit"))
    assert dice_tally(attack, ()) == "2 hits 1 crit"
    assert dice_tally(attack, (DieView("defense", "evade"),)) == "2 hits 1 crit  vs  1 evade"
    assert dice_tally((), ()) == ""


def hud_for(loaded: LoadedReplay, moment: Moment, captions: bool = True) -> Hud:
    from panda3d.core import NodePath

    hud = Hud(NodePath("aspect2d"), 16 / 9)
    hud.update(moment, loaded.timeline, captions=captions)
    return hud


def test_round_phase_active_ship_reason_and_caption(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    i = first(loaded, ev.AttackDeclared)
    e = tl.events[i]
    assert isinstance(e, ev.AttackDeclared)
    moment = moment_after(tl, i)
    hud = hud_for(loaded, moment)
    assert hud.round.text == f"ROUND {e.round} / {tl.final.round_limit}" and hud.phase.text == "COMBAT PHASE"
    names = {s.id: s.name for s in tl.final.ships}
    assert hud.active.text == names[e.ship] and hud.target.text == names[e.defender]
    assert hud.reason.text == moment.reason and moment.reason
    assert hud.caption.text == moment.caption
    assert hud_for(loaded, moment, captions=False).caption.text == ""
    setup = hud_for(loaded, moment_after(tl, -1))
    assert setup.round.text == "SETUP" and setup.active.text == ""


def test_ship_panels_follow_shields_hull_tokens_damage_and_destruction(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    hit = first(loaded, ev.DamageDealt, lambda e: e.to == "hull")
    e = tl.events[hit]
    assert isinstance(e, ev.DamageDealt)
    before, after = moment_after(tl, hit - 1), moment_after(tl, hit)
    hud = hud_for(loaded, before)
    panel = hud.panels[e.ship]
    state_before = panel._state
    back = panel.back.getChild(0)
    hud.update(after, tl)
    assert state_before is not None and panel._state is not None
    assert panel._state.hull == state_before.hull - 1
    assert panel.back.getChild(0) == back  # unchanged parts are not rebuilt
    assert panel.hull_text.text == f"{panel._state.hull}/{panel._state.hull_max}"
    lock = first(loaded, ev.TargetLockAcquired)
    lock_event = tl.events[lock]
    assert isinstance(lock_event, ev.TargetLockAcquired)
    hud.update(moment_after(tl, lock), tl)
    tokens = hud.panels[lock_event.ship]._state.tokens  # type: ignore[union-attr]
    assert [t.target for t in tokens if t.kind == "target_lock"] == [lock_event.target]  # a typed token
    gone = first(loaded, ev.ShipDestroyed, lambda x: x.removed)
    destroyed = tl.events[gone]
    assert isinstance(destroyed, ev.ShipDestroyed)
    hud.update(moment_after(tl, gone + 1), tl)
    dead = hud.panels[destroyed.ship]
    assert dead._state is not None and dead._state.destroyed and dead.gone.text == "DESTROYED"
    assert dead.root.hasColorScale()


def test_update_touches_only_what_changed(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    i = first(loaded, ev.DiceRolled, lambda e: e.kind == "attack")
    a = tl.moment(tl.start_of(i) + 0.2)
    b = tl.moment(tl.start_of(i) + 0.6)
    hud = hud_for(loaded, a)
    nodes = [n for _, n in hud.dice._nodes]
    backs = {sid: p.back.getChild(0) for sid, p in hud.panels.items()}
    hud.update(b, tl)
    assert [n for _, n in hud.dice._nodes] == nodes  # same dice nodes, only their pulse changed
    assert {sid: p.back.getChild(0) for sid, p in hud.panels.items()} == backs


def test_hud_safe_area_and_aspect(loaded: LoadedReplay) -> None:
    hud = hud_for(loaded, moment_after(loaded.timeline, 40))
    left, right, bottom, top = hud.safe_area()
    assert -1 < left < 0 < right < 1 and -1 < bottom < 0 < top < 1
    hud.set_aspect(4 / 3)
    assert hud.safe_area()[0] > left  # the side columns take more of a narrower image
    hud.destroy()


def test_screenshot_path_is_free_of_hud_after_a_video(loaded: LoadedReplay, tmp_path: Path) -> None:
    """The video's HUD and cards live on the shared renderer's buffer only while it renders."""
    from engine.view import TableView
    from studio.snapshot import render_view

    empty = TableView(914.4, 914.4)
    before = render_view(empty, SIZE, "top", set())
    with FrameRenderer(loaded, SIZE) as fr:
        fr.game_frame(10.0)
    after = render_view(empty, SIZE, "top", set())
    assert np.array_equal(before, after)


def test_round_and_phase_banner_fades_out(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    i = first(loaded, ev.RoundStarted, lambda e: e.round == 2)
    start, end = tl.start_of(i), tl.start_of(i + 1)
    hud = hud_for(loaded, tl.moment(start + 0.1 * (end - start)))
    assert hud.banner.text == "ROUND 2" and hud.banner.path.getColorScale()[3] == pytest.approx(1.0)
    hud.update(tl.moment(start + 0.9 * (end - start)), tl)
    assert 0.0 < hud.banner.path.getColorScale()[3] < 0.5
    j = first(loaded, ev.PhaseStarted, lambda e: e.round == 2 and e.phase == "combat")
    hud.update(tl.moment(tl.start_of(j) + 0.01), tl)
    assert hud.banner_sub.text == "COMBAT PHASE"
    hud.update(moment_after(tl, j + 2), tl)
    assert hud.banner.path.getColorScale()[3] == 0.0


def test_small_images_get_a_larger_compact_hud(loaded: LoadedReplay) -> None:
    from panda3d.core import NodePath

    from studio.hud import hud_scale

    assert hud_scale(720) == hud_scale(540) == 1.0 and 1.4 < hud_scale(360) <= 1.6
    big, small = Hud(NodePath("a"), 16 / 9), Hud(NodePath("b"), 16 / 9, scale=hud_scale(360))
    for hud in (big, small):
        hud.update(moment_after(loaded.timeline, 120), loaded.timeline)
    assert not big.compact and small.compact
    assert all(not c.isHidden() for c in big.columns) and all(c.isHidden() for c in small.columns)
    assert small.safe_area()[0] < big.safe_area()[0]  # no side columns: more room for the table


@pytest.mark.parametrize("pip", [False, True])
def test_the_dice_strip_stays_inside_the_image_with_a_long_cards_line(loaded: LoadedReplay, pip: bool) -> None:
    """An attack whose odds line names many cards: the strip (enlarged in an attack clip's inset)
    is made smaller to fit the image, its box inside the picture and drawn there (its backing's
    dark pixels reach neither side of the frame's bottom rows)."""
    from dataclasses import replace

    tl = loaded.timeline
    i = first(loaded, ev.DiceRolled, lambda e: e.kind == "defense")
    moment = tl.moment_after(i)
    assert moment.dice is not None
    cards = ("Benjamin Sisko", "Quantum Torpedoes", "Tactical Officer", "Photon Torpedoes", "Elim Garak")
    long = replace(moment, dice=replace(moment.dice, cards=cards))
    with FrameRenderer(loaded, SIZE, pip=pip) as fr:
        assert fr.hud is not None
        fr.hud.update(long, tl)
        strip = fr.hud.bottom.find("dice").getTightBounds(fr.hud.parent)
        assert strip is not None
        left, right = strip[0][0] / fr.hud.aspect, strip[1][0] / fr.hud.aspect
        assert -1.0 < left < right < 1.0, (left, right)
        frame = fr._draw(long, fr.camera_pose(long), set())
        short = replace(moment, dice=replace(moment.dice, cards=()))
        fr.hud.update(short, tl)
        plain = fr._draw(short, fr.camera_pose(short), set())
    rows = frame[int(SIZE[1] * 0.78):int(SIZE[1] * 0.93)]
    changed = np.abs(rows.astype(int) - plain[int(SIZE[1] * 0.78):int(SIZE[1] * 0.93)].astype(int)).sum(axis=2) > 40
    cols = np.flatnonzero(changed.any(axis=0))
    assert len(cols) > 0 and cols.min() > 2 and cols.max() < SIZE[0] - 3  # the cards line drawn, inside the frame


def test_the_dice_legend_numbers_the_causes_and_lists_the_other_cards() -> None:
    """Each changed die carries its cause's number; the legend spells the numbers out in order, then
    the attack's cards that changed no die (an extra die, a damage effect)."""
    from studio.hud_dice import legend_line

    assert legend_line(("U.S.S. Defiant", "target lock"), ("U.S.S. Defiant", "Tactical Officer")) == \
        "1 U.S.S. Defiant   2 target lock   also: Tactical Officer"
    assert legend_line((), ("Tactical Officer",)) == "cards: Tactical Officer"
    assert legend_line((), ()) == ""


def test_a_long_caption_is_cut_inside_the_image(loaded: LoadedReplay) -> None:
    """A card's use with its reason can run past the image's width: the line ends in an ellipsis
    within the image's edges instead of being cut at both edges (its start and end unread)."""
    from dataclasses import replace

    tl = loaded.timeline
    moment = moment_after(tl, first(loaded, ev.AttackDeclared))
    text = "R4 Activation: I.K.S. Maht-H'A uses Once More Unto The Breach, discard: " + "two attacks " * 30
    hud = hud_for(loaded, replace(moment, caption=text))
    edge = hud.aspect / hud.scale  # the image's half width in the HUD's units
    assert hud.caption.width() <= 2 * edge - 0.04
    assert hud.caption.text.startswith("R4 Activation: I.K.S. Maht-H'A uses") and hud.caption.text.endswith("…")
    assert hud_for(loaded, moment).caption.text == moment.caption  # a short line is kept whole
    # a line a little too long is set smaller, whole: Riker's return fire lost "no defense roll"
    # to the ellipsis, which says who takes the damage (review round 2)
    riker = ("R7 Combat: U.S.S. Excelsior uses William T. Riker on 3rd Wing Attack Ship: attacked at Range 1 after "
             "his Action: 2 attack dice at the attacker, whose hits and crits damage it with no defense roll (even "
             "if his ship is destroyed by that attack)")
    hud = hud_for(loaded, replace(moment, caption=riker))
    assert hud.caption.text == riker and hud.caption.width() <= 2 * edge - 0.04


def test_a_dies_mark_letter_sits_clear_of_the_next_dies_number(loaded: LoadedReplay) -> None:
    """A rerolled die's R (a converted die's C) on a dark disc inside its own corner: clear of the next
    die's numbered disc, which covered it, and not on the frame of its own colour, where it did not read."""
    from dataclasses import replace

    from engine.view import DiceView
    from studio.hud_dice import MARK_INSET, MARK_R

    tl = loaded.timeline
    moment = moment_after(tl, first(loaded, ev.AttackDeclared))
    dice = DiceView((DieView("attack", "blank", "rerolled", False, "target lock"),
                     DieView("attack", "hit", "converted", False, "U.S.S. Defiant"), DieView("attack", "hit")),
                    (DieView("defense", "evade", "rerolled", False, "Benjamin Sisko"),), "2 hits  vs  1 evade")
    hud = hud_for(loaded, replace(moment, dice=dice))
    root = hud.dice.labels_root
    marks = [n for n in root.getChildren() if n.getName() == "mark"]
    numbers = [n for n in root.getChildren() if n.getName() == "by"]
    assert len(marks) == 3 and len(numbers) == 3
    assert len([n for n in root.getChildren() if n.getName() == "mark-back"]) == 3
    for m in marks:
        half = m.node().calcWidth(m.node().getText()) * m.getScale()[0] / 2
        for b in numbers:  # a number's disc (radius 0.024) centred on its label
            assert abs(m.getX() - b.getX()) >= half + 0.024, "a mark letter under a number disc"
    die_right = [n.getX() + DIE / 2 for _, n in hud.dice._nodes if _.mark]
    assert [round(m.getX(), 6) for m in marks] == [round(x - MARK_INSET, 6) for x in die_right]
    assert MARK_R <= MARK_INSET + 0.006  # the dark disc ends before the gap where the next disc begins


def test_a_panels_damage_tags_end_above_the_active_frame() -> None:
    """An active ship with tokens (EDT, a lock) and a face-up damage card: the damage row's red tags
    stay inside the yellow frame (0.006 inside the panel's edge); they ran over it."""
    from panda3d.core import NodePath

    from engine.view import PanelView, TokenView
    from studio.hud_panels import ShipPanel

    panel = ShipPanel(NodePath("hud"), "A1")
    panel.update(PanelView("A1", "U.S.S. Enterprise", "Constitution Class", 0, shields=0, shields_max=3, hull=1,
                           hull_max=4, tokens=(TokenView("dampening", 1),
                                               TokenView("target_lock", 1, "B1", "Dominion Starship")),
                           damage=("Injured Captain",), active=True))
    low = panel.badges.getTightBounds()[0]
    assert low.z >= -(panel.height - 0.006)  # the tags and their text clear of the frame
    tags = panel.badges.find("tags")
    assert not tags.isEmpty() and tags.getTightBounds()[1].z <= -0.116 - 0.008  # below the pips' row

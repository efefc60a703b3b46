"""The HUD's text is legible: small text keeps every stroke (checked against the same text drawn
four times larger and averaged down), each text of a ship panel stays inside its panel, a
fleet's note never runs under its first panel, and the header hides the table's place names."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from panda3d.core import NodePath, TextNode

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.view import TableView
from studio.frame_plan import moment_after
from studio.hud import Hud, hud_scale
from studio.hud2d import WHITE, Label
from studio.offscreen import CaptureBuffer
from studio.video import FrameRenderer

GOLDEN = Path(__file__).parent / "golden" / "fc-standard-seed27.trek"
# what the review read wrong: a class tag, a lock badge, apostrophes, a dial setting
SAMPLE = "Excelsior LOCK 3rd Wing K't'inga BALANCED"
CLASS_TAG = 0.028  # studio.hud_panels: the ship class and the badges' text


def _ink(showbase: Any, size: tuple[int, int], px_per_unit: float, text: str, z: float) -> np.ndarray:
    """``text`` drawn white on black at height ``z`` (-1..1), ``px_per_unit`` pixels to a font
    unit, as 0..1 brightness."""
    buf = CaptureBuffer(showbase, NodePath("empty"), size)
    try:
        label = Label(buf.overlay2d, "sample", px_per_unit * 2 / size[1], colour=WHITE, shadow=False)
        label.set(text, pos=(-buf.aspect + 0.1, z))
        out: np.ndarray = buf.capture().astype(float).mean(axis=2) / 255
        return out
    finally:
        buf.close()


@pytest.mark.parametrize("height", [720, 360])
def test_small_hud_text_keeps_every_stroke(showbase: Any, height: int) -> None:
    """At the size a class tag has at 1280x720 (10 pixels a font unit) and the smallest HUD text
    of a 640x360 GIF (0.028 at HUD scale 1.5: 7.6 pixels), each pixel that the text covers solidly
    (drawn four times larger, averaged 4x4) has ink: no stroke vanishes. Sampled from the glyph
    texture without mipmaps, "Excelsior" lost its E's bars and "3rd" read "ard"."""
    px = CLASS_TAG * hud_scale(height) * height / 2
    w, h, k = 360, 90, 4
    for dz in (0.0, 0.25, 0.5, 0.75):  # a quarter pixel at a time: a stroke may fall anywhere
        z = -0.3 + dz * 2 / h
        small = _ink(showbase, (w, h), px, SAMPLE, z)
        large = _ink(showbase, (w * k, h * k), px * k, SAMPLE, z)
        ideal = large.reshape(h, k, w, k).mean(axis=(1, 3))
        solid = ideal > 0.4
        assert solid.sum() > 150, "the sample is drawn"
        lost = int((small[solid] < 0.12).sum())
        assert lost == 0, f"{lost} pixels of strokes vanish at {px:.1f} pixels a unit (offset {dz})"


def _texts(root: NodePath) -> list[tuple[str, NodePath]]:
    return [(str(p.node().getText()), p) for p in root.findAllMatches("**/+TextNode")
            if isinstance(p.node(), TextNode) and p.node().getText() and not p.isHidden()]


def _panels_hold_their_text(hud: Hud) -> list[str]:
    """Each text of each shown ship panel that reaches past its panel's back (HUD units)."""
    out = []
    for ship_id, panel in hud.panels.items():
        if panel.root.isHidden():
            continue
        back = panel.back.getTightBounds(panel.root)
        assert back is not None
        (x0, _, z0), (x1, _, z1) = back
        for text, path in _texts(panel.root):
            bounds = path.getTightBounds(panel.root)
            if bounds is None:
                continue
            (a0, _, c0), (a1, _, c1) = bounds
            if a0 < x0 or a1 > x1 or c0 < z0 or c1 > z1:
                out.append(f"{ship_id}: {text!r} x {a0:.3f}..{a1:.3f} of {x0:.3f}..{x1:.3f}, "
                           f"z {c0:.3f}..{c1:.3f} of {z0:.3f}..{z1:.3f}")
    return out


@pytest.fixture(scope="module")
def fc() -> LoadedReplay:
    return load_timeline(GOLDEN)


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("hudtext") / "skirmish-4.trek"
    play(load_scenario("skirmish"), 4, path)
    return load_timeline(path)


def test_fleet_captains_panels_hold_their_ratings_and_names(fc: LoadedReplay) -> None:
    """Over a whole Fleet Captains game (every 10th event, and event 300 of the review), no text of
    a ship panel runs past it: "WPN 10 SHD 9 SEN 9 ENG 3 BALANCED" ran out of Sovereign F2's panel
    and K't'inga K1's (cut at the image to "BALANCLD"); it is drawn smaller to fit."""
    tl = fc.timeline
    with FrameRenderer(fc, (1280, 720), camera="top") as fr:
        hud = fr.hud
        assert hud is not None
        for i in sorted({300, *range(0, len(tl.events), 10)}):
            hud.update(moment_after(tl, i), tl)
            assert not _panels_hold_their_text(hud), (i, _panels_hold_their_text(hud))
        hud.update(moment_after(tl, 300), tl)
        ratings = [p.shield_text for p in hud.panels.values() if "BALANCED" in p.shield_text.text]
        assert ratings and all(r.text.endswith("BALANCED") for r in ratings)  # whole, not cut


def test_skirmish_panels_hold_their_badges_and_class(skirmish: LoadedReplay) -> None:
    """Attack Wing's panels too: the name, the class and each token badge inside the panel, over
    a whole skirmish (every 5th event), with long lock badges and damage tags."""
    tl = skirmish.timeline
    with FrameRenderer(skirmish, (1280, 720), camera="top") as fr:
        hud = fr.hud
        assert hud is not None
        badges = 0
        for i in range(0, len(tl.events), 5):
            hud.update(moment_after(tl, i), tl)
            assert not _panels_hold_their_text(hud), (i, _panels_hold_their_text(hud))
            badges += sum(len(_texts(p.badges)) for p in hud.panels.values())
        assert badges > 20  # the game has token badges to check


def test_a_fleets_note_ends_above_its_first_panel(fc: LoadedReplay) -> None:
    """The note's back (VP and missions) ended 0.03 below the first panel's top: K't'inga K1's name
    row ran under it. The first panel now starts below the note's back."""
    tl = fc.timeline
    with FrameRenderer(fc, (1280, 720), camera="top") as fr:
        hud = fr.hud
        assert hud is not None
        hud.update(moment_after(tl, 300), tl)
        for side, column in enumerate(hud.columns):
            note = hud.note_backs[side].getTightBounds(column)
            assert note is not None
            tops = [p.root.getTightBounds(column) for p in hud.panels.values()
                    if p.root.getParent() == column and not p.root.isHidden()]
            top = max(b[1][2] for b in tops if b is not None)
            assert top < note[0][2], (side, top, note[0][2])


def test_the_header_hides_the_table_under_it(fc: LoadedReplay) -> None:
    """Whatever the table shows under the header (a tile's big place name at event 300 of the
    review) changes its pixels by at most an eighth: its text reads the same over any table. At
    0.74 opaque, "Alpha gas giant system" showed through "for its own mission Border raid"."""
    tl = fc.timeline
    moment = moment_after(tl, 300)
    bare = replace(moment, view=TableView(moment.view.area_width, moment.view.area_height))
    size = (1280, 720)
    with FrameRenderer(fc, size) as fr:  # the director's shot, as the review saw it
        hud = fr.hud
        assert hud is not None
        pose = fr.camera_pose(moment)
        frames = []
        for shown in (True, False):
            for m in (moment, bare):
                hud.update(m, tl)
                hud.show() if shown else hud.hide()
                frames.append(fr._draw(m, pose, set()).astype(int))
        bounds = hud.active_back.getTightBounds(hud.parent)
        hud.show()
    assert bounds is not None
    (x0, _, z0), (x1, _, z1) = bounds
    w, h = size
    aspect = w / h
    cols = slice(int((x0 / aspect + 1) / 2 * w) + 3, int((x1 / aspect + 1) / 2 * w) - 3)
    rows = slice(int((1 - z1) / 2 * h) + 3, int((1 - z0) / 2 * h) - 3)
    table_differs = np.abs(frames[2] - frames[3])[rows, cols].max()
    assert table_differs > 100, "the two tables differ under the header (else the test shows nothing)"
    seen_through = np.abs(frames[0] - frames[1])[rows, cols].max()
    assert seen_through <= 255 / 8, seen_through


def test_one_step_to_go_is_singular() -> None:
    """The AI's recorded reason says "(1 steps to go)"; the header says "(1 step to go)"."""
    from engine.rulesets.fleet_captains.presenter import worded

    assert worded("for its own mission Border raid (1 steps to go)") == \
        "for its own mission Border raid (1 step to go)"
    assert worded("toward x (11 steps to go)") == "toward x (11 steps to go)"
    assert worded("toward x (2 steps to go, scan)") == "toward x (2 steps to go, scan)"
    tl = load_timeline(GOLDEN).timeline
    headers = [tl.moment_after(i).header for i in range(len(tl.events))]
    assert any(h is not None and "(1 step to go" in h.reason for h in headers)
    assert not any(h is not None and "1 steps" in h.reason for h in headers)

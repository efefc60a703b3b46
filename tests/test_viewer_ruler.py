"""The viewer's ruler (click one ship, then another: the range band and arc, as the rules measure
them) and its export key (the current attack as a clip), offscreen (issue 19)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.measure import Placed, measure
from studio.frame_plan import attacks
from studio.picking import project
from studio.surface import OffscreenSurface
from studio.viewer import Viewer

SIZE = (640, 360)


@pytest.fixture(scope="module")
def viewer(showbase: Any, skirmish3_r3: LoadedReplay, surface: OffscreenSurface) -> Iterator[Viewer]:
    v = Viewer(showbase, skirmish3_r3, surface.surface, log=False)
    yield v
    v.destroy()


def click_ship(v: Viewer, ship_id: str) -> None:
    assert v.view is not None
    ship = v.view.ship(ship_id)
    assert ship is not None
    p = project(v.surface.camera, v.scene.root, (ship.pose.x, ship.pose.y, 2.5))
    assert p is not None
    v.click(*p)


def test_click_one_ship_then_another_measures_between_them(viewer: Viewer, skirmish3_r3: LoadedReplay) -> None:
    tl = skirmish3_r3.timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, ev.AttackDeclared))
    e = tl.events[i]
    assert isinstance(e, ev.AttackDeclared)
    viewer.escape()
    viewer.jump_event(i)
    viewer.set_camera("top", smooth=False)
    viewer.tick(0.0)
    click_ship(viewer, e.ship)
    assert viewer.selected == e.ship and viewer.view is not None and viewer.view.ruler is None
    click_ship(viewer, e.defender)
    viewer.tick(0.0)
    ruler = viewer.view.ruler
    assert ruler is not None and (ruler.ship, ruler.target) == (e.ship, e.defender)
    # the same band, arc and distance the attack measured (the engine's own measure)
    assert ruler.band == e.range_band and ruler.arc == e.arc
    assert ruler.distance == pytest.approx(e.distance, abs=0.05)
    a, d = tl.state_after(i).ship(e.ship), tl.state_after(i).ship(e.defender)
    m = measure(Placed(a.pose, a.base), Placed(d.pose, d.base), a.front_arc, a.rear_arc)
    assert m.front is not None and m.front.in_arc and m.front.band == ruler.band
    assert f"Range {ruler.band}" in ruler.text and "front arc" in ruler.text
    viewer.escape()
    assert viewer.selected is None and viewer.ruler is None


def test_the_ruler_is_drawn_in_its_band_colour(viewer: Viewer, skirmish3_r3: LoadedReplay,
                                               surface: OffscreenSurface) -> None:
    from studio.palette import BAND_COLOURS

    tl = skirmish3_r3.timeline
    i = next(i for i, e in enumerate(tl.events) if isinstance(e, ev.RoundStarted) and e.round == 2)
    viewer.escape()
    viewer.jump_event(i)
    viewer.overlays = set()
    viewer.set_camera("top", smooth=False)
    viewer.tick(0.0)
    assert viewer.view is not None
    a, b = viewer.view.ships[0], viewer.view.ships[-1]
    before = surface.capture().astype(int)
    viewer.select(a.id)
    viewer.select(b.id)
    viewer.tick(0.0)
    ruler = viewer.view.ruler
    assert ruler is not None
    after = surface.capture().astype(int)
    # a quarter of the way along the line (clear of the label over its middle)
    x = ruler.start[0] + 0.25 * (ruler.end[0] - ruler.start[0])
    y = ruler.start[1] + 0.25 * (ruler.end[1] - ruler.start[1])
    p = project(viewer.surface.camera, viewer.scene.root, (x, y, 1.2))
    assert p is not None
    row, col = int((1 - p[1]) / 2 * SIZE[1]), int((p[0] + 1) / 2 * SIZE[0])
    patch = after[row - 2:row + 3, col - 2:col + 3]
    colour = np.array(BAND_COLOURS[min(ruler.band, max(BAND_COLOURS))][:3]) * 255
    assert np.all(np.abs(patch - colour) <= 40, axis=2).any()
    assert not np.array_equal(patch, before[row - 2:row + 3, col - 2:col + 3])
    assert ruler.band == min(P.range_band(ruler.distance), P.BEYOND_RANGE)
    viewer.escape()


def test_x_exports_the_attack_on_screen(viewer: Viewer, skirmish3_r3: LoadedReplay, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    tl = skirmish3_r3.timeline
    started: list[list[str]] = []
    viewer.exporter = started.append
    monkeypatch.chdir(tmp_path)
    declared = attacks(tl)
    viewer.jump_event(declared[1] + 2)  # inside the second attack
    out = viewer.export_attack()
    assert out == tmp_path / f"{skirmish3_r3.path.stem}-attack-2.mp4"
    argv = started[-1]
    assert argv[argv.index("--attack") + 1] == "2" and argv[argv.index("-o") + 1] == str(out)
    assert str(skirmish3_r3.path) in argv and "render" in argv
    viewer.jump_event(declared[-1] + 1)
    viewer.playback.end()
    assert viewer.export_attack() is None or started[-1][started[-1].index("--attack") + 1] == str(len(declared))

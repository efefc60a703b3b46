"""Offscreen renders checked pixel by pixel: ships, arcs, planets, templates, the attack line.

Every picture uses the ``top`` camera, where table point (x, y) lands on the pixel
``table_to_pixel`` gives; overlays are checked by rendering with and without them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.maneuvers import Maneuver, template_outline
from engine.view import PlanetView, ShipView, TableView, TemplateView, TrailView
from engine.view_attack_wing import AttackView, AttackWingTable, ObstacleView
from studio.camera import table_to_pixel
from studio.offscreen import CLEAR_COLOUR
from studio.palette import PLAYER_COLOURS
from studio.snapshot import load_png, save_png

A = 914.4
SIZE = (960, 540)
Frame = Any


def ship(sid: str = "s", x: float = 300, y: float = 300, heading: float = 0, player: int = 0, **kw: Any) -> ShipView:
    fields: dict[str, Any] = {"faction": "Federation", "class_name": "Defiant Class", "base_size": "small",
                              "front_arc": 90.0, "hull_max": 3}
    fields.update(kw)
    return ShipView(sid, sid, pose=Pose(x, y, heading), player=player, **fields)


def px(frame: Frame, x: float, y: float) -> np.ndarray:
    u, v = table_to_pixel(x, y, SIZE, (A, A))
    out: np.ndarray = frame[int(v), int(u)].astype(int)
    return out


def render(renderer: Any, view: TableView, overlays: set[str] | None = None, camera: str = "top") -> Frame:
    return renderer.render(view, SIZE, camera, overlays or set())


def close(a: np.ndarray, b: tuple[float, ...], tol: int = 40) -> bool:
    return bool(np.all(np.abs(a[:3] - np.array(b[:3]) * 255) <= tol))


def test_ship_shows_its_player_colour_at_its_pose(renderer: Any) -> None:
    view = TableView(A, A, ships=(ship("b", 300, 300, 0, 0), ship("o", 600, 500, 0, 1)))
    frame = render(renderer, view)
    assert frame.shape == (SIZE[1], SIZE[0], 3) and frame.dtype == np.uint8
    # the base border, beside the model, is in the player's colour
    assert close(px(frame, 300 + 18.2, 300), PLAYER_COLOURS[0])
    assert close(px(frame, 600 - 18.2, 500), PLAYER_COLOURS[1])
    # the model's hull (light grey) covers the base centre
    hull = px(frame, 300, 300)
    assert hull.min() > 110 and np.ptp(hull) < 60
    # far from any ship: the dark blue mat; outside the play area: the clear colour
    patch = frame[30:60, 700:730].reshape(-1, 3)
    med = np.median(patch, axis=0)
    assert med.max() < 90 and med[2] >= med[0] and med[2] > 12
    assert close(frame[SIZE[1] // 2, 5].astype(int), CLEAR_COLOUR, tol=3)


def test_ship_turns_with_its_heading(renderer: Any) -> None:
    # the base's front notch is drawn in the player colour at the front edge
    east = render(renderer, TableView(A, A, ships=(ship("s", 400, 400, 90),)))
    north = render(renderer, TableView(A, A, ships=(ship("s", 400, 400, 0),)))
    # facing east, the right side of the base (north side when facing north) holds the saucer
    assert not np.array_equal(px(east, 412, 400), px(north, 412, 400))
    assert close(px(north, 400 + 18.2, 400), PLAYER_COLOURS[0])
    assert close(px(east, 400, 400 - 18.2), PLAYER_COLOURS[0])


def test_arc_overlay_colours_the_wedge_in_front_and_not_behind(renderer: Any) -> None:
    view = TableView(A, A, ships=(ship("s", 450, 300, 0),))
    plain = render(renderer, view)
    arcs = render(renderer, view, {"arcs"})
    ahead = (450, 300 + 20 + 150)  # range 2, straight ahead
    behind = (450, 300 - 20 - 150)
    abeam = (450 + 20 + 150, 300)  # out of a 90 degree arc
    assert (px(arcs, *ahead) - px(plain, *ahead))[2] > 10  # tinted toward blue
    assert np.array_equal(px(arcs, *behind), px(plain, *behind))
    assert np.array_equal(px(arcs, *abeam), px(plain, *abeam))
    beyond = (450, 300 + 20 + 320)  # past range 3
    assert np.array_equal(px(arcs, *beyond), px(plain, *beyond))


def test_arc_overlay_follows_the_heading_and_the_rear_arc(renderer: Any) -> None:
    view = TableView(A, A, ships=(ship("s", 450, 450, 90, player=1, rear_arc=90.0),))
    plain = render(renderer, view)
    arcs = render(renderer, view, {"arcs"})
    east, west, north = (450 + 170, 450), (450 - 170, 450), (450, 450 + 170)
    assert (px(arcs, *east) - px(plain, *east))[0] > 10  # orange: more red
    assert (px(arcs, *west) - px(plain, *west))[0] > 5  # the rear arc, fainter
    assert (px(arcs, *east) - px(plain, *east))[0] > (px(arcs, *west) - px(plain, *west))[0]
    assert np.array_equal(px(arcs, *north), px(plain, *north))


def test_360_arc_covers_all_round(renderer: Any) -> None:
    cube = ship("c", 450, 450, 0, class_name="Borg Cube", faction="Borg", base_size="large", front_arc=None,
                has_360_arc=True, hull_max=10)
    view = TableView(A, A, ships=(cube,))
    plain, arcs = render(renderer, view), render(renderer, view, {"arcs"})
    for x, y in ((450, 450 + 200), (450, 450 - 200), (450 + 200, 450), (450 - 200, 450)):
        assert (px(arcs, x, y) - px(plain, x, y))[2] > 5


def test_planet_and_obstacle_show_where_they_are(renderer: Any) -> None:
    empty = render(renderer, TableView(A, A))
    rocks = ObstacleView("rocks", ((600, 600), (700, 600), (700, 700), (600, 700)))
    view = TableView(A, A, planets=(PlanetView("Bajor", 250, 650, 50),), part=AttackWingTable(obstacles=(rocks,)))
    frame = render(renderer, view)
    assert np.abs(px(frame, 250, 650) - px(empty, 250, 650)).sum() > 60
    assert np.array_equal(px(frame, 250 + 70, 650), px(empty, 250 + 70, 650))  # outside the planet
    slab = px(frame, 605, 695)  # near a corner of the slab, rocky brown
    assert slab[0] > slab[2] and slab[0] > 60
    assert np.array_equal(px(frame, 590, 650), px(empty, 590, 650))


def test_template_is_drawn_under_the_path(renderer: Any) -> None:
    s = ship("s", 300, 200, 0)
    outline = template_outline(s.pose, Maneuver("straight", 3))
    assert outline is not None
    tv = TemplateView(tuple(outline.exterior.coords)[:-1], "green", "s")
    view = TableView(A, A, ships=(s,), templates=(tv,))
    plain, drawn = render(renderer, view), render(renderer, view, {"templates"})
    mid = (300, 200 + 20 + 60)  # half way along the 120 mm template
    d = px(drawn, *mid) - px(plain, *mid)
    assert d[1] > 30 and d[1] > d[0] and d[1] > d[2]  # green
    assert np.array_equal(px(drawn, 300 + 30, 280), px(plain, 300 + 30, 280))  # beside it


def test_attack_line_and_range_rings(renderer: Any) -> None:
    a, d = ship("a", 300, 300, 0), ship("d", 300, 600, 180, player=1)
    attack = AttackView("a", "d", (300, 320), (300, 580), band=3)
    view = TableView(A, A, ships=(a, d), selected="a", part=AttackWingTable(attack=attack))
    plain = render(renderer, view)
    full = render(renderer, view, {"attack", "ranges"})
    line = px(full, 300, 450)
    assert line[0] > 200 and line[0] > line[2] + 80  # band 3: red-orange
    u, v = (int(c) for c in table_to_pixel(300 + 20 + 101.6, 300, SIZE, (A, A)))  # Range 1 ring, beside the base
    assert full[v, u - 2:u + 3].min(axis=1).max() > plain[v, u - 2:u + 3].min(axis=1).max() + 60  # a bright ring
    # obstructed: dashed, so some points along the line show the mat
    dashed_line = AttackView("a", "d", (300, 320), (300, 580), 3, True)
    obstructed = TableView(A, A, ships=(a, d), part=AttackWingTable(attack=dashed_line))
    dashed = render(renderer, obstructed, {"attack"})
    along = [int((px(dashed, 300, y) != px(plain, 300, y)).any()) for y in range(330, 570, 2)]
    assert 0.3 < sum(along) / len(along) < 0.9


def test_trails_in_the_player_colour(renderer: Any) -> None:
    trail = TrailView("s", 1, ((300.0, 150.0), (300.0, 300.0), (300.0, 480.0)))
    view = TableView(A, A, ships=(ship("s", 300, 500, 0, player=1),), trails=(trail,))
    plain = renderer.render(view, SIZE, "top", set())
    drawn = renderer.render(view, SIZE, "top", {"trails"})
    u, v = (int(c) for c in table_to_pixel(300, 250, SIZE, (A, A)))
    d = drawn[v, u - 2:u + 3].astype(int) - plain[v, u - 2:u + 3]
    assert d[:, 0].max() > 60 and d[:, 0].max() > d[:, 2].max()  # orange
    assert np.array_equal(drawn[v, u + 20], plain[v, u + 20])


def test_grid_toggles(renderer: Any) -> None:
    view = TableView(A, A)
    off, on = render(renderer, view), render(renderer, view, {"grid"})
    u, v = (int(c) for c in table_to_pixel(4 * 25.4 * 3, 500, SIZE, (A, A)))
    assert (on[v, u - 2:u + 3].astype(int) - off[v, u - 2:u + 3]).sum() > 30
    assert np.array_equal(on[v, u + 15], off[v, u + 15])


def test_destroyed_and_cloaked_ships_look_different(renderer: Any) -> None:
    whole = render(renderer, TableView(A, A, ships=(ship("s", 400, 400),)))
    wreck = render(renderer, TableView(A, A, ships=(ship("s", 400, 400, destroyed=True),)))
    cloak = render(renderer, TableView(A, A, ships=(ship("s", 400, 400, cloaked=True),)))
    assert px(wreck, 400, 400).sum() < px(whole, 400, 400).sum() - 100
    assert not np.array_equal(px(cloak, 400, 400), px(whole, 400, 400))


def test_other_cameras_render(renderer: Any) -> None:
    view = TableView(A, A, ships=(ship("s", 400, 400, 0),), selected="s")
    top = render(renderer, view)
    for cam in ("table", "follow:s"):
        frame = render(renderer, view, camera=cam)
        assert frame.shape == top.shape and not np.array_equal(frame, top)
    # following a ship: what lies straight ahead of it is in the middle of the picture
    alone = render(renderer, view, camera="follow:s")
    moved = render(renderer, TableView(A, A, ships=(ship("s", 400, 400, 0),
                                                    ship("x", 400, 520, 0, player=1)), selected="s"),
                   camera="follow:s")
    diff = np.abs(alone.astype(int) - moved.astype(int)).sum(axis=2) > 30
    _, xs = np.nonzero(diff)
    assert len(xs) > 100 and abs(xs.mean() - SIZE[0] / 2) < SIZE[0] * 0.1


def test_scene_reuses_nodes(renderer: Any) -> None:
    scene = renderer.scene
    v1 = TableView(A, A, ships=(ship("a", 100, 100), ship("b", 200, 200)))
    scene.update(v1)
    node_a, content = scene.ships["a"], scene.table._content
    v2 = TableView(A, A, ships=(ship("a", 150, 120, 30),))
    scene.update(v2)
    assert scene.ships["a"] is node_a and "b" not in scene.ships
    assert scene.table._content is content  # nothing static changed: not rebuilt
    assert node_a.root.getPos().x == pytest.approx(150) and node_a.root.getH() == pytest.approx(-30)


def test_png_round_trip(tmp_path: Path) -> None:
    img = np.zeros((20, 30, 3), np.uint8)
    img[2, 5] = (255, 10, 20)
    img[:, -1] = (0, 200, 0)
    path = save_png(img, tmp_path / "x.png")
    assert np.array_equal(load_png(path), img)
    with pytest.raises(ValueError):
        save_png(np.zeros((4, 4), np.float32), tmp_path / "bad.png")
    big = (np.arange(300 * 200 * 3) % 251).astype(np.uint8).reshape(200, 300, 3)
    assert np.array_equal(load_png(save_png(big, tmp_path / "big.png")), big)


def test_unknown_overlay_is_an_error(renderer: Any) -> None:
    with pytest.raises(ValueError, match="unknown overlay"):
        render(renderer, TableView(A, A), {"sparkles"})

"""Marks and effects on the table, checked in pixels from the ``top`` camera: the attack ruler
over an obstacle, the defender's brackets, the range rings' 1/2/3 labels, name tags, and the
shield-hit and destruction effects (issue 19)."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any

import numpy as np

from engine.geometry.pose import Pose
from engine.replay_timeline import LoadedReplay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.screen import effect_views
from engine.view import EffectView, ShipView, TableView
from engine.view_attack_wing import AttackView, AttackWingTable, ObstacleView
from studio.camera import table_to_pixel
from studio.marks import _apart, ring_label_points, tag_box, tag_slots
from studio.palette import BAND_COLOURS

A = 914.4
SIZE = (960, 540)


def ship(sid: str, x: float, y: float, heading: float = 0, player: int = 0, **kw: Any) -> ShipView:
    fields: dict[str, Any] = {"faction": "Federation", "class_name": "Defiant Class", "base_size": "small",
                              "front_arc": 90.0, "hull_max": 3}
    name = kw.pop("name", sid)
    fields.update(kw)
    return ShipView(sid, name, pose=Pose(x, y, heading), player=player, **fields)


def uv(x: float, y: float) -> tuple[int, int]:
    u, v = table_to_pixel(x, y, SIZE, (A, A))
    return int(u), int(v)


def px(frame: Any, x: float, y: float) -> np.ndarray:
    u, v = uv(x, y)
    out: np.ndarray = frame[v, u].astype(int)
    return out


def test_attack_ruler_is_drawn_over_an_obstacle_between_the_closest_points(renderer: Any) -> None:
    a, d = ship("a", 300, 300, 0), ship("d", 300, 600, 180, player=1)
    rocks = ObstacleView("rocks", ((250, 420), (350, 420), (350, 480), (250, 480)))
    attack = AttackView("a", "d", (300, 320), (300, 580), band=3)
    view = TableView(A, A, ships=(a, d), part=AttackWingTable(obstacles=(rocks,), attack=attack))
    plain = renderer.render(view, SIZE, "top", set())
    drawn = renderer.render(view, SIZE, "top", {"attack"})
    band = np.array(BAND_COLOURS[3][:3]) * 255
    for y in (430, 450, 470):  # over the slab and its rocks the ruler still shows, in the band colour
        assert np.abs(px(drawn, 300, y) - band).max() < 30, y
        assert np.abs(px(plain, 300, y) - band).max() > 60
    assert np.array_equal(px(drawn, 330, 450), px(plain, 330, 450))  # beside the line: the obstacle


def test_defender_gets_target_brackets(renderer: Any) -> None:
    a, d = ship("a", 300, 300, 0), ship("d", 600, 600, 30, player=1)
    attack = AttackView("a", "d", (320, 320), (580, 580), band=3)
    view = TableView(A, A, ships=(a, d), part=AttackWingTable(attack=attack))
    plain = renderer.render(view, SIZE, "top", set())
    drawn = renderer.render(view, SIZE, "top", {"attack"})
    half = P.base_half("small") + 4.0
    corner = Pose(600, 600, 30).advance(half, half)  # the bracket's corner, turned with the base
    c = px(drawn, corner.x, corner.y)
    assert c[0] > 200 and c[1] < 120 and c[2] < 120  # red
    assert not np.array_equal(c, px(plain, corner.x, corner.y))
    attacker_corner = Pose(300, 300, 0).advance(half, -half)  # (its north-west corner, off the ruler)
    assert np.array_equal(px(drawn, attacker_corner.x, attacker_corner.y),
                          px(plain, attacker_corner.x, attacker_corner.y))


def test_range_rings_are_labelled_1_2_3_on_the_rings(renderer: Any) -> None:
    s = ship("s", 300, 300, 20)
    view = TableView(A, A, ships=(s,), selected="s")
    points = ring_label_points(s, view)
    assert [b for b, _, _ in points] == [1, 2, 3]
    square = [Pose(300, 300, 20).advance(fy, fx) for fx, fy in ((-20, -20), (20, -20), (20, 20), (-20, 20))]
    from shapely.geometry import Point, Polygon

    base = Polygon([(p.x, p.y) for p in square])
    for band, x, y in points:  # each label sits on its ring: that far from the base outline
        assert math.isclose(base.distance(Point(x, y)), P.RANGE_BAND_EDGES_MM[band - 1], abs_tol=1.0)
        assert 0 < x < A and 0 < y < A
    plain = renderer.render(view, SIZE, "top", set())
    drawn = renderer.render(view, SIZE, "top", {"ranges"})
    for _, x, y in points:
        u, v = uv(x, y)
        patch, before = drawn[v - 6:v + 7, u - 6:u + 7].astype(int), plain[v - 6:v + 7, u - 6:u + 7].astype(int)
        assert patch.sum(axis=2).max() > 500  # the bright digit
        assert patch.sum(axis=2).min() < 200  # on its dark disc
        assert np.abs(patch - before).sum() > 2000


def test_ring_labels_keep_to_the_table_near_an_edge() -> None:
    s = ship("s", 880, 40, 0)  # the south-east corner: the south-east ray leaves the table at once
    view = TableView(A, A, ships=(s,), selected="s")
    for _, x, y in ring_label_points(s, view):
        assert 0 < x < A and 0 < y < A


def test_name_tags_below_each_base_in_the_player_colour_even_over_rocks(renderer: Any) -> None:
    a = ship("a", 300, 300, 45, name="U.S.S. Defiant")
    b = ship("b", 600, 500, 0, player=1, name="5th Wing Patrol Ship")
    rocks = ObstacleView("rocks", ((500, 400), (700, 400), (700, 475), (500, 475)))
    view = TableView(A, A, ships=(a, b), part=AttackWingTable(obstacles=(rocks,)))
    plain = renderer.render(view, SIZE, "top", set())
    drawn = renderer.render(view, SIZE, "top", {"names"})
    for s in (a, b):
        x0, y0, x1, y1 = tag_box(s)
        assert y1 < s.pose.y - P.base_half("small")  # below the base
        u0, v0 = uv(x0, y1)
        u1, v1 = uv(x1, y0)
        region, before = drawn[v0:v1, u0:u1].astype(int), plain[v0:v1, u0:u1].astype(int)
        changed = np.abs(region - before).sum(axis=2) > 60
        assert changed.mean() > 0.1
        # the letters: light, tinted toward the player colour (from half their brightness: at this
        # size the mipmapped letters are antialiased, their strokes under a pixel wide)
        text = region[region.sum(axis=2) > 250]
        assert len(text) > 20
        colour = np.median(text, axis=0)
        assert (colour[2] > colour[0]) if s.player == 0 else (colour[0] > colour[2])
    # outside every tag nothing changed
    assert np.array_equal(px(drawn, 150, 800), px(plain, 150, 800))


def test_a_ship_at_the_table_edge_keeps_its_whole_name_tag_on_the_table(renderer: Any) -> None:
    """A tag centred under a ship 12 mm from the left edge hung 40 mm off the table, where the
    picture's edge cut it ("d Wing Attack Ship"); it slides along so all of it lies on the table."""
    edge = ship("e", 12, 400, 90, player=1, name="3rd Wing Attack Ship")
    view = TableView(A, A, ships=(edge,))
    x0, y0, x1, y1 = tag_box(edge, tag_slots(view.ships, area_width=A)["e"], A)
    assert x0 >= 0 and x1 - x0 > 2 * edge.pose.x  # on the table, though wider than twice the gap
    assert tag_box(edge)[0] < 0  # (centred under the ship, as before: off the table)
    plain = renderer.render(view, SIZE, "top", set())
    drawn = renderer.render(view, SIZE, "top", {"names"})
    u0, v0 = uv(x0, y1)
    u1, v1 = uv(x1, y0)
    inked = np.abs(drawn[v0:v1, u0:u1].astype(int) - plain[v0:v1, u0:u1].astype(int)).sum(axis=2) > 60
    # the tag's right part is drawn where the box says: letters to its right end
    assert inked[:, int(0.8 * (u1 - u0)):].mean() > 0.05


def _events() -> list[Any]:
    at: dict[str, Any] = {"round": 1, "phase": "combat", "cause": "attack", "ship": "d"}
    return [ev.DamageDealt(seq=0, to="shield", **at), ev.DamageDealt(seq=1, to="hull", **at),
            ev.ShipDestroyed(seq=2, **at)]


def test_effects_play_during_their_event_only() -> None:
    events = _events()
    assert effect_views(events[0], 0.2) == (EffectView("shield_hit", "d", 0.2),)
    assert effect_views(events[1], 0.5) == (EffectView("hull_hit", "d", 0.5),)
    assert effect_views(events[2], 0.0) == (EffectView("destroyed", "d", 0.0),)
    assert effect_views(events[2], 1.0) == ()  # a screenshot at the end of the event: no effect
    assert effect_views(None, 0.5) == ()


def test_shield_flash_and_explosion_in_pixels(renderer: Any) -> None:
    d = ship("d", 450, 450, 0, player=1)
    view = TableView(A, A, ships=(d,))
    scene = renderer.scene
    plain = renderer.render(view, SIZE, "top", set())
    scene.update(replace(view, effects=(EffectView("shield_hit", "d", 0.15),)), set())
    buf, rig = renderer.buffer(SIZE)
    from studio.camera import preset

    rig.apply(preset("top", view))
    flash = buf.capture().copy()
    u, v = uv(450, 450)
    r = int(20 * SIZE[1] / A)  # the base's half width in pixels: the bubble covers the whole base
    diff = flash[v - r:v + r, u - r:u + r].astype(int) - plain[v - r:v + r, u - r:u + r]
    assert diff[..., 2].mean() > 40 and diff[..., 2].mean() > diff[..., 0].mean() + 20  # bluer
    assert np.array_equal(flash[v - 3 * r:v - 2 * r, u - r:u + r], plain[v - 3 * r:v - 2 * r, u - r:u + r])
    scene.update(replace(view, effects=(EffectView("destroyed", "d", 0.3),)), set())
    boom = buf.capture().copy()
    centre = px(boom, 450, 450)
    assert centre[0] > 220 and centre[1] > 150 and centre[2] < centre[0] - 40  # a yellow-orange fireball
    scene.update(view, set())
    after = buf.capture().copy()
    assert np.array_equal(after, plain)


def test_a_destroyed_ship_shows_as_a_wreck_in_the_still_of_its_destruction(skirmish3: LoadedReplay,
                                                                          renderer: Any) -> None:
    """A screenshot at the end of a ship_destroyed event shows the ship (the wreck look: the
    view says destroyed) where it died; from the next event on it is gone from the table."""
    from studio.video import screenshot_frame

    tl = skirmish3.timeline
    deaths = [i for i, e in enumerate(tl.events)  # (a ship firing back at the same skill is removed later)
              if e.type == "ship_destroyed" and tl.state_after(i).ship(e.ship).destroyed]
    assert deaths
    for i in deaths[:3]:
        ship_id = tl.events[i].ship
        wreck = tl.moment_after(i).view.ship(ship_id)
        assert wreck is not None and wreck.destroyed, f"event {i}"
        assert tl.moment_after(i + 1).view.ship(ship_id) is None
    i = deaths[0]
    moment = tl.moment_after(i)
    ship_id = tl.events[i].ship
    still = screenshot_frame(skirmish3, i, size=(640, 360), camera="top", overlays=set(), hud=False)
    gone = renderer.render(replace(moment.view, ships=tuple(s for s in moment.view.ships if s.id != ship_id)),
                           (640, 360), "top", set())
    assert (np.abs(still.astype(int) - gone.astype(int)).sum(axis=2) > 30).sum() > 30


def test_name_tags_of_ships_in_base_contact_never_overlap(renderer: Any) -> None:
    """Three ships side by side in base contact and two one north of the other: every tag's box is
    clear of every other tag and of the other ships' bases (below each tag would overlap), and each
    tag is drawn where its box says (its backdrop darkens the mat there)."""
    row = [ship(f"r{k}", 300 + 40 * k, 300, 0, player=k % 2, name=n)
           for k, n in enumerate(("U.S.S. Enterprise-D", "2nd Division Cruiser", "U.S.S. Defiant"))]
    pair = [ship("n", 600, 560, 90, player=1, name="5th Wing Patrol Ship"), ship("s", 600, 520, 0,
                                                                                 name="U.S.S. Excelsior")]
    view = TableView(A, A, ships=(*row, *pair))
    below = [tag_box(s) for s in view.ships]
    assert any(not _apart(a, b) for a, b in itertools.combinations(below, 2))  # all below: they would overlap
    slots = tag_slots(view.ships)
    boxes = {s.id: tag_box(s, slots[s.id]) for s in view.ships}
    for (i, a), (j, b) in itertools.combinations(boxes.items(), 2):
        assert _apart(a, b), f"the tags of {i} and {j} overlap"
    for s in view.ships:
        r = s.base_side / 2  # (headings 0 and 90: the bases are axis-aligned squares)
        for o in view.ships:
            if o.id != s.id:
                assert _apart(boxes[s.id], (o.pose.x - r, o.pose.y - r, o.pose.x + r, o.pose.y + r))
    plain = renderer.render(view, SIZE, "top", set())
    drawn = renderer.render(view, SIZE, "top", {"names"})
    for s in view.ships:
        x0, y0, x1, y1 = boxes[s.id]
        u0, v0 = uv(x0 + 2, y1 - 2)
        u1, v1 = uv(x1 - 2, y0 + 2)
        changed = np.abs(drawn[v0:v1, u0:u1].astype(int) - plain[v0:v1, u0:u1].astype(int)).sum(axis=2) > 20
        assert changed.mean() > 0.3, f"{s.id}'s tag is not where its box is"


def test_the_arcs_overlay_draws_the_selected_ships_arcs_alone(skirmish3: LoadedReplay) -> None:
    """Issue 36 item 6: `a` drew every ship's arcs at once, a table under wedges; the selected (or
    active) ship's alone are drawn, and every changed pixel lies within Range 3 of its base."""
    import math

    from studio.camera import table_to_pixel
    from studio.video import screenshot_frame

    tl = skirmish3.timeline
    at = next(i for i in range(len(tl)) if tl.moment_after(i).view.selected is not None and
              sum(not s.destroyed for s in tl.moment_after(i).view.ships) >= 4)
    view = tl.moment_after(at).view
    ship = view.ship(view.selected)
    assert ship is not None
    size = (640, 360)
    bare = screenshot_frame(skirmish3, at, size=size, camera="top", overlays=set(), hud=False).astype(int)
    arcs = screenshot_frame(skirmish3, at, size=size, camera="top", overlays={"arcs"}, hud=False).astype(int)
    changed = np.argwhere(np.abs(arcs - bare).sum(axis=2) > 30)
    assert len(changed) > 500  # the wedges are there
    cx, cy = table_to_pixel(ship.pose.x, ship.pose.y, size, (view.area_width, view.area_height))
    scale = size[1] / view.area_height
    reach = (304.8 + ship.base_side) * scale + 3  # Range 3 from the base's outline, and a pixel's rounding
    far = [(r, c) for r, c in changed if math.hypot(c - cx, r - cy) > reach]
    assert not far, f"{len(far)} pixels changed outside the selected ship's Range 3, e.g. {far[:3]}"

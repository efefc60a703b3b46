"""What an Alliance mission's screen says (issue 19): the mission's sensor data sites drawn on the
table (and spent once collected), cards that name the right game and the mission whole, and a
retreated ship shown as retreated, never destroyed."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.play import play_mission
from engine.rulesets.alliance.screen import end_card
from engine.rulesets.attack_wing.screen import end_status, ship_status
from studio.camera import table_to_pixel
from studio.markers import ARROW, ARROW_MM, MARKER, SPENT
from studio.snapshot import render_view

SEED = 3
SIZE = (640, 360)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    path = tmp_path_factory.mktemp("alliance-screen") / "act1.trek"
    play_mission("alliance-act1", 2, SEED, path)
    return load_timeline(path)


def near(frame: np.ndarray, x: float, y: float, area: tuple[float, float], colour: tuple[float, ...],
         r: int = 4, tol: int = 40) -> int:
    u, v = (int(c) for c in table_to_pixel(x, y, SIZE, area))
    patch = frame[v - r:v + r + 1, u - r:u + r + 1].astype(int)
    return int(np.all(np.abs(patch - np.array(colour[:3]) * 255) <= tol, axis=2).sum())


def test_mission_markers_are_drawn_and_spent_once_collected(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    first = tl.moment_after(0)
    tokens = [m for m in first.view.markers if m.heading is None]
    assert {m.label for m in tokens} == {"C", "D"}  # the mission's sites for two players
    assert all(m.taken_by is None for m in tokens)
    area = (first.view.area_width, first.view.area_height)
    frame = render_view(first.view, SIZE, "top", set())
    bare = render_view(replace(first.view, markers=()), SIZE, "top", set())
    for m in tokens:
        # a gold token where the mission puts it (the label stands over its centre, so look beside it)
        assert near(frame, m.x + 9, m.y, area, MARKER) > 3 and near(bare, m.x + 9, m.y, area, MARKER) == 0
    got = next((i for i, e in enumerate(tl.events) if isinstance(e, ae.MissionTokenCollected)), None)
    assert got is not None
    e = tl.events[got]
    assert isinstance(e, ae.MissionTokenCollected)
    after = tl.moment_after(got)
    site = next(m for m in after.view.markers if m.label == e.location)
    assert site.taken_by == e.ship and "sensor data" in site.text
    spent = render_view(after.view, SIZE, "top", set())
    ring_x = site.x + 14.0  # on the spent token's rim
    assert near(spent, ring_x, site.y, area, SPENT, r=3, tol=50) > 0
    assert near(spent, site.x + 9, site.y, area, MARKER) == 0


def test_bearing_arrows_are_drawn_where_the_mission_puts_them(loaded: LoadedReplay) -> None:
    """Act I's six blue bearing arrows (mission map: 1 on the west edge pointing east, 2-5 on the
    north edge pointing south, 6 on the east edge pointing west), numbered; never collected."""
    tl = loaded.timeline
    first = tl.moment_after(0)
    arrows = {m.label: m for m in first.view.markers if m.heading is not None}
    assert sorted(arrows) == ["1", "2", "3", "4", "5", "6"]
    square = 101.6
    assert (arrows["1"].x, arrows["1"].y, arrows["1"].heading) == (0.0, 6 * square, 90.0)
    assert (arrows["3"].x, arrows["3"].y, arrows["3"].heading) == (3.5 * square, 9 * square, 180.0)
    assert (arrows["6"].x, arrows["6"].heading) == (9 * square, 270.0)
    area = (first.view.area_width, first.view.area_height)
    frame = render_view(first.view, SIZE, "top", set())
    bare = render_view(replace(first.view, markers=()), SIZE, "top", set())
    for m in arrows.values():
        assert m.heading is not None
        h = math.radians(m.heading)
        # blue on the shaft a quarter of the way in from the edge, none a shaft's length behind the tail
        x, y = m.x + 0.25 * ARROW_MM * math.sin(h), m.y + 0.25 * ARROW_MM * math.cos(h)
        assert near(frame, x, y, area, ARROW, r=2) > 3, f"no arrow {m.label} at its bearing"
        assert near(bare, x, y, area, ARROW, r=2) == 0
    last = tl.moment_after(len(tl) - 1)
    assert all(m.taken_by is None for m in last.view.markers if m.heading is not None)


def test_cards_name_the_game_and_the_whole_mission(loaded: LoadedReplay) -> None:
    title, end = loaded.title_card, loaded.end_card
    assert title.title == "Act I, A Simple Patrol (Introduction)"  # whole, never cut
    assert "Star Trek: Alliance" in title.footer and "Attack Wing" not in title.footer
    assert "Star Trek: Alliance" in end.footer and end.title.startswith("Mission ")


def test_a_retreated_ship_ends_retreated(loaded: LoadedReplay) -> None:
    final = loaded.timeline.ruleset_final
    ship = final.aw.ships[0]
    gone = replace(ship, destroyed=True)  # a retreat takes the ship out of play, as destruction does
    aw = final.aw.with_ship(gone)
    assert ship_status(gone, (ship.id,)) == "retreated" and end_status(gone, (ship.id,)) == "retreated"
    assert ship_status(gone) == "destroyed"
    card = end_card(loaded.header, replace(final, aw=aw, retreated=(ship.id,)), truncated=False)
    line = next(s for f in card.fleets for s in f.ships if s.name == ship.name)
    assert line.status == "retreated" and line.gone
    assert any("retreated" in f.summary for f in card.fleets)


@pytest.mark.parametrize("aspect", [16 / 9, 1.0])
def test_alliance_title_card_fits(loaded: LoadedReplay, aspect: float) -> None:
    from panda3d.core import NodePath, TextNode

    from studio.cards import Cards

    cards = Cards(NodePath("aspect2d"), aspect)
    cards.show_title(loaded.title_card)
    title = cards.root.find("**/title")
    node = title.node()
    assert isinstance(node, TextNode) and node.getText() == loaded.title_card.title  # the whole title
    assert node.calcWidth(node.getText()) * title.getScale()[0] <= 1.84 * aspect + 1e-6  # inside the card


RETREAT_SEED = 6  # Act I for two players, seed 6: a player ship retreats from the south edge (event 464)


@pytest.fixture(scope="module")
def retreat(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    path = tmp_path_factory.mktemp("alliance-retreat") / "act1-retreat.trek"
    play_mission("alliance-act1", 2, RETREAT_SEED, path)
    return load_timeline(path)


def test_a_real_retreat_shows_retreated_on_the_hud_and_the_end_card(retreat: LoadedReplay) -> None:
    """From a played mission's replay: after its ``ship_retreated`` event the ship's HUD panel says
    RETREATED (never DESTROYED), and so does its line on the end card; the end card's pixels
    follow that line (drawn as "destroyed" instead, the card's picture differs)."""
    from studio.video import FrameRenderer

    tl = retreat.timeline
    i = next(k for k, e in enumerate(tl.events) if isinstance(e, ae.ShipRetreated))
    e = tl.events[i]
    assert isinstance(e, ae.ShipRetreated)
    moment = tl.moment_after(i)
    panel = next(p for p in moment.panels if p.id == e.ship)
    assert panel.status == "retreated" and panel.destroyed  # out of play, as the HUD greys it
    line = next(s for f in retreat.end_card.fleets for s in f.ships if s.name == tl.ruleset_final.aw.ship(e.ship).name)
    assert line.status == "retreated" and line.gone
    with FrameRenderer(retreat, SIZE) as fr:
        assert fr.hud is not None
        fr.hud.update(moment, tl)
        tag = fr.hud.panels[e.ship].gone.text
        assert tag == "RETREATED", f"the HUD says {tag!r} for a retreated ship"
        card = fr.card_frame("end", tl.duration)
        lied = replace(retreat.end_card, fleets=tuple(
            replace(f, ships=tuple(replace(s, status="destroyed") if s is line else s for s in f.ships))
            for f in retreat.end_card.fleets))
        object.__setattr__(fr, "loaded", replace(retreat, end_card=lied))
        other = fr.card_frame("end", tl.duration)
    assert (np.abs(card.astype(int) - other.astype(int)).sum(axis=2) > 60).sum() > 50

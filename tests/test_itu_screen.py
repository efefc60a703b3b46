"""Into the Unknown (issue 17), step 5: the studio draws the game through engine/view.py only: the
system's boundary (deep space outside it), the ruler while a maneuver plays, objectives, anomalies
and torpedoes as markers; checked on rendered pixels."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from itu_helpers import near

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.into_the_unknown.play import play_mission
from engine.rulesets.into_the_unknown.table import INCH, SYSTEM_RADIUS
from engine.view_into_the_unknown import display_of
from engine.view_into_the_unknown import table_of as itu_table_of
from studio.areas import EDGE, WIDTH_MM
from studio.snapshot import render_view

SIZE = (640, 360)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    path = tmp_path_factory.mktemp("itu-screen") / "itu.trek"
    play_mission(7, path)
    return load_timeline(path)


def test_the_system_boundary_is_drawn(loaded: LoadedReplay) -> None:
    moment = loaded.timeline.moment_after(0)
    (system,) = itu_table_of(moment.view).areas
    assert (system.label, system.radius) == ("SYSTEM 1", pytest.approx(SYSTEM_RADIUS))
    area = (moment.view.area_width, moment.view.area_height)
    frame = render_view(moment.view, SIZE, "top", set())
    bare = render_view(replace(moment.view, part=replace(itu_table_of(moment.view), areas=())), SIZE, "top", set())
    edge_x = system.x + system.radius - WIDTH_MM / 2  # on the ring, east of the centre
    assert near(frame, edge_x, system.y, SIZE, area, EDGE) > 0 and near(bare, edge_x, system.y, SIZE, area, EDGE) == 0
    assert near(frame, system.x, system.y, SIZE, area, EDGE) == 0  # the inside is not painted


def test_the_ruler_lies_on_the_table_while_a_warp_plays(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    warp = next(i for i, e in enumerate(tl.events) if e.type == "ship_moved" and e.maneuver == "warp")
    event = tl.events[warp]
    during = tl.moment((tl.start_of(warp) + tl.start_of(warp + 1)) / 2)
    (ruler,) = during.view.templates
    ys = [p[1] for p in ruler.points]
    assert min(ys) == pytest.approx(event.start.y - INCH) and max(ys) == pytest.approx(event.end.y + INCH)
    assert all(p[0] < event.start.x for p in ruler.points)  # alongside the port side (the ship faces north)
    assert not tl.moment(tl.start_of(warp + 1)).view.templates  # lifted once the maneuver is done


def test_tokens_are_markers(loaded: LoadedReplay) -> None:
    first = loaded.timeline.moment_after(0)
    labels = sorted(m.label for m in first.view.markers)
    assert labels == ["1", "2", "3", "4", "?", "?", "?"]  # the objectives by number, the anomalies hidden
    controls = sorted(m.control for m in first.view.markers if m.control is not None)
    assert controls == [0, 0, 1, 1]  # two BLUE (the Federation's) and two ORANGE control markers


def test_a_frame_renders_whole(loaded: LoadedReplay, tmp_path: Path) -> None:
    frame = render_view(loaded.timeline.moment(loaded.timeline.duration / 3).view, SIZE, "top")
    assert frame.shape == (SIZE[1], SIZE[0], 3) and frame.std() > 5


def test_the_reserve_is_a_badge_on_the_ship_panels(loaded: LoadedReplay) -> None:
    """Each panel's first badge is the ship's reserve dial, named in full (the alert dial is drawn under
    the panel: tests/test_itu_hud.py)."""
    from studio.hud_panels import token_badges

    first = loaded.timeline.moment_after(0)
    state = loaded.timeline.ruleset_state_after(0)
    badges = {p.id: token_badges(p.tokens)[0][0] for p in first.panels}
    assert badges == {s.id: f"RESERVE {s.reserve}" for s in state.ships}
    assert all(display_of(p).dial is not None and display_of(p).dial.name == "alert" for p in first.panels)

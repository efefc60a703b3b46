"""Into the Unknown in the HUD (issue 17): under each ship's panel, its alert dial with its pips (the
position set now bright and framed), its crew stats, and its officers at their stations, ready or
committed; from the panel's records, checked against the game's state and on rendered pixels."""

from __future__ import annotations

import numpy as np
import pytest

from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.into_the_unknown.displays import OFFICERS
from engine.rulesets.into_the_unknown.play import play_mission
from engine.view import PanelView
from engine.view_into_the_unknown import IntoTheUnknownMoment, display_of, mission_of
from studio.frame_plan import moment_after
from studio.hud_crew import DIAL_COLOURS, READY
from studio.video import FrameRenderer

SIZE = (960, 540)  # HUD scale 1


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    path = tmp_path_factory.mktemp("itu-hud") / "itu7.trek"
    play_mission(7, path)
    return load_timeline(path)


def panel_of(loaded: LoadedReplay, index: int, ship: str) -> PanelView:
    return next(p for p in moment_after(loaded.timeline, index).panels if p.id == ship)


def test_panels_carry_the_alert_dial_the_crew_stats_and_the_officers(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    for i in (0, len(tl) // 2, len(tl) - 1):
        state = tl.ruleset_state_after(i)
        for ship in state.ships:
            p = display_of(panel_of(loaded, i, ship.id))
            assert p.dial is not None and p.dial.name == "alert"
            assert p.dial.positions == tuple((a.colour, a.pips) for a in ship.card.alert_dial)
            assert p.dial.current == ship.alert
            assert p.stats == "CMD {}  OPS {}  SCI {}".format(*ship.crew_stats)
            assert [(c.name, c.ready) for c in p.crew] == [(OFFICERS[o.key].name, not o.committed)
                                                           for o in ship.officers]
    # a priority order commits its officer; the ready phase readies them again
    order = next(i for i, e in enumerate(tl.events) if e.type == "order_given" and e.officer)
    e = tl.events[order]
    name = OFFICERS[e.officer].name
    assert next(c for c in display_of(panel_of(loaded, order - 1, e.ship)).crew if c.name == name).ready
    committed = next(c for c in display_of(panel_of(loaded, order, e.ship)).crew if c.name == name)
    assert not committed.ready and committed.station in ("CHAIR", "HELM", "INSTR", "TACT", "ENG", "CARGO", "MED")
    ready = next(i for i, ev in enumerate(tl.events) if i > order and ev.type == "officers_readied"
                 and (e.ship, e.officer) in ev.officers)
    assert next(c for c in display_of(panel_of(loaded, ready, e.ship)).crew if c.name == name).ready
    change = next(i for i, ev in enumerate(tl.events) if ev.type == "alert_changed")
    ev = tl.events[change]
    assert display_of(panel_of(loaded, change, ev.ship)).dial.current == ev.alert  # type: ignore[union-attr]
    assert display_of(panel_of(loaded, change - 1, ev.ship)).dial.current != ev.alert  # type: ignore[union-attr]


def mask(frame: np.ndarray, colour: tuple[float, ...], tol: int = 30) -> np.ndarray:
    out: np.ndarray = np.all(np.abs(frame.astype(int) - np.array(colour[:3]) * 255) <= tol, axis=2)
    return out


def runs(flags: np.ndarray) -> int:
    c = flags.astype(int)
    return int(np.sum(np.diff(np.concatenate([[0], c, [0]])) == 1))


def block(fr: FrameRenderer, ship: str) -> tuple[slice, slice]:
    """The pixels of a ship's dial-and-officers block (from its node's bounds in the HUD)."""
    assert fr.hud is not None
    crew = fr.hud.panels[ship].crew
    assert crew is not None
    lo, hi = crew.root.getTightBounds(fr.hud.parent)
    w, h = SIZE
    aspect = fr.hud.aspect
    u0, u1 = int((lo[0] / aspect + 1) / 2 * w), int((hi[0] / aspect + 1) / 2 * w) + 1
    v0, v1 = int((1 - hi[2]) / 2 * h), int((1 - lo[2]) / 2 * h) + 1
    return slice(v0, v1), slice(u0, u1)


def ready_dots(patch: np.ndarray) -> int:
    """The mint dots: one per ready officer (counted down each column of chips)."""
    dots = mask(patch, READY)
    cols = dots.any(axis=0).astype(int)
    edges = np.flatnonzero(np.diff(np.concatenate([[0], cols, [0]])))
    return sum(runs(dots[:, a:b].any(axis=1)) for a, b in zip(edges[::2], edges[1::2], strict=True))


def test_the_dial_and_the_officers_are_drawn(loaded: LoadedReplay) -> None:
    tl = loaded.timeline
    order = next(i for i, e in enumerate(tl.events) if e.type == "order_given" and e.officer and e.ship == "defiant")
    before, after = moment_after(tl, order - 1), moment_after(tl, order)
    frames = []
    with FrameRenderer(loaded, SIZE, camera="top") as fr:
        assert fr.hud is not None
        for moment in (before, after):
            fr.hud.update(moment, tl)
            frame = fr._draw(moment, fr.camera_pose(moment), set())
            rows, cols = block(fr, "defiant")
            frames.append((frame[rows, cols], display_of(next(p for p in moment.panels if p.id == "defiant"))))
    for patch, panel in frames:
        assert panel.dial is not None
        colour, _ = panel.dial.positions[panel.dial.current]
        assert mask(patch, DIAL_COLOURS[colour]).sum() > 60  # the position set now, bright
        others = {c for k, (c, _) in enumerate(panel.dial.positions) if c != colour}
        assert all(mask(patch, DIAL_COLOURS[c]).sum() < 10 for c in others)  # the rest dimmed
        assert ready_dots(patch) == sum(c.ready for c in panel.crew)
    assert ready_dots(frames[1][0]) == ready_dots(frames[0][0]) - 1  # the order committed one officer


# --- the mission: control markers on the table, the mission box in the HUD ---------------------------


def test_the_mission_record_follows_the_state(loaded: LoadedReplay) -> None:
    """Guide, "At Perdition's Gate": the act (overture, then the complication revealed), each side's
    victory and negative victory points, the combat directives and the influence track's marker; the
    objective tokens carry their control markers (BLUE the Federation's, ORANGE the Dominion's)."""
    tl = loaded.timeline
    reveal = next(i for i, e in enumerate(tl.events) if e.type == "complication_revealed")
    for i in (0, reveal - 1, reveal, len(tl) - 1):
        state = tl.ruleset_state_after(i)
        moment = moment_after(tl, i)
        mission = mission_of(moment)
        assert mission is not None
        assert mission.title == ("OVERTURE" if state.complication is None else
                                 state.complication.replace("_", " ").upper())
        assert mission.victory == state.victory_points and mission.negative == state.negative_points
        assert mission.scores == (state.score(0), state.score(1))
        assert mission.directives == tuple(d.upper() for d in state.directives)
        assert (mission.track, mission.at) == (3, state.influence)
        tokens = [m for m in moment.view.markers if m.text.startswith("objective")]
        assert [(m.x, m.y) for m in tokens] == [(o.x, o.y) for o in state.objectives]
        assert [m.control for m in tokens] == [None if o.marker is None else state.colours.index(o.marker)
                                               for o in state.objectives]
        assert all(("BLUE" in m.text) == (m.control == 0) for m in tokens)
    before = {m.label: m.control for m in moment_after(tl, reveal - 1).view.markers if m.control is not None}
    after = {m.label: m.control for m in moment_after(tl, reveal).view.markers if m.control is not None}
    if tl.events[reveal].complication == "outpost_ambush":  # type: ignore[union-attr]
        assert all(after[k] == 1 - c for k, c in before.items() if k in after)  # the colours reversed


def test_the_tokens_and_the_mission_box_are_drawn(loaded: LoadedReplay) -> None:
    """On pixels: each objective disc in its control marker's player colour (top camera), and the
    influence track's white marker on the space the record names, none on the others."""
    from dataclasses import replace

    from itu_helpers import near

    from studio import palette
    from studio.hud_mission import CELL_W, TRACK_Z, cell_x

    tl = loaded.timeline
    reveal = next(i for i, e in enumerate(tl.events) if e.type == "complication_revealed")
    moment = moment_after(tl, reveal)
    mission = mission_of(moment)
    assert mission is not None
    for at in (mission.at, 2):
        shown = replace(moment, part=IntoTheUnknownMoment(mission=replace(mission, at=at)))
        with FrameRenderer(loaded, SIZE, camera="top") as fr:
            assert fr.hud is not None
            fr.hud.update(shown, tl)
            frame = fr._draw(shown, fr.camera_pose(shown), set())
            hud = fr.hud
            white = []
            for space in range(-3, 4):
                point = hud.parent.getRelativePoint(hud.mission.root, (cell_x(mission_of(shown), space), 0, TRACK_Z))
                u, v = int((point[0] / hud.aspect + 1) / 2 * SIZE[0]), int((1 - point[2]) / 2 * SIZE[1])
                patch = frame[v - 2:v + 3, u - 2:u + 3].astype(int)
                white.append((u, int(np.all(patch >= 235, axis=2).sum())))
            assert white[at + 3][1] >= 9 and sum(n for _, n in white) == white[at + 3][1], (at, white)
            assert white[0][0] > white[-1][0] + 6 * CELL_W  # the Dominion's end (-3) right of the Federation's
        if at == mission.at:
            table = replace(moment.view, ships=(), templates=(), ruler=None, part=None)
            from studio.snapshot import render_view

            top = render_view(table, SIZE, "top", set())
            area = (table.area_width, table.area_height)
            for m in table.markers:
                if m.control is not None:
                    colour = palette.player_colour(m.control)
                    other = palette.player_colour(1 - m.control)
                    assert near(top, m.x, m.y - 8.0, SIZE, area, colour, r=2, tol=40) > 0, m
                    assert near(top, m.x, m.y - 8.0, SIZE, area, other, r=2, tol=40) == 0, m

"""Into the Unknown in the studio (issue 17): the bases at their true sizes with their quarter lines
and end wedges, the attacker's arc and the range ruler to the closest point in arc, the turning
tool during impulse maneuvers and launches, the projectile tokens in flight. Each is checked in
the view against the guide's geometry and on rendered pixels."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from itu_helpers import near

from engine.geometry.pose import Pose
from engine.replay_timeline import LoadedReplay, load_timeline
from engine.rulesets.into_the_unknown.measure import WEDGES, arc_distance
from engine.rulesets.into_the_unknown.movement import NOTCH_DEGREES
from engine.rulesets.into_the_unknown.play import play_mission
from engine.rulesets.into_the_unknown.projectiles import TOOL_STEM, outline
from engine.rulesets.into_the_unknown.table import BASES, INCH, base_polygon, end_polygon, slot
from engine.timeline import Timeline
from engine.view import ShipView, TableView
from engine.view_into_the_unknown import ArcView, IntoTheUnknownTable, ToolView
from engine.view_into_the_unknown import table_of as itu_table_of
from studio import palette
from studio.bases import half_extents
from studio.snapshot import render_view
from studio.tools import TOOL

SIZE = (1080, 1080)


@pytest.fixture(scope="module")
def seed22(tmp_path_factory: pytest.TempPathFactory) -> LoadedReplay:
    """Seed 22: warp, impulse turns, beam attacks in the port and fore arcs, a quantum torpedo launched and moved
    (the AI of the FIRE WEAPONS budget, locks and warps plays it; seed 35 no longer attacks in the port arc)."""
    path = tmp_path_factory.mktemp("itu-studio") / "itu22.trek"
    play_mission(22, path)
    return load_timeline(path)


def first(tl: Timeline, kind: str, **fields: object) -> int:
    return next(i for i, e in enumerate(tl.events)
                if e.type == kind and all(getattr(e, k) == v for k, v in fields.items()))


def during(tl: Timeline, index: int, t: float) -> float:
    return tl.start_of(index) + t * (tl.start_of(index + 1) - tl.start_of(index))


def area(view: TableView) -> tuple[float, float]:
    return view.area_width, view.area_height


# --- bases ------------------------------------------------------------------------------------------

def test_bases_are_their_true_rectangles_with_quarter_lines_and_end_wedges(seed22: LoadedReplay) -> None:
    """Guide, "Ship Arcs": the crossed lines dividing the base into quarters and the angled wedges at
    its fore and aft ends; docs/rulings.md: a small base is 1.5" x 2" (width x length)."""
    view = seed22.timeline.moment_after(0).view
    defiant = view.ship("defiant")
    assert defiant is not None
    assert (defiant.base_side, defiant.base_length) == pytest.approx(BASES["small"])
    assert half_extents(defiant) == pytest.approx((0.75 * INCH, 1.0 * INCH))
    assert sorted(defiant.base_lines) == [22.5, 45.0, 135.0, 157.5, 202.5, 225.0, 315.0, 337.5]
    # alone on the table, facing north: the aft edge is printed in the player colour, the mat shows
    # just past the base's side, inside where a square base of its length would reach
    ship = replace(defiant, pose=Pose(457.2, 457.2, 0.0), active=False)
    lone = TableView(area_width=914.4, area_height=914.4, ships=(ship,))
    frame = render_view(lone, SIZE, "top", set())
    blue = palette.player_colour(0)
    hw, hl = half_extents(ship)
    assert near(frame, 457.2, 457.2 - hl + 1.5, SIZE, area(lone), blue, r=1) > 0
    assert near(frame, 457.2 + hw + 4.0, 457.2 - hl + 8.0, SIZE, area(lone), blue, r=1) == 0
    assert near(frame, 457.2 + hw - 1.5, 457.2 - hl + 8.0, SIZE, area(lone), blue, r=1) > 0


# --- the attacker's arc and the range ruler ---------------------------------------------------------

def test_an_attack_shows_the_attackers_arc_and_the_ruler_to_the_closest_point_in_arc(seed22: LoadedReplay) -> None:
    tl = seed22.timeline
    i = first(tl, "attack_made", arc="port")
    event = tl.events[i]
    state = tl.ruleset_state_after(i)
    attacker, target = state.ship(event.ship), state.ship(event.target)
    view = tl.moment(during(tl, i, 0.5)).view
    (arc,) = itu_table_of(view).arcs
    assert (arc.ship, arc.wedges, arc.player) == (event.ship, WEDGES["port"], attacker.side)
    assert arc.pose == attacker.pose.pose() and arc.label == "PORT ARC"
    ruler = view.ruler
    assert ruler is not None and (ruler.ship, ruler.target, ruler.arc) == (event.ship, event.target, "port")
    # the ruler's length is the event's range: from the attacker's base to the closest point in arc
    assert ruler.distance == pytest.approx(event.range, abs=1e-3)  # the event keeps 4 decimals
    aim = end_polygon(target.pose.pose(), target.card.base, event.end)
    assert arc_distance(attacker.pose.pose(), base_polygon(attacker.pose.pose(), attacker.card.base), "port",
                        aim) == pytest.approx(math.dist(ruler.start, ruler.end))
    header = tl.moment(during(tl, i, 0.5)).header  # the ruler's words: in the HUD, not over the ships
    assert ruler.text == "" and header is not None and header.target == event.target
    assert f'{event.range / INCH:.1f}" to the {event.end} end in the port arc' in header.reason
    assert itu_table_of(tl.moment(tl.start_of(i + 1)).view).arcs == ()  # gone with the next event


def test_the_arc_is_drawn_inside_its_lines_only(seed22: LoadedReplay) -> None:
    """Pixels: a point in the middle of the port wedge is tinted in the player colour with the arc and
    not without it; a point off the starboard side is untouched either way."""
    tl = seed22.timeline
    i = first(tl, "attack_made", arc="port")
    view = tl.moment(during(tl, i, 0.5)).view
    (arc,) = itu_table_of(view).arcs
    lone = replace(view, ships=(), markers=(), ruler=None, templates=(),
                   part=IntoTheUnknownTable(arcs=itu_table_of(view).arcs))
    bare = render_view(replace(lone, part=None), SIZE, "top", set())
    shown = render_view(lone, SIZE, "top", set())

    def at(bearing: float, r: float) -> tuple[int, int]:
        p = arc.pose.advance(r * math.cos(math.radians(bearing)), r * math.sin(math.radians(bearing)))
        from studio.camera import table_to_pixel
        u, v = table_to_pixel(p.x, p.y, SIZE, area(view))
        return int(v), int(u)

    inside, outside = at(270.0, arc.reach / 2), at(90.0, arc.reach / 2)  # port, starboard
    tint = shown[inside].astype(int) - bare[inside].astype(int)
    assert tint[2] > 15 and tint[2] > tint[0]  # bluer: the Federation's colour
    assert (shown[outside] == bare[outside]).all()


def test_the_viewers_ruler_names_the_quarter_arc(seed22: LoadedReplay) -> None:
    tl = seed22.timeline
    ruler = tl.ruler(0, "defiant", "fighter")
    assert ruler is not None and ruler.arc in ("fore", "starboard", "aft", "port")
    state = tl.ruleset_state_after(0)
    d, f = state.ship("defiant"), state.ship("fighter")
    assert ruler.distance == pytest.approx(base_polygon(d.pose.pose(), "small").distance(
        base_polygon(f.pose.pose(), "small")))
    assert tl.ruler(0, "defiant", "defiant") is None


# --- the turning tool -------------------------------------------------------------------------------

def test_the_turning_tool_carries_the_ship_through_a_forward_impulse(seed22: LoadedReplay) -> None:
    """Guide, "Forward Impulse": the tool's head in the slot of the side turned toward, turned up to
    the impulse turn, slid along the ruler; the ship placed with that slot on the head. Every
    frame keeps the ship's slot on the tool's head; the stem points out of the slot, turned."""
    tl = seed22.timeline
    i = first(tl, "ship_moved", maneuver="impulse")
    event = tl.events[i]
    side = event.turn_side
    signed = event.turn * (-1 if side == "port" else 1)
    for t in (0.0, 0.2, 0.5, 0.9, 1.0):
        view = tl.moment(during(tl, i, t)).view if t < 1 else tl.moment_after(i).view
        (tool,) = itu_table_of(view).tools
        ship = view.ship(event.ship)
        assert ship is not None
        assert slot(ship.pose, "small", side) == pytest.approx((tool.x, tool.y), abs=1e-6)
        assert tool.length == pytest.approx(TOOL_STEM) and tool.notch == NOTCH_DEGREES
    end = tl.moment_after(i).view
    (tool,) = itu_table_of(end).tools
    assert end.ship(event.ship).pose == event.end.pose()  # type: ignore[union-attr]
    outward = event.start.heading + (-90.0 if side == "port" else 90.0)
    assert tool.turned == pytest.approx(signed)
    assert (tool.heading - (outward + signed * NOTCH_DEGREES)) % 360.0 == pytest.approx(0.0, abs=1e-6)
    assert not itu_table_of(tl.moment(tl.start_of(i + 1)).view).tools


def test_the_turning_tool_is_drawn(seed22: LoadedReplay) -> None:
    tl = seed22.timeline
    i = first(tl, "ship_moved", maneuver="impulse")
    view = tl.moment_after(i).view
    (tool,) = itu_table_of(view).tools
    lone = replace(view, ships=(), markers=(), templates=(), part=replace(itu_table_of(view), areas=()))
    mid = Pose(tool.x, tool.y, tool.heading).advance(tool.length * 0.6)
    frame = render_view(lone, SIZE, "top", set())
    bare = render_view(replace(lone, part=replace(itu_table_of(lone), tools=())), SIZE, "top", set())
    assert near(frame, mid.x, mid.y, SIZE, area(view), TOOL, r=2, tol=40) > 0
    assert near(bare, mid.x, mid.y, SIZE, area(view), TOOL, r=2, tol=40) == 0


# --- launches and projectiles -----------------------------------------------------------------------

def test_a_launch_shows_the_tool_with_the_token_at_its_stems_notch(seed22: LoadedReplay) -> None:
    """Guide, "Launching Projectiles", steps 2-4: the tool's head in the launcher end's slot, turned,
    the projectile's aft point against the notch at the end of the stem."""
    tl = seed22.timeline
    i = first(tl, "projectile_launched")
    event = tl.events[i]
    view = tl.moment_after(i).view
    (tool,) = itu_table_of(view).tools
    ship = view.ship(event.ship)
    assert ship is not None and (tool.x, tool.y) == pytest.approx(slot(ship.pose, "small", event.end))
    assert tool.turned == event.turn
    aft_point = event.pose.pose().advance(-0.5 * INCH)
    stem_end = Pose(tool.x, tool.y, tool.heading).advance(tool.length)
    assert (stem_end.x, stem_end.y) == pytest.approx((aft_point.x, aft_point.y), abs=1e-3)  # poses keep 4 decimals
    (piece,) = itu_table_of(view).pieces
    assert piece.id == event.projectile and piece.player == 0
    token = [c for point in outline(event.pose.pose()).exterior.coords[:-1] for c in point]
    assert [c for point in piece.points for c in point] == pytest.approx(token)


def test_a_torpedo_slides_along_its_ruler_and_is_drawn_in_its_seats_colour(seed22: LoadedReplay) -> None:
    tl = seed22.timeline
    i = first(tl, "projectile_moved")
    event = tl.events[i]
    a, b = event.start.pose(), event.end.pose()
    for t in (0.25, 0.5):
        view = tl.moment(during(tl, i, t)).view
        (piece,) = itu_table_of(view).pieces
        cx = sum(p[0] for p in piece.points) / len(piece.points)
        cy = sum(p[1] for p in piece.points) / len(piece.points)
        assert (cx, cy) == pytest.approx((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), abs=1e-6)
        assert len(view.templates) == 1  # its ruler
    view = tl.moment(during(tl, i, 0.1)).view
    (piece,) = itu_table_of(view).pieces
    cx = sum(p[0] for p in piece.points) / len(piece.points)
    cy = sum(p[1] for p in piece.points) / len(piece.points)
    lone = replace(view, ships=(), markers=(), templates=(), part=replace(itu_table_of(view), areas=()))
    frame = render_view(lone, SIZE, "top", set())
    blue = palette.player_colour(0)
    assert near(frame, cx, cy, SIZE, area(view), blue, r=2, tol=40) > 0
    unpieced = replace(lone, part=replace(itu_table_of(lone), pieces=()))
    assert near(render_view(unpieced, SIZE, "top", set()), cx, cy, SIZE, area(view), blue,
                r=2, tol=40) == 0
    assert all(m.label != "T" for m in view.markers)  # tokens, not letters
    assert not itu_table_of(tl.moment_after(first(tl, "projectile_removed")).view).pieces


def test_records_are_plain_view_records() -> None:
    """The new records are the view's own, frozen and hashable (the studio caches by value)."""
    tool = ToolView(x=0, y=0, heading=0, head_radius=10, length=38.1, width=12.7)
    arc = ArcView(ship="s", pose=Pose(0, 0, 0), wedges=WEDGES["bow"], reach=100)
    ship = ShipView(id="s", name="S", faction="f", class_name="c", base_size="small", pose=Pose(0, 0, 0),
                    base_length=50.8, base_lines=(45.0,))
    assert len({tool, tool}) == 1 and len({arc, arc}) == 1 and len({ship, ship}) == 1


def test_a_frame_with_everything_renders(seed22: LoadedReplay, tmp_path: Path) -> None:
    tl = seed22.timeline
    i = first(tl, "projectile_launched")
    frame = render_view(tl.moment_after(i).view, (640, 360), "top")
    assert frame.shape == (360, 640, 3) and frame.std() > 5


# --- the attack's dice in the HUD -------------------------------------------------------------------

def test_an_attacks_dice_are_its_final_faces_with_what_changed_them(seed22: LoadedReplay) -> None:
    """Guide, "Making an Attack": the pool as rolled and modified; the HUD's dice are the final faces
    (a rerolled die marked, with what rerolled it), the tally its successes against evasion."""
    from studio.frame_plan import attacks

    tl = seed22.timeline
    declared = attacks(tl)
    assert declared == [i for i, e in enumerate(tl.events) if e.type == "attack_made"]  # `--attack N`
    i = next(i for i in declared if tl.events[i].steps and tl.events[i].end is not None)  # at a ship
    event = tl.events[i]
    dice = tl.moment_after(i).dice
    assert dice is not None and len(dice.attack) == len(event.dice) and not dice.defense
    faces = [d.face for d in event.dice]
    for step in event.steps:
        faces[step.index] = step.face
    assert [d.face for d in dice.attack] == faces
    changed = {s.index for s in event.steps}
    assert all((d.mark != "") == (k in changed) for k, d in enumerate(dice.attack))
    successes = sum({"success": 1, "double": 2, "breakthrough": 1}.get(f, 0) for f in faces)
    evasion = tl.ruleset_state_after(i).ship(event.target).card.evasion
    assert dice.tally.startswith(f"{successes} success") and f"vs evasion {evasion}" in dice.tally
    assert (successes >= evasion) == event.hit  # the tally and the outcome agree
    assert tl.moment(tl.start_of(i + 1)).dice is None or tl.events[i + 1].type == "attack_made"

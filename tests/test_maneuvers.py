"""Maneuver geometry: DESIGN.md numbers, rulebook maneuver definitions, and properties."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import GeometryError
from engine.geometry.pose import Pose, heading_difference, normalize_heading
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import (
    MANEUVER_KINDS,
    Curve,
    Maneuver,
    ManeuverPath,
    end_pose,
    maneuver_path,
    template_outline,
)

ORIGIN = Pose(400.0, 400.0, 0.0)

poses = st.builds(Pose, st.floats(-1000, 1000), st.floats(-1000, 1000), st.floats(0, 359.999))
sizes = st.sampled_from(["small", "large"])


def all_maneuvers() -> list[Maneuver]:
    out = [Maneuver("straight", s) for s in range(P.FULL_ASTERN_MAX, P.STRAIGHT_MAX + 1) if s != 0]
    for side in ("left", "right"):
        out += [Maneuver(f"{side}-bank", s) for s in P.BANK_RADIUS_MM]
        out += [Maneuver(f"{side}-turn", s) for s in P.TURN_RADIUS_MM]
        out += [Maneuver(f"{side}-spin", s) for s in range(1, P.SPIN_MAX + 1)]
        out += [Maneuver(f"{side}-flank", s) for s in range(1, P.FLANK_MAX + 1)]
        out += [Maneuver(f"{side}-45-degree-rotate", 0), Maneuver(f"{side}-90-degree-rotate", 0)]
    out += [Maneuver("about", s) for s in range(1, P.SPIN_MAX + 1)] + [Maneuver("stop", 0)]
    return out


def local(start: Pose, end: Pose) -> tuple[float, float, float]:
    """End pose in the start's frame: (forward, right, heading change in (-180, 180])."""
    dx, dy = end.x - start.x, end.y - start.y
    fx, fy = start.forward
    rx, ry = start.right
    turn = (end.heading - start.heading + 180.0) % 360.0 - 180.0
    return dx * fx + dy * fy, dx * rx + dy * ry, 180.0 if abs(turn + 180.0) < 1e-6 else turn


def test_every_kind_is_covered() -> None:
    assert {m.kind for m in all_maneuvers()} == set(MANEUVER_KINDS)


@pytest.mark.parametrize("speed", [1, 2, 3, 4, 5, 6])
def test_straight_moves_template_length_plus_base(speed: int) -> None:
    # DESIGN.md: template from the front edge; the base ends with its rear edge on the template's end
    for size, side in P.BASE_SIDE_MM.items():
        f, r, turn = local(ORIGIN, end_pose(ORIGIN, Maneuver("straight", speed), size))
        assert f == pytest.approx(40.0 * speed + side)
        assert r == pytest.approx(0.0, abs=1e-9) and turn == pytest.approx(0.0)


@pytest.mark.parametrize(("kind", "sweep", "radii"), [
    ("right-bank", 45.0, P.BANK_RADIUS_MM), ("right-turn", 90.0, P.TURN_RADIUS_MM)])
def test_bank_and_turn_end_on_the_template_arc(kind: str, sweep: float, radii: dict[int, float]) -> None:
    for speed, radius in radii.items():
        half = 20.0
        end = end_pose(ORIGIN, Maneuver(kind, speed), "small")
        f, r, turn = local(ORIGIN, end)
        assert turn == pytest.approx(sweep)
        # rear-edge centre of the end base lies on the centre line: arc centre is radius to the right
        rear_f, rear_r = f - half * math.cos(math.radians(sweep)), r - half * math.sin(math.radians(sweep))
        assert math.hypot(rear_f - half, rear_r - radius) == pytest.approx(radius)
        # and it is where the arc ends: sweep degrees round from the template's start
        assert rear_f - half == pytest.approx(radius * math.sin(math.radians(sweep)))


def test_one_bank_hand_computed() -> None:
    # 1 right bank from (100, 100) facing north: arc centre (180, 120), radius 80, 45 degrees
    end = end_pose(Pose(100, 100, 0), Maneuver("right-bank", 1))
    s = math.sqrt(0.5)
    assert (end.x, end.y, end.heading) == pytest.approx((180 - 80 * s + 20 * s, 120 + 80 * s + 20 * s, 45.0))


def test_come_about_is_straight_then_half_turn_in_place() -> None:
    for speed in range(1, 5):
        straight = end_pose(ORIGIN, Maneuver("straight", speed))
        about = end_pose(ORIGIN, Maneuver("about", speed))
        assert (about.x, about.y) == pytest.approx((straight.x, straight.y))
        assert heading_difference(about.heading, ORIGIN.heading + 180.0) < 1e-9


def test_spin_is_straight_then_quarter_turn() -> None:
    # tournament rules "Spin Maneuver": straight template, then rotate 90 degrees in place
    left, right = end_pose(ORIGIN, Maneuver("left-spin", 2)), end_pose(ORIGIN, Maneuver("right-spin", 2))
    assert local(ORIGIN, left) == pytest.approx((120.0, 0.0, -90.0), abs=1e-9)
    assert local(ORIGIN, right) == pytest.approx((120.0, 0.0, 90.0), abs=1e-9)


def test_flank_slides_sideways_heading_kept() -> None:
    assert local(ORIGIN, end_pose(ORIGIN, Maneuver("right-flank", 1))) == pytest.approx((0, 80, 0), abs=1e-9)
    assert local(ORIGIN, end_pose(ORIGIN, Maneuver("left-flank", 2), "large")) == pytest.approx(
        (0, -160, 0), abs=1e-9)


def test_rotates_and_stop_stay_in_place() -> None:
    for kind, turn in (("left-45-degree-rotate", -45), ("right-90-degree-rotate", 90), ("stop", 0)):
        assert local(ORIGIN, end_pose(ORIGIN, Maneuver(kind, 0))) == pytest.approx((0, 0, turn), abs=1e-9)
        assert template_outline(ORIGIN, Maneuver(kind, 0)) is None


def test_template_areas() -> None:
    assert template_outline(ORIGIN, Maneuver("straight", 3)).area == pytest.approx(20 * 120)  # type: ignore[union-attr]
    bank = template_outline(ORIGIN, Maneuver("left-bank", 2))
    assert bank is not None
    # annular sector: width x centre-line length, less a little for the polygon chords
    assert bank.area == pytest.approx(20 * 130 * math.pi / 4, rel=1e-2)


def test_template_starts_at_front_edge_and_astern_at_rear_edge() -> None:
    front = template_outline(ORIGIN, Maneuver("straight", 1))
    astern = template_outline(ORIGIN, Maneuver("straight", -1))
    assert front is not None and astern is not None
    assert front.bounds == pytest.approx((390, 420, 410, 460))
    assert astern.bounds == pytest.approx((390, 340, 410, 380))


@pytest.mark.parametrize(("kind", "speed"), [("turn", 4), ("bank", 5), ("flank", 3), ("stop", 1), ("sideways", 1)])
def test_impossible_maneuvers_are_rejected(kind: str, speed: int) -> None:
    with pytest.raises(GeometryError):
        Maneuver(kind if kind in ("stop",) else f"left-{kind}", speed)


def test_straight_zero_is_rejected() -> None:
    with pytest.raises(GeometryError, match="not possible"):
        Maneuver("straight", 0)


# --- properties ----------------------------------------------------------------------------------

@given(poses, sizes, st.sampled_from([m for m in all_maneuvers() if m.side < 0]))
def test_left_and_right_mirror_each_other(start: Pose, size: str, left: Maneuver) -> None:
    right = Maneuver(left.kind.replace("left", "right", 1), left.speed)
    lf, lr, lt = local(start, end_pose(start, left, size))
    rf, rr, rt = local(start, end_pose(start, right, size))
    assert (lf, lr, lt) == pytest.approx((rf, -rr, -rt), abs=1e-6)


@given(poses, sizes, st.integers(1, P.STRAIGHT_MAX))
def test_straight_keeps_heading(start: Pose, size: str, speed: int) -> None:
    end = end_pose(start, Maneuver("straight", speed), size)
    assert heading_difference(end.heading, start.heading) < 1e-9


@given(poses, sizes, st.integers(1, -P.FULL_ASTERN_MAX))
def test_full_astern_undoes_straight(start: Pose, size: str, speed: int) -> None:
    there = end_pose(start, Maneuver("straight", speed), size)
    back = end_pose(there, Maneuver("straight", -speed), size)
    assert back.close_to(start, tol=1e-6)


@settings(max_examples=60)
@given(poses, sizes, st.sampled_from(all_maneuvers()))
def test_swept_path_is_continuous_from_start_to_end(start: Pose, size: str, m: Maneuver) -> None:
    path = maneuver_path(start, m, size)
    assert path.pose_at(0.0).close_to(start, 1e-6)
    assert path.pose_at(1.0).close_to(end_pose(start, m, size), 1e-6)
    n = 400
    # continuity (Lipschitz): the base centre moves at most twice as fast as the rear-edge point
    # that measures progress (sqrt(1 + (half / radius)^2) < 2 for every template), and the heading
    # turns no faster than 1 radian per 28 mm of progress (the tightest turn, or a rotate in place)
    poses_ = path.sample(n + 1)
    step = path.length / n
    for a, b in itertools.pairwise(poses_):
        assert math.hypot(b.x - a.x, b.y - a.y) <= 2 * step + 1e-6
        assert heading_difference(a.heading, b.heading) <= math.degrees(step / 28.0) + 1e-6


@given(poses, st.sampled_from([m for m in all_maneuvers() if m.kind.endswith(("bank", "turn"))]))
def test_riding_the_template_keeps_the_rear_edge_on_its_centre_line(start: Pose, m: Maneuver) -> None:
    path = maneuver_path(start, m, "small")
    template = template_outline(start, m, "small")
    assert template is not None
    from shapely.geometry import Point
    for t in (0.5, 0.75, 0.9, 1.0):
        pose = path.pose_at(t)
        rear = pose.advance(-20.0)
        # the rear-edge centre sits on the template (within the chord error of the polygon)
        assert template.buffer(0.05).contains(Point(rear.x, rear.y))


def _pose_at_as_it_was(path: ManeuverPath, progress: float) -> Pose:
    """``pose_at`` before the segments' lengths and the curve's centre were worked out once."""
    if not path.segments:
        return path.start
    total = sum(s.length for s in path.segments)
    if total <= 0.0:
        return path.segments[-1].at(1.0)
    target = min(max(progress, 0.0), 1.0) * total
    for seg in path.segments:
        if target <= seg.length or seg is path.segments[-1]:
            f = min(target / seg.length, 1.0) if seg.length > 0 else 1.0
            if not isinstance(seg, Curve):
                return seg.at(f)
            side = 1.0 if seg.sweep > 0 else -1.0
            rear = seg.start.advance(-seg.half)
            rx, ry = rear.right
            cx, cy = rear.x + side * seg.radius * rx, rear.y + side * seg.radius * ry
            heading = seg.start.heading + f * seg.sweep
            h = math.radians(heading)
            x = cx - side * seg.radius * math.cos(h) + seg.half * math.sin(h)
            y = cy + side * seg.radius * math.sin(h) + seg.half * math.cos(h)
            return Pose(x, y, normalize_heading(heading))
        target -= seg.length
    raise AssertionError("unreachable")


@pytest.mark.parametrize("kind,speed", [("straight", 2), ("left-bank", 1), ("right-turn", 3), ("about", 2),
                                        ("left-spin", 1), ("right-flank", 2), ("stop", 0), ("straight", -2)])
def test_poses_along_a_path_are_those_worked_out_one_by_one(kind: str, speed: int) -> None:
    path = maneuver_path(Pose(123.4, 567.8, 33.3), Maneuver(kind, speed), "large")
    ts = [i / 37 for i in range(38)] + [-0.5, 1.5]
    assert path.poses_at(ts) == [_pose_at_as_it_was(path, t) for t in ts]

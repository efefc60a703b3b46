"""`trek maneuver` and `trek measure`: the table geometry from the command line."""

from __future__ import annotations

import argparse
from typing import Any

from engine.catalog.models import MANEUVER_KINDS
from engine.errors import GeometryError
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path, template_outline
from engine.rulesets.attack_wing.measure import Placed, measure
from trek.commands import summary
from trek.output import print_json

PATH_SAMPLES = 9


def register(sub: Any) -> None:
    m = sub.add_parser("maneuver", help=summary("maneuver"),
                       description="Resolve one maneuver on an empty table.")
    m.add_argument("--base", choices=sorted(P.BASE_SIDE_MM), default="small")
    m.add_argument("--kind", required=True, metavar="KIND", help=f"one of: {', '.join(MANEUVER_KINDS)}")
    m.add_argument("--speed", required=True, type=_int, metavar="S", help="negative straight = full astern")
    m.add_argument("--from", dest="start", type=_pose, default=Pose(P.PLAY_AREA_MM / 2, P.PLAY_AREA_MM / 2, 0),
                   metavar="X,Y,H", help="start pose in mm and degrees (default: table centre, facing north)")
    m.add_argument("--json", action="store_true", help="print one JSON document")
    m.set_defaults(handler=run_maneuver)

    r = sub.add_parser("measure", help=summary("measure"),
                       description="Measure from ship a to ship b as the range ruler and printed arcs do.")
    r.add_argument("--a", required=True, type=_placed, metavar="SIZE@X,Y,H")
    r.add_argument("--b", required=True, type=_placed, metavar="SIZE@X,Y,H")
    r.add_argument("--arc", type=_arc, default=90.0, help="a's front arc in degrees: 90, 180 or 360")
    r.add_argument("--rear-arc", type=_rear_arc, default=None,
                   help="a's rear arc in degrees: 90, or 0 for none (default 90, none with a 360 arc)")
    r.add_argument("--json", action="store_true", help="print one JSON document")
    r.set_defaults(handler=run_measure)


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed must be a whole number, got {text!r}") from None


def _arc(text: str) -> float:
    """--arc: the printed front arcs (a 45 degree arc would be measured, but no ship has one)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if value not in (90.0, 180.0, 360.0):
        raise argparse.ArgumentTypeError(f"must be 90, 180 or 360 (degrees), not {text!r}")
    return value


def _rear_arc(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if value not in (0.0, 90.0):
        raise argparse.ArgumentTypeError(f"must be 90, or 0 for none (degrees), not {text!r}")
    return value


def _three_parts(text: str) -> None:
    """A pose typed on the command line names its heading too (X,Y alone was taken as heading 0)."""
    if text.count(",") != 2:
        raise argparse.ArgumentTypeError(f"malformed pose {text!r}: expected X,Y,HEADING in mm and degrees, "
                                         "e.g. 300,420,0")


def _pose(text: str) -> Pose:
    _three_parts(text)
    try:
        return Pose.parse(text)
    except GeometryError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _placed(text: str) -> Placed:
    size, sep, pose = text.partition("@")
    if not sep:
        raise argparse.ArgumentTypeError(f"malformed base {text!r}: expected SIZE@X,Y,H, e.g. small@100,100,0")
    _three_parts(pose)
    try:
        return Placed(Pose.parse(pose), size.strip())
    except GeometryError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _pose_dict(p: Pose) -> dict[str, float]:
    return {"x": round(p.x, 3), "y": round(p.y, 3), "heading": round(p.heading, 3)}


def run_maneuver(args: argparse.Namespace) -> int:
    maneuver = Maneuver(args.kind, args.speed)
    path = maneuver_path(args.start, maneuver, args.base)
    template = template_outline(args.start, maneuver, args.base)
    samples = [(i / (PATH_SAMPLES - 1), path.pose_at(i / (PATH_SAMPLES - 1))) for i in range(PATH_SAMPLES)]
    outline = [] if template is None else [(round(x, 3), round(y, 3)) for x, y in template.exterior.coords]
    if args.json:
        print_json({
            "maneuver": {"kind": maneuver.kind, "speed": maneuver.speed, "name": str(maneuver)},
            "base": args.base,
            "start": _pose_dict(args.start),
            "end": _pose_dict(path.end),
            "path_length_mm": round(path.length, 3),
            "path": [{"progress": round(t, 4), **_pose_dict(p)} for t, p in samples],
            "template": outline,
        })
        return 0
    print(f"{maneuver} on a {args.base} base")
    print(f"  start  x={args.start.x:8.2f}  y={args.start.y:8.2f}  heading={args.start.heading:7.2f}")
    print(f"  end    x={path.end.x:8.2f}  y={path.end.y:8.2f}  heading={path.end.heading:7.2f}")
    print(f"  path   {path.length:.1f} mm")
    for t, p in samples:
        print(f"    {t:5.3f}  x={p.x:8.2f}  y={p.y:8.2f}  heading={p.heading:7.2f}")
    if template is None:
        print("  template: none (the base turns in place)")
    else:
        print(f"  template: {len(outline) - 1} vertices, area {template.area:.0f} mm^2, "
              f"bounds {tuple(round(b, 1) for b in template.bounds)}")
    return 0


def run_measure(args: argparse.Namespace) -> int:
    if args.arc >= 360 and args.rear_arc:  # the help promises no rear arc with a 360 arc
        raise GeometryError(f"--rear-arc {args.rear_arc:g} with --arc 360: a ship with a 360 degree arc has no "
                            "rear arc")
    rear = args.rear_arc if args.rear_arc is not None else (None if args.arc >= 360 else 90.0)
    m = measure(args.a, args.b, args.arc, rear or None)
    if args.json:
        print_json({"a": {"size": args.a.size, **_pose_dict(args.a.pose)},
                    "b": {"size": args.b.size, **_pose_dict(args.b.pose)},
                    "front_arc_deg": args.arc, "rear_arc_deg": rear or None, **m.as_dict()})
        return 0
    print(f"distance {m.distance:.2f} mm  range {_band(m.band)}")
    for label, check in (("front arc", m.front), ("rear arc", m.rear)):
        if check is None:
            print(f"{label}: none")
        elif check.in_arc:
            print(f"{label}: in arc, {check.distance:.2f} mm to the part in arc, range {_band(check.band or 0)}")
        else:
            print(f"{label}: not in arc")
    return 0


def _band(band: int) -> str:
    return str(band) if band <= 3 else "beyond 3"

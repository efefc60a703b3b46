"""`trek teach`: pictures that teach maneuvers (issue 7).

- ``trek teach dial SHIP_OR_CLASS -o OUT.png``: every maneuver on a dial from one start.
- ``trek teach compare CLASS_A CLASS_B -o OUT.png``: two dials side by side on one scale.
- ``trek teach maneuver SHIP_OR_CLASS KIND SPEED -o OUT.mp4|gif``: one maneuver, animated.
- ``trek teach lesson NAME -o OUT.png|mp4|gif``: a scripted lesson scene (``--list`` lists them).
- ``trek teach drill NAME`` / ``trek teach drills``: teach by doing (trek/teach_drill.py).
- ``trek teach plate GAME [NAME] -o OUT.png``: a game's own teaching plate (its ruleset's
  ``teaching``: Into the Unknown's ``moves``, the impulse and warp moves).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.errors import GeometryError
from trek.commands import summary
from trek.output import print_json
from trek.render_cmd import RenderOptionError, parse_size


def register(sub: Any) -> None:
    t = sub.add_parser("teach", help=summary("teach"),
                       description="Render pictures that teach maneuvers (top-down, orthographic, north up).")
    tsub = t.add_subparsers(dest="teach_command", metavar="WHAT", parser_class=type(t))
    tsub.required = True

    d = tsub.add_parser("dial", help="every maneuver on a ship's dial from one start, as a PNG")
    d.add_argument("ship", metavar="SHIP_OR_CLASS", help="a ship class or ship name")
    _common(d, "1280x960")
    d.set_defaults(handler=run_dial)

    c = tsub.add_parser("compare", help="two dials side by side on one scale, as a PNG")
    c.add_argument("a", metavar="CLASS_A")
    c.add_argument("b", metavar="CLASS_B")
    _common(c, "1600x900")
    c.set_defaults(handler=run_compare)

    m = tsub.add_parser("maneuver", help="one maneuver animated along its exact path (MP4 or GIF)")
    m.add_argument("ship", metavar="SHIP_OR_CLASS")
    m.add_argument("kind", metavar="KIND", help="straight, left-bank, right-turn, about, left-spin, ...")
    m.add_argument("speed", type=int, metavar="SPEED", help="speed (negative straight = full astern)")
    _common(m, "960x720", suffixes=(".mp4", ".gif"))
    m.add_argument("--fps", type=float, default=24.0, metavar="N", help="frames per second (default 24)")
    m.set_defaults(handler=run_maneuver)

    le = tsub.add_parser("lesson", help="a scripted lesson scene (replays/lessons/NAME.json)")
    le.add_argument("name", metavar="NAME", nargs="?", help="lesson name or a .json file")
    le.add_argument("--list", action="store_true", help="list the lessons")
    le.add_argument("-o", "--output", metavar="OUT", help="OUT.png, OUT.mp4 or OUT.gif")
    le.add_argument("--size", default="1280x960", metavar="WxH", help="image size (default 1280x960)")
    le.add_argument("--print", dest="printable", action="store_true", help="light background, for printing")
    le.add_argument("--json", action="store_true", help="print a summary as one JSON document")
    le.set_defaults(handler=run_lesson)

    pl = tsub.add_parser("plate", help="a game's own teaching plate (into_the_unknown: moves), as a PNG")
    pl.add_argument("game", metavar="GAME", help="the ruleset's name, e.g. into_the_unknown")
    pl.add_argument("name", metavar="NAME", nargs="?", default="moves", help="the plate (default moves)")
    _common(pl, "1920x800")
    pl.set_defaults(handler=run_game_plate)
    _drill_parsers(tsub)


def _drill_parsers(tsub: Any) -> None:
    dr = tsub.add_parser("drill", help="fly a drill: pick the maneuver, see what the rules made of it")
    dr.add_argument("name", metavar="NAME", help="a bundled drill (trek teach drills) or a .json drill file")
    dr.add_argument("--ui", choices=("terminal",), default="terminal", help="where to fly it (default terminal)")
    dr.add_argument("--progress", metavar="FILE", type=Path,
                    help="the progress file (default $XDG_STATE_HOME/trek/drills.json or ~/.local/state/trek/...)")
    dr.add_argument("--answer-png", metavar="OUT.png", type=Path,
                    help="after the drill, draw the last answer's ghost and the ideal answers on the table")
    dr.set_defaults(handler=_run_drill, needs_studio=False)  # (--answer-png asks for it when it draws)
    ds = tsub.add_parser("drills", help="the bundled drills by game and skill")
    ds.add_argument("--json", action="store_true", help="print them as one JSON document")
    ds.add_argument("--progress", metavar="FILE", type=Path, help="the progress file to show beside them")
    ds.set_defaults(handler=_run_drills, needs_studio=False)


def _run_drill(args: argparse.Namespace) -> int:
    from trek.teach_drill import run_drill  # (a drill needs no studio unless it draws its answer)

    return run_drill(args)


def _run_drills(args: argparse.Namespace) -> int:
    from trek.teach_drill import run_drills

    return run_drills(args)


def _common(p: argparse.ArgumentParser, size: str, suffixes: tuple[str, ...] = (".png",)) -> None:
    p.add_argument("-o", "--output", required=True, metavar="OUT" + "|".join(s.upper() for s in suffixes))
    p.add_argument("--size", default=size, metavar="WxH", help=f"image size (default {size})")
    p.add_argument("--print", dest="printable", action="store_true", help="light background, for printing")
    p.add_argument("--json", action="store_true", help="print a summary as one JSON document")
    p.set_defaults(suffixes=suffixes)


def _output(args: argparse.Namespace, suffixes: tuple[str, ...]) -> Path:
    out = Path(args.output)
    if out.suffix.lower() not in suffixes:
        raise RenderOptionError(f"{out.name}: the output must be {' or '.join(suffixes)}")
    if not out.parent.exists():
        raise RenderOptionError(f"{out.parent}: no such folder")
    return out


def _report(args: argparse.Namespace, summary: dict[str, Any]) -> int:
    if args.json:
        print_json(summary)
    else:
        print(f"wrote {summary['output']}: " + ", ".join(f"{k} {v}" for k, v in summary.items() if k != "output"))
    return 0


def run_dial(args: argparse.Namespace) -> int:
    from engine.teach import resolve_dial
    from studio.snapshot import save_png
    from studio.teach import draw_plate

    out, size = _output(args, (".png",)), parse_size(args.size)
    dial = resolve_dial(args.ship)
    plate = draw_plate(dial, size, printable=args.printable)
    save_png(plate.frame, out)
    return _report(args, {"output": str(out), "class": dial.ship_class.name, "maneuvers": len(plate.ghosts),
                          "size": f"{size[0]}x{size[1]}", "mm_per_px": round(plate.layout.mm_per_px, 4)})


def run_compare(args: argparse.Namespace) -> int:
    from engine.teach import resolve_dial
    from studio.snapshot import save_png
    from studio.teach import draw_compare

    out, size = _output(args, (".png",)), parse_size(args.size)
    a, b = resolve_dial(args.a), resolve_dial(args.b)
    frame, layouts = draw_compare(a, b, size, printable=args.printable)
    save_png(frame, out)
    return _report(args, {"output": str(out), "classes": f"{a.ship_class.name} | {b.ship_class.name}",
                          "size": f"{size[0]}x{size[1]}", "mm_per_px": round(layouts[0].mm_per_px, 4)})


def _typed(maneuver: Any) -> str:
    """A maneuver as `trek teach maneuver SHIP KIND SPEED` and `trek maneuver --kind` take it: 'left-bank 3'."""
    return f"{maneuver.kind} {maneuver.speed}"


def run_maneuver(args: argparse.Namespace) -> int:
    from engine.rulesets.attack_wing.maneuvers import Maneuver
    from engine.teach import TeachError, resolve_dial
    from studio.teach import ClipPlan, maneuver_frames, write_clip

    out, size = _output(args, (".mp4", ".gif")), parse_size(args.size)
    if not 1 <= args.fps <= 60:
        raise RenderOptionError(f"--fps {args.fps:g} is out of range 1..60")
    if size[0] % 2 or size[1] % 2:
        raise RenderOptionError(f"--size {size[0]}x{size[1]}: a video needs even sides")
    dial = resolve_dial(args.ship)
    try:
        maneuver = Maneuver(args.kind, args.speed)
    except GeometryError as exc:
        raise TeachError(str(exc)) from None
    if all(m != maneuver for m, _ in dial.entries):  # named as KIND SPEED are typed (and --kind takes them)
        on = ", ".join(_typed(m) for m, _ in dial.entries)
        raise TeachError(f"{_typed(maneuver)} is not on the {dial.ship_class.name} dial; it has: {on}")
    plan = ClipPlan(fps=args.fps)
    frames = maneuver_frames(dial, maneuver, size, printable=args.printable, plan=plan)
    write_clip(frames, out, plan.fps)
    return _report(args, {"output": str(out), "maneuver": _typed(maneuver), "frames": len(frames),
                          "seconds": round(len(frames) / plan.fps, 2), "size": f"{size[0]}x{size[1]}"})


def run_lesson(args: argparse.Namespace) -> int:
    from engine.teach import lesson_names, load_lesson

    if args.list or not args.name:
        if args.output:  # -o with no lesson: nothing would be written, so it is an error, not the list
            raise RenderOptionError(f"-o {args.output}: name the lesson to draw "
                                    f"(one of {', '.join(lesson_names())}, or a .json file)")
        for name in lesson_names():
            print(f"{name}: {load_lesson(name).title}")
        return 0
    if not args.output:
        raise RenderOptionError("trek teach lesson NAME needs -o OUT.png|mp4|gif")
    from studio.snapshot import save_png
    from studio.teach import write_clip
    from studio.teach_lessons import lesson_frames

    out, size = _output(args, (".png", ".mp4", ".gif")), parse_size(args.size)
    lesson = load_lesson(args.name)
    still = out.suffix.lower() == ".png"
    frames = lesson_frames(lesson, size, printable=args.printable, still=still)
    if still:
        save_png(frames[-1], out)
    else:
        write_clip(frames, out, 24.0)
    return _report(args, {"output": str(out), "lesson": lesson.name, "frames": len(frames),
                          "size": f"{size[0]}x{size[1]}"})


def run_game_plate(args: argparse.Namespace) -> int:
    from engine.rulesets.registry import ruleset_for
    from studio.plates import draw_plate_view
    from studio.snapshot import save_png

    out, size = _output(args, (".png",)), parse_size(args.size)
    ruleset = ruleset_for(args.game)
    if ruleset.teaching is None:
        raise RenderOptionError(f"{args.game} has no teaching plates")
    try:
        plate = ruleset.teaching(args.name)
    except ValueError as exc:
        raise RenderOptionError(str(exc)) from None
    save_png(draw_plate_view(plate, size, printable=args.printable), out)
    return _report(args, {"output": str(out), "game": ruleset.name, "plate": args.name,
                          "size": f"{size[0]}x{size[1]}"})

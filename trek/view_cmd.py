"""`trek view FILE [--at N] [--camera top|table|follow:SHIP]`: the interactive replay viewer."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from trek.commands import summary

NO_DISPLAY = ("no display to open a window on (neither $DISPLAY nor $WAYLAND_DISPLAY is set); "
              "render without a screen instead: `trek screenshot FILE --at N -o OUT.png` or "
              "`trek render FILE -o OUT.mp4`")


def register(sub: Any) -> None:
    p = sub.add_parser("view", help=summary("view"),
                       description="Open a replay in a window: play, pause, step, scrub, orbit the camera, "
                                   "toggle overlays (press h in the viewer for every shortcut).")
    p.add_argument("file", type=Path, help="replay file (.trek)")
    p.add_argument("--at", type=int, metavar="N", help="start at event N (0 is the first event)")
    p.add_argument("--camera", default="top", metavar="CAMERA",
                   help="top (default), table, follow (the active ship) or follow:SHIP (an id or name)")
    p.add_argument("--size", default="1280x720", metavar="WxH", help="window size (default 1280x720)")
    p.add_argument("--analysis", type=Path, metavar="FILE",
                   help="a `trek analyze` file: its win probability over the timeline (default: "
                        "FILE.analysis.json beside the replay, when there is one)")
    p.set_defaults(handler=run)


def _size(text: str) -> tuple[int, int]:
    from engine.errors import TrekError

    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise TrekError(f"--size must be WIDTHxHEIGHT, like 1280x720; got {text!r}") from None
    if not (160 <= w <= 7680 and 120 <= h <= 4320):
        raise TrekError(f"--size {w}x{h} is out of range (160x120 to 7680x4320)")
    return w, h


def run(args: argparse.Namespace) -> int:
    from engine.errors import TrekError
    from engine.replay_timeline import load_timeline
    from studio.viewer import CAMERAS, display_available, resolve_ship, run_viewer

    size = _size(args.size)
    kind, _, ship = args.camera.partition(":")
    if kind not in CAMERAS or (ship and kind != "follow"):
        raise TrekError(f"--camera must be top, table, follow or follow:SHIP; got {args.camera!r}")
    if not args.file.is_file():
        raise TrekError(f"{args.file}: no such replay file")
    if args.analysis is not None:
        if not args.analysis.is_file():
            raise TrekError(f"--analysis {args.analysis}: no such file")
        from studio.win_graph import load_curve  # refused before a window opens: another game's, or broken

        load_curve(args.analysis, args.file, load_timeline(args.file).timeline)
    if not display_available():
        print(f"trek view: error: {NO_DISPLAY}", file=sys.stderr)
        return 2
    loaded = load_timeline(args.file)
    n = len(loaded.timeline)
    if args.at is not None and not 0 <= args.at < max(n, 1):
        raise TrekError(f"--at {args.at} is outside the replay's events (0 to {n - 1})")
    if ship:
        try:
            ship = resolve_ship(loaded, ship)
        except ValueError as exc:
            raise TrekError(str(exc)) from None
    camera = f"follow:{ship}" if ship else kind
    return run_viewer(args.file, at=args.at, camera=camera, size=size, loaded=loaded, analysis=args.analysis)

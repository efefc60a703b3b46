"""`trek render FILE -o OUT.mp4` (battle-report video) and `trek screenshot FILE --at N -o OUT.png`.

Both render offscreen (no screen needed) through the studio; bad options and bad files are one
line on stderr and exit 2, and neither leaves a partial output file behind.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from engine.errors import TrekError
from trek.commands import summary
from trek.output import print_json

MAX_W, MAX_H, MIN_SIDE = 3840, 2160, 64
EXIT_INTERRUPTED = 130


class RenderOptionError(TrekError):
    """A `trek render` / `trek screenshot` option is malformed or out of range."""


def register(sub: Any) -> None:
    r = sub.add_parser("render", help=summary("render"),
                       description="Render a replay offscreen as a video: title card, the game with the "
                                   "director camera, HUD and captions, end card.")
    r.add_argument("file", metavar="FILE", help="a replay file (.trek)")
    r.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="OUT.mp4, OUT.gif, or a folder name for PNG frames")
    r.add_argument("--format", choices=("mp4", "gif", "png"), help="default: from OUT's suffix (none: png)")
    r.add_argument("--size", metavar="WxH", help="frame size (default 1280x720; gif 640x360)")
    r.add_argument("--fps", type=float, metavar="N", help="frames per second, 1..60 (default 30; gif 10)")
    r.add_argument("--rounds", metavar="A-B", help="only rounds A to B (title and end cards still shown)")
    r.add_argument("--events", metavar="A-B", help="a clip: events A to B only (no title and end cards)")
    r.add_argument("--attack", type=int, metavar="N",
                   help="a clip of the game's Nth attack (from 1), its dice enlarged in an inset")
    r.add_argument("--camera", default="director", metavar="CAM",
                   help="director (default), top, table, or follow:SHIP (id or name)")
    r.add_argument("--overlays", metavar="LIST",
                   help="comma list of arcs,ranges,templates,attack,trails,grid,sectors,names or none "
                        "(default templates,attack,trails,sectors,names)")
    r.add_argument("--speed", type=float, default=1.0, metavar="X", help="playback speed, 0.1..16 (default 1)")
    r.add_argument("--no-captions", action="store_true", help="no caption line under the action")
    r.add_argument("--no-hud", action="store_true", help="no HUD (round, dice, ship panels, captions)")
    r.add_argument("--no-cards", action="store_true", help="no title and end cards")
    r.add_argument("--title", metavar="TEXT", help="the title card's title in place of the scenario's name")
    r.add_argument("--commentary", type=Path, metavar="FILE",
                   help="your own remarks as captions: a line each, 'M:SS words' (video time) or '@EVENT words'")
    r.add_argument("--audio", type=Path, metavar="FILE",
                   help="a voice or music track (any sound file FFmpeg reads) for an MP4, cut at the video's end")
    r.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: on a terminal, off under CI)")
    r.add_argument("--json", action="store_true", help="print a summary as one JSON document")
    r.set_defaults(handler=run_render)

    s = sub.add_parser("screenshot", help=summary("screenshot"),
                       description="Render the frame at the end of event N offscreen (scene and HUD).")
    s.add_argument("file", metavar="FILE", help="a replay file (.trek)")
    s.add_argument("--at", type=int, required=True, metavar="N", help="event number (-1: before any event)")
    s.add_argument("-o", "--output", required=True, metavar="OUT.png", help="the PNG to write")
    s.add_argument("--size", default="1280x720", metavar="WxH", help="image size (default 1280x720)")
    s.add_argument("--camera", default="director", metavar="CAM",
                   help="director (default: frames the action), top, table, or follow:SHIP")
    s.add_argument("--overlays", metavar="LIST",
                   help="comma list of arcs,ranges,templates,attack,trails,grid,sectors,names or none "
                        "(default templates,attack,sectors,names)")
    s.add_argument("--no-hud", action="store_true", help="the table only, no HUD")
    s.add_argument("--no-captions", action="store_true", help="no caption line")
    s.add_argument("--json", action="store_true", help="print a summary as one JSON document")
    s.set_defaults(handler=run_screenshot)


# --- option parsing --------------------------------------------------------------------------------

def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text or "")
    if not m:
        raise RenderOptionError(f"--size must be WIDTHxHEIGHT, e.g. 1280x720; got {text!r}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (MIN_SIDE <= w <= MAX_W and MIN_SIDE <= h <= MAX_H):
        raise RenderOptionError(f"--size {w}x{h} is out of range: width {MIN_SIDE}..{MAX_W}, "
                                f"height {MIN_SIDE}..{MAX_H}")
    return w, h


def parse_rounds(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{1,3})\s*(?:-\s*(\d{1,3})\s*)?", text or "")
    if not m:
        raise RenderOptionError(f"--rounds must be A-B or A, e.g. 2-4; got {text!r}")
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) else a
    if a < 1 or b < a:
        raise RenderOptionError(f"--rounds {text}: need 1 <= A <= B")
    return a, b


def parse_events(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{1,7})\s*(?:-\s*(\d{1,7})\s*)?", text or "")
    if not m:
        raise RenderOptionError(f"--events must be A-B or A (event numbers), e.g. 120-160; got {text!r}")
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) else a
    if b < a:
        raise RenderOptionError(f"--events {text}: need A <= B")
    return a, b


def parse_overlays(text: str | None, default: frozenset[str]) -> frozenset[str]:
    from studio.overlays import OVERLAYS

    if text is None:
        return default
    names = [n.strip() for n in text.split(",") if n.strip()]
    if names == ["none"] or not names:
        return frozenset()
    unknown = sorted(set(names) - set(OVERLAYS))
    if unknown:
        raise RenderOptionError(f"unknown overlay(s) {', '.join(unknown)}; known: {', '.join(OVERLAYS)} or none")
    return frozenset(names)


def load(path: str) -> Any:
    """Open a replay for rendering: a damaged file is refused; a cut-off one warns and renders."""
    from engine.replay_timeline import load_timeline

    if not Path(path).is_file():
        raise RenderOptionError(f"{path}: no such replay file")
    loaded = load_timeline(path)
    if loaded.replay.truncated:
        print(f"trek: warning: {path} is cut off ({loaded.replay.cut_reason}); rendering its "
              f"{len(loaded.timeline)} whole events", file=sys.stderr)
    if not len(loaded.timeline):
        raise RenderOptionError(f"{path}: the replay has no events to render")
    return loaded


def _render_error(exc: Exception) -> TrekError:
    return RenderOptionError(f"offscreen rendering failed: {exc}")


# --- commands ----------------------------------------------------------------------------------

def run_render(args: argparse.Namespace) -> int:
    from studio.commentary import check_title, read_commentary
    from studio.frame_plan import DEFAULTS, infer_format
    from studio.mux import check_audio
    from studio.offscreen import RenderError
    from studio.video import VIDEO_OVERLAYS, render_video

    fmt = infer_format(Path(args.output), args.format)
    size = parse_size(args.size) if args.size else DEFAULTS[fmt][0]
    if args.fps is not None and not 1 <= args.fps <= 60:
        raise RenderOptionError(f"--fps {args.fps:g} is out of range 1..60")
    if not 0.1 <= args.speed <= 16:
        raise RenderOptionError(f"--speed {args.speed:g} is out of range 0.1..16")
    rounds = parse_rounds(args.rounds) if args.rounds else None
    events = parse_events(args.events) if args.events else None
    if sum(x is not None for x in (rounds, events, args.attack)) > 1:
        raise RenderOptionError("give one of --rounds, --events and --attack")
    overlays = parse_overlays(args.overlays, VIDEO_OVERLAYS)
    title = check_title(args.title)
    remarks = read_commentary(args.commentary) if args.commentary is not None else ()
    if args.audio is not None:
        if fmt != "mp4":
            raise RenderOptionError(f"--audio needs an MP4; {args.output} is {fmt}")
        check_audio(args.audio)
    loaded = load(args.file)
    try:
        result = render_video(loaded, args.output, size=size, fps=args.fps, rounds=rounds, camera=args.camera,
                              overlays=overlays, speed=args.speed, captions=not args.no_captions, format=fmt,
                              hud=not args.no_hud, cards=not args.no_cards, progress=args.progress, events=events,
                              attack=args.attack, audio=args.audio, title=title, commentary=remarks)
    except RenderError as exc:
        raise _render_error(exc) from None
    except KeyboardInterrupt:
        print("trek render: interrupted; no output written", file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        print_json(result.as_dict())
        return 0
    rate = result.frames / result.wall if result.wall > 0 else 0.0
    print(f"wrote {result.path}: {result.frames} frames, {result.seconds:.1f} s at {result.fps:g} fps, "
          f"{result.size[0]}x{result.size[1]} {result.format}, in {result.wall:.1f} s ({rate:.1f} frames/s)")
    if result.sidecars:
        print("  beside it: " + ", ".join(p.name for p in result.sidecars.values())
              + " (chapters for a video description; subtitles)")
    return 0


def run_screenshot(args: argparse.Namespace) -> int:
    from studio.offscreen import RenderError
    from studio.overlays import DEFAULT_OVERLAYS
    from studio.video import render_screenshot

    size = parse_size(args.size)
    overlays = parse_overlays(args.overlays, DEFAULT_OVERLAYS)
    out = Path(args.output)
    if out.suffix.lower() != ".png":
        raise RenderOptionError(f"{out.name}: a screenshot is a .png file")
    loaded = load(args.file)
    try:
        path = render_screenshot(loaded, args.at, out, size=size, camera=args.camera, overlays=overlays,
                                 hud=not args.no_hud, captions=not args.no_captions)
    except RenderError as exc:
        raise _render_error(exc) from None
    line = loaded.timeline.lines[args.at] if args.at >= 0 else "before the first event"
    if args.json:
        print_json({"output": str(path), "at": args.at, "events": len(loaded.timeline), "event": line,
                    "size": f"{size[0]}x{size[1]}", "camera": args.camera})
        return 0
    print(f"wrote {path}: {size[0]}x{size[1]}, the end of event {args.at} ({line})")
    return 0

"""`trek demo`: play the bundled skirmish AI against AI, record it, then open the viewer when
there is a screen, or render the battle-report video and a screenshot when there is none."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.view_attack_wing import odds_of
from trek.commands import summary
from trek.options import seed

if TYPE_CHECKING:
    from engine.timeline import Timeline

DEFAULT_OUT = Path("out") / "demo"
DEMO_GAME = "skirmish"  # a bundled scenario; the ruleset that plays it is found through the registry


def register(sub: Any) -> None:
    p = sub.add_parser("demo", help=summary("demo"),
                       description=__doc__)
    p.add_argument("--seed", type=seed, default=3, help="the game's seed (default 3)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"where to write (default {DEFAULT_OUT})")
    p.add_argument("--no-window", action="store_true", help="render files even when a screen is available")
    p.add_argument("--size", default="1280x720", help="video size (default 1280x720)")
    p.add_argument("--speed", type=float, default=2.0, help="video playback speed (default 2; 1 is the full pace)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from engine.errors import TrekError
    from engine.replay_timeline import load_timeline
    from engine.rulesets.base import PlayRequest
    from engine.rulesets.registry import names, ruleset_for
    from trek.render_cmd import parse_size

    size = parse_size(args.size)
    args.out.mkdir(parents=True, exist_ok=True)
    replay = args.out / f"{DEMO_GAME}.trek"
    makers = [m for m in (ruleset_for(n).maker for n in names()) if m is not None and m.plays(DEMO_GAME)]
    if not makers:
        raise TrekError(f"no ruleset plays the demo's {DEMO_GAME!r}")
    played = makers[0].play(PlayRequest(DEMO_GAME, args.seed, replay))
    print("\n".join(played.lines))
    loaded = load_timeline(replay)

    from studio.viewer import display_available, run_viewer

    if display_available() and not args.no_window:
        print("opening the viewer (h for help, q to quit)")
        return run_viewer(replay, loaded=loaded)

    from studio.video import render_screenshot, render_video

    print("no screen here: rendering the battle-report video (progress below)", file=sys.stderr)
    video = render_video(loaded, args.out / f"{DEMO_GAME}.mp4", size=size, fps=30, speed=args.speed)
    at = biggest_attack(loaded.timeline)
    shot = render_screenshot(loaded, at, args.out / f"{DEMO_GAME}.png", size=size, camera="top")
    print(f"  video: {video.path} ({video.seconds:.0f} s, {video.frames} frames at {video.fps:g} fps, "
          f"rendered in {video.wall:.0f} s)")
    print(f"  screenshot: {shot}")
    print(f"open the video with any player; inspect the game with: trek replay info {replay}")
    return 0


def biggest_attack(timeline: Timeline) -> int:
    """The event that resolved the attack doing the most damage (the first such; the last event if
    there was no attack), as the view's odds say once each attack is resolved."""
    best, at, seen = -1, len(timeline) - 1, set()
    for i in range(len(timeline)):
        m = timeline.moment_after(i)
        odds = odds_of(m)
        if odds is not None and odds.actual is not None and m.attack_index not in seen:
            seen.add(m.attack_index)
            if odds.actual > best:
                best, at = odds.actual, i
    return at

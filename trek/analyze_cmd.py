"""`trek analyze GAME.trek -o GAME.analysis.json`: a recorded game's win probabilities at every
point (rollouts with the AI in every seat), its turning points and each ship's luck (docs/analysis.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from trek.commands import summary
from trek.options import seed
from trek.output import print_json


def register(sub: Any) -> None:
    p = sub.add_parser("analyze", help=summary("analyze"),
                       description="Fork a recorded game at the start of every round and after every activation, "
                                   "play each point on N times with the AI in every seat and new dice, and write each "
                                   "side's win (and draw) probability with a 95%% interval, the turning points and "
                                   "the luck of every ship and side. An existing output of the same game and inputs "
                                   "is resumed. See docs/analysis.md.")
    p.add_argument("replay", type=Path, help="the recorded game (.trek)")
    p.add_argument("-o", "--output", type=Path, help="the analysis file (default: GAME.analysis.json beside it)")
    p.add_argument("--rollouts", type=int, default=100, metavar="N", help="games played on from each point "
                   "(default 100; 100 gives an interval of about +-10 points near 50%%)")
    p.add_argument("--seed", type=seed, default=0, help="the seed the rollouts' own seeds come from (default 0)")
    p.add_argument("--workers", type=int, metavar="N", default=1,
                   help="points at once on Ray workers (default 1: in this process); the file is the same")
    p.add_argument("--address", metavar="ray://HOST:PORT", help="a Ray cluster to run on (default: a local Ray)")
    p.add_argument("--alternatives", type=int, default=0, metavar="K",
                   help="Attack Wing: grade every dial set against the AI's K next best on the dial, each played on "
                        "by the same rollouts (default 0: no decisions graded; at most 8)")
    p.add_argument("--seat", metavar="SIDE", help="the turning points and graded dials of this side only (its name)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar on standard error (default: only on a terminal)")
    p.add_argument("--json", action="store_true", help="print the analysis file's summary as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from engine.analysis.analyze import analyze
    from engine.batch.runner import check_workers

    out = args.output or args.replay.with_name(args.replay.name.removesuffix(".trek") + ".analysis.json")
    analysis = analyze(args.replay, out, args.rollouts, args.seed, check_workers(args.workers), args.address,
                       args.progress, args.seat, args.alternatives)
    if args.json:
        print_json({"analysis": str(out), "points": len(analysis.points),
                    "turning_points": [t.model_dump(mode="json") for t in analysis.turning_points]})
        return 0
    first, last = analysis.points[0], analysis.points[-1]
    print(f"{len(analysis.points)} points, {analysis.rollouts} rollouts each: {out}")
    for label, p in (("start", first), ("end", last)):
        print(f"  {label} (event {p.event}): " + ", ".join(f"{k} {v:.0%}" for k, v in p.win.items()))
    for t in analysis.turning_points:
        print(f"  turning point, event {t.event} (round {t.round}): {t.side} {t.before:.0%} -> {t.after:.0%}: {t.why}")
    for d in analysis.decisions:
        if d.mistake:
            print(f"  mistake, event {d.event} (round {d.round}): {d.ship} dialled {d.chosen}; {d.best} gave "
                  f"{d.loss:.0%} more ({d.interval[0]:.0%} to {d.interval[1]:.0%})")
    return 0

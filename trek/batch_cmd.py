"""`trek batch play|stats|render`: many games on Ray workers (docs/batch.md).

play: the games of a seed range into a folder (resumable); stats: win rates, fleet points, luck
and losses of a folder as Parquet, CSV and PNG plots; render: a battle report of every game of a
folder, rendered in parallel on the same workers (which then need the studio).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from trek.commands import summary
from trek.output import print_json

EXIT_INTERRUPTED = 130


def register(sub: Any) -> None:
    b = sub.add_parser("batch", help=summary("batch"),
                       description="Play, sum up and render thousands of games in parallel on Ray "
                                   "(a local Ray by default, a cluster with --address). See docs/batch.md.")
    bsub = b.add_subparsers(dest="batch_command", metavar="SUBCOMMAND", parser_class=type(b))
    bsub.required = True

    p = bsub.add_parser("play", help="play a seed range of a scenario or mission into a folder (resumable)",
                        description="Play one game per seed, AI in every seat, on Ray workers: each game's "
                                    "replay and row of results go into the folder as it finishes; seeds "
                                    "already finished there are skipped.")
    p.add_argument("scenario", metavar="SCENARIO_OR_FLEETS", nargs="+",
                   help="a bundled scenario or mission (skirmish, duel, alliance-act1...) or a scenario file; "
                        "or two fleet files, side A's and side B's, on the table of --table")
    p.add_argument("--table", metavar="SCENARIO", help="for two fleets: the scenario whose table, deployment, "
                                                       "round limit and victory rule they play by (default skirmish)")
    p.add_argument("--seeds", required=True, metavar="A..B",
                   help="the seeds to play, both included, 0 to 2147483647 (e.g. 1..1000)")
    _ray_options(p)
    p.add_argument("-o", "--output", required=True, type=Path, metavar="DIR", help="the batch folder")
    p.add_argument("--rounds", type=int, help="stop each game after this many rounds (default: its limit)")
    p.add_argument("--players", help="as for `trek play`: ai,random... or a mission's number of player ships")
    p.add_argument("--json", action="store_true", help="print a summary as one JSON document")
    p.set_defaults(handler=run_play)

    s = bsub.add_parser("stats", help="win rates, fleet points, luck and losses of a batch folder",
                        description="Sum up a batch folder: outcomes with 95% Wilson intervals, each side's "
                                    "fleet points and damage per attack against the exact odds, where ships "
                                    "left play. Writes Parquet and CSV tables and PNG plots.")
    s.add_argument("folder", type=Path, metavar="DIR", help="a folder written by `trek batch play`")
    s.add_argument("-o", "--output", type=Path, metavar="OUT", help="where the tables and plots go (default DIR/stats)")
    s.add_argument("--json", action="store_true", help="print the outcome and side tables as one JSON document")
    s.set_defaults(handler=run_stats)

    r = bsub.add_parser("render", help="render every game of a batch folder as a battle report, in parallel",
                        description="Render the battle-report video of each finished game of a batch folder on "
                                    "Ray workers (each needs the studio: the `studio` extra). Videos already "
                                    "there are skipped.")
    r.add_argument("folder", type=Path, metavar="DIR", help="a folder written by `trek batch play`")
    r.add_argument("-o", "--output", required=True, type=Path, metavar="VIDEOS", help="the folder for the videos")
    r.add_argument("--seeds", metavar="A..B", help="only these seeds (default: every finished game)")
    r.add_argument("--format", choices=("mp4", "gif"), default="mp4", help="video format (default mp4)")
    r.add_argument("--size", metavar="WxH", help="frame size (default 1280x720; gif 640x360)")
    r.add_argument("--fps", type=float, metavar="N", help="frames per second, 1..60 (default 30; gif 10)")
    r.add_argument("--speed", type=float, default=1.0, metavar="X", help="playback speed, 0.1..16 (default 1)")
    _ray_options(r)
    r.add_argument("--json", action="store_true", help="print a summary as one JSON document")
    r.set_defaults(handler=run_render)


def _ray_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=int, metavar="N", help="games at once (default: this machine's processors)")
    p.add_argument("--address", metavar="ray://HOST:PORT",
                   help="a Ray cluster to run on (default: a local Ray started for the batch)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: on a terminal)")


def run_play(args: argparse.Namespace) -> int:
    from engine.batch.games import BatchError, job_for, parse_seeds, versus_job
    from engine.batch.play import play_batch
    from engine.batch.runner import check_workers
    from trek.main import collect_less_often

    seeds = parse_seeds(args.seeds)
    workers = check_workers(args.workers)
    if len(args.scenario) == 1 and args.table is None:
        job = job_for(args.scenario[0], args.rounds, args.players)
    elif len(args.scenario) == 2:
        job = versus_job(args.scenario, args.table, args.rounds, args.players)
    else:
        raise BatchError("give one scenario, or two fleet files (with --table for their scenario)")
    try:
        summary = play_batch(job, seeds, args.output, workers, args.address, args.progress,
                             worker_setup=collect_less_often)  # its workers' collector as trek's own
    except KeyboardInterrupt:
        print("trek batch play: interrupted; the finished games are kept: run the same command to go on",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    doc = {"folder": str(summary.folder), "game": job.game, "scenario": " vs ".join(args.scenario),
           "seeds": f"{seeds.start}..{seeds.stop - 1}", "played": summary.played, "skipped": summary.skipped,
           "games_in_folder": summary.games, "warnings": list(summary.warnings)}
    for warning in summary.warnings:  # a card the game does not play, never silently
        print(warning, file=sys.stderr)
    if args.json:
        print_json(doc)
    else:
        print(f"{summary.folder}: played {summary.played} games, {summary.skipped} already there; "
              f"{summary.games} games in the folder (trek batch stats {summary.folder})")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    from engine.batch.games import BatchError
    from engine.batch.play import read_rows
    from engine.batch.stats import tables, write_plots, write_tables
    from engine.io.output import make_folder
    from engine.io.reading import show_path

    if not args.folder.is_dir():
        raise BatchError(f"no batch folder {show_path(args.folder)}")
    rows = read_rows(args.folder)
    found = tables(rows)
    out: Path = args.output or args.folder / "stats"
    make_folder(out, BatchError)
    written = write_tables(found, out) + write_plots(found, rows, out)
    if args.json:
        print_json({"games": len(rows), "outcomes": found.outcomes, "sides": found.sides,
                    "written": [str(p) for p in written]})
        return 0
    print(f"{len(rows)} games of {rows[0].get('scenario')} ({rows[0].get('game')})")
    print("outcomes (share, 95% Wilson interval):")
    for o in found.outcomes:
        interval = f"[{o['wilson_low']:.1%}, {o['wilson_high']:.1%}]"
        print(f"  {o['outcome']:<24} {o['games']:>6}  {o['share']:6.1%}  {interval}")
    for s in found.sides:
        line = (f"{s['name']}: wins {s['wins']}/{s['games']} [{s['wilson_low']:.1%}, {s['wilson_high']:.1%}], "
                f"fleet built for {s['fleet_points']} SP, scored {s['points_scored']} fleet points")
        if s["attacks"]:
            line += (f"; {s['attacks']} attacks, {s['damage_per_attack']:.2f} damage per attack against "
                     f"{s['expected_per_attack']:.2f} expected, mean percentile {100 * s['mean_percentile']:.1f} "
                     f"(z {s['luck_z']:+.1f})")
        print(line)
    print(f"{len(found.losses)} ships left play; wrote {len(written)} files in {out}")
    return 0


def run_render(args: argparse.Namespace) -> int:
    from engine.batch.games import parse_seeds
    from engine.batch.runner import check_workers
    from trek.batch_render import RenderOptions, render_batch
    from trek.render_cmd import parse_size

    seeds = parse_seeds(args.seeds) if args.seeds else None
    workers = check_workers(args.workers)
    options = RenderOptions(args.format, parse_size(args.size) if args.size else None, args.fps, args.speed)
    try:
        summary = render_batch(args.folder, args.output, options, seeds, workers, args.address, args.progress)
    except KeyboardInterrupt:
        print("trek batch render: interrupted; the finished videos are kept: run the same command to go on",
              file=sys.stderr)
        return EXIT_INTERRUPTED
    if args.json:
        print_json(summary)
    else:
        print(f"{args.output}: rendered {summary['rendered']} videos, {summary['skipped']} already there")
    return 0

"""`trek campaign new|status|play`: a Star Trek Alliance campaign kept in a file between missions."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from trek.commands import summary
from trek.options import seed
from trek.output import print_json


def register(sub: Any) -> None:
    p = sub.add_parser("campaign", help=summary("campaign"))
    csub = p.add_subparsers(dest="campaign_command", metavar="SUBCOMMAND")
    csub.required = True

    new = csub.add_parser("new", help="start a campaign file (starting XP spent)")
    new.add_argument("file", type=Path, metavar="FILE", help="the campaign file to create (.json)")
    new.add_argument("--players", type=int, default=2, help="number of players, 2 to 6 (default 2)")
    new.add_argument("--names", help="comma-separated captain names, one per player (overrides --players)")
    new.add_argument("--name", default="Dominion War", help="the campaign's name")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")
    new.add_argument("--json", action="store_true", help="print the campaign status as one JSON document")
    new.set_defaults(handler=cmd_new)

    st = csub.add_parser("status", help="player cards, missions played, the next mission")
    st.add_argument("file", type=Path, metavar="FILE")
    st.add_argument("--json", action="store_true", help="print one JSON document")
    st.set_defaults(handler=cmd_status)

    play = csub.add_parser("play", help="play the next mission, record the result, spend the XP")
    play.add_argument("file", type=Path, metavar="FILE")
    play.add_argument("--seed", type=seed, default=1, help="random seed")
    play.add_argument("-o", "--output", type=Path, help="replay file to write (.trek)")
    play.add_argument("--mission", help="play this mission instead of the next one")
    play.add_argument("--rounds", type=int, help="stop after this many rounds (default: the mission's)")
    play.add_argument("--json", action="store_true", help="print one JSON document")
    play.set_defaults(handler=cmd_play)


def _print_status(doc: dict[str, Any]) -> None:
    print(f"{doc['name']} ({doc['campaign']}): {doc['missions_played']} missions, {doc['missions_won']} won; "
          f"next: {doc['next_mission'] or 'none (the bundled acts are done)'}")
    for p in doc["players"]:
        rep = ", ".join(f"{k} {v}" for k, v in p["reputation"].items())
        print(f"  {p['name']:<16} {p['ship']:<16} skill {p['skill']}  reputation {rep}  talents {p['talent_slots']}"
              f"  XP {p['xp_earned']}" + (f"  upgrades: {', '.join(p['upgrades'])}" if p["upgrades"] else ""))


def cmd_new(args: argparse.Namespace) -> int:
    from engine.errors import TrekError
    from engine.rulesets.alliance.campaign import new_campaign, save_campaign, status

    if os.path.lexists(args.file) and not args.force:  # (lexists: False for a name too long, no traceback)
        raise TrekError(f"{args.file} exists; use --force to overwrite it")
    names = [n.strip() for n in args.names.split(",")] if args.names else \
        [f"Captain {i + 1}" for i in range(args.players)]
    campaign = new_campaign(args.name, names)
    save_campaign(campaign, args.file)
    doc = status(campaign)
    if args.json:
        print_json(doc)
    else:
        print(f"created {args.file}")
        _print_status(doc)
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from engine.rulesets.alliance.campaign import load_campaign, status

    doc = status(load_campaign(args.file))
    if args.json:
        print_json(doc)
    else:
        _print_status(doc)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from engine.rulesets.alliance.campaign import load_campaign, play_next, save_campaign, status
    from engine.rulesets.alliance.play import check_rounds

    check_rounds(args.rounds)
    campaign = load_campaign(args.file)
    done = play_next(campaign, args.seed, args.output, args.rounds, args.mission, folder=args.file.parent)
    save_campaign(done.campaign, args.file)
    record = done.record
    if args.json:
        print_json({"mission": record.model_dump(mode="json"), "campaign": status(done.campaign)})
        return 0
    print(f"{record.mission}, seed {record.seed}: {'SUCCESS' if record.success else 'FAILURE'} ({record.reason})")
    print(f"  XP: {', '.join(f'{k} {v}' for k, v in record.xp.items())}")
    if args.output:
        print(f"  replay: {args.output}")
    _print_status(status(done.campaign))
    return 0

"""`trek demo`: the bundled demo. For now it flies the U.S.S. Enterprise-D through its whole
dial from the table's centre and prints where each maneuver ends."""

from __future__ import annotations

import argparse
from typing import Any

from engine.catalog import load_catalog
from engine.cli.output import paint, use_colour
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.maneuvers import Maneuver, maneuver_path

DEMO_SHIP = "1001"  # U.S.S. Enterprise-D


def register(sub: Any) -> None:
    p = sub.add_parser("demo", help="run the bundled demo", description=__doc__)
    p.add_argument("--ship", default=DEMO_SHIP, help="ship or class name or id (default: U.S.S. Enterprise-D)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    ships = catalog.find_ships(args.ship)
    ship_class = catalog.class_of(ships[0]) if len(ships) == 1 else catalog.ship_class(args.ship)
    title = f"{ships[0].name} ({ship_class.name})" if len(ships) == 1 else ship_class.name
    start = Pose(P.PLAY_AREA_MM / 2, P.PLAY_AREA_MM / 2, 0.0)
    colour = use_colour()
    print(f"{title}: every maneuver on the dial from the table centre "
          f"({start.x:.1f}, {start.y:.1f}) facing north, on a {ship_class.base_size} base")
    print(f"  {'maneuver':<26} {'colour':<7} {'end x':>8} {'end y':>8} {'heading':>8} {'path mm':>8}")
    for dial in ship_class.maneuvers:
        maneuver = Maneuver(dial.kind, dial.speed)
        path = maneuver_path(start, maneuver, ship_class.base_size)
        end = path.end
        print(f"  {maneuver!s:<26} {paint(f'{dial.colour:<7}', dial.colour, colour)} "
              f"{end.x:8.1f} {end.y:8.1f} {end.heading:8.1f} {path.length:8.1f}")
    print("Try: trek catalog show 'Galaxy Class' | trek maneuver --kind right-bank --speed 2 | "
          "trek measure --a small@100,100,0 --b small@150,250,180")
    return 0

"""`trek scenario list|show`: the bundled scenarios, and what a scenario sets on the table."""

from __future__ import annotations

import argparse
from typing import Any, TypeVar

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.fleet import fleet_document
from engine.rulesets.attack_wing.scenario import Scenario, ScenarioError, bundled_scenarios, load_scenario
from trek.commands import summary
from trek.output import print_json

P = TypeVar("P", bound=argparse.ArgumentParser)


def register(subparsers: argparse._SubParsersAction[P]) -> None:
    """Add `trek scenario` and its subcommands."""
    p = subparsers.add_parser("scenario", help=summary("scenario"))
    sub = p.add_subparsers(dest="scenario_command", metavar="SUBCOMMAND")
    sub.required = True

    listing = sub.add_parser("list", help="the bundled scenarios")
    listing.add_argument("--json", action="store_true", help="print one JSON document")
    listing.set_defaults(handler=cmd_list)

    show = sub.add_parser("show", help="a scenario's table, fleets, deployment and victory rule",
                          description="Load and validate a scenario (a bundled name such as skirmish or duel, or "
                                      "a .json/.toml file) and summarize it.")
    show.add_argument("scenario", metavar="NAME_OR_PATH", help="a bundled scenario name or a scenario file")
    show.add_argument("--json", action="store_true", help="print one JSON document")
    show.set_defaults(handler=cmd_show)


def cmd_list(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for name in bundled_scenarios():
        try:
            s = load_scenario(name)
        except ScenarioError as exc:
            rows.append({"name": name, "error": str(exc)})
            continue
        rows.append({"name": name, "title": s.name, "sides": [side.name for side in s.sides],
                     "ships": [len(side.fleet.ships) for side in s.sides], "round_limit": s.round_limit})
    if args.json:
        print_json({"scenarios": rows})
        return 0
    for row in rows:
        if "error" in row:
            print(f"{row['name']}  (does not load: {row['error']})")
        else:
            sides = " vs ".join(f"{n} ({k} ship{'s' if k != 1 else ''})"
                                for n, k in zip(row["sides"], row["ships"], strict=True))
            print(f"{row['name']}  {sides}, {row['round_limit']} rounds")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario)
    if args.json:
        print_json(scenario_document(scenario))
    else:
        print("\n".join(scenario_lines(scenario)))
    return 0


def _pose(p: Pose) -> dict[str, float]:
    return {"x": p.x, "y": p.y, "heading": p.heading}


def scenario_document(s: Scenario) -> dict[str, Any]:
    return {
        "name": s.name, "description": s.description, "source": s.source,
        "play_area": {"width": s.play_area.width, "height": s.play_area.height},
        "round_limit": s.round_limit, "fleet_format": s.fleet_format,
        "victory": s.victory.model_dump(mode="json"),
        "obstacles": [{"name": o.name, "points": [list(p) for p in o.points]} for o in s.obstacles],
        "planets": [{"name": p.name, "x": p.x, "y": p.y, "radius": p.radius} for p in s.planets],
        "sides": [{
            "name": side.name, "fleet_source": side.fleet_source, "fleet": fleet_document(side.fleet),
            "deployment": side.zone.model_dump(mode="json"), "explicit_placements": side.explicit_placements,
            "start": [_pose(p) for p in side.start],
        } for side in s.sides],
    }


def scenario_lines(s: Scenario) -> list[str]:
    lines = [f"{s.name}  ({s.source})"]
    if s.description:
        lines.append(f"  {s.description}")
    lines.append(f"  play area {s.play_area.width:g} x {s.play_area.height:g} mm; round limit {s.round_limit}; "
                 f"fleets: {s.fleet_format}")
    lines.append(f"  obstacles: {len(s.obstacles) or 'none'}")
    for o in s.obstacles:
        x0, y0, x1, y1 = o.polygon.bounds
        c = o.polygon.centroid
        lines.append(f"    {o.name}: {len(o.points)} points around {c.x:.0f},{c.y:.0f} "
                     f"({x1 - x0:.0f} x {y1 - y0:.0f} mm)")
    lines.append(f"  planets: {len(s.planets) or 'none'}")
    for p in s.planets:
        lines.append(f"    {p.name}: radius {p.radius:g} mm at {p.x:g},{p.y:g}")
    for side in s.sides:
        z = side.zone
        origin = side.fleet_source or "inline"
        lines.append(f"  side {side.index}: {side.name}: {side.fleet.name} ({origin}), {len(side.fleet.ships)} "
                     f"ship{'s' if len(side.fleet.ships) != 1 else ''}, {side.fleet.total_cost} SP")
        lines.append(f"    deployment zone x {z.x:g}..{z.x + z.width:g}, y {z.y:g}..{z.y + z.height:g}; "
                     f"{'placed by the scenario' if side.explicit_placements else 'default deployment'}")
        for ship, pose in zip(side.fleet.ships, side.start, strict=True):
            captain = f"{ship.captain.card.name} (skill {ship.skill})" if ship.captain else "no captain"
            upgrades = ", ".join(u.card.name for u in ship.upgrades) or "no upgrades"
            lines.append(f"    {ship.name}, {captain}; {upgrades}; {ship.cost} SP; "
                         f"at {pose.x:g},{pose.y:g} heading {pose.heading:g}")
    base = s.victory.fleet_points_base
    lines.append(f"  victory: destroy the whole enemy fleet; after round {s.round_limit}, more Fleet Points "
                 f"({base} minus the SP left in the opponent's surviving fleet) wins; equal is a draw")
    return lines

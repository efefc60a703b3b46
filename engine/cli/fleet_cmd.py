"""`trek fleet check FILE`: a fleet file priced card by card and checked against the tournament rules.

Exit status: 0 the fleet is legal, 1 it breaks a rule (every violation is listed with the
rule it breaks), 2 the file cannot be read or names cards the catalog cannot settle.
"""

from __future__ import annotations

import argparse
from typing import TypeVar

from engine.cli.output import print_json
from engine.rulesets.attack_wing.fleet import CardCost, ResolvedFleet, fleet_document, load_fleet
from engine.rulesets.attack_wing.tournament import FLEET_POINTS, FORMATS, Violation, check_fleet

P = TypeVar("P", bound=argparse.ArgumentParser)

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1


def register(subparsers: argparse._SubParsersAction[P]) -> None:
    """Add `trek fleet` and its subcommands."""
    p = subparsers.add_parser("fleet", help="check fleet files against the fleet-building rules")
    sub = p.add_subparsers(dest="fleet_command", metavar="SUBCOMMAND")
    sub.required = True
    check = sub.add_parser(
        "check", help="price a fleet file and list every rule it breaks",
        description="Price every card of a fleet file (faction penalties included) and check the fleet "
                    "against the fleet-building rules. Exit status 0: legal; 1: not legal; 2: bad file.")
    check.add_argument("file", metavar="FILE", help="a fleet file (JSON)")
    check.add_argument("--format", choices=FORMATS, default="tournament",
                       help="the rules to check (default: %(default)s)")
    check.add_argument("--json", action="store_true", help="print one JSON document")
    check.set_defaults(handler=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    fleet = load_fleet(args.file)
    violations = check_fleet(fleet, args.format)
    if args.json:
        print_json({
            "file": args.file, "format": args.format, "legal": not violations,
            "fleet": fleet_document(fleet),
            "violations": [v.model_dump(mode="json") for v in violations],
        })
    else:
        print("\n".join([*fleet_lines(fleet), "", *verdict_lines(args.format, violations)]))
    return EXIT_ILLEGAL if violations else EXIT_LEGAL


def cost_text(cost: CardCost) -> str:
    """'6' or '6 (5 printed, +1 faction penalty)' or '4 (5 printed, -1 captain: weapon upgrades cost less)'."""
    parts = [f"+{cost.faction_penalty} faction penalty"] if cost.faction_penalty else []
    parts += [f"{m.amount:+d} {m.reason}" for m in cost.modifiers]
    if not parts:
        return str(cost.total)
    floor = ", not below 0" if cost.total == 0 else ""
    return f"{cost.total} ({cost.printed} printed, {', '.join(parts)}{floor})"


def fleet_lines(fleet: ResolvedFleet) -> list[str]:
    """The fleet ship by ship: every card with its id, type and cost, then the totals."""
    title = fleet.name + (f"  ({fleet.faction})" if fleet.faction else "")
    lines = [f"{title}  {fleet.total_cost} SP"]
    for s in fleet.ships:
        lines.append(f"  {s.where}  {s.name}  ({s.ship.id}; {s.ship_class.name}, {s.ship.faction})"
                     f"  {cost_text(s.ship_cost)}")
        if s.captain is not None:
            c = s.captain.card
            lines.append(f"      captain  {c.name}  ({c.id}; {c.faction}, skill {c.skill}, "
                         f"{c.talents} talent{'s' if c.talents != 1 else ''})  {cost_text(s.captain.cost)}")
        if s.admiral is not None:
            a = s.admiral.card
            lines.append(f"      admiral  {a.name}  ({a.id}; {a.faction}, skill +{a.skill_modifier})  "
                         f"{cost_text(s.admiral.cost)}")
        for u in s.upgrades:
            lines.append(f"      {u.card.type:<7}  {u.card.name}  ({u.card.id}; {u.card.faction})  {cost_text(u.cost)}")
        slots = ", ".join(f"{k} {v}" for k, v in s.slots.model_dump().items() if v) or "none"
        lines.append(f"      ship total {s.cost} SP; skill {s.skill}; slots: {slots}")
    for r in fleet.resources:
        lines.append(f"  {r.where}  {r.card.name}  ({r.card.id})  {cost_text(r.cost)}")
    lines.append(f"  total  {fleet.total_cost} SP (tournament limit {FLEET_POINTS})")
    for note in fleet.notes:
        lines.append(f"  not checked: {note.where}: {note.message}")
    return lines


def verdict_lines(format: str, violations: list[Violation]) -> list[str]:
    if not violations:
        return [f"{format}: legal"]
    count = f"{len(violations)} violation{'s' if len(violations) != 1 else ''}"
    lines = [f"{format}: NOT LEGAL, {count}"]
    for v in violations:
        lines.append(f"  {v.where}: {v.message}")
        lines.append(f"      rule {v.rule.id}: \"{v.rule.text}\" ({v.rule.source})")
    return lines

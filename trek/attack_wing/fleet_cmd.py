"""`trek fleet check FILE`: a fleet file priced card by card and checked against the tournament rules.

Exit status: 0 the fleet is legal, 1 it breaks a rule (every violation is listed with the
rule it breaks), 2 the file cannot be read or names cards the catalog cannot settle.

`trek fleet import FILE_OR_URL -o FLEET.json` reads a fleet built in Space Dock or Utopia
(docs/fleet-formats.md), reports every card it could not match, and checks the result: exit 0
legal, 1 not legal, 3 some cards were not imported (the fleet file holds the rest), 2 the
input cannot be read. `trek fleet export FLEET.json --format spacedock|utopia-text|text` is
the way back.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TypeVar

from engine.io.output import write_atomic
from engine.io.reading import printable
from engine.rulesets.attack_wing.fleet import CardCost, ResolvedFleet, fleet_document, load_fleet
from engine.rulesets.attack_wing.fleet_io import (
    EXPORT_FORMATS,
    FORMAT_NAMES,
    INPUT_CHOICES,
    ImportResult,
    export_fleet,
    import_fleet,
)
from engine.rulesets.attack_wing.tournament import FLEET_POINTS, FORMATS, Violation, check_fleet
from trek.commands import summary
from trek.output import print_json

P = TypeVar("P", bound=argparse.ArgumentParser)

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_INCOMPLETE = 3


def register(subparsers: argparse._SubParsersAction[P]) -> None:
    """Add `trek fleet` and its subcommands."""
    p = subparsers.add_parser("fleet", help=summary("fleet"))
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

    imp = sub.add_parser(
        "import", help="read a Space Dock or Utopia fleet into a fleet file",
        description="Read a fleet built in Space Dock (.spacedock, .spacedocksquads, Label|Title|Id text) or "
                    "Utopia (a share link, pasted; nothing is fetched), match every card against the catalog, "
                    "write our fleet file and check it. Every card that could not be matched is listed. "
                    "Exit status 0: legal; 1: not legal; 3: some cards were not imported; 2: bad input.")
    imp.add_argument("source", metavar="FILE_OR_URL",
                     help="a Space Dock file, a Utopia share link (quote it), or - for standard input")
    imp.add_argument("-o", "--output", metavar="FLEET.json",
                     help="write the fleet file here (default: standard output, the report on standard error)")
    imp.add_argument("--from", dest="input_format", choices=INPUT_CHOICES, default="auto",
                     help="the input's format (default: detected)")
    imp.add_argument("--squad", metavar="INDEX_OR_NAME",
                     help="which squad of a .spacedocksquads file: its index from 0, or its name")
    imp.add_argument("--name", help="the fleet's name (default: the squad's, else the file's name)")
    imp.add_argument("--format", choices=FORMATS, default="tournament",
                     help="the rules to check (default: %(default)s)")
    imp.add_argument("--json", action="store_true", help="print one JSON document (the fleet file inside)")
    imp.set_defaults(handler=cmd_import)

    exp = sub.add_parser(
        "export", help="write a fleet file as Space Dock JSON, a Utopia link, or text",
        description="Write a fleet file in another builder's format: spacedock (a .spacedock squad), "
                    "utopia-text (a Utopia share link) or text (a readable list).")
    exp.add_argument("file", metavar="FLEET.json", help="a fleet file (JSON)")
    exp.add_argument("--format", choices=EXPORT_FORMATS, default="text", help="the format (default: %(default)s)")
    exp.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")
    exp.set_defaults(handler=cmd_export)


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
        print(printable("\n".join([*fleet_lines(fleet), "", *verdict_lines(args.format, violations)])))
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


# -- import and export ---------------------------------------------------------------------------


def _write(path: str, text: str) -> None:
    write_atomic(path, text)


def cmd_import(args: argparse.Namespace) -> int:
    result = import_fleet(args.source, input_format=args.input_format, squad=args.squad, name=args.name)
    violations = result.violations if args.format == "tournament" else check_fleet(result.fleet, args.format)
    fleet_text = json.dumps(result.fleet_document(), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        _write(args.output, fleet_text)
    report = result.report
    status = EXIT_INCOMPLETE if not report.complete else EXIT_ILLEGAL if violations else EXIT_LEGAL
    if args.json:
        print_json(import_document(result, violations, args.format, args.output))
        return status
    lines = [*import_lines(result), ""]
    lines.append(f"wrote {args.output}" if args.output else "the fleet file is on standard output")
    lines += ["", *fleet_lines(result.fleet), "", *verdict_lines(args.format, violations)]
    if args.output:  # (names, ids and titles from the file: escaped, never sent raw to the terminal)
        print(printable("\n".join(lines)))
    else:
        sys.stdout.write(fleet_text)
        print(printable("\n".join(lines)), file=sys.stderr)
    return status


def import_lines(result: ImportResult) -> list[str]:
    """What the import did: the source, cards matched by name, cards not imported, sideboard, costs, notes."""
    report = result.report
    squad = f", squad {report.squad}" if report.squad else ""
    count = len(report.imported)
    missing = len(report.problems)
    lines = [f"imported {count} card{'s' if count != 1 else ''} from {report.source} "
             f"({FORMAT_NAMES[report.format]}{squad})"
             + (f"; {missing} NOT imported" if missing else "; every card matched")]
    by_name = [c for c in report.imported if c.via == "name"]
    if by_name:
        lines.append("matched by name (check these):")
        lines += [f"  {c.where}: {c.name} ({c.id})" + (f" -> {c.to}" if c.to != c.where else "") for c in by_name]
    if report.problems:
        lines.append("not imported:")
        lines += [f"  {p.where}: [{p.kind}] {p.message}" for p in report.problems]
    if report.set_aside:
        lines.append("sideboard (listed here, not in the fleet file):")
        lines += [f"  {c}" for c in report.set_aside]
    if report.cost_overrides:
        lines.append("costs set by hand in the file (the fleet file uses the catalog's):")
        lines += [f"  {c}" for c in report.cost_overrides]
    if report.notes:
        lines.append("notes:")
        lines += [f"  {n}" for n in report.notes]
    return lines


def import_document(result: ImportResult, violations: list[Violation], format: str,
                    output: str | None) -> dict[str, Any]:
    report = result.report
    return {
        "source": report.source, "format": report.format, "squad": report.squad, "output": output,
        "complete": report.complete, "legal": not violations, "rules": format,
        "fleet_file": result.fleet_document(),
        "imported": [c.model_dump() for c in report.imported],
        "problems": [p.model_dump() for p in report.problems],
        "sideboard": [c.model_dump() for c in report.set_aside],
        "cost_overrides": [c.model_dump() for c in report.cost_overrides],
        "notes": [n.model_dump() for n in report.notes],
        "fleet": fleet_document(result.fleet),
        "violations": [v.model_dump(mode="json") for v in violations],
    }


def cmd_export(args: argparse.Namespace) -> int:
    fleet = load_fleet(args.file)
    text, notes = export_fleet(fleet, args.format)
    for note in notes:
        print(f"trek fleet export: note: {note}", file=sys.stderr)
    if args.output:
        _write(args.output, text)
    else:
        sys.stdout.write(text)
    return 0

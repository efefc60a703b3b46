"""`trek replay info|validate|dump|state|export|import`: look inside replay files, check them, convert them."""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Container, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError

from engine.errors import TrekError
from engine.io.documents import DocumentLimits, read_document, validation_line
from engine.io.output import atomic_output, atomic_path
from engine.io.reading import is_regular_file, one_line, printable, read_bytes, show_path
from engine.replay import ReplayError, open_replay
from engine.replay.codec import rounds_of
from engine.replay.format import CURRENT_SCHEMA, DEFAULT_LIMITS
from engine.replay.jsonform import OutputBudget, import_json, preview, to_json, write_json
from engine.replay.reader import Replay
from engine.replay.validate import validate_replay
from engine.rulesets.registry import ruleset_for
from trek import commands
from trek.output import print_json

P = TypeVar("P", bound=argparse.ArgumentParser)

EXIT_UNSOUND = 1
EXIT_UNVERIFIED = 3  # sound as a file, but another engine's game that today's rules play otherwise


def register(subparsers: argparse._SubParsersAction[P]) -> None:
    """Add `trek replay` and its subcommands."""
    p = subparsers.add_parser("replay", help=commands.summary("replay"))
    sub = p.add_subparsers(dest="replay_command", metavar="SUBCOMMAND")
    sub.required = True

    def with_file(name: str, help_text: str, *, salvage: bool = True) -> argparse.ArgumentParser:
        q = sub.add_parser(name, help=help_text)
        q.add_argument("file", metavar="FILE", help="a replay file (.trek)")
        if salvage:
            q.add_argument("--salvage", action="store_true",
                           help="read a damaged file up to its first damaged record instead of failing")
        return q

    info = with_file("info", "header, ruleset, fleets, rounds, events by type, result, cut off or not")
    info.add_argument("--json", action="store_true", help="print one JSON document")
    info.set_defaults(handler=cmd_info)

    validate = with_file("validate", "check a whole file; exit 0 sound, 1 not sound, 3 unverified (another engine)",
                         salvage=False)
    validate.add_argument("--json", action="store_true", help="print one JSON document")
    validate.set_defaults(handler=cmd_validate)

    dump = with_file("dump", "print the events, one per line")
    dump.add_argument("--json", action="store_true", help="JSON lines: one JSON object per event")
    dump.add_argument("--from", dest="start", type=int, default=0, metavar="N", help="first event (default 0)")
    dump.add_argument("--to", dest="stop", type=int, default=None, metavar="N", help="last event (default: the end)")
    dump.set_defaults(handler=cmd_dump)

    state = with_file("state", "the game state after event N (ship poses, shields, hull, tokens, damage)")
    state.add_argument("--at", type=int, required=True, metavar="N", help="event number (-1: before any event)")
    state.add_argument("--json", action="store_true", help="print one JSON document (the whole state)")
    state.add_argument("--full", action="store_true", help="print every field of the state as an outline")
    state.set_defaults(handler=cmd_state)

    export = with_file("export", "write the replay as one JSON document (to inspect or diff games)")
    export.add_argument("-o", "--output", metavar="OUT.json", help="output file (default: stdout)")
    export.set_defaults(handler=cmd_export)

    imp = sub.add_parser("import", help="write a replay file from its JSON form")
    imp.add_argument("file", metavar="IN.json", help="a document written by `trek replay export`")
    imp.add_argument("-o", "--output", required=True, metavar="FILE.trek", help="the replay file to write")
    imp.set_defaults(handler=cmd_import)


def _open(args: argparse.Namespace, *, header_only: bool = False) -> Replay:
    return open_replay(args.file, header_only=header_only, salvage=getattr(args, "salvage", False))


# -- info -------------------------------------------------------------------------------------------

def info_document(replay: Replay) -> dict[str, Any]:
    summary = replay.summary()
    header = replay.header
    return {
        "file": str(replay.path) if replay.path else None,
        "size_bytes": replay.size,
        "format": header.get("format"),
        "schema": replay.schema,
        "current_schema": CURRENT_SCHEMA,
        "engine_version": to_json(header.get("engine_version")),
        "ruleset": to_json(header.get("ruleset")),
        "scenario": to_json(header.get("scenario")),
        "seed": to_json(header.get("seed")),
        "fleets": to_json(header.get("fleets")),
        "events": replay.event_count,
        "rounds": summary.rounds,
        "round_name": rounds_of(header)[1],
        "events_by_type": summary.events_by_type,
        "keyframes": len(replay.index.keyframes),
        "result": to_json(replay.result),
        "truncated": replay.truncated,
        "cut_reason": replay.cut_reason,
        "table": _table(header),
        **_luck(replay, summary.events_by_type),
    }


def _luck(replay: Replay, types: dict[str, int]) -> dict[str, Any]:
    """Each side's luck as the file's ruleset reports it (e.g. damage expected before every roll
    against damage rolled), and whether the events are sound: one pass over every event record, so
    a damaged record (a flipped bit: its checksum) is found without reading the file twice."""
    raw = replay.events()
    doc: dict[str, Any] = {"luck": None, "luck_note": "no odds recorded in this file", "damaged": None}
    try:
        try:
            ruleset = ruleset_for(replay.ruleset)
            report = ruleset.luck
            codec = ruleset.reading(replay.header) if report is not None and types.get(report.needs) else None
        except TrekError as exc:
            report, codec = None, None
            doc["luck_note"] = f"unavailable: {exc}"
        if report is not None and codec is not None:
            try:
                sides = report.sides(_decoded(codec, raw, report.reads))
            except ReplayError:
                raise
            except ValueError as exc:  # TrekError is a ValueError
                doc["luck_note"] = f"unavailable: {one_line(str(exc))}"
            else:
                if sides is not None:
                    doc.update(luck=sides, luck_note=None)
        for _ in raw:  # the records the luck did not need: their checksums
            pass
    except ReplayError as exc:
        doc.update(luck=None, luck_note="unavailable: the file is damaged", damaged=str(exc))
    return doc


def _decoded(codec: Any, raw: Iterator[dict[str, Any]], reads: Container[str]) -> Iterator[Any]:
    """The events of the types in ``reads``, decoded by the ruleset; one that does not fit it is named."""
    for event in raw:
        kind = event.get("type")
        if kind in reads:
            try:
                yield codec.decode_event(event)
            except ValidationError as exc:
                raise TrekError(f"event {event.get('seq')} ({kind}) does not fit the ruleset: "
                                f"{validation_line(exc)}") from None


def cmd_info(args: argparse.Namespace) -> int:
    doc = info_document(_open(args))
    if args.json:
        print_json(doc)
        return EXIT_UNSOUND if doc["damaged"] else 0
    schema = f"schema {doc['schema']}" + ("" if doc["schema"] == CURRENT_SCHEMA else f" (read as {CURRENT_SCHEMA})")
    rows = [
        ("file", f"{doc['file']}  ({doc['size_bytes']} bytes)"),
        ("format", f"{doc['format']}, {schema}"),
        ("engine", _short(doc["engine_version"])),
        ("ruleset", _short(doc["ruleset"])),
        ("scenario", _short(_named(doc["scenario"]))),
        ("seed", _short(doc["seed"])),
        ("fleets", _fleets_text(doc["fleets"])),
        *([("table", _table_text(doc["table"]))] if doc["table"] else []),
        ("events", f"{doc['events']} in {doc['rounds'] if doc['rounds'] is not None else '?'} {doc['round_name']}s, "
                   f"{doc['keyframes']} keyframes"),
        ("by type", ", ".join(f"{k} {v}" for k, v in sorted(doc["events_by_type"].items(), key=lambda kv: -kv[1]))
         or "-"),
        ("result", _short(doc["result"]) if doc["result"] is not None else "none recorded"),
        ("complete", "no: DAMAGED: " + str(doc["damaged"]) if doc["damaged"] else
         "no: CUT OFF: " + str(doc["cut_reason"]) if doc["truncated"] else "yes"),
        # a summary reads what the file says; only a re-play by the rules can say a result is true
        ("checked", "not here: the result is the file's own claim; `trek replay validate` plays the game again"),
    ]
    for key, value in rows:
        _print(f"{key:<9} {value}")
    if doc["luck"] is None:
        _print(f"{'luck':<9} {doc['luck_note']}")
    else:
        _print(f"{'luck':<9} damage dealt against damage expected before each roll (percentile: 50 is average)")
        names = {f.get("side"): f.get("name") for f in doc["fleets"] or [] if isinstance(f, dict)}
        for side in doc["luck"]:
            mean = side["mean_percentile"]
            name = names.get(side["side"])
            label = f"side {side['side']}" + (f" ({_short(name, 30)})" if name else "")
            _print(f"{'':<9} {label}: {side['attacks']} attacks, {side['actual_damage']} damage against "
                  f"{side['expected_damage']:.1f} expected ({side['luck']:+.1f}), mean percentile "
                  + ("-" if mean is None else f"{mean * 100:.0f}"))
    return EXIT_UNSOUND if doc["damaged"] else 0


def _table(header: dict[str, Any]) -> dict[str, Any] | None:
    """The names a table game gave itself in its notation (Event, Date, Site, the players); None without."""
    from engine.replay.table_names import table_names

    names = table_names(header)
    return names.as_dict() if names else None


def _table_text(table: dict[str, Any]) -> str:
    parts = [str(table[k]) for k in ("event", "date", "site") if table.get(k)]
    if table.get("round"):
        parts.append(f"round {table['round']}")
    players = [p or "?" for p in table.get("players", [])]
    if any(p != "?" for p in players):
        parts.append("players " + " and ".join(players))
    return _short("; ".join(parts))


def _named(value: Any) -> Any:
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        return value["name"]
    return value


def _fleets_text(fleets: Any) -> str:
    if not isinstance(fleets, list):
        return _short(fleets)
    parts = []
    for fleet in fleets:
        if isinstance(fleet, dict):
            label = fleet.get("name") or fleet.get("player") or fleet.get("faction") or f"side {fleet.get('side', '?')}"
            ships = fleet.get("ships")
            count = f" ({len(ships)} ship{'' if len(ships) == 1 else 's'})" if isinstance(ships, list) else ""
            if count == " (0 ships)":  # a side whose ships all come later (Alliance's Enemy AI reinforcements)
                count = " (no ships at the start)"
            parts.append(f"{_short(label, 40)}{count}")
        else:
            parts.append(_short(fleet, 40))
    return f"{len(fleets)}: " + "; ".join(parts) if parts else "none"


def _print(text: str) -> None:
    """Print what a file holds (names, reasons): its control characters escaped, never sent raw."""
    print(printable(text))


def _short(value: Any, width: int = 100) -> str:
    text = value[: width * 2] if isinstance(value, str) else preview(value, width)  # only what is shown
    text = one_line(text.replace("\n", " "))
    return text if len(text) <= width else text[: width - 3] + "..."


# -- validate ---------------------------------------------------------------------------------------

def cmd_validate(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not is_regular_file(path):  # no file to judge is a usage error (2), not an unsound file (1)
        read_bytes(path, kind="replay", error=ReplayError)  # raises, saying why
    report = validate_replay(path)
    if args.json:
        print_json({"file": str(path), **report.as_json()})
    else:
        verdict = "NOT SOUND" if not report.sound else "sound" if report.verified else \
            "UNVERIFIED (another engine's rules: today's rules play it otherwise, see the notes)" \
            if report.rules_checked else "UNVERIFIED (no ruleset this engine knows: only its framing was checked)"
        _print(f"{path}: {verdict}")
        for problem in report.problems:
            _print(f"  problem: {problem}")
        for note in report.notes:
            _print(f"  note: {note}")
        if report.sound:
            rules = "played again by the rules, every event matched" if report.replayed else \
                "structure only" if not report.rules_checked else \
                "each event checked against the rules, not played again (another engine's rules)" \
                if not report.verified else "each event checked against the rules"
            _print(f"  {report.events} events, {report.keyframes} keyframes, schema {report.schema}, {rules}")
    return EXIT_UNSOUND if not report.sound else 0 if report.verified else EXIT_UNVERIFIED


# -- dump -------------------------------------------------------------------------------------------

def cmd_dump(args: argparse.Namespace) -> int:
    replay = _open(args)
    stop = None if args.stop is None else args.stop + 1
    out = sys.stdout
    key, name = rounds_of(replay.header)
    budget = OutputBudget(replay.size, "the dump")  # a few bytes of compact maps must not print as megabytes
    for event in replay.events(args.start, stop):
        doc = to_json(event, budget=budget)
        if args.json:
            out.write(json.dumps(doc, separators=(",", ":")) + "\n")
        else:
            rest = {k: v for k, v in doc.items() if k not in ("seq", key, "phase", "type")}
            fields = " ".join(f"{k}={_short(v, 80)}" for k, v in rest.items())
            out.write(one_line(f"{doc['seq']:>6}  {name[0]}{doc.get(key, '?')!s:<3} {doc.get('phase', '')!s:<10} "
                               f"{doc['type']:<18} {fields}".rstrip()) + "\n")
    return 0


# -- state ------------------------------------------------------------------------------------------

def cmd_state(args: argparse.Namespace) -> int:
    replay = _open(args)
    try:
        ruleset = ruleset_for(replay.ruleset)
        codec = ruleset.reading(replay.header)
    except TrekError as exc:
        raise ReplayError(str(exc)) from None
    state = replay.state_at(args.at, codec)
    encoded = to_json(codec.encode_state(state))
    if args.json:
        print_json({"at": args.at, "events": replay.event_count, "ruleset": replay.ruleset, "state": encoded})
        return 0
    _print(f"state after event {args.at} of {replay.event_count}")
    if ruleset.format_state is not None and not args.full:
        _print(ruleset.format_state(state))
    else:
        for line in (_tree(encoded) if args.full else _state_lines(encoded)):
            _print(line)
    return 0


# Per-ship fields the text view shows (when the state has them); --full or --json show everything.
SHIP_ALWAYS = ("shields", "shields_max", "hull", "damage")
SHIP_WHEN_SET = ("tokens", "evade", "scan", "battle_stations", "aux_power", "cloak", "target_lock", "disabled",
                 "destroyed", "fled")


def _state_lines(state: Any) -> list[str]:
    """Ship poses, shields, hull, tokens and damage, then the game's other top-level fields, one line each."""
    ships = state.get("ships") if isinstance(state, dict) else None
    if isinstance(ships, dict):
        ships = [{"id": k, **v} for k, v in ships.items() if isinstance(v, dict)]
    if not isinstance(ships, list) or not all(isinstance(s, dict) for s in ships):
        return _tree(state)
    lines = []
    for ship in ships:
        label = " ".join(str(ship[k]) for k in ("id", "name") if k in ship)
        parts = [f"{label:<32}"]
        pose = ship.get("pose")
        if isinstance(pose, dict) and all(isinstance(pose.get(k), int | float) for k in ("x", "y", "heading")):
            parts.append(f"x={pose['x']:8.2f} y={pose['y']:8.2f} heading={pose['heading']:6.1f}")
        for key in SHIP_ALWAYS:
            if key in ship:
                value = ship[key]
                parts.append(f"{key} {len(value) if isinstance(value, list) else _short(value, 30)}")
        for key in SHIP_WHEN_SET:
            value = ship.get(key)
            if value not in (None, False, 0, "none", [], {}):
                parts.append(f"{key} {_short(value, 40)}")
        lines.append("  " + "  ".join(parts))
    for key, value in state.items():
        if key == "ships":
            continue
        text = f"{len(value)} items" if isinstance(value, list) and len(json.dumps(value)) > 60 else _short(value, 80)
        lines.append(f"  {key}: {text}")
    return lines


def _tree(value: Any, indent: str = "  ") -> list[str]:
    """A readable outline of plain data: scalars and short lists inline, maps and long lists nested."""
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, dict | list) and len(json.dumps(item)) > 60:
                lines.append(f"{indent}{key}:")
                lines.extend(_tree(item, indent + "  "))
            else:
                lines.append(f"{indent}{key}: {_short(item)}")
    elif isinstance(value, list):
        for item in value:
            sub = _tree(item, indent + "  ")
            if isinstance(item, dict) and sub:
                lines.append(f"{indent}- " + sub[0].strip())
                lines.extend(sub[1:])
            else:
                lines.append(f"{indent}- {_short(item)}")
    else:
        lines.append(f"{indent}{_short(value)}")
    return lines


# -- export / import --------------------------------------------------------------------------------

def cmd_export(args: argparse.Namespace) -> int:
    replay = _open(args)
    if args.output in (None, "-"):
        write_json(replay, sys.stdout)
        return 0
    with atomic_output(args.output) as handle:
        text = io.TextIOWrapper(handle, encoding="utf-8", newline="\n")
        write_json(replay, text)
        text.flush()
        text.detach()  # the atomic output closes the file itself
    return 0


# The JSON form is read whole: its cap keeps memory bounded (docs/replay-format.md, "Memory").
JSON_FORM_LIMITS = DocumentLimits(max_depth=48, max_items=DEFAULT_LIMITS.max_container_len * 8,
                                  max_total=4_000_000, max_str=DEFAULT_LIMITS.max_str_bytes * 2, max_int=2**64)


def cmd_import(args: argparse.Namespace) -> int:
    doc = read_document(args.file, ReplayError, kind="replay JSON", limits=JSON_FORM_LIMITS, toml=False)
    with atomic_path(args.output) as tmp:  # renamed onto the output only once it is judged sound
        import_json(doc, tmp)
        report = validate_replay(tmp)
        if not report.sound:  # events that break the ruleset ("hull": "five", ship ids twice) are no replay
            problems = len(report.problems)
            more = f" (and {problems - 1} more problems)" if problems > 1 else ""
            raise ReplayError(f"{show_path(args.file)} does not hold a sound replay: {report.problems[0]}{more}; "
                              "nothing written")
    return 0

"""The JSON form of a replay, for people to read and diff, and its import back into a replay file.

msgpack has two things JSON lacks, so they are spelled as one-key maps: binary as
``{"$bytes": "<base64>"}`` and a non-finite float as ``{"$float": "nan" | "inf" | "-inf"}``.
A map of the data that itself has exactly one key, and that key is one of ``$bytes``,
``$float`` or ``$map``, is wrapped as ``{"$map": {...}}`` so every value survives the trip.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import math
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from engine.replay.errors import ReplayError
from engine.replay.format import FORMAT_NAME, KIND_EVENT
from engine.replay.reader import Replay
from engine.replay.writer import ReplayWriter

JSON_FORMAT = "trek-replay-json"
JSON_SCHEMA = 2  # the JSON form's own version: plain events and states, whatever the replay schema
_RESERVED = frozenset({"$bytes", "$float", "$map"})
_MAX_DEPTH = 64


# What a replay's JSON form, or its dump, may hold: a real replay's is 2 to 5 times the file's size.
# A file of compact maps stores a map's keys once and a short string once for the whole file: its
# few bytes could otherwise print as megabytes (a key a map, a string a value), so the output is
# held to this multiple of the file's size and the command refuses past it, saying so.
OUTPUT_FACTOR = 16
OUTPUT_FLOOR = 4 << 20  # characters any file may give, however small


class OutputBudget:
    """Characters an output may still take (``OUTPUT_FACTOR`` times the file's size, at least
    ``OUTPUT_FLOOR``); ReplayError naming the bound when it is spent."""

    def __init__(self, file_size: int, what: str) -> None:
        self.limit = OUTPUT_FACTOR * file_size + OUTPUT_FLOOR
        self.left = self.limit
        self.what = what

    def spend(self, n: int) -> None:
        self.left -= n
        if self.left < 0:
            raise ReplayError(f"{self.what} would be over {self.limit:,} characters ({OUTPUT_FACTOR} times the "
                              f"file's size, and {OUTPUT_FLOOR:,} more): not a replay trek writes")


def to_json(value: Any, _depth: int = 0, budget: OutputBudget | None = None) -> Any:
    """A JSON-ready copy of plain replay data (bytes and non-finite floats spelled as one-key maps);
    with ``budget``, what the copy will print as is counted (keys and strings by their length)."""
    if _depth > _MAX_DEPTH:
        raise ReplayError("data nested too deeply for the JSON form")
    t = type(value)
    if budget is not None:
        budget.spend(_printed(value, t))
    if t is dict:
        out = {k: to_json(v, _depth + 1, budget) for k, v in value.items()}
        return {"$map": out} if len(out) == 1 and next(iter(out)) in _RESERVED else out
    if t is list or t is tuple:
        return [to_json(v, _depth + 1, budget) for v in value]
    if t is bytes:
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if t is float and not math.isfinite(value):
        return {"$float": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    return value


def preview(value: Any, width: int) -> str:
    """The start of ``value``'s compact JSON text, at least ``width`` characters of it when it is longer:
    only what is shown is encoded (a field of a million items costs no more than one of ten)."""
    out: list[str] = []
    count = 0
    for piece in _pieces(value, 0):
        out.append(piece)
        count += len(piece)
        if count > width:
            break
    return "".join(out)


def _pieces(value: Any, depth: int) -> Iterator[str]:
    t = type(value)
    if depth < _MAX_DEPTH and t is dict:
        yield "{"
        for i, (key, item) in enumerate(value.items()):
            yield ("," if i else "") + json.dumps(key if type(key) is str else str(key)) + ":"
            yield from _pieces(item, depth + 1)
        yield "}"
    elif depth < _MAX_DEPTH and (t is list or t is tuple):
        yield "["
        for i, item in enumerate(value):
            if i:
                yield ","
            yield from _pieces(item, depth + 1)
        yield "]"
    else:
        try:
            yield json.dumps(value, separators=(",", ":"))
        except (TypeError, ValueError):
            yield json.dumps(repr(value))


def _printed(value: Any, t: type) -> int:
    """About how many characters ``value`` adds to its JSON text, not counting what it holds."""
    if t is str or t is bytes:
        return len(value) + 2
    if t is dict:  # each key, quoted, with its colon and comma
        return 2 + sum(len(k) + 4 if type(k) is str else 24 for k in value)
    if t is list or t is tuple:
        return 2 + len(value)
    return 8


def from_json(value: Any, _depth: int = 0) -> Any:
    """The inverse of ``to_json``."""
    if _depth > _MAX_DEPTH:
        raise ReplayError("JSON nested too deeply")
    if type(value) is dict:
        if len(value) == 1:
            key, inner = next(iter(value.items()))
            if key == "$bytes":
                if type(inner) is not str:
                    raise ReplayError("a $bytes value must be a base64 string")
                try:
                    return base64.b64decode(inner, validate=True)
                except (binascii.Error, ValueError):
                    raise ReplayError(f"bad base64 in $bytes: {inner[:40]!r}") from None
            if key == "$float":
                special = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}
                if inner not in special:
                    raise ReplayError(f"a $float value must be 'nan', 'inf' or '-inf', not {inner!r}")
                return special[inner]
            if key == "$map":
                if type(inner) is not dict:
                    raise ReplayError("a $map value must be a map")
                return {k: from_json(v, _depth + 1) for k, v in inner.items()}
        return {k: from_json(v, _depth + 1) for k, v in value.items()}
    if type(value) is list:
        return [from_json(v, _depth + 1) for v in value]
    return value


def export_json(replay: Replay) -> dict[str, Any]:
    """The whole replay as one JSON-ready document: header, events, keyframes, result, and whether it was cut."""
    events: list[Any] = []
    keyframes: list[dict[str, Any]] = []
    budget = OutputBudget(replay.size, "the JSON form")
    for rec in replay.records():
        if rec.kind == KIND_EVENT:
            events.append(to_json(replay.event_body(rec), budget=budget))
        else:
            keyframes.append({"events": rec.seq, "state": to_json(replay.keyframe_body(rec), budget=budget)})
    return {
        "format": JSON_FORMAT,
        "schema": JSON_SCHEMA,
        "source_schema": replay.schema,
        "header": to_json(replay.header, budget=budget),
        "events": events,
        "keyframes": keyframes,
        "result": to_json(replay.result),
        "truncated": replay.truncated,
    }


def write_json(replay: Replay, out: IO[str]) -> None:
    """Write the document ``export_json`` builds, streamed: one event or keyframe in memory at a time.

    Events come first, then keyframes, so the file is read twice; memory stays bounded by the
    largest record whatever the replay's length.
    """
    budget = OutputBudget(replay.size, "the JSON form")
    head = {"format": JSON_FORMAT, "schema": JSON_SCHEMA, "source_schema": replay.schema,
            "header": to_json(replay.header, budget=budget)}
    out.write("{\n")
    for key, value in head.items():
        out.write(f"  {json.dumps(key)}: {json.dumps(value)},\n")
    for name, wanted in (("events", True), ("keyframes", False)):
        out.write(f'  "{name}": [')
        first = True
        for rec in replay.records():
            if (rec.kind == KIND_EVENT) != wanted:
                continue
            item = to_json(replay.event_body(rec), budget=budget) if wanted else \
                {"events": rec.seq, "state": to_json(replay.keyframe_body(rec), budget=budget)}
            out.write(("\n    " if first else ",\n    ") + json.dumps(item))
            first = False
        out.write("\n  ],\n" if not first else "],\n")
    out.write(f'  "result": {json.dumps(to_json(replay.result))},\n')
    out.write(f'  "truncated": {json.dumps(replay.truncated)}\n}}\n')


def import_json(document: Any, target: str | Path | IO[bytes]) -> None:
    """Write the replay a JSON-form document describes; keyframes go back where they were.

    A document exported from a complete file gives back a byte-identical file. One
    exported from a cut-off file is written complete (with its known result, if any).
    """
    if type(document) is not dict or document.get("format") != JSON_FORMAT:
        raise ReplayError(f"not a replay in JSON form: expected a map whose format is {JSON_FORMAT!r}")
    if document.get("schema") != JSON_SCHEMA:
        raise ReplayError(f"JSON form of schema {document.get('schema')!r}; this version reads {JSON_SCHEMA}")
    header, events, keyframes = document.get("header"), document.get("events"), document.get("keyframes", [])
    result = from_json(document.get("result"))
    if type(header) is not dict or type(events) is not list or type(keyframes) is not list:
        raise ReplayError("the JSON form needs a header map, an events list and a keyframes list")
    if result is not None and not isinstance(result, Mapping):
        raise ReplayError("the JSON form's result must be a map or null")
    header = from_json(header)
    if header.get("format", FORMAT_NAME) != FORMAT_NAME:
        raise ReplayError(f"the header's format must be {FORMAT_NAME!r}")
    pending: list[tuple[int, dict[str, Any]]] = []
    for i, kf in enumerate(keyframes):
        if type(kf) is not dict or type(kf.get("events")) is not int or type(kf.get("state")) is not dict:
            raise ReplayError(f"keyframe {i} of the JSON form needs an integer 'events' and a 'state' map")
        pending.append((kf["events"], from_json(kf["state"])))
    if any(b[0] <= a[0] for a, b in itertools.pairwise(pending)):
        raise ReplayError("the JSON form's keyframes must be in order of their event counts")
    if pending and not (pending[0][0] >= 0 and pending[-1][0] <= len(events)):
        raise ReplayError("a keyframe of the JSON form is placed outside its events")
    atomic = not hasattr(target, "write")
    writer = ReplayWriter(target, header, atomic=atomic)
    try:
        k = 0
        for n, event in enumerate(events):
            while k < len(pending) and pending[k][0] == n:
                writer.keyframe(pending[k][1])
                k += 1
            if type(event) is not dict:
                raise ReplayError(f"event {n} of the JSON form is not a map")
            writer.event(from_json(event))
        while k < len(pending):
            writer.keyframe(pending[k][1])
            k += 1
        writer.close(result)
    except BaseException:
        writer.abort()
        raise

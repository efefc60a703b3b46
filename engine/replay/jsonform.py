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
from collections.abc import Mapping
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


def to_json(value: Any, _depth: int = 0) -> Any:
    """A JSON-ready copy of plain replay data (bytes and non-finite floats spelled as one-key maps)."""
    if _depth > _MAX_DEPTH:
        raise ReplayError("data nested too deeply for the JSON form")
    t = type(value)
    if t is dict:
        out = {k: to_json(v, _depth + 1) for k, v in value.items()}
        return {"$map": out} if len(out) == 1 and next(iter(out)) in _RESERVED else out
    if t is list or t is tuple:
        return [to_json(v, _depth + 1) for v in value]
    if t is bytes:
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if t is float and not math.isfinite(value):
        return {"$float": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    return value


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
    for rec in replay.records():
        if rec.kind == KIND_EVENT:
            events.append(to_json(replay.event_body(rec)))
        else:
            keyframes.append({"events": rec.seq, "state": to_json(replay.keyframe_body(rec))})
    return {
        "format": JSON_FORMAT,
        "schema": JSON_SCHEMA,
        "source_schema": replay.schema,
        "header": to_json(replay.header),
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
    head = {"format": JSON_FORMAT, "schema": JSON_SCHEMA, "source_schema": replay.schema,
            "header": to_json(replay.header)}
    out.write("{\n")
    for key, value in head.items():
        out.write(f"  {json.dumps(key)}: {json.dumps(value)},\n")
    for name, wanted in (("events", True), ("keyframes", False)):
        out.write(f'  "{name}": [')
        first = True
        for rec in replay.records():
            if (rec.kind == KIND_EVENT) != wanted:
                continue
            item = to_json(replay.event_body(rec)) if wanted else \
                {"events": rec.seq, "state": to_json(replay.keyframe_body(rec))}
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

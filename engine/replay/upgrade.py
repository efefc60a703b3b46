"""Schema upgrades: explicit functions, chosen by the schema a file was written with.

The reader decodes a file with the framing of its own schema (see ``format.py``), then
passes the header and every record body through the chain of upgrades from that schema to
``CURRENT_SCHEMA``, so the rest of the program only ever sees current-schema data. To
change the format: bump ``CURRENT_SCHEMA``, teach the framing the new shape, add one
``Upgrade`` here from the previous schema, describe both in ``docs/replay-format.md``, and
add a golden file of the old schema to ``tests/golden/`` (``engine.replay.testing``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.replay.format import CURRENT_SCHEMA, KIND_INDEX, SUPPORTED_SCHEMAS

HeaderUpgrade = Callable[[dict[str, Any]], dict[str, Any]]
RecordUpgrade = Callable[[str, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Upgrade:
    """Turns data of ``from_schema`` into data of ``from_schema + 1``."""

    from_schema: int
    summary: str
    header: HeaderUpgrade
    record: RecordUpgrade  # (kind, body) -> body; kind is "e", "k" or "x"


def _header_1_to_2(header: dict[str, Any]) -> dict[str, Any]:
    if "game" not in header:
        raise ValueError("a schema-1 header must name its ruleset under 'game'")
    if "ruleset" in header:
        raise ValueError("a schema-1 header must not have a 'ruleset' key")
    out: dict[str, Any] = {}
    for key, value in header.items():  # keep the key order, rename in place
        out["ruleset" if key == "game" else key] = value
    out["schema"] = 2
    return out


def _record_1_to_2(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    if kind == KIND_INDEX and "summary" not in body:
        return {**body, "summary": None}  # schema 1 kept no per-type counts; readers recount
    return body


def _header_2_to_3(header: dict[str, Any]) -> dict[str, Any]:
    return {**header, "schema": 3}


def _record_2_to_3(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    if kind == KIND_INDEX and "definitions" not in body:
        return {**body, "definitions": []}  # schema 2 has no definitions records
    return body


def _header_3_to_4(header: dict[str, Any]) -> dict[str, Any]:
    return {**header, "schema": 4}


def _record_3_to_4(kind: str, body: dict[str, Any]) -> dict[str, Any]:
    return body  # schema 4 adds block records; events, keyframes and the index are as in schema 3


UPGRADES: dict[int, Upgrade] = {
    1: Upgrade(
        1,
        "schema 2 checksums the header and every record (bodies become CRC-32-checked binary), "
        "renames the header key 'game' to 'ruleset', and adds 'summary' to the index",
        _header_1_to_2,
        _record_1_to_2,
    ),
    2: Upgrade(
        2,
        "schema 3 stores event and keyframe bodies compact (arrays of values by declared shapes, short strings "
        "by number, declared in definitions records) and lists the definitions records in the index; the "
        "events and states they hold are unchanged",
        _header_2_to_3,
        _record_2_to_3,
    ),
    3: Upgrade(
        3,
        "schema 4 stores consecutive events together in block records (one CRC and one msgpack body for up to "
        "64 events); event, keyframe, definitions and index records are as in schema 3",
        _header_3_to_4,
        _record_3_to_4,
    ),
}

# Every supported old schema has a path to the current one.
assert all(s in UPGRADES for s in SUPPORTED_SCHEMAS if s < CURRENT_SCHEMA)


def chain(schema: int) -> list[Upgrade]:
    """The upgrades that bring data of ``schema`` to the current schema, in order."""
    return [UPGRADES[s] for s in range(schema, CURRENT_SCHEMA)]


def upgrade_header(header: dict[str, Any], schema: int) -> dict[str, Any]:
    """The header of a ``schema`` file as the current schema has it; ValueError when it cannot be upgraded."""
    for step in chain(schema):
        header = step.header(header)
    return header


def upgrade_record(kind: str, body: dict[str, Any], schema: int) -> dict[str, Any]:
    """A record body of a ``schema`` file as the current schema has it."""
    for step in chain(schema):
        body = step.record(kind, body)
    return body

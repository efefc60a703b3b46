"""The toy ruleset (``engine.rulesets.toy``) for testing the replay layer, and the golden-file writers.

Importing this module registers the toy ruleset under the name ``"toy"``. ``write_legacy`` writes schemas 1 and 2
(the retired formats) so that the upgrade paths keep being exercised; it is the only
code that writes an old schema and exists for the golden files in ``tests/golden/``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

import msgpack

from engine.replay.format import (
    CURRENT_SCHEMA,
    FORMAT_NAME,
    KIND_EVENT,
    KIND_INDEX,
    KIND_KEYFRAME,
    encode_envelope,
    encode_record,
    encode_trailer,
)
from engine.replay.writer import ReplayWriter
from engine.rulesets.registry import register
from engine.rulesets.toy.game import EVENT_TYPES, SHIPS, ToyCodec, ToyEvent, ToyState, toy_events, toy_header
from engine.rulesets.toy.ruleset import RULESET as TOY

__all__ = ["CODEC", "EVENT_TYPES", "SHIPS", "TOY", "ToyCodec", "ToyEvent", "ToyState", "fold", "toy_events",
           "toy_header", "toy_replay_bytes", "write_golden", "write_legacy", "write_toy_replay"]

CODEC = TOY.codec
register(TOY)  # the toy is not in the production registry: this is its one registration line


def fold(total: int, n: int, seed: int = 1) -> ToyState:
    """The state after the first ``n`` events of a toy game of ``total`` events, by plain folding from the start."""
    state = CODEC.initial_state(toy_header(seed))
    for event in itertools.islice(toy_events(total, seed), n):
        state = CODEC.apply(state, event)
    return state


def write_toy_replay(target: str | Path | IO[bytes], n: int, *, seed: int = 1, keyframe_every: int = 16,
                     close: bool = True, header: Mapping[str, Any] | None = None, schema: int = CURRENT_SCHEMA) -> None:
    """Play ``n`` toy events into a replay with keyframes, as the engine would; ``close=False`` leaves it cut.
    ``schema=3`` writes the retired schema 3 (an event record per event)."""
    writer = ReplayWriter(target, header if header is not None else toy_header(seed), keyframe_every=keyframe_every,
                          schema=schema)
    state = CODEC.initial_state(toy_header(seed))
    winner = None
    for event in toy_events(n, seed):
        writer.event(event)
        state = CODEC.apply(state, event)
        winner = state["winner"]
        if writer.wants_keyframe:
            writer.keyframe(CODEC.encode_state(state))
    if close:
        writer.close({"winner": winner, "reason": "toy"})
    else:
        writer.abort()


def toy_replay_bytes(n: int, *, seed: int = 1, keyframe_every: int = 16, close: bool = True,
                     schema: int = CURRENT_SCHEMA) -> bytes:
    import io

    buf = io.BytesIO()
    write_toy_replay(buf, n, seed=seed, keyframe_every=keyframe_every, close=close, schema=schema)
    return buf.getvalue()


def write_legacy(target: str | Path, n: int, *, schema: int, seed: int = 1, keyframe_every: int = 16) -> None:
    """Write the toy game in a retired schema: 1 (plain header with 'game', records [kind, seq, body], no
    checksums), 2 (the envelope and CRC-32s, bodies as plain maps) or 3 (compact bodies, one record per event)."""
    if schema == 3:
        write_toy_replay(target, n, seed=seed, keyframe_every=keyframe_every, schema=3)
        return

    def pack(obj: Any) -> bytes:
        out: bytes = msgpack.packb(obj, use_bin_type=True)
        return out

    def record(kind: str, seq: int, body: dict[str, Any]) -> bytes:
        return pack([kind, seq, body]) if schema == 1 else encode_record(kind, seq, pack(body))

    header: dict[str, Any] = {"format": FORMAT_NAME, "schema": schema}
    for key, value in toy_header(seed).items():
        header["game" if key == "ruleset" and schema == 1 else key] = value
    chunks = [pack(header) if schema == 1 else encode_envelope(pack(header), schema)]
    pos = len(chunks[0])
    keyframes: list[list[int]] = []
    state = CODEC.initial_state(toy_header(seed))
    count = 0
    types: dict[str, int] = {}
    for event in toy_events(n, seed):
        chunks.append(record(KIND_EVENT, event["seq"], event))
        pos += len(chunks[-1])
        state = CODEC.apply(state, event)
        count += 1
        types[event["type"]] = types.get(event["type"], 0) + 1
        if count % keyframe_every == 0:
            keyframes.append([count, pos])
            chunks.append(record(KIND_KEYFRAME, count, CODEC.encode_state(state)))
            pos += len(chunks[-1])
    index: dict[str, Any] = {"events": count, "keyframes": keyframes,
                             "result": {"winner": state["winner"], "reason": "toy"}}
    if schema == 2:
        index["summary"] = {"types": dict(sorted(types.items())), "rounds": state["round"]}
    chunks.append(record(KIND_INDEX, count, index))
    chunks.append(encode_trailer(pos))
    Path(target).write_bytes(b"".join(chunks))


GOLDEN_EVENTS = 40
GOLDEN_KEYFRAME_EVERY = 16


def write_golden(directory: str | Path) -> list[Path]:
    """(Re)write the golden files, one per schema: toy-v1.trek to toy-v3.trek (retired schemas, by
    ``write_legacy``) and toy-v4.trek (the writer's)."""
    d = Path(directory)
    paths = [d / f"toy-v{schema}.trek" for schema in (1, 2, 3, CURRENT_SCHEMA)]
    for schema, path in zip((1, 2, 3), paths, strict=False):
        write_legacy(path, GOLDEN_EVENTS, schema=schema, keyframe_every=GOLDEN_KEYFRAME_EVERY)
    write_toy_replay(paths[-1], GOLDEN_EVENTS, keyframe_every=GOLDEN_KEYFRAME_EVERY)
    return paths

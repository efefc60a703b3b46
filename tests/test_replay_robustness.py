"""Replay files are untrusted input: cuts, bit flips and random msgpack never crash the reader.

What the format promises, checked here:
- a file cut off at any byte opens up to its last whole record, and says it was cut;
- in a complete file every single-bit flip is detected (ReplayError with a byte offset);
- random damage, random msgpack and random bytes give either a ReplayError or data that is
  a prefix of the true game, never another exception, never wrong events.
"""

from __future__ import annotations

import io
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.replay import ReplayError, ReplayWriter, open_replay
from engine.replay.format import TRAILER_SIZE, encode_envelope, encode_record
from engine.replay.jsonform import export_json
from engine.replay.testing import CODEC, toy_events, toy_replay_bytes
from engine.replay.validate import validate_replay

N = 12
EVENTS = list(toy_events(N))
DATA = toy_replay_bytes(N, keyframe_every=4)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def pack(obj: Any) -> bytes:
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


def boundaries(data: bytes) -> list[int]:
    """Byte offsets where each top-level msgpack object ends."""
    u = msgpack.Unpacker(io.BytesIO(data), raw=False)
    ends = []
    for _ in u:
        ends.append(u.tell())
    return ends


def read_everything(data: bytes, **kwargs: Any) -> list[dict[str, Any]] | None:
    """Every way of reading a file; returns the events, or None when the file is refused with a ReplayError."""
    try:
        replay = open_replay(data, **kwargs)
        events = list(replay.events())
        list(replay.keyframes())
        replay.summary()
        export_json(replay)
        validate_replay(replay)
        for n in {-1, 0, replay.event_count // 2, replay.event_count - 1}:
            if -1 <= n < replay.event_count:
                try:
                    replay.state_at(n, CODEC)
                except ReplayError:
                    pass
        return events
    except ReplayError as exc:
        assert exc.offset is not None or exc.record is not None or "limit" in str(exc) or "no event" in str(exc), exc
        return None


# -- cuts ------------------------------------------------------------------------------------------

def test_every_cut_opens_to_its_last_whole_record_and_says_it_was_cut() -> None:
    ends = boundaries(DATA)
    header_end, record_ends = ends[0], ends[1:]
    index_start = record_ends[-3]  # the end of the last keyframe/event record = where the index starts
    starts = [header_end, *record_ends]
    event_ends = []  # where each event's record ends (the events of a block all end with it)
    for start, end in zip(starts, record_ends, strict=False):
        rec = msgpack.unpackb(DATA[start:end], raw=False)
        if type(rec) is list:
            event_ends += [end] * (1 if rec[0] == "e" else len(msgpack.unpackb(rec[3])) if rec[0] == "b" else 0)
    assert len(event_ends) == N
    for cut in range(len(DATA)):
        if cut < header_end:
            with pytest.raises(ReplayError) as err:
                open_replay(DATA[:cut])
            assert err.value.record == 0
            continue
        replay = open_replay(DATA[:cut])
        assert replay.truncated, cut
        last_whole = max(e for e in [header_end, *record_ends] if e <= min(cut, index_start))
        assert replay.data_end == last_whole, cut
        whole_events = sum(1 for e in event_ends if e <= cut)
        assert replay.event_count == whole_events
        assert list(replay.events()) == EVENTS[:whole_events]
        if whole_events:
            assert replay.state_at(whole_events - 1, CODEC)["seq"] == whole_events - 1
        assert replay.cut_reason and ("cut off" in replay.cut_reason or "without its index" in replay.cut_reason
                                      or "trailer is missing" in replay.cut_reason)
    assert not open_replay(DATA).truncated


def test_a_cut_file_keeps_the_result_when_only_the_trailer_is_missing() -> None:
    for cut in range(len(DATA) - TRAILER_SIZE, len(DATA)):
        replay = open_replay(DATA[:cut])
        assert replay.truncated and replay.event_count == N and replay.result is not None


# -- bit flips -------------------------------------------------------------------------------------

def tiny_file() -> bytes:
    buf = io.BytesIO()
    w = ReplayWriter(buf, {"ruleset": "toy", "seed": 1}, keyframe_every=2)
    for seq in range(3):
        w.event({"seq": seq, "type": "tick", "round": 1, "phase": "x", "v": [seq, 1.5]})
        if w.wants_keyframe:
            w.keyframe({"t": seq})
    w.close({"w": 0})
    return buf.getvalue()


def test_every_single_bit_flip_in_a_complete_file_is_detected() -> None:
    data = tiny_file()
    assert len(data) < 500
    for i in range(len(data)):
        for bit in range(8):
            bad = bytearray(data)
            bad[i] ^= 1 << bit
            with pytest.raises(ReplayError) as err:
                replay = open_replay(bytes(bad))
                for rec in replay.records():
                    replay.event_body(rec) if rec.kind == "e" else replay.keyframe_body(rec)
            assert err.value.offset is not None, (i, bit)
            assert not validate_replay(bytes(bad), use_registry=False).sound


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(DATA) - 1), st.integers(1, 255)), min_size=1, max_size=4),
       st.integers(0, len(DATA)))
def test_damage_anywhere_never_gives_wrong_events(flips: list[tuple[int, int]], cut: int) -> None:
    bad = bytearray(DATA[: max(cut, 1)])
    for at, mask in flips:
        if at < len(bad):
            bad[at] ^= mask
    events = read_everything(bytes(bad))
    if events is not None:
        assert events == EVENTS[: len(events)]
    salvaged = read_everything(bytes(bad), salvage=True)
    if salvaged is not None:
        assert salvaged == EVENTS[: len(salvaged)]


# -- random input ----------------------------------------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats() | st.text(max_size=12)
           | st.binary(max_size=12))
oddities = (st.builds(msgpack.ExtType, st.integers(0, 127), st.binary(max_size=6))
            | st.builds(msgpack.Timestamp, st.integers(0, 2**32 - 1), st.integers(0, 999_999_999)))
plain = st.recursive(scalars, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6), c, max_size=4),
                     max_leaves=16)
keys = st.text(max_size=6) | st.integers(-(2**63), 2**64 - 1) | st.binary(max_size=3)
anything = st.recursive(scalars | oddities, lambda c: st.lists(c, max_size=4) | st.dictionaries(keys, c, max_size=4),
                        max_leaves=16)
event_like = st.fixed_dictionaries(
    {"seq": st.integers(0, 3), "type": st.sampled_from(["ship_moved", "damage", "note", "game_ended"]) | st.text(),
     "round": st.integers(-1, 3) | st.none(), "phase": st.text(max_size=5)},
    optional={"ship": st.sampled_from(["r1", "zz"]), "end": plain, "to": st.sampled_from(["hull", "shields"]),
              "amount": st.integers(-5, 5) | st.floats(), "winner": plain},
)
ENVELOPE = encode_envelope(pack({"format": "trek-replay", "schema": 2, "ruleset": "toy", "seed": 1}))


@FUZZ
@given(anything)
def test_random_msgpack_as_a_whole_file_never_crashes(obj: Any) -> None:
    read_everything(pack(obj))


@FUZZ
@given(st.lists(anything, max_size=6))
def test_random_msgpack_after_a_sound_header_never_crashes(objs: list[Any]) -> None:
    read_everything(ENVELOPE + b"".join(pack(o) for o in objs))


@FUZZ
@given(st.lists(st.tuples(st.sampled_from("ekxq"), st.integers(0, 4), event_like | anything), max_size=6),
       st.booleans())
def test_checksummed_records_with_random_bodies_never_crash(records: list[tuple[str, int, Any]], end: bool) -> None:
    data = ENVELOPE + b"".join(encode_record(kind, seq, pack(body)) for kind, seq, body in records)
    if end:  # a trailer pointing at the last record
        from engine.replay.format import encode_trailer

        data += encode_trailer(len(data) - len(encode_record(*records[-1][:2], pack(records[-1][2])))) \
            if records else b""
    read_everything(data)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_never_crash(noise: bytes) -> None:
    read_everything(noise)
    read_everything(ENVELOPE + noise)
    read_everything(DATA[:200] + noise)


@FUZZ
@given(st.lists(event_like, min_size=1, max_size=6))
def test_events_that_break_the_rules_are_reported_not_crashed_on(events: list[dict[str, Any]]) -> None:
    buf = io.BytesIO()
    w = ReplayWriter(buf, {"ruleset": "toy", "seed": 1})
    for seq, event in enumerate(events):
        w.event({**event, "seq": seq})
    w.close()
    report = validate_replay(buf.getvalue())
    assert report.sound or report.problems
    read_everything(buf.getvalue())

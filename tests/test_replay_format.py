"""Replay files: what the writer writes, what the reader gives back, seeking, limits, upgrades.

The replay layer is generic over a codec; these tests use the toy ruleset of
``engine.replay.testing`` (ships that move, roll dice and take damage, with a tiny reducer).
"""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

import msgpack
import pytest

from engine.errors import TrekError
from engine.replay import (
    BaseVisitor,
    Limits,
    ReplayError,
    ReplayWriter,
    codec_for,
    open_replay,
)
from engine.replay.format import CURRENT_SCHEMA, TRAILER_SIZE, crc32, encode_envelope, encode_record
from engine.replay.jsonform import export_json, from_json, import_json, to_json
from engine.replay.testing import CODEC, TOY, ToyCodec, fold, toy_events, toy_header, toy_replay_bytes, write_toy_replay
from engine.replay.validate import validate_replay
from engine.rulesets.registry import register, unregister

N = 50


@pytest.fixture(scope="module")
def data() -> bytes:
    return toy_replay_bytes(N, keyframe_every=8)


def pack(obj: Any) -> bytes:
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


# -- round trip ------------------------------------------------------------------------------------

def test_the_reader_gives_back_what_the_writer_wrote(data: bytes) -> None:
    replay = open_replay(data)
    assert not replay.truncated and replay.cut_reason is None
    assert replay.schema == CURRENT_SCHEMA
    assert replay.header == {"format": "trek-replay", "schema": CURRENT_SCHEMA, **toy_header()}
    assert replay.ruleset == "toy"
    assert list(replay.events()) == list(toy_events(N))
    assert replay.event_count == N
    assert replay.result is not None and replay.result["reason"] == "toy"
    # a keyframe every 8 events, each the state after that many events
    assert [k.events for k in replay.index.keyframes] == list(range(8, N, 8))
    for events, state in replay.keyframes():
        assert state == CODEC.encode_state(fold(N, events))


def test_the_file_is_plain_msgpack_objects_end_to_end(data: bytes) -> None:
    """Any msgpack decoder reads it: a map, then arrays of four, then the trailer as binary."""
    objects = list(msgpack.Unpacker(io.BytesIO(data), raw=False))
    assert objects[0]["format"] == "trek-replay" and objects[0]["schema"] == CURRENT_SCHEMA
    records = objects[1:-1]
    assert all(type(r) is list and len(r) == 4 for r in records)
    # schema 4: the events in blocks, each an array of event bodies
    assert sum(len(msgpack.unpackb(r[3])) for r in records if r[0] == "b") == N
    assert {r[0] for r in records} == {"b", "k", "d", "x"}
    assert records[-1][0] == "x"
    assert objects[-1][:4] == b"TRKX" and len(objects[-1]) == 16
    for kind, _seq, crc, body in records:  # events, keyframes, blocks and definitions are arrays (docs)
        assert crc32(body) == crc and type(msgpack.unpackb(body, raw=False)) is (dict if kind == "x" else list)


def test_the_same_game_gives_the_same_bytes() -> None:
    assert toy_replay_bytes(30) == toy_replay_bytes(30)
    assert toy_replay_bytes(30, seed=2) != toy_replay_bytes(30)


def test_events_from_a_range_seek_through_keyframes(data: bytes) -> None:
    replay = open_replay(data)
    every = list(toy_events(N))
    assert list(replay.events(17, 23)) == every[17:23]
    assert list(replay.events(40)) == every[40:]
    assert list(replay.events(0, 0)) == []
    assert list(replay.events(60)) == []
    assert [e["seq"] for e in replay.typed_events(CODEC, 45)] == list(range(45, N))


def test_state_at_every_event_equals_folding_from_the_start(data: bytes) -> None:
    replay = open_replay(data)
    for n in range(-1, N):
        assert replay.state_at(n, CODEC) == fold(N, n + 1), n


def test_state_at_outside_the_events_says_what_exists(data: bytes) -> None:
    replay = open_replay(data)
    for n in (N, -2, 10**9):
        with pytest.raises(ReplayError, match=f"no event {n}: events are numbered 0 to {N - 1}"):
            replay.state_at(n, CODEC)


def test_a_visitor_sees_header_events_keyframes_and_end_in_file_order(data: bytes) -> None:
    seen: list[Any] = []

    class Recorder(BaseVisitor):
        def on_header(self, header: dict[str, Any]) -> None:
            seen.append(("header", header["ruleset"]))

        def on_event(self, event: dict[str, Any]) -> bool | None:
            seen.append(("event", event["seq"]))
            return None

        def on_keyframe(self, events: int, state: dict[str, Any]) -> None:
            seen.append(("keyframe", events))

        def on_end(self, result: dict[str, Any] | None, truncated: bool) -> None:
            seen.append(("end", truncated))

    open_replay(data).visit(Recorder())
    assert seen[0] == ("header", "toy") and seen[-1] == ("end", False)
    assert seen[1:9] == [("event", i) for i in range(8)] and seen[9] == ("keyframe", 8)
    assert sum(1 for s in seen if s[0] == "event") == N


def test_a_visitor_can_stop_early(data: bytes) -> None:
    class FirstThree(BaseVisitor):
        def __init__(self) -> None:
            self.seqs: list[int] = []
            self.ended = False

        def on_event(self, event: dict[str, Any]) -> bool | None:
            self.seqs.append(event["seq"])
            return len(self.seqs) < 3

        def on_end(self, result: dict[str, Any] | None, truncated: bool) -> None:
            self.ended = True

    v = FirstThree()
    open_replay(data).visit(v)
    assert v.seqs == [0, 1, 2] and v.ended


def test_header_only_open_reads_the_header_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "g.trek"
    write_toy_replay(path, 20)
    replay = open_replay(path, header_only=True)
    assert replay.header["ruleset"] == "toy"
    assert replay._index is None  # the index has not been read yet
    assert replay.event_count == 20  # ...and is read on first need
    # a file whose records are garbage still opens header-only
    raw = path.read_bytes()
    end = replay.header_end
    path.write_bytes(raw[:end] + b"\xc1" * 100)
    assert open_replay(path, header_only=True).header["seed"] == 1
    with pytest.raises(ReplayError):
        open_replay(path)


def test_summary_comes_from_the_index_or_from_reading(data: bytes) -> None:
    whole = open_replay(data).summary()
    cut = open_replay(data[: len(data) - TRAILER_SIZE - 1]).summary()  # no index: counted by reading
    assert whole == cut
    assert sum(whole.events_by_type.values()) == N and whole.rounds == 4


def test_writing_to_a_path_and_the_context_manager(tmp_path: Path) -> None:
    path = tmp_path / "w.trek"
    with ReplayWriter(path, toy_header()) as w:
        for event in toy_events(5):
            w.event(event)
    replay = open_replay(path)
    assert not replay.truncated and replay.event_count == 5 and replay.result is None

    # an exception inside the block leaves a file cut after its last whole record
    with pytest.raises(RuntimeError), ReplayWriter(path, toy_header()) as w:
        for event in toy_events(5):
            w.event(event)
        raise RuntimeError("the engine crashed")
    replay = open_replay(path)
    assert replay.truncated and replay.event_count == 5
    assert "without its index and trailer" in (replay.cut_reason or "")


def test_an_atomic_writer_leaves_nothing_behind_on_failure(tmp_path: Path) -> None:
    path = tmp_path / "a.trek"
    with pytest.raises(RuntimeError), ReplayWriter(path, toy_header(), atomic=True) as w:
        w.event(next(toy_events(1)))
        assert not path.exists()
        raise RuntimeError("stop")
    assert list(tmp_path.iterdir()) == []
    with ReplayWriter(path, toy_header(), atomic=True, fsync=True) as w:
        w.event(next(toy_events(1)))
    assert [p.name for p in tmp_path.iterdir()] == ["a.trek"] and open_replay(path).event_count == 1


def test_a_live_file_reads_as_cut_off_while_it_is_written(tmp_path: Path) -> None:
    path = tmp_path / "live.trek"
    w = ReplayWriter(path, toy_header(), keyframe_every=4)
    events = list(toy_events(10))
    for event in events[:6]:
        w.event(event)
    assert open_replay(path).event_count == 0  # the events wait in their block (up to 64)
    w.flush()  # written now
    live = open_replay(path)
    assert live.truncated and live.event_count == 6 and list(live.events()) == events[:6]
    for event in events[6:]:
        w.event(event)
    assert list(live.events()) == events[:6]  # the snapshot taken at open stays consistent
    w.close({"done": True})
    assert open_replay(path).event_count == 10


# -- the writer refuses what the reader would refuse -----------------------------------------------

@pytest.mark.parametrize(("event", "message"), [
    ({"seq": 1, "type": "x"}, "its seq is 1, expected 0"),
    ({"seq": 0}, "type None is not a string"),
    ({"seq": 0, "type": "x", "when": object()}, "cannot write event 0"),
    ({"seq": 0, "type": "x", "bad": {1: 2}}, "map key"),
    ({"seq": 0, "type": "x", "deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
     "nested deeper than 32"),
    ({"seq": 0, "type": "x", "big": 2**64}, "cannot write event 0"),
    ({"seq": 0, "type": "x", "when": msgpack.Timestamp(1, 0)}, "cannot write event 0"),
])
def test_the_writer_refuses_events_the_reader_would_refuse(event: dict[str, Any], message: str) -> None:
    w = ReplayWriter(io.BytesIO(), toy_header())
    with pytest.raises(ReplayError, match=message):
        w.event(event)


def test_the_writer_checks_the_header_and_keyframes() -> None:
    with pytest.raises(ReplayError, match="must name its ruleset"):
        ReplayWriter(io.BytesIO(), {"seed": 1})
    with pytest.raises(ReplayError, match=f"this writer writes schema {CURRENT_SCHEMA}"):
        ReplayWriter(io.BytesIO(), {"ruleset": "toy", "schema": 1})
    with pytest.raises(ReplayError, match="format"):
        ReplayWriter(io.BytesIO(), {"ruleset": "toy", "format": "other"})
    w = ReplayWriter(io.BytesIO(), toy_header())
    w.keyframe({"a": 1})
    with pytest.raises(ReplayError, match="already one after 0 events"):
        w.keyframe({"a": 1})
    small = ReplayWriter(io.BytesIO(), toy_header(), limits=Limits(max_event_bytes=100))
    with pytest.raises(ReplayError, match="over the limit of 100"):
        small.event({"seq": 0, "type": "x", "text": "y" * 200})
    w.close()
    with pytest.raises(ReplayError, match="closed"):
        w.event({"seq": 0, "type": "x"})
    with pytest.raises(ValueError, match="at least 1"):
        ReplayWriter(io.BytesIO(), toy_header(), keyframe_every=0)


def test_wants_keyframe_every_n_events() -> None:
    w = ReplayWriter(io.BytesIO(), toy_header(), keyframe_every=3)
    wanted = []
    for event in toy_events(10):
        w.event(event)
        wanted.append(w.wants_keyframe)
        if w.wants_keyframe:
            w.keyframe({"n": event["seq"]})
    assert wanted == [False, False, True] * 3 + [False]


# -- damage is found and located -------------------------------------------------------------------

def _record_offsets(data: bytes) -> list[int]:
    u = msgpack.Unpacker(io.BytesIO(data), raw=False)
    offsets = []
    for _ in u:
        offsets.append(u.tell())
    return [0, *offsets[:-1]]


def _event_record(data: bytes, seq: int) -> tuple[int, int, int]:
    """(record number, byte offset, first event) of the record holding event ``seq`` (the header is record 0):
    an event record (schema 3) or a block (schema 4)."""
    objects = list(msgpack.Unpacker(io.BytesIO(data), raw=False))
    number = next(i for i, r in enumerate(objects) if type(r) is list and (
        r[:2] == ["e", seq] or (r[0] == "b" and r[1] <= seq < r[1] + len(msgpack.unpackb(r[3])))))
    return number, _record_offsets(data)[number], objects[number][1]


@pytest.mark.parametrize("schema", [3, CURRENT_SCHEMA])
def test_a_damaged_event_names_its_record_and_byte(schema: int) -> None:
    data = toy_replay_bytes(N, keyframe_every=8, schema=schema)
    number, at, first = _event_record(data, 4)
    what = "event 4" if schema == 3 else f"the block of events from event {first}"
    bad = bytearray(data)
    bad[at + 20] ^= 0x40  # inside the body
    replay = open_replay(bytes(bad))  # the index is sound: the damage shows when the event is read
    with pytest.raises(ReplayError) as err:
        list(replay.events())
    assert err.value.record == number and err.value.offset == at
    assert f"checksum mismatch in {what}" in str(err.value) and f"byte {at}" in str(err.value)
    assert isinstance(err.value, TrekError) and isinstance(err.value, ValueError)
    assert list(replay.events(20)) == list(toy_events(N))[20:]  # a seek past the damage still works
    report = validate_replay(bytes(bad))
    assert not report.sound and f"checksum mismatch in {what}" in report.problems[0]


@pytest.mark.parametrize("schema", [3, CURRENT_SCHEMA])
def test_salvage_reads_up_to_the_damage(schema: int) -> None:
    data = toy_replay_bytes(N, keyframe_every=8, schema=schema)
    _, at, first = _event_record(data, 10)
    bad = bytearray(data)
    bad[at + 20] ^= 0x01
    replay = open_replay(bytes(bad), salvage=True)
    assert replay.truncated and "damaged from byte" in (replay.cut_reason or "")
    assert list(replay.events()) == list(toy_events(N))[: replay.event_count]
    assert replay.event_count == first == (10 if schema == 3 else 8)  # up to the damaged record


def test_salvage_of_a_sound_file_reads_it_whole(data: bytes) -> None:
    replay = open_replay(data, salvage=True)
    assert not replay.truncated and replay.cut_reason is None and replay.index.source == "scan"
    assert replay.event_count == N and replay.result is not None and list(replay.events()) == list(toy_events(N))


def test_validate_checks_keyframes_against_the_events() -> None:
    buf = io.BytesIO()
    w = ReplayWriter(buf, toy_header(), keyframe_every=4)
    state = CODEC.initial_state(toy_header())
    for event in toy_events(10):
        w.event(event)
        state = CODEC.apply(state, event)
        if w.wants_keyframe:
            lie = CODEC.encode_state(state)
            if event["seq"] == 7:
                lie = {**lie, "notes": 99}
            w.keyframe(lie)
    w.close()
    report = validate_replay(buf.getvalue())
    assert not report.sound and report.rules_checked
    assert report.problems == [report.problems[0]] and "keyframe after 8 events disagrees" in report.problems[0]
    assert validate_replay(toy_replay_bytes(10)).sound


def test_codec_failures_become_replay_errors_saying_where() -> None:
    buf = io.BytesIO()
    w = ReplayWriter(buf, toy_header())
    w.event({"seq": 0, "round": 0, "phase": "setup", "type": "ship_moved", "ship": "zz"})
    w.close()
    replay = open_replay(buf.getvalue())
    with pytest.raises(ReplayError, match="event 0 does not fit ruleset 'toy': ValueError: unknown ship 'zz'"):
        replay.state_at(0, CODEC)
    report = validate_replay(buf.getvalue())
    assert not report.sound and "unknown ship" in report.problems[0]


# -- limits ----------------------------------------------------------------------------------------

def _file(*records: bytes, header: dict[str, Any] | None = None) -> bytes:
    body = pack({"format": "trek-replay", "schema": CURRENT_SCHEMA, **(header or {"ruleset": "toy"})})
    return encode_envelope(body) + b"".join(records)


def test_a_huge_declared_length_does_not_allocate() -> None:
    # a record claiming a 4 GiB body, in a tiny file: read as a cut (no trailer), never allocated
    claim = b"\x94\xa1e\x00\xce\x00\x00\x00\x00\xc6\xff\xff\xff\xf0" + b"x" * 50
    replay = open_replay(_file(claim))
    assert replay.truncated and replay.event_count == 0
    # the same claim followed by more data than the buffer cap: refused as too large
    small = Limits(max_header_bytes=1000, max_event_bytes=1000, max_keyframe_bytes=1000, max_index_bytes=1000)
    with pytest.raises(ReplayError, match="larger than the limit"):
        open_replay(_file(claim + b"x" * 5000), limits=small)
    # a header claiming a huge map
    with pytest.raises(ReplayError, match="exceeds max_map_len") as err:
        open_replay(b"\xdf\xff\xff\xff\xff" + b"\x00" * 100)
    assert err.value.record == 0


@pytest.mark.parametrize(("body", "message"), [
    ({"seq": 0, "type": "x", "deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]},
     "nested deeper than 32 levels"),
    ({"seq": 0, "type": "x", "s": "y" * 70_000}, "max_str_len"),
    ({"seq": 0, "type": "x", "a": list(range(70_000))}, "max_array_len"),
    ({"seq": 0, "type": "x", "k": {b"bytes-key": 1}}, "map key of type bytes"),
    ({"seq": 0, "type": "x", "t": msgpack.Timestamp(5, 0)}, "value of type Timestamp"),
    ({"seq": 0, "type": "x", "e": msgpack.ExtType(3, b"zz")}, "extension type 3"),
    ({"seq": 1, "type": "x"}, "body says seq 1"),
    ({"seq": 0, "type": 5}, "no string 'type'"),
])
def test_bodies_outside_the_limits_are_refused(body: dict[str, Any], message: str) -> None:
    payload = pack(body)
    replay = open_replay(_file(encode_record("e", 0, payload)))
    with pytest.raises(ReplayError, match=message) as err:
        list(replay.events())
    assert err.value.record == 1 and err.value.offset is not None


def test_deep_nesting_beyond_the_decoders_stack_is_an_error_not_a_crash() -> None:
    payload = b"\x81\xa1a" + b"\x91" * 5000 + b"\xc0"
    replay = open_replay(_file(encode_record("e", 0, payload)))
    with pytest.raises(ReplayError, match="not valid msgpack"):
        list(replay.events())


def test_files_over_the_size_limit_are_refused_before_reading(data: bytes) -> None:
    with pytest.raises(ReplayError, match="over the limit of 1000"):
        open_replay(data, limits=Limits(max_file_bytes=1000))


@pytest.mark.parametrize(("raw", "message"), [
    (b"", "empty file"),
    (b"\xc1", "not valid msgpack"),
    (pack([1, 2]), "not a trek replay"),
    (pack({"format": "zip"}), "not a trek replay"),
    (pack({"format": "trek-replay", "schema": "2"}), "is not an integer"),
    (pack({"format": "trek-replay", "schema": CURRENT_SCHEMA + 1}), "newer than this reader"),
    (pack({"format": "trek-replay", "schema": 0}), "unknown replay schema 0"),
    (pack({"format": "trek-replay", "schema": 2, "crc32": 0, "header": b"", "x": 1}), "envelope has keys"),
    (pack({"format": "trek-replay", "schema": 2, "crc32": 1, "header": pack({})}), "checksum mismatch in the header"),
    (encode_envelope(pack({"format": "trek-replay", "schema": 1})), "disagrees"),
    (encode_envelope(pack([1])), "not a map"),
    (pack({"format": "trek-replay", "schema": 1, "ruleset": "toy"}), "under 'game'"),
])
def test_bad_headers_say_what_is_wrong(raw: bytes, message: str) -> None:
    with pytest.raises(ReplayError, match=message) as err:
        open_replay(raw)
    assert err.value.offset is not None


def test_records_out_of_order_are_refused() -> None:
    e0, e1 = pack({"seq": 0, "type": "a"}), pack({"seq": 1, "type": "a"})
    with pytest.raises(ReplayError, match="sequence number 1 where 0 events"):
        open_replay(_file(encode_record("e", 1, e1)))
    with pytest.raises(ReplayError, match="unknown record kind 'q'"):
        open_replay(_file(encode_record("q", 0, e0)))
    with pytest.raises(ReplayError, match="expected a record"):
        open_replay(_file(pack([1, 2, 3])))
    with pytest.raises(ReplayError, match="second keyframe"):
        open_replay(_file(encode_record("k", 0, pack({})), encode_record("k", 0, pack({}))))
    with pytest.raises(ReplayError, match="only an 18-byte trailer"):
        data = toy_replay_bytes(3)
        open_replay(data + b"extra bytes after the end of the replay")


def test_registry_finds_codecs_and_says_when_there_is_none() -> None:
    assert codec_for("toy") is CODEC
    with pytest.raises(ReplayError, match="no ruleset registered as 'nonesuch'"):
        codec_for("nonesuch")
    with pytest.raises(ReplayError, match="no ruleset registered as None"):
        codec_for(None)
    with pytest.raises(ReplayError, match="no ruleset registered"):
        codec_for("../../etc")

    class Other(ToyCodec):
        ruleset = "other_game"

    register(dataclasses.replace(TOY, name="other_game", codec=Other()))
    try:
        assert codec_for("other_game").ruleset == "other_game"
    finally:
        unregister("other_game")
    with pytest.raises(ReplayError, match="no ruleset registered as 'other_game'"):
        codec_for("other_game")


# -- the JSON form ---------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [
    {"a": b"\x00\xff", "b": float("inf"), "c": [float("-inf"), {"$bytes": "not really"}], "d": {"$map": 1}},
    {"$float": {"$float": 1}},
    [1, 2.5, None, True, "s", {"k": [b""]}],
])
def test_json_spelling_round_trips(value: Any) -> None:
    assert from_json(to_json(value)) == value


def test_nan_round_trips_through_json() -> None:
    back = from_json(to_json({"x": float("nan")}))
    assert back["x"] != back["x"]


def test_export_and_import_give_back_the_same_bytes(data: bytes) -> None:
    out = io.BytesIO()
    doc = export_json(open_replay(data))
    assert doc["events"][0]["type"] == "game_started" and len(doc["keyframes"]) == 6
    import_json(doc, out)
    assert out.getvalue() == data


def test_import_refuses_bad_documents() -> None:
    with pytest.raises(ReplayError, match="not a replay in JSON form"):
        import_json({"format": "x"}, io.BytesIO())
    doc = export_json(open_replay(toy_replay_bytes(5, keyframe_every=2)))
    with pytest.raises(ReplayError, match="in order"):
        import_json({**doc, "keyframes": doc["keyframes"][::-1]}, io.BytesIO())
    with pytest.raises(ReplayError, match="outside its events"):
        import_json({**doc, "keyframes": [{"events": 9, "state": {}}]}, io.BytesIO())
    with pytest.raises(ReplayError, match="seq is 3, expected 1"):
        import_json({**doc, "events": [doc["events"][0], doc["events"][3]], "keyframes": []}, io.BytesIO())
    with pytest.raises(ReplayError, match="base64"):
        from_json({"$bytes": "!!"})


def test_blocks_gather_events_and_a_large_event_stands_alone() -> None:
    """Schema 4: events go in blocks of at most 64 (writer.BLOCK_EVENTS), ended by a keyframe; an event too
    large for a block (over 4 KiB) is an event record of its own, between blocks."""
    buf = io.BytesIO()
    w = ReplayWriter(buf, toy_header(), keyframe_every=100)
    events = [{"seq": i, "type": "note", "text": "x" * (5000 if i == 70 else 10)} for i in range(150)]
    for event in events:
        w.event(event)
        if w.wants_keyframe:
            w.keyframe({"n": event["seq"] + 1})
    w.close()
    records = [r for r in msgpack.Unpacker(io.BytesIO(buf.getvalue()), raw=False) if type(r) is list]
    kinds = [(r[0], r[1], len(msgpack.unpackb(r[3])) if r[0] == "b" else None) for r in records if r[0] != "d"]
    assert kinds == [("b", 0, 64), ("b", 64, 6), ("e", 70, None), ("b", 71, 29), ("k", 100, None),
                     ("b", 100, 50), ("x", 150, None)]
    replay = open_replay(buf.getvalue())
    assert list(replay.events()) == events and list(replay.events(69, 72)) == events[69:72]
    assert replay.summary().events_by_type == {"note": 150} and not replay.truncated

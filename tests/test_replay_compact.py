"""Schema 3's compact bodies (engine/replay/compact.py, docs/replay-format.md "Compact bodies").

What the format promises, checked here:
- any plain map the writer is given reads back equal, keys in the same order (arrays of values
  by declared shapes, short strings by number);
- a replay is at most half the bytes of the JSON lines of its events, keyframes included (issue 20);
- declarations and compact maps are untrusted input: anything that does not fit is a ReplayError
  naming the record, never another exception.
"""

from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.replay import ReplayError, ReplayWriter, compact, open_replay
from engine.replay.compact import MAX_KEYS, CompactEncoder, Tables
from engine.replay.format import DEFAULT_LIMITS, encode_envelope, encode_record, encode_trailer
from engine.replay.jsonform import to_json
from engine.replay.testing import CODEC, fold, toy_events, toy_replay_bytes

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False) \
    | st.text(max_size=40) | st.binary(max_size=8)
keys = st.sampled_from(["seq", "type", "ship", "pose", "x", "y", "kind", "dice", "faces", "note"]) | st.text(max_size=6)
plain = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=6)
                     | st.lists(st.lists(st.text(max_size=3) | st.integers(0, 9), min_size=2, max_size=2), max_size=4)
                     | st.lists(st.fixed_dictionaries({"x": st.floats(allow_nan=False), "k": st.text(max_size=3)}),
                                max_size=4), max_leaves=25)


def round_trip(maps: list[dict[str, Any]], *, event: bool) -> list[dict[str, Any]]:
    """Encode maps as the writer does, then decode them as the reader does (through msgpack bytes)."""
    encoder, tables, out = CompactEncoder(DEFAULT_LIMITS), Tables(), []
    for seq, obj in enumerate(maps):
        body = msgpack.packb(encoder.body(obj, event=event), use_bin_type=True)
        definitions = encoder.definitions()
        if definitions is not None:
            tables.declare(msgpack.unpackb(msgpack.packb(definitions), raw=False))
        decoded = msgpack.unpackb(body, raw=False)
        out.append(tables.decode(decoded, seq, DEFAULT_LIMITS.max_depth) if type(decoded) is list else decoded)
    return out


@SETTINGS
@given(st.lists(st.dictionaries(keys, plain, max_size=8), min_size=1, max_size=6))
def test_any_plain_map_reads_back_equal_with_its_key_order(maps: list[dict[str, Any]]) -> None:
    back = round_trip(maps, event=False)
    assert back == maps and [list(m) for m in back] == [list(m) for m in maps]


def test_an_events_seq_is_the_records_own() -> None:
    events = list(toy_events(50))
    assert round_trip(events, event=True) == events
    encoder = CompactEncoder(DEFAULT_LIMITS)
    body = encoder.body({"seq": 0, "type": "hello"}, event=True)
    assert body == [0, "hello"] and encoder.definitions() == [[], [[["seq", "type"], ["#", "s"]]]]


def test_strings_met_again_are_declared_once_and_long_ones_stay_inline() -> None:
    reason = "a reason longer than thirty-two characters, as the AI writes them"
    encoder = CompactEncoder(DEFAULT_LIMITS)
    assert encoder.body({"ship": "A1", "why": reason}, event=False) == [0, "A1", reason]  # met once: inline
    assert encoder.definitions() == [[], [[["ship", "why"], ["s", "s"]]]]
    assert encoder.body({"ship": "A1", "why": reason}, event=False) == [0, 0, reason]  # met again: declared
    assert encoder.definitions() == [["A1"], []]
    assert encoder.body({"ship": "A1", "why": reason}, event=False) == [0, 0, reason]
    assert encoder.definitions() is None


def test_a_tables_strings_are_declared_row_by_row() -> None:
    """A table's strings (a dial's rows) are declared in the order the rows hold them, whether all were
    declared before (numbered column by column) or not (taken row by row)."""
    encoder = CompactEncoder(DEFAULT_LIMITS)
    dial = [["straight", 1, "white"], ["bank", 2, "green"], ["turn", 3, "white"]]
    # met once: inline, but "white", met again in the third row, is declared there
    assert encoder.body({"dial": dial}, event=False) == [0, [["straight", 1, "white"], ["bank", 2, "green"],
                                                             ["turn", 3, 0]]]
    assert encoder.definitions() == [["white"], [[["dial"], [["T", ["s", "v", "s"]]]]]]
    rows = [[1, 1, 0], [2, 2, 3], [4, 3, 0]]
    assert encoder.body({"dial": dial}, event=False) == [0, rows]  # the rest declared row by row
    assert encoder.definitions() == [["straight", "bank", "green", "turn"], []]
    assert encoder.body({"dial": dial}, event=False) == [0, rows]  # all declared before
    assert encoder.definitions() is None
    assert round_trip([{"dial": dial}] * 3, event=False) == [{"dial": dial}] * 3


def test_a_map_past_the_shapes_is_stored_plain() -> None:
    wide = {f"k{i}": i for i in range(MAX_KEYS + 1)}
    assert CompactEncoder(DEFAULT_LIMITS).body(wide, event=False) == wide
    assert round_trip([wide, {"a": [wide]}], event=False) == [wide, {"a": [wide]}]


def test_a_replay_is_at_most_half_the_json_lines_of_its_events() -> None:
    """Issue 20: keyframes, definitions, index and header included (the bench's game, shorter)."""
    n = 3000
    data = toy_replay_bytes(n, keyframe_every=256)
    json_lines = sum(len(json.dumps(to_json(e), separators=(",", ":"))) + 1 for e in toy_events(n))
    assert len(data) <= 0.5 * json_lines
    replay = open_replay(data)
    assert list(replay.events()) == list(toy_events(n))
    assert replay.state_at(n - 1, CODEC) == fold(n, n) and replay.state_at(700, CODEC) == fold(n, 701)


def test_seeking_reads_the_definitions_before_the_keyframe() -> None:
    """A seek past the first keyframes needs the strings and shapes declared before them (the index lists
    where); a second seek reuses what the reader declared."""
    n = 600
    replay = open_replay(toy_replay_bytes(n, keyframe_every=64))
    assert len(replay.index.definitions) >= 3
    for k in (n - 1, 130, 64, 63, 599, 0):
        assert replay.state_at(k, CODEC) == fold(n, k + 1)
        assert list(replay.events(k, k + 3)) == list(toy_events(n))[k:k + 3]


# -- hostile files ---------------------------------------------------------------------------------

def pack(obj: Any) -> bytes:
    out: bytes = msgpack.packb(obj, use_bin_type=True)
    return out


def hand_made(definitions: Any, body: Any, schema: int = 3, block: bool | None = None) -> bytes:
    """A complete file: one definitions record, then one event with ``body``: an event record (by default in
    schema 3) or a block of one event (by default in schema 4)."""
    header = encode_envelope(pack({"format": "trek-replay", "schema": schema, "ruleset": "toy", "seed": 1}), schema)
    d = encode_record("d", 0, pack(definitions))
    e = encode_record("b", 0, pack([body])) if (schema >= 4 if block is None else block) \
        else encode_record("e", 0, pack(body))
    index = encode_record("x", 1, pack({"events": 1, "keyframes": [], "result": None,
                                        "summary": {"types": {"hello": 1}, "rounds": None},
                                        "definitions": [len(header)]}))
    start = len(header) + len(d) + len(e)
    return header + d + e + index + encode_trailer(start)


GOOD = [["hello"], [[["seq", "type"], ["#", "s"]]]]


@pytest.mark.parametrize("schema", [3, 4])
def test_a_hand_made_file_reads(schema: int) -> None:
    assert list(open_replay(hand_made(GOOD, [0, 0], schema)).events()) == [{"seq": 0, "type": "hello"}]
    assert list(open_replay(hand_made(GOOD, [0, 0], 4, block=False)).events()) == [{"seq": 0, "type": "hello"}]


@pytest.mark.parametrize(("block", "message"), [
    ([], "not a non-empty array of event bodies"),
    ({"seq": 0}, "not a non-empty array of event bodies"),
    ([[0, 0], [0, 0]], "the file holds 2"),  # the index counts one event
    ([[0, 0], [1, 0]], "names shape 1"),
])
def test_a_block_that_is_not_its_events_is_an_error(block: Any, message: str) -> None:
    header = encode_envelope(pack({"format": "trek-replay", "schema": 4, "ruleset": "toy", "seed": 1}), 4)
    d = encode_record("d", 0, pack(GOOD))
    b = encode_record("b", 0, pack(block))
    index = encode_record("x", 1, pack({"events": 1, "keyframes": [], "result": None,
                                        "summary": {"types": {"hello": 1}, "rounds": None},
                                        "definitions": [len(header)]}))
    data = header + d + b + index + encode_trailer(len(header) + len(d) + len(b))
    replay = open_replay(data)
    with pytest.raises(ReplayError, match=message) as err:
        for rec in replay.records():  # (every event, also past the index's count)
            replay.event_body(rec)
    assert err.value.offset is not None


def test_a_block_in_a_schema_3_file_is_refused() -> None:
    with pytest.raises(ReplayError, match="unknown record kind 'b'"):
        list(open_replay(hand_made(GOOD, [0, 0], 3, block=True)).events())


@pytest.mark.parametrize(("definitions", "body", "message"), [
    (GOOD, [1, 0], "names shape 1, which is not declared"),
    (GOOD, [-1, 0], "names shape -1"),
    (GOOD, [0, 5], "does not fit its shape"),  # string 5 is not declared
    (GOOD, [0, -1], "does not fit its shape"),
    (GOOD, [0, 0, 7], "does not fit its shape"),  # one value too many
    (GOOD, [0, None], "no string .type."),  # nil fits any tag, but an event needs its type
    (GOOD, [], "names shape None"),
    ([["hello"], [[["seq", "seq"], ["#", "s"]]]], [0, 0], "distinct string keys"),
    ([["hello"], [[["seq", "type"], ["#", "x"]]]], [0, 0], "not one of the tags"),
    ([["hello"], [[["seq", "type"], ["#", "s"]], [3, ["v"]]]], [0, 0], "neither a list nor an earlier shape"),
    ([["x" * 200], []], [0], "at most 128 bytes"),
    ([["hello"]], [0], "two lists"),
    ({"strings": ["hello"]}, [0], "two lists"),
    ([["hello"], [[["seq", "type", "p"], ["#", "s", "m"]]]], "deep", "nested deeper than"),
])
@pytest.mark.parametrize("schema", [3, 4])
@pytest.mark.parametrize("decoders", ["positional", "compiled"])
def test_what_does_not_fit_is_an_error_naming_the_record(definitions: Any, body: Any, message: str,
                                                         schema: int, decoders: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    compact.forget_decoders()  # (then a shape's decoder is compiled at its first declaration, or never here)
    monkeypatch.setattr(compact, "COMPILE_AFTER", 0 if decoders == "compiled" else 10**9)
    if body == "deep":  # a map whose own shape holds it, 40 deep: stopped by the nesting limit
        body = [0, 0, None]
        for _ in range(40):
            body = [0, 0, body]
    data = hand_made(definitions, body, schema)
    with pytest.raises(ReplayError, match=message) as err:
        list(open_replay(data).events())
    assert err.value.offset is not None


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.integers(-3, 3) | st.none() | st.text(max_size=2), lambda inner: st.lists(inner, max_size=4),
                    max_leaves=12))
def test_random_compact_bodies_are_read_or_refused(body: Any) -> None:
    definitions = [["hello", "s"], [[["seq", "type"], ["#", "s"]], [["a", "b", "c"], ["m", "M", ["T", ["s", "v"]]]],
                                    [1, ["S", "s", "v"]]]]
    for schema in (3, 4):
        try:
            events = list(open_replay(hand_made(definitions, body, schema)).events())
        except ReplayError:
            continue
        assert events[0]["seq"] == 0 and type(events[0]["type"]) is str


def test_the_writer_refuses_what_the_reader_would_and_stays_consistent() -> None:
    buf = io.BytesIO()
    writer = ReplayWriter(buf, {"ruleset": "toy", "seed": 1})
    with pytest.raises(ReplayError, match="type set"):
        writer.event({"seq": 0, "type": "fresh", "bad": {1, 2}})
    writer.event({"seq": 0, "type": "fresh"})  # what the refused event declared is not half-written
    writer.close()
    assert list(open_replay(buf.getvalue()).events()) == [{"seq": 0, "type": "fresh"}]


ALL_TAGS = [["hello", "s"], ((("seq", "type"), ("#", "s")), (("a", "b", "c", "d"), ("m", "M", ("T", ("s", "v")), "v")),
                             (1, ("S", "s", "v", "v")))]
# Wider than one positional decoder (positional.py's WIDEST keys): read in parts, also where a "#" is not first
# (a "#" only ever stands for the key "seq": a shape with it on any other key is refused, issue 34)
_WIDE: tuple[Any, ...] = ("v", "s", "#", *["S", "v", "s", "m", "M"] * 7, ("T", ("v", "s")), "v", "v", "s")
WIDE_KEYS = tuple("seq" if i == 2 else f"k{i}" for i in range(len(_WIDE)))
WIDE_TAGS = [["hello", "s"], ((WIDE_KEYS, _WIDE), (("x",), ("s",)))]


def _decode_with(mode: str, body: Any, definitions: Any = ALL_TAGS) -> tuple[str, Any]:
    """What the decoders of the declared shapes, all positional or all compiled, make of ``body``."""
    compact.forget_decoders()
    compact.COMPILE_AFTER = 0 if mode == "compiled" else 10**9
    tables = Tables()
    tables.declare(definitions)
    try:
        return "read", tables.decode(body, 7, 6)
    except ValueError as exc:
        return "refused", str(exc).split(" (")[0]


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.integers(-3, 3) | st.none() | st.text(max_size=2) | st.floats(allow_nan=False)
                    | st.booleans(), lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=1),
                                                                                               inner, max_size=2),
                    max_leaves=16))
def test_a_shapes_positional_decoder_reads_and_refuses_what_its_compiled_one_does(body: Any) -> None:
    """A shape's bodies are decoded by positional.py's decoder of its width until the shape is declared
    often enough, then by code compiled for it: the two give the same maps, keys in the same order, and
    refuse the same bodies."""
    before = compact.COMPILE_AFTER
    try:
        for number in range(3):
            candidate = [number, *body] if type(body) is list else [number, body]
            positional, compiled = _decode_with("positional", candidate), _decode_with("compiled", candidate)
            assert positional == compiled
            if positional[0] == "read":
                assert list(positional[1]) == list(compiled[1])
    finally:
        compact.COMPILE_AFTER = before
        compact.forget_decoders()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.none() | st.integers(-1, 2) | st.text(max_size=1) | st.lists(st.integers(0, 1) | st.none(),
                                                                                  max_size=2)
                | st.just([1, 0]) | st.just([[1, "x"]]), min_size=len(WIDE_KEYS) - 2, max_size=len(WIDE_KEYS)))
@example([None] * (len(WIDE_KEYS) - 1))
@example([1, 0, *[[0], 5, 0, [1, 0], [[1, 1]]] * 7, [[1.5, 0]], 7, 2, 0])
def test_a_wide_shape_is_read_in_parts_as_its_compiled_decoder_reads_it(values: list[Any]) -> None:
    """More keys than one positional decoder holds, a "#" not first: the parts give the map in the shape's
    key order, the record's seq where each "#" is, and refuse what the compiled decoder refuses."""
    before = compact.COMPILE_AFTER
    try:
        body = [0, *values]
        positional, compiled = _decode_with("positional", body, WIDE_TAGS), _decode_with("compiled", body, WIDE_TAGS)
        assert positional == compiled
        if positional[0] == "read":
            assert tuple(positional[1]) == WIDE_KEYS and positional[1]["seq"] == 7
    finally:
        compact.COMPILE_AFTER = before
        compact.forget_decoders()


def test_a_shape_is_compiled_once_it_has_been_declared_enough() -> None:
    """A ruleset's first files are read by positional decoders (no code compiled); a shape declared in more
    files than COMPILE_AFTER gets a compiled decoder, kept for its next declarations."""
    compact.forget_decoders()
    decoders = []
    for _ in range(compact.COMPILE_AFTER + 2):
        tables = Tables()
        tables.declare(ALL_TAGS)
        decoders.append(tables.decoders[0])
        assert tables.decode([0, 0], 3, 6) == {"seq": 3, "type": "hello"}
    positional, compiled = decoders[:compact.COMPILE_AFTER], decoders[compact.COMPILE_AFTER:]
    assert {d.__qualname__ for d in positional} == {"seq1.<locals>.decode"}
    assert {d.__qualname__ for d in compiled} == {"make.<locals>.decode"} and compiled[0] is compiled[1]
    compact.forget_decoders()


def test_the_positional_decoders_are_the_generators_output() -> None:
    """engine/replay/positional.py is written by scripts/make_positional.py: a stale copy is an error."""
    spec = importlib.util.spec_from_file_location("make_positional", ROOT / "scripts" / "make_positional.py")
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    assert (ROOT / "engine" / "replay" / "positional.py").read_text(encoding="utf-8") == generator.source()


@pytest.mark.parametrize("name", ["duel-seed7", "alliance-act1-seed4", "fc-standard-seed27", "toy-v4"])
def test_a_real_game_reads_the_same_through_positional_and_compiled_decoders(name: str,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = Path(__file__).parent / "golden" / f"{name}.trek"
    read: dict[str, Any] = {}
    for mode, after in (("positional", 10**9), ("compiled", 0)):
        compact.forget_decoders()
        monkeypatch.setattr(compact, "COMPILE_AFTER", after)
        replay = open_replay(path)
        read[mode] = [repr(e) for e in replay.events()], [repr(s) for _, s in replay.keyframes()]  # (order and types)
    compact.forget_decoders()
    assert read["positional"] == read["compiled"] and read["compiled"][0]

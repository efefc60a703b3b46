"""Golden replay files, one per schema: old files keep opening, and the writer's bytes do not drift.

tests/golden/toy-v1.trek to toy-v4.trek hold the same toy game in schemas 1 to 4 (written by
tests/golden/make_golden.py; schema 3 by ReplayWriter(schema=3)). If the v4 test fails, the writer's
output changed: that needs a new schema, an upgrade function and a new golden file, not a
regenerated one.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from engine.replay import CURRENT_SCHEMA, SUPPORTED_SCHEMAS, open_replay
from engine.replay.testing import (
    CODEC,
    GOLDEN_EVENTS,
    GOLDEN_KEYFRAME_EVERY,
    fold,
    toy_events,
    toy_replay_bytes,
    write_legacy,
)
from engine.replay.upgrade import UPGRADES, chain
from engine.replay.validate import validate_replay

GOLDEN = Path(__file__).parent / "golden"
DOC = Path(__file__).parent.parent / "docs" / "replay-format.md"


def test_there_is_a_golden_file_for_every_schema() -> None:
    for schema in SUPPORTED_SCHEMAS:
        assert (GOLDEN / f"toy-v{schema}.trek").is_file()
    assert [u.from_schema for u in chain(1)] == list(range(1, CURRENT_SCHEMA))
    assert all(u.summary for u in UPGRADES.values())


def test_the_writer_still_writes_the_current_golden_file_byte_for_byte() -> None:
    golden = (GOLDEN / f"toy-v{CURRENT_SCHEMA}.trek").read_bytes()
    assert toy_replay_bytes(GOLDEN_EVENTS, keyframe_every=GOLDEN_KEYFRAME_EVERY) == golden


def test_the_legacy_writer_still_writes_the_retired_golden_files(tmp_path: Path) -> None:
    for schema in range(1, CURRENT_SCHEMA):
        write_legacy(tmp_path / f"v{schema}.trek", GOLDEN_EVENTS, schema=schema, keyframe_every=GOLDEN_KEYFRAME_EVERY)
        assert (tmp_path / f"v{schema}.trek").read_bytes() == (GOLDEN / f"toy-v{schema}.trek").read_bytes()


def test_every_schema_reads_to_the_same_game() -> None:
    current = open_replay(GOLDEN / f"toy-v{CURRENT_SCHEMA}.trek")
    for schema in SUPPORTED_SCHEMAS:
        old = open_replay(GOLDEN / f"toy-v{schema}.trek")
        assert old.schema == schema and not old.truncated
        assert old.header == current.header  # upgraded: 'game' became 'ruleset', schema is current
        assert old.header["schema"] == CURRENT_SCHEMA and old.ruleset == "toy"
        assert list(old.events()) == list(toy_events(GOLDEN_EVENTS))
        assert list(old.keyframes()) == list(current.keyframes())
        assert old.result == current.result
        assert old.summary() == current.summary()
        for n in range(-1, GOLDEN_EVENTS):
            assert old.state_at(n, CODEC) == fold(GOLDEN_EVENTS, n + 1)
        report = validate_replay(GOLDEN / f"toy-v{schema}.trek")
        assert report.sound and report.rules_checked, report.problems
        if schema < CURRENT_SCHEMA:
            assert "read through the upgrades" in report.notes[0]


def test_the_v1_file_has_no_checksums_and_the_old_header_key() -> None:
    import msgpack

    objects = list(msgpack.Unpacker(io.BytesIO((GOLDEN / "toy-v1.trek").read_bytes()), raw=False))
    assert objects[0]["schema"] == 1 and objects[0]["game"] == "toy" and "ruleset" not in objects[0]
    assert all(len(r) == 3 and type(r[2]) is dict for r in objects[1:-1])


def test_the_reader_in_the_format_document_reads_the_golden_file() -> None:
    """docs/replay-format.md is enough to write a reader: its forty-line reader (msgpack + zlib) works."""
    code = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)[-1]
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    current = GOLDEN / f"toy-v{CURRENT_SCHEMA}.trek"
    header, events, index = namespace["read_trek"](current.read_bytes())
    replay = open_replay(current)
    assert header == replay.header and events == list(replay.events())
    assert index["keyframes"] == [[k.events, k.offset] for k in replay.index.keyframes]

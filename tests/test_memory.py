"""Memory stays a small multiple of a file's size, whatever the file holds (issue 21).

Each case runs `trek` in a subprocess on a hostile file and reads its peak resident memory; the
same command on a tiny sound file, in the same run, is the baseline (the interpreter and the
imports). The bounds are the ones docs/replay-format.md ("Memory") documents.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from engine.replay import ReplayWriter, open_replay
from engine.replay.format import CURRENT_SCHEMA, FORMAT_NAME, KIND_INDEX, encode_envelope, encode_record, encode_trailer
from engine.replay.testing import toy_header, write_toy_replay

ROOT = Path(__file__).resolve().parent.parent
TINY = str(ROOT / "tests" / "golden" / "toy-v2.trek")
MiB = 1 << 20

PEAK = """
import contextlib, io, resource, sys
from trek.main import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(sys.argv[1:])
print(code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_kib(*argv: str) -> tuple[int, int]:
    """(exit status, peak resident KiB) of `trek ARGV` in a fresh process."""
    out = subprocess.run([sys.executable, "-c", PEAK, *argv], capture_output=True, text=True, cwd=ROOT,
                         timeout=300, check=True).stdout.split()
    return int(out[0]), int(out[1])


def empty_maps_index(path: Path, lists: int) -> Path:
    """A replay whose index holds ``lists`` x 65,536 empty maps (one byte each in msgpack)."""
    header = msgpack.packb({"format": FORMAT_NAME, "schema": CURRENT_SCHEMA, "ruleset": "toy", "seed": 1},
                           use_bin_type=True)
    envelope = encode_envelope(header)
    index = msgpack.packb({"events": 0, "keyframes": [], "result": {"x": [[{}] * 65_536] * lists},
                           "summary": None}, use_bin_type=True)
    path.write_bytes(envelope + encode_record(KIND_INDEX, 0, index) + encode_trailer(len(envelope)))
    return path


def many_dice(path: Path, tmp: Path) -> Path:
    """A real game with 60,000 dice in one roll (written through the writer: the framing is sound)."""
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    play(load_scenario("duel"), 3, tmp / "duel.trek")
    replay = open_replay(tmp / "duel.trek")
    events = list(replay.events())
    i = next(k for k, e in enumerate(events) if e["type"] == "dice_rolled")
    events[i]["faces"] = ["crit"] * 60_000
    with ReplayWriter(path, replay.header, keyframe_every=10**6) as writer:
        for event in events:
            writer.event(event)
        writer.close(replay.result)
    return path


def json_form(path: Path, events: list[dict[str, object]]) -> Path:
    doc = {"format": "trek-replay-json", "schema": 2, "source_schema": 2, "header": toy_header(1),
           "events": events, "keyframes": [], "result": None, "truncated": False}
    path.write_text(json.dumps(doc, separators=(",", ":")), encoding="utf-8")
    return path


def compact_keyframe(path: Path) -> Path:
    """A keyframe of 30,000 compact maps of 256 keys, every value one byte (7.8 MB; it took 907 MB when a
    shape could store its keys' values as the record's seq, in no bytes at all)."""
    row = {f"k{i:03d}": 0 for i in range(256)}
    with ReplayWriter(path, toy_header(1), keyframe_every=10**6) as writer:
        writer.event({"seq": 0, "type": "x"})
        writer.keyframe({"rows": [row] * 30_000})
        writer.event({"seq": 1, "type": "x"})
        writer.close(None)
    return path


def test_memory_is_a_small_multiple_of_the_file(tmp_path: Path) -> None:
    campaign = tmp_path / "c.json"
    assert peak_kib("campaign", "new", str(campaign))[0] == 0
    doc = json.loads(campaign.read_text())
    long_log = tmp_path / "long-log.json"
    long_log.write_text(json.dumps({**doc, "log": ["ab"] * 190_000}, separators=(",", ":")))
    write_toy_replay(tmp_path / "long.trek", 30_000)
    small_json = json_form(tmp_path / "small.json", [])
    cases = [
        # (the command, the hostile file, the same command's sound tiny file, bound in multiples of the
        # hostile file's size, its exit status)
        (("replay", "info"), empty_maps_index(tmp_path / "maps.trek", 30), TINY, 12, 2),
        (("replay", "validate"), empty_maps_index(tmp_path / "maps2.trek", 30), TINY, 12, 1),
        (("replay", "validate"), many_dice(tmp_path / "dice.trek", tmp_path), TINY, 12, 1),
        (("replay", "export", "-o", str(tmp_path / "x.json")), tmp_path / "long.trek", TINY, 2, 0),
        (("replay", "import", "-o", str(tmp_path / "y.trek")), json_form(tmp_path / "empty.json", [{}] * 300_000),
         small_json, 12, 2),
        (("replay", "import", "-o", str(tmp_path / "z.trek")),
         json_form(tmp_path / "dense.json", [{"seq": k, "type": "ab", "round": 0, "phase": "x"}
                                             for k in range(20_000)]), small_json, 30, 0),
        (("campaign", "status"), long_log, campaign, 12, 2),
        # a map entry takes about 40 bytes in memory and one or two in a compact body; `export` holds the
        # decoded keyframe and its JSON-ready copy at once (docs/replay-format.md, "Memory")
        (("replay", "state", "--at", "1", "--json"), compact_keyframe(tmp_path / "kf.trek"), TINY, 40, 2),
        (("replay", "export", "-o", str(tmp_path / "kf.json")), tmp_path / "kf.trek", TINY, 64, 0),
    ]
    for argv, path, tiny, bound, status in cases:
        _, base = peak_kib(argv[0], argv[1], str(tiny), *argv[2:])
        code, peak = peak_kib(argv[0], argv[1], str(path), *argv[2:])
        size = path.stat().st_size
        extra = max(peak - base, 0) * 1024
        assert code == status, (argv, code)
        assert extra <= bound * size + 8 * MiB, f"{' '.join(argv)} on {path.name} ({size} bytes): {extra / MiB:.0f} " \
            f"MiB over the baseline, more than {bound}x the file"


@pytest.mark.parametrize("lists", [120])
def test_the_index_of_millions_of_empty_maps_is_refused_early(tmp_path: Path, lists: int) -> None:
    """The issue's case: an 8 MB file whose index holds millions of empty maps (720 MB before)."""
    path = empty_maps_index(tmp_path / "maps.trek", lists)
    code, peak = peak_kib("replay", "info", str(path))
    _, base = peak_kib("replay", "info", TINY)
    assert code == 2 and (peak - base) * 1024 <= 12 * path.stat().st_size

"""Files from strangers (issue 34, items 14-22): each input named here once printed a traceback, reached
the terminal raw, passed a forgery as sound or blew up in size; each test names the input and what
trek must answer instead (docs/files.md: one line on stderr and exit 2, or unsound, never a traceback).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from fuzzing import _write_replay

from engine.replay import open_replay
from trek.main import main

RAW = ("\x1b", "\u202e", "\u2066", "\x00")  # ESC, RIGHT-TO-LEFT OVERRIDE, LEFT-TO-RIGHT ISOLATE, NUL


def run(*argv: str) -> tuple[int, str, str]:
    """`trek ARGV` in this process: exit status, stdout, stderr (a traceback fails the test)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 2
    return status, out.getvalue(), err.getvalue()


def refused(status: int, err: str) -> bool:
    """Exit 2 with one line on stderr: how trek refuses a bad file."""
    return status == 2 and err.count("\n") == 1 and "Traceback" not in err


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from engine.rulesets.attack_wing.play import play
    from engine.rulesets.attack_wing.scenario import load_scenario

    path = tmp_path_factory.mktemp("duel") / "duel.trek"
    play(load_scenario("duel"), 3, path, players=("ai", "ai"))
    return path


def parts(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
    replay = open_replay(path)
    return copy.deepcopy(replay.header), list(replay.events()), replay.result


def rewrite(path: Path, header: dict[str, Any], events: list[dict[str, Any]], result: Any) -> Path:
    assert _write_replay(path, header, events, result)
    return path


def older_engine(source: Path, target: Path, change: Any) -> Path:
    """``source`` claiming an older engine (so the re-play by today's rules is not a verdict), with one
    event changed by ``change(events)``: what the viewer, screenshot and notation export still open."""
    header, events, result = parts(source)
    header["engine_version"] = "0.9.0"
    change(events)
    return rewrite(target, header, events, result)


def _started(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "game_started")


# -- 17: tracebacks -------------------------------------------------------------------------------

def test_an_empty_damage_deck_is_refused_by_screenshot_and_notation_export(duel: Path, tmp_path: Path) -> None:
    """game_started's deck [] (a file of another engine): the first damage card had no deck to come from
    (IndexError in reduce_combat.py)."""
    path = older_engine(duel, tmp_path / "deck.trek", lambda ev: _started(ev).update(deck=[]))
    from engine.replay import ReplayError
    from engine.replay_timeline import load_timeline

    with pytest.raises(ReplayError, match="damage deck and its discard pile are empty"):
        load_timeline(path)  # screenshot, render and the viewer open a replay through it
    status, _, err = run("notation", "export", str(path))
    assert refused(status, err) and "no card to deal" in err


def test_an_infinite_firing_arc_does_not_fit_the_ruleset(duel: Path, tmp_path: Path) -> None:
    """ships[0].front_arc Infinity: the studio's base print took sin(inf) (math domain error)."""
    def arc(events: list[dict[str, Any]]) -> None:
        _started(events)["ships"][0]["front_arc"] = float("inf")

    path = older_engine(duel, tmp_path / "arc.trek", arc)
    from engine.replay import ReplayError
    from engine.replay_timeline import load_timeline

    with pytest.raises(ReplayError, match="front_arc: Input should be a finite number"):
        load_timeline(path)
    status, _, _ = run("replay", "validate", str(path))
    assert status == 1


def test_an_action_the_notation_has_no_word_for_is_refused_by_notation_export(duel: Path, tmp_path: Path) -> None:
    """action_performed's action 'foo' (KeyError in notation/writer.py)."""
    def action(events: list[dict[str, Any]]) -> None:
        next(e for e in events if e["type"] == "action_performed")["action"] = "foo"

    path = older_engine(duel, tmp_path / "action.trek", action)
    status, out, err = run("notation", "export", str(path))
    assert refused(status, err) and "'foo'" in err and not out


def test_a_lone_surrogate_in_a_space_dock_file_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """upgradeTitle "...\\ud800" (JSON's escape of a lone surrogate): the report could not be printed
    (UnicodeEncodeError), after the fleet file was written."""
    doc = json.loads((Path(__file__).parent / "fleet_formats" / "federation.spacedock").read_text(encoding="utf-8"))
    doc["ships"][0]["upgrades"][0] |= {"upgradeTitle": "Photon Torpedoes\ud800", "upgradeId": "99999"}
    source = tmp_path / "s.spacedock"
    source.write_text(json.dumps(doc), encoding="utf-8")  # ASCII: the surrogate is an escape in the text
    out = tmp_path / "fleet.json"
    status, _, err = run("fleet", "import", str(source), "-o", str(out))
    assert refused(status, err) and "lone surrogate (\\ud800)" in err
    assert not out.exists()


def _batch_folder(tmp_path: Path, row: Any) -> Path:
    folder = tmp_path / "batch"
    (folder / "rows").mkdir(parents=True)
    (folder / "replays").mkdir()
    (folder / "replays" / "seed-000001.trek").write_bytes(b"")
    text = row if isinstance(row, str) else json.dumps(row)
    (folder / "rows" / "seed-000001.json").write_text(text, encoding="utf-8")
    return folder


ROW: dict[str, Any] = {
    "seed": 1, "game": "attack_wing", "scenario": "duel", "engine_version": "0.10.0", "events": 57, "rounds": 2,
    "outcome": "Federation", "result": {"winner": 0, "reason": "Federation scored more Fleet Points",
                                        "points": [95, 89], "ships_lost": [0, 0], "rounds": 2},
    "sides": [{"side": 0, "name": "Federation", "faction": "Federation", "fleet_points": 31, "points_scored": 95,
               "attacks": 1, "actual_damage": 0, "expected_damage": 0.9658, "mean_percentile": 0.2109},
              {"side": 1, "name": "Klingon", "faction": "Klingon", "fleet_points": 25, "points_scored": 89,
               "attacks": 1, "actual_damage": 2, "expected_damage": 2.6265, "mean_percentile": 0.2749}],
    "table": [914.4, 914.4],
    "losses": [{"ship": "P1", "name": "Akira (P1)", "class": "Akira Class", "side": 0, "status": "retreated",
                "event": 118, "round": 2, "x": 330.2, "y": 450.8}]}


def _changed(path: str, value: Any) -> dict[str, Any]:
    row = copy.deepcopy(ROW)
    target: Any = row
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    target[int(last) if isinstance(target, list) else last] = value
    return row


BAD_ROWS: dict[str, Any] = {
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,  # RecursionError
    "sides a text": _changed("sides", "Federation"), "side a text": _changed("sides.0.side", "0"),
    "attacks true": _changed("sides.0.attacks", True), "attacks a list": _changed("sides.0.attacks", [1]),
    "expected damage a text": _changed("sides.0.expected_damage", "1.0"), "table of one": _changed("table", [914.4]),
    "table negative": _changed("table", [0, -1]), "loss x a text": _changed("losses.0.x", "left"),
    "loss side null": _changed("losses.0.side", None), "outcome an object": _changed("outcome", {"a": 1}),
    "reason a number": _changed("result.reason", 7), "seed 1.0": _changed("seed", 1.0),
    "losses an object": _changed("losses", {}),
    "outcome holding U+202E": _changed("outcome", "\u202eniw"),  # printed raw by `batch stats`
    "side name holding ESC": _changed("sides.1.name", "Kling\x1b[2Jon"),
}


@pytest.mark.parametrize("row", list(BAD_ROWS.values()), ids=list(BAD_ROWS))
def test_a_wrongly_typed_or_deep_row_of_a_batch_folder_is_refused(tmp_path: Path, row: Any) -> None:
    """`trek batch stats` on rows a stranger wrote (RecursionError, and exceptions in stats.py, pyarrow and
    matplotlib): one line naming the row."""
    pytest.importorskip("pyarrow")
    folder = _batch_folder(tmp_path, row)
    status, _, err = run("batch", "stats", str(folder), "-o", str(tmp_path / "stats"))
    assert refused(status, err) and "seed-000001.json" in err, err


@pytest.mark.parametrize("key", ["actual_damage", "expected_damage"])
def test_a_row_without_a_sides_damage_is_counted_without_it(tmp_path: Path, key: str) -> None:
    """A side with attacks but no damage numbers (KeyError in stats.py: found by the fuzz, batch-row seeds
    5048 and 5090): its luck is left out, the rest counted."""
    pytest.importorskip("pyarrow")
    pytest.importorskip("matplotlib")
    row = copy.deepcopy(ROW)
    del row["sides"][0][key]
    status, out, err = run("batch", "stats", str(_batch_folder(tmp_path, row)), "-o", str(tmp_path / "stats"))
    assert status == 0, err
    assert "Federation: wins 1/1" in out


def test_a_batch_row_past_its_size_cap_is_refused_unread(tmp_path: Path) -> None:
    """A 1.5 GB sparse row (all but its first bytes a hole) was read whole: +2.8 GB of memory."""
    folder = _batch_folder(tmp_path, ROW)
    with (folder / "rows" / "seed-000001.json").open("r+b") as f:
        f.truncate(1_500_000_000)
    status, _, err = run("batch", "stats", str(folder), "-o", str(tmp_path / "stats"))
    assert refused(status, err) and "larger than the limit" in err


def test_names_with_tex_in_a_batch_row_are_plotted_as_written(tmp_path: Path) -> None:
    """A side named '$\\frac{$' stopped matplotlib's TeX parser; names are drawn as they are."""
    pytest.importorskip("pyarrow")
    pytest.importorskip("matplotlib")
    row = _changed("sides.0.name", "$\\frac{$")
    row["outcome"] = "$\\frac{$"
    folder = _batch_folder(tmp_path, row)
    status, _, err = run("batch", "stats", str(folder), "-o", str(tmp_path / "stats"))
    assert status == 0, err
    assert (tmp_path / "stats" / "outcomes.png").stat().st_size > 0


# -- 20: every string from a file is escaped on the way out ----------------------------------------

def test_a_right_to_left_override_in_a_fleet_name_is_escaped_by_replay_info_and_state(duel: Path,
                                                                                      tmp_path: Path) -> None:
    """Fleet and ship names holding U+202E (shows the rest of the line backwards) and U+2066."""
    header, events, result = parts(duel)
    header["fleets"][0]["name"] = "Federation\u202e0 :tluser"
    _started(events)["ships"][0]["name"] = "U.S.S. \u2066Enterprise"
    path = rewrite(tmp_path / "rlo.trek", header, events, result)
    for argv in (("replay", "info", str(path)), ("replay", "state", str(path), "--at", "5"),
                 ("replay", "state", str(path), "--at", "5", "--full"), ("replay", "validate", str(path))):
        _, out, err = run(*argv)
        assert not any(c in out + err for c in RAW), argv
    assert "\\u202e" in run("replay", "info", str(path))[1]


def test_an_unmatched_card_title_holding_bidi_text_is_escaped_by_fleet_import(tmp_path: Path) -> None:
    """A Space Dock resource id 'a\u2028b' and a title holding U+202E, quoted back raw by the import report."""
    doc = json.loads((Path(__file__).parent / "fleet_formats" / "federation.spacedock").read_text(encoding="utf-8"))
    doc["resource"] = "a\u2028b"
    doc["ships"][0]["upgrades"][0] |= {"upgradeTitle": "Photon \u202eTorpedoes", "upgradeId": "99999"}
    source = tmp_path / "bidi.spacedock"
    source.write_text(json.dumps(doc), encoding="utf-8")
    for argv in (("fleet", "import", str(source), "-o", str(tmp_path / "fleet.json")),
                 ("fleet", "import", str(source))):
        status, out, err = run(*argv)
        assert status == 3, err
        assert not any(c in out + err for c in (*RAW, "\u2028")), argv
        assert "\\u2028" in out + err


@pytest.mark.parametrize("field", ["briefing", "success"])
def test_a_mission_text_holding_esc_is_refused(tmp_path: Path, field: str) -> None:
    """A mission's briefing or end text with ESC [ 2 J: `mission show` printed it raw (found by the fuzz,
    mission seed 3056). Texts keep their lines; any other control character is refused."""
    doc = json.loads((Path(__file__).parent.parent / "replays" / "missions" / "alliance-act1.json")
                     .read_text(encoding="utf-8"))
    doc[field] = "Patrol the sector.\nThen \x1b[2J report."
    path = tmp_path / "mission.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run("mission", "show", str(path))
    assert refused(status, err) and "control character (\\x1b)" in err and not out


def test_an_esc_in_the_names_notation_import_prints_is_escaped(tmp_path: Path) -> None:
    """A notation file and a replay named with ESC [ 2 J (clear the screen): `notation check` and `import`
    print them escaped."""
    source = Path(__file__).parent.parent / "replays" / "notation" / "rulebook-combat-example.trekn"
    named = tmp_path / "game\x1b[2J.trekn"
    named.write_bytes(source.read_bytes())
    for argv in (("notation", "check", str(named)),
                 ("notation", "import", str(named), "-o", str(tmp_path / "out\x1b[2J.trek"))):
        status, out, err = run(*argv)
        assert status == 0 and "\\x1b[2J" in out
        assert not any(c in out + err for c in RAW), argv


# -- 18: amplification: output a small multiple of the input, or a refusal naming the bound -----------

def _compact_maps(path: Path, duel: Path, rows: int) -> Path:
    """One event holding ``rows`` maps of 200 keys of 62 characters, every value 0: the file stores the
    keys once and each map in about 200 bytes, which print as about 13,000 characters each."""
    from engine.replay import ReplayWriter

    row = dict.fromkeys((f"k{i:02d}" + "x" * 59 for i in range(200)), 0)
    with ReplayWriter(path, open_replay(duel).header, keyframe_every=10**6) as writer:
        writer.event({"seq": 0, "round": 0, "phase": "setup", "type": "x", "rows": [row] * rows})
        writer.close(None)
    return path


@pytest.mark.parametrize("argv", [("replay", "dump"), ("replay", "dump", "--json"), ("replay", "export")])
def test_compact_maps_do_not_print_as_megabytes(duel: Path, tmp_path: Path, argv: tuple[str, ...]) -> None:
    """A 300 KB file of compact maps printed 20 MB (`dump --json` and `export` of a 1 MB one wrote 803 MB):
    past 16 times the file's size (and 4 MiB), the command stops, naming the bound."""
    path = _compact_maps(tmp_path / "maps.trek", duel, 1500)
    out = tmp_path / "maps.json"
    status, printed, err = run(*argv, str(path), *(["-o", str(out)] if argv[-1] == "export" else []))
    assert refused(status, err) and "16 times the file's size" in err, (status, err)
    assert len(printed) < 16 * path.stat().st_size + (4 << 20)
    assert not out.exists()  # the export is written whole or not at all


def test_a_real_replay_dumps_and_exports_within_its_bound(duel: Path, tmp_path: Path) -> None:
    for argv in (("replay", "dump", str(duel)), ("replay", "dump", "--json", str(duel)),
                 ("replay", "export", str(duel))):
        status, printed, err = run(*argv)
        assert status == 0 and err == ""
        assert len(printed) < 6 * duel.stat().st_size


def test_a_shape_may_not_store_a_decoded_value_on_any_key_but_seq() -> None:
    """Tag '#' (nothing stored, the record's seq decoded) on 256 keys made each 2-byte map a map of 256
    entries: a keyframe of 7.8 MB took 907 MB."""
    from engine.replay.compact import Tables

    with pytest.raises(ValueError, match="tag '#' on a key other than 'seq'"):
        Tables().declare([[], [[[f"k{i}" for i in range(256)], ["#"] * 256]]])
    with pytest.raises(ValueError, match="tag '#' on a key other than 'seq'"):
        Tables().declare([[], [[["seq", "type", "x"], ["#", "s", "#"]]]])
    Tables().declare([[], [[["seq", "type"], ["#", "s"]]]])  # an event's own shape


def test_a_shape_key_is_short() -> None:
    """A shape's key is stored once and printed by every map of the shape: 64 characters at most."""
    from engine.replay.compact import MAX_KEY_CHARS, Tables

    with pytest.raises(ValueError, match=f"each of at most {MAX_KEY_CHARS} characters"):
        Tables().declare([[], [[["k" * (MAX_KEY_CHARS + 1)], ["v"]]]])


def test_a_field_of_a_huge_list_is_dumped_in_one_short_line(duel: Path, tmp_path: Path) -> None:
    """Text `replay dump` shows the first 80 characters of each field, and encodes no more of it."""
    import time

    from engine.replay import ReplayWriter

    path = tmp_path / "long.trek"
    with ReplayWriter(path, open_replay(duel).header, keyframe_every=10**6) as writer:
        for i in range(5):
            writer.event({"seq": i, "round": 0, "phase": "setup", "type": "x", "cells": [[7] * 60_000] * 3})
        writer.close(None)
    started = time.perf_counter()
    status, printed, err = run("replay", "dump", str(path))
    assert status == 0, err
    assert printed.count("\n") == 5 and max(map(len, printed.splitlines())) < 200
    assert time.perf_counter() - started < 10


# -- 21: a run killed outright leaves nothing behind for long; SIGTERM stops a batch as Ctrl-C does ---

def _dead_pid() -> int:
    """The id of a process that has just ended (and is no longer running)."""
    import os
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    with pytest.raises(ProcessLookupError):
        os.kill(proc.pid, 0)
    return proc.pid


def test_the_next_output_removes_the_temporary_files_of_a_killed_run(tmp_path: Path) -> None:
    """SIGKILL left `.game.trek.*.tmp` that no later run removed: the next write of the same output removes
    those of processes that are gone (after a minute), never a running one's nor any other file."""
    import os
    import time

    from engine.io.output import write_atomic

    dead, old = _dead_pid(), time.time() - 3600
    stale = tmp_path / f".game.trek.{dead}.abcd1234.tmp"
    fresh = tmp_path / f".game.trek.{dead}.fresh123.tmp"  # its process may be about to rename it
    running = tmp_path / f".game.trek.{os.getppid()}.live1234.tmp"
    other = tmp_path / f".other.trek.{dead}.abcd1234.tmp"
    mine = tmp_path / "notes.tmp"
    for path in (stale, fresh, running, other, mine):
        path.write_bytes(b"half")
    for path in (stale, running, other, mine):
        os.utime(path, (old, old))
    write_atomic(tmp_path / "game.trek", b"whole")
    assert not stale.exists()
    assert fresh.exists() and running.exists() and other.exists() and mine.exists()
    assert (tmp_path / "game.trek").read_bytes() == b"whole"
    assert not list(tmp_path.glob(f".game.trek.{os.getpid()}.*"))  # its own temporary file renamed away


def test_sigterm_stops_a_batch_as_ctrl_c_does(tmp_path: Path) -> None:
    """SIGTERM to `trek batch play` exited 15 (134 here) with Ray's native stack trace lines: Ray's core
    worker replaces the handlers trek installs; trek puts them back (exit 130, the games kept)."""
    pytest.importorskip("ray")
    import signal
    import subprocess
    import sys
    import time

    folder = tmp_path / "batch"
    proc = subprocess.Popen([sys.executable, "-m", "trek", "batch", "play", "duel", "--seeds", "1..500",
                             "-o", str(folder), "--workers", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=Path(__file__).resolve().parent.parent)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and len(list((folder / "rows").glob("*.json"))) < 2:
        if proc.poll() is not None:
            break
        time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err[-800:]
    assert "SIGTERM received" not in err and "Traceback" not in err
    assert "interrupted" in err

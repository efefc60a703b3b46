"""The input/output layer (engine/io): regular files only, caps, bounded documents, confined paths,
one-line errors with exit status 2 from every command, and atomic outputs (full disk included)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from engine.io.documents import read_document
from engine.io.output import OutputError, write_atomic
from engine.io.reading import InputError, confined_path, read_bytes
from engine.rulesets.alliance.campaign import CampaignError, campaign_mission
from trek.main import main

ROOT = Path(__file__).resolve().parent.parent
FLEET = str(ROOT / "replays" / "fleets" / "federation.json")
LONG = "n" * 300  # a file name over the 255 bytes the system allows


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``trek`` in this process; a command that blocks for 10 s fails the test instead of hanging it."""
    def hung(signum: int, frame: object) -> None:
        raise TimeoutError(f"trek {' '.join(argv)} blocked")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2, (argv, err)
    assert err.count("\n") == 1 and err.startswith("trek ") and "Traceback" not in err, err
    return err


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return str(path)


READERS = [
    ("fleet", "check", "{}"),
    ("fleet", "import", "{}"),
    ("campaign", "status", "{}"),
    ("replay", "import", "{}", "-o", "out.trek"),
    ("replay", "info", "{}"),
    ("notation", "check", "{}"),
    ("scenario", "show", "{}"),
    ("mission", "show", "{}"),
]


@pytest.mark.parametrize("argv", READERS, ids=lambda a: " ".join(a[:2]))
def test_fifo_device_directory_and_long_names_are_refused_at_once(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path, fifo: str,
                                                                   argv: tuple[str, ...]) -> None:
    os.chdir(tmp_path)
    for given in (fifo, "/dev/zero", str(tmp_path), LONG + ".json", str(tmp_path / "missing.json")):
        err = one_line_error(capsys, *(a.replace("{}", given) for a in argv))
        assert ("regular file" in err or "too long" in err or "No such file" in err or "no such" in err
                or "not a trek replay" in err), err
    assert not list(tmp_path.glob(".*")), "no hidden temporary file is left"


def test_read_bytes_caps_and_kinds(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b"x" * 101)
    with pytest.raises(InputError, match="the file is 101 bytes, larger than the limit of 100 bytes for a fleet file"):
        read_bytes(big, kind="fleet", max_bytes=100)
    assert read_bytes(big, kind="fleet", max_bytes=101) == b"x" * 101
    with pytest.raises(InputError, match="is a directory"):
        read_bytes(tmp_path, kind="fleet")
    with pytest.raises(InputError, match="a device"):
        read_bytes("/dev/zero", kind="fleet")
    with pytest.raises(InputError, match="too long"):
        read_bytes(tmp_path / LONG, kind="fleet")
    with pytest.raises(InputError, match="NUL"):
        read_bytes("a\0b", kind="fleet")
    weird = tmp_path / "two\nlines.json"
    with pytest.raises(InputError) as caught:
        read_bytes(weird, kind="fleet")
    assert "\n" not in str(caught.value), "a name with a newline is escaped: the message stays one line"


@pytest.mark.parametrize("text, what", [
    ("[" * 40 + "]" * 40, "nested deeper than 16 levels"),
    ('{"x": ' + "9" * 5000 + "}", "digits"),
    ('{"x": 1e999}', "not a finite number"),
    ('{"x": 18446744073709551616}', "too large"),
    ('{"x": [' + ",".join(["0"] * 10_001) + "]}", "10001 elements"),
    ('{"x": "' + "s" * 10_001 + '"}', "a string of 10001 characters"),
    ("x = inf\n", "not a finite number"),
])
def test_documents_are_bounded(tmp_path: Path, text: str, what: str) -> None:
    path = tmp_path / ("doc.toml" if text.startswith("x =") else "doc.json")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=what):
        read_document(path, InputError, kind="fleet")


def test_campaign_files_with_huge_numbers_or_deep_nesting_are_one_line(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    good = tmp_path / "c.json"
    assert run(capsys, "campaign", "new", str(good))[0] == 0
    doc = json.loads(good.read_text())
    for bad in ({**doc, "players": [{**doc["players"][0], "xp_earned": 10**400}]},
                {**doc, "log": [[[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]]]},
                {**doc, "players": [{**doc["players"][0], "crew": 1e308 * 10}]}):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad), encoding="utf-8")
        one_line_error(capsys, "campaign", "status", str(path))
        one_line_error(capsys, "campaign", "play", str(path))


def test_a_campaigns_next_mission_stays_in_its_folder(tmp_path: Path) -> None:
    (tmp_path / "inside").mkdir()
    mission = (ROOT / "replays" / "missions" / "alliance-act1.json").read_text()
    (tmp_path / "inside" / "m.json").write_text(mission)
    assert campaign_mission("alliance-act1", tmp_path / "inside").spec.name
    assert campaign_mission("m.json", tmp_path / "inside").spec.name
    for name in ("../m.json", "/etc/passwd", str(tmp_path / "inside" / "m.json"), "sub/../../m.json"):
        with pytest.raises(CampaignError, match=r"absolute path|leads outside its folder"):
            campaign_mission(name, tmp_path / "inside")
    (tmp_path / "inside" / "link.json").symlink_to(tmp_path / "outside.json")
    with pytest.raises(CampaignError, match="leads outside its folder"):
        confined_path(tmp_path / "inside", "link.json", what="the mission", error=CampaignError)


# -- outputs ----------------------------------------------------------------------------------------

@contextlib.contextmanager
def full_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on a full disk: a 16 KiB tmpfs where this machine lets us mount one (smaller than each output
    written to it: a skirmish's replay is about 45 KB since replay schema 3), else a folder whose files fail
    to fsync with ENOSPC (the error a full disk gives)."""
    folder = tmp_path / "full"
    folder.mkdir()
    mounted = os.geteuid() == 0 and not os.environ.get("TREK_NO_MOUNT") and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(folder)], capture_output=True).returncode == 0
    if not mounted:  # every output fsyncs before its rename: a full disk fails there at the latest
        real_fsync = os.fsync

        def fsync(fd: int) -> None:
            if os.readlink(f"/proc/self/fd/{fd}").startswith(str(folder)):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_fsync(fd)

        monkeypatch.setattr(os, "fsync", fsync)
    try:
        yield folder
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], check=False)


def test_outputs_on_a_full_disk_say_so_and_leave_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from studio.snapshot import save_png

    with full_disk(tmp_path, monkeypatch) as full:
        with pytest.raises(OutputError, match="no space left"):
            write_atomic(full / "a.bin", b"x" * 200_000)
        with pytest.raises(OutputError, match="no space left"):
            save_png(np.random.default_rng(1).integers(0, 255, (300, 400, 3), dtype=np.uint8), full / "shot.png")
        assert "no space left" in one_line_error(capsys, "play", "skirmish", "--seed", "4", "-o",
                                                 str(full / "g.trek"))
        assert sorted(os.listdir(full)) == [], "nothing is left behind: no partial output, no temporary file"


def test_unwritable_places_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("a file where a folder would be made")
    missing = tmp_path / "blocker" / "such" / "folder"  # (a missing folder is made: see test_cli_review)
    for argv in (("play", "duel", "--seed", "1", "-o", f"{missing}/g.trek"),
                 ("play", "duel", "--seed", "1", "-o", str(tmp_path)),
                 ("play", "duel", "--seed", "1", "-o", str(tmp_path / LONG)),
                 ("mission", "play", "alliance-act1", "--rounds", "1", "-o", f"{missing}/m.trek"),
                 ("campaign", "new", f"{missing}/c.json"),
                 ("campaign", "new", str(tmp_path / (LONG + ".json"))),
                 ("fleet", "export", FLEET, "--format", "text", "-o", f"{missing}/f.txt")):
        assert "cannot write" in one_line_error(capsys, *argv)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker"]


def test_outputs_keep_the_usual_file_mode(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = write_atomic(tmp_path / "out.txt", "hello")
    finally:
        os.umask(old)
    assert path.read_text() == "hello" and (path.stat().st_mode & 0o777) == 0o644


def test_names_over_255_bytes_inside_files_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (ROOT / "replays" / "notation" / "duel-seed7.trekn").read_text(encoding="utf-8")
    notation = tmp_path / "long.trekn"
    notation.write_text(text.replace("Scenario: duel", f"Scenario: {LONG}.json"), encoding="utf-8")
    assert "too long" in one_line_error(capsys, "notation", "check", str(notation))
    assert "Utopia link" in one_line_error(capsys, "fleet", "import", "https://staw-utopia.com/" + "a" * 400,
                                           "-o", str(tmp_path / "f.json"))
    assert "too long" in one_line_error(capsys, "screenshot", f"{LONG}.trek", "--at", "1", "-o",
                                        str(tmp_path / "x.png"))


def test_a_name_with_a_line_break_inside_a_file_keeps_the_error_one_line(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    """Found by scripts/fuzz.py (mission seed 3444): an unknown field named 'line\\nbreak'."""
    mission = json.loads((ROOT / "replays" / "missions" / "alliance-act1.json").read_text())
    path = tmp_path / "m.json"
    path.write_text(json.dumps({**mission, "line\nbreak": 1}), encoding="utf-8")
    assert "line\\nbreak: unknown field" in one_line_error(capsys, "mission", "show", str(path))

"""Untrusted command-line options and files: one clear line and exit status 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run


@pytest.mark.parametrize(("names", "says"), [
    ("a,,b", "player 2's name is empty"),
    (",,", "player 1's name is empty"),
    ("a," + "x" * 90, "player 2's name has 90 characters; at most 80"),
    ("a,b\x1b[2J", "holds control characters"),
])
def test_campaign_names_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str], names: str,
                                    says: str) -> None:
    code, _, err = run(capsys, "campaign", "new", str(tmp_path / "c.json"), "--names", names)
    assert code == 2 and says in err and len(err.splitlines()) == 1 and "\x1b" not in err
    assert not (tmp_path / "c.json").exists()


def test_campaign_name_too_long(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "campaign", "new", str(tmp_path / "c.json"), "--name", "x" * 300)
    assert code == 2 and "the campaign's name has 300 characters; at most 80" in err

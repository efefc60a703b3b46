"""Running the ``trek`` CLI inside a test: exit code, stdout and stderr."""

from __future__ import annotations

import pytest

from trek.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``trek ARGV...`` in this process: (exit code, stdout, stderr); a SystemExit is its code."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err

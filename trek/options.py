"""Option types shared by the commands: each refuses a value outside what --help promises, saying the range."""

from __future__ import annotations

import argparse
from typing import Final

MAX_SEED: Final = 2**63 - 1  # what a replay's header holds and `replay validate` accepts (0 to 2**63 - 1)


def seed(text: str) -> int:
    """``--seed``: a whole number from 0 to MAX_SEED, refused before any game is played."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from 0 to {MAX_SEED}, not {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be from 0 to {MAX_SEED} (2**63 - 1), not {text[:40]}")
    return value

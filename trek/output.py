"""Shared output helpers for the command line (JSON documents, terminal colour)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def print_json(document: Any) -> None:
    """Print one JSON document on stdout."""
    json.dump(document, sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")


def use_colour() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


ANSI = {"green": "32", "white": "37", "red": "31", "bold": "1", "dim": "2"}


def paint(text: str, colour: str, enabled: bool) -> str:
    if not enabled or colour not in ANSI:
        return text
    return f"\x1b[{ANSI[colour]}m{text}\x1b[0m"

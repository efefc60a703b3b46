"""`trek demo`: the bundled demo (for now: a ship's dial resolved maneuver by maneuver)."""
from __future__ import annotations

from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("demo", help="run the bundled demo")
    p.set_defaults(handler=lambda args: 0)

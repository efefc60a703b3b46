"""The toy ruleset as the rest of the program sees it."""

from __future__ import annotations

from typing import Any

from engine.rulesets.base import Ruleset
from engine.rulesets.toy.game import NAME, ToyCodec, ToyEvent, ToyState
from engine.rulesets.toy.presenter import ToyPresenter, seconds
from engine.timeline import TableGeometry


def table(header: dict[str, Any]) -> TableGeometry:
    """The square table of the header's scenario ``area`` ([width, height] in mm)."""
    area = header.get("scenario", {}).get("area")
    if not (isinstance(area, list) and len(area) == 2 and all(isinstance(v, int | float) and 0 < v < 1e5
                                                             for v in area)):
        raise ValueError(f"a toy header needs scenario.area [width, height], not {area!r}")
    return TableGeometry((float(area[0]), float(area[1])))


RULESET: Ruleset[ToyState, ToyEvent] = Ruleset(name=NAME, codec=ToyCodec(), table=table, presenter=ToyPresenter,
                                               seconds=seconds)

"""The analysis file (``GAME.analysis.json``): its shape, checked with pydantic when read.

An analysis file is read back to resume an analysis (and by whatever shows it), so it is treated
as a user's file: bounded in size, every field checked, and a bad one refused with one line naming
what is wrong and where (docs/analysis.md describes every field).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import TrekError

FORMAT = "trek-analysis"
VERSION = 1
MAX_BYTES = 64 * 1024 * 1024
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

Probability = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False)]
Count = Annotated[int, Field(ge=0, le=10_000_000)]
Name = Annotated[str, Field(max_length=200)]
Bounds = tuple[Probability, Probability]


class AnalysisFileError(TrekError):
    """An analysis file that cannot be read as one."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Point(_Model):
    """The rollouts from the state after ``event``: each side's wins and the draws, as counts, and
    the probabilities and 95% Wilson intervals they give (keyed by side name, and ``draw``)."""

    event: Count
    round: Count
    rollouts: Count
    wins: Annotated[list[Count], Field(max_length=8)]
    draws: Count
    win: dict[Name, Probability]
    interval: dict[Name, Bounds]


class TurningPoint(_Model):
    """Where ``side``'s win probability moved most: from ``before`` (the point before) to ``after``."""

    event: Count
    round: Count
    side: Name
    before: Probability
    after: Probability
    change: Annotated[float, Field(ge=-1, le=1, allow_inf_nan=False)]
    why: Annotated[str, Field(max_length=2000)]


class Luck(_Model):
    """A ship's (or a side's) attacks: damage the exact odds expected before each roll against the
    damage rolled, and the mean of the rolls' percentiles (0.5: average luck)."""

    side: Name
    ship: Name | None = None
    name: Name | None = None
    attacks: Count
    expected_damage: Annotated[float, Field(ge=0, allow_inf_nan=False)]
    actual_damage: Count
    luck: Annotated[float, Field(allow_inf_nan=False)]
    mean_percentile: Probability | None


class Alternative(_Model):
    """A maneuver tried for a decision: the deciding side's win probability with it and its interval."""

    maneuver: Name
    win: Probability
    interval: Bounds


class Decision(_Model):
    """A dial graded: ``loss`` is the best tried maneuver's win probability less the chosen one's (for
    ``seat``), ``interval`` its 95% bounds; ``mistake`` only when the whole interval is above zero."""

    event: Count
    round: Count
    seat: Name
    ship: Name
    chosen: Name
    best: Name
    loss: Annotated[float, Field(ge=-1, le=1, allow_inf_nan=False)]
    interval: tuple[Annotated[float, Field(ge=-1, le=1)], Annotated[float, Field(ge=-1, le=1)]]
    mistake: bool
    alternatives: Annotated[list[Alternative], Field(max_length=40)]


class Replay(_Model):
    """The game analysed: its file's SHA-256, ruleset, number of events and recorded result."""

    sha256: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    ruleset: Name
    events: Count
    result: dict[str, Any] | None


class Analysis(_Model):
    format: Literal["trek-analysis"]
    version: Literal[1]
    engine_version: Name
    replay: Replay
    rollouts: Annotated[int, Field(ge=1, le=100_000)]
    seed: Annotated[int, Field(ge=0, lt=2**63)]
    sides: Annotated[list[Name], Field(min_length=2, max_length=8)]
    points: Annotated[list[Point], Field(max_length=1_000_000)]
    turning_points: Annotated[list[TurningPoint], Field(max_length=1000)] = []
    luck: dict[Literal["sides", "ships"], Annotated[list[Luck], Field(max_length=1000)]] = {}
    alternatives: Annotated[int, Field(ge=0, le=8)] = 0  # dials tried beside each chosen one (0: none graded)
    decisions: Annotated[list[Decision], Field(max_length=100_000)] = []


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95% by default); (0, 1) with no trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, round(centre - half, 6)), min(1.0, round(centre + half, 6))


def point(event: int, round_: int, winners: Sequence[int | None], sides: Sequence[str]) -> Point:
    """A point from its rollouts' winners (None: a draw)."""
    n = len(winners)
    wins = [sum(1 for w in winners if w == i) for i in range(len(sides))]
    draws = sum(1 for w in winners if w is None)
    names = [*sides, "draw"]
    counts = [*wins, draws]
    return Point(event=event, round=round_, rollouts=n, wins=wins, draws=draws,
                 win={name: round(k / n, 6) if n else 0.0 for name, k in zip(names, counts, strict=True)},
                 interval={name: wilson(k, n) for name, k in zip(names, counts, strict=True)})


def dumps(analysis: Analysis) -> str:
    """The file's text: the same analysis, the same bytes."""
    return json.dumps(analysis.model_dump(mode="json"), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def read(path: Path) -> Analysis:
    """An analysis file, checked; AnalysisFileError naming the file and the first problem."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise AnalysisFileError(f"{path}: {size} bytes is over the {MAX_BYTES} bytes of an analysis file")
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise AnalysisFileError(f"{path} is not an analysis file: {str(exc).splitlines()[0]}") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise AnalysisFileError(f"{path} is not an analysis file (no \"format\": \"{FORMAT}\")")
    try:
        analysis = Analysis.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the document"
        more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
        raise AnalysisFileError(f"{path}: {where}: {first['msg']}{more}") from None
    for p in analysis.points:
        if len(p.wins) != len(analysis.sides) or sum(p.wins) + p.draws != p.rollouts:
            raise AnalysisFileError(f"{path}: point at event {p.event}: its wins and draws are not its "
                                    f"{p.rollouts} rollouts of {len(analysis.sides)} sides")
    return analysis

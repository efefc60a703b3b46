"""A batch folder's rows read back: each ``rows/seed-N.json`` is a file from whoever made the folder.

A row is checked as any document is (a size cap, bounded nesting and numbers: engine/io/documents.py)
and then against the shape ``games.game_row`` writes, with exact types (``true`` is not a count, a
list is not a name), so the statistics, Arrow's tables and the plots only ever meet the values a
game gives. A row that is not one is an error naming the file and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Final

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from engine.batch.games import BatchError
from engine.io.documents import DocumentLimits, read_document, validation_line
from engine.io.reading import has_control, plain_text, show_path

ROW_LIMITS: Final = DocumentLimits(max_depth=8, max_items=5_000, max_total=100_000, max_str=2_000)

# names and outcomes are printed and plotted: plain text, as trek writes them
Text = Annotated[str, Field(strict=True, max_length=2_000), AfterValidator(plain_text)]
Count = Annotated[int, Field(strict=True, ge=0, le=10**9)]
Number = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=-10**9, le=10**9)]
Share = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=0, le=1)]
Side = Annotated[int, Field(strict=True, ge=0, le=99)]
Millimetres = Annotated[float, Field(strict=True, allow_inf_nan=False, gt=0, le=100_000)]
Where = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=-100_000, le=100_000)]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class SideRow(_Strict):
    side: Side
    name: Text
    faction: Text | None = None
    fleet_points: Number | None = None
    points_scored: Number | None = None
    attacks: Count | None = None
    actual_damage: Number | None = None
    expected_damage: Number | None = None
    mean_percentile: Share | None = None


class LossRow(_Strict):
    ship: Text
    name: Text
    # the presenter's class name: None for a game whose pieces have none
    class_: Text | None = Field(default=None, alias="class")
    side: Side
    status: Text
    event: Count
    round: Count | None = None
    x: Where | None = None
    y: Where | None = None


class GameRow(_Strict):
    seed: Count
    game: Text
    scenario: Text | None = None
    engine_version: Text | None = None
    events: Count
    rounds: Count | None = None
    outcome: Text
    result: dict[Text, Any] | None = None  # the replay's own result (bounded as a document; its reason is read)
    sides: Annotated[list[SideRow], Field(max_length=99)]
    table: Annotated[list[Millimetres], Field(min_length=2, max_length=2)]
    losses: Annotated[list[LossRow], Field(max_length=5_000)]


def read_row(path: Path, seed: int) -> dict[str, Any]:
    """The row in ``path`` as plain data, checked; BatchError naming the file and what is wrong."""
    document = read_document(path, BatchError, kind="batch row", limits=ROW_LIMITS,
                             toml=False)
    if not isinstance(document, dict):
        raise BatchError(f"{show_path(path)} is not a game's row (not a JSON object)")
    try:
        row = GameRow.model_validate(document)
    except ValidationError as exc:
        raise BatchError(f"{show_path(path)} is not a game's row: {validation_line(exc)}") from None
    if row.seed != seed:
        raise BatchError(f"{show_path(path)} is not the row of seed {seed}")
    reason = row.result.get("reason") if row.result is not None else None
    if reason is not None and (not isinstance(reason, str) or has_control(reason)):
        raise BatchError(f"{show_path(path)} is not a game's row: result.reason is not plain text")
    return document  # as written (checked, not rewritten: games.jsonl and the tables keep its numbers)

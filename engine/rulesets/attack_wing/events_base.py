"""The base of every Attack Wing event (``seq``, ``round``, ``phase``, ``draws``) and the bounded field types
the events share."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from engine.io.reading import plain_text

# what the engine writes is plain text: a control character or a bidi override in a file is a forgery
Name = Annotated[str, Field(max_length=200), AfterValidator(plain_text)]
ShipRef = Annotated[str, Field(min_length=1, max_length=40)]
Small = Annotated[int, Field(ge=-1000, le=1000)]
Reason = Annotated[str, Field(max_length=500), AfterValidator(plain_text)]


class _Event(BaseModel):
    # no event of the engine's holds an infinity or a NaN: a file's would reach geometry and drawing
    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)
    seq: Annotated[int, Field(ge=0)]
    round: Annotated[int, Field(ge=0, le=10_000)]
    phase: Literal["setup", "planning", "activation", "combat", "end", "over"]
    draws: Annotated[int, Field(ge=0, le=10_000)] = 0  # random numbers this event consumed

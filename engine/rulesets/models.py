"""Event-model parts every ruleset on the table shares (a pose on the table in mm and degrees)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from engine.geometry.pose import Pose

Coord = Annotated[float, Field(ge=-1e6, le=1e6, allow_inf_nan=False)]


class PoseModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    x: Coord
    y: Coord
    heading: Annotated[float, Field(ge=0, lt=360, allow_inf_nan=False)]

    @classmethod
    def of(cls, pose: Pose) -> PoseModel:
        return cls(x=round(pose.x, 4), y=round(pose.y, 4), heading=round(pose.heading, 6) % 360.0)

    def pose(self) -> Pose:
        return Pose(self.x, self.y, self.heading)

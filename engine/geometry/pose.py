"""Poses on the table: base centre (x, y) in mm and heading in degrees clockwise from north."""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.errors import GeometryError

# The farthest a pose typed by a user (command line, lesson file) may lie from the table's corner:
# a 3 ft table is 914 mm, so 10 m is far beyond any table and 1e308 (which printed 300 digits and
# stopped the renderer) is refused.
INPUT_LIMIT_MM = 10_000.0


@dataclass(frozen=True, slots=True)
class Pose:
    """A base centre and heading. Heading 0 faces +y (north); 90 faces +x (east)."""

    x: float
    y: float
    heading: float = 0.0

    def __post_init__(self) -> None:
        # three calls, no generator: a pose is built for every maneuver the planner weighs and every
        # point a move samples
        if not (math.isfinite(self.x) and math.isfinite(self.y) and math.isfinite(self.heading)):
            raise GeometryError(f"pose must be finite numbers, got {self.x}, {self.y}, {self.heading}")

    @property
    def forward(self) -> tuple[float, float]:
        """Unit vector the base faces."""
        h = math.radians(self.heading)
        return math.sin(h), math.cos(h)

    @property
    def right(self) -> tuple[float, float]:
        """Unit vector to the base's right (starboard)."""
        h = math.radians(self.heading)
        return math.cos(h), -math.sin(h)

    def advance(self, forward_mm: float, right_mm: float = 0.0) -> Pose:
        """The pose moved in its own frame, heading kept."""
        fx, fy = self.forward
        rx, ry = self.right
        return Pose(self.x + forward_mm * fx + right_mm * rx, self.y + forward_mm * fy + right_mm * ry,
                    self.heading)

    def turned(self, degrees: float) -> Pose:
        """The pose rotated in place (positive = clockwise, to the right)."""
        return Pose(self.x, self.y, normalize_heading(self.heading + degrees))

    def as_tuple(self) -> tuple[float, float, float]:
        return self.x, self.y, self.heading

    def close_to(self, other: Pose, tol: float = 1e-6) -> bool:
        return (abs(self.x - other.x) <= tol and abs(self.y - other.y) <= tol
                and heading_difference(self.heading, other.heading) <= tol)

    @classmethod
    def parse(cls, text: str) -> Pose:
        """Parse ``X,Y[,H]`` as written on the command line."""
        parts = [p.strip() for p in text.split(",")]
        if len(parts) not in (2, 3):
            raise GeometryError(f"malformed pose {text!r}: expected X,Y or X,Y,HEADING in mm and degrees")
        try:
            values = [float(p) for p in parts]
        except ValueError:
            raise GeometryError(f"malformed pose {text!r}: X, Y and HEADING must be numbers") from None
        if not all(math.isfinite(v) for v in values) or max(abs(values[0]), abs(values[1])) > INPUT_LIMIT_MM:
            raise GeometryError(f"pose {text!r}: X and Y must lie within {INPUT_LIMIT_MM:g} mm of the table's "
                                "corner, either side")
        if len(values) == 3 and abs(values[2]) > 360:
            raise GeometryError(f"pose {text!r}: HEADING must be between -360 and 360 degrees")
        return cls(*values)


def normalize_heading(degrees: float) -> float:
    """A heading in [0, 360)."""
    # round away float noise so that 180 - 1e-14 prints, compares and serializes as 180
    h = math.fmod(round(degrees, 9), 360.0)
    if h < 0:
        h += 360.0
    return 0.0 if abs(h - 360.0) < 1e-9 or abs(h) < 1e-9 else h


def heading_difference(a: float, b: float) -> float:
    """The smallest absolute angle between two headings, in degrees."""
    d = abs(normalize_heading(a) - normalize_heading(b))
    return min(d, 360.0 - d)

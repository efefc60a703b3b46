"""The studio's colours (RGBA, 0..1): players, maneuver dials, range bands, table things."""

from __future__ import annotations

from typing import Final

RGBA = tuple[float, float, float, float]

# Two seats that no eye mixes up: blue and orange.
PLAYER_COLOURS: Final[tuple[RGBA, ...]] = ((0.2, 0.55, 1.0, 1.0), (1.0, 0.5, 0.08, 1.0))

MANEUVER_COLOURS: Final[dict[str, RGBA]] = {
    "green": (0.3, 0.9, 0.4, 1.0), "white": (0.92, 0.93, 0.96, 1.0), "red": (1.0, 0.3, 0.25, 1.0),
}
BAND_COLOURS: Final[dict[int, RGBA]] = {
    1: (1.0, 0.92, 0.35, 1.0), 2: (1.0, 0.65, 0.2, 1.0), 3: (1.0, 0.4, 0.3, 1.0), 4: (0.6, 0.6, 0.65, 1.0),
}
OBSTACLE_TOP: Final[RGBA] = (0.47, 0.4, 0.33, 1.0)
OBSTACLE_SIDE: Final[RGBA] = (0.33, 0.28, 0.23, 1.0)
GRID: Final[RGBA] = (0.55, 0.7, 1.0, 0.22)
AREA_EDGE: Final[RGBA] = (0.6, 0.72, 0.95, 0.9)
SELECTED: Final[RGBA] = (1.0, 1.0, 1.0, 1.0)
ACTIVE: Final[RGBA] = (1.0, 0.9, 0.3, 1.0)
RANGE_RING: Final[RGBA] = (0.85, 0.92, 1.0, 0.75)
SECTOR_LINE: Final[RGBA] = (1.0, 0.84, 0.35, 1.0)  # an Enemy AI ship's sectors and rings (Alliance)
SECTOR_FILL: Final[RGBA] = (1.0, 0.72, 0.2, 1.0)
BASE_DARK: Final[RGBA] = (0.07, 0.07, 0.09, 1.0)


def player_colour(player: int) -> RGBA:
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def mix(a: RGBA, b: RGBA, t: float) -> RGBA:
    """a blended toward b by t (0..1)."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t,
            a[3] + (b[3] - a[3]) * t)


def with_alpha(c: RGBA, alpha: float) -> RGBA:
    return c[0], c[1], c[2], alpha

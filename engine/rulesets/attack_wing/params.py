"""Every number of Attack Wing family geometry, in one place (DESIGN.md "Units and conventions").

Lengths in millimetres, angles in degrees. Where the rulebooks leave a number open the
choice is recorded in docs/rulings.md.
"""

from __future__ import annotations

from typing import Final, Literal

BaseSize = Literal["small", "large"]

MM_PER_INCH: Final = 25.4

# Bases: the small (standard) base and the large (oversized) base, both square.
BASE_SIDE_MM: Final[dict[str, float]] = {"small": 40.0, "large": 80.0}

# Templates: a straight template is 40 mm per speed and 20 mm wide.
TEMPLATE_WIDTH_MM: Final = 20.0
STRAIGHT_MM_PER_SPEED: Final = 40.0

# The fastest maneuvers on any dial in the data (straight, full astern, come about and spin, flank).
# Full astern reaches 4: dials stop at 3, but replays written before issue 34 recorded a 4 come
# about that overlapped a ship as a 4 full astern (it is a 4 straight now: rulebook "Overlapping
# Other Ships"), and they still read.
STRAIGHT_MAX: Final = 6
FULL_ASTERN_MAX: Final = -4
SPIN_MAX: Final = 4
FLANK_MAX: Final = 2

# Centre-line radius (mm) of the bank (45 degree) and turn (90 degree) templates by speed.
# Speeds 1-3 are the printed templates; a 4 bank exists on some dials (rulings.md: the
# radius keeps the 50 mm step of speeds 1-3). No dial has a turn faster than 3.
BANK_SWEEP_DEG: Final = 45.0
TURN_SWEEP_DEG: Final = 90.0
BANK_RADIUS_MM: Final[dict[int, float]] = {1: 80.0, 2: 130.0, 3: 180.0, 4: 230.0}
TURN_RADIUS_MM: Final[dict[int, float]] = {1: 35.0, 2: 62.5, 3: 90.0}

# Range bands: Range 1 is 4 inches (Alliance rulebook); a band's upper edge is inclusive.
RANGE_BAND_EDGES_MM: Final = (4 * MM_PER_INCH, 8 * MM_PER_INCH, 12 * MM_PER_INCH)
BEYOND_RANGE: Final = 4  # band number reported for anything past Range 3

# Minefield Tokens (Antimatter Mines, Cloaked Mines): a round token 50 mm across (the rules print no
# size: rulings.md), dropped with its edge this far behind the base's rear edge
MINE_RADIUS_MM: Final = 25.0
MINE_GAP_MM: Final = 10.0

# The play area: 3 ft square, origin at the south-west corner.
PLAY_AREA_MM: Final = 36 * MM_PER_INCH

# Polygon resolution of curved template outlines (segments per curved edge).
ARC_SEGMENTS: Final = 24

# Two outlines closer than this are "touching", not overlapping (bump resolution tolerance).
TOUCH_TOLERANCE_MM: Final = 1e-6
BUMP_PRECISION_MM: Final = 0.01


def base_half(size: str) -> float:
    """Half the side of a base in mm."""
    return BASE_SIDE_MM[size] / 2.0


def range_band(distance_mm: float) -> int:
    """The range band (1, 2, 3, or BEYOND_RANGE) of a distance in mm."""
    for band, edge in enumerate(RANGE_BAND_EDGES_MM, start=1):
        if distance_mm <= edge + 1e-9:
            return band
    return BEYOND_RANGE

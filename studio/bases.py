"""Rectangular bases printed with lines from their centre (the view's ``ShipView.base_length`` and
``base_lines``: Into the Unknown's quarter lines and end wedges), in the ship's own frame
(+Y ahead, +X to starboard)."""

from __future__ import annotations

import math
from typing import Final

from shapely.geometry import LineString, box

from engine.view import ShipView
from studio import palette
from studio.meshes import MeshBuilder

LINE_MM: Final = 0.5  # half the width of a printed line
LINE_COLOUR: Final[palette.RGBA] = (0.85, 0.87, 0.9, 1.0)


def half_extents(ship: ShipView) -> tuple[float, float]:
    """Half the base's width (port to starboard) and half its length (fore to aft), in mm."""
    length = ship.base_length if ship.base_length else ship.base_side
    return ship.base_side / 2, length / 2


def lined_print(ship: ShipView, z: float, border: float) -> MeshBuilder:
    """The printed top of a rectangular base: dark, its bow wedge shaded in the player colour, the
    lines from the centre to the border, the border and a notch at the fore edge."""
    hw, hl = half_extents(ship)
    colour = palette.player_colour(ship.player)
    b = MeshBuilder()
    outer = box(-hw, -hl, hw, hl)
    b.fan(list(outer.exterior.coords)[:-1], palette.BASE_DARK, z)
    inner = box(-hw + border, -hl + border, hw - border, hl - border)
    reach = 4 * (hw + hl)
    for bearing in ship.base_lines:
        a = math.radians(bearing)
        ray = LineString([(0.0, 0.0), (reach * math.sin(a), reach * math.cos(a))])
        seg = ray.buffer(LINE_MM, cap_style="flat").intersection(inner)
        if not seg.is_empty and seg.geom_type == "Polygon":
            b.polygon(list(seg.exterior.coords)[:-1], LINE_COLOUR, z + 0.02)
    mid_w, mid_l = hw - border / 2, hl - border / 2
    b.ribbon([(-mid_w, -mid_l), (mid_w, -mid_l), (mid_w, mid_l), (-mid_w, mid_l)], border, colour, z + 0.04,
             closed=True)
    b.fan([(-border, hl - border), (border, hl - border), (0.0, hl - 2.6 * border)], colour, z + 0.04)
    return b


def ring(ship: ShipView, grow: float, colour: palette.RGBA, width: float) -> MeshBuilder:
    """A rectangle ``grow`` mm outside the base's edge (the selected and acting rings)."""
    hw, hl = half_extents(ship)
    rw, rl = hw + grow + width / 2, hl + grow + width / 2
    b = MeshBuilder()
    b.ribbon([(-rw, -rl), (rw, -rl), (rw, rl), (-rw, rl)], width, colour, 0.1, closed=True)
    return b

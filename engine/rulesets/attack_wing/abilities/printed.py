"""Which ship cards print an ability of their own (Space Dock's ability table: every unique ship
does, and these non-unique ones; a generic "Federation Starship" prints none). A ship that prints
one has its own catalog id among its cards, so its ability is offered like any card's, or warned
about when the engine does not play it."""

from __future__ import annotations

from engine.catalog.printed import prints_ability

__all__ = ["SHIP_WEAPONS", "prints_ability"]

# ship cards whose ability is a weapon of the ship's own, fired instead of the primary weapon:
# (name, attack dice, range min, range max, arcs). It is no upgrade: firing does not disable it.
SHIP_WEAPONS: dict[str, tuple[str, int, int, int, tuple[str, ...]]] = {
    "1001": ("fire in any direction", 3, 1, 2, ("any",)),  # U.S.S. Enterprise-D
}

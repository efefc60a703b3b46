"""Star Trek: Fleet Captains' own part of the view: the map's location tiles, each ship's ratings
line and a short note per fleet (victory points, missions).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.view import MomentPart, PanelPart, PanelView, Parted, TablePart, TableView, part_of


@dataclass(frozen=True, slots=True)
class TileView:
    """A location tile of a map game (Fleet Captains): a square of ``side`` mm centred at (x, y),
    face down or turned over (its ``name``, its ``kind``, which sets its colour, and ``size``, the
    movement cost printed on it); ``home`` is the player whose command post it is (None: a tile);
    ``influence`` tokens of ``influence_player`` and an ``installation`` ("outpost", "colony",
    "starbase") of ``installation_player`` stand on it."""

    id: str
    x: float
    y: float
    side: float
    name: str = ""
    kind: str = ""
    face_down: bool = False
    size: int = 0
    home: int | None = None
    influence: int = 0
    influence_player: int | None = None
    installation: str = ""
    installation_player: int | None = None
    scanned_by: tuple[int, ...] = ()  # the players whose scan token lies on it (a face-down tile)


@dataclass(frozen=True, slots=True)
class FleetCaptainsTable(TablePart):
    """The map of location tiles."""

    tiles: tuple[TileView, ...] = ()


@dataclass(frozen=True, slots=True)
class FleetCaptainsPanel(PanelPart):
    """The ship's own ratings line, drawn in place of the shield and hull pips."""

    ratings: str = ""


@dataclass(frozen=True, slots=True)
class FleetCaptainsMoment(MomentPart):
    """A short note per fleet under its column's name (victory points, missions)."""

    notes: tuple[str, ...] = ()


def ratings_of(panel: PanelView) -> str:
    """A panel's ratings line ("" on a panel of another game)."""
    part = part_of(panel, FleetCaptainsPanel)
    return part.ratings if part is not None else ""


def notes_of(moment: Parted) -> tuple[str, ...]:
    """A moment's notes per fleet (none in another game)."""
    part = part_of(moment, FleetCaptainsMoment)
    return part.notes if part is not None else ()


def tiles_of(view: TableView) -> tuple[TileView, ...]:
    """The view's location tiles (none on another game's table)."""
    part = part_of(view, FleetCaptainsTable)
    return part.tiles if part is not None else ()

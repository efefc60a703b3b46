"""What the table shows during a Fleet Captains replay, through the view's generic records only.

The map is laid out in millimetres: one square of ``TILE_MM`` per location, row 0 at the south
next to side 0's command post. Each location is a ``TileView`` (face down or turned over, its
influence and installation); ships stand on their location (spread so they do not overlap) and
slide from tile to tile during a step; explored planets are planets; cloak tokens and sensor
echoes are markers. The d6 tests are the caption and the header.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from engine.geometry.pose import Pose
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import COLUMNS, ROWS, TILES
from engine.rulesets.fleet_captains.narrate import describe, log_line
from engine.rulesets.fleet_captains.state import FcState, ShipState, grid_of
from engine.timeline import Moment, TableGeometry
from engine.view import (
    BannerView,
    DiceView,
    DieView,
    FocusView,
    HeaderView,
    MarkerView,
    PanelView,
    PlanetView,
    RulerView,
    ShipView,
    TableView,
    TileView,
    TokenView,
)

TILE_MM: Final = 200.0
AREA: Final = (COLUMNS * TILE_MM, (ROWS + 2) * TILE_MM)
SECONDS: Final[dict[str, float]] = {"moved": 1.2, "tested": 1.0, "turn_started": 1.0, "game_ended": 2.0,
                                    "damaged": 0.8, "explored": 0.8, "cloaked": 0.8, "rolled": 0.4,
                                    "mission_completed": 1.0, "shuffled": 0.1, "cards_moved": 0.2, "chosen": 0.3,
                                    "drafted": 0.2}


def seconds(event: fe.Event) -> float:
    return SECONDS.get(event.type, 0.4)


def centre(loc: str) -> tuple[float, float]:
    """A location's centre in mm (x east, y north)."""
    row, column = grid_of(loc)
    return (column + 0.5) * TILE_MM, (row + 1.5) * TILE_MM


def spot(loc: str, index: int) -> tuple[float, float]:
    """Where the ``index``-th ship on a location stands: a 3 x 3 spread around the centre."""
    x, y = centre(loc)
    return x + (index % 3 - 1) * TILE_MM * 0.27, y + (index // 3 % 3 - 1) * TILE_MM * 0.27


def table(header: dict[str, Any]) -> TableGeometry:
    """The standard map's area (a Fleet Captains header names no other)."""
    if header.get("scenario") != "fc-standard":
        raise ValueError(f"a Fleet Captains header plays fc-standard, not {header.get('scenario')!r}")
    return TableGeometry(AREA)


def best_shields(ship: ShipState) -> int:
    """The most shields the ship's dial gives (any setting at normal alert)."""
    return max(s.shields or 0 for s in ship.card.dial[0])


def _panel(ship: ShipState, state: FcState, active: bool) -> PanelView:
    tokens = [TokenView(kind="cloak")] if ship.cloaked else []
    if ship.acted:
        tokens.append(TokenView(kind="action"))
    return PanelView(id=ship.id, name=f"{ship.card.name} {ship.id}", class_name=ship.card.name, player=ship.side,
                     status="destroyed" if ship.destroyed else "in_play",
                     shields=ship.dial.shields or 0, shields_max=best_shields(ship),
                     hull=3 - ship.alert if not ship.destroyed else 0, hull_max=3, tokens=tuple(tokens),
                     damage=(("normal", "yellow alert", "red alert")[min(ship.alert, 2)],) if ship.alert else (),
                     active=active)


class FcPresenter:
    """The Fleet Captains presenter: the Timeline builds one per replay."""

    def __init__(self, events: Sequence[fe.Event], table: TableGeometry) -> None:
        self.events = list(events)
        self.table = table
        self.lines: list[str] = []
        self.attack_of: list[int] = [-1] * len(self.events)
        self.focus: list[FocusView | None] = [None] * len(self.events)
        self.roster: tuple[PanelView, ...] = ()
        self.reasons: list[str] = []
        self.test_of: list[int] = []  # the test on the table at each event (-1: none)

    def observe(self, index: int, event: fe.Event, before: FcState) -> None:
        self.lines.append(log_line(event))
        last = self.reasons[-1] if self.reasons else ""
        self.reasons.append(event.reason if isinstance(event, fe.Chosen) and event.reason else
                            ("" if isinstance(event, fe.TurnStarted) else last))
        on_table = self.test_of[-1] if self.test_of else -1
        if isinstance(event, fe.Tested):
            on_table = index
        elif isinstance(event, fe.TurnStarted | fe.MoveStarted) or (isinstance(event, fe.Chosen)
                                                                     and event.kind in ("turn", "step")):
            on_table = -1
        self.test_of.append(on_table)
        if isinstance(event, fe.MoveStarted | fe.Moved):
            self.focus[index] = FocusView(kind="move", subjects=tuple(event.ships))

    def finish(self, final: FcState) -> None:
        self.roster = tuple(_panel(s, final, False) for s in sorted(final.ships, key=lambda s: (s.side, s.id)))

    def mark(self, event: fe.Event) -> tuple[int, str] | None:
        return (event.turn, f"side {event.side}") if isinstance(event, fe.TurnStarted) else None

    def board(self, state: FcState) -> Any:
        return state

    def ruler(self, state: FcState, index: int, ship: str, target: str) -> RulerView | None:
        return None  # no range bands: ships fight within their location

    def moment(self, time: float, index: int, progress: float, state: FcState) -> Moment:
        event = self.events[index] if index >= 0 else None
        moving = event if isinstance(event, fe.Moved) and progress < 1 else None
        ships = self._ships(state, moving, progress)
        view = TableView(area_width=AREA[0], area_height=AREA[1], ships=tuple(ships), planets=self._planets(state),
                         markers=self._markers(state), range_edges=(), tiles=self._tiles(state),
                         selected=moving.ships[0] if moving else None)
        active = moving.ships[0] if moving else None
        header = None
        if state.sides:
            side = state.active
            header = HeaderView(ship=active or "", name=f"side {side} {state.sides[side].faction}", player=side,
                                reason=self.reasons[index] if index >= 0 else "",
                                verb=f"VP {state.sides[0].vp} - {state.sides[1].vp} of {state.vp_target}")
        banner = BannerView(title=f"TURN {event.turn}", subtitle=f"side {event.side}") \
            if isinstance(event, fe.TurnStarted) else None
        panels = tuple(_panel(s, state, s.id == active) for s in sorted(state.ships, key=lambda s: (s.side, s.id)))
        return Moment(time=time, index=index, progress=progress, round=state.turn, phase=state.phase, view=view,
                      active=active, dice=self._dice(index), reason=header.reason if header else "",
                      caption=self.lines[index] if index >= 0 else "", header=header, banner=banner,
                      round_label="SETUP" if state.turn == 0 else f"TURN {state.turn}",
                      phase_label=f"SIDE {state.active}" if state.turn else "", panels=panels)

    def _dice(self, index: int) -> DiceView | None:
        """The d6s of the test on the table: the tester's die and, in an opposed test, the other's."""
        at = self.test_of[index] if index >= 0 else -1
        if at < 0:
            return None
        test = self.events[at]
        assert isinstance(test, fe.Tested)
        dice = [DieView(kind="attack", face=str(test.die), fresh=at == index)]
        before = self.events[at - 1] if at > 0 else None
        if isinstance(before, fe.Tested) and before.label == test.label and before.kind == test.kind:
            dice.append(DieView(kind="defense", face=str(before.die), fresh=at == index))
        elif test.kind in ("breakaway", "evasion"):
            rolled = self.events[at - 1]
            if isinstance(rolled, fe.Rolled):
                dice.append(DieView(kind="defense", face=str(rolled.value), fresh=at == index))
        return DiceView(attack=tuple(dice[:1]), defense=tuple(dice[1:]), tally=describe(test))

    def _ships(self, state: FcState, moving: fe.Moved | None, progress: float) -> list[ShipView]:
        out = []
        crowd: dict[str, int] = {}
        for ship in state.ships:
            where = state.where(ship)
            if ship.destroyed or where is None:
                continue
            n = crowd[where] = crowd.get(where, -1) + 1
            x, y = spot(where, n)
            if moving is not None and ship.id in moving.ships:
                (ax, ay), (bx, by) = spot(moving.source, n), (x, y)
                x, y = ax + (bx - ax) * progress, ay + (by - ay) * progress
            d = ship.dial
            out.append(ShipView(id=ship.id, name=f"{ship.card.name} {ship.id}", faction=ship.card.faction,
                                class_name=ship.card.name, base_size="large" if ship.card.size >= 3 else "small",
                                pose=Pose(x, y, 0.0 if ship.side == 0 else 180.0), player=ship.side,
                                has_360_arc=True, front_arc=None, shields=d.shields or 0,
                                shields_max=best_shields(ship), hull=3 - ship.alert, hull_max=3,
                                cloaked=ship.cloaked, active=moving is not None and ship.id in moving.ships))
        return out

    def _planets(self, state: FcState) -> tuple[PlanetView, ...]:
        out = []
        for place in state.locations:
            if place.tile is not None and place.explored and TILES[place.tile].planet:
                x, y = centre(place.id)
                out.append(PlanetView(name=TILES[place.tile].name, x=x - TILE_MM * 0.3, y=y + TILE_MM * 0.3,
                                      radius=TILE_MM * 0.12))
        return tuple(out)

    def _tiles(self, state: FcState) -> tuple[TileView, ...]:
        out = []
        for place in state.locations:
            x, y = centre(place.id)
            tile = TILES[place.tile] if place.tile is not None else None
            shown = tile is not None and place.explored
            out.append(TileView(id=place.id, x=x, y=y, side=TILE_MM, face_down=not place.explored,
                                name=tile.name if shown and tile else ("" if tile else "command post"),
                                kind=tile.kind if shown and tile else "", size=tile.size if shown and tile else 0,
                                home=place.post_of, influence=place.influence, influence_player=place.influence_side,
                                installation=place.installation or "", installation_player=place.installation_side))
        return tuple(out)

    def _markers(self, state: FcState) -> tuple[MarkerView, ...]:
        """The cloak tokens (a cloaked ship's and its echoes look alike on the table)."""
        out = []
        for n, token in enumerate(state.tokens):
            x, y = spot(token.location, 8 - n % 3)
            out.append(MarkerView(label="K", x=x, y=y, text="a cloak token" if token.ship else "a sensor echo"))
        return tuple(out)

"""What the table shows during a Fleet Captains replay, through the view's generic records only.

The map is laid out in millimetres: one square of ``TILE_MM`` per location, row 0 at the south
next to side 0's command post. Each location is a ``TileView`` (face down or turned over, its
influence and installation); ships stand on their location (spread so they do not overlap) and
slide from tile to tile during a step; explored planets are planets; cloak tokens and sensor
echoes are markers. The d6 tests are the caption and the header.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from engine.geometry.pose import Pose
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import COLUMNS, MISSIONS, ROWS, SHIP_MISSIONS, TILES
from engine.rulesets.fleet_captains.narrate import describe, faction_of, log_line, sided
from engine.rulesets.fleet_captains.state import LOCATION_INDEX, FcState, ShipState, grid_of
from engine.timeline import Moment, TableGeometry
from engine.view import (
    BannerView,
    BaseView,
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
    TokenView,
)
from engine.view_fleet_captains import FleetCaptainsMoment, FleetCaptainsPanel, FleetCaptainsTable, TileView

TILE_MM: Final = 300.0
AREA: Final = (COLUMNS * TILE_MM, (ROWS + 2) * TILE_MM)
SECONDS: Final[dict[str, float]] = {"moved": 1.2, "tested": 1.0, "turn_started": 1.0, "game_ended": 2.0,
                                    "damaged": 0.8, "explored": 0.8, "cloaked": 0.8, "rolled": 0.4, "table_rolled": 0.4,
                                    "mission_completed": 1.0, "shuffled": 0.1, "cards_moved": 0.2, "chosen": 0.3,
                                    "drafted": 0.2, "token_moved": 1.0, "token_gathered": 0.8}


def seconds(event: fe.Event) -> float:
    return SECONDS.get(event.type, 0.4)


def centre(loc: str) -> tuple[float, float]:
    """A location's centre in mm (x east, y north)."""
    row, column = grid_of(loc)
    return (column + 0.5) * TILE_MM, (row + 1.5) * TILE_MM


SHIP_BASE_MM: Final = 40.0  # every ship on the map stands on a small base (a tile holds many; its size is on its panel)


def spot(loc: str, index: int, side: int = 0, count: int = 1) -> tuple[float, float]:
    """Where a side's ``index``-th of ``count`` ships on a location stands: side 0's rows south of
    the tile's centre, side 1's north of it, so two fleets in one place face each other; three
    rows at most, as many abreast as that needs, a base's width apart or more (and clear of the
    cloak tokens up the east edge) for up to 15 ships a side."""
    x, y = centre(loc)
    columns = max(3, -(-count // 3))
    row, column = divmod(index, columns)
    in_row = min(columns, count - row * columns)  # the last row may be short: centred
    step = min(0.29, 0.62 / max(columns - 1, 1))
    dx = (column - (in_row - 1) / 2) * step
    dy = 0.1 + 0.135 * row
    return x + dx * TILE_MM, y + (-dy if side == 0 else dy) * TILE_MM


def table(header: dict[str, Any]) -> TableGeometry:
    """The standard map's area (a Fleet Captains header names no other)."""
    if header.get("scenario") != "fc-standard":
        raise ValueError(f"a Fleet Captains header plays fc-standard, not {header.get('scenario')!r}")
    return TableGeometry(AREA)


def notes(state: FcState) -> tuple[str, ...]:
    """Each side's score against the target and its missions face up (a secret one stays face
    down: summary, D. 3), as the note under its fleet's name."""
    out = []
    for side in state.sides:
        shown = [f"{MISSIONS[m].name} {MISSIONS[m].vp}" for m in side.missions if not MISSIONS[m].secret]
        hidden = sum(1 for m in side.missions if MISSIONS[m].secret)
        shown += [f"{hidden} secret"] if hidden else []
        out.append(f"VP {side.vp} of {state.vp_target}\n" + (", ".join(shown) if shown else "no missions"))
    return tuple(out)


def best_shields(ship: ShipState) -> int:
    """The most shields the ship's dial gives (any setting at normal alert)."""
    return max(s.shields or 0 for s in ship.card.dial[0])


def ratings(ship: ShipState) -> str:
    """The ship's dial now as its panel shows it: weapons, shields, sensors and engines (D:
    Disabled) and the setting's name."""
    d = ship.dial
    shown = "  ".join(f"{k} {'D' if v is None else v}" for k, v in (("WPN", d.weapons), ("SHD", d.shields),
                                                                      ("SEN", d.sensors), ("ENG", d.engines)))
    return f"{shown}  {d.label.upper()}"


def _panel(ship: ShipState, state: FcState, active: bool) -> PanelView:
    """A ship's HUD panel: its dial's ratings and setting, its alert status (yellow or red, as a
    tag), and badges for its cloak, action token, cargo, prisoners and its own mission's steps."""
    tokens = [TokenView(kind="cloak")] if ship.cloaked else []
    if ship.acted:
        tokens.append(TokenView(kind="action", label="ACTED"))
    if ship.cargo:
        tokens.append(TokenView(kind="cargo", count=len(ship.cargo), label="CARGO"))
    if ship.prisoners:
        tokens.append(TokenView(kind="prisoner", count=len(ship.prisoners), label="PRISONER"))
    own = SHIP_MISSIONS.get(ship.card.mission or "")
    if own is not None and (ship.progress or ship.mission_done):
        steps = own.count if ship.mission_done else len(ship.progress)
        tokens.append(TokenView(kind="mission", label=f"MISSION {steps}/{own.count}"))
    # a destroyed ship keeps its last ratings (greyed with its panel) and no badges: with none, the
    # panel drew shield and hull pips that match nothing in this game, and its DESTROYED tag lay on a badge
    return PanelView(id=ship.id, name=f"{ship.card.name} {ship.id}", class_name=ship.card.name, player=ship.side,
                     part=FleetCaptainsPanel(ratings=ratings(ship)),
                     status="destroyed" if ship.destroyed else "in_play",
                     shields=ship.dial.shields or 0, shields_max=best_shields(ship),
                     hull=3 - ship.alert if not ship.destroyed else 0, hull_max=3,
                     tokens=() if ship.destroyed else tuple(tokens),
                     damage=(("normal", "yellow alert", "red alert")[min(ship.alert, 2)],)
                     if ship.alert and not ship.destroyed else (),
                     active=active)


# what the d6s of a test are, by its kind (a system test: its system's name; an opposed one: shields)
_DICE_LABELS: Final[dict[str, tuple[str, str]]] = {"breakaway": ("MOVING", "ENEMY"), "evasion": ("MOVING", "ENEMY")}


_PLACE: Final = re.compile(r"\b(r\d+c\d+|cp[01])\b")


def named(line: str, state: FcState) -> str:
    """A log line as a player reads it: each side by its faction ("Klingon drafts...", not "side 1
    drafts..."), the location ids as the map shows them: a turned-over tile's name, a command post's
    faction; a face-down tile keeps its id (r2c3: row 2, column 3 from the first player's end)."""

    def name(match: re.Match[str]) -> str:
        loc = match.group(1)
        if loc.startswith("cp"):
            return f"{faction_of(state, int(loc[2]))}'s command post"
        index = LOCATION_INDEX.get(loc)
        place = state.locations[index] if index is not None and index < len(state.locations) else None
        return TILES[place.tile].name if place is not None and place.tile and place.explored else loc

    return sided(_PLACE.sub(name, line), state)


_ATTACK_ENDS: Final = frozenset(("action_taken", "turn_ended", "move_started", "moved", "move_ended", "turn_started",
                                  "game_ended"))


def _attack_from(event: fe.Event, index: int, current: int) -> int:
    """The event that began the combat ``event`` belongs to (`trek render --attack N`): a combat
    action or a free attack after a failed breakaway, through its cards, dice, tests and damage,
    until the next action, move or pick of the turn."""
    if isinstance(event, fe.ActionTaken) and event.action == "combat":
        return index
    if isinstance(event, fe.Chosen) and event.kind == "free_attack" and event.choice != "no attack":
        return index
    if event.type in _ATTACK_ENDS or (isinstance(event, fe.Chosen) and event.kind in ("turn", "step")):
        return -1
    return current


def _token_spot(loc: str, n: int) -> tuple[float, float]:
    """The ``n``-th cloak token's place: a column up the tile's east edge from its south-east
    corner, clear of the ships' rows and tags, the tile's name and its corner marks."""
    cx, cy = centre(loc)
    return cx + TILE_MM * 0.44, cy + TILE_MM * (-0.3 + 0.12 * (n % 4))


def _tile_base(loc: str) -> BaseView:
    """A location as a base the size of its tile: the director frames the whole tile."""
    x, y = centre(loc)
    return BaseView(Pose(x, y, 0.0), "large", TILE_MM)


def _focus(event: fe.Event, before: FcState) -> FocusView | None:
    """What the camera frames from an event on: the whole map at each turn and at the end; the two
    tiles of a step (the ships sliding between them); the tile of a test, close enough to read its ships."""
    if isinstance(event, fe.TurnStarted | fe.GameEnded):  # the whole map (framing its ships clear of the HUD
        return FocusView(kind="table")                     # slides it under the panels: the map stays whole)
    if isinstance(event, fe.Moved | fe.TokenMoved):
        return FocusView(kind="move", subjects=tuple(event.ships) if isinstance(event, fe.Moved) else (),
                         bases=(_tile_base(event.source), _tile_base(event.dest)))
    if (isinstance(event, fe.Tested) and event.kind != "encounter") or isinstance(event, fe.Explored) \
            or (isinstance(event, fe.ActionTaken) and event.ships):
        ships = event.ships if isinstance(event, fe.Tested | fe.ActionTaken) else ()
        where = event.location if isinstance(event, fe.Explored) else next(
            (before.where(before.ship(s)) for s in ships if not before.ship(s).destroyed), None)
        if where is not None:
            return FocusView(kind="attack", subjects=ships, bases=(_tile_base(where),))
    return None



def worded(reason: str) -> str:
    """A seat's recorded reason as the header says it: one step is "1 step to go", not "1 steps"
    (earlier replays say "1 steps"; a record stays as played)."""
    return re.sub(r"\b1 steps\b", "1 step", reason)

class FcPresenter:
    """The Fleet Captains presenter: the Timeline builds one per replay."""

    def __init__(self, events: Sequence[fe.Event], table: TableGeometry) -> None:
        self.events = list(events)
        self.table = table
        self.lines: list[str] = []
        self.attack_of: list[int] = [-1] * len(self.events)
        self.focus: list[FocusView | None] = [None] * len(self.events)
        self.roster: tuple[PanelView, ...] = ()
        self.reasons: list[tuple[int | None, str]] = []  # the last reason given so far and the side that gave it
        self.test_of: list[int] = []  # the test on the table at each event (-1: none)
        self.tallies: list[str] = []  # a test's worked-out line, its places named as the map shows them
        self._attack = -1  # the event that began the combat under way (-1: none)

    def observe(self, index: int, event: fe.Event, before: FcState) -> None:
        self.lines.append(named(log_line(event), before))
        self.tallies.append(named(describe(event), before) if isinstance(event, fe.Tested) else "")
        last = self.reasons[-1] if self.reasons else (None, "")
        if isinstance(event, fe.GameEnded):  # the header says the result, not the last turn's last reason
            self.reasons.append((event.winner, named(event.reason, before)))
        else:
            self.reasons.append((event.side, worded(event.reason)) if isinstance(event, fe.Chosen) and event.reason
                                else ((None, "") if isinstance(event, fe.TurnStarted) else last))
        on_table = self.test_of[-1] if self.test_of else -1
        if isinstance(event, fe.Tested):
            on_table = index
        elif isinstance(event, fe.TurnStarted | fe.MoveStarted) or (isinstance(event, fe.Chosen)
                                                                     and event.kind in ("turn", "step")):
            on_table = -1
        self.test_of.append(on_table)
        self.focus[index] = _focus(event, before)
        self._attack = _attack_from(event, index, self._attack)
        self.attack_of[index] = self._attack

    def finish(self, final: FcState) -> None:
        self.roster = tuple(_panel(s, final, False) for s in sorted(final.ships, key=lambda s: (s.side, s.id)))

    def mark(self, event: fe.Event) -> tuple[int, str] | None:
        # (the scrub bar's marks: the side's number is all the mark has room for)
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
                         markers=self._markers(state, event if progress < 1 else None, progress), range_edges=(),
                         part=FleetCaptainsTable(tiles=self._tiles(state)),
                         selected=moving.ships[0] if moving else None)
        active = moving.ships[0] if moving else None
        header = None
        if state.sides:
            # the side whose reason it is (a defender's card in the active side's turn is the defender's)
            chooser, reason = self.reasons[index] if index >= 0 else (None, "")
            side = state.active if chooser is None else chooser
            mover = active if active is not None and state.ship(active).side == side else None
            header = HeaderView(ship=mover or "", name=faction_of(state, side), player=side,
                                reason=reason)
        banner = BannerView(title=f"TURN {event.turn}", subtitle=f"{faction_of(state, event.side)}'s turn") \
            if isinstance(event, fe.TurnStarted) else None
        panels = tuple(_panel(s, state, s.id == active) for s in sorted(state.ships, key=lambda s: (s.side, s.id)))
        return Moment(time=time, index=index, progress=progress, round=state.turn, phase=state.phase, view=view,
                      active=active, dice=self._dice(index), reason=header.reason if header else "",
                      caption=self.lines[index] if index >= 0 else "", header=header, banner=banner,
                      round_label="SETUP" if state.turn == 0 else f"TURN {state.turn}",
                      phase_label="GAME OVER" if state.phase == "over"
                      else f"{faction_of(state, state.active).upper()}'S TURN" if state.turn
                      else "", panels=panels, part=FleetCaptainsMoment(notes=notes(state)))

    def _dice(self, index: int) -> DiceView | None:
        """The d6s of the test on the table: the tester's die and, in an opposed test, the other's."""
        at = self.test_of[index] if index >= 0 else -1
        if at < 0:
            return None
        test = self.events[at]
        assert isinstance(test, fe.Tested)
        after = self.events[at + 1] if at + 1 < len(self.events) else None
        if isinstance(after, fe.Tested) and after.label == test.label and after.kind == test.kind:
            # the target's half of an opposed test, worked out first: its die is the defence's
            return DiceView(defense=(DieView(kind="defense", face=str(test.die), fresh=at == index),),
                            tally=self.tallies[at], defense_label=test.system.upper()[:7])
        dice = [DieView(kind="attack", face=str(test.die), fresh=at == index)]
        before = self.events[at - 1] if at > 0 else None
        if isinstance(before, fe.Tested) and before.label == test.label and before.kind == test.kind:
            dice.append(DieView(kind="defense", face=str(before.die), fresh=at == index))
        elif test.kind in ("breakaway", "evasion"):
            rolled = self.events[at - 1]
            if isinstance(rolled, fe.Rolled | fe.TableRolled):
                dice.append(DieView(kind="defense", face=str(rolled.value), fresh=at == index))
        return DiceView(attack=tuple(dice[:1]), defense=tuple(dice[1:]), tally=self.tallies[at],
                        attack_label=_DICE_LABELS.get(test.kind, ("",))[0] or test.system.upper()[:7],
                        defense_label=_DICE_LABELS.get(test.kind, ("", ""))[1] or "SHIELDS")

    def _ships(self, state: FcState, moving: fe.Moved | None, progress: float) -> list[ShipView]:
        out = []
        crowd: dict[tuple[str, int], int] = {}
        counts: dict[tuple[str, int], int] = {}
        for ship in state.ships:
            where = state.where(ship)
            if not ship.destroyed and where is not None:
                counts[where, ship.side] = counts.get((where, ship.side), 0) + 1
        for ship in state.ships:
            where = state.where(ship)
            if ship.destroyed or where is None:
                continue
            n = crowd[where, ship.side] = crowd.get((where, ship.side), -1) + 1
            count = counts[where, ship.side]
            x, y = spot(where, n, ship.side, count)
            if moving is not None and ship.id in moving.ships:
                (ax, ay), (bx, by) = spot(moving.source, n, ship.side, count), (x, y)
                x, y = ax + (bx - ax) * progress, ay + (by - ay) * progress
            d = ship.dial
            # the tag on the table is the id alone: a location holds up to nine ships (the panels
            # give each id its class)
            out.append(ShipView(id=ship.id, name=ship.id, faction=ship.card.faction,
                                class_name=ship.card.name, base_size="small", base_side=SHIP_BASE_MM,
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
                                installation=place.installation or "", installation_player=place.installation_side,
                                scanned_by=place.scanned_by if not place.explored else ()))
        return tuple(out)

    def _markers(self, state: FcState, event: fe.Event | None, progress: float) -> tuple[MarkerView, ...]:
        """The cloak tokens (a cloaked ship's and its echoes look alike on the table), sliding from
        tile to tile as an echo steps, is gathered, or a cloaked ship moves."""
        out = []
        for n, token in enumerate(state.tokens):
            x, y = _token_spot(token.location, n)
            source = None
            if isinstance(event, fe.TokenMoved | fe.TokenGathered) and event.token == token.id:
                source = event.source
            elif isinstance(event, fe.Moved) and token.ship in event.ships:
                source = event.source
            if source is not None:
                ax, ay = _token_spot(source, n)
                x, y = ax + (x - ax) * progress, ay + (y - ay) * progress
            out.append(MarkerView(label="K", x=x, y=y, text="a cloak token" if token.ship else "a sensor echo"))
        return tuple(out)

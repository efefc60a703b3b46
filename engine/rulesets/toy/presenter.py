"""What the table shows during a toy replay: each ship where its last move left it (sliding
along a straight line during the move), its shields and hull, and the event as a caption."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.geometry.pose import Pose
from engine.rulesets.toy.game import ToyEvent, ToyState
from engine.timeline import Moment, TableGeometry
from engine.view import FocusView, PanelView, RulerView, ShipView, TableView

SECONDS: dict[str, float] = {"game_started": 1.0, "round_started": 1.0, "ship_moved": 1.5, "dice_rolled": 1.0,
                             "damage": 0.5, "note": 0.2, "game_ended": 2.0}


def seconds(event: ToyEvent) -> float:
    return SECONDS[event["type"]]


def log_line(event: ToyEvent) -> str:
    """``R2 combat: r1 takes 2 to shields``: an event as a line."""
    kind, ship = event["type"], event.get("ship", "")
    if kind == "ship_moved":
        m = event["maneuver"]
        what = f"{ship} flies {m['kind']} {m['speed']}"
    elif kind == "dice_rolled":
        what = f"{ship} rolls {', '.join(event['faces'])}"
    elif kind == "damage":
        what = f"{ship} takes {event['amount']} to {event['to']}"
    elif kind == "game_ended":
        what = "the game ends" + ("" if event["winner"] is None else f": side {event['winner']} wins")
    else:
        what = kind.replace("_", " ")
    return f"R{event['round']} {event['phase']}: {what}"


class ToyPresenter:
    """The toy ruleset's presenter: the Timeline builds one per replay."""

    def __init__(self, events: Sequence[ToyEvent], table: TableGeometry) -> None:
        self.events = list(events)
        self.table = table
        self.lines: list[str] = []
        self.attack_of: list[int] = [-1] * len(self.events)  # no attacks to follow in the toy
        self.focus: list[FocusView | None] = [None] * len(self.events)  # the director keeps the whole table
        self.roster: tuple[PanelView, ...] = ()  # no ship panels

    def observe(self, index: int, event: ToyEvent, before: ToyState) -> None:
        self.lines.append(log_line(event))

    def ruler(self, state: ToyState, index: int, ship: str, target: str) -> RulerView | None:
        return None  # the toy has no range bands

    def finish(self, final: ToyState) -> None:
        pass

    def mark(self, event: ToyEvent) -> tuple[int, str] | None:
        return (event["round"], event["phase"]) if event["type"] == "round_started" else None

    def board(self, state: ToyState) -> Any:
        return state

    def moment(self, time: float, index: int, progress: float, state: ToyState) -> Moment:
        event = self.events[index] if index >= 0 else None
        moving = event["ship"] if event is not None and event["type"] == "ship_moved" and progress < 1 else None
        ships = []
        for ship_id, ship in sorted(state["ships"].items()):
            pose = Pose(**ship["pose"])
            if ship_id == moving and event is not None:
                a, b = event["start"], event["end"]
                pose = Pose(a["x"] + (b["x"] - a["x"]) * progress, a["y"] + (b["y"] - a["y"]) * progress, a["heading"])
            ships.append(ShipView(id=ship_id, name=ship_id.upper(), faction="toy", class_name="toy",
                                  base_size="small", pose=pose, player=0 if ship_id.startswith("r") else 1,
                                  shields=ship["shields"], shields_max=3, hull=ship["hull"], hull_max=4,
                                  active=ship_id == moving))
        view = TableView(area_width=self.table.area[0], area_height=self.table.area[1], ships=tuple(ships),
                         selected=moving)
        return Moment(time=time, index=index, progress=progress, round=state["round"], phase=state["phase"],
                      view=view, active=moving, dice=None, reason="",
                      caption=self.lines[index] if index >= 0 else "")

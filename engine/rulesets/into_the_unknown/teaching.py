"""The teaching plate of Into the Unknown's moves (the ruleset's ``teaching``; `trek teach plate
into_the_unknown`): four panels side by side on one table, each a ship before and after one
maneuver with the tools the guide uses for it, worked out by the rules' own movement code:

1. forward impulse, turning before the advance (the tool turned in the port slot, then slid);
2. forward impulse, turning after the advance (slid straight, then the base rotated about the head);
3. engage warp (straight along the ruler laid against the port side, up to twice the warp factor);
4. come about (a spin on the base's centre).
"""

from __future__ import annotations

from engine.geometry.pose import Pose
from engine.rulesets.into_the_unknown.displays import DISPLAYS, notches
from engine.rulesets.into_the_unknown.events import PoseModel, ShipMoved
from engine.rulesets.into_the_unknown.movement import ImpulsePlan, WarpPlan, impulse_end, max_warp_distance, warp_end
from engine.rulesets.into_the_unknown.presenter import ruler_strip
from engine.rulesets.into_the_unknown.presenter_table import BASE_LINES, impulse_frame
from engine.rulesets.into_the_unknown.table import BASES, INCH
from engine.view import PlateLabelView, PlateView, ShipView, TableView, TemplateView
from engine.view_into_the_unknown import IntoTheUnknownTable, ToolView

PANEL_W = 10 * INCH  # each panel's width on the plate's table
PANEL_H = 14 * INCH
START_Y = 4.0 * INCH  # where each ship starts, clear of the lines under it
PLATES = ("moves",)


def _ship(key: str, pose: Pose, ghost: bool) -> ShipView:
    card = DISPLAYS["defiant"]
    width, length = BASES[card.base]
    return ShipView(id=key, name="before" if ghost else "after", faction=card.faction, class_name=card.class_name,
                    base_size="small", pose=pose, player=0, front_arc=None, hull=card.hull_dial[0].value,
                    hull_max=card.hull_dial[0].value, cloaked=ghost, base_side=width, base_length=length,
                    base_lines=BASE_LINES)


def _moved(maneuver: str, start: Pose, end: Pose, distance: float, **more: object) -> ShipMoved:
    return ShipMoved.model_validate({"seq": 0, "round": 1, "phase": "priority", "ship": "defiant", "maneuver": maneuver,
                                     "start": PoseModel(x=start.x, y=start.y, heading=start.heading),
                                     "end": PoseModel(x=end.x, y=end.y, heading=end.heading), "distance": distance,
                                     **more})


def _impulse(k: int, when: str, turn: float, inches: float) -> tuple[list[ShipView], list[TemplateView],
                                                                       list[ToolView], list[PlateLabelView]]:
    x0 = k * PANEL_W + PANEL_W * (0.72 if when == "before" else 0.6)
    start = Pose(x0, START_Y, 0.0)
    plan = ImpulsePlan(distance=inches * INCH, turn=turn, side="port", when=when)  # type: ignore[arg-type]
    end = impulse_end(start, "small", plan, plan.distance)
    event = _moved("impulse", start, end, plan.distance, turn=turn, turn_side="port", turn_when=when)
    _, tool = impulse_frame(event, "small", 1.0)
    _, first = impulse_frame(event, "small", 0.0 if when == "after" else 0.3)
    size = BASES["small"]
    ships = [_ship(f"start-{k}", start, True), _ship(f"end-{k}", end, False)]
    rulers = [TemplateView(points=ruler_strip(event, size), colour="white", ship_id=f"end-{k}")]
    cx = k * PANEL_W + PANEL_W / 2
    if when == "before":
        lines = ["1. the turning tool's head in the port slot", f"2. turned {notches(turn)} toward the aft",
                 f'3-5. slid {inches:g}" along the ruler; the ship follows,', "its port slot on the tool's head"]
        tools = [first, tool]
    else:
        lines = ["1. the turning tool's head in the port slot", f'3-5. slid {inches:g}" straight along the ruler',
                 f"6. the base turned {notches(turn)} forward", "about the tool's head"]
        tools = [tool]
    labels = [PlateLabelView(cx, PANEL_H - 0.8 * INCH, f"FORWARD IMPULSE, TURN {when.upper()}", 1.3)]
    labels += [PlateLabelView(cx, 1.6 * INCH - n * 0.45 * INCH, line, 0.8) for n, line in enumerate(lines)]
    return ships, rulers, tools, labels


def _warp(k: int, factor: int) -> tuple[list[ShipView], list[TemplateView], list[PlateLabelView]]:
    x0 = k * PANEL_W + PANEL_W / 2
    start = Pose(x0, START_Y, 0.0)
    plan = WarpPlan(warp_factor=factor, distance=max_warp_distance(factor))
    end = warp_end(start, plan.distance)
    event = _moved("warp", start, end, plan.distance, warp_factor=factor)
    cx = k * PANEL_W + PANEL_W / 2
    lines = ["the ruler against the port side,", "from the aft corner;", f"warp {factor}: straight ahead up to "
             f'{2 * factor}"', "(twice the warp factor)"]
    labels = [PlateLabelView(cx, PANEL_H - 0.8 * INCH, f"ENGAGE WARP {factor}", 1.3)]
    labels += [PlateLabelView(cx, 1.6 * INCH - n * 0.45 * INCH, line, 0.8) for n, line in enumerate(lines)]
    return ([_ship(f"start-{k}", start, True), _ship(f"end-{k}", end, False)],
            [TemplateView(points=ruler_strip(event, BASES["small"]), colour="white", ship_id=f"end-{k}")], labels)


def _come_about(k: int, heading: float) -> tuple[list[ShipView], list[PlateLabelView]]:
    cx = k * PANEL_W + PANEL_W / 2
    start = Pose(cx, PANEL_H / 2 - INCH, 0.0)
    end = Pose(cx, PANEL_H / 2 - INCH, heading)
    labels = [PlateLabelView(cx, PANEL_H - 0.8 * INCH, "COME ABOUT", 1.3)]
    labels += [PlateLabelView(cx, 1.6 * INCH - n * 0.45 * INCH, line, 0.8)
               for n, line in enumerate(["the base spins on its centre", f"to any heading (here {heading:g} degrees)"])]
    return [_ship(f"start-{k}", start, True), _ship(f"end-{k}", end, False)], labels


def plate(name: str) -> PlateView:
    """The plate called ``name`` (``moves``)."""
    if name not in PLATES:
        raise ValueError(f"Into the Unknown has no teaching plate {name!r}; it has: {', '.join(PLATES)}")
    ships: list[ShipView] = []
    rulers: list[TemplateView] = []
    tools: list[ToolView] = []
    labels: list[PlateLabelView] = []
    for k, (when, turn) in enumerate((("before", 2.0), ("after", 2.0))):
        s, r, t, lab = _impulse(k, when, turn, 5.0)
        ships += s
        rulers += r
        tools += t
        labels += lab
    s, r, lab = _warp(2, 3)
    ships += s
    rulers += r
    labels += lab
    s, lab = _come_about(3, 135.0)
    ships += s
    labels += lab
    table = TableView(area_width=4 * PANEL_W, area_height=PANEL_H, ships=tuple(ships), templates=tuple(rulers),
                      part=IntoTheUnknownTable(tools=tuple(tools)))
    return PlateView(title="STAR TREK: INTO THE UNKNOWN - MOVING A SHIP",
                     subtitle="forward impulse with the turning tool, warp, come about (guide, \"Maneuvers\")",
                     table=table, labels=tuple(labels),
                     footer='a small base, 1.5" x 2"; the turning tool\'s notches 22.5 degrees apart; the faint '
                            'ship where it started')

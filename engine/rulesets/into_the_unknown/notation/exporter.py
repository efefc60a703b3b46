"""An Into the Unknown replay written as notation: the header, then every decision of the seats and every
die in the order the game made them (docs/notation.md, "Star Trek: Into the Unknown").

The events hold what happened, not always what was asked: a maneuver stopped short by a ship or the
sector's edge records where it ended. The export writes a maneuver the rules resolve to exactly the
recorded move (the move as recorded when that is so, else the reach the seat asked for: whole,
three-quarter, half or quarter engine power, twice or once the warp factor, or any quarter inch
between), checked against the engine's own ``maneuver``; and it counts every random draw an event
made against the dice and cards it writes, so an import of the export draws what the game drew.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from engine.errors import TrekError
from engine.rulesets.into_the_unknown import mission
from engine.rulesets.into_the_unknown.events import (
    AlertChanged,
    AnomalyExposed,
    AttackMade,
    EffectsResolved,
    GameEnded,
    GameStarted,
    ItuEvent,
    OfficerRelocated,
    OfficersReadied,
    OrderGiven,
    Passed,
    PhaseStarted,
    ProjectileLaunched,
    ProjectileMoved,
    ProjectileRemoved,
    RoundStarted,
    ShipMoved,
    TestMade,
)
from engine.rulesets.into_the_unknown.game import ROUND_LIMIT
from engine.rulesets.into_the_unknown.movement import ComeAboutPlan, ImpulsePlan, Plan, WarpPlan
from engine.rulesets.into_the_unknown.notation.grammar import HOWS, plan_of
from engine.rulesets.into_the_unknown.orders import maneuver
from engine.rulesets.into_the_unknown.reducer import apply
from engine.rulesets.into_the_unknown.state import ItuState
from engine.rulesets.into_the_unknown.table import INCH

PREAMBLE = ("# Star Trek: Into the Unknown game notation (docs/notation.md)",
            "# Exported from a replay by trek notation export. A comment on an order or a relocation is the",
            "# reason the player gave; the other comments say what the rules engine made of it.")
STEP = INCH / 4  # the export's search for the reach a stopped maneuver asked for


def number(x: float) -> str:
    """A number as short as it reads back exactly (a whole number without its point; -0 keeps its sign)."""
    if x == 0 and math.copysign(1.0, x) < 0:
        return "-0"
    return str(int(x)) if float(x).is_integer() and abs(x) < 1e15 else repr(float(x))


def inches(mm: float) -> str:
    text = f"{mm / INCH:.4f}".rstrip("0").rstrip(".")
    return f'{text}"'


def plan_from(args: dict[str, Any]) -> Plan:
    if args["plan"] == "warp":
        return WarpPlan(args["factor"], args["distance"])
    if args["plan"] == "impulse":
        return ImpulsePlan(args["distance"], args["turn"], args["side"], args["when"])
    return ComeAboutPlan(args["heading"] % 360.0)


def maneuver_text(state: ItuState, event: ShipMoved) -> str:
    """A maneuver (as notation text) that the engine resolves from ``state`` to exactly ``event``."""
    ship = state.ship(event.ship)
    wanted = event.model_dump(mode="json")
    if event.maneuver == "come_about":  # one stopped by a ship turned whole degrees away from the heading asked
        h = event.end.heading
        asked = [h] + ([(h + sign * k) % 360.0 for k in range(1, 181) for sign in (-1, 1)] if event.stopped else [])
        texts = [f"come about {number(a)}" for a in asked]
    else:
        reach = 2 * event.warp_factor * INCH if event.maneuver == "warp" else ship.stats.engine * INCH
        distances = [event.distance]
        if event.stopped is not None:
            tried = ([2 * event.warp_factor * INCH, event.warp_factor * INCH] if event.maneuver == "warp" else
                     [ship.stats.engine * INCH * f for f in (1.0, 0.75, 0.5, 0.25)])
            distances += tried + [k * STEP for k in range(int(event.distance // STEP) + 1, int(reach // STEP) + 1)]
        turns = [f" turn {number(event.turn)} {event.turn_side} {event.turn_when}"] if event.turn_side else \
            ["", " turn 0 starboard before"]
        texts = []
        for d in distances:
            for shown in (inches(d), f"{number(d)}mm"):
                if event.maneuver == "warp":
                    texts.append(f"warp {event.warp_factor} {shown}")
                else:
                    texts += [f"impulse {shown}{turn}" for turn in turns]
    for text in texts:
        try:
            moved = maneuver(state, event.ship, plan_from(plan_of(text)), seq=event.seq, phase=event.phase)
        except ValueError:
            continue
        if moved.model_dump(mode="json") == wanted:
            return text
    raise TrekError(f"event {event.seq}: no maneuver the notation can write resolves to {ship.name}'s recorded "
                    f"{event.maneuver}")


def dice_lines(event: TestMade | AttackMade, indent: str) -> list[str]:
    """A test's roll, its changes in order and the damage cards it drew, checked against its draws."""
    out: list[str] = []
    if event.dice:
        intuition = " ".join(d.face for d in event.dice if d.kind == "intuition")
        expertise = " ".join(d.face for d in event.dice if d.kind == "expertise")
        out.append(f"{indent}roll: {intuition}" + (f" / {expertise}" if expertise else ""))
    draws = len(event.dice)
    for step in event.steps:
        if step.how == "discovery":
            out.append(f"{indent}discovery {step.index + 1}: {step.face}")
            continue
        draws += 1
        if step.how == "peril":
            out.append(f"{indent}peril {step.index + 1}: {step.face}")
        elif step.how in HOWS:
            out.append(f"{indent}reroll {step.index + 1} {step.how}: {step.face}")
    for delta in event.effects.ships:
        for title, _ in delta.cards:
            out.append(f"{indent}card {delta.ship}: {title}")
            draws += 1
    if draws != event.draws:
        raise TrekError(f"event {event.seq}: it drew {event.draws} random numbers; the notation would write {draws}")
    return out


class _Writer:
    def __init__(self, header: dict[str, Any]) -> None:
        self.header = header
        self.out: list[str] = list(PREAMBLE)
        self.order: list[str] | None = None  # the order being written: head, plan, children
        self.order_event: OrderGiven | None = None
        self.order_target: str | None = None

    def flush(self) -> None:
        if self.order is None or self.order_event is None:
            return
        event = self.order_event
        head = f"{event.ship} {event.order} {event.action} at {event.station}"
        if event.officer:
            head += f" by {event.officer}"
        if self.order_target:
            head += f" on {self.order_target}"
        if self.order[0]:
            head += f": {self.order[0]}"
        if event.reason:
            head += f"  # {' '.join(event.reason.split())}"
        self.out.append(head)
        self.out += self.order[1:]
        self.order = self.order_event = self.order_target = None

    def line(self, text: str) -> None:
        self.flush()
        self.out.append(text)

    def in_order(self, ship: str) -> bool:
        return self.order_event is not None and self.order_event.ship == ship

    def event(self, pre: ItuState, e: ItuEvent) -> None:
        side = pre.sides
        if isinstance(e, GameStarted):
            self.header_lines(e)
        elif isinstance(e, RoundStarted):
            self.line("")
            self.line(f"Round {e.round}")
        elif isinstance(e, PhaseStarted):
            self.line(f"# {e.phase}" + (f": {e.step}" if e.step else ""))
        elif isinstance(e, OrderGiven):
            self.flush()
            self.order, self.order_event = [""], e
        elif isinstance(e, Passed):
            self.line(f"{side[e.side]} passes")
        elif isinstance(e, ShipMoved) and self.in_order(e.ship) and self.order is not None:
            self.order[0] = maneuver_text(pre, e)
        elif isinstance(e, AlertChanged) and e.phase != "hail" and self.in_order(e.ship) and self.order is not None:
            self.order[0] = "alert up" if e.alert > pre.ship(e.ship).alert else "alert down"
        elif isinstance(e, AlertChanged):
            self.line(f"{e.ship} raises alert")
        elif isinstance(e, AttackMade) and self.in_order(e.ship) and self.order is not None:
            where = f" {e.end}" if e.end else ""
            reserve = f" reserve {e.reserve}" if e.reserve else ""
            self.order.append(f'  attack {e.target}{where} with "{e.weapon}" in {e.arc} power {e.weapons_power}'
                              f"{reserve}")
            self.order += dice_lines(e, "    ")
        elif isinstance(e, AttackMade):
            objective = any(o.id == e.ship for o in pre.objectives)
            self.line(f"outpost {e.ship} attacks {e.target}" if objective else f"blast {e.ship} at {e.target}")
            self.out += dice_lines(e, "  ")
        elif isinstance(e, ProjectileLaunched) and self.in_order(e.ship) and self.order is not None:
            reserve = f" reserve {e.reserve}" if e.reserve else ""
            self.order.append(f'  launch "{e.launcher}" {e.end} turn {number(e.turn)} endurance {e.endurance} '
                              f"power {e.weapons_power}{reserve}")
        elif isinstance(e, TestMade) and self.in_order(e.ship) and self.order is not None:
            if e.test == "REPAIR":
                repaired = [t for d in e.effects.ships for t in d.repaired]
                self.order_target = f'"{(repaired or [t for t, _ in pre.ship(e.ship).cards])[0]}"'
            else:
                self.order_target = e.target
            self.order += dice_lines(e, "  ")
        elif isinstance(e, TestMade):
            self.line(f"{e.ship} salvo {e.target}")
            self.out += dice_lines(e, "  ")
        elif isinstance(e, ProjectileMoved):
            self.line(f"{e.projectile} moves {e.side}" + (" across" if e.across else ""))
        elif isinstance(e, ProjectileRemoved) and self.order is not None:
            self.order.append(f"  # {e.projectile} removed: {e.why}")  # shot down: the order goes on
        elif isinstance(e, ProjectileRemoved):
            self.line(f"# {e.projectile} removed: {e.why}")
        elif isinstance(e, AnomalyExposed):
            self.flush()
            if e.number in (1, 2):  # the ship's player chose peril or reserve where it had 2 reserve
                for delta in e.effects.ships:
                    if pre.ship(delta.ship).reserve >= 2:
                        self.out.append(f"{delta.ship} wreckage {'reserve' if delta.reserve else 'peril'}")
            self.out.append(f"# {e.anomaly} exposed: anomaly {e.number}")
        elif isinstance(e, OfficersReadied):
            if e.officers:
                self.line(f"ready {side[e.side]}: " + " ".join(f"{s}/{o}" for s, o in e.officers))
        elif isinstance(e, OfficerRelocated):
            where = f"{e.section} {e.station}" if e.station else e.section
            reason = f"  # {' '.join(e.reason.split())}" if e.reason else ""
            self.line(f"{e.ship} relocates {e.officer} to {where}{reason}")
        elif isinstance(e, EffectsResolved) and e.why.startswith("hail:"):
            self.line(f"{side[e.effects.hostile.index(True)]} hails: hostile")
        elif isinstance(e, GameEnded):
            self.line("")
            winner = "draw" if e.winner is None else side[e.winner]
            self.line(f"Result: {winner} {e.scores[0]} to {e.scores[1]}  # {e.why.strip('()')}")

    def header_lines(self, e: GameStarted) -> None:
        h = self.header
        found = h.get("notation")
        names: dict[str, Any] = found if isinstance(found, dict) else {}
        self.out += ["", "Game: into_the_unknown"]
        for tag in ("Event", "Date", "Site", "Round"):
            if isinstance(names.get(tag), str):
                self.out.append(f"{tag}: {' '.join(names[tag].split())}")
        self.out += [f"Mission: {mission.NAME}", f"Seed: {e.seed}", f"Rounds: {h.get('rounds', ROUND_LIMIT)}"]
        seats = list(h.get("seats", ["ai", "ai"]))
        for i, letter in enumerate("AB"):
            name = names.get(f"Player {letter}")
            seat = seats[i] if i < len(seats) else "table"
            shown = " ".join(name.split()) if isinstance(name, str) else seat
            self.out.append(f"Player {letter}: {shown}  # {e.sides[i]}")


def export_events(header: dict[str, Any], events: list[ItuEvent], cut: str | None = None) -> str:
    writer = _Writer(header)
    state = ItuState()
    for event in events:
        writer.event(state, event)
        state = apply(state, event)
    writer.flush()
    if cut:
        writer.out.append(f"# {cut}")
    return "\n".join(writer.out).rstrip("\n") + "\n"


def export_file(path: Path) -> str:
    """A replay file of Into the Unknown as notation text (ReplayError when it cannot be read)."""
    from engine.replay import open_replay
    from engine.rulesets.into_the_unknown.codec import ItuCodec
    from engine.rulesets.into_the_unknown.upgrades import EVENT_SCHEMA, UPGRADES
    from engine.rulesets.notation import reading_codec

    replay = open_replay(Path(path))
    codec = reading_codec(ItuCodec(), EVENT_SCHEMA, UPGRADES, replay.header)
    events: list[ItuEvent] = list(replay.typed_events(codec))
    cut = f"the replay is cut off after {len(events)} events: {replay.cut_reason}" if replay.truncated else None
    return export_events(replay.header, events, cut)

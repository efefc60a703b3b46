"""A person's seat in Into the Unknown: each of the seat's decisions (``ai.Player``) asked as
``Decision``s, offered from the engine's legality source: the orders of ``orders.legal_orders``,
the next attacks of ``combat.attack_options``, the sides of ``projectiles.moving_sides``; a target,
an objective or a launch is offered only where the procedure that resolves it accepts it.

An order is asked in parts: which order (or pass), then what it needs (the maneuver from a fan of
plans, the attacks one at a time with their power, a launch, a lock target, a card to repair, an
objective). Tests ask which die to reroll, one at a time, and what a discovery becomes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from engine.rulesets.into_the_unknown import procedures, projectiles
from engine.rulesets.into_the_unknown.ai import Choice, Player, Relocation
from engine.rulesets.into_the_unknown.combat import Shot, attack_options
from engine.rulesets.into_the_unknown.dice import FACES as DIE_FACES
from engine.rulesets.into_the_unknown.dice import DieKind, Face, How, Modifier, Pool
from engine.rulesets.into_the_unknown.displays import OFFICERS, PROJECTILES, notches
from engine.rulesets.into_the_unknown.events import Paid
from engine.rulesets.into_the_unknown.movement import ComeAboutPlan, ImpulsePlan, Plan, WarpPlan, warp_reserve
from engine.rulesets.into_the_unknown.orders import MISSION_ACTIONS, Option, legal_orders, table_for
from engine.rulesets.into_the_unknown.projectiles import Launch, ManeuverSide
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState, ShipState, VolleyState
from engine.rulesets.into_the_unknown.table import INCH
from engine.rulesets.into_the_unknown.volley import after, power_left
from engine.seats.decision import Choice as Offered
from engine.seats.decision import Decision, FrontEnd, Journal, Undo, ask

GAME = "into_the_unknown"
SIDES = ("Federation", "Dominion")
FACES: tuple[Face, ...] = ("blank", "analysis", "success", "double", "breakthrough")
HEADINGS = (0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0)
COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
REASON = "chosen by a person"


def _none_chooser(pool: Pool, difficulty: int, how: How) -> int | None:
    return None


def _none_discoverer(pool: Pool, difficulty: int, index: int) -> Face | None:
    return None


DRY = Modifier(_none_chooser, _none_discoverer)  # the dice of a trial resolution: nobody rerolls


def _paid(paid: Paid) -> str:
    parts = [f"{getattr(paid, c)} {c}" for c in ("social", "security", "technical", "reserve") if getattr(paid, c)]
    return ", ".join(parts) or "nothing"


def order_text(ship: ShipState, option: Option) -> str:
    who = OFFICERS[option.officer].name if option.officer else "standby"
    station = option.station.replace("_", " ")
    where = f"{station}, {who}{' (takes the open station)' if option.assigned else ''}"
    return f"{ship.name}: {option.action.name} ({where}; pays {_paid(option.paid)})"


def what_it_does(ship: ShipState, option: Option) -> str:
    """An order's details for ``?``: what the action lets the ship do now."""
    stats, name = ship.stats, option.action.name
    if name == "IMPULSE":
        return f"advance up to {stats.engine}\", turning up to {notches(stats.impulse_turn)}; or come about"
    if name == "WARP":
        return f"warp factor 1 to {ship.card.warp_drive}, up to twice the factor in inches"
    if name == "FIRE WEAPONS":
        return (f"{stats.weapons} weapons power for {', '.join(b.name for b in ship.card.beams) or 'no beams'}"
                + (", torpedoes ready" if stats.launcher == "torpedo" else ""))
    if name == "CALL ALERT":
        return f"the alert dial one position (now {stats.colour})"
    if name == "SENSOR LOCK":
        return "a lock on an opposing unit at Sensors range: friendly attacks on it reroll dice"
    if name == "REPAIR":
        return "a test to repair a damage card at the station"
    return "the mission action: a test at an objective"


def plan_text(plan: Plan) -> str:
    if isinstance(plan, WarpPlan):
        return f"warp {plan.warp_factor}, {plan.distance / INCH:g}\" ahead"
    if isinstance(plan, ComeAboutPlan):
        return f"come about to face {COMPASS[HEADINGS.index(plan.heading)] if plan.heading in HEADINGS else ''} " \
               f"({plan.heading:g} degrees)"
    turn = f", turn {notches(plan.turn)} to {plan.side} {plan.when} the advance" if plan.turn else ""
    return f"impulse {plan.distance / INCH:g}\" ahead{turn}"


class HumanSeat:
    """The ``Player`` of a person for one side."""

    def __init__(self, side: int, journal: Journal, front: FrontEnd) -> None:
        self.side, self.journal, self.front = side, journal, front
        self.seat = f"{SIDES[side]} (side {side})"
        self.undoable = False  # asking the parts of an order after its first

    def _ask(self, kind: str, prompt: str, options: list[tuple[str, str]], situation: tuple[str, ...] = ()) -> int:
        return ask(self.journal, self.front, Decision(GAME, self.seat, kind, prompt,
                                                      tuple(Offered(t, d) for t, d in options), situation,
                                                      self.undoable))

    def _situation(self, state: ItuState) -> tuple[str, ...]:
        ships = [f"{s.name}: hull {s.hull_value}, reserve {s.reserve}, alert {s.stats.colour}, "
                 f"{'deep space' if s.area == 0 else f'system {s.area}'}"
                 for s in state.ships if s.side == self.side and not s.destroyed]
        return (f"round {state.round}, {state.phase}; VP {state.score(0)} to {state.score(1)}", *ships)

    # --- orders ------------------------------------------------------------------------------

    def order(self, state: ItuState, side: int, kind: Literal["priority", "standby"]) -> Choice | None:
        """The order, asked in parts; until the last part is answered the person may take the order
        back (``Undo``) and choose again: nothing of it is given before the seat returns it."""
        while True:
            mark = self.journal.mark()
            try:
                return self._order(state, side, kind)
            except Undo:
                self.journal.take_back(mark)
            finally:
                self.undoable = False

    def _order(self, state: ItuState, side: int, kind: Literal["priority", "standby"]) -> Choice | None:
        offered = [(ship, opt) for ship in state.ships if ship.side == side
                   for opt in legal_orders(state, ship, kind)]
        if not offered:
            return None  # nothing to order: the side passes (no decision)
        pick = self._ask("order", f"{kind} order (or pass)",
                         [("pass", "give no more orders this phase")]
                         + [(order_text(ship, opt), what_it_does(ship, opt)) for ship, opt in offered],
                         self._situation(state))
        if pick == 0:
            return None
        self.undoable = True  # the parts that follow may be taken back, to the order's choice
        ship, opt = offered[pick - 1]
        name = opt.action.name
        if name in ("IMPULSE", "WARP"):
            return Choice(ship.id, opt, plan=self._plan(state, ship, name == "WARP"), reason=REASON)
        if name == "CALL ALERT":
            return Choice(ship.id, opt, alert=self._alert(ship), reason=REASON)
        if name == "FIRE WEAPONS":
            shots, launches = self._volley(state, ship, opt)
            return Choice(ship.id, opt, shots=shots, launches=launches, reason=REASON)
        if name == "SENSOR LOCK":
            return Choice(ship.id, opt, target=self._target(state, ship, opt, kind), reason=REASON)
        if name == "REPAIR":
            return Choice(ship.id, opt, target=self._card(ship, opt), reason=REASON)
        if name in MISSION_ACTIONS:
            return Choice(ship.id, opt, objective=self._objective(state, ship, opt, kind), reason=REASON)
        return Choice(ship.id, opt, reason=REASON)

    def _plan(self, state: ItuState, ship: ShipState, warp: bool) -> Plan:
        stats = ship.stats
        plans: list[Plan] = []
        if warp:
            for factor in range(1, ship.card.warp_drive + 1):
                if warp_reserve(factor, stats.engine) <= ship.reserve:
                    plans += [WarpPlan(factor, n * INCH) for n in range(2 * factor, 0, -1)]
        else:
            for inches in range(stats.engine, -1, -1):
                plans.append(ImpulsePlan(inches * INCH))
                for turn in sorted({stats.impulse_turn / 2, float(stats.impulse_turn)} - {0.0}):
                    for side in ("port", "starboard"):
                        for when in ("before", "after") if inches else ("before",):
                            plans.append(ImpulsePlan(inches * INCH, turn, side, when))
            plans += [ComeAboutPlan(h) for h in HEADINGS]
        ends = [projectiles_end(state, ship, p) for p in plans]
        pick = self._ask("maneuver", f"{ship.name}: the {'warp' if warp else 'impulse'} maneuver",
                         [(plan_text(p), f"ends at {e}") for p, e in zip(plans, ends, strict=True)])
        return plans[pick]

    def _alert(self, ship: ShipState) -> int:
        dial = ship.card.alert_dial
        steps = [(+1, "raise the alert one position"), (-1, "lower the alert one position")]
        legal = [(d, t) for d, t in steps if 0 <= ship.alert + d < len(dial)]
        if len(legal) == 1:
            return legal[0][0]
        pick = self._ask("alert", f"{ship.name}: CALL ALERT", [(t, "") for _, t in legal])
        return legal[pick][0]

    def _volley(self, state: ItuState, ship: ShipState, opt: Option) -> tuple[tuple[Shot, ...], tuple[Launch, ...]]:
        """The attacks one at a time from the next legal ones (each with the power it spends), then a launch."""
        volley = VolleyState(ship=ship.id, leader=opt.officer)
        shots: list[Shot] = []
        while True:
            found = attack_options(state, ship, volley)
            launches = self._launches(state, ship, volley)
            if not found and not launches:
                break
            texts = [("done", "end the action")]
            texts += [(f"{o.weapon.name} at {_target_name(state, o.target)}"
                       + (f" {o.end} end" if o.end else "") + f" ({o.arc} arc, {o.range_mm / INCH:.1f}\")",
                       f"up to {o.weapons_power} weapons power and {o.reserve} reserve") for o in found]
            texts += [(f"launch from the {x.end} {x.launcher.name}, turned {x.turn:g} notches "
                       f"(endurance {x.endurance})", f"{x.weapons_power} weapons power") for x in launches]
            pick = self._ask("attack", f"{ship.name}: FIRE WEAPONS, the next attack", texts)
            if pick == 0:
                break
            if pick > len(found):
                return tuple(shots), (launches[pick - 1 - len(found)],)  # (the launch ends the action's attacks)
            chosen = found[pick - 1]
            weapons, reserve = power_left(ship, volley)
            splits = [(p, r) for total in range(chosen.weapon.power_max, chosen.weapon.power_min - 1, -1)
                      for p in range(min(total, weapons), -1, -1) for r in [total - p] if r <= reserve]
            if not splits:
                break
            at = self._ask("power", f"{chosen.weapon.name}: the power it spends",
                           [(f"{p} weapons power" + (f" and {r} reserve" if r else ""),
                             f"{(p + r) * chosen.weapon.dice_per_power} dice") for p, r in splits]) \
                if len(splits) > 1 else 0
            power, spent = splits[at]
            shots.append(Shot(chosen.weapon, chosen.target, chosen.end, chosen.arc, power, spent))
            volley = after(volley, chosen.weapon.name, chosen.arc, power, spent)
        return tuple(shots), ()

    def _launches(self, state: ItuState, ship: ShipState, volley: VolleyState) -> list[Launch]:
        """The launches the launch procedure accepts now, at whole notches of the tool."""
        if ship.stats.launcher != "torpedo":
            return []
        weapons, _ = power_left(ship, volley)
        found = []
        for launcher in ship.card.launchers:
            if weapons < launcher.cost:
                continue
            for end, count in launcher.ends:
                if count < 1:
                    continue
                for turn in range(-launcher.impulse_turn, launcher.impulse_turn + 1):
                    chosen = Launch(launcher, end, float(turn), PROJECTILES[launcher.projectile].endurance,
                                    launcher.cost)
                    try:
                        projectiles.launch(state, ship.id, chosen, seq=0, phase="priority")
                    except ValueError:
                        continue
                    found.append(chosen)
        return found

    def _target(self, state: ItuState, ship: ShipState, opt: Option, kind: str) -> str | None:
        def locks(enemy: ShipState) -> bool:
            return _accepted(lambda: procedures.sensor_lock(state, ship.id, enemy.id, opt.officer, DRY, _none_chooser,
                                                            seq=0, phase=state.phase))

        enemies = [e for e in state.ships if e.side != ship.side and not e.destroyed and locks(e)]
        if not enemies:
            return None
        pick = self._ask("lock", f"{ship.name}: SENSOR LOCK on", [(e.name, f"evasion {e.card.evasion}")
                                                                  for e in enemies])
        return enemies[pick].id

    def _card(self, ship: ShipState, opt: Option) -> str | None:
        cards = [title for title, station in ship.cards if station == opt.station]
        if not cards:
            return None
        return cards[self._ask("repair", f"{ship.name}: REPAIR which damage card", [(c, "") for c in cards])]

    def _objective(self, state: ItuState, ship: ShipState, opt: Option, kind: str) -> str | None:
        name = opt.action.name
        test: Callable[..., object] = {"THREAT ANALYSIS": procedures.threat_analysis,
                                       "DEMOLITION SALVO": procedures.demolition_salvo,
                                       "TRANSPORTER EVAC": procedures.transporter_evac}[name]
        leader = opt.officer if kind == "priority" else None
        def takes(key: str) -> bool:
            return _accepted(lambda: test(state, ship.id, key, leader, DRY, _none_chooser, seq=0, phase=kind))

        here = [o for o in state.objectives if takes(o.id)]
        if not here:
            return None
        pick = self._ask("objective", f"{ship.name}: {name} at", [(o.id, f"marker {o.marker or 'none'}")
                                                                  for o in here])
        return here[pick].id

    # --- tests ---------------------------------------------------------------------------------

    def tester(self, state: ItuState, side: int) -> Modifier:
        return Modifier(self._reroll, self._discover)

    def _reroll(self, pool: Pool, difficulty: int, how: How) -> int | None:
        dice = [(i, d) for i, d in enumerate(pool.dice) if not (how == "relentless" and d.face != "blank")]
        if not dice:
            return None
        pick = self._ask("reroll", f"a test at difficulty {difficulty} ({pool.successes()} successes): reroll a die "
                         f"({how})?", [("keep the dice", "")] + [(f"reroll die {i + 1}: {d.face} ({d.kind})", "")
                                                                 for i, d in dice])
        return None if pick == 0 else dice[pick - 1][0]

    def _discover(self, pool: Pool, difficulty: int, index: int) -> Face | None:
        pick = self._ask("discovery", f"die {index + 1} shows a discovery: it becomes",
                         [("keep it (an advantage token)", "")] + [(f, "") for f in FACES])
        return None if pick == 0 else FACES[pick - 1]

    def peril(self, pool: Pool, difficulty: int, how: How) -> int | None:
        dice = [(i, d) for i, d in enumerate(pool.dice) if d.face != "breakthrough"]
        if not dice:
            return None
        pick = self._ask("peril", f"the opponent's test at difficulty {difficulty} ({pool.successes()} successes): "
                         "spend a peril token to force a reroll?",
                         [("no", "")] + [(f"force die {i + 1}: {d.face} ({d.kind})", "") for i, d in dice])
        return None if pick == 0 else dice[pick - 1][0]

    # --- the rest of the round -------------------------------------------------------------------

    def wreckage(self, state: ItuState, ship: str) -> Literal["peril", "reserve"]:
        pick = self._ask("wreckage", f"{state.ship(ship).name} in a wreckage field: take",
                         [("1 peril token", ""), ("spend 2 reserve", "")])
        return "peril" if pick == 0 else "reserve"

    def ready(self, state: ItuState, side: int) -> list[tuple[str, str]]:
        committed = [(s.id, o.key) for s in state.ships if s.side == side and not s.destroyed
                     for o in s.officers if o.committed and not o.incapacitated]
        chosen: list[tuple[str, str]] = []
        while committed and len(chosen) < 3:
            pick = self._ask("ready", f"ready a committed officer ({len(chosen)} of up to 3)",
                             [("done", "")] + [(f"{OFFICERS[k].name} ({state.ship(s).name})", "")
                                               for s, k in committed])
            if pick == 0:
                break
            chosen.append(committed.pop(pick - 1))
        return chosen

    def relocate(self, state: ItuState, side: int) -> list[Relocation]:
        moves: list[Relocation] = []
        taken: set[tuple[str, str]] = set()
        while len(moves) < 3:
            options = []
            for ship in state.ships:
                if ship.side != side or ship.destroyed:
                    continue
                open_stations = [st for st in ship.card.stations if ship.at_station(st.key) is None
                                 and (ship.id, st.key) not in taken]
                for o in ship.officers:
                    if o.committed or o.incapacitated or any(m.officer == o.key for m in moves):
                        continue
                    for st in open_stations:
                        options.append(Relocation(ship.id, o.key, st.section, st.key, REASON))
            if not options:
                break
            pick = self._ask("relocate", f"relocate a ready officer ({len(moves)} of up to 3)",
                             [("done", "")] + [(f"{OFFICERS[r.officer].name} to the {r.station} station "
                                                f"({state.ship(r.ship).name})", "") for r in options])
            if pick == 0:
                break
            move = options[pick - 1]
            moves.append(move)
            taken.add((move.ship, move.station or ""))
        return moves

    def raise_alert(self, state: ItuState, ship: str) -> bool:
        return self._ask("alert", f"{state.ship(ship).name}: raise the alert dial one position?",
                         [("yes", ""), ("no", "")]) == 0

    def hail(self, state: ItuState, side: int) -> bool:
        return self._ask("hail", "Hail phase: turn your combat directive HOSTILE?", [("yes", ""), ("no", "")]) == 0

    def steer(self, state: ItuState, token: ProjectileState) -> tuple[ManeuverSide, bool]:
        plans = [(side, across) for side in projectiles.moving_sides(state, token) for across in (False, True)]
        pick = self._ask("torpedo", f"{token.id}: engage impulse along a side (Inertia)",
                         [(f"along its {s.replace('_', ' ')} side" + (", across the ruler" if a else ""), "")
                          for s, a in plans])
        return plans[pick]

    def salvo(self, state: ItuState, token: ProjectileState, outposts: list[str]) -> str | None:
        pick = self._ask("salvo", f"{token.id}: DEMOLITION SALVO instead of moving?",
                         [("no: engage impulse", "")] + [(f"at {o}", "") for o in outposts])
        return None if pick == 0 else outposts[pick - 1]


def projectiles_end(state: ItuState, ship: ShipState, plan: Plan) -> str:
    """Where a plan would leave the ship, as a person reads it."""
    from engine.rulesets.into_the_unknown.movement import resolve

    done = resolve(ship.pose.pose(), ship.card.base, plan, table_for(state, ship))
    stop = f", stopped by {done.stopped}" if done.stopped else ""
    return f"({done.end.x / INCH:.1f}\", {done.end.y / INCH:.1f}\") facing {done.end.heading:.0f}{stop}"


def _target_name(state: ItuState, key: str) -> str:
    ship = next((s for s in state.ships if s.id == key), None)
    return ship.name if ship is not None else key


def _accepted(resolve: Callable[[], object]) -> bool:
    """Whether the procedure accepts the choice (tried on the state as it is; nothing is kept)."""
    try:
        resolve()
    except (ValueError, StopIteration):
        return False
    return True


class TableDice:
    """``--dice table``: each die's face as it came up at the table, asked of whoever keeps it (for
    every seat's tests and attacks, the AI's too)."""

    def __init__(self, journal: Journal, front: FrontEnd) -> None:
        self.journal, self.front = journal, front

    def face(self, kind: DieKind, index: int, how: str) -> Face:
        faces = list(dict.fromkeys(DIE_FACES[kind]))
        what = "rolled" if how == "roll" else f"rerolled ({how})"
        pick = ask(self.journal, self.front, Decision(GAME, "the table", "die", f"{kind} die {index + 1} {what} shows",
                                                      tuple(Offered(f, "") for f in faces)))
        return faces[pick]


class AtTheTable:
    """A seat whose tests and attacks roll at the table: its own decisions, the table's faces."""

    def __init__(self, seat: Player, dice: TableDice) -> None:
        self.seat, self.dice = seat, dice

    def tester(self, state: ItuState, side: int) -> Modifier:
        return replace(self.seat.tester(state, side), table=self.dice.face)

    def order(self, state: ItuState, side: int, kind: Literal["priority", "standby"]) -> Choice | None:
        return self.seat.order(state, side, kind)

    def peril(self, pool: Pool, difficulty: int, how: How) -> int | None:
        return self.seat.peril(pool, difficulty, how)

    def wreckage(self, state: ItuState, ship: str) -> Literal["peril", "reserve"]:
        return self.seat.wreckage(state, ship)

    def ready(self, state: ItuState, side: int) -> list[tuple[str, str]]:
        return self.seat.ready(state, side)

    def relocate(self, state: ItuState, side: int) -> list[Relocation]:
        return self.seat.relocate(state, side)

    def raise_alert(self, state: ItuState, ship: str) -> bool:
        return self.seat.raise_alert(state, ship)

    def hail(self, state: ItuState, side: int) -> bool:
        return self.seat.hail(state, side)

    def steer(self, state: ItuState, token: ProjectileState) -> tuple[ManeuverSide, bool]:
        return self.seat.steer(state, token)

    def salvo(self, state: ItuState, token: ProjectileState, outposts: list[str]) -> str | None:
        return self.seat.salvo(state, token, outposts)

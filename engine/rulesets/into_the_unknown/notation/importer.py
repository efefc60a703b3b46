"""An Into the Unknown notation played through the game itself (``ItuGame``): every decision the engine
asks a seat for is answered from the notation's next line (``NotationSeat``), every die and damage card
the engine draws is the one the notation rolled (``TableDice`` through ``engine.rulesets.rng.TABLE_DICE``),
so what the rules refuse is refused by the engine's own checks, and a sound notation records the game.

The statements are read in the order the table played them: the engine's round asks the seats in the
guide's order (priority turns, standby turns, torpedoes, hazard, ready, hail), and each answer is the
next statement when it is one the question takes. A question the notation has no line for is answered
as the guide's "nothing" (a pass, no reroll, no readying) or reported as missing where there is none.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from engine.rulesets.into_the_unknown.ai import Choice, Relocation
from engine.rulesets.into_the_unknown.combat import DAMAGE_DECK, Shot
from engine.rulesets.into_the_unknown.dice import FACES, How, Modifier, Pool
from engine.rulesets.into_the_unknown.events import ItuEvent
from engine.rulesets.into_the_unknown.game import ItuGame
from engine.rulesets.into_the_unknown.movement import ComeAboutPlan, ImpulsePlan, Plan, WarpPlan
from engine.rulesets.into_the_unknown.notation.grammar import RULE_HEADER, Line, Notation
from engine.rulesets.into_the_unknown.orders import (
    MISSION_ACTIONS,
    IllegalOrder,
    Option,
    maneuver,
    mission_action,
    options,
    options_at,
)
from engine.rulesets.into_the_unknown.projectiles import Launch, ManeuverSide
from engine.rulesets.into_the_unknown.state import ItuState, ProjectileState
from engine.rulesets.into_the_unknown.volley import plan_refusal
from engine.rulesets.notation import Issue
from engine.rulesets.rng import Rng

RULES: Final[dict[str, str]] = {
    "order": "guide, \"Priority Orders\" and \"Standby Orders\": an action a station of the ship offers, ordered "
             "by a ready officer at that station or in its section (priority), its cost paid from the officer's "
             "skills and the reserve",
    "maneuver": "guide, \"Engage Warp\" and \"Engage Impulse\": warp up to the warp drive and twice the factor in "
                "inches; impulse up to engine power and the impulse turn",
    "attack": "guide, \"Making an Attack\" and \"Weapons\": a weapon of the ship, a target in its arc and range, "
              "power from weapons power and reserve within the weapon's cost",
    "dice": "guide, \"Making a Test\": intuition dice for the crew stat, then expertise dice for the leader's "
            "skill; each die shows a face it has",
    "reroll": "guide, \"Tester Modifies Dice\" and \"Opponent Modifies Dice\": rerolls the test allows, on dice "
              "the pool has; peril forces a die not showing a breakthrough",
    "damage": "guide, \"Ship Hull Damage\": a damage card is drawn from the cards the ship does not already hold",
    "missing": "the notation records what the table did: an order or a pass at every turn, the dice of every "
               "test, a move for every torpedo",
    "unused": "a line the game never reaches (the step did not happen, or the game was over)",
    "round": "rounds come in order, and each statement belongs to the round it is written in",
    "ready": "guide, \"Ready Phase\": up to 3 of the side's committed officers readied, up to 3 of its officers "
             "moved to a section (and perhaps an open station) of their own ship",
    "ship": "guide, \"Learning Mission Setup\": the mission's ships, by their ids (defiant, fighter)",
    "result": "guide, \"Ending the Game\": the higher score wins (a tie as docs/rulings.md says)",
    "engine": "the rules engine refused a step",
}


DICE_VERBS: Final = frozenset({"roll", "reroll", "discovery", "peril", "card"})


class Stop(Exception):
    """The notation cannot be followed further (an issue says why)."""


def refusal(exc: Exception) -> str:
    """What the engine's refusal says, in one line (a schema's refusal: the field and why)."""
    from pydantic import ValidationError

    if isinstance(exc, ValidationError) and exc.errors():
        first = exc.errors()[0]
        where = ".".join(str(x) for x in first.get("loc", ()))
        return f"{where}: {first.get('msg', 'not allowed')} ({first.get('input')!r})"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def issue(issues: list[Issue], line: int, code: str, message: str) -> None:
    issues.append(Issue(line, code, message, RULES.get(code, RULE_HEADER)))


@dataclass
class _Roll:
    line: Line
    served: dict[str, int] = field(default_factory=lambda: {"intuition": 0, "expertise": 0})


class TableDice:
    """The draws of the game's generator answered by the notation's dice and damage cards: a new test's
    roll from its ``roll`` line (intuition dice first), a reroll from the line the seat chose it by, a
    damage card from its ``card`` line. A draw the notation has no line for is reported and takes the
    seed's number, so the check goes on."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.memo: dict[int, int] = {}

    def __call__(self, n: int, number: int) -> int:
        if number not in self.memo:
            self.memo[number] = self.draw(n, number)
        return self.memo[number]

    def draw(self, n: int, number: int) -> int:
        s = self.script
        kind: Literal["intuition", "expertise"] | None = "intuition" if n == len(FACES["intuition"]) else \
            "expertise" if n == len(FACES["expertise"]) else None
        if s.pending is not None:
            line, face = s.pending
            s.pending = None
            return s.face_index(line, kind, face, n, number)
        roll = s.roll
        if kind is not None and roll is not None:
            faces = roll.line.args[kind]
            if roll.served[kind] < len(faces) and (kind == "expertise" or roll.served["expertise"] == 0):
                roll.served[kind] += 1
                return s.face_index(roll.line, kind, faces[roll.served[kind] - 1], n, number)
        while s.dice and s.dice[0].verb in ("reroll", "discovery", "peril"):  # the seats were not asked for them
            skipped = s.dice.popleft()
            issue(s.issues, skipped.no, "unused", f"the game never reaches this {skipped.verb} line here: the test "
                                                  "allows no such change now")
        head = s.dice[0] if s.dice else None
        if head is not None and head.verb == "card" and (kind is None or roll is not None):
            s.dice.popleft()
            return s.card_index(head, n, number)
        if head is not None and head.verb == "roll" and kind is not None:
            s.dice.popleft()
            s.close_roll()
            s.roll = _Roll(head)
            return self.draw(n, number)
        if head is None and kind is not None and s.load_block():
            return self.draw(n, number)
        where = s.last.no if s.last is not None else 0
        what = f"an {kind} die" if kind else "a damage card"
        if s.short != where:  # once for the statement: its dice are missing, not each die
            s.short = where
            issue(s.issues, where, "missing", f"the game draws {what} here and the notation has no line for it "
                                              "(a roll: line, or a card line)")
        return s.seeded(n, number)


class Script:
    """The notation's statements in the order they are read, and the questions the seats are asked."""

    def __init__(self, doc: Notation, issues: list[Issue], seed: int) -> None:
        self.lines: deque[Line] = deque(doc.lines)
        self.issues = issues
        self.seed = seed
        self.dice: deque[Line] = deque()  # the lines of the statement being resolved: its tests' dice
        self.roll: _Roll | None = None
        self.pending: tuple[Line, str] | None = None
        self.cards: dict[str, list[str]] = {}  # damage cards drawn in the event being resolved
        self.last: Line | None = None
        self.game: ItuGame | None = None
        self.result: Line | None = None
        self.short = -1  # the statement whose dice were found missing

    # --- the statements --------------------------------------------------------------------------

    @property
    def state(self) -> ItuState:
        assert self.game is not None
        return self.game.state

    def side_of(self, word: str) -> int | None:
        names = [n.lower() for n in self.state.sides]
        w = word.lower()
        return names.index(w) if w in names else {"a": 0, "b": 1}.get(w)

    def head(self) -> Line | None:
        """The next statement of the game (Round lines of the round being played are read here)."""
        while self.lines:
            line = self.lines[0]
            if line.verb == "result":
                self.result = self.lines.popleft()
                continue
            if line.verb != "round":
                return line
            number = line.args["number"]
            if number > self.state.round:
                return line
            self.lines.popleft()
            if number < self.state.round:
                issue(self.issues, line.no, "round", f"Round {number} after round {self.state.round} began")
        return None

    def take(self) -> Line:
        line = self.lines.popleft()
        self.finish_dice()
        self.last = line
        self.dice.extend(c for c in line.children if c.verb in DICE_VERBS)
        return line

    def finish_dice(self) -> None:
        """Lines of the statement just resolved that the game never asked for are unused."""
        self.close_roll()
        for line in self.dice:
            issue(self.issues, line.no, "unused", f"the game never reaches this {line.verb} line here")
        self.dice.clear()

    def load_block(self) -> bool:
        """A blast or an outpost attack: dice that no seat's decision brings; its statement is next."""
        line = self.head()
        if line is None or line.verb not in ("blast", "outpost"):
            return False
        self.take()
        return True

    # --- dice ------------------------------------------------------------------------------------

    def seeded(self, n: int, number: int) -> int:
        return Rng(self.seed).value(number) % n

    def face_index(self, line: Line, kind: str | None, face: str, n: int, number: int) -> int:
        if kind is None:
            issue(self.issues, line.no, "dice", f"the game draws from {n} here, not a die: the line's {face} is not "
                                                "what happens")
            return self.seeded(n, number)
        faces = FACES[kind]  # type: ignore[index]
        if face not in faces:
            issue(self.issues, line.no, "dice", f"the {kind} die has no {face} face (its faces: "
                                                f"{', '.join(sorted(set(faces)))})")
            return self.seeded(n, number)
        return faces.index(face)

    def card_index(self, line: Line, n: int, number: int) -> int:
        ship_id, title = line.args["ship"], line.args["title"]
        ship = next((s for s in self.state.ships if s.id == ship_id), None)
        if ship is None:
            issue(self.issues, line.no, "damage", f"no ship {ship_id!r} in the game draws damage cards")
            return self.seeded(n, number)
        held = {t for t, _ in ship.cards} | set(self.cards.get(ship_id, []))
        deck = [c[0] for c in DAMAGE_DECK if c[0] not in held] or [c[0] for c in DAMAGE_DECK]
        match = [i for i, t in enumerate(deck) if t.lower() == title.lower()]
        if len(deck) != n or not match:
            why = "holds it already" if title.lower() in {t.lower() for t in held} else "has no such card"
            issue(self.issues, line.no, "damage", f"{title!r}: {ship.name}'s damage deck {why} "
                                                  f"(it holds: {', '.join(deck)})")
            return self.seeded(n, number)
        self.cards.setdefault(ship_id, []).append(deck[match[0]])
        return match[0]

    def close_roll(self) -> None:
        roll, self.roll = self.roll, None
        if roll is None:
            return
        left = {k: len(roll.line.args[k]) - roll.served[k] for k in ("intuition", "expertise")}
        if any(left.values()):
            issue(self.issues, roll.line.no, "dice", f"the rules roll {roll.served['intuition']} intuition and "
                                                     f"{roll.served['expertise']} expertise dice here; the line has "
                                                     f"{len(roll.line.args['intuition'])} and "
                                                     f"{len(roll.line.args['expertise'])}")

    def on_event(self, event: ItuEvent, state: ItuState) -> None:
        if event.type in ("test_made", "attack_made"):
            self.close_roll()
            self.cards.clear()

    # --- the seats' modifiers ----------------------------------------------------------------------

    def choose(self, pool: Pool, difficulty: int, how: How) -> int | None:
        head = self.dice[0] if self.dice else None
        verb = "peril" if how == "peril" else "reroll"
        if head is None or head.verb != verb or (verb == "reroll" and head.args["how"].lower() != how):
            return None
        self.dice.popleft()
        index: int = head.args["die"] - 1
        if not 0 <= index < len(pool.dice):
            issue(self.issues, head.no, "reroll", f"die {index + 1}: the pool has {len(pool.dice)} dice")
            return None
        if how == "peril" and pool.dice[index].face == "breakthrough":
            issue(self.issues, head.no, "reroll", f"die {index + 1} shows a breakthrough: peril cannot force it")
            return None
        self.pending = (head, head.args["face"])
        return index

    def discover(self, pool: Pool, difficulty: int, index: int) -> Any:
        head = self.dice[0] if self.dice else None
        if head is None or head.verb != "discovery" or head.args["die"] - 1 != index:
            return None
        self.dice.popleft()
        return head.args["face"]


def orders_of(state: ItuState, ship_id: str, kind: Literal["priority", "standby"]) -> list[Option]:
    """Every order the ship may be given now, as the seats are offered them: its stations' actions, the
    mission's action (treated as in its station), REPAIR where a damage card took a station offline."""
    ship = state.ship(ship_id)
    action = mission_action(state)
    found = [*options(ship, kind), *options_at(ship, MISSION_ACTIONS[action], action, kind)]
    if kind == "priority":
        for _, station in ship.cards:
            found += options_at(ship, station, "REPAIR")
    return found


class NotationSeat:
    """One side's seat answered from the notation (``ai.Player``)."""

    def __init__(self, script: Script, side: int) -> None:
        self.s = script
        self.side = side

    def _mine(self, line: Line, verb: str, key: str = "ship") -> bool:
        if line.verb != verb:
            return False
        if key == "side":
            return self.s.side_of(line.args["side"]) == self.side
        unit = line.args[key]
        ships = [sh for sh in self.s.state.ships if sh.id == unit]
        tokens = [p for p in self.s.state.projectiles if p.id == unit]
        return bool((ships and ships[0].side == self.side) or (tokens and tokens[0].side == self.side))

    def order(self, state: ItuState, side: int, kind: Literal["priority", "standby"]) -> Choice | None:
        line = self.s.head()
        if line is not None and self._mine(line, "pass", "side"):
            self.s.take()
            return None
        ships = [sh.id for sh in state.ships]
        if line is not None and line.verb == "order" and line.args["ship"] not in ships:
            issue(self.s.issues, line.no, "ship", f"there is no ship {line.args['ship']!r} in this game "
                                                  f"({', '.join(ships)})")
            raise Stop
        if line is None or not self._mine(line, "order") or line.args["kind"] != kind:
            where = line.no if line is not None else (self.s.last.no if self.s.last else 0)
            said = f"line says {line.verb}" if line is not None else "notation has ended"
            issue(self.s.issues, where, "missing", f"round {state.round}: the {state.sides[side]} player's "
                                                   f"{kind} turn needs an order or a pass; the {said}")
            raise Stop
        self.s.take()
        return self.choice(state, line, kind)

    def choice(self, state: ItuState, line: Line, kind: Literal["priority", "standby"]) -> Choice | None:
        a = line.args
        ship = state.ship(a["ship"])
        offers = orders_of(state, ship.id, kind)
        found = [o for o in offers if o.action.name == a["action"] and o.station == a["station"].lower()
                 and (o.officer or "") == (a.get("officer") or "").lower()]
        if not found:
            offered = sorted({f"{o.action.name} at {o.station}" + (f" by {o.officer}" if o.officer else "")
                              for o in offers})
            issue(self.s.issues, line.no, "order", f"{ship.name} cannot be given a {kind} order to "
                                                   f"{a['action']} at {a['station']}"
                                                   + (f" by {a['officer']}" if a.get("officer") else "")
                                                   + f" now (it may: {'; '.join(offered) or 'nothing'})")
            raise Stop
        plan: Plan | None = None
        if a.get("plan") == "warp":
            plan = WarpPlan(a["factor"], a["distance"])
        elif a.get("plan") == "impulse":
            plan = ImpulsePlan(a["distance"], a["turn"], a["side"], a["when"])
        elif a.get("plan") == "come_about":
            plan = ComeAboutPlan(a["heading"] % 360.0)
        if plan is not None:  # the maneuver as the engine will resolve it: warp drive, engine power, turn
            try:
                maneuver(state, ship.id, plan, seq=state.seq + 1, phase=state.phase)
            except IllegalOrder as exc:
                issue(self.s.issues, line.no, "maneuver", str(exc))
                raise Stop from None
        shots, launches = [], []
        for child in line.children:
            if child.verb == "attack":
                weapon = next((w for w in ship.card.beams if w.name.lower() == child.args["weapon"].lower()), None)
                if weapon is None:
                    beams = ", ".join(w.name for w in ship.card.beams)
                    issue(self.s.issues, child.no, "attack", f"{ship.name} has no beam {child.args['weapon']!r} "
                                                             f"(its beams: {beams})")
                    raise Stop
                shots.append(Shot(weapon, child.args["target"], child.args.get("end"), child.args["arc"].lower(),
                                  child.args["power"], child.args["reserve"]))
            elif child.verb == "launch":
                launcher = next((w for w in ship.card.launchers if w.name.lower() == child.args["launcher"].lower()),
                                None)
                if launcher is None:
                    issue(self.s.issues, child.no, "attack", f"{ship.name} has no launcher "
                                                             f"{child.args['launcher']!r}")
                    raise Stop
                launches.append(Launch(launcher, child.args["end"], child.args["turn"], child.args["endurance"],
                                       child.args["power"], child.args["reserve"]))
        if shots or launches:
            why = plan_refusal(ship, [(x.weapon.name, x.arc, x.weapons_power, x.reserve) for x in shots]
                               + [(x.launcher.name, x.end, x.weapons_power, x.reserve) for x in launches])
            if why is not None:
                issue(self.s.issues, line.children[0].no, "attack", f"FIRE WEAPONS: {why}")
                raise Stop
        target = a.get("target")
        mission_action = a["action"] in ("THREAT ANALYSIS", "DEMOLITION SALVO", "TRANSPORTER EVAC")
        return Choice(ship=ship.id, option=found[0], plan=plan, objective=target if mission_action else None,
                      shots=tuple(shots), launches=tuple(launches), target=None if mission_action else target,
                      alert=a.get("step", 0), reason=line.reason)

    def tester(self, state: ItuState, side: int) -> Modifier:
        return Modifier(self.s.choose, self.s.discover)

    def peril(self, pool: Pool, difficulty: int, how: How) -> int | None:
        return self.s.choose(pool, difficulty, how)

    def wreckage(self, state: ItuState, ship: str) -> Literal["peril", "reserve"]:
        line = self.s.head()
        if line is not None and line.verb == "wreckage" and line.args["ship"] == ship:
            self.s.take()
            return "reserve" if line.args["pay"].lower() == "reserve" else "peril"
        return "peril"

    def ready(self, state: ItuState, side: int) -> list[tuple[str, str]]:
        line = self.s.head()
        if line is not None and self._mine(line, "ready", "side"):
            self.s.take()
            return [(ship, officer.lower()) for ship, officer in line.args["officers"]]
        return []

    def relocate(self, state: ItuState, side: int) -> list[Relocation]:
        moves = []
        while (line := self.s.head()) is not None and self._mine(line, "relocate"):
            self.s.take()
            a = line.args
            moves.append(Relocation(a["ship"], a["officer"].lower(), a["section"].lower(),
                                    a["station"].lower() if a.get("station") else None, line.reason))
        return moves

    def raise_alert(self, state: ItuState, ship: str) -> bool:
        line = self.s.head()
        if line is not None and line.verb == "raise" and line.args["ship"] == ship:
            self.s.take()
            return True
        return False

    def hail(self, state: ItuState, side: int) -> bool:
        line = self.s.head()
        if line is not None and self._mine(line, "hail", "side"):
            self.s.take()
            return True
        return False

    def steer(self, state: ItuState, token: ProjectileState) -> tuple[ManeuverSide, bool]:
        line = self.s.head()
        if line is None or line.verb != "moves" or line.args["token"] != token.id:
            where = line.no if line is not None else 0
            issue(self.s.issues, where, "missing", f"{token.id} must engage impulse now (Inertia): a "
                                                   f"'{token.id} moves SIDE' line")
            raise Stop
        self.s.take()
        return line.args["side"], line.args["across"]

    def salvo(self, state: ItuState, token: ProjectileState, outposts: list[str]) -> str | None:
        line = self.s.head()
        if line is not None and line.verb == "salvo" and line.args["token"] == token.id:
            if line.args["objective"] not in outposts:
                issue(self.s.issues, line.no, "order", f"{token.id} cannot take DEMOLITION SALVO at "
                                                       f"{line.args['objective']} (it may at: {', '.join(outposts)})")
                raise Stop
            self.s.take()
            return str(line.args["objective"])
        return None

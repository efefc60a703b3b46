"""Play a notation through the rules engine: every decision and die comes from the file.

A ``NotationPlayer`` per side and a ``NotationDice`` answer the engine's requests (the same
``Player`` and ``DiceSource`` interfaces the AI and the seeded dice implement) from the lines
of the round being played, so the real ``Game`` checks everything: each request takes the next
line for that ship, and a line the rules do not allow becomes an ``Issue`` with its line number;
the engine then gets a legal stand-in (pass, hold fire, blank dice, the slowest straight) and
goes on, so one run reports every problem. Lines the game never reaches are reported too.

With no issues the events are the game, and ``record=True`` also writes its replay, with the
header ``trek play`` writes (same seed, same scenario: an exported AI game comes back byte for byte).
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from engine.errors import TrekError
from engine.geometry.pose import Pose
from engine.geometry.shapes import base_corners, base_polygon
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.codec import state_to_dict
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY, deck_keys
from engine.rulesets.attack_wing.dice import Rng, shuffled
from engine.rulesets.attack_wing.game import Game, GameSetup
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.measure import FULL_CIRCLE, arc_check, distance
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.errors import Issue
from engine.rulesets.attack_wing.notation.terms import SIDE_LETTERS, card_title, format_maneuver
from engine.rulesets.attack_wing.play import KEYFRAME_EVERY, header_for, setup_from_scenario
from engine.rulesets.attack_wing.players import ActionChoice, ActionOption, SpendOffer
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.scenario import (
    MAX_ROUNDS,
    Scenario,
    ScenarioError,
    build_scenario,
    bundled_scenarios,
    load_scenario,
    parse_scenario_text,
)
from engine.rulesets.attack_wing.state import GameState, ShipState, Weapon

DEFAULT_SEED: Final = 1
DEFAULT_PLAYER: Final = "table"
NOTATION_VERSION: Final = "1"
# tags that build the game; the others (Event, Date, Site, any tag of your own) go into the
# replay header under "notation"
STRUCTURAL_TAGS: Final = ("Scenario", "Seed", "Rounds", "Side A", "Side B", "Player A", "Player B", "Notation")
POSE_TOLERANCE: Final = 1e-3  # mm and degrees: a setup line at the scenario's own pose changes nothing

RULE_AUX = "Auxiliary Power: a ship with an Auxiliary Power Token cannot perform Actions"
RULE_SKIPS: Final = {
    "under auxiliary power": RULE_AUX,
    "bumped another ship": "Overlapping Other Ships: a ship that overlaps another skips its Perform Action step",
    "backed off a planet": "Planets: a ship that ends on a planet backs off and skips its Perform Action step",
    "Communications Failure": "Communications Failure (face up): skip the next Perform Action step",
}
RULE_OBSTACLE = "Obstacles: a ship that moves into or through an obstacle performs no action"
RULE_REGENERATE = "Regenerate (tournament rules): a ship that regenerates does not attack that round"
RULE_ONE_REROLL = "Modifying Dice Results: a die is rerolled at most once"


class _NotationEnds(Exception):
    """The engine asks for a round the notation does not have, and no later round exists."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


@dataclass
class Outcome:
    """What a notation gave: the issues (none: sound), and the game it plays."""

    issues: list[Issue]
    header: dict[str, Any] | None = None
    events: list[ev.Event] = field(default_factory=list)
    state: GameState | None = None
    replay: bytes | None = None

    @property
    def sound(self) -> bool:
        return not self.issues


@dataclass
class _Table:
    scenario: Scenario
    setup: GameSetup
    seed: int
    header: dict[str, Any]
    ids: dict[str, ShipState | ev.ShipSetup]


@dataclass
class _Attack:
    """The attack being resolved and its block of lines."""

    line: m.Attack
    option: AttackOption
    declared: ev.AttackDeclared | None = None
    at_declare: GameState | None = None
    rerolled: set[int] = field(default_factory=set)  # 0-based attack dice rerolled
    reroll_faces: list[str] = field(default_factory=list)


# --- building the table from the header ---------------------------------------------------------------

def _ship_ids(sides: tuple[int, int]) -> str:
    return ", ".join(f"side {SIDE_LETTERS[i]}: {SIDE_LETTERS[i]}1-{SIDE_LETTERS[i]}{n}" if n > 1
                     else f"side {SIDE_LETTERS[i]}: {SIDE_LETTERS[i]}1" for i, n in enumerate(sides))


class _Builder:
    def __init__(self, doc: m.Notation, base_dir: Path | None, issues: list[Issue]) -> None:
        self.doc = doc
        self.base_dir = base_dir
        self.issues = issues

    def issue(self, line: int, code: str, message: str, rule: str = "") -> None:
        self.issues.append(Issue(line, code, message, rule))

    def build(self) -> _Table | None:
        doc = self.doc
        version = doc.tag("Notation")
        if version is not None and version.value.strip() != NOTATION_VERSION:
            self.issue(version.no, "header", f"notation version {version.value!r}: this check reads version "
                       f"{NOTATION_VERSION}")
        document = self.scenario_document()
        if document is None:
            return None
        self.apply_fleets(document)
        label = str(document.get("name", "scenario"))
        try:
            scenario = build_scenario(document, source=label, base_dir=None)
        except ScenarioError as exc:
            self.issue(self.where(str(exc)), "header", str(exc))
            return None
        scenario = self.apply_setup(document, scenario, label)
        seed = self.seed()
        rounds = self.rounds()
        players = [self.player(i) for i in (0, 1)]
        setup = setup_from_scenario(scenario, rounds)
        deck = self.deck(seed, {s.id for s in setup.ships})
        if deck is not None:
            setup = replace(setup, deck=deck)
        header = header_for(scenario, setup, seed, players)
        extra = {t.key: t.value for t in doc.tags if t.key not in STRUCTURAL_TAGS}
        if extra:
            header["notation"] = extra
        return _Table(scenario, setup, seed, header, {s.id: s for s in setup.ships})

    def scenario_document(self) -> dict[str, Any] | None:
        tag = self.doc.tag("Scenario")
        if tag is None:
            names = ", ".join(bundled_scenarios()) or "none"
            self.issue(1, "header", f"no Scenario tag: name a bundled scenario ({names}) or a scenario file "
                       "next to the notation (Scenario: duel)")
            return None
        value = tag.value.strip()
        try:
            if value.startswith("{"):
                scenario = parse_scenario_text(value, source="the inline scenario", base_dir=self.base_dir)
            elif value in bundled_scenarios():
                scenario = load_scenario(value)
            else:
                scenario = load_scenario(self.scenario_path(value))
        except ScenarioError as exc:
            self.issue(tag.no, "header", str(exc))
            return None
        return scenario.document()

    def scenario_path(self, value: str) -> Path:
        if self.base_dir is None:
            raise ScenarioError(f"Scenario {value!r}: not a bundled scenario ({', '.join(bundled_scenarios())}), "
                                "and a notation read from standard input has no folder to find a file in")
        rel = Path(value)
        if rel.is_absolute() or rel.drive:
            raise ScenarioError(f"Scenario {value!r}: give a bundled name or a path relative to the notation file")
        root = self.base_dir.resolve()
        target = (root / rel).resolve()
        if not target.is_relative_to(root):
            raise ScenarioError(f"Scenario {value!r} leads outside the notation's folder")
        if not target.is_file():
            names = ", ".join(bundled_scenarios())
            raise ScenarioError(f"Scenario {value!r}: no bundled scenario of that name ({names}) and no such file "
                                "next to the notation")
        return target

    def apply_fleets(self, document: dict[str, Any]) -> None:
        for side in (0, 1):  # Side A: NAME renames the scenario's side
            tag = self.doc.tag(f"Side {SIDE_LETTERS[side]}")
            sides = document.get("sides")
            if tag is not None and isinstance(sides, list) and side < len(sides) and isinstance(sides[side], dict):
                if tag.value.strip():
                    sides[side]["name"] = tag.value.strip()
                else:
                    self.issue(tag.no, "header", f"Side {SIDE_LETTERS[side]}: give the side a name")
        for side, entries in sorted(self.doc.ships.items()):
            if side not in self.doc.fleets:
                self.issue(entries[0].no, "header", f"{entries[0].ship} ship: put a Fleet {SIDE_LETTERS[side]} line "
                           "above the ships of that side")
        for side, fleet in sorted(self.doc.fleets.items()):
            entries = self.doc.ships.get(side, [])
            if not entries:
                self.issue(fleet.no, "header", f"Fleet {SIDE_LETTERS[side]} lists no ships: add lines like "
                           f"{SIDE_LETTERS[side]}1 ship \"U.S.S. Enterprise\" captain \"James T. Kirk\"")
                continue
            for i, entry in enumerate(entries):
                want = f"{SIDE_LETTERS[side]}{i + 1}"
                if entry.ship != want:
                    self.issue(entry.no, "ship", f"{entry.ship} ship: the ships of a fleet are numbered in order; "
                               f"this one is {want}")
            fleet_doc: dict[str, Any] = {
                "name": fleet.name, "faction": fleet.faction,
                "ships": [{"ship": e.card, "captain": e.captain, "admiral": e.admiral,
                           "upgrades": list(e.upgrades)} for e in entries],
                "resource": None if fleet.resource is None else (
                    fleet.resource[0] if len(fleet.resource) == 1 else list(fleet.resource)),
            }
            sides = document.get("sides")
            if isinstance(sides, list) and side < len(sides) and isinstance(sides[side], dict):
                old = sides[side].get("fleet")
                old_ships = old.get("ships") if isinstance(old, dict) else None
                sides[side]["fleet"] = fleet_doc
                if not isinstance(old_ships, list) or len(old_ships) != len(entries):
                    sides[side]["placements"] = None

    def where(self, message: str) -> int:
        """The line a scenario error is about: a fleet's ship line, the fleet line, or the Scenario tag."""
        ship = re.search(r"sides\[(\d)\]\.fleet\.ships\[(\d+)\]", message)
        if ship:
            entries = self.doc.ships.get(int(ship.group(1)), [])
            if int(ship.group(2)) < len(entries):
                return entries[int(ship.group(2))].no
        fleet = re.search(r"sides\[(\d)\]\.fleet", message)
        if fleet and int(fleet.group(1)) in self.doc.fleets:
            return self.doc.fleets[int(fleet.group(1))].no
        placement = re.search(r"sides\[(\d)\]", message)
        if placement:
            side = int(placement.group(1))
            mine = [p for p in self.doc.setup if p.ship[:1] == SIDE_LETTERS[side]]
            if mine:
                return mine[0].no
        tag = self.doc.tag("Scenario")
        return tag.no if tag else 1

    def apply_setup(self, document: dict[str, Any], scenario: Scenario, label: str) -> Scenario:
        """Setup lines place ships; where any differs from the scenario's deployment, the side's
        placements in the scenario change (and are checked like a scenario's)."""
        wanted: dict[tuple[int, int], m.Placed] = {}
        for line in self.doc.setup:
            line.used = True
            side = SIDE_LETTERS.find(line.ship[0])
            count = len(scenario.sides[side].fleet.ships) if side >= 0 else 0
            index = int(line.ship[1:]) - 1
            if side < 0 or not 0 <= index < count:
                self.issue(line.no, "ship", f"there is no ship {line.ship} in this game "
                           f"({_ship_ids((len(scenario.sides[0].start), len(scenario.sides[1].start)))})")
                continue
            if (side, index) in wanted:
                self.issue(line.no, "setup", f"{line.ship} is placed twice in the setup")
                continue
            problem = _deploy_problem(scenario, side, index, line.pose)
            if problem:
                self.issue(line.no, "setup", problem)
                continue
            wanted[(side, index)] = line
        changed = copy.deepcopy(document)
        for side in (0, 1):
            start = scenario.sides[side].start
            poses = [wanted[(side, i)].pose if (side, i) in wanted else start[i] for i in range(len(start))]
            if all(_same_pose(a, b) for a, b in zip(poses, start, strict=True)):
                continue
            # to the precision of the events' poses, so that an export of this game reads back the same
            changed["sides"][side]["placements"] = [
                {"x": float(round(p.x, 4)), "y": float(round(p.y, 4)), "heading": float(round(p.heading, 6) % 360.0)}
                for p in poses]
        if changed == document:
            return scenario
        try:
            return build_scenario(changed, source=label, base_dir=None)
        except ScenarioError as exc:
            self.issue(self.where(str(exc)), "setup", str(exc))
            return scenario

    def seed(self) -> int:
        tag = self.doc.tag("Seed")
        if tag is None:
            return DEFAULT_SEED
        try:
            value = int(tag.value.strip())
        except ValueError:
            self.issue(tag.no, "header", f"Seed {tag.value!r}: a seed is a whole number")
            return DEFAULT_SEED
        if not -(2 ** 63) <= value < 2 ** 63:
            self.issue(tag.no, "header", "Seed: out of range (a 64-bit whole number)")
            return DEFAULT_SEED
        return value

    def rounds(self) -> int | None:
        tag = self.doc.tag("Rounds")
        if tag is None:
            return None
        try:
            value = int(tag.value.strip())
        except ValueError:
            value = 0
        if not 1 <= value <= MAX_ROUNDS:
            self.issue(tag.no, "header", f"Rounds {tag.value!r}: the round limit is a whole number from 1 to "
                       f"{MAX_ROUNDS}")
            return None
        return value

    def player(self, side: int) -> str:
        tag = self.doc.tag(f"Player {SIDE_LETTERS[side]}")
        return tag.value if tag is not None and tag.value else DEFAULT_PLAYER

    def deck(self, seed: int, ids: set[str]) -> tuple[str, ...] | None:
        """The damage deck: the cards the notation records, in order, on top of the seed's shuffle."""
        if not self.doc.damage:
            return None
        seeded = list(shuffled(Rng(seed), deck_keys())[0])
        rest = list(seeded)
        top: list[str] = []
        for line in self.doc.damage[:len(seeded)]:
            if line.ship not in ids:
                continue  # reported with the other unknown ships
            if line.card not in rest:
                copies = CARDS_BY_KEY[line.card].count
                self.issue(line.no, "damage", f"a {copies + 1}th {card_title(line.card)}: the damage deck holds "
                           f"{copies}")
                line.used = True
                continue
            rest.remove(line.card)
            top.append(line.card)
        return tuple(top + rest)


def _same_pose(a: Pose, b: Pose) -> bool:
    return a.close_to(b, POSE_TOLERANCE)


def _deploy_problem(scenario: Scenario, side: int, index: int, pose: Pose) -> str | None:
    s = scenario.sides[side]
    ship = s.fleet.ships[index]
    base = base_polygon(pose, P.base_half(ship.ship_class.base_size))
    ref = f"{SIDE_LETTERS[side]}{index + 1} ({ship.name})"
    zone = s.zone
    if not zone.polygon.buffer(1e-6).covers(base):
        return (f"{ref} at {pose.x:g},{pose.y:g},{pose.heading:g} is not wholly inside side {SIDE_LETTERS[side]}'s "
                f"deployment zone (x {zone.x:g} to {zone.x + zone.width:g}, y {zone.y:g} to {zone.y + zone.height:g})")
    for ob in scenario.obstacles:
        if base.intersection(ob.polygon).area > 1e-9:
            return f"{ref} overlaps the obstacle {ob.name!r}"
    for pl in scenario.planets:
        if base.intersection(pl.polygon).area > 1e-9:
            return f"{ref} overlaps the planet {pl.name!r}"
    return None


# --- helpers the exporter shares ------------------------------------------------------------------------

def card_index(ship: ShipState, action: str, card: str | None, number: int | None) -> int | None:
    """The damage card a regenerate or repair line means: ``card N`` (1-based), or by title the first
    face-up card that an action repairs (repair), the first face-up then face-down card (regenerate)."""
    if number is not None:
        return number - 1 if 0 < number <= len(ship.damage) else None
    found = [i for i, c in enumerate(ship.damage) if c.key == card
             and (action == "regenerate" or (c.face_up and CARDS_BY_KEY[c.key].repairable))]
    found.sort(key=lambda i: not ship.damage[i].face_up)
    return found[0] if found else None


def echo_lateral(ship: ShipState, speed: int) -> float:
    """How far sideways a sensor echo with the ``speed`` template moves the base (rulings.md)."""
    return P.STRAIGHT_MM_PER_SPEED * speed + 2 * P.base_half(ship.base)


def find_weapon(ship: ShipState, text: str) -> Weapon | None:
    wanted = text.strip().lower()
    return next((w for w in ship.weapons if w.upgrade_id.lower() == wanted), None) or next(
        (w for w in ship.weapons if w.name.lower() == wanted), None)


def _who(state: GameState, ref: str) -> str:
    try:
        return f"{ref} ({state.ship(ref).name})"
    except KeyError:
        return ref


def _action_label(action: str) -> str:
    return action.replace("_", " ")


# --- the players and the dice -----------------------------------------------------------------------------

class NotationPlayer:
    """One side's decisions, read from the notation (``Player``, with the optional spend and placement)."""

    def __init__(self, driver: _Driver, side: int) -> None:
        self.driver = driver
        self.side = side

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        return self.driver.plan(state, ship, options)

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        return self.driver.act(state, ship, options)

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        return self.driver.attack(state, ship, options)

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        return self.driver.keep_cloak(state, ship)

    def spend(self, state: GameState, ship: ShipState, offer: SpendOffer) -> tuple[int, ...] | None:
        return self.driver.spend(state, ship, offer)

    def placement(self, state: GameState, ship: ShipState) -> tuple[Pose, str] | None:
        return self.driver.placement(state, ship)


class NotationDice:
    """The dice as they were rolled at the table (``DiceSource``). Each roll reports as many draws as
    dice, like the seeded dice, so the generator in the state (reshuffles) follows the same course."""

    def __init__(self, driver: _Driver) -> None:
        self.driver = driver

    def roll(self, state: GameState, kind: str, count: int, ship: ShipState, cause: str) -> tuple[list[str], int]:
        return self.driver.roll(state, kind, count, ship, cause), count


class _Driver:
    def __init__(self, doc: m.Notation, table: _Table, issues: list[Issue],
                 record: Callable[[ev.Event, GameState], None] | None) -> None:
        self.doc = doc
        self.table = table
        self.issues = issues
        self.record = record
        self.rounds = {r.number: r for r in doc.rounds}
        self.game: Game | None = None
        self.ctx: _Attack | None = None
        self.obstacles: dict[str, list[str]] = {}
        self.gone: dict[str, tuple[int, str]] = {}  # ship -> (round, cause)
        self.missing_rounds: set[int] = set()
        self.damage_at = 0  # the next damage line to check
        self.damage_checked = True  # False after a mismatch: the rest is not compared
        self.dealt = 0
        self.ended: ev.GameEnded | None = None

    def issue(self, line: int, code: str, message: str, rule: str = "") -> None:
        self.issues.append(Issue(line, code, message, rule))

    # -- lines of the round ----------------------------------------------------------------------
    def round_of(self, state: GameState) -> m.Round | None:
        return self.rounds.get(state.round)

    def take(self, state: GameState, ship: str, kinds: tuple[type[m.Line], ...],
             match: Callable[[Any], bool] | None = None) -> m.Line | None:
        rnd = self.round_of(state)
        if rnd is None:
            return None
        for line in rnd.lines:
            if (not line.used and isinstance(line, kinds) and isinstance(line, m.ShipLine) and line.ship == ship
                    and (match is None or match(line))):
                line.used = True
                return line
        return None

    def round_line(self, state: GameState) -> int:
        rnd = self.round_of(state)
        return rnd.no if rnd is not None else self.doc.last_line

    # -- planning ----------------------------------------------------------------------------------
    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        straights = [mv for mv, colour in options if mv.kind == "straight" and mv.speed > 0 and colour != "red"]
        default = min(straights, key=lambda mv: mv.speed) if straights else options[0][0]
        if self.round_of(state) is None:
            later = [n for n in self.rounds if n > state.round]
            if not later:
                raise _NotationEnds(state.round)
            first = state.round not in self.missing_rounds and state.round - 1 not in self.missing_rounds
            self.missing_rounds.add(state.round)
            if first:  # one issue for each gap
                gap = (f"Round {state.round} is missing" if min(later) == state.round + 1
                       else f"Rounds {state.round} to {min(later) - 1} are missing")
                self.issue(self.rounds[min(later)].no, "missing", f"{gap}: the game goes on through every round "
                           "until a fleet is gone or the round limit")
            return default, ""
        line = self.take(state, ship.id, (m.Dial, m.Broken), lambda x: not isinstance(x, m.Broken)
                         or x.verb == "dial")
        if line is None:
            self.issue(self.round_line(state), "missing", f"no dial for {_who(state, ship.id)} in round "
                       f"{state.round}", "Planning Phase: every ship in play sets its dial")
            return default, ""
        if not isinstance(line, m.Dial):
            return default, ""
        for mv, _ in options:
            if mv.kind == line.kind and mv.speed == line.speed:
                return mv, line.reason
        dial = ", ".join(format_maneuver(mv.kind, mv.speed) for mv, _ in options)
        self.issue(line.no, "maneuver", f"{format_maneuver(line.kind, line.speed)} is not on the dial of "
                   f"{_who(state, ship.id)}, a {ship.class_name}; its dial has {dial}")
        return default, line.reason

    # -- activation ----------------------------------------------------------------------------------
    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        line = self.take(state, ship.id, (m.ActionLine, m.Broken), lambda x: not isinstance(x, m.Broken)
                         or x.verb == "action")
        if not isinstance(line, m.ActionLine):
            return ActionChoice("pass")
        if line.action == "pass":
            return ActionChoice("pass", reason=line.reason)
        choice, problem = self.action_choice(state, ship, line, options)
        if problem is not None:
            self.issue(line.no, "action", problem)
            return ActionChoice("pass")
        assert choice is not None
        return choice

    def action_choice(self, state: GameState, ship: ShipState, line: m.ActionLine, options: list[ActionOption]
                      ) -> tuple[ActionChoice | None, str | None]:
        who = _who(state, ship.id)
        option = next((o for o in options if o.action == line.action), None)
        if option is None:
            return None, self.action_problem(state, ship, line.action)
        if line.action == "target_lock":
            assert line.target is not None
            if line.target not in option.targets:
                return None, self.lock_problem(state, ship, line.target)
            return ActionChoice("target_lock", line.target, reason=line.reason), None
        if line.action in ("regenerate", "repair"):
            index = card_index(ship, line.action, line.card, line.card_number)
            if index is None or str(index) not in option.targets:
                what = f"card {line.card_number}" if line.card_number else f"a {card_title(line.card or '')}"
                cards = ", ".join(f"{i + 1}: {card_title(c.key)} ({'up' if c.face_up else 'down'})"
                                  for i, c in enumerate(ship.damage))
                needs = "a face-up card that an action repairs" if line.action == "repair" else "one of its cards"
                return None, f"{who} has no {what} to {line.action} ({line.action} takes {needs}; it has {cards})"
            return ActionChoice(line.action, str(index), reason=line.reason), None
        if line.action == "sensor_echo":
            assert line.echo is not None
            side, speed, offset = line.echo
            pose = ship.pose.advance(offset, side * echo_lateral(ship, speed))
            sampled = next((p for p, s in option.echoes if s == speed and p.close_to(pose, 0.01)), None)
            if sampled is not None:
                return ActionChoice("sensor_echo", echo=(sampled, speed), reason=line.reason), None
            if self.game is not None and self.game.echo_legal(ship, (pose, speed)):
                return ActionChoice("sensor_echo", echo=(pose, speed), reason=line.reason), None
            return None, (f"{who} cannot sensor echo {'left' if side < 0 else 'right'} with the {speed} template "
                          f"to offset {offset:g} mm: it would end off the table or on a ship or planet")
        return ActionChoice(line.action, reason=line.reason), None

    def action_problem(self, state: GameState, ship: ShipState, action: str) -> str:
        who = _who(state, ship.id)
        label = _action_label(action)
        if action != "repair" and action not in ship.actions:
            bar = ", ".join(_action_label(a) for a in ship.actions) or "nothing"
            return f"{who} has no {label} action on its Action Bar (it has {bar})"
        if action in ship.actions_done:
            return f"{who} already performed {label} this round"
        if action in ("target_lock", "scan") and ship.face_up("damaged_sensor_array"):
            return f"{who} has Damaged Sensor Array face up: no Target Lock or Scan actions"
        if action == "target_lock":
            return f"{who} has no enemy ship within Range 1-3 to target lock"
        if action == "cloak":
            return f"{who} is already cloaked" if ship.cloaked else f"{who} needs an active shield to cloak"
        if action == "sensor_echo":
            return (f"{who} is not cloaked: only a cloaked ship can sensor echo" if not ship.cloaked
                    else f"{who} has no legal sensor echo position")
        if action == "regenerate":
            return f"{who} has no damage card to regenerate"
        if action == "repair":
            return f"{who} has no face-up damage card that an action repairs"
        return f"{who} cannot perform {label} now"

    def lock_problem(self, state: GameState, ship: ShipState, target: str) -> str:
        who, them = _who(state, ship.id), _who(state, target)
        other = state.ship(target)
        if other.side == ship.side:
            return f"{who} cannot target lock {them}, a ship of its own side"
        if other.destroyed:
            return f"{them} is no longer in play"
        if ship.target_lock == target:
            return f"{who} already holds a target lock on {them}"
        if other.cloak_beside:
            return f"{them} has been cloaked since an earlier round: it cannot be target locked"
        d = distance(rules.placed(ship), rules.placed(other))
        if d > P.RANGE_BAND_EDGES_MM[-1]:
            return f"{them} is beyond Range 3 of {who} ({d:.0f} mm): a target lock needs Range 1-3"
        return f"{who} cannot target lock {them} now"

    def placement(self, state: GameState, ship: ShipState) -> tuple[Pose, str] | None:
        line = self.take(state, ship.id, (m.Placed,))
        if not isinstance(line, m.Placed):
            return None
        who = _who(state, ship.id)
        reason = line.reason
        if not reason:
            self.issue(line.no, "placement", f"{who} placed: say why the table differs, e.g. "
                       f"{ship.id} placed 300,420,45 (bump dispute)")
            reason = "placed at the table"
        half = P.base_half(ship.base)
        if not self.table.setup.area.contains_base(base_corners(line.pose, half)):
            self.issue(line.no, "placement", f"{who} placed off the play area (a ship that leaves it has fled)")
            return None
        mine = base_polygon(line.pose, half)
        for other in state.in_play():
            if other.id != ship.id and mine.intersection(base_polygon(other.pose, P.base_half(other.base))).area > 1e-6:
                self.issue(line.no, "placement", f"{who} placed overlapping {_who(state, other.id)}")
                return None
        return line.pose, reason

    # -- combat ----------------------------------------------------------------------------------------
    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        line = self.take(state, ship.id, (m.Attack, m.Broken), lambda x: not isinstance(x, m.Broken)
                         or x.verb == "attack")
        if not isinstance(line, m.Attack):
            return None, ""
        if line.defender is None:
            return None, line.reason
        for option in options:
            if option.defender != line.defender:
                continue
            if (line.weapon is None and option.weapon is None) or (
                    line.weapon is not None and option.weapon is not None
                    and find_weapon(ship, line.weapon) == option.weapon):
                self.ctx = _Attack(line, option)
                return option, line.reason
        self.issue(line.no, "attack", self.attack_problem(state, ship, line))
        _suppress(line)
        return None, ""

    def attack_problem(self, state: GameState, ship: ShipState, line: m.Attack) -> str:
        assert line.defender is not None
        who, them = _who(state, ship.id), _who(state, line.defender)
        defender = state.ship(line.defender)
        if defender.side == ship.side:
            return f"{who} cannot attack {them}, a ship of its own side"
        if defender.destroyed:
            return f"{them} is no longer in play"
        weapon: Weapon | None = None
        if line.weapon is not None:
            weapon = find_weapon(ship, line.weapon)
            if weapon is None:
                carried = ", ".join(["primary weapon", *(w.name for w in ship.weapons)])
                return f"{who} carries no weapon {line.weapon!r} (it has: {carried})"
            if weapon.disabled:
                return f"{who}'s {weapon.name} was already fired and is disabled"
            if weapon.needs_target_lock and ship.target_lock != defender.id:
                return f"{who}'s {weapon.name} fires only by spending a target lock on {them}, and it has none"
        name = "primary weapon" if weapon is None else weapon.name
        arcs: list[tuple[str, float, bool]] = []
        if ship.has_360_arc:
            arcs.append(("360-degree", FULL_CIRCLE, False))
        else:
            if ship.front_arc and (weapon is None or "front" in weapon.arcs):
                arcs.append((f"{ship.front_arc:g}-degree front", ship.front_arc, False))
            if ship.rear_arc and weapon is not None and "rear" in weapon.arcs:
                arcs.append((f"{ship.rear_arc:g}-degree rear", ship.rear_arc, True))
        if not arcs:
            return f"{who}'s {name} has no firing arc to fire from"
        checks = [(label, arc_check(rules.placed(ship), rules.placed(defender), deg, rear))
                  for label, deg, rear in arcs]
        inside = [(label, c) for label, c in checks if c.in_arc]
        if not inside:
            return f"{them} is outside {who}'s {' and '.join(label for label, _, _ in arcs)} firing arc for its {name}"
        best = min((c for _, c in inside), key=lambda c: c.distance)
        band = best.band or P.BEYOND_RANGE
        if band > 3:
            return f"{them} is beyond Range 3 of {who} ({best.distance:.0f} mm in arc)"
        if weapon is None and ship.has_360_arc and band > 2:
            return f"{who} fires its primary weapon from a 360-degree arc at Range 1-2 only; {them} is at Range {band}"
        if weapon is not None and not weapon.range_min <= band <= weapon.range_max:
            return (f"{who}'s {weapon.name} fires at Range {weapon.range_min}-{weapon.range_max}; {them} is at "
                    f"Range {band}")
        return f"{who} cannot attack {them} with its {name} now"

    def spend(self, state: GameState, ship: ShipState, offer: SpendOffer) -> tuple[int, ...] | None:
        ctx = self.ctx
        if ctx is None:
            return None
        attacker, defender = ctx.line.ship, ctx.option.defender
        if offer.kind == "target_lock_reroll":
            return self.reroll(state, ctx, offer)
        token = "evade" if offer.kind == "evade" else "battle_stations"
        by = attacker if offer.kind == "attack_battle_stations" else defender
        for line in ctx.line.block:
            if isinstance(line, m.Spend) and not line.used and line.token == token and line.ship == by:
                if offer.kind == "attack_battle_stations" and _after_defense(ctx.line, line):
                    continue
                line.used = True
                return offer.dice
        return None

    def reroll(self, state: GameState, ctx: _Attack, offer: SpendOffer) -> tuple[int, ...] | None:
        line = next((x for x in ctx.line.block if isinstance(x, m.Reroll) and not x.used and x.kind == "attack"),
                    None)
        if line is None:
            return None
        line.used = True
        attack = state.attack
        n = len(attack.attack_dice) if attack is not None else 0
        faces = list(line.faces)
        if len(faces) != len(line.indices):
            self.issue(line.no, "dice", f"{len(line.indices)} dice rerolled but {len(faces)} new faces written")
            faces = (faces + ["blank"] * len(line.indices))[:len(line.indices)]
        chosen: list[int] = []
        new: list[str] = []
        for i, face in zip(line.indices, faces, strict=True):
            if not 1 <= i <= n:
                self.issue(line.no, "reroll", f"there is no attack die {i}: {n} were rolled")
            elif i - 1 in chosen:
                self.issue(line.no, "reroll", f"attack die {i} is rerolled twice in one line", RULE_ONE_REROLL)
            elif i - 1 not in offer.dice:
                self.issue(line.no, "reroll", f"attack die {i} was already rerolled", RULE_ONE_REROLL)
            else:
                chosen.append(i - 1)
                new.append(face)
        ctx.rerolled |= set(chosen)
        ctx.reroll_faces = new
        return tuple(chosen) or None

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        line = self.take(state, ship.id, (m.Cloak,))
        return isinstance(line, m.Cloak) and line.keep

    # -- dice --------------------------------------------------------------------------------------------
    def roll(self, state: GameState, kind: str, count: int, ship: ShipState, cause: str) -> list[str]:
        if cause in ("attack", "defense") and self.ctx is not None:
            return self.attack_roll(state, kind, count, cause)
        if cause == "target lock reroll" and self.ctx is not None:
            faces = self.ctx.reroll_faces
            return (faces + ["blank"] * count)[:count]
        if cause == "obstacle":
            return [self.obstacle_roll(state, ship)]
        if cause == "Console Fire":
            line = self.take(state, ship.id, (m.Roll,), lambda x: x.cause == "console_fire")
            if not isinstance(line, m.Roll):
                self.issue(self.round_line(state), "missing", f"{_who(state, ship.id)} has Console Fire face up: "
                           f"roll its attack die at the start of the Combat Phase ({ship.id} console fire: FACE)")
                return ["blank"]
            return [line.face]
        self.issue(self.round_line(state), "engine", f"the engine asks for {count} {kind} dice ({cause}) that "
                   "the notation has no line for")
        return ["blank"] * count

    def attack_roll(self, state: GameState, kind: str, count: int, cause: str) -> list[str]:
        ctx = self.ctx
        assert ctx is not None
        why = self.count_reason(state, ctx, kind)
        line = next((x for x in ctx.line.block if isinstance(x, m.Dice) and not x.used and x.kind == kind), None)
        if line is None:
            if count:
                self.issue(ctx.line.no, "missing", f"no {kind} dice under this attack: the rules roll {count} "
                           f"({why}); write {kind}: FACES")
            return ["blank"] * count
        line.used = True
        faces = list(line.faces)
        if len(faces) != count:
            many = "more" if len(faces) > count else "fewer"
            self.issue(line.no, "dice", f"{len(faces)} {kind} dice: {many} than the rules give; they give {count} "
                       f"({why})")
            faces = (faces + ["blank"] * count)[:count]
        return faces

    def count_reason(self, state: GameState, ctx: _Attack, kind: str) -> str:
        try:
            attacker = state.ship(ctx.line.ship)
            defender = state.ship(ctx.option.defender)
        except KeyError:
            return "?"
        if kind == "attack":
            return rules.attack_dice(attacker, ctx.option.weapon, ctx.option.band).explanation
        obstructed = ctx.declared.obstructed if ctx.declared is not None else False
        return rules.defense_dice(defender, attacker, ctx.option.weapon is None, ctx.option.band,
                                  obstructed).explanation

    def obstacle_roll(self, state: GameState, ship: ShipState) -> str:
        pending = self.obstacles.get(ship.id) or ["an obstacle"]
        name = pending.pop(0)
        line = (self.take(state, ship.id, (m.Roll,), lambda x: x.cause == "obstacle" and x.obstacle is not None
                          and x.obstacle.lower() == name.lower())
                or self.take(state, ship.id, (m.Roll,), lambda x: x.cause == "obstacle" and x.obstacle is None))
        if not isinstance(line, m.Roll):
            dial = self.dial_line(state, ship.id)
            self.issue(dial, "missing", f"{_who(state, ship.id)} moves onto {name}: roll one attack die for it "
                       f"({ship.id} obstacle {name}: FACE)", "Obstacles: roll one attack die when the maneuver's "
                       "template or the base touches an obstacle")
            return "blank"
        return line.face

    def dial_line(self, state: GameState, ship: str) -> int:
        rnd = self.round_of(state)
        if rnd is not None:
            for line in rnd.lines:
                if isinstance(line, m.Dial) and line.ship == ship:
                    return line.no
        return self.round_line(state)

    # -- what happened: the engine's events ----------------------------------------------------------
    def on_event(self, event: ev.Event, state: GameState) -> None:
        if self.record is not None:
            self.record(event, state)
        if isinstance(event, ev.ShipMoved):
            self.obstacles[event.ship] = list(event.obstacles)
        elif isinstance(event, ev.AttackDeclared) and self.ctx is not None:
            self.ctx.declared, self.ctx.at_declare = event, state
        elif isinstance(event, ev.AttackResolved):
            self.close_attack(state, None)
        elif isinstance(event, ev.AttackSkipped):
            self.attack_skipped(event, state)
        elif isinstance(event, ev.ActionSkipped):
            self.action_skipped(event, state)
        elif isinstance(event, ev.DamageDealt) and event.to == "hull":
            self.damage_dealt(event, state)
        elif isinstance(event, ev.ShipDestroyed) and event.removed:
            self.gone[event.ship] = (event.round, event.cause)
        elif isinstance(event, ev.RoundEnded):
            self.close_round(event.round, state)
        elif isinstance(event, ev.GameEnded):
            self.ended = event
            self.close_round(event.round, state)

    def action_skipped(self, event: ev.ActionSkipped, state: GameState) -> None:
        line = self.take(state, event.ship, (m.ActionLine,))
        if not isinstance(line, m.ActionLine) or line.action == "pass":
            return
        who = _who(state, event.ship)
        cause = event.cause
        rule = RULE_SKIPS.get(cause, RULE_OBSTACLE if cause.startswith("hit ") else "")
        why = {"under auxiliary power": "has an auxiliary power token",
               "bumped another ship": "overlapped another ship in its maneuver",
               "backed off a planet": "ended its maneuver on a planet",
               "Communications Failure": "has Communications Failure face up"}.get(cause, f"moved onto {cause[4:]}"
                                                                                    if cause.startswith("hit ")
                                                                                    else cause)
        self.issue(line.no, "action-skipped", f"{who} {why}: it performs no action this round, so not "
                   f"{_action_label(line.action)}", rule)

    def attack_skipped(self, event: ev.AttackSkipped, state: GameState) -> None:
        ctx = self.ctx
        if ctx is not None and ctx.line.ship == event.ship:  # declared, then the line of fire was blocked
            for line in ctx.line.block:
                if not line.used and not isinstance(line, m.Damage):
                    line.used = True
                    self.issue(line.no, "attack", f"{_who(state, event.ship)}'s {event.cause}: the attack is not "
                               "made and no dice are rolled", "Attacking Through Planets: a planet blocks the "
                               "line of fire")
            self.ctx = None
            return
        held = self.take(state, event.ship, (m.Attack,), lambda x: x.defender is not None)
        if not isinstance(held, m.Attack):
            return
        _suppress(held)
        if event.cause == "regenerated this round":
            self.issue(held.no, "attack", f"{_who(state, event.ship)} regenerated this round", RULE_REGENERATE)
        else:
            self.issue(held.no, "attack", self.attack_problem(state, state.ship(event.ship), held))

    def close_attack(self, state: GameState, reason: str | None) -> None:
        ctx, self.ctx = self.ctx, None
        if ctx is None:
            return
        before = ctx.at_declare or state
        attacker_id, defender_id = ctx.line.ship, ctx.option.defender
        attacker, defender = before.ship(attacker_id), before.ship(defender_id)
        for line in ctx.line.block:
            if line.used or isinstance(line, m.Damage):
                continue
            line.used = True
            if isinstance(line, m.Dice):
                self.issue(line.no, "dice", f"a second {line.kind} roll for one attack")
            elif isinstance(line, m.Reroll):
                self.issue(line.no, "reroll", self.reroll_problem(before, ctx, line),
                           RULE_ONE_REROLL if set(i - 1 for i in line.indices) & ctx.rerolled else "")
            elif isinstance(line, m.Spend):
                self.issue(line.no, "spend", self.spend_problem(before, ctx, line, attacker, defender))

    def reroll_problem(self, state: GameState, ctx: _Attack, line: m.Reroll) -> str:
        who, them = _who(state, ctx.line.ship), _who(state, ctx.option.defender)
        if line.kind == "defense":
            return "defense dice cannot be rerolled: no card or token in this game gives a defense reroll"
        again = sorted(i for i in line.indices if i - 1 in ctx.rerolled)
        if again:
            return f"attack die {again[0]} was already rerolled"
        if ctx.rerolled:
            return f"{who}'s target lock is already spent: it bought one reroll"
        weapon = ctx.option.weapon
        if weapon is not None and weapon.needs_target_lock:
            return f"{who} spent its target lock on {them} to fire {weapon.name}: it gives no reroll as well"
        if state.ship(ctx.line.ship).target_lock != ctx.option.defender:
            return f"{who} has no target lock on {them} to spend on a reroll"
        return f"{who} had no attack die left to reroll"

    def spend_problem(self, state: GameState, ctx: _Attack, line: m.Spend, attacker: ShipState,
                      defender: ShipState) -> str:
        who = _who(state, line.ship)
        if line.ship not in (attacker.id, defender.id):
            return f"{who} takes no part in this attack"
        ship = attacker if line.ship == attacker.id else defender
        if line.token == "evade":
            if ship is attacker:
                return f"{who} is attacking: an evade token is spent by the defender"
            if not ship.evade:
                return f"{who} has no evade token"
            return f"{who} spends one evade token in an attack"
        if ship is attacker and _after_defense(ctx.line, line):
            return f"{who} spends battle stations to convert attack dice: write it before the defense roll"
        if not ship.battle_stations:
            return f"{who} has no battle stations token"
        return f"{who} rolled no battle stations result to convert"

    def damage_dealt(self, event: ev.DamageDealt, state: GameState) -> None:
        self.dealt += 1
        if not self.damage_checked or self.damage_at >= len(self.doc.damage):
            return
        line = self.doc.damage[self.damage_at]
        while line.used and self.damage_at + 1 < len(self.doc.damage):  # reported already (unknown ship, excess)
            self.damage_at += 1
            line = self.doc.damage[self.damage_at]
        if line.used:
            return
        self.damage_at += 1
        line.used = True
        card = card_title(event.card or "")
        face = "face up" if event.face_up else "face down"
        if line.ship != event.ship or line.card != event.card or (line.face_up not in (None, event.face_up)):
            self.damage_checked = False
            if line.ship != event.ship:
                text = (f"the next damage card goes to {_who(state, event.ship)} ({event.cause}), not to "
                        f"{_who(state, line.ship)}")
            elif line.card != event.card:
                text = (f"the damage card dealt here is {card}, not {card_title(line.card)} (after the deck runs "
                        "out, the seed's reshuffle decides)")
            else:
                text = f"{_who(state, event.ship)} suffers {'critical' if event.face_up else 'normal'} damage: " \
                       f"the card is dealt {face}"
            self.issue(line.no, "damage", text + "; later damage lines are not compared")

    # -- what the game never reached -----------------------------------------------------------------------
    def close_round(self, number: int, state: GameState) -> None:
        self.ctx = None
        rnd = self.rounds.get(number)
        if rnd is None:
            return
        for line in rnd.lines:
            if line.used or isinstance(line, m.Damage | m.Broken | m.Comment):
                continue
            line.used = True
            if isinstance(line, m.Attack):
                _suppress(line)
            self.issue(line.no, "unused", self.unused_reason(line, rnd, state))

    def unused_reason(self, line: m.Line, rnd: m.Round, state: GameState) -> str:
        assert isinstance(line, m.ShipLine)
        who = _who(state, line.ship)
        what = {m.Dial: "dial", m.ActionLine: "action", m.Attack: "attack", m.Placed: "placement",
                m.Cloak: "cloak line", m.Roll: "roll"}.get(type(line), "line")
        twin = next((x for x in rnd.lines if x is not line and type(x) is type(line) and isinstance(x, m.ShipLine)
                     and x.ship == line.ship and x.no < line.no), None)
        if twin is not None and not isinstance(line, m.Roll):
            return f"a second {what} for {who} in round {rnd.number} (the first is line {twin.no})"
        gone = self.gone.get(line.ship)
        if gone is not None and gone[0] < rnd.number:
            return f"{who} was already gone in round {gone[0]} ({gone[1]})"
        if gone is not None:
            return f"{who} was destroyed this round ({gone[1]}) before this {what}"
        if isinstance(line, m.Roll):
            if line.cause == "console_fire":
                return f"{who} had no face-up Console Fire at the start of the Combat Phase"
            named = f" {line.obstacle!r}" if line.obstacle else " an obstacle"
            return f"{who}'s maneuver did not touch{named}"
        if isinstance(line, m.Cloak):
            return f"{who} had no green cloak token in the End Phase"
        if isinstance(line, m.Placed):
            return f"{who} did not move this round"
        if self.ended is not None and self.ended.round == rnd.number:
            return f"the game ended this round ({self.ended.reason}) before this {what}"
        return f"the game did not ask for this {what}"

    def finish(self, state: GameState) -> None:
        last = self.ended.round if self.ended is not None else state.round
        for rnd in self.doc.rounds:
            if rnd.number > last:
                why = (f"the game ended in round {last} ({self.ended.reason})" if self.ended is not None
                       else f"the game stopped in round {last}")
                self.issue(rnd.no, "unused", f"Round {rnd.number} never happens: {why}")
                for line in rnd.lines:
                    line.used = True
        if self.damage_checked:
            left = [d for d in self.doc.damage[self.damage_at:] if not d.used]
            if left:
                self.issue(left[0].no, "damage", f"no damage card is dealt here: the game deals {self.dealt} in all, "
                           f"and {len(left)} damage line{'s' if len(left) > 1 else ''} from here on are more")
        result = self.doc.result
        if result is not None and self.ended is not None and result.winner != self.ended.winner:
            said = "a draw" if result.winner is None else f"side {SIDE_LETTERS[result.winner]} wins"
            rules_say = ("a draw" if self.ended.winner is None
                         else f"side {SIDE_LETTERS[self.ended.winner]} wins")
            self.issue(result.no, "result", f"the notation says {said}; the rules say {rules_say} "
                       f"({self.ended.reason}; fleet points {self.ended.points[0]} to {self.ended.points[1]})")


def _suppress(line: m.Attack) -> None:
    for b in line.block:
        if not isinstance(b, m.Damage):
            b.used = True


def _after_defense(attack: m.Attack, spend: m.Line) -> bool:
    """Is this line below the block's defense roll (so the defender's, not the attacker's)?"""
    defense = next((x.no for x in attack.block if isinstance(x, m.Dice) and x.kind == "defense"), None)
    return defense is not None and spend.no > defense


# --- checking every ship reference first ---------------------------------------------------------------

def _check_refs(doc: m.Notation, ids: set[str], counts: tuple[int, int], issues: list[Issue]) -> None:
    known = _ship_ids(counts)

    def bad(line: m.Line, ref: str) -> None:
        issues.append(Issue(line.no, "ship", f"there is no ship {ref} in this game ({known})"))

    for rnd in doc.rounds:
        for line in rnd.lines:
            if isinstance(line, m.ShipLine) and line.ship not in ids:
                bad(line, line.ship)
                line.used = True
                if isinstance(line, m.Attack):
                    _suppress(line)
                continue
            if isinstance(line, m.Attack):
                if line.defender is not None and line.defender not in ids:
                    bad(line, line.defender)
                    line.used = True
                    _suppress(line)
                    continue
                for b in line.block:
                    if isinstance(b, m.ShipLine) and b.ship not in ids:
                        bad(b, b.ship)
                        b.used = True
            if isinstance(line, m.ActionLine) and line.target is not None and line.target not in ids:
                bad(line, line.target)
                line.used = True
    for d in doc.damage:
        if d.ship not in ids and not d.used:
            bad(d, d.ship)
            d.used = True


# --- the whole run ----------------------------------------------------------------------------------------

def run_notation(doc: m.Notation, base_dir: Path | None = None, *, record: bool = False) -> Outcome:
    """Check a parsed notation against the rules by playing it; with ``record`` (and no issues) the
    replay's bytes are in the outcome."""
    issues = list(doc.issues)
    table = _Builder(doc, base_dir, issues).build()
    if table is None:
        return Outcome(sorted(issues, key=lambda i: i.line))
    counts = (len(table.scenario.sides[0].start), len(table.scenario.sides[1].start))
    _check_refs(doc, set(table.ids), counts, issues)

    from engine.replay.writer import ReplayWriter

    buffer = io.BytesIO()
    writer = ReplayWriter(buffer, table.header, keyframe_every=KEYFRAME_EVERY) if record else None

    def recorder(event: ev.Event, state: GameState) -> None:
        if writer is not None:
            writer.event(ev.event_to_dict(event))
            if writer.wants_keyframe:
                writer.keyframe(state_to_dict(state))

    driver = _Driver(doc, table, issues, recorder)
    game = Game(table.setup, table.seed, [NotationPlayer(driver, 0), NotationPlayer(driver, 1)],
                NotationDice(driver), sink=driver.on_event)
    driver.game = game
    stopped = False
    try:
        state = game.play()
    except _NotationEnds as end:
        stopped = True
        state = game.state
        played = end.number - 1
        if played < 1:
            issues.append(Issue(doc.last_line, "missing", "the notation has no rounds: write Round 1 and the "
                                "ships' dials, actions and attacks"))
        else:
            limit = table.setup.round_limit
            issues.append(Issue(doc.last_line, "missing", f"the notation ends after round {played}, but the game "
                                f"goes on: both fleets have ships left and the round limit is {limit}; if the game "
                                f"was called at time, write Rounds: {played} in the header"))
    except TrekError as exc:
        stopped = True
        state = game.state
        issues.append(Issue(driver.round_line(state), "engine", f"the rules engine refused a step: {exc}"))
    except Exception as exc:  # a check reports; it never shows a traceback
        stopped = True
        state = game.state
        issues.append(Issue(driver.round_line(state), "engine", f"internal error while checking: "
                            f"{type(exc).__name__}: {exc}"))
    if not stopped:
        driver.finish(state)
    outcome = Outcome(sorted(issues, key=lambda i: (i.line, i.code)), table.header, game.events, state)
    if writer is not None and outcome.sound:
        result = state.result
        writer.close(None if result is None else {
            "winner": result.winner, "reason": result.reason, "points": list(result.points),
            "ships_lost": list(result.ships_lost), "rounds": state.round})
        outcome.replay = buffer.getvalue()
    return outcome


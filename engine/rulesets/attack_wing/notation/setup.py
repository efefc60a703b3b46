"""A notation's header made into a table: the scenario, fleets, setup lines, seed, rounds and deck.

Every problem becomes an ``Issue`` with its line number; ``TableBuilder.build`` gives None when
no game can be built at all.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from engine.geometry.pose import Pose
from engine.geometry.shapes import base_polygon
from engine.io.reading import confined_path
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.damage import CARDS_BY_KEY, deck_keys
from engine.rulesets.attack_wing.dice import Rng, shuffled
from engine.rulesets.attack_wing.game import GameSetup
from engine.rulesets.attack_wing.notation import drawn
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.errors import Issue
from engine.rulesets.attack_wing.notation.terms import SIDE_LETTERS, card_title
from engine.rulesets.attack_wing.play import header_for, setup_from_scenario
from engine.rulesets.attack_wing.scenario import (
    MAX_ROUNDS,
    Scenario,
    ScenarioError,
    build_scenario,
    bundled_scenarios,
    load_scenario,
    parse_scenario_text,
)
from engine.rulesets.attack_wing.state import ShipState

DEFAULT_SEED: Final = 1
DEFAULT_PLAYER: Final = "table"
NOTATION_VERSION: Final = "1"
# tags that build the game; the others (Event, Date, Site, any tag of your own) go into the
# replay header under "notation"
STRUCTURAL_TAGS: Final = ("Scenario", "Seed", "Rounds", "Side A", "Side B", "Player A", "Player B", "Notation",
                           "Game")  # Game: which game's notation this is (trek notation reads it)
POSE_TOLERANCE: Final = 1e-3  # mm and degrees: a setup line at the scenario's own pose changes nothing


@dataclass
class NotationTable:
    """What the header builds: the scenario, the game's setup, seed, replay header and ships by id."""

    scenario: Scenario
    setup: GameSetup
    seed: int
    header: dict[str, Any]
    ids: dict[str, ShipState | ev.ShipSetup]


def ship_ids(sides: tuple[int, int]) -> str:
    return ", ".join(f"side {SIDE_LETTERS[i]}: {SIDE_LETTERS[i]}1-{SIDE_LETTERS[i]}{n}" if n > 1
                     else f"side {SIDE_LETTERS[i]}: {SIDE_LETTERS[i]}1" for i, n in enumerate(sides))


class TableBuilder:
    """Builds the table from the header lines, reporting issues as it goes."""

    def __init__(self, doc: m.Notation, base_dir: Path | None, issues: list[Issue]) -> None:
        self.doc = doc
        self.base_dir = base_dir
        self.issues = issues

    def issue(self, line: int, code: str, message: str, rule: str = "") -> None:
        self.issues.append(Issue(line, code, message, rule))

    def build(self) -> NotationTable | None:
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
        return NotationTable(scenario, setup, seed, header, {s.id: s for s in setup.ships})

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
        # absolute names, ".." out of the folder, links elsewhere, NUL bytes: refused (a shared file)
        target = confined_path(self.base_dir, value, what="Scenario", error=ScenarioError)
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
                           f"({ship_ids((len(scenario.sides[0].start), len(scenario.sides[1].start)))})")
                continue
            if (side, index) in wanted:
                self.issue(line.no, "setup", f"{line.ship} is placed twice in the setup")
                continue
            if line.measured is not None:  # as measured at the table: from the edges or a ship placed before
                placed = {SIDE_LETTERS[s] + str(i + 1): pose for s in (0, 1)
                          for i, pose in enumerate(scenario.sides[s].start)}
                placed.update({SIDE_LETTERS[s] + str(i + 1): w.pose for (s, i), w in wanted.items()})
                try:
                    line.pose = line.measured.pose(scenario.play_area.width, scenario.play_area.height, placed)
                except ValueError as exc:
                    self.issue(line.no, "setup", str(exc))
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
        if not 0 <= value < 2 ** 63:  # what a replay's header may hold (replay_check._setup_from_header)
            self.issue(tag.no, "header", f"Seed {value if abs(value) < 10**20 else '...'}: out of range "
                       "(a whole number from 0 to 2**63 - 1)")
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
        if not self.doc.damage and not self.doc.drawn:
            return None
        seeded = list(shuffled(Rng(seed), deck_keys())[0])
        rest = list(seeded)
        top: list[str] = []
        for line in drawn.deck_order(self.doc)[:len(seeded)]:
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

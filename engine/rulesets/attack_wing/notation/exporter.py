"""Write any Attack Wing replay as notation: the header, the setup, every decision and every die.

The exporter replays the events with the reducer (so it knows the ships, their weapons and
damage cards at each step) and keeps what a person at the table would write: dials, actions,
attacks with their dice, rerolls and spends, obstacle and Console Fire rolls, the damage cards
drawn, placements where the table differed, cloaks kept. Everything else (moves, shields,
tokens gained, who is destroyed) the engine computes again on import; a few of those outcomes
are written as comments for the reader. Decision reasons become the lines' comments. Import of
the export gives back the same replay, byte for byte, under the same engine version.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.geometry.shapes import Obstacle, Planet
from engine.replay import ReplayError, codec_for, open_replay
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.windows import parse_action
from engine.rulesets.attack_wing.measure import line_of_fire
from engine.rulesets.attack_wing.notation import abilities as card_notation
from engine.rulesets.attack_wing.notation import drawn
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.cursor import card_index
from engine.rulesets.attack_wing.notation.errors import NotationError
from engine.rulesets.attack_wing.notation.setup import DEFAULT_PLAYER
from engine.rulesets.attack_wing.notation.terms import SIDE_LETTERS
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.scenario import ScenarioError, bundled_scenarios, load_scenario, parse_scenario
from engine.rulesets.attack_wing.state import GameState

ENGINE_SKIPS = ("no target in arc and range", "regenerated this round", "Energy Dampening Token: it cannot attack",
                "the divided attack's second ship is gone")


def export_file(path: str | Path) -> m.Notation:
    """A replay file as notation; ReplayError (or NotationError) when it cannot be read."""
    replay = open_replay(Path(path))
    if replay.ruleset != "attack_wing":
        raise NotationError(f"{path}: the notation is for Attack Wing games; this replay is {replay.ruleset!r}")
    codec = codec_for("attack_wing")
    events: list[ev.Event] = list(replay.typed_events(codec))
    doc = export_events(replay.header, events)
    if replay.truncated:
        doc.epilogue.append(f"the replay is cut off after {len(events)} events: {replay.cut_reason}")
    return doc


def export_events(header: dict[str, Any], events: list[ev.Event]) -> m.Notation:
    doc = m.Notation()
    doc.preamble += ["Exported from a replay by trek notation export. A comment on a dial, action or attack line",
                     "is the reason the player gave; the other comments say what the rules engine made of it."]
    _header(doc, header)
    _Walker(doc, header).run(events)
    return doc


# --- the header -----------------------------------------------------------------------------------------

def _header(doc: m.Notation, header: dict[str, Any]) -> None:
    scenario = header.get("scenario")
    seed = header.get("seed")
    if not isinstance(scenario, dict) or not isinstance(seed, int):
        raise NotationError("the replay header has no scenario or seed to write a notation from")
    extra = header.get("notation")
    if isinstance(extra, dict):
        doc.tags += [m.Tag(0, str(k), str(v)) for k, v in extra.items()]
    name = _bundled(scenario)
    doc.tags.append(m.Tag(0, "Scenario", name if name is not None else json.dumps(
        scenario, ensure_ascii=False, separators=(",", ":"))))
    doc.tags.append(m.Tag(0, "Seed", str(seed)))
    if isinstance(header.get("round_limit"), int):
        doc.tags.append(m.Tag(0, "Rounds", str(header["round_limit"])))
    sides = scenario.get("sides")
    for side, spec in enumerate(sides if isinstance(sides, list) else []):
        if isinstance(spec, dict) and isinstance(spec.get("name"), str):
            doc.tags.append(m.Tag(0, f"Side {SIDE_LETTERS[side]}", spec["name"]))
    players = header.get("players")
    for side in (0, 1):
        player = players[side] if isinstance(players, list) and side < len(players) else DEFAULT_PLAYER
        doc.tags.append(m.Tag(0, f"Player {SIDE_LETTERS[side]}", str(player)))
    for side, spec in enumerate(sides if isinstance(sides, list) else []):
        fleet = spec.get("fleet") if isinstance(spec, dict) else None
        if not isinstance(fleet, dict):
            continue
        resource = fleet.get("resource")
        doc.fleets[side] = m.FleetLine(0, side, str(fleet.get("name", "")), fleet.get("faction"),
                                       None if resource is None else (
                                           (resource,) if isinstance(resource, str) else tuple(resource)))
        doc.ships[side] = [m.ShipEntryLine(0, f"{SIDE_LETTERS[side]}{i + 1}", str(s.get("ship")), s.get("captain"),
                                           s.get("admiral"), tuple(s.get("upgrades") or ()))
                           for i, s in enumerate(fleet.get("ships") or [])]


def _bundled(scenario: dict[str, Any]) -> str | None:
    """The bundled scenario's name when the import of ``Scenario: NAME`` (with the Fleet and setup
    lines) rebuilds exactly this scenario document; None: write it inline."""
    name = scenario.get("name")
    if not isinstance(name, str) or name not in bundled_scenarios():
        return None
    try:
        base = load_scenario(name).document()
    except ScenarioError:
        return None
    sides = scenario.get("sides")
    if not isinstance(sides, list) or len(sides) != len(base["sides"]):
        return None
    for mine, theirs in zip(base["sides"], sides, strict=True):
        if not isinstance(theirs, dict):
            return None
        mine["fleet"] = theirs.get("fleet")
        mine["placements"] = theirs.get("placements")
        mine["name"] = theirs.get("name")
    return name if base == scenario else None


# --- the events ---------------------------------------------------------------------------------------

class _Walker:
    def __init__(self, doc: m.Notation, header: dict[str, Any]) -> None:
        self.doc = doc
        self.state = initial_state(int(header["seed"]))
        self.round: m.Round | None = None
        self.attack: m.Attack | None = None
        self.cloaked: set[str] = set()  # green-cloaked ships in this End Phase
        self.obstacles: tuple[Obstacle, ...] = ()
        self.planets: tuple[Planet, ...] = ()
        self.free: str | None = None  # a ship whose next action is a card's free action
        self.mine_scan: str | None = None  # a ship that scanned at once as a minefield (Cloaked Mines) attacks it
        self.card_reroll: str | None = None  # the cause of the next reroll, a card's
        try:
            spec = parse_scenario(header.get("scenario"))
            self.obstacles = tuple(Obstacle(tuple((float(x), float(y)) for x, y in o.points), o.name)
                                   for o in spec.obstacles)
            self.planets = tuple(Planet(p.x, p.y, p.radius, p.name) for p in spec.planets)
        except (ScenarioError, ValueError):
            pass

    def add(self, line: m.Line) -> None:
        if self.round is None:
            raise NotationError(f"the replay has a {type(line).__name__} before its first round")
        if self.attack is not None and isinstance(line, m.Dice | m.Reroll | m.Spend | m.Damage | m.Uses):
            self.attack.block.append(line)
            return
        self.attack = None
        self.round.lines.append(line)

    def run(self, events: list[ev.Event]) -> None:
        for i, e in enumerate(events):
            before = self.state
            try:
                self.state = apply(before, e)
            except ValueError as exc:
                raise ReplayError(f"event {e.seq} does not follow the rules: {exc}") from None
            self.event(e, before, events[i + 1:i + 4])

    def event(self, e: ev.Event, before: GameState, ahead: list[ev.Event]) -> None:
        doc = self.doc
        if isinstance(e, ev.ShipPlaced):
            doc.setup.append(m.Placed(0, e.ship, e.pose.pose()))
        elif isinstance(e, ev.RoundStarted):
            self.round, self.attack = m.Round(0, e.round), None
            doc.rounds.append(self.round)
        elif isinstance(e, ev.DialSet):
            if not before.ship(e.ship).dampening:  # an Energy Dampening Token's 1 straight: no dial of the seat's
                self.add(m.Dial(0, e.ship, e.kind, e.speed, e.reason))
        elif isinstance(e, ev.ShipNudged):
            self.add(m.Placed(0, e.ship, e.end.pose(), e.reason))
        elif isinstance(e, ev.MineTriggered):
            self.add(m.Roll(0, e.ship, "mine", e.mine, faces=e.faces, scan=self.mine_scan == e.ship))
            self.mine_scan = None
        elif isinstance(e, ev.ConsoleFireRolled):
            self.add(m.Roll(0, e.ship, "console_fire", None, e.face))
        elif isinstance(e, ev.ObstacleRolled):
            if e.phase == "combat":  # event schema 1 recorded Console Fire as an obstacle roll
                self.add(m.Roll(0, e.ship, "console_fire", None, e.face))
            else:
                self.add(m.Roll(0, e.ship, "obstacle", e.obstacle, e.face))
        elif isinstance(e, ev.AbilityUsed):
            self.ability(e, before, ahead)
        elif isinstance(e, ev.ActionPerformed):
            if self.free == e.ship:  # the free action a card gave: its uses line says it
                self.free = None
            elif e.action == "scan" and any(isinstance(a, ev.MineTriggered) and a.ship == e.ship for a in ahead[:2]):
                self.mine_scan = e.ship  # a Scan at once against Cloaked Mines: its mine line says it
            else:
                self.add(self.action(e, before, ahead))
        elif isinstance(e, ev.AttackDeclared):
            ship = before.ship(e.ship)
            weapon = None
            if e.weapon != "primary":
                named = [w for w in ship.weapons if w.name == e.weapon_name]
                weapon = e.weapon_name if len(named) == 1 and named[0].upgrade_id == e.weapon else e.weapon
            self.add(m.Attack(0, e.ship, e.defender, weapon, e.reason))
            self.attack = self.round.lines[-1] if self.round and isinstance(self.round.lines[-1], m.Attack) else None
        elif isinstance(e, ev.DiceRolled):
            self.add(m.Dice(0, e.kind, tuple(e.faces)))
        elif isinstance(e, ev.DiceRerolled):
            if self.card_reroll == e.cause:  # a card's reroll: its uses line has the faces
                self.card_reroll = None
            else:
                self.add(m.Reroll(0, e.kind, tuple(i + 1 for i in e.indices), tuple(e.faces)))
        elif isinstance(e, ev.TokensChanged):
            if before.attack is not None and e.delta < 0 and e.token in ("evade", "battle_stations"):
                self.add(m.Spend(0, e.ship, e.token))
        elif isinstance(e, ev.AttackSkipped):
            self.skipped(e, before)
        elif isinstance(e, ev.DamageDealt):
            if e.to == "hull" and e.card is not None:
                self.add(m.Damage(0, e.ship, e.card, e.face_up))
        elif isinstance(e, ev.ShipDestroyed):
            if e.removed:
                self.add(m.Comment(0, f"{e.ship} ({before.ship(e.ship).name}) is destroyed: {e.cause}"))
        elif isinstance(e, ev.PhaseStarted):
            self.attack = None
            if e.phase == "end":
                self.cloaked = {s.id for s in before.in_play() if s.cloak == "green"}
        elif isinstance(e, ev.CloakChanged):
            if e.phase == "end" and e.cloak == "none":
                self.cloaked.discard(e.ship)
        elif isinstance(e, ev.RoundEnded | ev.GameEnded):
            for kept in sorted(self.cloaked):
                if self.state.ship(kept).in_play:
                    self.add(m.Cloak(0, kept, True))
            self.cloaked = set()
            if isinstance(e, ev.GameEnded):
                doc.result = m.ResultLine(0, e.winner)
                doc.epilogue.insert(0, f"{e.reason}; fleet points {e.points[0]} to {e.points[1]}")
        elif isinstance(e, ev.ShipActivated):
            self.attack = None

    def ability(self, e: ev.AbilityUsed, before: GameState, ahead: list[ev.Event]) -> None:
        """A card ability the player chose is a ``uses`` line (an "Action:" card is its action line)."""
        if e.window == "action" and e.faces:  # an Action's roll (Tractor Beam, the Negh'var): its faces
            self.add(m.Uses(0, e.ship, card_notation.label(before.ship(e.ship), e.card), faces=tuple(e.faces)))
            return
        if not card_notation.optional(e) or e.window == "action":
            return
        reroll = next((x for x in ahead if isinstance(x, ev.DiceRerolled) and x.cause == e.card_name), None)
        if reroll is not None:
            self.card_reroll = e.card_name
        draw = next((x for x in ahead if isinstance(x, ev.DamageCardsDrawn)), None)
        if e.window == drawn.WINDOW and draw is not None:  # two damage cards drawn, one placed (Joachim)
            self.add(drawn.uses_line(e, draw, card_notation.label(before.ship(e.ship), e.card)))
            return
        if e.window in ("free_action", "after_move") and card_notation.acts_now(e):  # its uses line says it
            self.free = e.ship
        self.add(card_notation.uses_line(e, before.ship(e.ship), tuple(reroll.faces) if reroll else tuple(e.faces)))

    def action(self, e: ev.ActionPerformed, before: GameState, ahead: list[ev.Event]) -> m.ActionLine:
        line = m.ActionLine(0, e.ship, e.action, reason=e.reason)
        ship = before.ship(e.ship)
        parsed = parse_action(e.action)
        if parsed is not None:
            line.action, line.ability, line.target = "card", card_notation.action_label(ship, *parsed), e.target
            used = next((x for x in ahead if isinstance(x, ev.AbilityUsed) and x.window == "action"), None)
            if used is not None and used.choice:  # the token or cards it chose on the ship acted on
                ships = (before.ship(used.subject or used.ship), before.ship(used.ship))  # its target's or its own
                line.choice = " + ".join(next((card_notation.label(s, c) for s in ships if c in s.cards), c)
                                         for c in used.choice.split("+"))
        elif e.action == "target_lock":
            line.target = e.target
        elif e.action == "sensor_echo":
            echo = next((x for x in ahead if isinstance(x, ev.SensorEcho) and x.ship == e.ship), None)
            if echo is None:
                raise ReplayError(f"event {e.seq}: a sensor echo action without its sensor echo")
            start, end = echo.start.pose(), echo.end.pose()
            dx, dy = end.x - start.x, end.y - start.y
            fx, fy = start.forward
            rx, ry = start.right
            line.echo = (1 if dx * rx + dy * ry > 0 else -1, echo.speed, round(dx * fx + dy * fy, 3) + 0.0)
        elif e.action == "rearm":
            armed = next((x for x in ahead if isinstance(x, ev.WeaponEnabled | ev.CardEnabled)
                          and x.ship == e.ship), None)
            if armed is None:
                raise ReplayError(f"event {e.seq}: a rearm action without its weapon")
            if isinstance(armed, ev.CardEnabled):  # a card's Disabled Token (not a weapon's)
                line.weapon = card_notation.label(ship, armed.card)
            else:
                weapon = next((w for w in ship.weapons if w.upgrade_id == armed.weapon), None)
                unique = weapon is not None and sum(w.name == weapon.name for w in ship.weapons) == 1
                line.weapon = weapon.name if weapon is not None and unique else armed.weapon
        elif e.action in ("regenerate", "repair"):
            fix = next((x for x in ahead if isinstance(x, ev.DamageRepaired) and x.ship == e.ship), None)
            if fix is None:
                raise ReplayError(f"event {e.seq}: a {e.action} action without its repair")
            key = ship.damage[fix.index].key if fix.index < len(ship.damage) else None
            if key is not None and card_index(ship, e.action, key, None) == fix.index:
                line.card = key
            else:
                line.card_number = fix.index + 1
        return line

    def skipped(self, e: ev.AttackSkipped, before: GameState) -> None:
        if e.cause in ENGINE_SKIPS:
            return  # the engine skipped it (or a player held fire without a reason): nothing to write
        if e.cause.startswith("line of fire blocked by "):
            target = self.blocked_target(before, e.ship, e.cause)
            if target is not None:
                self.add(m.Attack(0, e.ship, target[0], target[1]))
                self.attack = None
                return
        self.add(m.Attack(0, e.ship, None, None, e.cause))

    def blocked_target(self, state: GameState, ship_id: str, cause: str) -> tuple[str, str | None] | None:
        """An attack the ship could declare whose line of fire the same planets block."""
        ship = state.ship(ship_id)
        for option in rules.attack_options(state, ship):
            defender = state.ship(option.defender)
            arc = {"front": ship.front_arc, "rear": ship.rear_arc}.get(option.arc)
            lof = line_of_fire(rules.placed(ship), rules.placed(defender), arc, option.arc == "rear",
                               self.obstacles, self.planets)
            if lof.blocked and cause == f"line of fire blocked by {', '.join(lof.planets)}":
                weapon = None if option.weapon is None else option.weapon.upgrade_id
                return option.defender, weapon
        return None


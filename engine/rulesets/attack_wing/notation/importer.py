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

import io
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.errors import TrekError
from engine.geometry.pose import Pose
from engine.geometry.shapes import base_corners, base_polygon
from engine.rulesets.attack_wing import actions, rules
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.actions import REARM, ActionChoice, ActionOption
from engine.rulesets.attack_wing.codec import state_to_dict
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.notation import abilities as card_notation
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.notation.cursor import (
    LineCursor,
    NotationEnds,
    action_label,
    after_defense,
    card_index,
    check_refs,
    echo_lateral,
    find_weapon,
    suppress,
    who_is,
)
from engine.rulesets.attack_wing.notation.errors import Issue
from engine.rulesets.attack_wing.notation.setup import NotationTable, TableBuilder
from engine.rulesets.attack_wing.notation.terms import SIDE_LETTERS, card_title, format_maneuver
from engine.rulesets.attack_wing.play import KEYFRAME_EVERY
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, SpendOffer
from engine.rulesets.attack_wing.refusals import RULES, Refusal, skip_rule, skip_why
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState, Weapon

RULE_REGENERATE = RULES["regenerated"].cite
RULE_ONE_REROLL = RULES["one-reroll"].cite


@dataclass
class Outcome:
    """What a notation gave: the issues (none: sound), and the game it plays."""

    issues: list[Issue]
    header: dict[str, Any] | None = None
    events: list[ev.Event] = field(default_factory=list)
    state: GameState | None = None
    replay: bytes | None = None
    warnings: tuple[str, ...] = ()  # cards whose ability the engine does not play (``play.card_warnings``)

    @property
    def sound(self) -> bool:
        return not self.issues


@dataclass
class _Attack:
    """The attack being resolved and its block of lines."""

    line: m.Attack
    option: AttackOption
    declared: ev.AttackDeclared | None = None
    at_declare: GameState | None = None
    rerolled: set[int] = field(default_factory=set)  # 0-based attack dice rerolled
    reroll_faces: list[str] = field(default_factory=list)


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

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        return self.driver.use_ability(state, ship, offer)


class NotationDice:
    """The dice as they were rolled at the table (``DiceSource``). Each roll reports as many draws as
    dice, like the seeded dice, so the generator in the state (reshuffles) follows the same course."""

    def __init__(self, driver: _Driver) -> None:
        self.driver = driver

    def roll(self, state: GameState, kind: str, count: int, ship: ShipState, cause: str, elite: int = -1
             ) -> tuple[list[str], int]:
        return self.driver.roll(state, kind, count, ship, cause), count


# windows asked as an attack's damage is dealt, after it is resolved ("damage": after the Compare
# Results step, Concussive Charges); "extra_attack" right after it (its uses line in the block of the
# attack it follows); "transfer" as the damage is dealt (Kraxon)
AFTER_DICE = ("destroyed", "resist", "extra_attack", "damage", "transfer", "critical")  # "critical": Joachim


def after_dice(state: GameState, line: m.Uses) -> bool:
    """A uses line of a card asked as the attack's damage is dealt (Cheat Death, I Stab at Thee): it
    is read then, not when the attack is resolved."""
    ship = next((s for s in state.ships if s.id == line.ship), None)
    card_id = card_notation.card_on(ship, line.card) if ship is not None else None
    card = CARDS.get(card_id or "")
    # mines placed as a ship's attack: a line of the round that follows the attack line before it
    return card is not None and any(a.window in (*AFTER_DICE, "mines") for a in card.abilities)


class _Driver:
    """Answers the engine's requests from the lines (through the cursor) and checks what happens."""

    def __init__(self, doc: m.Notation, table: NotationTable, issues: list[Issue],
                 record: Callable[[ev.Event, GameState], None] | None) -> None:
        self.doc = doc
        self.table = table
        self.issues = issues
        self.record = record
        self.lines = LineCursor(doc, issues)
        self.game: Game | None = None
        self.ctx: _Attack | None = None
        self.obstacles: dict[str, list[str]] = {}
        self.mine_line: m.Roll | None = None  # a mine line taken to answer the Scan question (Cloaked Mines)
        self.damage_at = 0  # the next damage line to check
        self.damage_checked = True  # False after a mismatch: the rest is not compared
        self.dealt = 0
        self.card_choice: tuple[str, str, int] | None = None  # (ship, "choosing ..." text, line) of its action card
        self.card_faces: list[str] = []  # the new faces of a card's reroll (its uses line)
        self.last_block: list[m.Line] = []  # the block of the attack just resolved: its damage's card lines

    def issue(self, line: int, code: str, message: str, rule: str = "") -> None:
        self.issues.append(Issue(line, code, message, rule))

    # -- planning ----------------------------------------------------------------------------------
    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        straights = [mv for mv, colour in options if mv.kind == "straight" and mv.speed > 0 and colour != "red"]
        default = min(straights, key=lambda mv: mv.speed) if straights else options[0][0]
        if self.lines.missing_round(state):
            return default, ""
        line = self.lines.take(state, ship.id, (m.Dial, m.Broken), lambda x: not isinstance(x, m.Broken)
                         or x.verb == "dial")
        if line is None:
            self.issue(self.lines.round_line(state), "missing", f"no dial for {who_is(state, ship.id)} in round "
                       f"{state.round}", "Planning Phase: every ship in play sets its dial")
            return default, ""
        if not isinstance(line, m.Dial):
            return default, ""
        for mv, _ in options:
            if mv.kind == line.kind and mv.speed == line.speed:
                return mv, line.reason
        dial = ", ".join(format_maneuver(mv.kind, mv.speed) for mv, _ in options)
        self.issue(line.no, "maneuver", f"{format_maneuver(line.kind, line.speed)} is not on the dial of "
                   f"{who_is(state, ship.id)}, a {ship.class_name}; its dial has {dial}")
        return default, line.reason

    # -- activation ----------------------------------------------------------------------------------
    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        line = self.lines.take(state, ship.id, (m.ActionLine, m.Broken), lambda x: not isinstance(x, m.Broken)
                         or x.verb == "action")
        if not isinstance(line, m.ActionLine):
            return ActionChoice("pass")
        if line.action == "pass":
            return ActionChoice("pass", reason=line.reason)
        choice, problem = self.action_choice(state, ship, line, options)
        if isinstance(problem, Refusal):
            self.issue(line.no, "action", problem.message, problem.rule.cite)
            return ActionChoice("pass")
        if problem is not None:
            self.issue(line.no, "action", problem)
            return ActionChoice("pass")
        assert choice is not None
        return choice

    def action_choice(self, state: GameState, ship: ShipState, line: m.ActionLine, options: list[ActionOption]
                      ) -> tuple[ActionChoice | None, Refusal | str | None]:
        """The line as the engine's choice, or the rules' refusal of it (``actions.action_refusal``)."""
        target: str | None = line.target
        echo: tuple[Pose, int] | None = None
        if line.action == "card":
            action = card_notation.action_of(ship, line.ability or "", options)
            if action is None:
                return None, f"{who_is(state, ship.id)} has no supported card {line.ability!r} with an Action: ability"
            self.card_choice = (ship.id, line.choice, line.no) if line.choice else None
            line = replace(line, action=action)
        if line.action in ("regenerate", "repair"):
            index = card_index(ship, line.action, line.card, line.card_number)
            if index is None:
                what = f"card {line.card_number}" if line.card_number else f"a {card_title(line.card or '')}"
                cards = ", ".join(f"{i + 1}: {card_title(c.key)} ({'up' if c.face_up else 'down'})"
                                  for i, c in enumerate(ship.damage)) or "none"
                needs = "a face-up card that an action repairs" if line.action == "repair" else "one of its cards"
                return None, (f"{who_is(state, ship.id)} has no {what} to {line.action} ({line.action} takes "
                              f"{needs}; it has {cards})")
            target = str(index)
        elif line.action == REARM:
            weapon = find_weapon(ship, line.weapon or "")
            card = card_notation.card_on(ship, line.weapon or "") if weapon is None else None
            if weapon is None and card is None:
                carried = ", ".join(w.name for w in ship.weapons) or "none"
                return None, f"{who_is(state, ship.id)} carries no weapon {line.weapon!r} (it has: {carried})"
            target = weapon.upgrade_id if weapon is not None else card
        elif line.action == "sensor_echo":
            assert line.echo is not None
            side, speed, offset = line.echo
            echo = (ship.pose.advance(offset, side * echo_lateral(ship, speed)), speed)
        choice = ActionChoice(line.action, target, echo, reason=line.reason)
        refusal = actions.action_refusal(state, ship, choice, options)
        if refusal is not None:
            return None, refusal
        if echo is not None and line.echo is not None:
            option = next(o for o in options if o.action == "sensor_echo")
            pose, speed = echo
            sampled = next((p for p, s in option.echoes if s == speed and p.close_to(pose, 0.01)), None)
            if sampled is not None:
                return replace(choice, echo=(sampled, speed)), None
            if self.game is not None and self.game.echo_legal(ship, echo):
                return choice, None
            side, speed, offset = line.echo
            return None, (f"{who_is(state, ship.id)} cannot sensor echo {'left' if side < 0 else 'right'} with the "
                          f"{speed} template to offset {offset:g} mm: it would end off the table or on a ship or "
                          "planet")
        return choice, None

    def placement(self, state: GameState, ship: ShipState) -> tuple[Pose, str] | None:
        line = self.lines.take(state, ship.id, (m.Placed,))
        if not isinstance(line, m.Placed):
            return None
        who = who_is(state, ship.id)
        reason = line.reason
        if not reason:
            self.issue(line.no, "placement", f"{who} placed: say why the table differs, e.g. "
                       f"{ship.id} placed 300,420,45 (bump dispute)")
            reason = "placed at the table"
        if line.measured is not None:  # as measured at the table: from the edges or another ship in play
            area = self.table.setup.area
            try:
                line.pose = line.measured.pose(area.width, area.height, {s.id: s.pose for s in state.in_play()})
            except ValueError as exc:
                self.issue(line.no, "placement", str(exc))
                return None
        half = P.base_half(ship.base)
        if not self.table.setup.area.contains_base(base_corners(line.pose, half)):
            self.issue(line.no, "placement", f"{who} placed off the play area (a ship that leaves it has fled)")
            return None
        mine = base_polygon(line.pose, half)
        for other in state.in_play():
            if other.id != ship.id and mine.intersection(base_polygon(other.pose, P.base_half(other.base))).area > 1e-6:
                self.issue(line.no, "placement", f"{who} placed overlapping {who_is(state, other.id)}")
                return None
        return line.pose, reason

    # -- combat ----------------------------------------------------------------------------------------
    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        line = self.lines.take(state, ship.id, (m.Attack, m.Broken), lambda x: not isinstance(x, m.Broken)
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
        self.issue(line.no, "attack", *self.attack_problem(state, ship, line))
        suppress(line)
        return None, ""

    def attack_problem(self, state: GameState, ship: ShipState, line: m.Attack) -> tuple[str, str]:
        """Why the rules refuse the line's attack (``rules.attack_refusal``): the message and the rule."""
        assert line.defender is not None
        weapon: Weapon | None = None
        if line.weapon is not None:
            weapon = find_weapon(ship, line.weapon)
            if weapon is None:
                carried = ", ".join(["primary weapon", *(w.name for w in ship.weapons)])
                return f"{who_is(state, ship.id)} carries no weapon {line.weapon!r} (it has: {carried})", ""
        refusal = rules.attack_refusal(state, ship, line.defender, weapon)
        if refusal is None:
            return f"{who_is(state, ship.id)} cannot attack {who_is(state, line.defender)} now", ""
        return refusal.message, refusal.rule.cite

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
                if offer.kind == "attack_battle_stations" and after_defense(ctx.line, line):
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

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        """A ``uses`` line of this ship naming the offered card: in the attack's block during an
        attack, else among the round's lines. No line: the player did not use it."""
        def names(x: m.Line) -> bool:
            return (isinstance(x, m.Uses) and not x.used and x.ship == ship.id
                    and card_notation.card_on(ship, x.card) == offer.card)

        if offer.window == "action" and offer.actions:  # what an action card chose: its line's "choosing"
            return self.action_card_choice(state, ship, offer)
        if offer.window == "mines" and offer.card not in ship.cards:  # Cloaked Mines: did the ship scan at once?
            taken = self.lines.take(state, ship.id, (m.Roll,), lambda x: x.cause == "mine")
            self.mine_line = taken if isinstance(taken, m.Roll) else None
            scanned = self.mine_line is not None and self.mine_line.scan
            return AbilityUse(choice="scan", reason="scanned at once") if scanned else None
        line: m.Line | None
        if self.ctx is not None and offer.window not in ("free_action", "action", "after_move", "before_move",
                                                         "mines"):
            line = next((x for x in self.ctx.line.block if names(x)), None)
            if line is not None:
                line.used = True
        elif offer.window in (*AFTER_DICE, "mines"):  # asked as the damage is dealt: in the block of the attack
            # dealing it; mines placed as the ship's attack: a line of the round, which the parser puts in
            # the block of the attack line before it
            line = next((x for x in self.last_block if names(x)), None) \
                or self.lines.take(state, ship.id, (m.Uses,), names)
            if line is not None:
                line.used = True
        else:
            line = self.lines.take(state, ship.id, (m.Uses,), names)
        if not isinstance(line, m.Uses):
            return None
        card_notation.chosen(line, ship)
        problem = card_notation.use_problem(line, offer)
        if problem is not None:
            self.issue(line.no, "ability", problem)
            return None
        self.card_faces = list(line.faces)
        return card_notation.answer(line, offer)

    def action_card_choice(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        """The option an action card's ``choosing`` names (cards by name or id on the ship acted on,
        a token by its name); none written: the engine's default."""
        written, self.card_choice = self.card_choice, None
        if written is None or written[0] != ship.id:
            return offer.default
        subject = state.ship(offer.subject) if offer.subject else ship
        parts = [p.strip() for p in written[1].split("+")]
        named = sorted(card_notation.card_on(subject, p) or p.replace(" ", "_").replace("-", "_").lower()
                       for p in parts)
        option = next((o for o in offer.actions if sorted(o.action.split("+")) == named), None)
        if option is None:
            allowed = ", ".join(o.action for o in offer.actions)
            self.issue(written[2], "ability", f"{offer.card_name} may choose {allowed} here, not {written[1]!r}")
            return offer.default
        return AbilityUse(choice=option.action, reason=offer.default.reason if offer.default else "")

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        line = self.lines.take(state, ship.id, (m.Cloak,))
        return isinstance(line, m.Cloak) and line.keep

    # -- dice --------------------------------------------------------------------------------------------
    def roll(self, state: GameState, kind: str, count: int, ship: ShipState, cause: str) -> list[str]:
        if cause in ("attack", "defense") and self.ctx is not None:
            return self.attack_roll(state, kind, count, cause)
        if cause == "target lock reroll" and self.ctx is not None:
            faces = self.ctx.reroll_faces
            return (faces + ["blank"] * count)[:count]
        if cause.endswith((" reroll", " roll")):  # a card's reroll or roll: the faces its uses line gives
            if not self.card_faces and cause.endswith(" roll"):  # a standing card's roll (Kira Nerys): its line
                def rolls(x: m.Line) -> bool:
                    return isinstance(x, m.Uses) and not x.used and x.ship == ship.id \
                        and card_notation.roll_of(ship, x.card) == cause
                line = next((x for x in (self.ctx.line.block if self.ctx is not None else self.last_block)
                             if rolls(x)), None)
                if line is not None:  # in the attack's block (I Stab at Thee destroyed by it)
                    line.used = True
                else:
                    line = self.lines.take(state, ship.id, (m.Uses,), rolls)
                self.card_faces = list(line.faces) if isinstance(line, m.Uses) else []
            faces, self.card_faces = self.card_faces, []
            if len(faces) != count:
                self.issue(self.lines.round_line(state), "dice", f"a card ({cause}) rerolls {count} {kind} dice: "
                           f"write their {count} new faces after the uses line's colon")
            return (faces + ["blank"] * count)[:count]
        if cause == "obstacle":
            return [self.obstacle_roll(state, ship)]
        if cause == "mine":  # a minefield's dice at the ship: its mine line
            line, self.mine_line = self.mine_line or self.lines.take(state, ship.id, (m.Roll,),
                                                                     lambda x: x.cause == "mine"), None
            if not isinstance(line, m.Roll) or len(line.faces) != count:
                self.issue(self.lines.round_line(state), "missing", f"{who_is(state, ship.id)} is attacked by a "
                           f"minefield: write its {count} attack dice ({ship.id} mine M1: FACES)")
                return ["blank"] * count
            return list(line.faces)
        if cause == "Console Fire":
            line = self.lines.take(state, ship.id, (m.Roll,), lambda x: x.cause == "console_fire")
            if not isinstance(line, m.Roll):
                self.issue(self.lines.round_line(state), "missing", f"{who_is(state, ship.id)} has Console Fire "
                           "face up: roll its attack die at the start of the Combat Phase "
                           f"({ship.id} console fire: FACE)")
                return ["blank"]
            return [line.face]
        self.issue(self.lines.round_line(state), "engine", f"the engine asks for {count} {kind} dice ({cause}) that "
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
        line = (self.lines.take(state, ship.id, (m.Roll,), lambda x: x.cause == "obstacle" and x.obstacle is not None
                          and x.obstacle.lower() == name.lower())
                or self.lines.take(state, ship.id, (m.Roll,), lambda x: x.cause == "obstacle" and x.obstacle is None))
        if not isinstance(line, m.Roll):
            dial = self.lines.dial_line(state, ship.id)
            self.issue(dial, "missing", f"{who_is(state, ship.id)} moves onto {name}: roll one attack die for it "
                       f"({ship.id} obstacle {name}: FACE)", "Obstacles: roll one attack die when the maneuver's "
                       "template or the base touches an obstacle")
            return "blank"
        return line.face

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
            self.lines.gone[event.ship] = (event.round, event.cause)
        elif isinstance(event, ev.RoundEnded):
            self.ctx = None
            self.lines.close_round(event.round, state)
        elif isinstance(event, ev.GameEnded):
            self.lines.ended = event
            self.ctx = None
            self.lines.close_round(event.round, state)

    def action_skipped(self, event: ev.ActionSkipped, state: GameState) -> None:
        # not a free action another ship's card gives it later (Martok's): that one is still to come
        line = self.lines.take(state, event.ship, (m.ActionLine,), lambda x: not self.lines.granted(state, x))
        if not isinstance(line, m.ActionLine) or line.action == "pass":
            return
        rule = skip_rule(event.cause)
        self.issue(line.no, "action-skipped", f"{who_is(state, event.ship)} {skip_why(event.cause)}: it performs "
                   f"no action this round, so not {action_label(line.action)}", rule.cite if rule else "")

    def attack_skipped(self, event: ev.AttackSkipped, state: GameState) -> None:
        ctx = self.ctx
        if ctx is not None and ctx.line.ship == event.ship:  # declared, then the line of fire was blocked
            for line in ctx.line.block:
                if not line.used and not isinstance(line, m.Damage):
                    line.used = True
                    self.issue(line.no, "attack", f"{who_is(state, event.ship)}'s {event.cause}: the attack is not "
                               "made and no dice are rolled", "Attacking Through Planets: a planet blocks the "
                               "line of fire")
            self.ctx = None
            return
        held = self.lines.take(state, event.ship, (m.Attack,), lambda x: x.defender is not None)
        if not isinstance(held, m.Attack):
            return
        suppress(held)
        if event.cause == "regenerated this round":
            self.issue(held.no, "attack", f"{who_is(state, event.ship)} regenerated this round", RULE_REGENERATE)
        else:
            self.issue(held.no, "attack", *self.attack_problem(state, state.ship(event.ship), held))

    def close_attack(self, state: GameState, reason: str | None) -> None:
        ctx, self.ctx = self.ctx, None
        if ctx is None:
            return
        before = ctx.at_declare or state
        attacker_id, defender_id = ctx.line.ship, ctx.option.defender
        attacker, defender = before.ship(attacker_id), before.ship(defender_id)
        self.last_block = ctx.line.block
        for line in ctx.line.block:
            if line.used or isinstance(line, m.Damage) or (isinstance(line, m.Uses) and after_dice(before, line)):
                continue
            line.used = True
            if isinstance(line, m.Dice):
                self.issue(line.no, "dice", f"a second {line.kind} roll for one attack")
            elif isinstance(line, m.Reroll):
                self.issue(line.no, "reroll", self.reroll_problem(before, ctx, line),
                           RULE_ONE_REROLL if set(i - 1 for i in line.indices) & ctx.rerolled else "")
            elif isinstance(line, m.Spend):
                self.issue(line.no, "spend", self.spend_problem(before, ctx, line, attacker, defender))
            elif isinstance(line, m.Uses):
                self.issue(line.no, "ability", f"{who_is(before, line.ship)} cannot use {line.card!r} in this attack: "
                           "not its card, not ready, or nothing for it to do")

    def reroll_problem(self, state: GameState, ctx: _Attack, line: m.Reroll) -> str:
        who, them = who_is(state, ctx.line.ship), who_is(state, ctx.option.defender)
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
        who = who_is(state, line.ship)
        if line.ship not in (attacker.id, defender.id):
            return f"{who} takes no part in this attack"
        ship = attacker if line.ship == attacker.id else defender
        if line.token == "evade":
            if ship is attacker:
                return f"{who} is attacking: an evade token is spent by the defender"
            if not ship.evade:
                return f"{who} has no evade token"
            return f"{who} spends one evade token in an attack"
        if ship is attacker and after_defense(ctx.line, line):
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
                text = (f"the next damage card goes to {who_is(state, event.ship)} ({event.cause}), not to "
                        f"{who_is(state, line.ship)}")
            elif line.card != event.card:
                text = (f"the damage card dealt here is {card}, not {card_title(line.card)} (after the deck runs "
                        "out, the seed's reshuffle decides)")
            else:
                text = f"{who_is(state, event.ship)} suffers {'critical' if event.face_up else 'normal'} damage: " \
                       f"the card is dealt {face}"
            self.issue(line.no, "damage", text + "; later damage lines are not compared")

    def finish(self, state: GameState) -> None:
        self.lines.close_rounds_after(state)
        if self.damage_checked:
            left = [d for d in self.doc.damage[self.damage_at:] if not d.used]
            if left:
                self.issue(left[0].no, "damage", f"no damage card is dealt here: the game deals {self.dealt} in all, "
                           f"and {len(left)} damage line{'s' if len(left) > 1 else ''} from here on are more")
        result, ended = self.doc.result, self.lines.ended
        if result is not None and ended is not None and result.winner != ended.winner:
            said = "a draw" if result.winner is None else f"side {SIDE_LETTERS[result.winner]} wins"
            rules_say = ("a draw" if ended.winner is None
                         else f"side {SIDE_LETTERS[ended.winner]} wins")
            self.issue(result.no, "result", f"the notation says {said}; the rules say {rules_say} "
                       f"({ended.reason}; fleet points {ended.points[0]} to {ended.points[1]})")


# --- the whole run ----------------------------------------------------------------------------------------

def run_notation(doc: m.Notation, base_dir: Path | None = None, *, record: bool = False) -> Outcome:
    """Check a parsed notation against the rules by playing it; with ``record`` (and no issues) the
    replay's bytes are in the outcome."""
    issues = list(doc.issues)
    table = TableBuilder(doc, base_dir, issues).build()
    if table is None:
        return Outcome(sorted(issues, key=lambda i: i.line))
    counts = (len(table.scenario.sides[0].start), len(table.scenario.sides[1].start))
    check_refs(doc, set(table.ids), counts, issues)

    from engine.replay.writer import ReplayWriter

    buffer = io.BytesIO()
    # written for `check` too: the replay is validated below, so check and import refuse the same notations
    writer: ReplayWriter | None = ReplayWriter(buffer, table.header, keyframe_every=KEYFRAME_EVERY)

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
    except NotationEnds as end:
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
        issues.append(Issue(driver.lines.round_line(state), "engine", f"the rules engine refused a step: {exc}"))
    except Exception as exc:  # a check reports; it never shows a traceback
        stopped = True
        state = game.state
        issues.append(Issue(driver.lines.round_line(state), "engine", f"internal error while checking: "
                            f"{type(exc).__name__}: {exc}"))
    if not stopped:
        driver.finish(state)
    from engine.rulesets.attack_wing.play import card_warnings

    outcome = Outcome(sorted(issues, key=lambda i: (i.line, i.code)), table.header, game.events, state,
                      warnings=tuple(card_warnings(table.setup)))
    if writer is not None and outcome.sound:
        result = state.result
        writer.close(None if result is None else {
            "winner": result.winner, "reason": result.reason, "points": list(result.points),
            "ships_lost": list(result.ships_lost), "rounds": state.round})
        problem = _unsound(buffer.getvalue())
        if problem is not None:  # never a replay that `trek replay validate` refuses (issue 34, item 19)
            outcome.issues.append(Issue(doc.last_line, "engine", f"the replay this game gives would not be "
                                        f"sound: {problem}"))
        elif record:
            outcome.replay = buffer.getvalue()
    return outcome


def _unsound(data: bytes) -> str | None:
    """The first problem `trek replay validate` finds in a replay's bytes, or None when it is sound."""
    from engine.replay.validate import validate_replay

    report = validate_replay(data)
    return None if report.sound else report.problems[0] if report.problems else "not sound"


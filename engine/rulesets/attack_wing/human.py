"""A person's seat in Attack Wing (and for the players' ships of an Alliance mission): every
decision the ``Player`` interface asks, offered as a ``Decision`` with exactly the options the
engine offers the AI (the dial's maneuvers less what a card forbids, the action options, the attack
options), each written as its notation line (docs/notation.md: ``A1 dial 2 bank-left``,
``A1 action target-lock B1``, ``A1 attack B1 with Photon Torpedoes``); spends, card abilities and the
players' choices for an Enemy AI ship too.
"""

from __future__ import annotations

from itertools import combinations

from engine.rulesets.attack_wing.dice import ELITE_DIE, FACES
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.notation.terms import ACTION_OUT, FACE_OUT, format_maneuver, format_pose
from engine.rulesets.attack_wing.players import (
    AbilityOffer,
    AbilityUse,
    ActionChoice,
    ActionOption,
    ChoiceOffer,
    SpendOffer,
)
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.seats.decision import Choice, Decision, FrontEnd, Journal, ask

REASON = "chosen by a person"
ACTION_DETAILS = {"pass": "no action", "evasive_maneuvers": "an evade token: an extra evade result when attacked",
                  "target_lock": "a target lock: reroll attack dice against it", "scan": "a scan token: the "
                  "defender rolls one fewer defense die", "battle_stations": "a battle stations token: battle "
                  "stations results become hits or evades", "cloak": "cloak: +4 defense dice, shields down",
                  "sensor_echo": "move the cloaked ship with the 1 or 2 straight template sideways",
                  "regenerate": "repair one damage card (no attack this round)", "repair": "flip a damage card "
                  "face down", "rearm": "re-arm a disabled secondary weapon"}
MAX_SUBSETS = 5  # dice up to which every subset is offered for a reroll (2^5 - 1 = 31 options)


def attack_text(ship: ShipState, option: AttackOption) -> str:
    weapon = "" if option.weapon is None else f" with {option.weapon.name}"
    return f"{ship.id} attack {option.defender}{weapon}"


class HumanSeat:
    """The ``Player`` (and ``Spender``, ``AbilityUser``, ``Chooser``) of a person."""

    def __init__(self, seat: str, journal: Journal, front: FrontEnd, game: str = "attack_wing") -> None:
        self.seat, self.journal, self.front, self.game = seat, journal, front, game

    def _ask(self, kind: str, prompt: str, options: list[tuple[str, str]], situation: tuple[str, ...] = ()) -> int:
        return ask(self.journal, self.front, Decision(self.game, self.seat, kind, prompt,
                                                      tuple(Choice(t, d) for t, d in options), situation))

    def _situation(self, state: GameState, ship: ShipState) -> tuple[str, ...]:
        tokens = [f"{n} {t}" for t, n in (("evade", ship.evade), ("scan", ship.scan),
                                          ("battle stations", ship.battle_stations), ("aux power", ship.aux_power))
                  if n]
        return (f"round {state.round}, {state.phase}",
                f"{ship.id} {ship.name} at {format_pose(ship.pose)}: shields {ship.shields}/{ship.shields_max}, "
                f"hull {ship.hull - len(ship.damage)}/{ship.hull}" + (f", {', '.join(tokens)}" if tokens else ""))

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]
             ) -> tuple[Maneuver, str]:
        pick = self._ask("dial", f"{ship.id} {ship.name}: set the dial",
                         [(f"{ship.id} dial {format_maneuver(m.kind, m.speed)} ({colour})", f"a {colour} maneuver")
                          for m, colour in options],
                         self._situation(state, ship))
        return options[pick][0], REASON

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        choices: list[tuple[ActionChoice, str, str]] = []
        for option in options:
            word = ACTION_OUT.get(option.action, option.action)
            if option.action == "sensor_echo":
                for pose, speed in option.echoes:
                    choices.append((ActionChoice("sensor_echo", echo=(pose, speed), reason=REASON),
                                    f"{ship.id} action {word} {format_pose(pose)}",
                                    f"{ACTION_DETAILS['sensor_echo']}: the {speed} straight"))
            elif option.targets:
                for target in option.targets:
                    choices.append((ActionChoice(option.action, target, reason=REASON),
                                    f"{ship.id} action {word} {target}", ACTION_DETAILS.get(option.action, "")))
            else:
                choices.append((ActionChoice(option.action, reason=REASON), f"{ship.id} action {word}",
                                ACTION_DETAILS.get(option.action, "")))
        if len(choices) == 1:
            return choices[0][0]
        pick = self._ask("action", f"{ship.id} {ship.name}: perform an action",
                         [(text, details) for _, text, details in choices], self._situation(state, ship))
        return choices[pick][0]

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        pick = self._ask("attack", f"{ship.id} {ship.name}: declare an attack",
                         [(f"{ship.id} holds fire", "no attack")]
                         + [(attack_text(ship, o), f"{o.arc} arc, range {o.band} ({o.distance:.0f} mm)")
                            for o in options], self._situation(state, ship))
        return (None if pick == 0 else options[pick - 1]), REASON

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        return self._ask("cloak", f"{ship.id} {ship.name}: keep the cloak (shields stay disabled)?",
                         [("keep the cloak", ""), ("drop the cloak", "")]) == 0

    def spend(self, state: GameState, ship: ShipState, offer: SpendOffer) -> tuple[int, ...] | None:
        what = offer.kind.replace("_", " ")
        choices: list[tuple[tuple[int, ...] | None, str]] = [(None, "keep it")]
        if offer.kind == "target_lock_reroll":
            if len(offer.dice) <= MAX_SUBSETS:
                subsets = [c for n in range(1, len(offer.dice) + 1) for c in combinations(offer.dice, n)]
            else:
                subsets = [(d,) for d in offer.dice] + [offer.dice]
            choices += [(s, "reroll dice " + " ".join(str(d + 1) for d in s)) for s in subsets]
        elif offer.dice or offer.kind == "evade":
            choices.append((offer.dice, "spend it"))
        if len(choices) == 1:
            return None
        default = next((i for i, (c, _) in enumerate(choices) if c == offer.default), None)
        pick = self._ask("spend", f"{ship.id} {ship.name}: {what}?",
                         [(text, "what the engine's policy would do" if i == default else "")
                          for i, (_, text) in enumerate(choices)])
        return choices[pick][0]

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        uses: list[tuple[AbilityUse | None, str]] = [(None, "do not use it")]
        dice_sets: list[tuple[int, ...]] = [()]
        if offer.dice:
            if offer.pick == 0:
                dice_sets = [offer.dice]
            else:
                dice_sets = [c for n in range(1, min(offer.pick, len(offer.dice)) + 1)
                             for c in combinations(offer.dice, n)][:32]
        for dice in dice_sets:
            on = f" on dice {' '.join(str(d + 1) for d in dice)}" if dice else ""
            if offer.actions:
                for action in offer.actions:
                    for target in action.targets or (None,):
                        uses.append((AbilityUse(dice, action.action, target, REASON),
                                     f"use it{on}: {ACTION_OUT.get(action.action, action.action)}"
                                     + (f" {target}" if target else "")))
            else:
                uses.append((AbilityUse(dice, reason=REASON), f"use it{on}"))
        pick = self._ask("ability", f"{offer.card_name} ({ship.id}, {offer.window}): {offer.summary}",
                         [(text, offer.cost) for _, text in uses])
        return uses[pick][0]

    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
        pick = self._ask(offer.kind, f"{offer.ship}: the players choose the {offer.kind}",
                         [(o.label, f"ends at {format_pose(o.end)}" if o.end else (o.ship or ""))
                          for o in offer.options])
        return pick, REASON


class AskedDice:
    """``--dice table``: the faces of each roll as they came up on the physical dice, asked die by die
    of whoever keeps the table (the AI's rolls too). The generator advances as for rolled dice, so
    the game goes on as a table game does (``replay_check.TableDice`` reads such faces back)."""

    def __init__(self, journal: Journal, front: FrontEnd, game: str = "attack_wing") -> None:
        self.journal, self.front, self.game = journal, front, game

    def roll(self, state: GameState, kind: str, count: int, ship: ShipState, cause: str, elite: int = -1
             ) -> tuple[list[str], int]:
        faces: list[str] = []
        for i in range(count):
            sides = list(dict.fromkeys(ELITE_DIE if i == elite else FACES[kind]))
            die = "the Elite Attack Die" if i == elite else f"{kind} die {i + 1} of {count}"
            pick = ask(self.journal, self.front, Decision(
                self.game, "the table", "die", f"{ship.id} {ship.name}, {cause}: {die} shows",
                tuple(Choice(FACE_OUT.get(f, f), f) for f in sides), (f"so far: {' '.join(faces) or 'none'}",)))
            faces.append(sides[pick])
        return faces, count

    def die(self, state: GameState, sides: int, offset: int, purpose: str) -> tuple[int, int]:
        """The Alliance's Enemy AI die (a ``DieSource``): its number as rolled at the table."""
        pick = ask(self.journal, self.front, Decision(self.game, "the table", "die", f"{purpose}: the d{sides} shows",
                                                      tuple(Choice(str(n)) for n in range(1, sides + 1))))
        return pick + 1, 1

"""The one interface through which decisions and dice reach the engine.

An AI, a notation file of a game played on a real table, or a test supplies ``Player``
decisions; ``DiceSource`` supplies dice (the seeded generator in the state by default).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal, Protocol

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing.actions import ActionChoice as ActionChoice  # re-exported: a Player answers with it
from engine.rulesets.attack_wing.actions import ActionOption as ActionOption
from engine.rulesets.attack_wing.dice import DiceKind, roll
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState


class Player(Protocol):
    """Decisions for one side."""

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]
             ) -> tuple[Maneuver, str]:
        """Planning: the maneuver to set on the dial, and why."""
        ...

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        """Perform Action: one of the options (always includes "pass")."""
        ...

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        """Combat: the attack to make (None to hold fire), and why."""
        ...

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        """End phase: keep a green cloak token (shields stay disabled)?"""
        ...


SpendKind = Literal["target_lock_reroll", "attack_battle_stations", "defense_battle_stations", "evade"]


@dataclass(frozen=True, slots=True)
class SpendOffer:
    """A chance to modify dice in an attack (rulebook "Modifying Dice Results"), and what the
    engine's spending policy (rulings.md) would do with it.

    ``target_lock_reroll``: spend the target lock on the defender to reroll any of ``dice`` (the
    attack dice not yet rerolled); ``attack_battle_stations`` / ``defense_battle_stations``: spend
    the token, and every battle stations result (``dice``) becomes a hit / an evade; ``evade``:
    spend an evade token to add an evade (``dice`` is empty). ``default`` is the policy's answer.
    """

    kind: SpendKind
    dice: tuple[int, ...]
    default: tuple[int, ...] | None


class Spender(Protocol):
    """Optional for a ``Player``: decide spends instead of the policy (a notation file records
    what was spent at the table). Answer None to keep the token or lock; otherwise the dice it
    touches: for the reroll the dice to reroll (a subset of ``offer.dice``), for a token
    ``offer.dice`` as offered."""

    def spend(self, state: GameState, ship: ShipState, offer: SpendOffer) -> tuple[int, ...] | None: ...


class Placer(Protocol):
    """Optional for a ``Player``: after a ship's maneuver, where the real table had it instead
    (a notation's placement line) and why; None leaves it where the templates put it."""

    def placement(self, state: GameState, ship: ShipState) -> tuple[Pose, str] | None: ...


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    """One answer to a ``ChoiceOffer``: its label, and what it leads to where that helps to choose
    (the ship it names, the pose a ship would end at)."""

    label: str
    ship: str | None = None
    end: Pose | None = None


@dataclass(frozen=True, slots=True)
class ChoiceOffer:
    """A choice the rulebook gives a player that is none of the round's usual decisions (an
    Alliance mission: which bank an Enemy AI ship swerves with, which of two equally placed ships
    it fires on). ``ship`` is the ship the choice is about; ``subject`` the ship it concerns most
    (the Enemy AI ship's target), when there is one."""

    kind: Literal["swerve", "target"]
    ship: str
    options: tuple[ChoiceOption, ...]
    subject: str | None = None


class Chooser(Protocol):
    """Optional for a ``Player``: answer a ``ChoiceOffer`` with an option's index and why."""

    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]: ...


def decide_choice(player: object, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
    """The player's answer, checked; the first option for a player without ``choose``."""
    choose = getattr(player, "choose", None)
    if choose is None:
        return 0, f"{offer.options[0].label}: the first listed (this seat does not choose)"
    index, reason = choose(state, offer)
    if type(index) is not int or not 0 <= index < len(offer.options):
        section = CHOICE_SECTIONS[offer.kind]
        raise IllegalDecision(f"{offer.kind} choice for {offer.ship}: {index!r} is not one of "
                              f"{', '.join(f'{i} ({o.label})' for i, o in enumerate(offer.options))} "
                              f"[Alliance rulebook, {section}: the players choose one of these]")
    return index, reason


# the rulebook sections that leave a choice for an Enemy AI ship to the players
CHOICE_SECTIONS: dict[str, str] = {"swerve": "Swerving to Avoid Obstacles", "target": "Determining Nearest"}


def decide_spend(player: object, state: GameState, ship: ShipState, offer: SpendOffer) -> tuple[int, ...] | None:
    """The player's spend, checked; the policy's (``offer.default``) for players without ``spend``
    (the AI and the random player), so their games are unchanged."""
    spend = getattr(player, "spend", None)
    if spend is None:
        return offer.default
    choice = spend(state, ship, offer)
    if choice is None:
        return None
    picked = tuple(choice)
    if offer.kind == "target_lock_reroll":
        if not picked:
            return None
        if len(set(picked)) != len(picked) or not set(picked) <= set(offer.dice):
            raise IllegalDecision(f"{ship.name} cannot reroll dice {list(picked)}: it may reroll {list(offer.dice)}, "
                                  "each die at most once")
    elif picked != offer.dice:
        raise IllegalDecision(f"{ship.name}: spending a token for {offer.kind} touches dice {list(offer.dice)}, "
                              f"not {list(picked)}")
    return picked


@dataclass(frozen=True, slots=True)
class AbilityUse:
    """A seat's answer to an ``AbilityOffer``: use it, on these dice (a subset of the offer's), with
    this free action and target; and why."""

    dice: tuple[int, ...] = ()
    choice: str | None = None  # a free action
    target: str | None = None  # that action's target (a target lock's ship)
    reason: str = ""


@dataclass(frozen=True, slots=True)
class AbilityOffer:
    """A card ability the ship may use now (``abilities``): which card, in which window, its cost,
    and what the seat chooses. ``dice``: the dice it may touch; ``pick``: how many of them at most
    (0: all of them together, or none). ``actions``: a free action's options. ``default``: the
    engine's policy (``abilities.policy``), what a seat without ``use_ability`` does."""

    ship: str
    card: str
    card_name: str
    ability: int
    window: str
    summary: str
    cost: str
    subject: str | None = None
    dice: tuple[int, ...] = ()
    pick: int = 0
    actions: tuple[ActionOption, ...] = ()
    default: AbilityUse | None = None


class AbilityUser(Protocol):
    """Optional for a ``Player``: use a card ability (an ``AbilityUse``) or not (None)."""

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None: ...


def decide_ability(player: object, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
    """The seat's answer, checked against the offer; the policy's (``offer.default``) for a seat
    without ``use_ability``."""
    use_ability = getattr(player, "use_ability", None)
    use = offer.default if use_ability is None else use_ability(state, ship, offer)
    if use is None:
        return None
    what = f"{offer.card_name} ({ship.name})"
    picked = tuple(use.dice)
    if offer.dice or picked:
        if len(set(picked)) != len(picked) or not set(picked) <= set(offer.dice):
            raise IllegalDecision(f"{what} may touch dice {list(offer.dice)}, not {list(picked)}")
        if offer.pick == 0 and picked != offer.dice:
            raise IllegalDecision(f"{what} touches all of dice {list(offer.dice)} or none")
        if offer.pick and not 1 <= len(picked) <= offer.pick:
            raise IllegalDecision(f"{what} touches 1 to {offer.pick} of dice {list(offer.dice)}")
    if offer.actions:
        option = next((o for o in offer.actions if o.action == use.choice), None)
        if option is None:
            raise IllegalDecision(f"{what}: {use.choice!r} is not one of "
                                  f"{', '.join(o.action for o in offer.actions)}")
        if option.targets and use.target not in option.targets:
            raise IllegalDecision(f"{what}: {use.choice} takes one of {', '.join(option.targets)}, "
                                  f"not {use.target!r}")
    return AbilityUse(picked, use.choice, use.target, use.reason)


class DiceSource(Protocol):
    def roll(self, state: GameState, kind: DiceKind, count: int, ship: ShipState, cause: str, elite: int = -1
             ) -> tuple[list[str], int]:
        """The faces of ``count`` dice and how many random numbers that drew from the state;
        ``elite``: the die at that position is the Elite Attack Die."""
        ...


class SeededDice:
    """Dice from the generator kept in the game state."""

    def roll(self, state: GameState, kind: DiceKind, count: int, ship: ShipState, cause: str, elite: int = -1
             ) -> tuple[list[str], int]:
        faces, _ = roll(state.rng, kind, count, elite)
        return faces, count


class RandomPlayer:
    """Random legal decisions, deterministic for its seed: for tests and fuzzing."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]
             ) -> tuple[Maneuver, str]:
        legal = [m for m, colour in options if not (ship.aux_power and colour == "red")] or [options[0][0]]
        return self.rng.choice(legal), "random"

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        option = self.rng.choice(options)
        if option.action == "sensor_echo":
            return ActionChoice("sensor_echo", echo=self.rng.choice(option.echoes), reason="random")
        target = self.rng.choice(option.targets) if option.targets else None
        return ActionChoice(option.action, target, reason="random")

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        return (self.rng.choice(options) if options else None), "random"

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        return self.rng.random() < 0.5

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        if self.rng.random() < 0.5:
            return None
        dice = offer.dice
        if offer.pick and dice:
            dice = tuple(sorted(self.rng.sample(dice, self.rng.randint(1, min(offer.pick, len(dice))))))
        if not offer.actions:
            return AbilityUse(dice, reason="random")
        option = self.rng.choice(offer.actions)
        target = self.rng.choice(option.targets) if option.targets else None
        return AbilityUse(dice, option.action, target, "random")

    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
        index = self.rng.randrange(len(offer.options))
        return index, f"{offer.options[index].label}: random"

"""People flying player ships of an Alliance mission: the players' seat split by ship, a person's
seat (``attack_wing.human.HumanSeat``) for the ships people fly and the mission AI for the others.
The choices the rulebook gives "the players" for an Enemy AI ship (which bank it swerves with,
which of two equally placed ships it fires on) go to the people when any of them is at the table."""

from __future__ import annotations

from collections.abc import Callable

from engine.rulesets.alliance.players import MissionAiPlayer
from engine.rulesets.alliance.state import AllianceState
from engine.rulesets.attack_wing.human import HumanSeat
from engine.rulesets.attack_wing.maneuvers import Maneuver
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


class SplitSeat:
    """The players' ``Player``: each decision about a ship goes to whoever flies it."""

    def __init__(self, ai: MissionAiPlayer, person: HumanSeat, flown: frozenset[str]) -> None:
        self.ai, self.person, self.flown = ai, person, flown

    @property
    def view(self) -> Callable[[], AllianceState] | None:
        return self.ai.view

    @view.setter
    def view(self, view: Callable[[], AllianceState] | None) -> None:  # the game hands the AI its whole state
        self.ai.view = view

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        return (self.person if ship.id in self.flown else self.ai).plan(state, ship, options)

    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        return (self.person if ship.id in self.flown else self.ai).act(state, ship, options)

    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        return (self.person if ship.id in self.flown else self.ai).attack(state, ship, options)

    def keep_cloak(self, state: GameState, ship: ShipState) -> bool:
        return (self.person if ship.id in self.flown else self.ai).keep_cloak(state, ship)

    def use_ability(self, state: GameState, ship: ShipState, offer: AbilityOffer) -> AbilityUse | None:
        return (self.person if ship.id in self.flown else self.ai).use_ability(state, ship, offer)

    def spend(self, state: GameState, ship: ShipState, offer: SpendOffer) -> tuple[int, ...] | None:
        return self.person.spend(state, ship, offer) if ship.id in self.flown else offer.default

    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
        return (self.person if self.flown else self.ai).choose(state, offer)

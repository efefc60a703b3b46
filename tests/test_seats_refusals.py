"""Every engine refuses a choice from a seat that is not among the options it offered (issue 30 item
6): a person may answer anything, and the engine trusts no seat. Attack Wing and the Alliance name
the rule and its rulebook section; Fleet Captains names the offer and the options it had; a person's
front end is held to the option numbers of its decision (Into the Unknown: test_itu_seat_refusals)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalDecision, TrekError
from engine.rulesets.alliance.play import mission_setup, pregenerated
from engine.rulesets.alliance.players import MissionAiPlayer
from engine.rulesets.attack_wing.actions import ActionChoice, ActionOption
from engine.rulesets.attack_wing.ai import AiPlayer
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.play import setup_from_scenario
from engine.rulesets.attack_wing.players import ChoiceOffer
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.scenario import Scenario, load_scenario
from engine.rulesets.attack_wing.state import GameState, ShipState
from engine.rulesets.fleet_captains.ai import FleetAi
from engine.rulesets.fleet_captains.game import Game as FcGame
from engine.rulesets.fleet_captains.play import FACTIONS
from engine.rulesets.fleet_captains.players import Offer
from engine.rulesets.fleet_captains.state import FcState
from engine.seats.decision import Choice, Decision, Journal


def ai(scenario: Scenario) -> AiPlayer:
    return AiPlayer(scenario.obstacles, scenario.planets, (scenario.play_area.width, scenario.play_area.height))


class OffDial(AiPlayer):
    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        return Maneuver("straight", 6), "a 6 straight is not on the Enterprise's dial"


class Cloaks(AiPlayer):
    def act(self, state: GameState, ship: ShipState, options: list[ActionOption]) -> ActionChoice:
        return ActionChoice("cloak", reason="the Enterprise has no cloak on its action bar")


class FiresAtAll(AiPlayer):
    def attack(self, state: GameState, ship: ShipState, options: list[AttackOption]
               ) -> tuple[AttackOption | None, str]:
        enemy = next(s for s in state.in_play() if s.side != ship.side)
        return AttackOption(None, enemy.id, "front", 3, 300.0), "out of arc or range, whatever the options"


@pytest.mark.parametrize(("seat", "rule"), [
    (OffDial, "Planning Phase: each ship's dial is set to one of the maneuvers on it"),
    (Cloaks, "Actions: a ship performs an action on its Action Bar"),
    (FiresAtAll, "Combat Phase: a ship declares one of the attacks its weapons, arcs and range allow now"),
])
def test_attack_wing_refuses_a_decision_not_offered(seat: type[AiPlayer], rule: str) -> None:
    scenario = load_scenario("duel")
    cheat = seat(scenario.obstacles, scenario.planets, (scenario.play_area.width, scenario.play_area.height))
    game = Game(setup_from_scenario(scenario), 1, [cheat, ai(scenario)])
    with pytest.raises(IllegalDecision, match=rule):
        game.play()


class PicksNothing(MissionAiPlayer):
    def choose(self, state: GameState, offer: ChoiceOffer) -> tuple[int, str]:
        return len(offer.options), "one past the options"


def test_the_alliance_refuses_a_players_choice_not_offered() -> None:
    """Where the rulebook lets the players choose for an Enemy AI ship (swerve, equal targets), an
    answer that is none of the options is refused, naming them (seed 1 asks it in its first rounds)."""
    from engine.rulesets.alliance.game import AllianceGame
    from engine.rulesets.alliance.mission import load_mission

    mission = load_mission("alliance-act1")
    for seed in range(1, 30):
        setup = mission_setup(mission, 2, seed, pregenerated(mission, 2))
        seat = PicksNothing(mission, 2, setup.obstacles, setup.planets)
        try:
            AllianceGame(setup, seed, seat).play()
        except IllegalDecision as refused:
            assert "is not one of 0 (" in str(refused)
            assert "[Alliance rulebook, Swerving to Avoid Obstacles" in str(refused) \
                or "[Alliance rulebook, Determining Nearest" in str(refused)
            return
    pytest.fail("no seed in 1-29 gives the players a choice")


class OutOfRange(FleetAi):
    def choose(self, state: FcState, offer: Offer) -> tuple[int, str]:
        return len(offer.options) + 5, "no such option"


def test_fleet_captains_refuses_a_pick_not_offered() -> None:
    game = FcGame(1, (OutOfRange(), FleetAi()), factions=FACTIONS)
    with pytest.raises(ValueError, match=r"side 0 picked option \d+ for \w+: the rules offer only options 0 to"):
        game.play()


class Answers:
    def __init__(self, *answers: object) -> None:
        self.answers = list(answers)

    def ask(self, decision: Decision) -> int:
        return self.answers.pop(0)  # type: ignore[return-value]

    def tell(self, line: str) -> None: ...


def test_a_front_end_answers_only_with_an_options_number() -> None:
    decision = Decision("toy", "side 0", "dial", "set the dial", (Choice("1 straight"), Choice("2 straight")))
    journal = Journal()
    assert journal.answer(Answers(1), decision) == 1
    for wrong in (2, -1, True, "1"):
        with pytest.raises(TrekError, match="not an option's number"):
            journal.answer(Answers(wrong), decision)
    assert journal.answers == [1]

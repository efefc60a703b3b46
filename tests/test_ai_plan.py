"""The planner's shortcut (a maneuver that cannot beat the best so far is not scored in full)
chooses what scoring every maneuver in full chooses, with the same reason."""

from __future__ import annotations

from typing import Any

from engine.memos import forget
from engine.rulesets.attack_wing import ai
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import GameState, ShipState


def full_plan(player: ai.AiPlayer, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]
              ) -> tuple[Maneuver, str]:
    """``plan`` as it was: every legal maneuver scored in full, the first best kept."""
    legal = [(m, c) for m, c in options if not (ship.aux_power and c == "red")]
    if not legal:
        return options[0][0], "every maneuver is red under auxiliary power"
    ends, offense, threat, targets = player._plan_ships(state, [ship])[ship.id]
    best = None
    for i, ((maneuver, colour), end) in enumerate(zip(legal, ends, strict=True)):
        scored = player._score(state, ship, maneuver, colour, end, offense[i], threat[i], targets[i])
        assert scored is not None
        if best is None or scored.score > best.score + 1e-9:
            best = scored
    assert best is not None
    return best.maneuver, best.reason


def test_the_shortcut_chooses_as_full_scoring_does() -> None:
    real = ai.AiPlayer.plan
    checked: list[int] = []

    def plan(self: ai.AiPlayer, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> Any:
        chosen = real(self, state, ship, options)
        assert chosen == full_plan(self, state, ship, options)
        checked.append(1)
        return chosen

    ai.AiPlayer.plan = plan  # type: ignore[method-assign]
    try:
        for name, seed in (("skirmish", 0), ("skirmish", 1), ("duel", 0)):
            forget()
            play(load_scenario(name), seed)
    finally:
        ai.AiPlayer.plan = real  # type: ignore[method-assign]
    assert len(checked) > 40


def test_a_maneuver_left_unscored_scores_no_more_than_the_best_in_full() -> None:
    real = ai.AiPlayer._scored
    skipped: list[int] = []

    def score(self: ai.AiPlayer, *args: Any) -> Any:
        scored = real(self, *args)
        if scored is None:
            beat = args[-1]
            full = real(self, *args[:-1], None)
            assert full is not None and full.score <= beat
            skipped.append(1)
        return scored

    ai.AiPlayer._scored = score  # type: ignore[method-assign]
    try:
        forget()
        play(load_scenario("skirmish"), 2)
    finally:
        ai.AiPlayer._scored = real  # type: ignore[method-assign]
    assert len(skipped) > 100

"""What the table shows during an Alliance replay: the Attack Wing view of ``AllianceState.aw``,
narrated with the Alliance lines and the Enemy AI's decisions as reasons (and the sectors-and-rings
overlay for an Enemy AI ship choosing its maneuver), its retreated ships shown as retreated and its
mission markers as collected."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.narrate import decision, decision_view, log_line
from engine.rulesets.alliance.state import AllianceState
from engine.rulesets.attack_wing.presenter import BoardPresenter
from engine.rulesets.attack_wing.state import GameState
from engine.view_alliance import AllianceTable, DecisionView
from engine.view_attack_wing import AttackView


class AlliancePresenter(BoardPresenter[AllianceState]):
    """The Alliance ruleset's presenter."""

    def board(self, state: AllianceState) -> GameState:
        return state.aw

    def log_line(self, event: Any, state: AllianceState) -> str:
        return log_line(event, state)

    def decision(self, event: Any, state: AllianceState) -> str:
        return decision(event, state)

    def decision_view(self, event: Any, state: GameState) -> DecisionView | None:
        return decision_view(event, state)

    def retreated(self, final: AllianceState) -> Collection[str]:
        return final.retreated

    def taken(self, event: Any) -> tuple[str, str] | None:
        return (event.location, event.ship) if isinstance(event, ae.MissionTokenCollected) else None

    def table_part(self, i: int, attack: AttackView | None) -> AllianceTable:
        """Attack Wing's table and the Enemy AI ship choosing its maneuver at event ``i``."""
        return AllianceTable(obstacles=self._obstacles, attack=attack, decision=self.decisions[i] if i >= 0 else None)

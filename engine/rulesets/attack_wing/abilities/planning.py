"""Cards used "during the Planning Phase" (window ``planning``), asked once every dial is set, ship by
ship in ascending Captain Skill (as the ships will activate): Positron Beam places a token beside a
ship it targets. The card's seat decides and picks the ship (``Player.use_ability``, the offer's
options are ship ids; ``ability_used.choice`` and ``.subject`` name it), then ``tokens_changed``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import marks_of
from engine.rulesets.attack_wing.abilities.windows import Table, _ask, _used, candidates
from engine.rulesets.attack_wing.actions import ActionOption
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.state import ShipState


def planning_cards(t: Any, ships: Sequence[ShipState]) -> None:
    """Offer each ship's planning abilities that have a ship to act on; a use places its token."""
    table: Table = t
    for ship in ships:
        if not table.state.ship(ship.id).in_play:
            continue
        for found in list(candidates(table.state, table.state.ship(ship.id), "planning", None)):
            owner, _, card, _, ability = found
            effect = ability.effect
            if effect.kind != "gain_token" or effect.token is None:
                continue
            targets = marks_of(table.state, table.state.ship(owner.id), ability)
            if not targets:
                continue
            use = _ask(table, found, "planning", actions=tuple(ActionOption(s) for s in targets))
            if use is None or use.choice not in targets:
                continue
            _used(table, found, "planning", AbilityUse(choice=use.choice, reason=use.reason), use.choice)
            table.emit(ev.TokensChanged, ship=use.choice, token=effect.token, delta=effect.amount, cause=card.name)

"""The AI's "Action:" cards it used to decline, each where its text helps and where it does not
(abilities/advice*.py; ai_card_uses.py lists the cards in play never used), and a ship whose Action
placed an Auxiliary Power Token performing no free action after it (rulings.md)."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, ship, used
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import ActionChoice

ENGAGE, PICARD = "3001", "2001"


def test_no_free_action_after_an_action_that_placed_auxiliary_power() -> None:
    # Engage: after a green maneuver, an additional green maneuver and an Auxiliary Power Token; the
    # rulebook's "Auxiliary Power": no action with the token, so Picard's free action is not offered
    seat = ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{ENGAGE}:0")]}, use_abilities=True)
    g = one_attack([ship("A", 0, AKIRA, captain=PICARD, upgrades=[ENGAGE]), ship("J", 1, ATTACK_SHIP)],
                   ["blank"] * 40, players=[seat, ScriptedPlayer()], holds=())
    assert used(g, ENGAGE)
    assert any(isinstance(e, ev.TokensChanged) and e.ship == "A" and e.token == "aux_power" and e.delta == 1
               for e in g.events)
    assert not used(g, PICARD)
    assert not [o for o in seat.offers if o.card == PICARD]
    assert g.state.result is not None  # the game plays on to its end

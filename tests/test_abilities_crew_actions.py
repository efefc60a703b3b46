"""Crew cards that grant Actions in other forms (cards/crew_actions.py), each from its text's
situation and one where it does not hold. A (the Akira) attacks J (the Jem'Hadar Attack Ship)."""

from __future__ import annotations

from dataclasses import replace

from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, ship, used
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.free_cards import free_card
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.notation.abilities import answer, use_problem
from engine.rulesets.attack_wing.notation.model import FREE_CARD
from engine.rulesets.attack_wing.notation.parser import uses_line
from engine.rulesets.attack_wing.notation.writer import line_text
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, ActionChoice, ActionOption

MCCOY, SULU = "3028", "3029"
SULU_ACTION = "ability:3029:0"


def _mccoy(upgrades: tuple[str, ...], action: list[ActionChoice] | None = None,
           mccoy: list[AbilityUse | str | None] | None = None) -> tuple[Game, ScriptedPlayer]:
    seat = ScriptedPlayer(actions={"A": action or []}, use_abilities=True,
                          abilities={MCCOY: mccoy} if mccoy is not None else None)
    g = one_attack([ship("A", 0, AKIRA, upgrades=upgrades), ship("J", 1, ATTACK_SHIP)], ["blank"] * 30,
                   players=[seat, ScriptedPlayer()])
    return g, seat


def test_mccoy_lets_a_crew_card_resolve_its_action_as_a_free_action() -> None:
    g, seat = _mccoy((MCCOY, SULU), [ActionChoice("evasive_maneuvers")],
                     [AbilityUse(choice=SULU_ACTION, reason="scripted")])
    offer = next(o for o in seat.offers if o.card == MCCOY)
    assert offer.window == "free_action" and [o.action for o in offer.actions] == [SULU_ACTION]
    (use,) = used(g, MCCOY)
    assert use.discard and use.choice == SULU_ACTION
    done = [e.action for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A"]
    assert done == ["evasive_maneuvers", SULU_ACTION]  # the ship's action, then Sulu's as a free one
    (sulu,) = used(g, SULU)
    assert sulu.window == "action" and sulu.marks == ("A",) and MCCOY in g.state.ship("A").cards_discarded


def test_mccoy_is_not_offered_without_another_crew_action_or_once_it_was_the_action() -> None:
    g, seat = _mccoy((MCCOY,))  # no other crew card with an Action:
    assert not any(o.card == MCCOY for o in seat.offers) and not used(g, MCCOY)
    g, seat = _mccoy((MCCOY, SULU), [ActionChoice(SULU_ACTION)])  # Sulu's Action: was the ship's action
    assert not any(o.card == MCCOY for o in seat.offers)


def test_the_policy_weighs_the_free_action_against_mccoy_kept() -> None:
    g, _ = _mccoy((MCCOY, SULU))
    state = g.state
    from engine.rulesets.attack_wing.abilities.registry import CARDS

    ability = CARDS[MCCOY].abilities[0]
    offer = AbilityOffer("A", MCCOY, "Leonard McCoy", 0, "free_action", "", "discard", None,
                         actions=(ActionOption(SULU_ACTION),))
    late = replace(state, round=state.round_limit, result=None)
    use = free_card(late, late.ship("A"), ability, offer)  # last round: McCoy is worth nothing kept
    assert use is not None and use.choice == SULU_ACTION and "Hikaru Sulu" in use.reason
    assert "as a free action" in use.reason


def test_the_notation_writes_a_free_card_action() -> None:
    line = uses_line(3, "A1", "Leonard McCoy free card Hikaru Sulu", "")
    assert line.card == "Leonard McCoy" and line.action == FREE_CARD + "Hikaru Sulu" and line.target is None
    assert line_text(line) == "A1 uses Leonard McCoy free card Hikaru Sulu"
    line = uses_line(3, "A1", "Leonard McCoy free card Klag B1", "")
    assert line.action == FREE_CARD + "Klag" and line.target == "B1"
    assert line_text(line) == "A1 uses Leonard McCoy free card Klag B1"
    offer = AbilityOffer("A1", MCCOY, "Leonard McCoy", 0, "free_action", "", "", None,
                         actions=(ActionOption(SULU_ACTION),))
    assert answer(uses_line(3, "A1", "Leonard McCoy free card Hikaru Sulu", ""), offer).choice == SULU_ACTION
    assert answer(uses_line(3, "A1", "Leonard McCoy free card 3029", ""), offer).choice == SULU_ACTION
    assert use_problem(uses_line(3, "A1", "Leonard McCoy free card Worf", ""), offer) is not None

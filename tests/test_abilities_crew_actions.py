"""Crew cards that grant Actions in other forms (cards/crew/granted_actions.py), each from its text's
situation and one where it does not hold. A (the Akira) attacks J (the Jem'Hadar Attack Ship)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, facing, one_attack, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalEvent
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.advice import action_value
from engine.rulesets.attack_wing.abilities.free_cards import free_card
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.notation.abilities import action_label, action_of, answer, use_problem
from engine.rulesets.attack_wing.notation.model import FREE_CARD
from engine.rulesets.attack_wing.notation.parser import uses_line
from engine.rulesets.attack_wing.notation.writer import line_text
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, ActionChoice, ActionOption
from engine.rulesets.attack_wing.reducer import apply, fold, initial_state

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


SCOTT = "3032"


def _scott(action: str, first_round_hits: bool = False) -> Game:
    """A (the Akira, 3 shields, 4 attack dice +1 at Range 1) with Scott; with ``first_round_hits`` J
    fires first in round 1 and destroys its shields, and A acts in round 2."""
    rounds = 2 if first_round_hits else 1
    acts = ([ActionChoice("pass")] if first_round_hits else []) + [ActionChoice(action)]
    seat = ScriptedPlayer(actions={"A": acts}, attacks={"A": ([None] if first_round_hits else []) + ["any"]})
    other = ScriptedPlayer(attacks={"J": (["any"] if first_round_hits else []) + [None]})
    faces = (["hit"] * 4 + ["blank"] * 2 if first_round_hits else []) + ["blank"] * 20
    g = game([ship("A", 0, AKIRA, upgrades=(SCOTT,)), ship("J", 1, ATTACK_SHIP)], facing(1), [seat, other],
             ScriptedDice(faces), round_limit=rounds)
    g.play()
    return g


def _attack_roll(g: Game) -> ev.DiceRolled:
    return [e for e in g.events if isinstance(e, ev.DiceRolled) and e.kind == "attack" and e.ship == "A"][-1]


def test_scott_first_action_disables_two_shields_for_two_more_attack_dice() -> None:
    g = _scott("ability:3032:0")
    (use,) = [u for u in used(g, SCOTT) if u.window == "action"]
    assert use.ability == 0
    shields = next(e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.cause == "Montgomery Scott")
    assert (shields.active, shields.disabled) == (1, 2)
    roll = _attack_roll(g)
    assert len(roll.faces) == 4 + 1 + 2 and "Montgomery Scott +2" in roll.count_reason


def test_scott_second_action_repairs_a_shield_for_two_fewer_attack_dice() -> None:
    g = _scott("ability:3032:1", first_round_hits=True)
    assert any(isinstance(e, ev.ShieldsRepaired) and e.ship == "A" and e.amount == 1 for e in g.events)
    roll = _attack_roll(g)
    assert len(roll.faces) == 4 + 1 - 2 and "Montgomery Scott -2" in roll.count_reason


def test_scott_without_his_action_changes_no_dice_and_the_repair_needs_a_destroyed_shield() -> None:
    g = _scott("pass")
    assert not used(g, SCOTT) and len(_attack_roll(g).faces) == 5
    options = [o.action for o in g.action_options(replace(g.state.ship("A"), actions_done=()))]
    assert "ability:3032:0" in options and "ability:3032:1" not in options  # every shield up: nothing to repair


def test_the_notation_names_scotts_second_action() -> None:
    g = _scott("pass")
    a = g.state.ship("A")
    assert action_of(a, "Montgomery Scott") == "ability:3032:0"
    assert action_of(a, "Montgomery Scott 2") == "ability:3032:1" and action_of(a, "3032 2") == "ability:3032:1"
    assert action_label(a, SCOTT, 1) == "Montgomery Scott 2" and action_label(a, SCOTT, 0) == "Montgomery Scott"
    assert action_of(a, "Montgomery Scott 3") is None


def test_the_ai_weighs_each_of_scotts_actions_by_its_riders() -> None:
    g = _scott("pass")
    state = replace(g.state, result=None)
    a = state.ship("A")
    value, why, _ = action_value(state, a, "ability:3032:0", 2.0, (), None)
    assert "+2 attack dice for" in why and value > 0
    hurt = state.with_ship(replace(a, shields=1))
    value, why, _ = action_value(hurt, hurt.ship("A"), "ability:3032:1", 2.0, (), None)
    assert "repair 1 shield" in why and "-2 attack dice" in why


def test_mccoy_names_scotts_second_action_as_the_free_one() -> None:
    offer = AbilityOffer("A1", MCCOY, "Leonard McCoy", 0, "free_action", "", "", None,
                         actions=(ActionOption("ability:3032:0"), ActionOption("ability:3032:1")))
    assert answer(uses_line(3, "A1", "Leonard McCoy free card Montgomery Scott 2", ""), offer).choice == \
        "ability:3032:1"
    assert answer(uses_line(3, "A1", "Leonard McCoy free card Montgomery Scott", ""), offer).choice == \
        "ability:3032:0"


ALEXANDER = "3093"


def _alexander(j_faces: list[str], rounds: int = 2, take: bool = True) -> tuple[Game, ScriptedPlayer]:
    """J attacks A (Alexander aboard) in round 1 (4 attack dice at Range 1 against 2 defense dice);
    A holds fire; in round 2 its seat is offered the token kept on the card."""
    seat = ScriptedPlayer(attacks={"A": [None] * rounds}, use_abilities=take,
                          abilities=None if take else {ALEXANDER: [None] * rounds})
    other = ScriptedPlayer(attacks={"J": ["any"] + [None] * rounds})
    faces = j_faces + ["blank"] * 2 + ["blank"] * 20
    g = game([ship("A", 0, AKIRA, upgrades=(ALEXANDER,)), ship("J", 1, ATTACK_SHIP)], facing(1), [seat, other],
             ScriptedDice(faces), round_limit=rounds)
    g.play()
    return g, seat


def test_alexander_keeps_a_token_when_hit_and_places_it_beside_his_ship_next_activation() -> None:
    g, _ = _alexander(["hit", "blank", "blank", "blank"])
    stored = [u for u in used(g, ALEXANDER) if u.window == "damaged"]
    assert len(stored) == 1 and stored[0].amount == 1 and stored[0].round == 1
    placed = [u for u in used(g, ALEXANDER) if u.window == "after_move"]
    assert len(placed) == 1 and placed[0].round == 2 and "within Range 3" in placed[0].reason
    token = next(e for e in g.events if isinstance(e, ev.TokensChanged) and e.cause == "Alexander")
    assert (token.ship, token.token, token.delta, token.round) == ("A", "battle_stations", 1, 2)
    assert g.state.ship("A").card_tokens == ()  # the one token taken off the card


def test_alexander_keeps_nothing_from_an_attack_that_deals_no_damage_and_may_keep_his_token() -> None:
    g, seat = _alexander(["blank"] * 4)
    assert not used(g, ALEXANDER) and not any(o.card == ALEXANDER for o in seat.offers)
    g, seat = _alexander(["hit", "hit", "blank", "blank"], take=False)  # the seat declines: the token stays
    assert [u.window for u in used(g, ALEXANDER)] == ["damaged"]
    assert g.state.ship("A").card_tokens == ((ALEXANDER, 1),)


VIRAK = "3083"


def _virak(answers: list[AbilityUse | str | None], j_upgrades: tuple[str, ...] = (SULU,),
           j_attacks: bool = True) -> tuple[Game, ScriptedPlayer]:
    """A (a Jem'Hadar Attack Ship with Virak'Kara) at Range 1 of J (the Akira, Sulu aboard) resolves
    Virak'Kara's Action: at J; J then fires at A (5 dice at Range 1 against A's 2, +2 with Sulu's mark)."""
    seat = ScriptedPlayer(actions={"A": [ActionChoice("ability:3083:0", "J")]}, attacks={"A": [None]},
                          abilities={VIRAK: list(answers)})
    other = ScriptedPlayer(attacks={"J": ["A" if j_attacks else None]})
    ships = [ship("A", 0, ATTACK_SHIP, upgrades=(VIRAK,)), ship("J", 1, AKIRA, upgrades=j_upgrades)]
    poses = {"A": Pose(400, 300, 0), "J": Pose(400, 480, 180)}  # after their 1 straights: Range 1
    g = game(ships, poses, [seat, other], ScriptedDice(["blank"] * 40), round_limit=1)
    g.play()
    return g, seat


def test_virak_kara_disables_a_crew_card_and_resolves_its_action_as_his_own() -> None:
    g, _ = _virak([AbilityUse(choice=SULU), AbilityUse(choice=SULU_ACTION, reason="scripted")])
    first, second = used(g, VIRAK)
    assert (first.window, first.subject, first.choice, first.disable) == ("action", "J", SULU, True)
    assert (second.window, second.choice) == ("free_action", SULU_ACTION)
    assert any(isinstance(e, ev.CardDisabled) and (e.ship, e.card) == ("J", SULU) for e in g.events)
    done = [e.action for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A"]
    assert done == ["ability:3083:0", SULU_ACTION]
    (sulu,) = [u for u in used(g, SULU) if u.window == "action"]
    assert sulu.ship == "A" and sulu.marks == ("A",) and not sulu.disable  # his ship's, the card still J's
    defense = next(e for e in g.events if isinstance(e, ev.DiceRolled) and e.kind == "defense" and e.ship == "A")
    assert len(defense.faces) == 2 + 2 and "Hikaru Sulu +2" in defense.count_reason


def test_virak_kara_may_decline_and_a_card_without_an_action_lends_nothing() -> None:
    g, seat = _virak([AbilityUse(choice=SULU), None])
    assert [u.window for u in used(g, VIRAK)] == ["action"] and not used(g, SULU)
    g, seat = _virak([AbilityUse(choice="3030")], j_upgrades=("3030",))  # Mr. Spock: no Action:
    assert [u.window for u in used(g, VIRAK)] == ["action"]
    assert sum(o.card == VIRAK for o in seat.offers) == 1  # only the choice of the card to disable


def test_the_reducer_refuses_a_borrowed_card_without_virak_karas_action() -> None:
    g, _ = _virak([AbilityUse(choice=SULU), AbilityUse(choice=SULU_ACTION)])
    at = next(i for i, e in enumerate(g.events) if isinstance(e, ev.AbilityUsed) and e.card == SULU)
    before = fold(initial_state(1), g.events[:at])
    apply(before, g.events[at])  # as played: accepted
    plain = replace(before.ship("A"), actions_done=())  # had his ship not performed Virak'Kara's Action:
    with pytest.raises(IllegalEvent, match="has no card"):
        apply(before.with_ship(plain), g.events[at])


def test_cyrano_jones_is_played_with_nothing_else_reading_tribble_tokens() -> None:
    from engine.rulesets.attack_wing.abilities.registry import CARDS, describe

    assert describe("3044") == (CARDS["3044"].note,) and "Tribble Token" in CARDS["3044"].note
    # no card the engine plays reads a Tribble Token (else the token would have to be in the state)
    assert not any("tribble" in a.summary.casefold() for c in CARDS.values() for a in c.abilities)

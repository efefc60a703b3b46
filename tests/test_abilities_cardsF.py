"""Joachim (3023) and Superior Intellect (3019), starter waves: cards that move cards. Joachim: his
ship's attack inflicts a critical hit on an enemy hull, two damage cards are drawn, the seat places
one and the other is discarded (``damage_cards_drawn``). Superior Intellect: an Action that discards
itself to take one upgrade of a ship at Range 1-2 that is not cloaked and has no active shields,
even past the thief's upgrade bar (``upgrade_taken``). Each where its text's situation holds and
where it does not, the policy's choice and its reason, the reducer's checks, the HUD's badge."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, facing, one_attack, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalDecision, IllegalEvent
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.abilities.damage_draw import DAMAGE_WORTH
from engine.rulesets.attack_wing.abilities.steal import steal_worth
from engine.rulesets.attack_wing.abilities.windows import action_name
from engine.rulesets.attack_wing.damage import deck_keys
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.notation import drawn
from engine.rulesets.attack_wing.notation import model as m
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.rules import attack_options, band_between
from engine.rulesets.attack_wing.screen import panel_view
from engine.rulesets.attack_wing.taken import upgrade_taken

JOACHIM, INTELLECT, TORPEDOES, WORF, KYLE = "3023", "3019", "3006", "3002", "3020"


def _deck(*top: str) -> tuple[str, ...]:
    rest = list(deck_keys())
    for card in top:
        rest.remove(card)
    return (*top, *rest)


def _joachim(faces: list[str], top: tuple[str, ...], choice: str | None = "policy", j_shields: int = 0,
             joachim_on: str = "A") -> Game:
    """A (Akira, 4 attack dice, 5 at Range 1) attacks J (Attack Ship, 2 defense dice, ``j_shields``) once; the
    damage deck starts with ``top``; A's seat answers Joachim with ``choice``."""
    answer: AbilityUse | str | None = choice if choice in ("policy", None) else AbilityUse(choice=choice)
    seats = [ScriptedPlayer(abilities={JOACHIM: [answer]}), ScriptedPlayer(abilities={JOACHIM: [answer]})]
    seats[1].attacks["J"] = [None]
    a_cards, j_cards = ([JOACHIM], []) if joachim_on == "A" else ([], [JOACHIM])
    ships = [ship("A", 0, AKIRA, upgrades=a_cards), ship("J", 1, ATTACK_SHIP, upgrades=j_cards, shields=j_shields)]
    g = game(ships, facing(1), seats, ScriptedDice(faces), round_limit=1, deck=_deck(*top))
    g.play()
    return g


CRIT = ["crit"] + ["blank"] * 6  # A's 5 attack dice (4, +1 at Range 1), J's 2 defense dice


def test_joachim_draws_two_for_a_critical_hit_and_places_the_seats_choice() -> None:
    g = _joachim(CRIT, ("communications_failure", "direct_hit"), choice="communications_failure")
    [use] = used(g, JOACHIM)
    assert (use.window, use.subject, use.choice) == ("critical", "J", "communications_failure")
    [draw] = [e for e in g.events if isinstance(e, ev.DamageCardsDrawn)]
    assert (draw.ship, draw.card, draw.drawn, draw.kept) == ("J", JOACHIM, ("communications_failure", "direct_hit"),
                                                             "communications_failure")
    assert [(c.key, c.face_up) for c in g.state.ship("J").damage] == [("communications_failure", True)]
    assert "direct_hit" in g.state.discard  # the unused card is discarded, not back in the deck
    assert g.state.deck == _deck("communications_failure", "direct_hit")[2:]


def test_the_policy_places_the_card_worse_for_the_enemy_and_says_why() -> None:
    """Stated valuation (``DAMAGE_WORTH``): a Direct Hit (a second hull point) over a Communications
    Failure (one action lost)."""
    assert DAMAGE_WORTH["direct_hit"] > DAMAGE_WORTH["communications_failure"]
    g = _joachim(CRIT, ("communications_failure", "direct_hit"))
    [use] = used(g, JOACHIM)
    assert use.choice == "direct_hit"
    assert "Direct Hit (3.0), worse for it than Communications Failure (0.5)" in use.reason
    assert [c.key for c in g.state.ship("J").damage] == ["direct_hit"]
    assert g.state.discard == ("communications_failure",)


def test_joachim_is_not_asked_for_a_normal_hit_a_crit_on_shields_the_same_two_cards_or_on_defense() -> None:
    top = ("communications_failure", "direct_hit")
    hit = ["hit"] + ["blank"] * 6
    for g in (_joachim(hit, top),  # a normal hit: a face-down card, no critical
              _joachim(CRIT, top, j_shields=2),  # the critical hit takes a shield, no card
              _joachim(CRIT, ("console_fire", "console_fire")),  # the two would be the same card: no choice
              _joachim(CRIT, top, joachim_on="J")):  # his ship is the one hit, not the attacker
        assert not used(g, JOACHIM) and not [e for e in g.events if isinstance(e, ev.DamageCardsDrawn)]
        assert g.state.discard == ()


def test_declining_deals_the_top_card_as_usual() -> None:
    g = _joachim(CRIT, ("communications_failure", "direct_hit"), choice=None)
    assert not used(g, JOACHIM)
    assert [c.key for c in g.state.ship("J").damage] == ["communications_failure"] and g.state.discard == ()


def test_the_reducer_checks_the_two_cards_drawn_and_the_one_kept() -> None:
    g = _joachim(CRIT, ("communications_failure", "direct_hit"), choice="communications_failure")
    i = next(k for k, e in enumerate(g.events) if isinstance(e, ev.DamageCardsDrawn))
    state = initial_state(1)  # the seed ``game`` plays with
    for e in g.events[:i]:
        state = apply(state, e)
    good = g.events[i]
    assert isinstance(good, ev.DamageCardsDrawn)
    with pytest.raises(IllegalEvent, match="top two cards"):
        apply(state, good.model_copy(update={"drawn": ("direct_hit", "communications_failure")}))
    with pytest.raises(IllegalEvent, match="not one of the two"):
        apply(state, good.model_copy(update={"kept": "console_fire"}))


# --- Superior Intellect ---------------------------------------------------------------------------

def _steal(j_upgrades: tuple[str, ...] = (TORPEDOES, WORF), band: int = 1, j_shields: int = 0,
           choice: str | None = None) -> Game:
    """A (Vor'cha) resolves Superior Intellect's Action at J (an Akira with ``j_shields``); nobody attacks."""
    pick = {INTELLECT: [AbilityUse(choice=choice)]} if choice else {}
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(INTELLECT, 0), "J")]}, use_abilities=True,
                            abilities=pick),
             ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, upgrades=[INTELLECT]),
                       ship("J", 1, AKIRA, upgrades=list(j_upgrades), shields=j_shields)],
                      [], band=band, players=seats, holds=("A", "J"))


def test_superior_intellect_takes_the_upgrade_the_seat_chooses_with_its_weapon() -> None:
    g = _steal(choice=TORPEDOES)
    [use] = used(g, INTELLECT)
    assert (use.subject, use.choice, use.discard) == ("J", TORPEDOES, True)
    [taken] = [e for e in g.events if isinstance(e, ev.UpgradeTaken)]
    assert (taken.ship, taken.source, taken.card, taken.cause) == ("A", "J", TORPEDOES, "Superior Intellect")
    a, j = g.state.ship("A"), g.state.ship("J")
    assert TORPEDOES in a.cards and TORPEDOES not in j.cards and a.cards_taken == (TORPEDOES,)
    assert [w.upgrade_id for w in a.weapons if w.upgrade_id == TORPEDOES] == [TORPEDOES]
    assert not [w for w in j.weapons if w.upgrade_id == TORPEDOES]
    assert INTELLECT in a.cards_discarded and j.card_ready(WORF)
    assert any(t.kind == "taken" and t.label == "TOOK Photon Torpedoes" for t in panel_view(a, {}, False).tokens)


def test_the_weapon_taken_fires_for_the_thief_and_no_more_for_its_old_ship() -> None:
    """Photon Torpedoes: Range 2-3, a target lock spent (the weapon table): after the theft, with J
    moved out to Range 2-3 and each ship locked on the other, A may fire them at J and J has none."""
    g = _steal(choice=TORPEDOES)
    j = g.state.ship("J")
    state = g.state.update("A", target_lock="J").update("J", target_lock="A", pose=replace(j.pose, y=j.pose.y + 200))
    state = replace(state, result=None, phase="combat")
    assert band_between(state.ship("A"), state.ship("J")) in (2, 3)
    mine = [o for o in attack_options(state, state.ship("A")) if o.weapon is not None]
    assert [(o.weapon.upgrade_id, o.defender) for o in mine if o.weapon] == [(TORPEDOES, "J")]
    assert not [o for o in attack_options(state, state.ship("J")) if o.weapon is not None]


def test_the_policy_takes_the_most_valuable_upgrade_and_says_why() -> None:
    """Stated valuation (``steal_worth``): printed cost, +3 an armed weapon: the torpedoes (5 + 3)
    over Worf (3, +2 a card the engine plays)."""
    g = _steal()
    [use] = used(g, INTELLECT)
    assert use.choice == TORPEDOES
    offer = next(o for o in g.players[0].offers if o.card == INTELLECT)  # type: ignore[attr-defined]
    assert offer.default is not None and offer.default.choice == TORPEDOES
    assert "Photon Torpedoes: worth 8 (cost 5, an armed weapon of 5 dice)" in offer.default.reason


def test_superior_intellect_is_not_offered_at_a_shielded_far_or_cloaked_ship_or_one_with_no_upgrade() -> None:
    with pytest.raises(IllegalDecision, match=INTELLECT):  # J's shields are up
        _steal(j_shields=3)
    with pytest.raises(IllegalDecision, match=INTELLECT):  # Range 3
        _steal(band=3)
    with pytest.raises(IllegalDecision, match=INTELLECT):  # nothing to take
        _steal(j_upgrades=())
    g = _steal()
    state = g.state.update("A", cards_discarded=(), actions_done=())
    state = state.update("J", cards=(*state.ship("J").cards, WORF))
    assert [o.targets for o in action_options(state, state.ship("A")) if o.action == action_name(INTELLECT, 0)] \
        == [("J",)]
    state = state.update("J", cloak="green")
    assert not [o for o in action_options(state, state.ship("A")) if o.action == action_name(INTELLECT, 0)]


def test_a_disabled_card_taken_stays_disabled_and_the_reducer_refuses_a_card_not_there() -> None:
    g = _steal(choice=KYLE, j_upgrades=(KYLE,))
    state = g.state
    a, j = state.ship("A"), state.ship("J")
    assert KYLE in a.cards and a.cards_taken == (KYLE,)
    back = state.update("J", cards=(*j.cards, WORF), cards_disabled=(WORF,), card_tokens=((WORF, 1),))
    e = ev.UpgradeTaken(seq=state.seq + 1, round=state.round, phase=state.phase, ship="A", source="J", card=WORF,
                        cause="Superior Intellect")
    after = upgrade_taken(back, e)  # the reducer's handler (the game is over: ``apply`` takes no more events)
    assert WORF in after.ship("A").cards_disabled and (WORF, 1) in after.ship("A").card_tokens
    assert WORF not in after.ship("J").cards and not after.ship("J").card_tokens
    with pytest.raises(IllegalEvent, match="has no card"):
        upgrade_taken(after, e)


def test_steal_worth_counts_a_disabled_weapon_less() -> None:
    g = _steal(choice=WORF)
    j = g.state.ship("J")
    armed = steal_worth(j, TORPEDOES)[0]
    spent = replace(j, weapons=tuple(replace(w, disabled=True) for w in j.weapons))
    assert steal_worth(spent, TORPEDOES)[0] == armed - 5  # no +3 armed, -2 disabled


def test_the_notation_rebuilds_the_deck_with_the_discarded_card_in_the_order_drawn() -> None:
    over = m.Notation(damage=[m.Damage(3, "J", "direct_hit", True), m.Damage(5, "J", "console_fire", True)])
    over.drawn = [(0, True, m.Damage(2, "A", "communications_failure", False))]  # kept first drawn, then discarded
    assert [d.card for d in drawn.deck_order(over)] == ["direct_hit", "communications_failure", "console_fire"]
    over.drawn = [(0, False, m.Damage(2, "A", "communications_failure", False))]  # the discarded was on top
    assert [d.card for d in drawn.deck_order(over)] == ["communications_failure", "direct_hit", "console_fire"]
    assert drawn.read("Direct Hit over Console Fire") == ("direct_hit", True, "console_fire")
    assert drawn.read("direct hit under console fire") == ("direct_hit", False, "console_fire")
    assert drawn.read("Worf") is None


def test_a_keyframe_writes_cards_taken_only_when_a_ship_took_one() -> None:
    """Replays made before the field keep their keyframes' bytes; one with a theft reads back the same."""
    from engine.rulesets.attack_wing.codec import state_from_dict, state_to_dict

    g = _steal(choice=TORPEDOES)
    snapshot = state_to_dict(g.state)
    a, j = (next(s for s in snapshot["ships"] if s["id"] == ref) for ref in ("A", "J"))
    assert a["cards_taken"] == [TORPEDOES] and "cards_taken" not in j
    assert state_from_dict(snapshot) == g.state

"""Declare Target's riders (dice_windows._riders: Keevan's must_attack, the Corbomite Maneuver's
cannot_attack) skip the cards where no ship is marked, and are the cards' own where one is."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities import dice_windows
from engine.rulesets.attack_wing.abilities.model import Ability
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import GameState


def _riders_as_looked_up(state: GameState, kind: str) -> list[tuple[str, str, Ability]]:
    """dice_windows._riders as it was: every card of every ship looked at, whatever is marked."""
    marked = {c for s in state.ships for c in s.marks}
    return [(owner.id, card_id, ability) for owner in state.ships for card_id in owner.cards
            if (card := CARDS.get(card_id)) is not None and card_id in marked for ability in card.abilities
            if ability.window == "declare_target" and ability.effect.kind == kind]


def test_declare_target_riders_with_and_without_marks_are_the_cards_own() -> None:
    """Declare Target (Keevan's must_attack, the Corbomite Maneuver's cannot_attack): the riders skip
    the cards only where no ship is marked; with a mark on a ship they are those the cards give."""
    state = play(load_scenario("skirmish"), 0, rounds=1).state
    keevan = next(c for c, card in CARDS.items() if any(a.effect.kind == "must_attack" for a in card.abilities))
    a, b = state.ships[0], state.ships[-1]
    marked = state.update(a.id, cards=(*a.cards, keevan)).update(b.id, marks=(keevan,))
    for s in (state, marked):
        for kind in ("must_attack", "cannot_attack"):
            assert [(o.id, c, x) for o, c, x in dice_windows._riders(s, kind)] == _riders_as_looked_up(s, kind)
    assert not _riders_as_looked_up(state, "must_attack") and _riders_as_looked_up(marked, "must_attack")

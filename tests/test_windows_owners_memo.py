"""windows._owners remembers, per window, the ships with a card acting in it for the last tuple of ships
asked about: for every state of a card-heavy game and every window it is what the ships' cards say
worked out afresh (a destroyed ship's cards act only in the "destroyed" window, rulebook "Damage"),
a new tuple of ships is answered afresh, and memos.forget empties it."""

from __future__ import annotations

from engine.memos import forget
from engine.rulesets.attack_wing.abilities import windows
from engine.rulesets.attack_wing.abilities.model import WINDOWS
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import GameState


def _afresh(state: GameState, window: str) -> list[tuple[str, list[tuple[str, int]]]]:
    """Each ship that may use a card in ``window`` (in order), with its cards' abilities there, from the cards."""
    out = []
    for ship in state.ships:
        if ship.destroyed and window != "destroyed":
            continue
        found = [(card_id, i) for card_id in ship.cards if card_id in CARDS
                 for i, ability in enumerate(CARDS[card_id].abilities) if ability.window == window]
        if found:
            out.append((ship.id, found))
    return out


def _remembered(state: GameState, window: str) -> list[tuple[str, list[tuple[str, int]]]]:
    return [(owner.id, [(card_id, i) for card_id, _, i, _ in abilities])
            for owner, abilities in windows._owners(state.ships, window)]


def test_the_remembered_owners_are_the_cards_own_answer_in_every_state() -> None:
    game = play(load_scenario("skirmish"), 3)
    state = initial_state(3)
    asked = 0
    for event in game.events:
        state = apply(state, event)
        for window in WINDOWS:
            assert _remembered(state, window) == _afresh(state, window)
            assert _remembered(state, window) == _afresh(state, window)  # (the second time from the memo)
            asked += 1
    assert asked and any(_afresh(state, w) for w in WINDOWS)  # (the skirmish's ships have cards acting)


def test_a_ship_destroyed_is_a_new_answer_and_forget_empties_the_memo() -> None:
    state = play(load_scenario("skirmish"), 0, rounds=1).state
    window = next(w for w in WINDOWS if _afresh(state, w))
    owner = _remembered(state, window)[0][0]
    gone = state.update(owner, destroyed=True)
    assert owner not in [ship for ship, _ in _remembered(gone, window)]
    assert _remembered(gone, "destroyed") == _afresh(gone, "destroyed")
    assert windows._OWNERS
    forget()
    assert not windows._OWNERS

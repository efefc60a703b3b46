"""windows.candidates remembers, per window and subject, its last answer for the same state, subject
and attack (all frozen: the answer depends on them alone): in every state of a skirmish, for every
ship, window and a band's attack, the remembered answer is the one worked out afresh (the same
abilities of the same cards, in order), another state is answered afresh, and memos.forget empties it.
Declare Target's riders skip the cards where no ship is marked."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities import dice_windows, windows
from engine.rulesets.attack_wing.abilities.model import WINDOWS, Ability, AttackContext
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.memos import forget
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario
from engine.rulesets.attack_wing.state import GameState


def _ids(found: list[windows.Found]) -> list[tuple[str, str, int]]:
    return [(owner.id, card_id, i) for owner, card_id, _, i, _ in found]


def test_the_remembered_answer_is_the_one_worked_out_afresh_in_every_state() -> None:
    game = play(load_scenario("skirmish"), 3)
    state = initial_state(3)
    asked = found = 0
    for n, event in enumerate(game.events):
        state = apply(state, event)
        if n % 3 or len(state.ships) < 2:  # (every third state: the test stays quick)
            continue
        a, d = state.ships[0], state.ships[-1]
        for attack in (None, AttackContext(a, d, None, 1 + n % 3, "front")):
            for subject in state.ships:
                for window in WINDOWS:
                    afresh = _ids(list(windows._candidates(state, subject, window, attack)))
                    assert _ids(list(windows.candidates(state, subject, window, attack))) == afresh
                    assert _ids(list(windows.candidates(state, subject, window, attack))) == afresh  # (memo)
                    asked += 1
                    found += bool(afresh)
    assert asked > 1000 and found > 100  # the skirmish's ships have cards that apply


def test_the_same_ask_is_answered_once_another_state_afresh_and_forget_empties_it() -> None:
    state = play(load_scenario("skirmish"), 0, rounds=1).state
    ship = state.ship("A3")
    first = list(windows.candidates(state, ship, "after_move", None))
    assert first  # (A3 has a card acting after its move)
    assert first == list(windows.candidates(state, ship, "after_move", None))
    assert all(x is y for x, y in zip(first, windows.candidates(state, ship, "after_move", None), strict=True))
    gone = state.update(ship.id, destroyed=True)  # its cards leave play with it (rulebook "Damage")
    assert ship.id not in [f[0].id for f in windows.candidates(gone, gone.ship(ship.id), "after_move", None)]
    assert windows._ASKED
    forget()
    assert not windows._ASKED


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

"""windows.candidates remembers, per window and subject, its last answer for the same state, subject
and attack (all frozen: the answer depends on them alone): in every state of a skirmish, for every
ship, window and a band's attack, the remembered answer is the one worked out afresh (the same
abilities of the same cards, in order), another state is answered afresh, and memos.forget empties it."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities import windows
from engine.rulesets.attack_wing.abilities.model import WINDOWS, AttackContext
from engine.rulesets.attack_wing.memos import forget
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.reducer import apply, initial_state
from engine.rulesets.attack_wing.scenario import load_scenario


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

"""The Koranak (ship card 1040, cards/ships/twin_attack.py): in place of its one attack, a scan token spent
for two primary weapon attacks at two different ships, each at 2 attack dice fewer. Where its
text's situation holds (a scan token, two enemy ships to attack) and where not (no scan token, one
enemy only), the seat's say, the reducer's refusal of the same ship twice, the AI's choice by the
exact odds (rulings.md "The Koranak")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ability_helpers import AKIRA, rolled, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.twin import choose, weigh
from engine.rulesets.attack_wing.abilities.windows import action_name
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.players import ActionChoice
from engine.rulesets.attack_wing.reducer import IllegalEvent, apply, fold, initial_state
from engine.rulesets.attack_wing.state import GameState

KORANAK = "1040"  # Cardassian Keldon Class, Dominion: attack 5, agility 1
COUNTER = "3013"  # Counter Attack: a free attack back at the ship that damaged it
# after a 1 straight each, J and L are both at Range 1 of K, in its forward arc
POSES = {"K": Pose(400, 350, 0), "J": Pose(340, 560, 180), "L": Pose(460, 560, 180)}


def _koranak(scan: bool = True, two: bool = True, uses: list[object] | None = None,
             attacks: list[str | None] | None = None, counter: bool = False) -> Game:
    """K (the Koranak) performs a Scan action (or passes) and attacks; J and L (Akiras) hold fire
    (J with Counter Attack resolves its Action: and strikes back when K damages it)."""
    ships = [ship("K", 0, KORANAK), ship("J", 1, AKIRA, upgrades=[COUNTER] if counter else []),
             *([ship("L", 1, AKIRA)] if two else [])]
    abilities = {KORANAK: uses} if uses is not None else None
    seats = [ScriptedPlayer(actions={"K": [ActionChoice("scan")] if scan else []}, attacks={"K": attacks or []},
                            abilities=abilities, use_abilities=True),  # type: ignore[arg-type]
             ScriptedPlayer(actions={"J": [ActionChoice(action_name(COUNTER, 0))] if counter else []},
                            attacks={"J": ["K", None] if counter else [None], "L": [None]}, use_abilities=counter)]
    poses = {k: v for k, v in POSES.items() if two or k != "L"}
    g = game(ships, poses, seats, ScriptedDice(["hit" if counter else "blank"] * 60), round_limit=1)
    g.play()
    return g


def _declared(g: Game) -> list[ev.AttackDeclared]:
    return [e for e in g.events if isinstance(e, ev.AttackDeclared) and e.ship == "K"]


def test_a_scan_token_spent_for_two_attacks_at_two_ships_two_dice_fewer_each() -> None:
    g = _koranak()
    assert [(e.defender, e.weapon) for e in _declared(g)] == [("J", "primary"), ("L", "primary")]
    [mark, extra] = [u for u in used(g, KORANAK) if u.token == "scan" or u.window == "extra_attack"]
    assert mark.window == "attack_dice" and mark.card_name == "Koranak" and mark.marks == ("J", "K")
    assert extra.window == "extra_attack" and extra.limit == "round"
    assert mark.reason.startswith("two attacks:")
    # attack 5, +1 at Range 1, -2 each (the card); the exact odds count the -2
    assert [len(e.faces) for e in rolled(g, "attack") if e.ship == "K"] == [4, 4]
    assert [(e.defender, e.attack_dice) for e in g.events if isinstance(e, ev.AttackOdds)] == [("J", 4), ("L", 4)]
    assert g.state.ship("K").scan == 0


def test_without_a_scan_token_one_attack_with_every_die() -> None:
    g = _koranak(scan=False)
    assert [e.defender for e in _declared(g)] == ["J"] and not used(g, KORANAK)
    assert [len(e.faces) for e in rolled(g, "attack") if e.ship == "K"] == [6]


def test_with_one_enemy_ship_only_no_use_and_the_scan_token_kept() -> None:
    g = _koranak(two=False)
    assert [e.defender for e in _declared(g)] == ["J"] and not used(g, KORANAK)
    assert [len(e.faces) for e in rolled(g, "attack") if e.ship == "K"] == [6]


def test_the_seat_decides_declined_one_attack() -> None:
    g = _koranak(uses=[None])
    assert [e.defender for e in _declared(g)] == ["J"] and not used(g, KORANAK)


def test_the_second_attack_is_never_at_the_first_ship() -> None:
    g = _koranak(attacks=["J", "J"])  # the seat asks for J again: it is not among the second attack's options
    assert [e.defender for e in _declared(g)] == ["J"]


def test_the_reducer_refuses_the_same_ship_twice_and_a_second_attack_without_the_use() -> None:
    g = _koranak()
    second = _declared(g)[1]
    at = g.events.index(second)
    state = fold(initial_state(1), g.events[:at])
    with pytest.raises(IllegalEvent, match="another ship"):
        apply(state, second.model_copy(update={"defender": "J"}))
    assert apply(state, second).attack is not None  # at L: accepted
    plain = _koranak(scan=False)
    resolved = next(i for i, e in enumerate(plain.events) if isinstance(e, ev.AttackResolved))
    state = fold(initial_state(1), plain.events[:resolved + 1])
    with pytest.raises(IllegalEvent, match="already attacked"):
        apply(state, second.model_copy(update={"seq": state.seq + 1}))


def test_the_first_ship_strikes_back_at_the_koranak_with_counter_attack() -> None:
    # the card's mark on J forbids only the Koranak's second attack at J, not J's attacks at K
    g = _koranak(counter=True)
    assert [(e.ship, e.defender) for e in g.events if isinstance(e, ev.AttackDeclared)][:3] == \
        [("K", "J"), ("J", "K"), ("K", "L")]
    assert [u.window for u in used(g, COUNTER)] == ["action", "extra_attack"]


def _expected(state: GameState, ship_id: str, defender: str, change: int, scan: int) -> float:
    """The exact expected damage of K's primary weapon attack at ``defender``, holding ``scan`` tokens."""
    k = replace(state.ship(ship_id), scan=scan)
    [o] = [o for o in rules.attack_options(state, k) if o.defender == defender and o.weapon is None]
    return odds_for(k, state.ship(defender), None, o.band, False, extra_attack=change).expected_damage


def test_the_ai_weighs_two_attacks_at_two_dice_fewer_against_one_by_the_exact_odds() -> None:
    g = _koranak(scan=False)
    at = next(i for i, e in enumerate(g.events) if isinstance(e, ev.AttackDeclared))
    state = fold(initial_state(1), g.events[:at + 1])
    state = state.update("K", scan=1)
    k = state.ship("K")
    two = _expected(state, "K", "J", -2, 0) + _expected(state, "K", "L", -2, 0)
    one = _expected(state, "K", "J", 0, 1)
    weighed = weigh(state, k, KORANAK)
    assert weighed is not None and weighed[:2] == pytest.approx((two, one))
    use = choose(state, k, KORANAK)
    assert (use is not None) == (two > one)  # at Range 1: 4 + 4 dice against 6 and the scan token
    assert use is not None and f"{two:.2f}" in use.reason and f"{one:.2f}" in use.reason
    # L at Range 3: 3 dice there (no Range 1 die) and 4 at J are worth less than 6 at J with the scan token
    far = state.update("L", pose=replace(state.ship("L").pose, y=700))
    two = _expected(far, "K", "J", -2, 0) + _expected(far, "K", "L", -2, 0)
    weighed = weigh(far, far.ship("K"), KORANAK)
    assert weighed is not None and weighed[:2] == pytest.approx((two, one)) and two < one
    assert choose(far, far.ship("K"), KORANAK) is None

"""Antimatter Mines (cards/minefields.py, abilities/mines.py; tournament rulings 41-45): as its
attack the ship discards the card and places a Minefield Token in its rear arc at Range 1, behind it
or on a ship there; a ship it is placed on, or that enters it later, suffers the card's 4 attack
dice with no defense dice. Where the card's situation holds and where it does not."""

from __future__ import annotations

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import mines
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse
from engine.rulesets.attack_wing.reducer import IllegalEvent, apply, fold, initial_state

MINES = "3007"


def _mines(answer: list[AbilityUse | str | None], j_pose: Pose, faces: list[str] | None = None, rounds: int = 1,
           j_dials: list[tuple[str, int]] | None = None) -> Game:
    """A (Akira) carries the mines, J (Jem'Hadar Attack Ship) is placed at ``j_pose``; nobody fires."""
    seats = [ScriptedPlayer(attacks={"A": [None] * 4}, abilities={MINES: answer}),
             ScriptedPlayer(attacks={"J": [None] * 4}, dials={"J": j_dials or []})]
    g = game([ship("A", 0, AKIRA, upgrades=[MINES]), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 400, 0), "J": j_pose}, seats, ScriptedDice(faces or ["hit"] * 40), round_limit=rounds)
    g.play()
    return g


def _placed(g: Game) -> list[ev.MinePlaced]:
    return [e for e in g.events if isinstance(e, ev.MinePlaced)]


def _triggered(g: Game) -> list[ev.MineTriggered]:
    return [e for e in g.events if isinstance(e, ev.MineTriggered)]


def test_dropped_on_a_ship_behind_it_rolls_four_dice_with_no_defense() -> None:
    # J sits 80 mm behind A after both move 1 straight: Range 1 in A's rear arc
    g = _mines([AbilityUse(choice="J", reason="test")], Pose(400, 330, 0))
    [use] = used(g, MINES)
    assert (use.window, use.choice, use.subject, use.discard) == ("mines", "J", "J", True)
    [placed] = _placed(g)
    j = g.state.ship("J")
    assert placed.mine == "M1" and (placed.x, placed.y) == pytest.approx((j.pose.x, j.pose.y))
    [boom] = _triggered(g)
    assert (boom.ship, boom.mine, boom.faces) == ("J", "M1", ("hit",) * 4)
    assert not [e for e in g.events if isinstance(e, ev.DiceRolled) and e.kind == "defense"]  # no defense dice
    assert len([e for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "J"]) == 4
    assert g.state.ship("A").attacked and MINES in g.state.ship("A").cards_discarded
    assert g.state.mines[0].id == "M1"  # the token stays


def test_a_ship_that_enters_the_minefield_is_attacked_and_one_that_starts_on_it_is_not() -> None:
    # round 1: dropped behind A; J, 160 mm behind, flies a 1 straight then a 2 straight into it
    g = _mines([AbilityUse(choice="behind")], Pose(400, 200, 0), rounds=2, j_dials=[("straight", 1), ("straight", 2)])
    [placed] = _placed(g)
    assert not [e for e in _triggered(g) if e.round == 1]
    [boom] = _triggered(g)
    assert (boom.round, boom.ship, boom.mine) == (2, "J", "M1")
    moved = next(e for e in g.events if isinstance(e, ev.ShipMoved) and e.ship == "J" and e.round == 2)
    assert g.events.index(boom) > g.events.index(moved)
    # the same table, J already on the token: its maneuver leaves it unharmed
    state = fold(initial_state(1), g.events[:g.events.index(moved)])
    on = state.update("J", pose=Pose(placed.x, placed.y, 0))
    from engine.rulesets.attack_wing.maneuvers import Maneuver
    end = Pose(placed.x, placed.y + 120, 0)
    assert mines.entered(on, on.ship("J"), on.ship("J").pose, Maneuver("straight", 2), end) == []


def test_no_ship_in_the_rear_arc_no_drop_on_it_and_the_seat_may_keep_the_card() -> None:
    with pytest.raises(IllegalDecision, match="not one of behind"):  # J ahead of A: not in its rear arc
        _mines([AbilityUse(choice="J")], Pose(400, 700, 180))
    g = _mines([None], Pose(400, 700, 180))
    assert not _placed(g) and MINES not in g.state.ship("A").cards_discarded
    g = _mines([None], Pose(400, 330, 0))
    assert not used(g, MINES) and not _placed(g)


def test_the_reducer_refuses_a_second_attack_or_a_minefield_with_no_card() -> None:
    g = _mines([AbilityUse(choice="J")], Pose(400, 330, 0))
    [use] = used(g, MINES)
    i = g.events.index(use)
    state = fold(initial_state(1), g.events[:i + 1])
    placed = _placed(g)[0]
    with pytest.raises(IllegalEvent, match="no minefield"):
        apply(state, placed.model_copy(update={"seq": state.seq + 1, "ship": "J"}))
    done = fold(initial_state(1), g.events[:i + 2])
    with pytest.raises(IllegalEvent):
        apply(done, use.model_copy(update={"seq": done.seq + 1}))  # discarded and attacked already


def test_the_ai_drops_the_mines_on_an_enemy_behind_it_and_says_why() -> None:
    # the seat answers with the engine's policy, as the AI does (AiPlayer.use_ability: offer.default)
    seats = [ScriptedPlayer(use_abilities=True), ScriptedPlayer(attacks={"J": [None]})]
    g = game([ship("A", 0, AKIRA, upgrades=[MINES]), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 400, 0), "J": Pose(400, 330, 0)}, seats, ScriptedDice(["hit"] * 40), round_limit=1)
    g.play()
    [use] = used(g, MINES)
    assert use.choice == "J" and "no defense dice" in use.reason and "more than its best attack" in use.reason
    # an enemy ahead to attack, none behind: the AI keeps the card and attacks
    seats = [ScriptedPlayer(use_abilities=True), ScriptedPlayer(attacks={"J": [None]})]
    g = game([ship("A", 0, AKIRA, upgrades=[MINES]), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(400, 400, 0), "J": Pose(400, 560, 180)}, seats, ScriptedDice(["hit"] * 40), round_limit=1)
    g.play()
    assert not used(g, MINES) and [e for e in g.events if isinstance(e, ev.AttackDeclared) and e.ship == "A"]


def test_the_ai_steers_clear_of_a_minefield_ahead() -> None:
    from dataclasses import replace

    from engine.rulesets.attack_wing import rules
    from engine.rulesets.attack_wing.ai import AiPlayer
    from engine.rulesets.attack_wing.maneuvers import end_pose
    from engine.rulesets.attack_wing.state import Mine

    g = _mines([None], Pose(700, 300, 0))  # A off J's forward arc, to its left
    state = fold(initial_state(1), [e for e in g.events if e.round == 0])  # as placed, before round 1
    j = state.ship("J")
    plain, _ = AiPlayer().plan(state, j, rules.dial_options(j))
    # a minefield where that maneuver would end: the AI flies another that enters none and still
    # brings A into its arc (avoiding it is cheap here; a ship that must cross one weighs its dice)
    end = end_pose(j.pose, plain, j.base)
    mined = replace(state, mines=(Mine("M1", MINES, "A", end.x, end.y),))
    assert mines.entered(mined, j, j.pose, plain, end) != []
    chosen, why = AiPlayer().plan(mined, j, rules.dial_options(j))
    assert chosen != plain and mines.entered(mined, j, j.pose, chosen, end_pose(j.pose, chosen, j.base)) == [], why
    assert "in arc" in why


def test_a_minefield_obstructs_the_line_of_fire_as_an_obstacle_does() -> None:
    # tournament ruling 44: round 1 A drops the token behind it; round 2 J, behind it, fires at A
    # through the token: obstructed, one more defense die. Without the token: not obstructed.
    def duel(answer: AbilityUse | None) -> ev.AttackDeclared:
        seats = [ScriptedPlayer(attacks={"A": [None, None]}, abilities={MINES: [answer]}),
                 ScriptedPlayer(attacks={"J": [None, "A"]})]
        g = game([ship("A", 0, AKIRA, upgrades=[MINES]), ship("J", 1, ATTACK_SHIP)],
                 {"A": Pose(400, 400, 0), "J": Pose(400, 150, 0)}, seats, ScriptedDice(["blank"] * 40),
                 round_limit=2)
        g.play()
        assert not _triggered(g)
        [declared] = [e for e in g.events if isinstance(e, ev.AttackDeclared)]
        return declared

    mined, plain = duel(AbilityUse(choice="behind")), duel(None)
    assert mined.obstructed and not plain.obstructed


def test_a_replay_with_a_minefield_nowhere_is_refused_clearly() -> None:
    # untrusted files: a token at an infinite or absurd place is a validation error, not a crash later
    from pydantic import ValidationError

    g = _mines([AbilityUse(choice="behind")], Pose(400, 200, 0))
    raw = ev.event_to_dict(_placed(g)[0])
    for bad in (float("nan"), float("inf"), 1e9):
        with pytest.raises(ValidationError):
            ev.event_from_dict({**raw, "x": bad})
    assert isinstance(ValidationError, type) and issubclass(ValidationError, ValueError)

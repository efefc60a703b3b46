"""More ship cards' own abilities (cards/ships/actions.py), each from its text's situation and one where
it does not hold. Dice as in test_abilities_ships: A attacks J (the Jem'Hadar Attack Ship, 2 defense
dice); ``torpedo()``: A locks on J and fires Photon Torpedoes (3006: 5 dice at Range 2-3)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, attack, facing, one_attack, ship, torpedo, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalDecision, IllegalEvent
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.advice import action_value
from engine.rulesets.attack_wing.actions import action_options
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.notation.abilities import answer, use_problem
from engine.rulesets.attack_wing.notation.abilities import uses_line as notation_uses
from engine.rulesets.attack_wing.notation.parser import uses_line
from engine.rulesets.attack_wing.notation.writer import line_text
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, ActionChoice, ActionOption
from engine.rulesets.attack_wing.reducer import apply, fold, initial_state
from engine.rulesets.attack_wing.state import GameState, ShipState

GOR_PORTAS, DS9 = "1021", "1025"


def _removed(g: Game) -> list[str]:
    return [e.cause for e in g.events if isinstance(e, ev.TargetLockRemoved) and e.ship == "A"]


def _rerolled(g: Game) -> list[ev.DiceRerolled]:
    return [e for e in g.events if isinstance(e, ev.DiceRerolled) and e.cause == "target lock"]


def test_gor_portas_fires_a_torpedo_without_spending_its_lock() -> None:
    faces = ["blank"] * 5 + ["hit"] * 5 + ["blank"] * 10
    g = attack(faces, a=("3006",), a_hull=GOR_PORTAS, band=2, seats=torpedo())
    (use,) = used(g, GOR_PORTAS)
    assert use.window == "attack_dice" and use.reason == "always applies"
    assert not any(c.startswith("spent to fire") for c in _removed(g))
    # the lock it kept rerolls the blanks of that very attack, and is spent doing so
    assert _rerolled(g) and _removed(g) == ["spent to reroll attack dice"]
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert odds.target_lock  # the odds count the reroll
    # another ship firing the same torpedo spends its lock to fire, and rerolls nothing
    g = attack(faces, a=("3006",), a_hull=AKIRA, band=2, seats=torpedo())
    assert _removed(g) == ["spent to fire Photon Torpedoes"] and not _rerolled(g) and not used(g, GOR_PORTAS)


def test_gor_portas_primary_weapon_attack_is_untouched() -> None:
    g = attack(["blank"] * 20, a_hull=GOR_PORTAS, band=2)
    assert not used(g, GOR_PORTAS)


def _disabled(g: Game) -> list[str]:
    return [e.weapon for e in g.events if isinstance(e, ev.WeaponDisabled) and e.ship == "A"]


def test_deep_space_9_fires_its_torpedoes_without_disabling_them() -> None:
    g = attack(["hit"] * 20, a=("3006",), a_hull=DS9, band=2, seats=torpedo())
    (use,) = used(g, DS9)
    assert use.window == "attack_dice" and _disabled(g) == []
    assert any(isinstance(e, ev.AttackDeclared) and e.weapon == "3006" for e in g.events)
    g = attack(["hit"] * 20, a=("3006",), a_hull=AKIRA, band=2, seats=torpedo())
    assert _disabled(g) == ["3006"] and not used(g, DS9)


PRAETUS = "1034"  # Romulan Bird-of-Prey: 0 shields printed, cloak on its Action Bar


def _cloaked(g: Game) -> bool:
    return any(isinstance(e, ev.CloakChanged) and e.ship == "A" and e.cloak == "green" for e in g.events)


def _praetus(faces: list[str], card: bool = True) -> Game:
    a = ship("A", 0, PRAETUS)
    if not card:
        a = a.model_copy(update={"cards": tuple(c for c in a.cards if c != PRAETUS)})
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("cloak")]}, attacks={"A": [None]}), ScriptedPlayer()]
    return one_attack([a, ship("J", 1, ATTACK_SHIP)], faces, band=3, players=seats)


def test_praetus_cloaks_with_no_shields_and_rolls_a_die() -> None:
    g = _praetus(["battle_stations"] + ["blank"] * 10)
    (use,) = used(g, PRAETUS)
    assert use.window == "cloak" and use.faces == ("battle_stations",)
    assert _cloaked(g)
    hull = [e for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "A"]
    assert [(d.to, d.cause, d.face_up) for d in hull] == [("hull", "I.R.W. Praetus", False)]
    g = _praetus(["hit"] + ["blank"] * 10)  # only a battle stations result damages it
    assert used(g, PRAETUS)[0].faces == ("hit",) and _cloaked(g)
    assert not any(isinstance(e, ev.DamageDealt) and e.ship == "A" for e in g.events)


def test_without_its_card_a_ship_with_no_shields_may_not_cloak() -> None:
    a = ship("A", 0, PRAETUS)
    plain = a.model_copy(update={"cards": tuple(c for c in a.cards if c != PRAETUS)})
    g = one_attack([plain, ship("J", 1, ATTACK_SHIP)], ["blank"] * 10, band=3)
    state = g.state
    assert "cloak" not in [o.action for o in action_options(state, state.ship("A"))]
    with pytest.raises(IllegalDecision, match="active shield to cloak"):
        _praetus(["blank"] * 10, card=False)
    g = one_attack([a, ship("J", 1, ATTACK_SHIP)], ["blank"] * 10, band=3)
    assert "cloak" in [o.action for o in action_options(g.state, g.state.ship("A"))]


APNEX = "1013"  # Romulan Science Vessel: hull 2, shields 2; its dial has 1 to 4 maneuvers


class _Planner(ScriptedPlayer):
    """Records the dial options it is offered, per round."""

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.offered: list[list[tuple[str, int]]] = []

    def plan(self, state: GameState, ship: ShipState, options: list[tuple[Maneuver, str]]) -> tuple[Maneuver, str]:
        if ship.id == "A":
            self.offered.append([(m.kind, m.speed) for m, _ in options])
        return super().plan(state, ship, options)


def _apnex(act: bool, rounds: int = 2) -> tuple[Game, _Planner]:
    actions = {"A": [ActionChoice("ability:1013:0")]} if act else {}
    seat = _Planner(actions=actions, attacks={"A": [None] * rounds}, dials={"A": [("straight", 1)] * rounds})
    other = ScriptedPlayer(attacks={"J": [None] * rounds, "K": [None] * rounds})
    ships = [ship("A", 0, APNEX), ship("J", 1, ATTACK_SHIP), ship("K", 1, ATTACK_SHIP)]
    poses = {"A": Pose(400, 300, 0), "J": Pose(400, 450, 180), "K": Pose(400, 800, 180)}  # K beyond Range 1
    g = game(ships, poses, [seat, other], ScriptedDice(["blank"] * 40), round_limit=rounds)
    g.play()
    return g, seat


def test_apnex_damages_every_ship_at_range_1_and_itself_then_plans_only_1_maneuvers() -> None:
    g, seat = _apnex(True)
    (use,) = used(g, APNEX)
    assert use.window == "action" and use.limit == "game"
    hit = [(e.ship, e.to) for e in g.events if isinstance(e, ev.DamageDealt) and e.cause == "R.I.S. Apnex"]
    assert sorted(hit) == [("A", "shield"), ("J", "shield")]  # K is at Range 2: untouched
    first, second = seat.offered
    assert ("straight", 4) in first and ("straight", 2) in first  # before: the whole dial
    assert sorted(second) == sorted([("straight", 1), ("left-bank", 1), ("right-bank", 1), ("left-turn", 1),
                                     ("right-turn", 1)])
    # the reducer refuses any other dial once the Action: is used
    at = next(i for i, e in enumerate(g.events) if isinstance(e, ev.DialSet) and e.ship == "A" and e.round == 2)
    before = fold(initial_state(1), g.events[:at])
    with pytest.raises(IllegalEvent, match=r"R\.I\.S\. Apnex"):
        apply(before, g.events[at].model_copy(update={"kind": "straight", "speed": 2}))


def test_apnex_unused_keeps_its_whole_dial_and_is_offered_once_a_game() -> None:
    g, seat = _apnex(False)
    assert not used(g, APNEX) and all(("straight", 4) in o for o in seat.offered)
    g, _ = _apnex(True)
    assert "ability:1013:0" not in [o.action for o in g.action_options(g.state.ship("A"))]


def test_the_ai_weighs_the_apnex_damage_against_its_own_and_the_slow_dial() -> None:
    g, _ = _apnex(False, rounds=1)
    near = replace(g.state, result=None)
    both = near.with_ship(replace(near.ship("K"), pose=Pose(440, 450, 180)))  # K at Range 1 too
    value, why, _ = action_value(both, both.ship("A"), "ability:1013:0", 1.0, (), None)
    assert value > 0 and "1 damage to" in why and "1 damage to R.I.S. Apnex" in why  # 2 points for 1 of its own
    value, _, _ = action_value(near, near.ship("A"), "ability:1013:0", 1.0, (), None)
    assert value <= 0  # one enemy near: its point against its own -- not worth an action
    early = replace(both, round=1, round_limit=5)  # four rounds left at speed 1 cost more than the point gained
    value, why, _ = action_value(early, early.ship("A"), "ability:1013:0", 1.0, (), None)
    assert value < 0 and "only 1 maneuvers for the 4 rounds left" in why


NEGHVAR, BOARDING = "1017", "3048"  # the Negh'var: attack 5, shields 3; J (2 shields) carries Drex (3050)


def _neghvar(faces: list[str], boarding: AbilityUse | None = None, in_arc: bool = True) -> tuple[Game, ScriptedPlayer]:
    seat = ScriptedPlayer(actions={"A": [ActionChoice("ability:1017:0", "J")]}, attacks={"A": [None]},
                          abilities={NEGHVAR: [boarding]} if boarding is not None else None)
    ships = [ship("A", 0, NEGHVAR, upgrades=(BOARDING,)), ship("J", 1, ATTACK_SHIP, upgrades=("3050",))]
    poses = facing(1) if in_arc else {"A": Pose(400, 300, 180), "J": Pose(400, 450, 0)}
    g = one_attack(ships, faces, players=[seat, ScriptedPlayer()], poses=poses)
    return g, seat


def test_neghvar_rolls_three_dice_and_each_hit_disables_a_shield() -> None:
    g, seat = _neghvar(["hit", "crit", "blank"] + ["blank"] * 20)
    (use,) = [u for u in used(g, NEGHVAR) if u.window == "action"]
    assert use.faces == ("hit", "crit", "blank") and use.subject == "J"
    change = next(e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.cause == "I.K.S. Negh'var")
    assert (change.ship, change.active, change.disabled) == ("J", 1, 1)  # one hit: one shield (a crit is no hit)
    assert not any(o.card == NEGHVAR for o in seat.offers)  # a shield left: no boarding party possible


def test_neghvar_then_boards_as_a_free_action_once_the_shields_are_down() -> None:
    g, seat = _neghvar(["hit", "hit", "hit"] + ["blank"] * 20, AbilityUse(choice="ability:3048:0", target="J"))
    offer = next(o for o in seat.offers if o.card == NEGHVAR)
    assert offer.window == "free_action" and [o.action for o in offer.actions] == ["ability:3048:0"]
    done = [e.action for e in g.events if isinstance(e, ev.ActionPerformed) and e.ship == "A"]
    assert done == ["ability:1017:0", "ability:3048:0"]
    assert any(isinstance(e, ev.CardDisabled) and e.ship == "J" and e.card == "3050" for e in g.events)
    assert BOARDING in g.state.ship("A").cards_discarded


def test_neghvar_needs_its_target_in_its_forward_arc() -> None:
    with pytest.raises(IllegalDecision):
        _neghvar(["hit"] * 20, in_arc=False)


KRAXON = "1019"  # the Kraxon: its shields take a friend's damage


BESIDE_A = Pose(470, 300, 0)


def _kraxon(faces: list[str], kraxon_at: Pose = BESIDE_A, answer: AbilityUse | None = None
            ) -> tuple[Game, ScriptedPlayer]:
    """J fires at A (the Akira, 3 shields) with 4 dice; the Kraxon K of A's side sits beside A."""
    seat = ScriptedPlayer(attacks={"A": [None], "K": [None]}, use_abilities=True,
                          abilities={KRAXON: [answer]} if answer is not None else None)
    other = ScriptedPlayer(attacks={"J": ["A"]})
    ships = [ship("A", 0, AKIRA), ship("K", 0, KRAXON), ship("J", 1, ATTACK_SHIP)]
    poses = {"A": Pose(400, 300, 0), "K": kraxon_at, "J": Pose(400, 600, 180)}
    g = game(ships, poses, [seat, other], ScriptedDice(faces + ["blank"] * 30), round_limit=1)
    g.play()
    return g, seat


def _shield_losses(g: Game, ship_id: str) -> int:
    return sum(1 for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == ship_id and e.to == "shield")


def test_kraxon_takes_a_friends_damage_on_its_shields_critical_damage_first() -> None:
    g, seat = _kraxon(["hit", "crit", "hit", "hit"], answer=AbilityUse(choice="2"))
    offer = next(o for o in seat.offers if o.card == KRAXON)
    assert offer.window == "transfer" and offer.subject == "A" and [o.action for o in offer.actions] == \
        ["1", "2", "3", "4"]
    (use,) = used(g, KRAXON)
    assert use.amount == 2 and use.subject == "A"
    assert _shield_losses(g, "K") == 2 and _shield_losses(g, "A") == 2  # the crit and a hit went to K
    assert not any(isinstance(e, ev.DamageDealt) and e.ship == "A" and e.to == "hull" for e in g.events)


def test_the_policy_takes_what_would_reach_the_friends_hull() -> None:
    g, _ = _kraxon(["crit", "hit", "hit", "hit"])  # 4 damage at 3 shields: one point would reach A's hull
    (use,) = used(g, KRAXON)
    assert use.choice == "1" and "1 of 4 damage that would reach" in use.reason
    assert _shield_losses(g, "A") == 3 and _shield_losses(g, "K") == 1
    g, _ = _kraxon(["hit", "hit", "blank", "blank"])  # A's shields hold it all: nothing taken
    assert not used(g, KRAXON)


def test_kraxon_beyond_range_1_takes_nothing() -> None:
    g, seat = _kraxon(["hit"] * 4, kraxon_at=Pose(100, 100, 0), answer=AbilityUse(choice="2"))
    assert not any(o.card == KRAXON for o in seat.offers) and _shield_losses(g, "K") == 0


def test_the_notation_writes_the_points_the_kraxon_takes() -> None:
    g, _ = _kraxon(["hit", "crit", "hit", "hit"], answer=AbilityUse(choice="2", reason="scripted"))
    (use,) = used(g, KRAXON)
    line = notation_uses(use, g.state.ship("K"), ())
    assert line_text(line) == "K uses Kraxon choosing 2  # scripted"
    back = uses_line(9, line.ship, "Kraxon choosing 2", "")
    offer = AbilityOffer("K", KRAXON, "Kraxon", 0, "transfer", "", "", "A",
                         actions=tuple(ActionOption(str(n)) for n in range(1, 5)))
    assert answer(back, offer).choice == "2" and use_problem(back, offer) is None
    assert use_problem(uses_line(9, line.ship, "Kraxon choosing 5", ""), offer) is not None

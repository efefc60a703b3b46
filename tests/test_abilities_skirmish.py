"""The bundled skirmish's captains with Action: cards (Riker, Weyoun, Keevan), each from its text's situation."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, one_attack, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.players import ActionChoice

WEYOUN, KEEVAN = "weyoun_71524", "keevan_71524"


def test_riker_fires_back_at_an_attacker_at_range_1() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("ability:2002:0")]}, attacks={"A": [None]},
                            use_abilities=True), ScriptedPlayer()]
    # J attacks Riker's ship: 3 + 1 dice, Riker's 2 defense dice, then his 2 dice back at J
    g = one_attack([ship("A", 0, AKIRA, captain="2002"), ship("J", 1, ATTACK_SHIP)],
                   ["hit", "blank", "blank", "blank", "blank", "blank", "hit", "crit"], players=seats, holds=())
    back = [u for u in used(g, "2002") if u.window == "damage"]
    assert len(back) == 1 and back[0].faces == ("hit", "crit") and back[0].subject == "J"
    on_j = [e for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "J"]
    assert [e.cause for e in on_j] == ["William T. Riker"] * 2  # no defense roll against it
    assert [e.kind for e in g.events if isinstance(e, ev.DiceRolled)] == ["attack", "defense"]
    assert any(isinstance(e, ev.DamageDealt) and e.ship == "A" for e in g.events)  # J's hit still lands


def test_riker_does_not_fire_back_beyond_range_1() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("ability:2002:0")]}, attacks={"A": [None]},
                            use_abilities=True), ScriptedPlayer()]
    g = one_attack([ship("A", 0, AKIRA, captain="2002"), ship("J", 1, ATTACK_SHIP)], ["blank"] * 6, band=2,
                   players=seats, holds=())
    assert [u.window for u in used(g, "2002")] == ["action"]


def test_weyouns_target_cannot_attack_his_ship_and_his_ship_holds_fire() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{WEYOUN}:0", "J")]}), ScriptedPlayer()]
    g = one_attack([ship("A", 0, ATTACK_SHIP, captain=WEYOUN), ship("J", 1, AKIRA)], [], players=seats, holds=())
    [use] = used(g, WEYOUN)
    assert use.marks == ("J", "A") and use.uses == 2 and use.limit == "game"
    assert not any(isinstance(e, ev.AttackDeclared) for e in g.events)
    assert g.state.ship("A").used_game == (WEYOUN,)


def test_weyoun_has_two_mission_tokens() -> None:
    g = one_attack([ship("A", 0, ATTACK_SHIP, captain=WEYOUN), ship("J", 1, AKIRA)], ["blank"] * 9)
    a = g.state.ship("A")
    assert [o.targets for o in action_options(g.state, a)] == [("J",)]
    once = g.state.update("A", used_game=(WEYOUN,))
    assert action_options(once, once.ship("A"))
    twice = g.state.update("A", used_game=(WEYOUN, WEYOUN))
    assert action_options(twice, twice.ship("A")) == []


def test_keevan_fires_first_at_his_target_which_gains_four_dice_against_him() -> None:
    seats = [ScriptedPlayer(actions={"K": [ActionChoice(f"ability:{KEEVAN}:0", "J")]}), ScriptedPlayer()]
    # Keevan (skill 4) before Sisko (skill 6): 3 + 1 dice at J, J's 2; then J's 4 + 1 + 4 at K, K's 2
    g = one_attack([ship("K", 0, ATTACK_SHIP, captain=KEEVAN), ship("J", 1, AKIRA, captain="2029")],
                   ["blank"] * 4 + ["blank"] * 2 + ["blank"] * 9 + ["blank"] * 2, players=seats, holds=(),
                   poses={"K": __import__("ability_helpers").facing(1, a="K")["K"],
                          "J": __import__("ability_helpers").facing(1, a="K")["J"]})
    declared = [e.ship for e in g.events if isinstance(e, ev.AttackDeclared)]
    assert declared == ["K", "J"]
    j_roll = rolled(g, "attack")[1]
    assert len(j_roll.faces) == 9 and "Keevan +4" in j_roll.count_reason

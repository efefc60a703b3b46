"""Weapon and elite talent cards: each from the situation its text describes (docs/abilities.md)."""

from __future__ import annotations

from ability_helpers import (
    AKIRA,
    ATTACK_SHIP,
    BATTLE_CRUISER,
    NEGHVAR,
    VORCHA,
    one_attack,
    resolved,
    rolled,
    ship,
    used,
)
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import ActionChoice


def _torpedo_seats(weapon: str) -> list[ScriptedPlayer]:
    return [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J")]}, attacks={"A": [weapon]},
                           use_abilities=True), ScriptedPlayer()]


def test_photon_torpedoes_turn_one_battle_stations_result_into_a_crit() -> None:
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3006"]), ship("J", 1, ATTACK_SHIP)],
                   ["battle_stations", "battle_stations", "blank", "blank", "blank", "blank", "blank"], band=2,
                   players=_torpedo_seats("3006"))
    [use] = used(g, "3006")
    assert use.dice == (0,) and resolved(g).crits == 1 and resolved(g).hits == 0


def test_photon_torpedoes_text_does_not_apply_to_the_primary_weapon() -> None:
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3006"]), ship("J", 1, ATTACK_SHIP)],
                   ["battle_stations"] * 4 + ["blank"] * 3, band=2)
    assert not used(g, "3006")


def test_bonus_torpedoes_add_a_die_from_their_own_class_only() -> None:
    for hull, card in ((BATTLE_CRUISER, "photon_torpedoes_71524"), (VORCHA, "3010"), (NEGHVAR, "3051")):
        g = one_attack([ship("A", 0, hull, upgrades=[card]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 10, band=2,
                       players=_torpedo_seats(card))
        assert len(rolled(g, "attack")[0].faces) == 6, card  # printed 5, +1 from the class
    g = one_attack([ship("A", 0, VORCHA, upgrades=["3051"]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 10, band=2,
                   players=_torpedo_seats("3051"))
    assert len(rolled(g, "attack")[0].faces) == 5 and not used(g, "3051")  # a Negh'var card on a Vor'cha


def test_quantum_torpedoes_add_a_hit_to_an_attack_that_hits() -> None:
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3067"]), ship("J", 1, ATTACK_SHIP)],
                   ["hit", "blank", "blank", "blank", "blank", "blank", "blank"], band=2,
                   players=_torpedo_seats("3067"))
    assert used(g, "3067")[0].amount == 1
    shields = [e for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "J"]
    assert len(shields) == 2  # the hit and the torpedoes' extra hit
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3067"]), ship("J", 1, ATTACK_SHIP)],
                   ["hit", "blank", "blank", "blank", "blank", "evade", "blank"], band=2,
                   players=_torpedo_seats("3067"))
    assert not used(g, "3067") and not any(isinstance(e, ev.DamageDealt) for e in g.events)


def test_plasma_torpedoes_reroll_every_blank_once() -> None:
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3016"]), ship("J", 1, ATTACK_SHIP)],
                   ["hit", "blank", "blank", "hit", "blank", "crit", "crit", "hit", "blank", "blank"], band=2,
                   players=_torpedo_seats("3016"))
    [use] = used(g, "3016")
    assert use.dice == (1, 2, 4)
    assert resolved(g).hits == 3 and resolved(g).crits == 2


def test_phased_polaron_beam_damage_goes_past_the_shields() -> None:
    seats = [ScriptedPlayer(attacks={"A": ["3081"]}), ScriptedPlayer()]
    g = one_attack([ship("A", 0, ATTACK_SHIP, upgrades=["3081"]), ship("J", 1, AKIRA)],
                   ["hit", "hit", "blank", "blank", "blank", "blank"], band=2, players=seats)
    assert used(g, "3081")[0].window == "damage"
    dealt = [e for e in g.events if isinstance(e, ev.DamageDealt)]
    assert [e.to for e in dealt] == ["hull", "hull"] and g.state.ship("J").shields == 3


def test_plain_torpedoes_are_supported_by_the_weapon_table() -> None:
    g = one_attack([ship("A", 0, ATTACK_SHIP, upgrades=["3058"]), ship("J", 1, AKIRA)], ["blank"] * 8, band=2,
                   players=_torpedo_seats("3058"))
    assert not used(g) and rolled(g, "attack")[0].count_reason.startswith("Photon Torpedoes")


def test_all_forward_disruptor_banks_adds_a_die_from_the_forward_arc_and_is_disabled() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("ability:3034:0")]}), ScriptedPlayer()]
    g = one_attack([ship("A", 0, VORCHA, upgrades=["3034"]), ship("J", 1, ATTACK_SHIP)], ["blank"] * 10,
                   players=seats)
    action = used(g, "3034")[0]
    assert action.window == "action" and action.disable and action.marks == ("A",)
    assert len(rolled(g, "attack")[0].faces) == 7 and "3034" in g.state.ship("A").cards_disabled
    options = [o.action for o in g.action_options(g.state.ship("A"))]
    assert "ability:3034:0" not in options  # disabled: no second use


def test_corbomite_maneuver_stops_attacks_both_ways_and_is_discarded() -> None:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("ability:3027:0")]}), ScriptedPlayer()]
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3027"]), ship("J", 1, ATTACK_SHIP)], [], players=seats, holds=())
    assert used(g, "3027")[0].discard and "3027" in g.state.ship("A").cards_discarded
    assert not any(isinstance(e, ev.AttackDeclared) for e in g.events)
    skipped = {e.ship for e in g.events if isinstance(e, ev.AttackSkipped)}
    assert skipped == {"A", "J"}

"""Cards without a test of their own before: Maxwell Burke, the Crew and Tech printings of
Unremarkable Species, the 3rd Wing Attack Ship's Photon Torpedoes; each from its text's situation
and one where it does not apply. Dice: the Akira (A) rolls 4 attack dice (+1 at Range 1) and 2
defense dice (+1 at Range 3); the Jem'Hadar Attack Ship (J) 3 attack and 2 defense dice."""

from __future__ import annotations

from ability_helpers import AKIRA, ATTACK_SHIP, dice_count, one_attack, rolled, ship, used
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import ActionChoice

BLANKS = ["blank"] * 20


def _seats(a: list[ActionChoice] | None = None, attacks: dict[str, list[str | None]] | None = None
           ) -> list[ScriptedPlayer]:
    return [ScriptedPlayer(actions={"A": a or []}, attacks=attacks, use_abilities=True),
            ScriptedPlayer(use_abilities=True)]


def test_maxwell_burke_discards_himself_for_two_attack_dice_this_round() -> None:
    burke = "maxwell_burke_71276"
    g = one_attack([ship("A", 0, AKIRA, captain=burke), ship("J", 1, ATTACK_SHIP)], BLANKS,
                   players=_seats([ActionChoice(f"ability:{burke}:0")]))
    [action] = [u for u in used(g, burke) if u.window == "action"]
    assert action.discard and action.marks == ("A",)
    assert dice_count(g, "attack") == 7  # 4 + 1 at Range 1 + 2
    assert burke in g.state.ship("A").cards_discarded
    assert f"ability:{burke}:0" not in [o.action for o in g.action_options(g.state.ship("A"))]  # gone
    g = one_attack([ship("A", 0, AKIRA, captain=burke), ship("J", 1, ATTACK_SHIP)], BLANKS, players=_seats())
    assert dice_count(g, "attack") == 5 and not used(g, burke)  # no Action: no dice, the card kept


def test_unremarkable_species_crew_and_tech_printings_against_a_borg_ship() -> None:
    for card_id in ("unremarkable_species_c_72018", "unremarkable_species_t_72018"):
        borg = [ScriptedPlayer(attacks={"A": ["J"]}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
        g = one_attack([ship("A", 0, "borg_sphere_71283"), ship("J", 1, ATTACK_SHIP, upgrades=[card_id])], BLANKS,
                       band=2, players=borg)
        assert dice_count(g, "defense") == 4 and used(g, card_id)[0].window == "defense_dice", card_id
        g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[card_id])], BLANKS, band=2,
                       players=_seats())
        assert dice_count(g, "defense") == 2 and not used(g, card_id), card_id  # the Akira is no Borg ship


def test_the_3rd_wing_attack_ships_torpedoes_need_a_lock_and_fire_from_the_table() -> None:
    torpedo = "photon_torpedoes_3rd_wing_attack_ship"
    g = one_attack([ship("A", 0, ATTACK_SHIP, upgrades=[torpedo]), ship("J", 1, AKIRA)], BLANKS, band=2,
                   players=_seats([ActionChoice("target_lock", "J")], attacks={"A": [torpedo]}))
    declared = next(e for e in g.events if isinstance(e, ev.AttackDeclared))
    assert declared.weapon == torpedo and not used(g)
    assert len(rolled(g, "attack")[0].faces) == 5  # the card's attack 5, no range bonus for a secondary weapon
    assert any(isinstance(e, ev.TargetLockRemoved) for e in g.events)  # the lock is spent to fire
    assert g.state.ship("A").target_lock is None
    assert [w.disabled for w in g.state.ship("A").weapons if w.upgrade_id == torpedo] == [True]  # and disabled
    g = one_attack([ship("A", 0, ATTACK_SHIP, upgrades=[torpedo]), ship("J", 1, AKIRA)], BLANKS, band=2,
                   players=_seats(attacks={"A": [torpedo]}))
    assert all(e.weapon != torpedo for e in g.events if isinstance(e, ev.AttackDeclared))  # no lock: no torpedo

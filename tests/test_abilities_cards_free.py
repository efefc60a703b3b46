"""Free actions from cards (after the Perform Action step, from the Action Bar), ships that may not
attack each other, and the third batch's weapons and squadron cards: each from its text's
situation and one where it does not hold. The Akira (A) has Evasive Maneuvers, Target Lock, Scan
and Battle Stations on its Action Bar; the Vor'cha also Cloak."""

from __future__ import annotations

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, attack, dice_count, one_attack, resolved, seats, ship, used
from aw_helpers import ScriptedPlayer

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import ActionChoice

BLANKS = ["blank"] * 30


def _round(captain: str | None = None, a: list[str] = (), action: str = "pass",  # type: ignore[assignment]
           hull: str = AKIRA, dial: tuple[str, int] = ("straight", 1)) -> Game:
    """One round in which A performs ``action`` (its seat takes a card's free action by the policy)."""
    players = [ScriptedPlayer(dials={"A": [dial]}, actions={"A": [ActionChoice(action, "J" if action == "target_lock"
                                                                               else None)]}, use_abilities=True),
               ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, hull, captain, upgrades=a), ship("J", 1, ATTACK_SHIP)], BLANKS, band=1,
                      players=players)


def _free(g: Game, card: str) -> str | None:
    """The free action the card gave, or None."""
    found = [u for u in used(g, card) if u.window == "free_action"]
    return found[0].choice if found else None


@pytest.mark.parametrize(("captain", "wanted", "after_it"), [
    ("donald_varley_72336", "scan", "scan"), ("mr_spock_71523", "target_lock", "target_lock")])
def test_captains_free_actions_each_round(captain: str, wanted: str, after_it: str) -> None:
    g = _round(captain)
    assert _free(g, captain) == wanted
    assert any(isinstance(e, ev.ActionPerformed) and e.action == wanted for e in g.events)
    g = _round(captain, action=after_it)  # the same action twice in a round: not even free
    assert _free(g, captain) != wanted


@pytest.mark.parametrize(("card", "action", "cost"), [
    ("seven_of_nine_72014", "battle_stations", "disable"), ("tuvok_72221d", "scan", "discard"),
    ("day_kannu_op6prize", "target_lock", "discard"), ("darok_71804", "target_lock", "discard"),
    ("targeting_systems_72221f", "target_lock", "discard"), ("marauder_71806", "battle_stations", "disable"),
    ("control_central_72321p", "target_lock", "disable")])
def test_upgrades_pay_for_a_free_action(card: str, action: str, cost: str) -> None:
    g = _round(a=[card])
    assert _free(g, card) == action and getattr(used(g, card)[0], cost)
    assert _free(_round(a=[card], action=action), card) != action  # already performed this round


def test_high_energy_sensor_sweep_disables_a_shield_for_a_free_scan() -> None:
    for card in ("3137", "high_energy_sensor_sweep_72011"):
        g = _round(a=[card])
        assert _free(g, card) == "scan", card
        assert any(isinstance(e, ev.ShieldsChanged) and e.cause == "High Energy Sensor Sweep" and e.active == 2
                   for e in g.events)
    assert _free(_round(a=["3137"], action="scan"), "3137") is None


def test_valeris_and_navigational_station_after_a_green_maneuver_only() -> None:
    for card in ("valeris_72319g", "navigational_station_72017"):
        assert _free(_round(a=[card]), card) == "evasive_maneuvers", card  # 1 straight: green
        assert _free(_round(a=[card], dial=("straight", 4)), card) is None, card  # white


def test_thei_cloaks_a_ship_with_cloak_on_its_bar() -> None:
    g = _round(a=["thei_72315p"], hull=VORCHA)
    assert _free(g, "thei_72315p") == "cloak"
    assert any(isinstance(e, ev.CloakChanged) and e.ship == "A" and e.cloak == "green" for e in g.events)
    assert _free(_round(a=["thei_72315p"]), "thei_72315p") is None  # the Akira cannot cloak


# --- ships that do not attack each other ----------------------------------------------------------

@pytest.mark.parametrize(("card", "band"), [("k_ehleyr_72009", 1), ("pardek_72024", 3),
                                            ("provisional_government_71803", 2)])
def test_the_two_ships_do_not_attack_each_other(card: str, band: int) -> None:
    # J acts after both ships moved, so the range is the band's
    players = [ScriptedPlayer(use_abilities=True),
               ScriptedPlayer(actions={"J": [ActionChoice(f"ability:{card}:0", "A")]}, use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[card])], BLANKS, band=band,
                   players=players, holds=())
    assert not [e for e in g.events if isinstance(e, ev.AttackDeclared)] and card in g.state.ship("J").cards_discarded
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[card])], BLANKS, band=band,
                   players=[ScriptedPlayer(), ScriptedPlayer()], holds=())
    assert len([e for e in g.events if isinstance(e, ev.AttackDeclared)]) == 2


# --- weapons, squadrons -------------------------------------------------------------------------

def test_all_power_to_phasers_pays_with_every_shield() -> None:
    # the seat uses it (the policy keeps it here: 3 shields are worth more than 2 dice, see
    # test_abilities_ai_costs)
    g = attack(BLANKS, a=["all_power_to_phasers_72317p"], seats=seats(uses=["all_power_to_phasers_72317p"]))
    shields = next(e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.cause == "All Power to Phasers")
    assert dice_count(g, "attack") == 7 and (shields.active, shields.disabled) == (0, 3)
    torpedo = seats([ActionChoice("target_lock", "J")], attacks={"A": ["3006"]})
    assert not used(attack(BLANKS, a=["all_power_to_phasers_72317p", "3006"], band=2, seats=torpedo),
                    "all_power_to_phasers_72317p")


def test_attack_wave_and_reconnaissance() -> None:
    g = attack(BLANKS, a=["attack_wave_71753"])
    assert dice_count(g, "attack") == 6 and "attack_wave_71753" in g.state.ship("A").cards_disabled
    assert dice_count(attack(BLANKS, j=["attack_wave_71753"]), "attack") == 5  # defending: not its step
    g = _round(a=["reconnaissance_72019"], action="ability:reconnaissance_72019:0")
    a = g.state.ship("A")
    assert a.aux_power == 1 and any(isinstance(e, ev.TokensChanged) and e.token == "scan"
                                    and e.cause == "Reconnaissance" for e in g.events)


# --- tokens placed before the dice are rolled ---------------------------------------------------

def _token(g: Game, ship_id: str, token: str, cause: str) -> int:
    return sum(e.delta for e in g.events if isinstance(e, ev.TokensChanged) and e.ship == ship_id
               and e.token == token and e.cause == cause)


def test_invaluable_advice_gives_a_battle_stations_token_before_the_roll() -> None:
    faces = ["battle_stations", "blank", "blank", "blank", "blank", *BLANKS]
    g = attack(faces, a=["invaluable_advice_op5prize"])
    assert _token(g, "A", "battle_stations", "Invaluable Advice") == 1 and resolved(g).hits == 1
    assert resolved(attack(faces)).hits == 0  # without it the result stays a battle stations result
    g = attack(["hit", "blank", "blank", "blank", "blank", "battle_stations", "blank", *BLANKS],
               j=["invaluable_advice_op5prize"])
    assert _token(g, "J", "battle_stations", "Invaluable Advice") == 1 and resolved(g).hits == 0  # defending


def test_coordinated_attack_only_without_a_battle_stations_token() -> None:
    g = attack(BLANKS, a=["coordinated_attack_71753"])
    assert _token(g, "A", "battle_stations", "Coordinated Attack") == 1
    g = attack(BLANKS, a=["coordinated_attack_71753"], seats=seats(a=[ActionChoice("battle_stations")]))
    assert not used(g, "coordinated_attack_71753")


def test_defensive_maneuvers_give_an_evade_token_to_the_defender() -> None:
    g = attack(["hit", "blank", "blank", "blank", "blank", *BLANKS], j=["defensive_maneuvers_71753"])
    assert _token(g, "J", "evade", "Defensive Maneuvers") == 1 and resolved(g).hits == 0
    assert not used(attack(BLANKS, a=["defensive_maneuvers_71753"]))  # attacking: not its card's moment

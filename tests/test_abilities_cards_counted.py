"""Cards that count something (upgrades of a type, damage cards, friendly ships), and the other
captains and talents of the cards lane's second batch, each from its text's situation and one
where it does not hold. Dice as in test_abilities_more_cards: the Akira (A) rolls 4 attack dice
(+1 at Range 1) and 2 defense dice; the Jem'Hadar Attack Ship (J) 3 attack and 2 defense dice."""

from __future__ import annotations

from ability_helpers import (
    AKIRA,
    ATTACK_SHIP,
    VORCHA,
    attack,
    dice_count,
    facing,
    one_attack,
    resolved,
    seats,
    ship,
    used,
)
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.catalog import load_catalog
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.registry import card
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.play import play
from engine.rulesets.attack_wing.players import ActionChoice
from engine.rulesets.attack_wing.scenario import load_scenario

BLANKS = ["blank"] * 30
TECH = ("3017", "3040")  # tech upgrades that do nothing in these attacks (they act only while cloaked)
CREW = ("3069", "3014")  # crew whose abilities are Actions: nothing in combat unless performed


def _act(card_id: str) -> list[ScriptedPlayer]:
    return seats(a=[ActionChoice(f"ability:{card_id}:0")])


def _after_a_first_attack(target_captain: str | None = None, target: list[str] = (),  # type: ignore[assignment]
                          faces: list[str] = BLANKS) -> Game:
    """K (Kirk: skill 6) attacks J first at Range 3 with two hits on J, which has no shields: two
    damage cards; then A attacks J at Range 2."""
    poses = {**facing(2), "K": Pose(520, facing(2)["A"].y, 0)}
    players = [ScriptedPlayer(attacks={"A": ["J"], "K": ["J"]}, use_abilities=True),
               ScriptedPlayer(attacks={"J": [None]}, use_abilities=True)]
    ships = [ship("A", 0, AKIRA), ship("K", 0, AKIRA, "2011"),
             ship("J", 1, ATTACK_SHIP, target_captain, upgrades=target, shields=0)]
    g = game(ships, poses, players, ScriptedDice(["hit", "hit", "blank", "blank", "blank", "blank", "blank", *faces]),
             round_limit=1)
    g.play()
    return g


# --- captains -------------------------------------------------------------------------------------

def test_kirk_is_supported_so_the_duel_plays_every_card() -> None:
    kirk = card("2011")
    assert kirk is not None and not kirk.abilities and "fleet building" in kirk.note
    assert play(load_scenario("duel"), 7).warnings == ()


def test_gowron_with_every_shield_destroyed_on_a_klingon_ship() -> None:
    g = attack(BLANKS, a_captain="gowron_72323p", a_hull=VORCHA, holds=("J",))
    assert dice_count(g, "attack") == 6 and not used(g)  # shields up: 5 + Range 1
    g = one_attack([ship("A", 0, VORCHA, "gowron_72323p", shields=0), ship("J", 1, ATTACK_SHIP)], BLANKS,
                   players=seats())
    assert dice_count(g, "attack") == 7
    g = one_attack([ship("A", 0, AKIRA, "gowron_72323p", shields=0), ship("J", 1, ATTACK_SHIP)], BLANKS,
                   players=seats())
    assert dice_count(g, "attack") == 5  # not a Klingon ship


def test_klaang_against_a_ship_with_an_independent_captain() -> None:
    assert dice_count(attack(BLANKS, a_captain="klaang_72938", j_captain="karr_71808"), "attack") == 6
    assert dice_count(attack(BLANKS, a_captain="klaang_72938"), "attack") == 5


def test_beverly_crusher_after_a_green_maneuver_only() -> None:
    faces = ["hit", "blank", "blank", "blank", "blank", "battle_stations", "blank", *BLANKS]
    g = attack(faces, j_captain="beverly_crusher_71807")  # 1 straight: green
    assert used(g)[0].dice == (0,) and resolved(g).hits == 0
    white = [ScriptedPlayer(use_abilities=True), ScriptedPlayer(dials={"J": [("straight", 3)]}, use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, "beverly_crusher_71807")], faces, band=3,
                   players=white)
    assert not used(g)


def test_tactical_drones_and_third_of_five_spend_drone_tokens() -> None:
    g = attack(["blank", "hit", "hit", "hit", "hit", *BLANKS], a_captain="tactical_drone_71283")
    [use] = used(g)
    assert use.dice == (0,) and use.uses == 4
    assert not used(attack(["hit"] * 5 + BLANKS, a_captain="tactical_drone_71283"))  # nothing to reroll
    g = attack(BLANKS, a_captain="tactical_drone_71530")
    assert dice_count(g, "defense") == 1 and used(g)[0].uses == 5
    assert dice_count(attack(BLANKS, j_captain="tactical_drone_71530"), "defense") == 2  # defending: not its step
    g = attack(BLANKS, j_captain="third_of_five_71525")
    assert dice_count(g, "defense") == 3 and used(g)[0].uses == 3
    assert dice_count(attack(BLANKS, a_captain="third_of_five_71525"), "defense") == 2


def test_culluh_counts_tech_upgrades_up_to_two() -> None:
    for tech, n in (((), 2), (TECH[:1], 3), (TECH, 4), (("3017", "3040", "3012"), 4)):
        assert dice_count(attack(BLANKS, j_captain="culluh_72221h", j=list(tech)), "defense") == n, tech


def test_robert_desoto_rerolls_a_defense_die_per_crew_upgrade() -> None:
    faces = ["hit"] * 5 + ["blank", "blank", *BLANKS]
    assert used(attack(faces, j_captain="robert_desoto_71998p", j=list(CREW)))[0].dice == (0, 1)
    assert used(attack(faces, j_captain="robert_desoto_71998p", j=list(CREW[:1])))[0].dice == (0,)
    assert not used(attack(faces, j_captain="robert_desoto_71998p"))  # no crew


def test_krim_rerolls_a_defense_die_per_damage_card() -> None:
    g = _after_a_first_attack("krim_71803", faces=["hit"] * 4 + ["blank", "blank", *BLANKS])
    assert sum(isinstance(e, ev.DamageDealt) and e.ship == "J" for e in g.events[:g.events.index(
        next(e for e in g.events if isinstance(e, ev.AttackDeclared) and e.ship == "A"))]) == 2
    [use] = used(g, "krim_71803")
    assert use.dice == (0, 1)  # two damage cards: two dice (none at the first attack: no damage yet)


def test_gul_jasad_counts_friendly_ships_near() -> None:
    jasad = "gul_jasad_72221c"
    poses = {**facing(1), "B": Pose(520, facing(1)["A"].y, 0)}
    players = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{jasad}:0")]}, attacks={"A": ["J"], "B": [None]},
                              use_abilities=True), ScriptedPlayer(attacks={"J": [None]})]
    g = game([ship("A", 0, AKIRA, jasad), ship("B", 0, AKIRA), ship("J", 1, ATTACK_SHIP)], poses, players,
             ScriptedDice(BLANKS), round_limit=1)
    g.play()
    assert dice_count(g, "attack", "A") == 6 and g.state.ship("A").aux_power == 1  # one friend: +1
    g = attack(BLANKS, a_captain=jasad, seats=_act(jasad))
    assert dice_count(g, "attack") == 5 and g.state.ship("A").aux_power == 0  # no friend near


def test_degra_adds_more_to_a_xindi_weapon() -> None:
    for weapon, n in (("3006", 1), ("xindi_torpedoes_72335", 2)):
        lock = seats([ActionChoice("target_lock", "J")], attacks={"A": [weapon]})
        g = attack(BLANKS, a=[weapon], a_captain="degra_72335", band=2, seats=lock)
        assert dice_count(g, "attack") == 6 and used(g)[0].amount == n, weapon  # 5 + 1; 4 + 2
    assert dice_count(attack(BLANKS, a_captain="degra_72335"), "attack") == 5  # the primary weapon


# --- crew, talents, weapons ----------------------------------------------------------------------

def test_geordi_la_forge_is_disabled_for_a_die_per_tech_upgrade() -> None:
    g = attack(BLANKS, j=["geordi_la_forge_72017", *TECH])
    assert dice_count(g, "defense") == 4 and "geordi_la_forge_72017" in g.state.ship("J").cards_disabled
    assert dice_count(attack(BLANKS, j=["geordi_la_forge_72017", TECH[0]]), "defense") == 3
    assert not used(attack(BLANKS, j=["geordi_la_forge_72017"]))  # no tech upgrade


def test_bajoran_militia_add_a_die_for_each_militia() -> None:
    militia = "bajoran_militia_71803"
    g = attack(BLANKS, a=[militia, militia], seats=_act(militia))
    assert dice_count(g, "attack") == 7
    assert dice_count(attack(BLANKS, a=[militia, militia]), "attack") == 5  # no Action


def test_interrogation_counts_the_defenders_upgrades() -> None:
    g = attack(BLANKS, a=["interrogation_72325p"])
    assert dice_count(g, "attack") == 6 and "interrogation_72325p" in g.state.ship("A").cards_discarded
    assert dice_count(attack(BLANKS, a=["interrogation_72325p"], j=list(TECH)), "attack") == 8
    assert dice_count(attack(BLANKS, a=["interrogation_72325p"], j=[*TECH, *CREW]), "attack") == 8  # at most 3


def test_devotion_to_duty_counts_damage_cards_after_its_action() -> None:
    duty = "devotion_to_duty_72009"
    g = _after_a_first_attack(target=[duty], faces=BLANKS)
    assert not used(g, duty)  # no Action
    poses = {**facing(2), "K": Pose(520, facing(2)["A"].y, 0)}
    players = [ScriptedPlayer(attacks={"A": [None], "K": ["J"]}, use_abilities=True),
               ScriptedPlayer(actions={"J": [ActionChoice(f"ability:{duty}:0")]}, attacks={"J": ["A"]},
                              use_abilities=True)]
    ships = [ship("A", 0, AKIRA), ship("K", 0, AKIRA, "2011"), ship("J", 1, ATTACK_SHIP, upgrades=[duty], shields=0)]
    g = game(ships, poses, players, ScriptedDice(["hit", "hit", "blank", "blank", "blank", "blank", "blank",
                                                  *BLANKS]), round_limit=1)
    g.play()
    assert dice_count(g, "attack", "J") == 5 and duty in g.state.ship("J").cards_discarded  # 3 + 2 damage cards


def test_enemy_of_the_empire_is_disabled_against_a_klingon() -> None:
    g = attack(BLANKS, a=["enemy_of_the_empire_72325p"])
    assert dice_count(g, "attack") == 6 and used(g)[0].discard
    g = attack(BLANKS, a=["enemy_of_the_empire_72325p"], j_captain="2005")  # a Klingon captain
    assert dice_count(g, "attack") == 6 and used(g)[0].disable and not used(g)[0].discard


def test_tactical_station_and_variable_yield_charges() -> None:
    g = attack(BLANKS, a=["tactical_station_71510"])
    assert dice_count(g, "attack") == 6 and [u.disable for u in used(g)] == [True]  # the cheaper option
    charges = seats(attacks={"A": ["photonic_charges_71282"]})
    g = attack(BLANKS, a=["variable_yield_charges_72018", "photonic_charges_71282"], seats=charges)
    assert used(g, "variable_yield_charges_72018") and g.state.ship("A").aux_power == 1
    g = attack(BLANKS, a=["variable_yield_charges_72018"])
    assert not used(g) and not any(isinstance(e, ev.TokensChanged) and e.token == "aux_power" for e in g.events)


def test_bochra_on_a_romulan_scout_vessel_with_a_scan_token() -> None:
    scout = next(s.id for s in load_catalog().ships() if load_catalog().class_of(s).name == "Romulan Scout Vessel")
    g = attack(BLANKS, a_captain="bochra_72024", a_hull=scout, seats=seats(a=[ActionChoice("scan")]), holds=())
    assert [u.window for u in used(g, "bochra_72024")] == ["attack_dice", "defense_dice"]  # its scan token
    plain = attack(BLANKS, a_hull=scout, seats=seats(a=[ActionChoice("scan")]))
    assert dice_count(g, "attack", "A") == dice_count(plain, "attack", "A") + 1
    assert not used(attack(BLANKS, a_captain="bochra_72024", seats=seats(a=[ActionChoice("scan")])))  # an Akira
    assert not used(attack(BLANKS, a_captain="bochra_72024", a_hull=scout))  # no scan token


def test_unremarkable_species_against_a_borg_ship() -> None:
    for card_id in ("unremarkable_species_72018", "unremarkable_species_w_72018"):
        borg = [ScriptedPlayer(attacks={"A": ["J"]}, use_abilities=True), ScriptedPlayer(use_abilities=True)]
        g = one_attack([ship("A", 0, "borg_sphere_71283"), ship("J", 1, ATTACK_SHIP, upgrades=[card_id])], BLANKS,
                       band=2, players=borg)
        assert dice_count(g, "defense") == 4, card_id
    assert dice_count(attack(BLANKS, j=["unremarkable_species_72018"]), "defense") == 2  # the Akira: no Borg


def test_insectoid_commander_spends_one_token_an_attack() -> None:
    g = attack(BLANKS, a_captain="insectoid_commander_72003p", seats=seats(a=[ActionChoice("evasive_maneuvers")]))
    [use] = used(g)
    assert dice_count(g, "attack") == 6 and use.token == "evade" and g.state.ship("A").evade == 0
    assert not used(attack(BLANKS, a_captain="insectoid_commander_72003p"))  # no token to remove


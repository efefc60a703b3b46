"""Cards without a test of their own before: Maxwell Burke, the Crew and Tech printings of
Unremarkable Species, the 3rd Wing Attack Ship's Photon Torpedoes; each from its text's situation
and one where it does not apply. Dice: the Akira (A) rolls 4 attack dice (+1 at Range 1) and 2
defense dice (+1 at Range 3); the Jem'Hadar Attack Ship (J) 3 attack and 2 defense dice."""

from __future__ import annotations

from dataclasses import replace

from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, dice_count, one_attack, resolved, rolled, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.game import Game
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


# --- Core set and waves 0-2 ----------------------------------------------------------------------

def _cloaked_j(a_actions: list[ActionChoice] | None = None, j_upgrades: list[str] | None = None,
               a_upgrades: list[str] | None = None, band: int = 2, cloak: bool = True,
               faces: list[str] | None = None) -> Game:
    """A (Akira) attacks J (Vor'cha, agility 1), which cloaks as its action (agility 1 + 4)."""
    seats = [ScriptedPlayer(actions={"A": a_actions or []}, attacks={"A": ["J"]}, use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice("cloak")] if cloak else []}, use_abilities=True)]
    return one_attack([ship("A", 0, AKIRA, upgrades=a_upgrades or []), ship("J", 1, VORCHA,
                                                                              upgrades=j_upgrades or [])],
                      faces or BLANKS, band=band, players=seats)


def test_artificial_quantum_singularity_gives_back_the_scan_tokens_dice_while_cloaked() -> None:
    aqs = "3017"
    g = _cloaked_j([ActionChoice("scan")], [aqs])
    assert dice_count(g, "defense") == 5  # 1 + 4 cloaked, the scan's -1 given back
    assert used(g, aqs)[0].amount == 1
    plain = _cloaked_j([ActionChoice("scan")])
    assert dice_count(plain, "defense") == 4  # the scan token takes one
    g = _cloaked_j([ActionChoice("scan")], [aqs], cloak=False)
    assert dice_count(g, "defense") == 0 and not used(g, aqs)  # not cloaked: 1 - 1
    g = _cloaked_j([], [aqs])
    assert dice_count(g, "defense") == 5 and not used(g, aqs)  # no scan token: nothing to give back


def test_polarized_hull_plating_turns_a_landing_crit_into_a_hit() -> None:
    php = "3077"
    # the Akira's 4 dice at Range 2: crit, hit, blank, blank; the Attack Ship's 2: blank, blank
    faces = ["crit", "hit", "blank", "blank", "blank", "blank", *BLANKS]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[php])], faces, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    assert (resolved(g).hits, resolved(g).crits) == (2, 0) and used(g, php)[0].window == "compare"
    # an evade cancels the hit, the crit still lands: it becomes a hit
    faces = ["crit", "hit", "blank", "blank", "evade", "blank", *BLANKS]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[php])], faces, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    assert (resolved(g).hits, resolved(g).crits) == (1, 0)
    # two evades cancel both: no crit lands, the card does nothing
    faces = ["crit", "hit", "blank", "blank", "evade", "evade", *BLANKS]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[php])], faces, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    assert not used(g, php) and (resolved(g).hits, resolved(g).crits) == (0, 0)


def test_polarized_hull_plating_is_in_the_odds() -> None:
    from test_abilities_odds import _odds
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=["3077"])], BLANKS, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    odds = _odds(g)
    assert odds.cards == ("Polarized Hull Plating",)
    plain = _odds(one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2,
                             players=_seats(attacks={"A": ["J"]})))
    assert odds.damage == plain.damage  # the same damage, one crit of it a hit
    assert 0 < odds.p_crit < plain.p_crit  # a crit lands only when two do


def _cloaked_a(upgrades: list[str], weapon: str | None = None) -> Game:
    """A (Vor'cha) cloaks, then attacks J (with ``weapon``, locking first when it is a torpedo)."""
    actions = [ActionChoice("cloak")]
    seats = [ScriptedPlayer(actions={"A": actions}, attacks={"A": [weapon or "J"]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, upgrades=upgrades), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2,
                      players=seats)


def test_advanced_weapon_system_keeps_the_cloak_green() -> None:
    aws = "3012"
    g = _cloaked_a([aws])
    assert "3012" in g.state.ship("A").cards_disabled
    changed = [(e.cloak, e.cause) for e in g.events if isinstance(e, ev.CloakChanged)]
    assert changed[1:] == [("none", "end phase")]  # still green after firing; the seat did not keep it
    assert used(g, aws)[0].window == "attack_dice"
    g = _cloaked_a([])
    assert any(isinstance(e, ev.CloakChanged) and e.cloak == "red" for e in g.events)  # without it: red
    g = one_attack([ship("A", 0, VORCHA, upgrades=[aws]), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    assert not used(g, aws) and g.state.ship("A").cloak == "none"  # not cloaked: nothing to keep


def test_lojur_is_disabled_instead_of_the_torpedoes() -> None:
    lojur, torpedo = "3110", "3006"
    seats = _seats([ActionChoice("target_lock", "J")], attacks={"A": [torpedo]})
    g = one_attack([ship("A", 0, AKIRA, upgrades=[lojur, torpedo]), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2,
                   players=seats)
    a = g.state.ship("A")
    assert [w.disabled for w in a.weapons if w.upgrade_id == torpedo] == [False] and lojur in a.cards_disabled
    assert "stays armed" in used(g, lojur)[0].reason
    seats = _seats([ActionChoice("target_lock", "J")], attacks={"A": ["J"]})
    g = one_attack([ship("A", 0, AKIRA, upgrades=[lojur, torpedo]), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2,
                   players=seats)
    assert not used(g, lojur)  # the primary weapon: nothing to disable


def test_varel_cancels_an_attack_against_her_ship() -> None:
    varel = "3039"
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[varel])], BLANKS, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    [use] = used(g, varel)
    assert use.discard and dice_count(g, "attack") == 0 and "exact odds" in use.reason
    assert (resolved(g).hits, resolved(g).crits) == (0, 0) and varel in g.state.ship("J").cards_discarded
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert odds.attack_dice == 0 and odds.expected == 0
    g = one_attack([ship("A", 0, AKIRA, upgrades=[varel]), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    assert not used(g, varel) and dice_count(g, "attack") == 4  # her ship attacking: not hers to cancel


def test_the_fleet_building_captains_play_no_ability() -> None:
    from engine.rulesets.attack_wing.abilities.registry import describe
    for card_id in ("2012", "2023", "2035", "3106"):
        lines = describe(card_id)
        assert lines is not None and len(lines) == 1 and "fleet building" in lines[0], card_id


def test_long_range_tachyon_scan_at_range_3_for_the_round() -> None:
    lrts = "3079"
    g = one_attack([ship("A", 0, AKIRA, upgrades=[lrts]), ship("J", 1, ATTACK_SHIP)], BLANKS, band=3,
                   players=_seats([ActionChoice("scan")], attacks={"A": ["J"]}))
    # agility 2, Range 3 +1; the scan token spent counts no more; 2 fewer: 1
    assert dice_count(g, "defense") == 1 and g.state.ship("A").scan == 0
    use, rider = used(g, lrts)
    assert use.marks == ("J",) and use.token == "scan" and "exact odds" in use.reason
    assert rider.summary.startswith("the marked ship rolls 2 fewer")
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert odds.defense_dice == 1 and "Long Range Tachyon Scan" in odds.cards  # the odds foresaw it
    g = one_attack([ship("A", 0, AKIRA, upgrades=[lrts]), ship("J", 1, ATTACK_SHIP)], BLANKS, band=2,
                   players=_seats([ActionChoice("scan")], attacks={"A": ["J"]}))
    assert not used(g, lrts) and dice_count(g, "defense") == 1  # Range 2: agility 2, scan -1


def test_long_range_tachyon_scans_mark_lasts_the_round() -> None:
    # A (Gowron's skill 6, Range 3) fires first and marks J; B (no captain, skill 1) then fires
    # at J too: J rolls 2 fewer defense dice against B as well
    lrts = "3079"
    poses = {"A": Pose(400, 200, 0), "B": Pose(500, 260, 0), "J": Pose(400, 700, 180)}
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("scan")]}, attacks={"A": ["J"], "B": ["J"]},
                            use_abilities=True), ScriptedPlayer(use_abilities=True)]
    ships = [ship("A", 0, AKIRA, captain="2019", upgrades=[lrts]), ship("B", 0, ATTACK_SHIP), ship("J", 1, ATTACK_SHIP)]
    g = one_attack(ships, BLANKS, players=seats, poses=poses)
    declared = [(e.ship, e.range_band) for e in g.events if isinstance(e, ev.AttackDeclared)]
    rolls = [len(e.faces) for e in rolled(g, "defense") if e.ship == "J"]
    assert declared[0] == ("A", 3) and declared[1][0] == "B"
    plain = 2 + (declared[1][1] == 3)  # B's attack without the mark: agility 2, +1 at Range 3
    assert rolls == [1, max(plain - 2, 0)]


def test_captured_intelligence_an_evade_token_and_a_die_for_the_round() -> None:
    ci = "3100"
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[ci])], BLANKS, band=2,
                   players=_seats(attacks={"A": ["J"]}))
    use, rider = used(g, ci)
    assert rider.amount == 1 and use.discard and use.marks == ("J",) and dice_count(g, "defense") == 3  # 2 + 1
    assert any(isinstance(e, ev.TokensChanged) and e.token == "evade" and e.cause == "Captured Intelligence"
               for e in g.events)
    odds = next(e for e in g.events if isinstance(e, ev.AttackOdds))
    assert (odds.defense_dice, odds.evade_tokens) == (3, 1)  # foreseen by the odds
    seats = [ScriptedPlayer(attacks={"A": ["J"]}, use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice("evasive_maneuvers")]}, use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP, upgrades=[ci])], BLANKS, band=2, players=seats)
    assert not used(g, ci)  # an evade token beside the ship already


def test_massacre_adds_a_damage_when_a_crit_reaches_the_hull() -> None:
    massacre = "3122"
    # the Akira's 5 dice at Range 1 against the Attack Ship's 2 shields: 1 hit and 4 crits, no evade
    faces = ["crit", "crit", "crit", "crit", "hit", "blank", "blank", *BLANKS]
    g = one_attack([ship("A", 0, AKIRA, upgrades=[massacre]), ship("J", 1, ATTACK_SHIP)], faces,
                   players=_seats(attacks={"A": ["J"]}))
    [use] = used(g, massacre)
    assert use.window == "damage" and use.amount == 1 and use.discard
    dealt = [e for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "J"]
    assert len(dealt) == 6  # 5 + 1
    # a hit and a crit: the two shields take them both, no crit reaches the hull
    faces = ["crit", "hit", "blank", "blank", "blank", "blank", "blank", *BLANKS]
    g = one_attack([ship("A", 0, AKIRA, upgrades=[massacre]), ship("J", 1, ATTACK_SHIP)], faces,
                   players=_seats(attacks={"A": ["J"]}))
    assert not used(g, massacre) and g.state.ship("J").shields == 0


def test_massacre_is_in_the_odds() -> None:
    from test_abilities_odds import _odds
    g = one_attack([ship("A", 0, AKIRA, upgrades=["3122"]), ship("J", 1, ATTACK_SHIP)], BLANKS,
                   players=_seats(attacks={"A": ["J"]}))
    plain = _odds(one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP)], BLANKS,
                             players=_seats(attacks={"A": ["J"]})))
    odds = _odds(g)
    assert odds.cards == ("Massacre",)
    # by hand from the plain odds' (hits, crits) weights: one more damage when a crit passes 2 shields
    from engine.rulesets.attack_wing.odds import attack_odds
    base = attack_odds(plain.attack_dice, plain.defense_dice)
    expected = sum((h + c + (c > 0 and h + c > 2)) * w for (h, c), w in base.weights.items()) / base.total
    assert abs(odds.expected - expected) < 1e-4


def test_chang_spends_the_lock_to_disable_the_locked_ships_captain() -> None:
    chang = "2032"
    # round 1: A locks J and holds fire; round 2: Chang spends the lock on Koloth's card, then A fires
    seats = [ScriptedPlayer(actions={"A": [ActionChoice("target_lock", "J"), ActionChoice(f"ability:{chang}:0", "J")]},
                            attacks={"A": [None, "J"], "J": [None, None]}, use_abilities=True),
             ScriptedPlayer(attacks={"J": [None, None]}, use_abilities=True)]
    ships = [ship("A", 0, AKIRA, captain=chang), ship("J", 1, ATTACK_SHIP, captain="2016")]
    poses = {"A": Pose(400, 250, 0), "J": Pose(400, 650, 180)}  # within Range 3 in round 1, closer in round 2
    g = game(ships, poses, seats, ScriptedDice(["hit"] * 5 + BLANKS), round_limit=2)
    g.play()
    assert [(e.ship, e.card, e.cause) for e in g.events if isinstance(e, ev.CardDisabled)] == [("J", "2016", "Chang")]
    assert [e.cause for e in g.events if isinstance(e, ev.TargetLockRemoved) and e.ship == "A"] == ["Chang"]
    assert not used(g, "2016")  # Koloth's forced reroll is disabled when A fires
    assert any(isinstance(e, ev.AttackDeclared) and e.ship == "A" for e in g.events)
    # with no lock held, Chang's Action is not offered
    fresh = one_attack([ship("A", 0, AKIRA, captain=chang), ship("J", 1, ATTACK_SHIP, captain="2016")], BLANKS,
                       players=_seats())
    assert f"ability:{chang}:0" not in [o.action for o in fresh.action_options(fresh.state.ship("A"))]


def test_cloaking_device_cloaks_a_ship_without_cloak_on_its_bar() -> None:
    device = "3068"
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(f"ability:{device}:0")]}, keep_cloak=True,
                            use_abilities=True), ScriptedPlayer(use_abilities=True)]
    g = one_attack([ship("A", 0, AKIRA, upgrades=[device]), ship("J", 1, ATTACK_SHIP)], BLANKS, players=seats,
                   holds=("A", "J"))
    a = g.state.ship("A")
    assert a.cloak == "green" and a.shields == 0 and device in a.cards_disabled  # kept cloaked at the end
    assert next(e.cause for e in g.events if isinstance(e, ev.CloakChanged)) == "Cloaking Device"
    # cloaked, the card disabled: Sensor Echo is on its bar; the card's Cloak is not offered again
    options = [o.action for o in g.action_options(replace(a, actions_done=()))]
    assert "sensor_echo" in options and f"ability:{device}:0" not in options
    plain = one_attack([ship("A", 0, AKIRA), ship("J", 1, ATTACK_SHIP)], BLANKS, players=_seats())
    options = [o.action for o in plain.action_options(plain.state.ship("A"))]
    assert "cloak" not in options and "sensor_echo" not in options  # the Akira's bar has neither
    fresh = one_attack([ship("A", 0, AKIRA, upgrades=[device]), ship("J", 1, ATTACK_SHIP)], BLANKS, players=_seats())
    options = [o.action for o in fresh.action_options(fresh.state.ship("A"))]
    assert f"ability:{device}:0" in options and "sensor_echo" not in options  # not cloaked: no echo

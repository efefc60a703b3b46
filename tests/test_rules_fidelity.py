"""Issue 15: situations a referee checks against the rulebooks. Each test quotes the line it
plays: the Alliance rulebook (000) for the Attack Wing round, the tournament text (003)."""

from __future__ import annotations

from aw_helpers import ScriptedDice, ScriptedPlayer, game, make_ship

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import ActionChoice
from engine.rulesets.attack_wing.state import GameState, ShipState

GALAXY = "1001"  # U.S.S. Enterprise-D, hull 5
ATTACK_SHIP = "1037"  # Dominion Starship, hull 3
BATTLESHIP = "dominion_starship_71279"  # hull 7, small base
CUBE = "cube_112_71792"  # Borg Cube: the large base, hull 10
SHUTTLE = "federation_starship_71997p"  # Type 7 Shuttlecraft: a white 1 come about
EVADE = ActionChoice("evasive_maneuvers")


def quiet(*ids: str) -> ScriptedPlayer:
    return ScriptedPlayer(attacks={s: [None] * 9 for s in ids})


def of(events: list[ev.Event], kind: type, ship: str) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind) and getattr(e, "ship", None) == ship]


# --- 1. leaving an obstacle ------------------------------------------------------------------------

def test_a_ship_leaves_the_obstacle_it_sits_on_without_a_roll() -> None:
    # 000 "Moving Into and Through Obstacles": "When overlapping an Obstacle, the ship stays where it
    # lands (on top of the Token). When the ship moves next turn, it may separate from the Obstacle
    # without a penalty."
    under = Obstacle(((190, 290), (210, 290), (200, 330)), "asteroid under")  # under the base and the template
    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, ATTACK_SHIP)]
    p0 = ScriptedPlayer(dials={"E": [("straight", 1)]}, actions={"E": [EVADE]}, attacks={"E": [None]})
    g = game(ships, {"E": Pose(200, 300, 0), "K": Pose(700, 300, 0)}, [p0, quiet("K")], ScriptedDice([]),
             round_limit=1, obstacles=[under])
    g.play()
    moved = of(g.events, ev.ShipMoved, "E")[0]
    assert moved.obstacles == ()
    assert not of(g.events, ev.ObstacleRolled, "E") and not of(g.events, ev.ActionSkipped, "E")
    assert [e.action for e in of(g.events, ev.ActionPerformed, "E")] == ["evasive_maneuvers"]


def test_another_obstacle_on_the_way_off_still_rolls_and_costs_the_action() -> None:
    under = Obstacle(((190, 290), (210, 290), (200, 330)), "asteroid under")
    ahead = Obstacle(((190, 370), (210, 370), (200, 390)), "asteroid ahead")  # under the final base
    ships = [make_ship("E", 0, GALAXY, shields=0), make_ship("K", 1, ATTACK_SHIP)]
    p0 = ScriptedPlayer(dials={"E": [("straight", 1)]}, actions={"E": [EVADE]}, attacks={"E": [None]})
    g = game(ships, {"E": Pose(200, 300, 0), "K": Pose(700, 300, 0)}, [p0, quiet("K")], ScriptedDice(["blank"]),
             round_limit=1, obstacles=[under, ahead])
    g.play()
    assert of(g.events, ev.ShipMoved, "E")[0].obstacles == ("asteroid ahead",)
    assert [e.obstacle for e in of(g.events, ev.ObstacleRolled, "E")] == ["asteroid ahead"]
    assert [e.cause for e in of(g.events, ev.ActionSkipped, "E")] == ["hit asteroid ahead"]


# --- 3. a come about into a ship ----------------------------------------------------------------------

def test_a_come_about_that_would_overlap_is_a_straight_and_the_ship_skips_its_action() -> None:
    # 000 "Overlapping Other Ships": a come about "that causes it to overlap another ship, instead treat
    # its maneuver as a [straight] Maneuver with the same speed and color revealed on the dial" (the
    # glyphs 2, 8 in the text's order; docs/rulings.md, issue 34), which backs off along its template;
    # 003 rule 7: "A ship ... must skip its "Perform Action" step if it collides with another ship."
    ships = [make_ship("S", 0, SHUTTLE, skill=1), make_ship("J", 1, ATTACK_SHIP, skill=9)]
    p0 = ScriptedPlayer(dials={"S": [("about", 1)]}, actions={"S": [EVADE]}, attacks={"S": [None]})
    g = game(ships, {"S": Pose(400, 300, 0), "J": Pose(400, 410, 0)}, [p0, quiet("J")], round_limit=1)
    g.play()
    moved = of(g.events, ev.ShipMoved, "S")[0]
    assert moved.changed_from == ("about", 1) and (moved.kind, moved.speed) == ("straight", 1)
    assert moved.end.pose().close_to(Pose(400, 370, 0), tol=0.05)  # backed off, touching J, heading kept
    assert moved.bumped == ("J",)
    assert [e.cause for e in of(g.events, ev.ActionSkipped, "S")] == ["bumped another ship"]
    assert not of(g.events, ev.ActionPerformed, "S")


# --- 6. large bases -----------------------------------------------------------------------------------

def _cube_bumps(other: str) -> list[ev.Event]:
    ships = [make_ship("C", 0, CUBE, skill=1), make_ship("J", 1, other, skill=9)]
    p0 = ScriptedPlayer(dials={"C": [("straight", 1)]}, actions={"C": [ActionChoice("scan")]}, attacks={"C": [None]})
    g = game(ships, {"C": Pose(400, 300, 0), "J": Pose(400, 470, 0)}, [p0, quiet("J")], round_limit=1)
    g.play()
    assert of(g.events, ev.ShipMoved, "C")[0].bumped == ("J",)
    return g.events


def test_a_large_base_overlapping_a_ship_of_hull_6_or_lower_keeps_its_action() -> None:
    # 003 "Large Ships Overlapping Small Ships": "If a large-base ship executes a maneuver that would cause
    # the final position of its base to overlap the base of a ship with a Hull of 6 or lower, the
    # large-base ship does not lose its "Perform Action" Step."
    events = _cube_bumps(ATTACK_SHIP)  # hull 3
    assert not of(events, ev.ActionSkipped, "C")
    assert [e.action for e in of(events, ev.ActionPerformed, "C")] == ["scan"]


def test_a_large_base_overlapping_a_ship_of_hull_7_loses_its_action() -> None:
    events = _cube_bumps(BATTLESHIP)  # hull 7
    assert [e.cause for e in of(events, ev.ActionSkipped, "C")] == ["bumped another ship"]


def test_a_small_base_overlapping_a_small_ship_loses_its_action() -> None:
    ships = [make_ship("E", 0, GALAXY, skill=1), make_ship("J", 1, ATTACK_SHIP, skill=9)]
    p0 = ScriptedPlayer(dials={"E": [("straight", 2)]}, actions={"E": [EVADE]}, attacks={"E": [None]})
    g = game(ships, {"E": Pose(400, 300, 0), "J": Pose(400, 420, 180)}, [p0, quiet("J")], round_limit=1)
    g.play()
    assert [e.cause for e in of(g.events, ev.ActionSkipped, "E")] == ["bumped another ship"]


# --- 2. disabled cards ----------------------------------------------------------------------------

AKIRA = "u_s_s_thunderchild_72008"  # Akira class: photon torpedoes fire from front and rear


def _fired_torpedo(gap: float = 200) -> tuple[list[ev.ShipSetup], dict[str, Pose]]:
    akira = make_ship("A", 0, AKIRA, upgrades=["3006"])
    return [akira, make_ship("J", 1, ATTACK_SHIP)], {"A": Pose(400, 200, 0), "J": Pose(400, 200 + gap, 180)}


def test_a_ship_spends_its_action_to_remove_a_disabled_token_and_fires_the_weapon_again() -> None:
    # 000 "Disabling Upgrade Cards": "A ship can spend its Action to remove a Disabled Token from one of
    # its Upgrade Cards. That Upgrade is no longer disabled."
    ships, poses = _fired_torpedo(gap=400)  # Range 2 after both move 1 straight
    players = [ScriptedPlayer(dials={"A": [("straight", 1), ("straight", 1)]},
                              actions={"A": [ActionChoice("target_lock", "J"), ActionChoice("rearm", "3006")]},
                              attacks={"A": ["3006", None]}),
               ScriptedPlayer(dials={"J": [("straight", 1), ("straight", 1)]}, attacks={"J": [None, None]})]
    g = game(ships, poses, players, ScriptedDice(["blank"] * 5 + ["blank"] * 2), round_limit=2)
    g.play()
    enabled = of(g.events, ev.WeaponEnabled, "A")
    assert [(e.round, e.weapon) for e in enabled] == [(2, "3006")]
    assert [(e.round, e.action) for e in of(g.events, ev.ActionPerformed, "A")] == [(1, "target_lock"), (2, "rearm")]
    assert not g.state.ship("A").weapons[0].disabled


def test_rearm_is_refused_with_its_rule_when_nothing_is_disabled() -> None:
    import pytest

    from engine.errors import IllegalDecision

    ships, poses = _fired_torpedo()
    players = [ScriptedPlayer(actions={"A": [ActionChoice("rearm", "3006")]}, attacks={"A": [None]}),
               quiet("J")]
    g = game(ships, poses, players, round_limit=1)
    with pytest.raises(IllegalDecision, match=r"no disabled upgrade card.*Disabling Upgrade Cards"):
        g.play()


def _locked_with_fired_torpedo(j_pose: Pose) -> tuple[GameState, ShipState]:
    ships = [make_ship("A", 0, GALAXY, upgrades=["3006"]), make_ship("J", 1, ATTACK_SHIP)]  # a rear arc
    poses = {"A": Pose(400, 400, 0), "J": j_pose}
    g = game(ships, poses, [quiet("A"), quiet("J")], round_limit=1)
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=())
    for sid, pose in poses.items():
        g.emit(ev.ShipPlaced, ship=sid, pose=ev.PoseModel.of(pose))
    g.emit(ev.RoundStarted, round=1, phase="activation")
    g.emit(ev.TargetLockAcquired, ship="A", target="J")  # held from an earlier round
    g.emit(ev.WeaponDisabled, ship="A", weapon="3006")  # fired in an earlier round
    return g.state, g.state.ship("A")


def test_the_ai_rearms_a_torpedo_it_can_fire_this_round_and_says_why() -> None:
    from engine.rulesets.attack_wing.actions import action_options
    from engine.rulesets.attack_wing.ai import AiPlayer

    # J sits behind the Galaxy at Range 2: the primary weapon cannot reach it, the torpedoes (front or
    # rear arc) can, with the target lock A still holds
    state, akira = _locked_with_fired_torpedo(Pose(400, 200, 0))
    options = action_options(state, akira)
    assert any(o.action == "rearm" and o.targets == ("3006",) for o in options)
    choice = AiPlayer().act(state, akira, options)
    assert (choice.action, choice.target) == ("rearm", "3006")
    assert "fires at Dominion Starship this round" in choice.reason


def test_the_ai_weighs_rearming_against_its_other_actions() -> None:
    from engine.rulesets.attack_wing.actions import action_options
    from engine.rulesets.attack_wing.ai import AiPlayer

    # J dead ahead at Range 2: the primary weapon with the lock's reroll does as well as the torpedoes,
    # so battle stations for this round's shot is worth more than re-arming
    state, akira = _locked_with_fired_torpedo(Pose(400, 600, 180))
    choice = AiPlayer().act(state, akira, action_options(state, akira))
    assert choice.action == "battle_stations"


# --- 5. squadrons and shuttlecraft ------------------------------------------------------------------

def test_squadrons_and_shuttlecraft_attack_only_at_range_1_2() -> None:
    # 003 "Attack Squadrons": "Squadrons can only attack enemy ships at Range 1-2."; "Shuttlecraft":
    # "Shuttlecraft can only attack enemy ships at Range 1-2."
    from engine.rulesets.attack_wing import rules

    for craft in (SHUTTLE, "federation_attack_squadron_71753"):
        ships = [make_ship("S", 0, craft), make_ship("J", 1, ATTACK_SHIP)]
        g = game(ships, {"S": Pose(400, 200, 0), "J": Pose(400, 500, 180)}, [quiet("S"), quiet("J")])
        g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=())
        for sid, pose in {"S": Pose(400, 200, 0), "J": Pose(400, 500, 180)}.items():
            g.emit(ev.ShipPlaced, ship=sid, pose=ev.PoseModel.of(pose))
        s, j = g.state.ship("S"), g.state.ship("J")
        assert rules.attack_options(g.state, s) == []  # 260 mm apart: Range 3
        refusal = rules.attack_refusal(g.state, s, "J", None)
        assert refusal is not None and refusal.rule.id == "squadron-range" and "Range 1-2 only" in refusal.message
        assert [o.band for o in rules.attack_options(g.state, j)] == [3]  # the Dominion Starship may fire back


# --- 4. Captain Skill changes and simultaneous fire ---------------------------------------------------

def test_an_injured_captain_dealt_in_combat_does_not_cancel_simultaneous_return_fire() -> None:
    # 003 ruling 14: "Changes to Captain Skill only take effect when moving to the next phase in the
    # round"; 000 "Combat Phase": ships of equal Captain Skill attack simultaneously (a ship destroyed
    # by one of them still fires).
    from engine.rulesets.attack_wing.damage import deck_keys

    deck = list(deck_keys())
    for key in ("injured_captain", "console_fire", "console_fire"):
        deck.remove(key)
    deck = ["console_fire", "console_fire", "injured_captain", *deck]  # the third card is dealt face up
    ships = [make_ship("A", 0, ATTACK_SHIP, skill=3), make_ship("B", 1, ATTACK_SHIP, skill=3, shields=0)]
    poses = {"A": Pose(400, 220, 0), "B": Pose(400, 600, 180)}  # Range 2 after both move 1 straight
    dice = ScriptedDice(["hit", "hit", "crit"] + ["blank"] * 2 + ["hit", "blank", "blank"] + ["blank"] * 2)
    g = game(ships, poses, [ScriptedPlayer(attacks={"A": ["B"]}), ScriptedPlayer(attacks={"B": ["A"]})], dice,
             round_limit=1, deck=tuple(deck))
    g.play()
    dealt = of(g.events, ev.DamageDealt, "B")
    assert [(d.card, d.face_up) for d in dealt] == [("console_fire", False), ("console_fire", False),
                                                    ("injured_captain", True)]
    destroyed = of(g.events, ev.ShipDestroyed, "B")
    assert [d.removed for d in destroyed] == [False, True]  # kept on the table until it has fired
    assert [e.defender for e in of(g.events, ev.AttackDeclared, "B")] == ["A"]
    assert of(g.events, ev.DamageDealt, "A")  # its return fire hit


def _squadron_game(ship: str) -> object:
    ships = [make_ship("S", 0, ship), make_ship("J", 1, ATTACK_SHIP)]
    g = game(ships, {"S": Pose(400, 200, 0), "J": Pose(400, 500, 180)}, [quiet("S"), quiet("J")])
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=tuple(__import__(
        "engine.rulesets.attack_wing.damage", fromlist=["deck_keys"]).deck_keys()))
    for sid, pose in {"S": Pose(400, 200, 0), "J": Pose(400, 500, 180)}.items():
        g.emit(ev.ShipPlaced, ship=sid, pose=ev.PoseModel.of(pose))
    g.emit(ev.RoundStarted, round=1, phase="combat")
    return g


def test_a_squadron_loses_one_token_per_attack_takes_no_damage_cards_and_crits_as_normal_damage() -> None:
    # 003 "Attack Squadrons": "When a Squadron sustains damage to its Hull, it does not receive Damage Cards
    # as normal. Instead, one Token is destroyed ... Only 1 Attack Squadron Token may be removed by any
    # single attack, regardless of how much damage is dealt by the attack."; "If a Squadron has Shields,
    # the Shields are fully repaired and activated every time a new Attack Squadron Token is revealed.";
    # "All critical damage suffered by a Squadron is immediately converted into normal damage."
    from engine.rulesets.attack_wing import combat

    g = _squadron_game("federation_attack_squadron_71753")  # not unique: 4 tokens, shield 1
    assert g.state.ship("S").hull == 4
    combat.suffer(g, "S", 1, 2, cause="attack by Dominion Starship")  # the shield, then one token; the rest is lost
    dealt = [e for e in g.events if isinstance(e, ev.DamageDealt)]
    assert [d.to for d in dealt] == ["shield"]
    assert len(of(g.events, ev.SquadronTokenLost, "S")) == 1
    s = g.state.ship("S")
    assert (s.tokens_lost, s.hull_damage, s.damage, s.shields) == (1, 1, (), 1)  # the new token's shield is up
    for _ in range(3):
        combat.suffer(g, "S", 0, 3, cause="attack by Dominion Starship")
    assert g.state.ship("S").destroyed and len(of(g.events, ev.SquadronTokenLost, "S")) == 4
    assert not [e for e in g.events if isinstance(e, ev.DamageDealt) and e.to == "hull"]


def test_a_unique_squadron_has_a_fifth_token() -> None:
    # 003 "Attack Squadron Tokens": "if a Squadron is unique, place a 5th AST on top of the stack"
    g = _squadron_game("fighter_squadron_6_71753")
    assert g.state.ship("S").hull == 5

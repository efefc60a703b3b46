"""The round by the rulebook: activation order, auxiliary power, movement exceptions, actions,
cloaking, target locks and the end phase (000 "Activation Phase", "Actions", "End Phase")."""

from __future__ import annotations

import pytest
from aw_helpers import ScriptedDice, ScriptedPlayer, game, make_ship, types

from engine.errors import IllegalEvent
from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import ActionChoice

GALAXY = "1001"  # U.S.S. Enterprise-D: red 3 turns and full astern
KHAZARA = "1003"  # D'deridex: cloak and sensor echo
ATTACK_SHIP = "1037"
APART = {"E": Pose(200, 300, 0), "K": Pose(700, 300, 0)}  # side by side, out of each other's arcs


def quiet() -> ScriptedPlayer:
    return ScriptedPlayer(attacks={s: [None] * 9 for s in ("E", "K", "J")})


def test_activation_in_ascending_and_combat_in_descending_captain_skill() -> None:
    ships = [make_ship("E", 0, GALAXY, skill=7), make_ship("K", 1, KHAZARA, skill=3)]
    g = game(ships, APART, [quiet(), quiet()], round_limit=1)
    g.play()
    activation = [e.ship for e in g.events if isinstance(e, ev.ShipActivated) and e.phase == "activation"]
    combat = [e.ship for e in g.events if isinstance(e, ev.ShipActivated) and e.phase == "combat"]
    assert activation == ["K", "E"] and combat == ["E", "K"]


def test_red_maneuver_gives_auxiliary_power_which_blocks_actions_and_green_removes_it() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, KHAZARA)]
    evade = ActionChoice("evasive_maneuvers")
    p0 = ScriptedPlayer(dials={"E": [("straight", -1), ("straight", 1), ("straight", 2)]},
                        actions={"E": [evade]}, attacks={"E": [None] * 3})
    g = game(ships, APART, [p0, quiet()], round_limit=3)
    g.play()
    e_events = [e for e in g.events if getattr(e, "ship", None) == "E"]
    tokens = [(e.round, e.token, e.delta) for e in e_events if isinstance(e, ev.TokensChanged) and
              e.token == "aux_power"]
    assert tokens == [(1, "aux_power", 1), (2, "aux_power", -1)]  # 1 straight is green for a Galaxy
    skipped = [(e.round, e.cause) for e in e_events if isinstance(e, ev.ActionSkipped)]
    assert skipped == [(1, "under auxiliary power")]
    performed = [(e.round, e.action) for e in e_events if isinstance(e, ev.ActionPerformed)]
    assert performed == [(2, "evasive_maneuvers"), (3, "pass")]


def test_red_revealed_under_auxiliary_power_deals_a_face_up_card_and_becomes_a_white_2_straight() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, KHAZARA)]
    p0 = ScriptedPlayer(dials={"E": [("straight", -1), ("right-turn", 3)]}, attacks={"E": [None] * 2})
    g = game(ships, APART, [p0, quiet()], round_limit=2)
    g.play()
    revealed = [e for e in g.events if isinstance(e, ev.ManeuverRevealed) and e.ship == "E"]
    assert revealed[1].replaced and revealed[1].colour == "red"
    moved = [e for e in g.events if isinstance(e, ev.ShipMoved) and e.ship == "E"][1]
    assert (moved.kind, moved.speed) == ("straight", 2)
    damage = [e for e in g.events if isinstance(e, ev.DamageDealt) and e.ship == "E"]
    assert len(damage) == 1 and damage[0].to == "hull" and damage[0].face_up  # the shields do not stop it
    # a white maneuver neither adds nor removes auxiliary power
    assert g.state.ship("E").aux_power == 1


def test_bump_skips_the_action() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("J", 1, ATTACK_SHIP, skill=9)]
    poses = {"E": Pose(400, 300, 0), "J": Pose(400, 420, 180)}  # J activates last; E's 2 straight hits it
    p0 = ScriptedPlayer(dials={"E": [("straight", 2)]}, actions={"E": [ActionChoice("evasive_maneuvers")]},
                        attacks={"E": [None]})
    p1 = ScriptedPlayer(dials={"J": [("straight", 1)]}, attacks={"J": [None]})
    g = game(ships, poses, [p0, p1], round_limit=1)
    g.play()
    moved = next(e for e in g.events if isinstance(e, ev.ShipMoved) and e.ship == "E")
    assert moved.bumped == ("J",) and moved.progress < 1
    assert next(e for e in g.events if isinstance(e, ev.ActionSkipped)).cause == "bumped another ship"


def test_obstacle_rolls_one_attack_die_and_skips_the_action() -> None:
    ships = [make_ship("E", 0, GALAXY, shields=0), make_ship("K", 1, KHAZARA)]
    rock = Obstacle(((190, 350), (210, 350), (200, 370)), "asteroid 1")
    dice = ScriptedDice(["crit"])
    p0 = ScriptedPlayer(dials={"E": [("straight", 2)]}, actions={"E": [ActionChoice("evasive_maneuvers")]})
    g = game(ships, APART, [p0, quiet()], dice, round_limit=1, obstacles=[rock])
    g.play()
    rolled = next(e for e in g.events if isinstance(e, ev.ObstacleRolled))
    assert (rolled.obstacle, rolled.face) == ("asteroid 1", "crit")
    damage = next(e for e in g.events if isinstance(e, ev.DamageDealt))
    assert damage.to == "hull" and damage.face_up
    assert next(e for e in g.events if isinstance(e, ev.ActionSkipped)).cause == "hit asteroid 1"


def test_fleeing_destroys_the_ship() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, KHAZARA)]
    g = game(ships, {"E": Pose(200, 850, 0), "K": APART["K"]},
             [ScriptedPlayer(dials={"E": [("straight", 2)]}), quiet()], round_limit=2)
    g.play()
    destroyed = next(e for e in g.events if isinstance(e, ev.ShipDestroyed))
    assert (destroyed.ship, destroyed.cause) == ("E", "fled")
    assert g.state.result is not None and g.state.result.winner == 1


def test_cloak_disables_shields_adds_agility_turns_red_on_firing_and_drops_in_the_end_phase() -> None:
    ships = [make_ship("K", 1, KHAZARA, skill=9), make_ship("J", 0, ATTACK_SHIP)]
    poses = {"K": Pose(400, 300, 0), "J": Pose(400, 600, 180)}
    p1 = ScriptedPlayer(actions={"K": [ActionChoice("cloak")]}, attacks={"K": ["J"]})
    # K's attack: 4 dice and the Khazara's own +1 (it attacks cloaked); J's 2 defense; J's 4; K's 6
    dice = ScriptedDice(["blank"] * 5 + ["blank"] * 2 + ["blank"] * 4 + ["blank"] * 6)
    g = game(ships, poses, [ScriptedPlayer(attacks={"J": ["K"]}), p1], dice, round_limit=1)
    g.play()
    shields = next(e for e in g.events if isinstance(e, ev.ShieldsChanged))
    assert (shields.active, shields.disabled) == (0, 4)
    cloaks = [(e.cloak, e.cause) for e in g.events if isinstance(e, ev.CloakChanged)]
    assert cloaks == [("green", "cloak action"), ("red", "fired while cloaked"), ("none", "end phase")]
    defense = [e for e in g.events if isinstance(e, ev.DiceRolled) and e.ship == "K" and e.kind == "defense"]
    assert len(defense[0].faces) == 2 + 4  # cloaked: printed agility + 4 (still cloaked after firing)
    assert g.state.ship("K").shields == 4 and g.state.ship("K").shields_disabled == 0


def test_kept_cloak_moves_beside_the_base_and_blocks_new_target_locks() -> None:
    ships = [make_ship("K", 1, KHAZARA), make_ship("E", 0, GALAXY)]
    p1 = ScriptedPlayer(actions={"K": [ActionChoice("cloak")]}, attacks={"K": [None] * 3}, keep_cloak=True)
    g = game(ships, {"K": Pose(400, 300, 0), "E": Pose(400, 650, 180)}, [quiet(), p1], round_limit=2)
    g.play()
    assert g.state.ship("K").cloak == "green" and g.state.ship("K").cloak_beside
    options = g.action_options(g.state.ship("E"))
    assert not any(o.action == "target_lock" for o in options)


def test_target_lock_is_kept_across_rounds_and_tokens_are_cleared_in_the_end_phase() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("J", 1, ATTACK_SHIP)]
    p0 = ScriptedPlayer(actions={"E": [ActionChoice("target_lock", "J"), ActionChoice("battle_stations")]},
                        attacks={"E": [None] * 2})
    p1 = ScriptedPlayer(actions={"J": [ActionChoice("scan")]}, attacks={"J": [None] * 2})
    g = game(ships, {"E": Pose(400, 250, 0), "J": Pose(400, 650, 180)}, [p0, p1], round_limit=2)
    g.play()
    assert g.state.ship("E").target_lock == "J"
    cleared = [(e.ship, e.token, e.round) for e in g.events if isinstance(e, ev.TokensChanged) and e.delta < 0]
    assert ("J", "scan", 1) in cleared and ("E", "battle_stations", 2) in cleared


def test_a_ship_cannot_repeat_an_action_in_a_round() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, KHAZARA)]
    g = game(ships, APART, [quiet(), quiet()], round_limit=1)
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=())
    g.emit(ev.RoundStarted, round=1, phase="activation")
    g.emit(ev.ActionPerformed, ship="E", action="scan")
    with pytest.raises(IllegalEvent, match="already performed scan"):
        g.emit(ev.ActionPerformed, ship="E", action="scan")


def test_the_reducer_rejects_impossible_events() -> None:
    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, KHAZARA)]
    g = game(ships, APART, [quiet(), quiet()], round_limit=1)
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=())
    with pytest.raises(IllegalEvent, match="not in this game"):
        g.emit(ev.ShipActivated, ship="X")
    with pytest.raises(IllegalEvent, match="does not have"):
        g.emit(ev.TokensChanged, ship="E", token="evade", delta=-1, cause="forged")
    with pytest.raises(IllegalEvent, match="not on"):
        g.emit(ev.DialSet, ship="E", kind="right-turn", speed=1)
    assert types(g.events) == ["game_started"]


def test_sensor_echo_moves_a_cloaked_ship_sideways_heading_kept() -> None:
    ships = [make_ship("K", 1, KHAZARA), make_ship("E", 0, GALAXY)]
    poses = {"K": Pose(400, 300, 0), "E": Pose(100, 700, 90)}
    # round 1: cloak (kept); round 2, after a 1 straight to (400, 460): echo with the 1 template
    # to the right, offset 0: template length 40 + base 40 = 80 mm sideways
    echo = (Pose(480, 460, 0), 1)
    p1 = ScriptedPlayer(actions={"K": [ActionChoice("cloak"), ActionChoice("sensor_echo", echo=echo)]},
                        attacks={"K": [None] * 2}, keep_cloak=True)
    g = game(ships, poses, [quiet(), p1], round_limit=2)
    g.play()
    moved = next(e for e in g.events if isinstance(e, ev.SensorEcho))
    assert moved.speed == 1
    assert moved.start.pose().close_to(Pose(400, 460, 0), tol=1e-6)
    assert moved.end.pose().close_to(Pose(480, 460, 0), tol=1e-6)
    assert g.state.ship("K").pose.close_to(Pose(480, 460, 0), tol=1e-6)


def test_an_echo_pose_that_was_not_offered_is_refused() -> None:
    from engine.errors import IllegalDecision

    ships = [make_ship("K", 1, KHAZARA), make_ship("E", 0, GALAXY)]
    bad = (Pose(470, 460, 0), 1)  # 70 mm: no template puts the base there
    p1 = ScriptedPlayer(actions={"K": [ActionChoice("cloak"), ActionChoice("sensor_echo", echo=bad)]},
                        attacks={"K": [None] * 2}, keep_cloak=True)
    g = game(ships, {"K": Pose(400, 300, 0), "E": Pose(100, 700, 90)}, [quiet(), p1], round_limit=2)
    with pytest.raises(IllegalDecision, match="sensor echo"):
        g.play()


def test_regenerate_repairs_a_card_and_the_ship_does_not_attack() -> None:
    sphere = make_ship("S", 0, "borg_sphere_4270_71283", shields=0)
    jem = make_ship("J", 1, ATTACK_SHIP, skill=9)
    dice = ScriptedDice(["hit"] * 4 + ["blank"] * 0)
    poses = {"S": Pose(400, 300, 0), "J": Pose(400, 600, 180)}
    p0 = ScriptedPlayer(dials={"S": [("straight", 1), ("straight", 1)]},
                        actions={"S": [ActionChoice("pass"), ActionChoice("regenerate", "0")]})
    p0.attacks = {"S": [None]}
    g = game([sphere, jem], poses, [p0, ScriptedPlayer(attacks={"J": ["S", None]})], dice, round_limit=2)
    g.play()
    assert any(isinstance(e, ev.DamageRepaired) and e.cause == "regenerate" for e in g.events)
    skipped = [e for e in g.events if isinstance(e, ev.AttackSkipped) and e.ship == "S" and e.round == 2]
    assert skipped and skipped[0].cause == "regenerated this round"
    assert g.state.ship("S").hull_damage == 3  # 4 damage, 1 repaired


def test_planet_backs_the_ship_off_and_skips_its_action() -> None:
    from engine.geometry.shapes import Planet

    ships = [make_ship("E", 0, GALAXY), make_ship("K", 1, KHAZARA)]
    planet = Planet(200, 420, 40, "Bajor")
    p0 = ScriptedPlayer(dials={"E": [("straight", 2)]}, actions={"E": [ActionChoice("evasive_maneuvers")]})
    g = game(ships, APART, [p0, quiet()], round_limit=1, planets=[planet])
    g.play()
    moved = next(e for e in g.events if isinstance(e, ev.ShipMoved) and e.ship == "E")
    assert moved.planets == ("Bajor",) and moved.progress < 1
    assert next(e for e in g.events if isinstance(e, ev.ActionSkipped)).cause == "backed off a planet"


def test_console_fire_burns_at_the_start_of_combat() -> None:
    ships = [make_ship("E", 0, GALAXY, shields=0), make_ship("K", 1, KHAZARA)]
    g = game(ships, APART, [quiet(), quiet()], ScriptedDice(["hit"]), round_limit=1)
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=("console_fire", "direct_hit"))
    g.emit(ev.DamageDealt, ship="E", to="hull", card="console_fire", face_up=True, cause="test")
    g.emit(ev.RoundStarted, round=1, phase="planning")
    g.run_phase("combat")
    rolled = next(e for e in g.events if isinstance(e, ev.ConsoleFireRolled))
    assert rolled.ship == "E" and rolled.face == "hit"
    assert not [e for e in g.events if isinstance(e, ev.ObstacleRolled)]  # its own event, not an obstacle's
    assert [c.key for c in g.state.ship("E").damage] == ["console_fire", "direct_hit"]


def test_an_empty_damage_deck_is_reshuffled_from_the_discard_pile() -> None:
    ships = [make_ship("E", 0, GALAXY, shields=0, hull=9), make_ship("K", 1, KHAZARA, shields=0, hull=1)]
    g = game(ships, APART, [quiet(), quiet()], round_limit=1)
    g.emit(ev.GameStarted, ships=tuple(ships), round_limit=1, deck=("direct_hit",))
    g.emit(ev.DamageDealt, ship="K", to="hull", card="direct_hit", cause="test")
    g.emit(ev.ShipDestroyed, ship="K", cause="test")
    assert g.state.deck == () and g.state.discard == ("direct_hit",)
    g.emit(ev.DamageDealt, ship="E", to="hull", card="direct_hit", cause="test")  # from the reshuffled pile
    assert g.state.discard == () and g.state.ship("E").damage[0].key == "direct_hit"

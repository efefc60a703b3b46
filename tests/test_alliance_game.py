"""Enemy AI ships in play: the rulebook's examples (formation movement, swerve, board edge, choose
action, the gameplay example's decisions) on a table set up by hand."""

from __future__ import annotations

from alliance_helpers import AKIRA, EXCELSIOR, of_type, since, table

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.formations import formation_poses
from engine.rulesets.alliance.mission import SQUARE_MM
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.maneuvers import Maneuver, template_outline
from engine.rulesets.attack_wing.movement import Table, resolve_move


def _moves(events: list[object]) -> list[ev.ShipMoved]:
    return of_type(events, ev.ShipMoved)


def test_formation_movement_example() -> None:
    """#1 is the lowest-numbered ship: its target and maneuver apply to #2 and #3, which move after
    it in ID order. (Also the gameplay example's turn 1: out of range at 45 degrees, a 4 gives a
    3 bank, and with no shot and nobody within Range 3 they all scan.)"""
    slots = formation_poses(Pose(750.0, 914.4, 180.0), 3)
    members = [("E3", slots[0][1], False), ("E2", slots[1][1], False), ("E1", slots[2][1], False)]
    e1 = slots[2][1]
    g = table({"P1": (AKIRA, Pose(e1.x - 480.0, e1.y - 480.0, 0.0))}, [("Wing", sorted(members))], die=[4])
    start = len(g.events)
    for ref in ("E1", "E2", "E3"):
        g.activate(ref)
    events = since(g, start)
    rolled = of_type(events, ae.EnemyManeuverRolled)
    assert [r.ship for r in rolled] == ["E1"] and rolled[0].die == 4
    chosen = of_type(events, ae.EnemyTargetChosen)[0]
    assert chosen.target == "P1" and chosen.followers == ("E2", "E3") and chosen.formation == "Wing"
    direction = of_type(events, ae.EnemyDirection)[0]
    assert direction.direction == "front-right" and direction.ring == "outer"  # heading south: P1 is south-west
    followers = of_type(events, ae.FormationManeuver)
    assert [f.ship for f in followers] == ["E2", "E3"] and all(f.leader == "E1" for f in followers)
    moves = _moves(events)
    assert [m.ship for m in moves] == ["E1", "E2", "E3"]
    assert {(m.kind, m.speed) for m in moves} == {("right-bank", 3)}
    assert [a.action for a in of_type(events, ev.ActionPerformed)] == ["scan", "scan", "scan"]


def test_swerve_example() -> None:
    """A 3 straight whose template crosses an obstacle: the 3 bank that avoids it is performed."""
    start = Pose(450.0, 800.0, 180.0)
    rock = Obstacle(((452.0, 700.0), (458.0, 700.0), (458.0, 706.0), (452.0, 706.0)), "rock")
    clear = Table((), (rock,))
    assert resolve_move(start, Maneuver("straight", 3), "small", clear).obstacles == ("rock",)
    assert resolve_move(start, Maneuver("right-bank", 3), "small", clear).obstacles == ()
    assert resolve_move(start, Maneuver("left-bank", 3), "small", clear).obstacles == ("rock",)
    g = table({"P1": (AKIRA, Pose(450.0, 150.0, 0.0))}, [("Wing", [("E1", start, False)])], obstacles=(rock,),
              die=[3])
    n = len(g.events)
    g.activate("E1")
    events = since(g, n)
    rolled = of_type(events, ae.EnemyManeuverRolled)[0]
    assert (rolled.kind, rolled.speed) == ("straight", 3)
    swerve = of_type(events, ae.Swerved)[0]
    assert swerve.swerved and (swerve.to_kind, swerve.to_speed) == ("right-bank", 3)
    assert [o.clear for o in swerve.options] == [False, True]
    move = _moves(events)[0]
    assert (move.kind, move.speed, move.obstacles) == ("right-bank", 3, ())
    assert not of_type(events, ev.ObstacleRolled)


def test_no_clear_swerve_means_the_original_maneuver_and_the_obstacle() -> None:
    start = Pose(450.0, 800.0, 180.0)
    wall = Obstacle(((380.0, 600.0), (520.0, 600.0), (520.0, 700.0), (380.0, 700.0)), "wall")
    g = table({"P1": (AKIRA, Pose(450.0, 150.0, 0.0))}, [("Wing", [("E1", start, False)])], obstacles=(wall,),
              die=[3], dice=["blank"])
    n = len(g.events)
    g.activate("E1")
    events = since(g, n)
    swerve = of_type(events, ae.Swerved)[0]
    assert not swerve.swerved and swerve.to_kind == "straight"
    assert of_type(events, ev.ObstacleRolled)[0].obstacle == "wall"
    assert of_type(events, ev.ActionSkipped)[0].cause == "hit wall"


def test_board_edge_example() -> None:
    """A bank that would overlap the edge: the ship is placed outside the edge where it left, facing
    into the play area, and skips its action (a red maneuver). It is still in play."""
    start = Pose(450.0, 850.0, 0.0)
    g = table({"P1": (AKIRA, Pose(150.0, 800.0, 90.0))}, [("Wing", [("E1", start, False)])], die=[2])
    n = len(g.events)
    g.activate("E1")
    events = since(g, n)
    direction = of_type(events, ae.EnemyDirection)[0]
    assert direction.direction == "left" and direction.mirrored
    placed = of_type(events, ae.EdgePlaced)[0]
    assert placed.edge == "north" and placed.end.heading == 180.0
    assert abs(placed.end.y - (g.mission.area.height + 20.0)) < 1e-6
    assert "red" in of_type(events, ev.ActionSkipped)[0].cause
    ship = g.state.ship("E1")
    assert ship.in_play and ship.aux_power == 0 and ship.pose.heading == 180.0
    assert "E1" in g.full.edge_placed


def test_choose_action_example() -> None:
    """#1: no aux power, no shot, a Federation ship within Range 3: evade. #2: a target in arc:
    battle stations. #3 collides with the Excelsior: no action."""
    g = table({"P1": (EXCELSIOR, Pose(300.0, 400.0, 0.0)), "P2": (AKIRA, Pose(600.0, 650.0, 180.0))},
              [("A", [("E1", Pose(300.0, 500.0, 0.0), False)]), ("B", [("E2", Pose(600.0, 500.0, 0.0), False)]),
               ("C", [("E3", Pose(300.0, 250.0, 0.0), False)])])
    n = len(g.events)
    g.perform_action("E1", None)
    g.perform_action("E2", None)
    g.perform_maneuver("E3", Maneuver("straight", 3), "white")
    events = since(g, n)
    rules = of_type(events, ae.EnemyActionRule)
    assert [(r.ship, r.rule, r.action) for r in rules] == [("E1", 3, "evasive_maneuvers"),
                                                           ("E2", 2, "battle_stations")]
    assert [c.applies for c in rules[0].checks] == [False, False, True]
    assert "no player ship in its firing arc" in rules[0].checks[1].why
    assert of_type(events, ev.ShipMoved)[-1].bumped == ("P1",)
    assert of_type(events, ev.ActionSkipped)[-1].cause == "bumped another ship"
    assert g.state.ship("E1").evade == 1 and g.state.ship("E2").battle_stations == 1


def test_red_maneuver_skips_the_action_without_auxiliary_power() -> None:
    """Gameplay example turn 2: J3, with A1 45 degrees to its left at Range 2 and closing, rolls a 6
    on the inner table: a 3 come about, red, so no action and no auxiliary power token."""
    me = Pose(450.0, 700.0, 180.0)  # facing south: its left is east
    target = Pose(me.x + 110.0, me.y - 110.0, 315.0)  # front-left, facing back toward J3
    g = table({"P1": (AKIRA, target)}, [("Alpha", [("E3", me, True)])], die=[6])
    n = len(g.events)
    g.activate("E3")
    events = since(g, n)
    direction = of_type(events, ae.EnemyDirection)[0]
    assert (direction.direction, direction.band, direction.closing, direction.ring) == ("front-left", 2, True,
                                                                                        "inner")
    rolled = of_type(events, ae.EnemyManeuverRolled)[0]
    assert (rolled.kind, rolled.speed, rolled.colour) == ("about", 3, "red")
    assert "red maneuver" in of_type(events, ev.ActionSkipped)[0].cause
    assert g.state.ship("E3").aux_power == 0 and g.state.ship("E3").skill == 4


def test_gameplay_example_turn_2_swerve_in_formation() -> None:
    """J1 and J2 in formation, A1 straight ahead at Range 2 and closing: a 5 gives a 2 straight;
    that would carry J1 over an obstacle, so J1 swerves to a 2 bank; J2 flies the 2 straight. In the
    rulebook both then take battle stations; its figure is lost, and in ours the bank leaves A1
    outside J1's arc, so J1 evades (A1 is within Range 3) while J2, with a shot, takes battle stations."""
    j1, j2 = Pose(420.0, 700.0, 180.0), Pose(480.0, 700.0, 180.0)
    a1 = Pose(450.0, 520.0, 0.0)
    path = template_outline(j1, Maneuver("straight", 2))
    assert path is not None
    rock = Obstacle(((422.0, 612.0), (428.0, 612.0), (428.0, 618.0), (422.0, 618.0)), "rock")
    assert path.intersects(Obstacle(rock.points).polygon)
    g = table({"P1": (AKIRA, a1)}, [("Wing", [("E1", j1, False), ("E2", j2, False)])], obstacles=(rock,), die=[5])
    n = len(g.events)
    g.activate("E1")
    g.activate("E2")
    events = since(g, n)
    d = of_type(events, ae.EnemyDirection)[0]
    assert (d.direction, d.band, d.closing, d.ring) == ("ahead", 2, True, "inner")
    assert (of_type(events, ae.EnemyManeuverRolled)[0].kind, of_type(events, ae.EnemyManeuverRolled)[0].speed) \
        == ("straight", 2)
    swerve = of_type(events, ae.Swerved)[0]
    assert swerve.ship == "E1" and swerve.swerved and swerve.to_kind.endswith("bank") and swerve.to_speed == 2
    moves = _moves(events)
    assert [(m.ship, m.kind) for m in moves] == [("E1", swerve.to_kind), ("E2", "straight")]
    assert [a.action for a in of_type(events, ev.ActionPerformed)] == ["evasive_maneuvers", "battle_stations"]


def test_hull_damage_breaks_the_formation_for_good() -> None:
    g = table({"P1": (AKIRA, Pose(450.0, 100.0, 0.0))},
              [("Wing", [("E1", Pose(420.0, 800.0, 180.0), False), ("E2", Pose(480.0, 800.0, 180.0), False)])])
    g.emit(ev.DamageDealt, ship="E1", to="shield", cause="test")
    assert g.full.formation_of("E1") is not None
    g.emit(ev.DamageDealt, ship="E1", to="shield", cause="test")
    g.emit(ev.DamageDealt, ship="E1", to="hull", card="structural_damage", cause="test")
    broken = of_type(g.events, ae.FormationBroken)
    assert broken and broken[0].whole and broken[0].ships == ("E1", "E2")
    assert g.full.formation_of("E1") is None and g.full.formation_of("E2") is None


def test_facing_apart_leaves_the_formation() -> None:
    g = table({"P1": (AKIRA, Pose(450.0, 100.0, 0.0))},
              [("Wing", [("E1", Pose(360.0, 800.0, 180.0), False), ("E2", Pose(420.0, 800.0, 180.0), False),
                         ("E3", Pose(480.0, 800.0, 90.0), False)])])
    g.check_facing()
    broken = of_type(g.events, ae.FormationBroken)[0]
    assert broken.ships == ("E3",) and not broken.whole
    assert g.full.formation_of("E3") is None and g.full.formation_of("E1") is not None


def test_auxiliary_power_is_removed_by_the_first_action_entry() -> None:
    g = table({"P1": (AKIRA, Pose(450.0, 100.0, 0.0))}, [("Wing", [("E1", Pose(450.0, 800.0, 180.0), False)])])
    g.emit(ev.TokensChanged, ship="E1", token="aux_power", delta=1, cause="test")
    n = len(g.events)
    g.perform_action("E1", None)
    rule = of_type(since(g, n), ae.EnemyActionRule)[0]
    assert (rule.rule, rule.action) == (1, "remove_aux_power")
    assert g.state.ship("E1").aux_power == 0


def test_enemy_attack_picks_the_nearest_band_then_fewest_defense_dice() -> None:
    me = Pose(450.0, 500.0, 0.0)
    g = table({"P1": (EXCELSIOR, Pose(420.0, 650.0, 180.0)), "P2": (AKIRA, Pose(480.0, 650.0, 180.0))},
              [("Wing", [("E1", me, False)])],
              dice=["hit", "hit", "blank", "blank", "blank", "blank"])
    g.emit(ev.PhaseStarted, phase="combat")
    g.attack_with(g.state.ship("E1"))
    chosen = of_type(g.events, ae.EnemyTargetChosen)[-1]
    cands = {c.ship: c for c in chosen.candidates}
    assert cands["P1"].band == cands["P2"].band == 2
    assert cands["P1"].defense_dice == 1 and cands["P2"].defense_dice == 2  # Excelsior agility 1, Akira 2
    assert chosen.target == "P1" and "fewest defense dice" in chosen.reason


def test_collecting_and_returning_sensor_data() -> None:
    from engine.rulesets.alliance.mission import load_mission

    mission = load_mission("alliance-act1")
    site_c = (2.5 * SQUARE_MM, 5.5 * SQUARE_MM)
    g = table({"P1": (AKIRA, Pose(site_c[0], site_c[1] - 90.0, 0.0)), "P2": (AKIRA, Pose(700.0, 30.0, 180.0))},
              [("Wing", [("E1", Pose(450.0, 880.0, 180.0), False)])], mission=mission)
    g.emit(ev.TokensChanged, ship="P1", token="scan", delta=1, cause="scan")
    g.collect_tokens()
    got = of_type(g.events, ae.MissionTokenCollected)
    assert [(t.ship, t.token, t.location) for t in got] == [("P1", "odd", "C")]
    assert g.full.tokens_of("P1") == ("odd",) and g.state.ship("P1").scan == 0
    # P2 leaves by the south (Federation) edge: a retreat, not a flight
    g.emit(ev.ShipMoved, ship="P2", kind="straight", speed=1, start=ev.PoseModel.of(Pose(700.0, 30.0, 180.0)),
           end=ev.PoseModel.of(Pose(700.0, -10.0, 180.0)), progress=1.0)
    g.leave_table("P2", Pose(700.0, -10.0, 180.0))
    retreat = of_type(g.events, ae.ShipRetreated)[0]
    assert retreat.ship == "P2" and retreat.edge == "south" and "P2" in g.full.retreated
    assert not g.state.ship("P2").fled


def test_direction_tie_break_at_random_is_a_recorded_die() -> None:
    """A target straddling a sector line and pointing straight at the AI ship: a random table."""
    import math

    me = Pose(450.0, 450.0, 0.0)
    a = math.radians(22.5)
    target = Pose(me.x + 250.0 * math.sin(a), me.y + 250.0 * math.cos(a), 202.5)
    g = table({"P1": (AKIRA, target)}, [("Wing", [("E1", me, False)])], die=[2, 1])
    n = len(g.events)
    g.activate("E1")
    d = of_type(since(g, n), ae.EnemyDirection)[0]
    assert d.sectors == (0, 1) and d.random_roll == 2 and d.sector == 1 and "random" in d.tie_break


def test_enemy_dice_policy_attack_spends_battle_stations() -> None:
    me = Pose(450.0, 500.0, 0.0)
    g = table({"P1": (AKIRA, Pose(450.0, 650.0, 180.0))}, [("Wing", [("E1", me, False)])],
              dice=["blank", "battle_stations", "battle_stations", "blank", "blank"])
    g.emit(ev.TokensChanged, ship="E1", token="battle_stations", delta=1, cause="test")
    g.emit(ev.PhaseStarted, phase="combat")
    g.attack_with(g.state.ship("E1"))
    conv = of_type(g.events, ev.DiceConverted)
    assert conv and conv[0].ship == "E1" and conv[0].to == "hit" and conv[0].indices == (1, 2)
    assert of_type(g.events, ev.AttackResolved)[-1].hits == 2


def test_enemy_dice_policy_defense_steps_b_and_c() -> None:
    """Step B: uncanceled hits and a battle stations result: spend the token; step C: still
    uncanceled: spend an evade token."""
    g = table({"P1": (AKIRA, Pose(450.0, 500.0, 0.0))}, [("Wing", [("E1", Pose(450.0, 650.0, 180.0), False)])],
              dice=["hit", "hit", "hit", "blank", "battle_stations", "blank"],
              )
    for token in ("battle_stations", "evade"):
        g.emit(ev.TokensChanged, ship="E1", token=token, delta=1, cause="test")
    g.emit(ev.PhaseStarted, phase="combat")
    g.attack_with(g.state.ship("P1"))
    assert [c.to for c in of_type(g.events, ev.DiceConverted) if c.ship == "E1"] == ["evade"]
    assert [d.face for d in of_type(g.events, ev.DieAdded)] == ["evade"]
    assert of_type(g.events, ev.AttackResolved)[-1].hits == 1


def test_elite_abilities_add_dice() -> None:
    from engine.rulesets.alliance.loadout import attack_bonus, defense_bonus, elite_ability

    g = table({"P1": (AKIRA, Pose(450.0, 650.0, 180.0))}, [("Wing", [("E1", Pose(450.0, 500.0, 0.0), True)])])
    e1 = g.state.ship("E1")
    assert attack_bonus("unshielded_fury", e1, g.state.ship("P1"))[0] == 0
    unshielded = g.state.update("E1", shields=0).ship("E1")
    assert attack_bonus("unshielded_fury", unshielded, g.state.ship("P1"))[0] == 1
    assert defense_bonus("desperate_evasion", unshielded)[0] == 1
    assert elite_ability(2).shields == 3 and elite_ability(1).source == "rulebook"


def test_enemies_retreat_where_the_mission_allows() -> None:
    from alliance_helpers import bare_mission

    mission = bare_mission(edges={"north": {"retreat": ["enemies"]}, "south": {"retreat": ["players"]}})
    g = table({"P1": (AKIRA, Pose(150.0, 800.0, 90.0))}, [("Wing", [("E1", Pose(450.0, 850.0, 0.0), False)])],
              die=[2], mission=mission)
    g.activate("E1")
    retreat = of_type(g.events, ae.ShipRetreated)[0]
    assert retreat.ship == "E1" and retreat.edge == "north" and not g.state.ship("E1").in_play


def test_the_enemy_seat_is_a_player_with_its_reasons() -> None:
    """The Enemy AI answers the decisions the game offers its seat, as any player does, and keeps
    its reasons as records; the game emits them before acting (rulebook "Actions: Enemy AI
    ships": "Check the conditions for each Action listed on its Enemy Logic card")."""
    from engine.rulesets.alliance.enemy_ai import EnemyAiPlayer
    from engine.rulesets.attack_wing.players import ActionOption

    g = table({"P1": (AKIRA, Pose(450.0, 150.0, 0.0))}, [("Wing", [("E1", Pose(450.0, 800.0, 180.0), False)])])
    enemy = g.players[1]
    assert isinstance(enemy, EnemyAiPlayer) and enemy is g.enemy
    ship = g.state.ship("E1")
    # nobody within Range 3 and no shot: entries 2 and 3 do not apply; scan is offered
    choice = enemy.act(g.state, ship, [ActionOption("pass"), ActionOption("scan")])
    assert choice.action == "scan" and choice.reason.startswith("Logic card entry")
    [(kind, fields)] = enemy.take_records()
    assert kind is ae.EnemyActionRule and fields["action"] == "scan" and enemy.take_records() == []
    # an entry whose action is not offered does not apply: nothing left
    choice = enemy.act(g.state, ship, [ActionOption("pass")])
    assert choice.action == "pass"
    assert enemy.take_records()[0][1]["rule"] == 0


def test_the_alliance_round_is_declared() -> None:
    """The Alliance configures the Attack Wing round (phases and steps as data) instead of copying it;
    no event is rewritten on its way to the log."""
    from engine.rulesets.alliance.game import ALLIANCE_ROUND, AllianceGame
    from engine.rulesets.attack_wing.game import Game

    names = [(p.name, p.announced) for p in ALLIANCE_ROUND]
    assert names == [("reinforcements", False), ("planning", True), ("activation", True), ("combat", True),
                     ("end", True)]
    activation = next(p for p in ALLIANCE_ROUND if p.name == "activation")
    assert activation.steps == ("activate_ships", "check_facing", "collect_tokens")
    for shared in ("emit", "activate", "perform_maneuver", "perform_action", "attack_with", "play"):
        assert getattr(AllianceGame, shared) is getattr(Game, shared)

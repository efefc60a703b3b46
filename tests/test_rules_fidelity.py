"""Issue 15: situations a referee checks against the rulebooks. Each test quotes the line it
plays: the Alliance rulebook (000) for the Attack Wing round, the tournament text (003)."""

from __future__ import annotations

from aw_helpers import ScriptedDice, ScriptedPlayer, game, make_ship

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.players import ActionChoice

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

def test_a_come_about_that_would_overlap_is_a_full_astern_and_the_ship_skips_its_action() -> None:
    # 000 "Overlapping Other Ships": a come about "that causes it to overlap another ship, instead treat
    # its maneuver as a [full astern] Maneuver with the same speed and color revealed on the dial";
    # 003 rule 7: "A ship ... must skip its "Perform Action" step if it collides with another ship."
    ships = [make_ship("S", 0, SHUTTLE, skill=1), make_ship("J", 1, ATTACK_SHIP, skill=9)]
    p0 = ScriptedPlayer(dials={"S": [("about", 1)]}, actions={"S": [EVADE]}, attacks={"S": [None]})
    g = game(ships, {"S": Pose(400, 300, 0), "J": Pose(400, 410, 0)}, [p0, quiet("J")], round_limit=1)
    g.play()
    moved = of(g.events, ev.ShipMoved, "S")[0]
    assert moved.changed_from == ("about", 1) and (moved.kind, moved.speed) == ("straight", -1)
    assert moved.end.pose().close_to(Pose(400, 220, 0), tol=1e-6)  # the full astern ends clear
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

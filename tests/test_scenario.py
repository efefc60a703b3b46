"""Scenarios: the bundled skirmish and duel, validation with located errors, deployment, scoring."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import Polygon

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, base_polygon
from engine.rulesets.attack_wing.params import base_half
from engine.rulesets.attack_wing.scenario import (
    Rect,
    Scenario,
    ScenarioError,
    build_scenario,
    bundled_scenarios,
    default_deployment,
    facing_heading,
    fleet_points,
    game_result,
    load_scenario,
    parse_scenario_text,
    surviving_points,
)
from engine.rulesets.attack_wing.tournament import check_fleet
from trek.main import main

REPLAYS = Path(__file__).resolve().parents[1] / "replays"

FED = {"name": "Enterprise", "ships": [{"ship": "1001", "captain": "2001", "upgrades": ["3006"]}]}
KLINGON = {"name": "Gr'oth", "ships": [{"ship": "1015", "captain": "2016", "upgrades": ["3045"]}]}
SOUTH = {"x": 0, "y": 0, "width": 914.4, "height": 101.6}
NORTH = {"x": 0, "y": 812.8, "width": 914.4, "height": 101.6}


def doc(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": "test",
        "sides": [{"name": "Federation", "fleet": copy.deepcopy(FED), "deployment": dict(SOUTH)},
                  {"name": "Klingon", "fleet": copy.deepcopy(KLINGON), "deployment": dict(NORTH)}],
    }
    base.update(changes)
    return base


def build(document: Any, base_dir: Path | None = None) -> Scenario:
    return build_scenario(document, source="test", base_dir=base_dir)


def error(document: Any, base_dir: Path | None = None) -> str:
    with pytest.raises(ScenarioError) as info:
        build(document, base_dir)
    return str(info.value)


# -- bundled ----------------------------------------------------------------------------------------


def test_bundled_names() -> None:
    assert {"skirmish", "duel"} <= set(bundled_scenarios())


def test_skirmish_is_a_tournament_legal_three_a_side_federation_dominion_game() -> None:
    s = load_scenario("skirmish")
    assert s.fleet_format == "tournament" and s.round_limit == 8
    assert [side.name for side in s.sides] == ["Federation", "Dominion"]
    for side, faction in zip(s.sides, ("Federation", "Dominion"), strict=True):
        assert len(side.fleet.ships) == 3 and side.fleet.faction == faction
        assert all(ship.ship.faction == faction for ship in side.fleet.ships)
        assert check_fleet(side.fleet, "tournament") == []
        assert side.fleet_source is not None and side.fleet_source.startswith("fleets/")
    names = [ship.ship.name for ship in s.sides[0].fleet.ships]
    assert "U.S.S. Enterprise-D" in names
    assert all("Jem'Hadar" in ship.ship_class.name for ship in s.sides[1].fleet.ships)


def test_skirmish_asteroids_are_irregular_mid_table_and_clear_of_the_zones() -> None:
    s = load_scenario("skirmish")
    assert len(s.obstacles) >= 3
    zones = [side.zone.polygon for side in s.sides]
    for ob in s.obstacles:
        x0, y0, x1, y1 = ob.polygon.bounds
        assert 60 <= max(x1 - x0, y1 - y0) <= 120, ob.name
        assert len(ob.points) >= 5 and "asteroid" in ob.name
        assert all(not ob.polygon.intersects(z) for z in zones)
        assert 200 < ob.polygon.centroid.y < 700
    assert s.planets == ()


def test_skirmish_deploys_each_side_across_its_edge_facing_the_other() -> None:
    s = load_scenario("skirmish")
    fed, dom = s.sides
    assert [p.heading for p in fed.start] == [0.0] * 3 and [p.heading for p in dom.start] == [180.0] * 3
    assert [round(p.x, 1) for p in fed.start] == [152.4, 457.2, 762.0]
    assert all(p.y == pytest.approx(50.8) for p in fed.start)
    # Fleet order runs from each side's left: the Dominion's left is the east.
    assert [round(p.x, 1) for p in dom.start] == [762.0, 457.2, 152.4]


def test_duel_is_one_ship_each_on_an_empty_table() -> None:
    s = load_scenario("duel")
    assert [len(side.fleet.ships) for side in s.sides] == [1, 1]
    assert s.obstacles == () and s.planets == () and s.fleet_format == "open"
    assert s.sides[0].fleet_source is None  # inline fleets
    assert {side.fleet.ships[0].ship.faction for side in s.sides} == {"Federation", "Klingon"}


def test_load_by_path_and_a_self_contained_document(tmp_path: Path) -> None:
    by_path = load_scenario(REPLAYS / "skirmish.json")
    assert by_path.sides[0].fleet == load_scenario("skirmish").sides[0].fleet
    # The document inlines the fleets, so it loads with no folder to find fleet files in.
    again = build_scenario(json.loads(json.dumps(by_path.document())), source="copy", base_dir=None)
    assert again.sides[1].fleet == by_path.sides[1].fleet and again.sides[0].start == by_path.sides[0].start


def test_toml_scenario(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text("""
name = "toml duel"
round_limit = 5

[[planets]]
name = "Bajor"
x = 457.2
y = 457.2
radius = 60

[[sides]]
name = "Federation"
fleet = "fed.json"
deployment = { x = 0, y = 0, width = 914.4, height = 101.6 }
placements = [{ x = 300, y = 50, heading = 45 }]

[[sides]]
name = "Klingon"
deployment = { x = 0, y = 812.8, width = 914.4, height = 101.6 }
[sides.fleet]
name = "Gr'oth"
ships = [{ ship = "1015", captain = "2016" }]
""", encoding="utf-8")
    (tmp_path / "fed.json").write_text(json.dumps(FED), encoding="utf-8")
    s = load_scenario(tmp_path / "mine.toml")
    assert s.name == "toml duel" and s.round_limit == 5 and s.planets[0].name == "Bajor"
    assert s.sides[0].start == (Pose(300, 50, 45),) and s.sides[0].explicit_placements
    assert s.sides[1].start == (Pose(457.2, 863.6, 180),)


# -- validation ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("document", "expected"), [
    ({"name": "x"}, "sides: Field required"),
    (doc(sides=[]), "sides: List should have at least 2 items"),
    (doc(round_limit=0), "round_limit: Input should be greater than or equal to 1"),
    (doc(round_limit="8"), "round_limit: Input should be a valid integer"),
    (doc(play_area={"width": -3}), "play_area.width: Input should be greater than 0"),
    (doc(obstacles=[{"points": [[0, 0], [100, 100], [100, 0], [0, 100]]}]),
     "obstacles[0]: the points do not make a simple polygon"),
    (doc(obstacles=[{"points": [[0, 0], [1, 1]]}]), "obstacles[0].points: List should have at least 3 items"),
    (doc(obstacles=[{"points": [[0, 0], [1, "a"], [2, 0]]}]),
     "obstacles[0].points[1][1]: Input should be a valid number"),
    (doc(planets=[{"x": 1, "y": 1, "radius": 0}]), "planets[0].radius: Input should be greater than 0"),
    (doc(colour="red"), "colour: unknown field"),
    (doc(fleet_format="casual"), "fleet_format: Input should be 'tournament' or 'open'"),
])
def test_malformed_scenarios_are_located(document: Any, expected: str) -> None:
    assert error(document).startswith(expected)


def test_oversized_lists_are_refused() -> None:
    many = [{"points": [[100, 300], [150, 300], [120, 350]]}] * 51
    assert error(doc(obstacles=many)).startswith("obstacles: List should have at most 50 items")


def test_inline_fleet_errors_are_located_inside_the_scenario() -> None:
    d = doc()
    d["sides"][1]["fleet"]["ships"][0]["captain"] = "Kolth"
    message = error(d)
    assert message.startswith("sides[1].fleet.ships[0].captain: no captain with the name or id 'Kolth'")
    assert "Koloth" in message
    d = doc()
    d["sides"][0]["fleet"]["ships"] = "1001"
    assert error(d).startswith("sides[0].fleet.ships: should be a list")


def test_fleet_paths_resolve_inside_the_scenario_folder(tmp_path: Path) -> None:
    d = doc()
    d["sides"][0]["fleet"] = "../outside.json"
    assert "the fleet '../outside.json' leads outside its folder" in error(d, tmp_path)
    d["sides"][0]["fleet"] = "/etc/passwd"
    assert "the fleet '/etc/passwd' is an absolute path" in error(d, tmp_path)
    d["sides"][0]["fleet"] = "missing.json"
    assert error(d, tmp_path).startswith("sides[0].fleet: ") and "cannot read" in error(d, tmp_path)
    assert "has no folder" in error(d, None)
    (tmp_path / "bad.json").write_text(json.dumps({"name": "f", "ships": [{"ship": "nope"}]}), encoding="utf-8")
    d["sides"][0]["fleet"] = "bad.json"
    assert error(d, tmp_path).startswith("sides[0].fleet (bad.json): ships[0].ship: no ship")


def test_table_problems() -> None:
    assert error(doc(sides=[{"name": "a", "fleet": FED, "deployment": {**SOUTH, "width": 1000}},
                            {"name": "b", "fleet": KLINGON, "deployment": NORTH}])).startswith(
        "sides[0].deployment: the zone is not inside")
    assert error(doc(sides=[{"name": "a", "fleet": FED, "deployment": SOUTH},
                            {"name": "b", "fleet": KLINGON, "deployment": SOUTH}])).startswith(
        "sides[1].deployment: the two deployment zones overlap")
    assert error(doc(obstacles=[{"points": [[900, 400], [950, 400], [920, 450]]}])).startswith(
        "obstacles[0]: 'asteroid field' is not inside the play area")
    assert error(doc(planets=[{"x": 1000, "y": 1, "radius": 10}])).startswith("planets[0]: the centre")
    # An obstacle where the default deployment puts a ship.
    assert "overlaps the obstacle" in error(doc(obstacles=[{"points": [[440, 40], [480, 40], [460, 70]]}]))


def test_placements_are_checked() -> None:
    d = doc()
    d["sides"][0]["placements"] = [{"x": 100, "y": 50}, {"x": 300, "y": 50}]
    assert error(d).startswith("sides[0].placements: 2 poses for 1 ships")
    d["sides"][0]["placements"] = [{"x": 100, "y": 90}]
    assert "not wholly inside the deployment zone" in error(d)
    d["sides"][0]["placements"] = [{"x": 100, "y": 50, "heading": 30}]
    s = build(d)
    assert s.sides[0].start == (Pose(100, 50, 30),) and s.sides[0].explicit_placements
    two = doc()
    two["sides"][0]["fleet"]["ships"].append({"ship": "1030", "captain": "2029"})
    two["sides"][0]["placements"] = [{"x": 100, "y": 50}, {"x": 130, "y": 50}]
    assert "overlaps" in error(two)


def test_a_tournament_scenario_refuses_an_illegal_fleet() -> None:
    message = error(doc(fleet_format="tournament"))
    assert message.startswith("sides[0].fleet: the fleet is not tournament legal")
    assert "min-ships" in message


def test_unknown_bundled_name_and_missing_file() -> None:
    with pytest.raises(ScenarioError, match=r"no bundled scenario 'skirmsh' \(bundled: .*skirmish"):
        load_scenario("skirmsh")
    with pytest.raises(ScenarioError, match="no such scenario file"):
        load_scenario("nowhere/skirmish.json")


def test_text_errors_are_scenario_errors() -> None:
    with pytest.raises(ScenarioError, match="not valid JSON"):
        parse_scenario_text("{", "inline")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        parse_scenario_text("name = ", "inline.toml", toml=True)
    s = parse_scenario_text(json.dumps(doc()), "inline")
    assert s.source == "inline"


# -- deployment -----------------------------------------------------------------------------------


def test_facing_heading_points_at_the_enemy_zone() -> None:
    south, north = Rect(**SOUTH), Rect(**NORTH)
    west = Rect(x=0, y=0, width=101.6, height=914.4)
    east = Rect(x=812.8, y=0, width=101.6, height=914.4)
    corner_sw = Rect(x=0, y=0, width=200, height=200)
    corner_ne = Rect(x=714.4, y=714.4, width=200, height=200)
    assert facing_heading(south, north) == 0 and facing_heading(north, south) == 180
    assert facing_heading(west, east) == 90 and facing_heading(east, west) == 270
    assert facing_heading(corner_sw, corner_ne) == 45 and facing_heading(corner_ne, corner_sw) == 225


def test_default_deployment_spreads_ships_inside_the_zone() -> None:
    s = load_scenario("skirmish")
    ships = s.sides[0].fleet.ships
    west = Rect(x=0, y=0, width=101.6, height=914.4)
    poses = default_deployment(west, ships, 90.0)
    assert [p.heading for p in poses] == [90.0] * 3
    # Facing east, the ship's left is north: fleet order runs from north to south.
    assert [round(p.y, 1) for p in poses] == [762.0, 457.2, 152.4]
    corner = Rect(x=0, y=0, width=250, height=250)
    poses = default_deployment(corner, ships, 45.0)
    zone = corner.polygon.buffer(1e-6)
    bases = [base_polygon(p, base_half("small")) for p in poses]
    assert all(zone.covers(b) for b in bases)
    assert all(not bases[i].intersects(bases[j]) for i in range(3) for j in range(i + 1, 3))
    assert default_deployment(corner, (), 0.0) == ()


def test_a_zone_too_small_for_the_default_deployment_is_an_error() -> None:
    d = doc(sides=[{"name": "a", "fleet": FED, "deployment": {"x": 0, "y": 0, "width": 914.4, "height": 30}},
                   {"name": "b", "fleet": KLINGON, "deployment": NORTH}])
    assert "sides[0] (default deployment)[0] (U.S.S. Enterprise-D)" in error(d)


def test_obstacles_and_planets_become_geometry() -> None:
    s = load_scenario("skirmish")
    assert all(isinstance(o, Obstacle) and isinstance(o.polygon, Polygon) for o in s.obstacles)
    assert s.play_area.width == pytest.approx(914.4)


# -- scoring -------------------------------------------------------------------------------------


def test_fleet_points_are_120_minus_the_sp_left_in_the_surviving_enemy_fleet() -> None:
    s = load_scenario("skirmish")
    fed, dom = s.sides[0].fleet, s.sides[1].fleet
    assert surviving_points(dom, ()) == 113 and fleet_points(dom, ()) == 7
    assert fleet_points(dom, {0}) == 120 - (34 + 30)
    assert fleet_points(dom, {0, 1, 2}) == 120
    assert fleet_points(fed, ()) == 1  # 120 - 119
    assert fleet_points(fed, (), base=100) == 0  # never below zero


def test_the_resource_counts_until_the_fleet_is_eliminated() -> None:
    s = build(doc())
    fleet = s.sides[0].fleet.model_copy()
    with_resource = build(doc(sides=[
        {"name": "Federation", "fleet": {**FED, "resource": "4001"}, "deployment": SOUTH},
        {"name": "Klingon", "fleet": KLINGON, "deployment": NORTH}])).sides[0].fleet
    assert surviving_points(with_resource, ()) == surviving_points(fleet, ()) + 5
    assert surviving_points(with_resource, {0}) == 0


def test_game_result() -> None:
    s = load_scenario("skirmish")
    wiped = game_result(s, ({0}, {0, 1, 2}))
    assert wiped.winner == 0 and "destroyed the whole enemy fleet" in wiped.reason
    assert wiped.fleet_points == (120, 120 - 74)
    on_points = game_result(s, ((), {2}))
    assert on_points.winner == 0 and on_points.fleet_points == (120 - 83, 1)
    # Nothing destroyed: each side scores 120 minus the other's whole fleet, so the side that
    # faces the cheaper fleet (Dominion, 113 SP) scores more.
    untouched = game_result(s, ((), ()))
    assert untouched.winner == 0 and untouched.fleet_points == (7, 1)
    duel = load_scenario("duel")
    assert game_result(duel, ({0}, {0})).winner is None
    assert game_result(duel, ({0}, {0})).reason == "both fleets destroyed"


# -- trek scenario --------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenario", "show", "skirmish")
    assert code == 0 and "skirmish" in out and "asteroid field 1" in out and "U.S.S. Enterprise-D" in out
    assert "round limit 8" in out and "120 minus the SP left" in out


def test_cli_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenario", "show", "duel", "--json")
    document = json.loads(out)
    assert code == 0 and document["name"] == "duel" and len(document["sides"]) == 2
    assert document["sides"][0]["start"] == [{"x": 457.2, "y": 50.8, "heading": 0.0}]
    assert document["sides"][1]["fleet"]["ships"][0]["captain"]["name"] == "Koloth"


def test_cli_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenario", "list", "--json")
    names = [row["name"] for row in json.loads(out)["scenarios"]]
    assert code == 0 and {"skirmish", "duel"} <= set(names)
    code, out, _ = run(capsys, "scenario", "list")
    assert code == 0 and "skirmish  Federation (3 ships) vs Dominion (3 ships), 8 rounds" in out


def test_cli_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "scenario", "show", "nonesuch")
    assert code == 2 and out == "" and "no bundled scenario 'nonesuch'" in err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc(round_limit=-1)), encoding="utf-8")
    code, _, err = run(capsys, "scenario", "show", str(bad))
    assert code == 2 and f"{bad}: round_limit:" in err and err.count("\n") == 1

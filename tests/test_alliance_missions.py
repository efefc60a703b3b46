"""Act I, A Simple Patrol: whole missions, the replay round trip, and a hundred seeded missions
without an illegal state."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.geometry.shapes import base_corners
from engine.replay import open_replay
from engine.replay.codec import codec_for
from engine.replay.validate import validate_replay
from engine.rulesets.alliance import events as ae
from engine.rulesets.alliance.codec import state_from_dict, state_to_dict
from engine.rulesets.alliance.formations import EDGE_FACING
from engine.rulesets.alliance.mission import MissionError, load_mission, parse_mission
from engine.rulesets.alliance.play import play_mission
from engine.rulesets.alliance.reducer import fold, initial_state
from engine.rulesets.alliance.state import AllianceState
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.measure import convex_overlap

ACT1 = load_mission("alliance-act1")


def check_table(state: AllianceState) -> None:
    """Invariants of a legal table: ships inside the map (edge-placed Enemy AI ships just outside,
    facing in), no two bases overlapping, damage below the hull value."""
    aw = state.aw
    area = ACT1.area
    ships = aw.in_play()
    for s in ships:
        assert (0 <= s.shields <= s.shields_max and s.hull_damage < s.hull) or s.doomed, s
        h = P.base_half(s.base)
        inside = h - 1e-6 <= s.pose.x <= area.width - h + 1e-6 and h - 1e-6 <= s.pose.y <= area.height - h + 1e-6
        if s.id in state.edge_placed:
            assert s.pose.heading in EDGE_FACING.values()
        else:
            assert inside, f"{s.id} off the map at {s.pose}"
    for i, a in enumerate(ships):
        for b in ships[i + 1:]:
            assert not convex_overlap(base_corners(a.pose, P.base_half(a.base)),
                                      base_corners(b.pose, P.base_half(b.base)), P.BUMP_PRECISION_MM), (a.id, b.id)


def test_enemy_ships_table_by_player_count() -> None:
    counts = {n: sum(len(r.ships_for(n)) for r in ACT1.rows(n)) for n in range(2, 7)}
    assert counts == {2: 4, 3: 6, 4: 8, 5: 10, 6: 12}
    alpha = next(r for r in ACT1.spec.enemy_ships if r.formation == "Dominion Alpha")
    assert [s.elite for s in alpha.ships_for(6)] == [True, True] and alpha.arrival == 3 and alpha.choices() is None
    first = next(r for r in ACT1.spec.enemy_ships if r.formation == "Dominion 1st Wing")
    assert len(first.ships_for(3)) == 1  # rulebook: "In a game with 3 players ... 1 Jem'Hadar Attack Ship"
    third = next(r for r in ACT1.spec.enemy_ships if r.formation == "Dominion 3rd Wing")
    assert all(not third.ships_for(n) for n in (2, 3, 4))  # "not used" at 4 players


def test_terrain_follows_the_spacing_rules() -> None:
    from engine.rulesets.alliance.play import terrain_rng

    for seed in range(5):
        rocks = ACT1.obstacles(2, terrain_rng(seed))
        assert len(rocks) == 6
        for i, a in enumerate(rocks):
            minx, miny, maxx, maxy = a.polygon.bounds
            assert min(minx, miny, ACT1.area.width - maxx, ACT1.area.height - maxy) >= 2 * P.RANGE_BAND_EDGES_MM[0]
            for b in rocks[i + 1:]:
                assert a.polygon.distance(b.polygon) >= P.RANGE_BAND_EDGES_MM[0]


def test_mission_file_errors_say_where() -> None:
    doc = ACT1.document()
    doc["enemy_ships"][0]["bearing"] = "north"
    with pytest.raises(MissionError, match="bearing"):
        parse_mission(doc)
    doc = ACT1.document()
    doc["enemy_ships"][0]["ships"]["2p"][0]["type"] = "borg_cube"
    with pytest.raises(MissionError, match="borg_cube"):
        parse_mission(doc)
    doc = ACT1.document()
    doc["enemy_ships"][2]["bearing"] = "7/8"
    with pytest.raises(MissionError, match="bearing"):
        parse_mission(doc)


def test_act1_whole_mission_replay_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "act1.trek"
    result = play_mission("alliance-act1", 3, 11, out)
    state = result.state
    assert state.mission is not None and state.aw.result is not None
    assert fold(initial_state(11), result.events) == state
    assert state_from_dict(state_to_dict(state)) == state
    report = validate_replay(out)
    assert report.sound and report.rules_checked, report.problems
    replay = open_replay(out)
    codec = codec_for(replay.ruleset)
    assert replay.ruleset == "alliance"
    assert codec.encode_state(replay.state_at(replay.event_count - 1, codec)) == state_to_dict(state)
    kinds = Counter(e.type for e in result.events)
    assert kinds["formation_deployed"] == len(ACT1.rows(3)) or state.aw.round < 6
    assert kinds["enemy_maneuver_rolled"] > 0 and kinds["enemy_action_rule"] > 0
    # every Enemy AI maneuver decision carries its inputs
    for e in result.events:
        if isinstance(e, ae.EnemyDirection):
            assert e.ring in ("inner", "outer") and 0 <= e.sector <= 7 and e.table


def test_reinforcements_arrive_on_their_rounds() -> None:
    result = play_mission("alliance-act1", 2, 5, rounds=6)
    arrivals = [(e.formation, e.round) for e in result.events if isinstance(e, ae.ReinforcementsArrived)]
    assert arrivals[:2] == [("Dominion 1st Wing", 0), ("Dominion 2nd Wing", 0)]
    assert ("Dominion Alpha", 3) in arrivals and ("Dominion 4th Wing", 6) in arrivals
    alpha = next(e for e in result.events if isinstance(e, ae.FormationDeployed) and e.formation == "Dominion Alpha")
    assert alpha.bearing_rule == "Roll" and alpha.bearing == alpha.bearing_roll and alpha.loadouts[0].elite
    assert result.state.aw.ship(alpha.ships[0]).skill == 4


def test_ids_follow_the_table_order() -> None:
    result = play_mission("alliance-act1", 4, 2, rounds=3)
    deployed = [e for e in result.events if isinstance(e, ae.FormationDeployed)]
    numbers = [lo.number for e in deployed for lo in sorted(e.loadouts, key=lambda lo: lo.number)]
    assert numbers == list(range(1, len(numbers) + 1))
    assert [e.formation for e in deployed][:2] == ["Dominion 1st Wing", "Dominion 2nd Wing"]


def _mission_cases() -> list[tuple[int, int, int | None]]:
    cases: list[tuple[int, int, int | None]] = []
    for seed in range(100):
        if seed < 60:
            cases.append((seed, 2, 2))
        elif seed < 88:
            cases.append((seed, 2, 3))
        else:
            cases.append((seed, 3 + seed % 4, 3))
    return cases


def test_a_hundred_seeded_missions_complete_without_illegal_states() -> None:
    outcomes: Counter[str] = Counter()
    for seed, players, rounds in _mission_cases():
        def check(event: ae.AnyEvent, state: AllianceState) -> None:
            if isinstance(event, ev.RoundEnded | ev.GameEnded):
                check_table(state)

        from engine.rulesets.alliance.game import AllianceGame
        from engine.rulesets.alliance.play import mission_setup, pregenerated
        from engine.rulesets.alliance.players import MissionAiPlayer

        setup = mission_setup(ACT1, players, seed, pregenerated(ACT1, players), rounds)
        game = AllianceGame(setup, seed, MissionAiPlayer(ACT1, players, setup.obstacles), sink=check)
        game.play()
        state = game.full
        assert state.aw.result is not None and state.mission is not None, seed
        assert fold(initial_state(seed), game.events) == state, seed
        assert sum(1 for e in game.events if isinstance(e, ae.MissionEnded)) == 1
        outcomes["success" if state.mission.success else "failure"] += 1
    assert sum(outcomes.values()) == 100


def test_carriers_retreat_from_the_federation_edge_and_earn_xp() -> None:
    """The player AI collects sensor data and brings it home by the south (Federation) edge; a
    retreat through the Attack Wing "flees the battlefield" path is a retreat, not a loss."""
    for seed in range(12):
        result = play_mission("alliance-act1", 2, seed)
        retreats = [e for e in result.events if isinstance(e, ae.ShipRetreated) and e.edge == "south"]
        mission = result.state.mission
        assert mission is not None
        if retreats and mission.success:
            ship = result.state.aw.ship(retreats[0].ship)
            assert ship.destroyed and not ship.fled and ship.id in result.state.retreated
            assert sorted(mission.returned) == ["even", "odd"]
            assert dict(mission.xp)[ship.id] == 2
            return
    raise AssertionError("no seed brought the sensor data home by the Federation edge")


def test_luck_counts_the_enemy_ai_ships_that_arrive_as_reinforcements() -> None:
    """`trek replay info` and batch stats: every attack with recorded odds counts for its side. The
    Enemy AI's ships are not in GameStarted (they arrive in the Reinforcements Phase), and their
    attacks were dropped: side 1 read 0 attacks in alliance-act1 seed 4 with 13 made."""
    from engine.rulesets.alliance.ruleset import RULESET as ALLIANCE

    assert ALLIANCE.luck is not None
    events = play_mission("alliance-act1", 2, 4).events
    sides = ALLIANCE.luck.sides([e for e in events if e.type in ALLIANCE.luck.reads])
    assert sides is not None
    enemy = {s.id for e in events if isinstance(e, ae.ReinforcementsArrived) for s in e.ships}
    attacks = [e for e in events if isinstance(e, ev.AttackResolved)]
    made = [sum(1 for a in attacks if (a.ship in enemy) == (side == 1)) for side in (0, 1)]
    assert [s["attacks"] for s in sides] == made and made[1] > 0
    dealt = sum(a.hits + a.crits for a in attacks if a.ship in enemy)
    assert sides[1]["actual_damage"] == dealt

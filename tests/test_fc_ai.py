"""The Fleet Captains AI (issue 18): task forces when they help, scans and scan tokens, cycling a
mission it cannot complete; every pick with its reason."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.fleet_captains.ai import FleetAi, _worth_exploring, goals
from engine.rulesets.fleet_captains.content import MISSIONS
from engine.rulesets.fleet_captains.options import turn_options
from engine.rulesets.fleet_captains.players import Offer
from engine.rulesets.fleet_captains.state import adjacent
from tests.fc_helpers import explore_all, place, started


def test_ships_heading_the_same_way_past_an_enemy_break_away_as_a_task_force() -> None:
    """Summary, "Task Forces": breakaways with a task force add all its ships' sizes."""
    game = started()
    explore_all(game)
    side = game.state.first
    fleet = game.state.fleet(side)
    enemy = game.state.fleet(1 - side)[0]
    a, b = fleet[0], next(s for s in fleet[1:] if s.rating("engines") == fleet[0].rating("engines"))
    for ship in (a, b):
        place(game, ship.id, "r2c2", alert=1)  # damaged: both head for a repair spot
    place(game, enemy.id, "r2c2")
    ai = FleetAi()
    options = turn_options(game.state, side)
    offer = Offer(side, "turn", options)
    together = next(o for o in options if o.kind == "move" and set(o.ships) == {a.id, b.id})
    alone = next(o for o in options if o.kind == "move" and o.ships == (a.id,))
    score, reason = ai.score(game.state, offer, together)
    assert score > ai.score(game.state, offer, alone)[0]
    assert "breaks away together" in reason and str(a.card.size + b.card.size) in reason


def test_ships_heading_different_ways_move_alone() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    a, b = game.state.fleet(side)[:2]
    place(game, a.id, "r2c2", alert=1)  # to a repair spot
    place(game, b.id, "r2c2")
    assert goals(game.state, game.state.ship(a.id))[0] != goals(game.state, game.state.ship(b.id))[0]
    together = next(o for o in turn_options(game.state, side) if o.kind == "move" and len(o.ships) > 1)
    score, reason = FleetAi().score(game.state, Offer(side, "turn", (together,)), together)
    assert score < 0 and "different ways" in reason


def test_an_explorer_scans_the_tile_ahead_and_heads_for_a_scanned_planet() -> None:
    """Summary, "6. Scan Actions": a scanned location may be reviewed at any time."""
    game = started()
    side = game.state.first
    ship = game.state.fleet(side)[0]
    scout = "intrepid" if game.state.side(side).faction == "Federation" else "raptor"  # own mission: explore
    here = "r2c2"
    place(game, ship.id, here, cls=scout)
    assert "explor" in goals(game.state, game.state.ship(ship.id))[1]
    state = game.state
    state = replace(state, locations=tuple(replace(p, explored=True) if p.id == here else p for p in state.locations))
    game.state = state
    scans = [o for o in turn_options(state, side) if o.kind == "scan" and o.ships == (ship.id,)]
    assert scans
    best = max(FleetAi().score(state, Offer(side, "turn", tuple(scans)), o)[0] for o in scans)
    assert best == 1.5
    unexplored = frozenset(p.id for p in state.locations if not p.explored)
    planet = next(p for p in state.locations if p.id in adjacent(here) and not p.explored)
    poor = [p for p in state.locations if not p.explored and not p.planet and p.size >= 2]
    scanned = {planet.id, *(p.id for p in poor)}
    state = replace(state, locations=tuple(replace(p, scanned_by=(side,)) if p.id in scanned else p
                                           for p in state.locations))
    picked = _worth_exploring(state, side, unexplored)
    if planet.planet:
        assert picked == {planet.id}  # the scan showed a planet: go there
    else:
        assert not (picked & {p.id for p in poor})  # never a scanned costly tile without a planet
    assert _worth_exploring(state, 1 - side, unexplored) == unexplored  # the other side saw nothing


def test_a_mission_that_needs_cargo_no_ship_carries_is_cycled() -> None:
    game = started()
    side = game.state.first
    relief = next(m for m in MISSIONS.values() if m.cargo == "supplies")
    game.state = game.state.with_side(side, replace(game.state.side(side), missions=(relief.id,)))
    cycle = next(o for o in turn_options(game.state, side) if o.kind == "cycle")
    score, reason = FleetAi().score(game.state, Offer(side, "turn", (cycle,)), cycle)
    assert score > 0 and "no supplies aboard" in reason

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


# --- the covert actions (summary 1, 6 b, 7): cloaks, echoes, searches, transfers ------------------------

def _klingon_game() -> tuple[object, int]:
    from engine.rulesets.fleet_captains import events as fe

    game = started(2)
    explore_all(game)
    klingon = next(i for i, s in enumerate(game.state.sides) if s.faction == "Klingon")
    if game.state.first != klingon:
        game.emit(fe.TurnEnded(turn=1, side=game.state.first))
        game.emit(fe.TurnStarted(turn=2, side=klingon))
    return game, klingon


def test_a_ship_outgunned_where_it_stands_cloaks_and_stays_cloaked_while_the_danger_lasts() -> None:
    """A cloaked ship cannot be targeted for combat: a ship that would take more damage than it
    deals cloaks where it stands, and does not de-cloak while that enemy is still there."""
    from engine.rulesets.fleet_captains.turn import carry_out

    game, klingon = _klingon_game()
    ship = next(s for s in game.state.fleet(klingon) if s.card.cloaks)
    enemy = max(game.state.fleet(1 - klingon), key=lambda s: s.card.dial[0][1].weapons or 0)
    place(game, ship.id, "r2c2", alert=1, setting=0)  # damaged, at its own outpost: where it would repair
    game.state = game.state.with_location(replace(game.state.location("r2c2"), installation="outpost",
                                                  installation_side=klingon))
    place(game, enemy.id, "r2c2", setting=1)
    ai = FleetAi()
    options = turn_options(game.state, klingon)
    cloak = next(o for o in options if o.kind == "cloak" and o.ships == (ship.id,))
    score, reason = ai.score(game.state, Offer(klingon, "turn", options), cloak)
    assert score > 3 and f"out of reach of {enemy.id}" in reason
    carry_out(game, klingon, cloak)
    game.state = game.state.with_ship(replace(game.state.ship(ship.id), adjusted=False))
    decloak = next(o for o in turn_options(game.state, klingon) if o.kind == "power" and o.ships == (ship.id,))
    score, reason = ai.score(game.state, Offer(klingon, "turn", (decloak,)), decloak)
    assert score < 0 and "stays cloaked" in reason


def test_a_cloaked_ship_deploys_an_echo_where_enemy_ships_could_search_it() -> None:
    from engine.rulesets.fleet_captains.turn import carry_out

    game, klingon = _klingon_game()
    ship = next(s for s in game.state.fleet(klingon) if s.card.cloaks)
    place(game, ship.id, "r2c2")
    carry_out(game, klingon, next(o for o in turn_options(game.state, klingon) if o.kind == "cloak"
                                  and o.ships == (ship.id,)))
    game.state = game.state.with_ship(replace(game.state.ship(ship.id), acted=False))
    echo = next(o for o in turn_options(game.state, klingon) if o.kind == "echo")
    ai = FleetAi()
    alone = ai.score(game.state, Offer(klingon, "turn", (echo,)), echo)
    searcher = game.state.fleet(1 - klingon)[0]
    place(game, searcher.id, "r2c3", setting=2)  # a science setting next door
    watched = ai.score(game.state, Offer(klingon, "turn", (echo,)), echo)
    assert watched[0] > alone[0] > 0 and "could search here" in watched[1]


def test_ships_search_a_lurking_cloak_token_together_when_alone_they_could_not_reach_15() -> None:
    """Search for Cloaked Ships: a level 15 sensors test; a cooperative test adds the ships'
    ratings: two ships at one place make sure of it, a ready warship then attacks what it reveals."""
    from engine.rulesets.fleet_captains.turn import carry_out

    game, klingon = _klingon_game()
    ship = next(s for s in game.state.fleet(klingon) if s.card.cloaks)
    place(game, ship.id, "r2c2")
    carry_out(game, klingon, next(o for o in turn_options(game.state, klingon) if o.kind == "cloak"
                                  and o.ships == (ship.id,)))
    from engine.rulesets.fleet_captains import events as fe

    fed = 1 - klingon
    game.emit(fe.TurnEnded(turn=game.turn, side=klingon))
    game.emit(fe.TurnStarted(turn=game.turn + 1, side=fed))
    a, b, c = game.state.fleet(fed)[:3]
    for s in (a, b):
        place(game, s.id, "r2c3", setting=2)  # science settings
    place(game, c.id, "r2c2", setting=1)
    game.state = game.state.with_side(fed, replace(game.state.side(fed), hand=()))
    ai = FleetAi()
    options = turn_options(game.state, fed)
    offer = Offer(fed, "turn", options)
    together = next(o for o in options if o.kind == "search" and set(o.ships) == {a.id, b.id})
    single = max((o for o in options if o.kind == "search" and len(o.ships) == 1),
                 key=lambda o: ai.score(game.state, offer, o)[0])
    assert (a.card.dial[0][2].sensors or 0) + (b.card.dial[0][2].sensors or 0) >= 15
    score, reason = ai.score(game.state, offer, together)
    assert score > ai.score(game.state, offer, single)[0] and score > 5
    assert "P(reveal) 1.00" in reason and f"{c.id} ready to attack it" in reason


def test_cargo_for_a_delivery_goes_to_the_mate_with_the_better_odds() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    relief = next(m for m in MISSIONS.values() if m.cargo == "supplies")
    game.state = game.state.with_side(side, replace(game.state.side(side), missions=(relief.id,), hand=()))
    a, b = game.state.fleet(side)[:2]
    supplies = next(c for c in game.state.cargo if c.startswith("cgo-s"))
    low = min(range(3), key=lambda i: a.card.dial[1][i].sensors or 99)
    place(game, a.id, "r2c2", alert=1, setting=low, cargo=(supplies,))  # yellow alert, its sensors low
    place(game, b.id, "r2c2", setting=2)  # a science setting
    assert (game.state.ship(a.id).rating("sensors") or 0) + 3 <= (game.state.ship(b.id).rating("sensors") or 0)
    move = next(o for o in turn_options(game.state, side) if o.kind == "transfer" and o.target == f"{supplies}>{b.id}")
    score, reason = FleetAi().score(game.state, Offer(side, "turn", (move,)), move)
    assert score > 2 and "P(delivery)" in reason and b.id in reason

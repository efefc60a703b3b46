"""Fleet Captains, step by step as the setup and turn summary (seeds/004) gives it."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains import rng
from engine.rulesets.fleet_captains.content import COMMAND_CARDS, MISSIONS, SHIP_CLASSES, STANDARD_FLEET_SIZE, TILES
from engine.rulesets.fleet_captains.options import turn_options
from engine.rulesets.fleet_captains.players import Act
from engine.rulesets.fleet_captains.reducer import step_cost
from engine.rulesets.fleet_captains.rules import damage_for, p_opposed, p_success
from engine.rulesets.fleet_captains.state import adjacent
from engine.rulesets.fleet_captains.systems import size_roll, system_test
from engine.rulesets.fleet_captains.turn import carry_out, move
from tests.fc_helpers import explore_all, fold, place, set_up, started

# --- A. general setup ----------------------------------------------------------------------------------

def test_setup_a_fifty_tiles_a_five_by_five_map_face_down_with_a_command_post_at_each_end() -> None:
    state = set_up().state
    assert len(TILES) == 50
    tiles = [p for p in state.locations if p.tile is not None]
    assert len(tiles) == 25 and not any(p.explored for p in tiles)
    assert len(state.tiles) == 25  # the rest of the tiles stay by the console
    posts = [p for p in state.locations if p.tile is None]
    assert [p.id for p in posts] == ["cp0", "cp1"] and all(p.explored for p in posts)
    assert set(adjacent("cp0")) == {f"r0c{c}" for c in range(5)}
    assert set(adjacent("cp1")) == {f"r4c{c}" for c in range(5)}


# --- B. muster fleets ----------------------------------------------------------------------------------

def test_setup_b_fleets_drafted_up_to_the_fleet_size_the_rest_are_reinforcements() -> None:
    game = set_up(11)
    state = game.state
    assert state.vp_target == STANDARD_FLEET_SIZE  # VP = Fleet Size
    for side in (0, 1):
        fleet = state.fleet(side)
        assert sum(s.card.size for s in fleet) <= STANDARD_FLEET_SIZE
        assert all(s.location == f"cp{side}" for s in fleet)  # the starship deployment zone
        drafted = [e for e in game.events if isinstance(e, fe.Drafted) and e.side == side]
        kept = [e.card for e in drafted if e.ship]
        assert Counter(kept) == Counter(s.cls for s in fleet)
        # every ship card is in the fleet or in the reinforcement deck
        deck = Counter(state.side(side).reinforcements) + Counter(kept)
        from engine.rulesets.fleet_captains.content import FLEET_DECKS
        assert deck == Counter(FLEET_DECKS[state.side(side).faction])
        for e in drafted:  # a card that would go over the fleet size is discarded
            assert (e.ship is None) == ("would take" in e.reason)


# --- C. command deck, D. orders ----------------------------------------------------------------------

def test_setup_c_four_subdecks_shuffled_and_a_hand_of_four() -> None:
    state = set_up().state
    for side in state.sides:
        assert len(side.subdecks) == 4 and len(side.hand) == 4
        assert {COMMAND_CARDS[c].subdeck for c in (*side.hand, *side.command_deck)} <= set(side.subdecks)


def test_setup_d_missions_by_the_ship_cards_and_three_face_up() -> None:
    state = set_up().state
    for i, side in enumerate(state.sides):
        wanted = Counter()
        for ship in state.fleet(i):
            for k, kind in enumerate(("science", "combat", "influence")):
                wanted[kind] += ship.card.missions[k]
        got = Counter(MISSIONS[m].type for m in (*side.mission_deck, *side.missions))
        assert got == wanted
        assert len(side.missions) == min(3, sum(wanted.values()))


# --- the generator and the reducer's checks --------------------------------------------------------

def test_a_forged_die_or_shuffle_is_refused() -> None:
    game = started()
    value, _ = rng.d6(game.state.rng)
    wrong = value % 6 + 1
    with pytest.raises(ValueError, match="the seed rolls"):
        fold(game.state, fe.Rolled(turn=1, side=0, value=wrong))
    assert fold(game.state, fe.Rolled(turn=1, side=0, value=value)).rng != game.state.rng
    deck = game.state.side(0).command_deck
    with pytest.raises(ValueError, match="not shuffled"):
        fold(game.state, fe.Shuffled(turn=1, pile="command_deck", side=0, order=tuple(sorted(deck))))


# --- movement -------------------------------------------------------------------------------------------

def test_movement_a_location_costs_its_size_but_the_first_step_always_goes() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    ship = game.state.fleet(side)[0]
    big = next(p for p in game.state.locations if p.size == 3)
    place(game, ship.id, big.id)
    points = ship.rating("engines")
    assert points is not None and points < 4
    game.emit(fe.MoveStarted(turn=1, ships=(ship.id,), points=points))
    assert step_cost(game.state, big.id) == min(3, points)  # any ship with engines 1+ moves to an adjacent place
    dest = next(a for a in adjacent(big.id) if not a.startswith("cp"))
    game.emit(fe.Moved(turn=1, ships=(ship.id,), source=big.id, dest=dest, cost=min(3, points)))
    size = game.state.location(dest).size
    left = game.state.move_points
    assert step_cost(game.state, dest) == size  # later steps pay the full size
    if size > left:
        with pytest.raises(ValueError, match="costs"):
            fold(game.state, fe.Moved(turn=1, ships=(ship.id,), source=dest, dest=big.id, cost=size))


def test_movement_only_your_ships_enter_your_command_post() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    ship = game.state.fleet(side)[0]
    enemy_post = f"cp{1 - side}"
    edge = adjacent(enemy_post)[0]
    place(game, ship.id, edge)
    game.emit(fe.MoveStarted(turn=1, ships=(ship.id,), points=ship.rating("engines") or 1))
    with pytest.raises(ValueError, match="own ships enter"):
        fold(game.state, fe.Moved(turn=1, ships=(ship.id,), source=edge, dest=enemy_post,
                                  cost=step_cost(game.state, edge)))


def test_movement_entering_your_own_command_post_costs_nothing() -> None:
    """Summary, "Command Posts": "only your ships may enter; it costs 0 movement to enter". A ship
    with 1 point left on a size-2 tile next to its post steps in (the step was charged the size of
    the tile it leaves, so it could not)."""
    game = started()
    explore_all(game)
    side = game.state.first
    ship = game.state.fleet(side)[0]
    post = f"cp{side}"
    edge = adjacent(post)[0]
    big = next(t for t in TILES if TILES[t].size == 2)
    game.state = game.state.with_location(replace(game.state.location(edge), tile=big, explored=True))
    place(game, ship.id, edge)
    game.emit(fe.MoveStarted(turn=1, ships=(ship.id,), points=ship.rating("engines") or 1))
    game.state = replace(game.state, move_points=1, move_steps=1)  # arrange: 1 point left after a step
    assert game.state.location(edge).size == 2 and step_cost(game.state, edge) == 2
    assert step_cost(game.state, edge, post) == 0
    with pytest.raises(ValueError, match="costs 0"):
        fold(game.state, fe.Moved(turn=1, ships=(ship.id,), source=edge, dest=post, cost=2))
    after = fold(game.state, fe.Moved(turn=1, ships=(ship.id,), source=edge, dest=post, cost=0))
    assert after.where(after.ship(ship.id)) == post and after.move_points == 1


def test_exploration_turns_the_tile_and_rolls_for_the_encounter() -> None:
    game = started(5)
    side = game.state.first
    ship = game.state.fleet(side)[0]

    class Forward:
        def choose(self, state: object, offer: object) -> tuple[int, str]:
            return 0, "first"

    game.players = (Forward(), Forward())
    move(game, side, (ship.id,))
    explored = [e for e in game.events if isinstance(e, fe.Explored)]
    assert explored, "the first step from the command post enters a face-down tile"
    after = game.events[game.events.index(explored[0]) + 1]
    assert isinstance(after, fe.Rolled) and "encounter roll" in after.purpose
    tile = TILES[explored[0].tile]
    drew = any(isinstance(e, fe.CardsMoved) and e.source == "encounter_deck" for e in game.events)
    assert drew == (after.value in tile.encounter)
    if drew:  # drawing an encounter card ends the move
        assert isinstance(game.events[-1], fe.MoveEnded) and "encounter" in game.events[-1].why


def test_breakaway_is_a_d6_plus_sizes_and_the_mover_passes_on_equal() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    mine = game.state.fleet(side)[0]
    theirs = game.state.fleet(1 - side)[0]
    place(game, mine.id, "r2c2")
    place(game, theirs.id, "r2c2")
    passed = size_roll(game, side, (mine.id,), "breakaway")
    test = game.events[-1]
    assert isinstance(test, fe.Tested) and test.kind == "breakaway"
    assert test.rating == mine.card.size and test.target - theirs.card.size in range(1, 7)
    assert passed == (test.total >= test.target)


# --- power adjustments ------------------------------------------------------------------------------

def test_one_power_adjustment_per_ship_per_turn_within_its_alert_status() -> None:
    game = started()
    ship = game.state.fleet(game.state.first)[0]
    game.emit(fe.PowerAdjusted(turn=1, ship=ship.id, setting=1))
    assert game.state.ship(ship.id).dial == ship.card.dial[0][1]
    with pytest.raises(ValueError, match="no power adjustment left"):
        fold(game.state, fe.PowerAdjusted(turn=1, ship=ship.id, setting=2))
    with pytest.raises(ValueError, match="no other setting"):
        fold(game.state, fe.PowerAdjusted(turn=1, ship=ship.id, setting=7))


def test_damage_lowers_the_alert_status_and_a_third_destroys_the_first_loss_grows_the_fleet_size() -> None:
    game = started()
    ship = game.state.fleet(0)[0]
    game.emit(fe.Damaged(turn=1, ship=ship.id, amount=1))
    assert game.state.ship(ship.id).alert == 1
    game.emit(fe.Damaged(turn=1, ship=ship.id, amount=2))
    gone = game.state.ship(ship.id)
    assert gone.destroyed and gone.location is None
    assert game.state.side(0).fleet_size == STANDARD_FLEET_SIZE + 1
    other = game.state.fleet(0)[0]
    game.emit(fe.Damaged(turn=1, ship=other.id, amount=3))
    assert game.state.side(0).fleet_size == STANDARD_FLEET_SIZE + 1  # only the first loss counts


# --- actions ----------------------------------------------------------------------------------------

def test_three_actions_a_turn_one_per_ship() -> None:
    game = started()
    side = game.state.first
    fleet = game.state.fleet(side)
    game.emit(fe.ActionTaken(turn=1, side=side, action="scan", ships=(fleet[0].id,)))
    with pytest.raises(ValueError, match="cannot take an action"):
        fold(game.state, fe.ActionTaken(turn=1, side=side, action="scan", ships=(fleet[0].id,)))
    game.emit(fe.ActionTaken(turn=1, side=side, action="reinforcement", ships=()))
    game.emit(fe.ActionTaken(turn=1, side=side, action="reinforcement", ships=()))
    with pytest.raises(ValueError, match="no 1 action"):
        fold(game.state, fe.ActionTaken(turn=1, side=side, action="reinforcement", ships=()))


def test_combat_damage_by_margin() -> None:
    assert damage_for(10, 10) == 0  # less than or equal: the attack fails
    assert damage_for(11, 10) == 1  # exceeds
    assert damage_for(20, 10) == 2  # double
    assert damage_for(30, 10) == 3  # triple: destroyed
    assert damage_for(29, 10) == 2


def test_a_system_test_succeeds_on_equal_or_higher_and_a_disabled_system_cannot_test() -> None:
    game = started()
    side = game.state.first
    ship = game.state.fleet(side)[0]
    ok = system_test(game, side, (ship.id,), "engines", 5, "a test")
    test = game.events[-1]
    assert isinstance(test, fe.Tested) and ok == (test.total >= 5) and test.total == test.rating + test.modifiers + \
        test.die
    red = place(game, ship.id, f"cp{side}", alert=2, setting=0)
    assert red.rating("sensors") is None
    count = len(game.events)
    assert not system_test(game, side, (ship.id,), "sensors", 1, "disabled")
    assert len(game.events) == count  # no roll: the system cannot be tested
    assert p_success(10, 12) == pytest.approx(5 / 6) and p_success(10, 17) == pytest.approx(0)
    assert p_opposed(5, 5) == pytest.approx(15 / 36)  # ties go to the target


def test_influence_one_faction_at_a_time_and_installations_by_influence() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    planet = next(p for p in game.state.locations if p.planet)
    state = game.state
    for _ in range(2):
        state = fold(state, fe.InfluenceChanged(turn=1, location=planet.id, side=side, delta=1))
    with pytest.raises(ValueError, match="influence can go"):
        fold(state, fe.InfluenceChanged(turn=1, location=planet.id, side=1 - side, delta=1))
    with pytest.raises(ValueError, match="a colony needs"):
        fold(state, fe.Installed(turn=1, location=planet.id, side=side, kind="colony"))
    state = fold(state, fe.Installed(turn=1, location=planet.id, side=side, kind="outpost"))
    state = fold(state, fe.Installed(turn=1, location=planet.id, side=side, kind="colony"))
    with pytest.raises(ValueError, match="a starbase needs"):
        fold(state, fe.Installed(turn=1, location=planet.id, side=side, kind="starbase"))


def test_the_enemy_placing_influence_takes_the_installation() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    planet = next(p for p in game.state.locations if p.planet and p.id.startswith("r2"))
    game.state = game.state.with_location(replace(planet, influence_side=None, influence=0,
                                                  installation="starbase", installation_side=1 - side))
    raider = game.state.fleet(side)[0]
    place(game, raider.id, planet.id)
    carry_out(game, side, Act("influence", (raider.id,), target=planet.id, value=1))
    kinds = [e.type for e in game.events[-4:]]
    assert "installation_lost" in kinds and game.state.location(planet.id).installation is None
    lost = [e for e in game.events if isinstance(e, fe.ScoredVp)]
    assert lost and lost[-1].amount == -1 and lost[-1].side == 1 - side  # the starbase's VP goes with it


@pytest.mark.parametrize("name", ["Trade agreement", "Cultural exchange"])
def test_an_influence_card_played_at_an_enemy_installation_takes_it_too(name: str) -> None:
    """Summary, 3 (WARNING): the enemy's influence token in the location takes the installation,
    whether an action or an influence command card places it."""
    game = started()
    explore_all(game)
    side = game.state.first
    planet = next(p for p in game.state.locations if p.planet and p.id.startswith("r2"))
    game.state = game.state.with_location(replace(planet, influence_side=None, influence=0,
                                                  installation="starbase", installation_side=1 - side))
    game.emit(fe.ScoredVp(turn=1, side=1 - side, amount=1, why="the starbase (arranged)"))
    raider = game.state.fleet(side)[0]
    place(game, raider.id, planet.id)
    card = next(c.id for c in COMMAND_CARDS.values() if c.name == name and c.effect == "influence")
    me = game.state.side(side)
    game.state = game.state.with_side(side, replace(me, hand=(*me.hand, card)))
    play = next(a for a in turn_options(game.state, side) if a.kind == "play" and a.target == card
                and a.place == planet.id)
    carry_out(game, side, play)
    after = game.state.location(planet.id)
    assert (after.influence_side, after.influence) == (side, 1)
    assert after.installation is None and after.installation_side is None
    assert game.state.side(1 - side).vp == 0  # the starbase's VP went with it


def test_a_cloaked_ship_takes_only_cloaking_actions_and_cannot_be_attacked() -> None:
    game = started(2)
    explore_all(game)
    klingon = next(i for i, s in enumerate(game.state.sides) if s.faction == "Klingon")
    game.emit(fe.TurnEnded(turn=1, side=game.state.first))
    if game.state.first == klingon:
        game.emit(fe.TurnStarted(turn=2, side=1 - klingon))
        game.emit(fe.TurnEnded(turn=2, side=1 - klingon))
    game.emit(fe.TurnStarted(turn=game.state.turn + 1, side=klingon))
    ship = next(s for s in game.state.fleet(klingon) if s.card.cloaks)
    place(game, ship.id, "r2c2")
    enemy = game.state.fleet(1 - klingon)[0]
    place(game, enemy.id, "r2c2")
    cloak = next(a for a in turn_options(game.state, klingon) if a.kind == "cloak" and a.ships == (ship.id,))
    carry_out(game, klingon, cloak)
    assert game.state.ship(ship.id).cloaked and game.state.token_of(ship.id) is not None
    # the enemy, on its turn, sees no ship to attack, only a token to search
    game.emit(fe.TurnEnded(turn=game.state.turn, side=klingon))
    game.emit(fe.TurnStarted(turn=game.state.turn + 1, side=1 - klingon))
    theirs = turn_options(game.state, 1 - klingon)
    assert not any(a.kind == "attack" and a.target == ship.id for a in theirs)
    assert any(a.kind == "search" for a in theirs) or (enemy.rating("sensors") or 0) < 1
    game.emit(fe.TurnEnded(turn=game.state.turn, side=1 - klingon))
    game.emit(fe.TurnStarted(turn=game.state.turn + 1, side=klingon))
    mine = [a for a in turn_options(game.state, klingon) if ship.id in a.ships and a.kind not in ("move", "power")]
    assert mine and all(a.kind == "echo" for a in mine)  # no other action while cloaked
    carry_out(game, klingon, mine[0])
    assert [t.ship for t in game.state.tokens if t.location == "r2c2"] == [ship.id, None]


def test_reinforcement_within_the_fleet_size_and_the_new_ship_at_the_command_post() -> None:
    game = started()
    side = game.state.first
    room = game.state.side(side).fleet_size - sum(s.card.size for s in game.state.fleet(side))
    offered = {a.target for a in turn_options(game.state, side) if a.kind == "reinforce"}
    assert offered == {c for c in game.state.side(side).reinforcements if SHIP_CLASSES[c].size <= room}


def test_sensor_echoes_move_at_the_fastest_cloaked_ships_engines_once_a_turn() -> None:
    game = started(2)
    explore_all(game)
    klingon = next(i for i, s in enumerate(game.state.sides) if s.faction == "Klingon")
    if game.state.first != klingon:
        game.emit(fe.TurnEnded(turn=1, side=game.state.first))
        game.emit(fe.TurnStarted(turn=2, side=klingon))
    ship = next(s for s in game.state.fleet(klingon) if s.card.cloaks)
    place(game, ship.id, "r2c2")
    carry_out(game, klingon, next(a for a in turn_options(game.state, klingon) if a.kind == "cloak"
                                  and a.ships == (ship.id,)))
    assert not any(a.kind == "move_echo" for a in turn_options(game.state, klingon))  # no echo yet
    game.state = game.state.with_ship(replace(game.state.ship(ship.id), acted=False))  # arrange: a new action
    carry_out(game, klingon, Act("echo", (ship.id,)))
    echo = next(t for t in game.state.tokens if t.ship is None)
    options = [a for a in turn_options(game.state, klingon) if a.kind == "move_echo"]
    assert [a.target for a in options] == [echo.id]
    fastest = max(s.rating("engines") or 0 for s in game.state.fleet(klingon) if s.cloaked)
    with pytest.raises(ValueError, match="fastest cloaked ship"):
        fold(game.state, fe.EchoMoveStarted(turn=game.turn, token=echo.id, points=fastest + 1))
    game.emit(fe.EchoMoveStarted(turn=game.turn, token=echo.id, points=fastest))
    cost = step_cost(game.state, "r2c2")
    game.emit(fe.TokenMoved(turn=game.turn, token=echo.id, source="r2c2", dest="r2c3", cost=cost))
    assert next(t for t in game.state.tokens if t.id == echo.id).location == "r2c3"
    real = game.state.token_of(ship.id)
    assert real is not None and real.location == "r2c2"  # the ship's own token stays
    game.emit(fe.MoveEnded(turn=game.turn, ships=(echo.id,)))
    assert not any(a.kind == "move_echo" for a in turn_options(game.state, klingon))  # once a turn
    with pytest.raises(ValueError, match="can move now"):
        fold(game.state, fe.EchoMoveStarted(turn=game.turn, token=echo.id, points=fastest))


class _Steps:
    """A seat that takes the first step offered, then stops; it ends its turn when asked for one."""

    def __init__(self) -> None:
        self.stepped = False

    def choose(self, state: object, offer: Any) -> tuple[int, str]:
        if offer.kind == "step":
            if self.stepped:
                return len(offer.options) - 1, "stop"
            self.stepped = True
        return 0, "first"


def test_a_task_force_moves_together_at_the_slowest_engines_and_breaks_away_with_its_sizes() -> None:
    game = started(6)
    explore_all(game)
    side = game.state.first
    a, b = game.state.fleet(side)[:2]
    place(game, a.id, "r2c2")
    place(game, b.id, "r2c2")
    group = next(o for o in turn_options(game.state, side) if o.kind == "move" and set(o.ships) >= {a.id, b.id})
    game.players = (_Steps(), _Steps())
    enemy = game.state.fleet(1 - side)[0]
    place(game, enemy.id, "r2c2")
    count = len(game.events)
    move(game, side, group.ships)
    started_move = next(e for e in game.events[count:] if isinstance(e, fe.MoveStarted))
    ships = [game.state.ship(s) for s in group.ships]
    assert started_move.points == min(s.rating("engines") or 0 for s in ships)
    roll = next(e for e in game.events[count:] if isinstance(e, fe.Tested) and e.kind == "breakaway")
    assert roll.rating == sum(s.card.size for s in ships)
    step = next((e for e in game.events[count:] if isinstance(e, fe.Moved)), None)
    if step is not None:  # no split: every ship of the task force went
        assert set(step.ships) == {s.id for s in ships if not s.destroyed}
        assert {game.state.ship(s).location for s in step.ships} == {step.dest}


def test_the_first_player_reaching_the_target_gives_the_second_one_last_turn() -> None:
    for second_scores, winner_is_second in ((0, False), (10, True)):
        game = started(8)
        first, second = game.state.first, 1 - game.state.first
        game.emit(fe.ScoredVp(turn=1, side=first, amount=10, why="a test"))
        assert not game.check_victory()  # the first player's win waits
        game.emit(fe.TurnEnded(turn=1, side=first))
        game.end_of_turn(first)
        assert game.state.phase != "over"
        game.emit(fe.TurnStarted(turn=2, side=second, last=True))
        if second_scores:
            game.emit(fe.ScoredVp(turn=2, side=second, amount=second_scores, why="a test"))
            assert not game.check_victory()  # in the last turn, the end of it decides
        game.emit(fe.TurnEnded(turn=2, side=second))
        game.end_of_turn(second)
        assert game.state.phase == "over"
        assert game.state.winner == (second if winner_is_second else first)


def test_the_second_player_reaching_the_target_wins_at_once() -> None:
    game = started(8)
    second = 1 - game.state.first
    game.emit(fe.ScoredVp(turn=1, side=second, amount=10, why="a test"))
    assert game.check_victory() and game.state.winner == second


def test_a_first_player_below_the_target_after_the_last_turn_has_not_won_and_the_game_goes_on() -> None:
    """The first player reached the target, then lost a starbase (its VP) in the second player's
    last turn: neither side holds the objective, so nobody wins yet (docs/rulings.md, "The end");
    the second player reaching the target in that turn wins it."""
    from tests.test_fc_games import legal_result

    for second_scores, over in ((0, False), (10, True)):
        game = started(8)
        first, second = game.state.first, 1 - game.state.first
        game.emit(fe.ScoredVp(turn=1, side=first, amount=10, why="a test"))
        game.emit(fe.TurnEnded(turn=1, side=first))
        game.end_of_turn(first)
        game.emit(fe.TurnStarted(turn=2, side=second, last=True))
        game.emit(fe.ScoredVp(turn=2, side=first, amount=-1, why="lost the starbase (a test)"))
        if second_scores:
            game.emit(fe.ScoredVp(turn=2, side=second, amount=second_scores, why="a test"))
        game.emit(fe.TurnEnded(turn=2, side=second))
        game.end_of_turn(second)
        assert (game.state.phase == "over") == over
        if over:
            assert game.state.winner == second and legal_result(game.state) == []
        else:  # the first player's next turn is an ordinary one
            game.emit(fe.TurnStarted(turn=3, side=first))
            assert not game.state.last_turn


def test_a_side_with_no_ships_left_loses_at_the_end_of_the_turn() -> None:
    from tests.test_fc_games import legal_result

    game = started(8)
    first, second = game.state.first, 1 - game.state.first
    for ship in game.state.fleet(second):
        game.emit(fe.Damaged(turn=1, ship=ship.id, amount=3))
    game.emit(fe.TurnEnded(turn=1, side=first))
    game.end_of_turn(first)
    assert game.state.phase == "over" and game.state.winner == first and "no ships left" in game.state.reason
    assert game.state.side(first).vp < game.state.vp_target and legal_result(game.state) == []

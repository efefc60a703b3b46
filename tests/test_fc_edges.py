"""Fleet Captains where the summary is short (issue 34, item 12): each ruling of docs/rulings.md
("Fleet Captains") quotes the summary and is held here: the first player's win that waits for the
second player's full turn, movement by the dial's Engines Rating, a crew member's discard that is
no card play, no hand limit, and "Sensors rating I"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import COMMAND_CARDS
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.options import turn_options
from engine.rulesets.fleet_captains.rules import other, rating
from engine.rulesets.fleet_captains.state import adjacent
from engine.rulesets.fleet_captains.systems import card_options, crew_options, system_test
from tests.fc_helpers import Script, dice, explore_all, fold, started


def card_of(faction: str, name: str) -> str:
    return next(c.id for c in COMMAND_CARDS.values() if c.name == name and c.id.startswith(faction))


def test_a_first_player_reaching_the_target_in_the_second_players_turn_plays_on_then_waits_a_full_turn() -> None:
    """Summary, "Playing the Game": "As soon as this condition is met, that player wins the game except
    if the 1st player wins, the 2nd player has 1 full turn to equal or exceed your VP total to win".
    The first player reaching the target during the second player's turn (a free attack's kill)
    neither ends it nor makes it the last: turns keep their order, the first player plays their
    next turn, and the second player's turn after that is their full last turn."""
    game = started()
    first = game.state.first
    second = other(first)
    game.emit(fe.TurnEnded(turn=1, side=first))
    game.emit(fe.TurnStarted(turn=2, side=second, last=game.last_turn_for(second)))
    assert not game.state.last_turn
    game.emit(fe.ScoredVp(turn=2, side=first, amount=game.state.vp_target, why="a free attack's kill (arranged)"))
    assert game.reached(first)
    game.emit(fe.TurnEnded(turn=2, side=second))
    game.end_of_turn(second)
    assert game.state.phase != "over"  # the second player's turn under way was no full turn after the win
    assert not game.last_turn_for(first)  # the first player's own turn comes next, as any other
    assert game.last_turn_for(second)  # and the second player's one after it is the last


def test_movement_goes_by_the_dials_engines_rating_not_the_crews() -> None:
    """Summary, "Movement": "Each ship may move once each turn, up to the distance of their current
    Engines Rating"; the rating is the dial's ("Power Adjustments" set it); serving crew add to the
    tests of their system ("8. System Tests" step 4: "+/- Crew Abilities"), and a move is no test."""
    game = started()
    side = game.state.first
    ship = game.state.fleet(side)[0]
    helm = card_of(game.state.side(side).faction[:3].lower(), "Helm officer")
    assert COMMAND_CARDS[helm].system == "engines" and COMMAND_CARDS[helm].amount == 1
    game.state = game.state.with_ship(replace(ship, crew=(helm,)))
    dial = game.state.ship(ship.id).rating("engines")
    assert dial is not None and rating(game.state.ship(ship.id), "engines") == dial + 1  # tests count the crew
    with pytest.raises(ValueError, match="slowest engines"):
        fold(game.state, fe.MoveStarted(turn=1, ships=(ship.id,), points=dial + 1))
    assert fold(game.state, fe.MoveStarted(turn=1, ships=(ship.id,), points=dial)).move_points == dial


def test_discarding_a_crew_member_for_its_ability_is_no_card_play() -> None:
    """Summary, "Crew Cards": "You may also discard a Crew Member to take advantage of their special
    Ops or Combat abilities ... Discarding a crewman to use their Combat or Ops ability does not
    count as playing a Command Card"; "8. System Tests": "2. You may play 1 Command Card ... 4. +/-
    Crew Abilities". The test's one card and the crew member's discard both go on it (the discard
    was one of the card options before, so it used the card play up); the crew member served in the
    rating and adds amount + 1 as they leave; nothing is drawn for the discard."""
    game = started()
    side = game.state.first
    prefix = game.state.side(side).faction[:3].lower()
    officer, push = card_of(prefix, "Helm officer"), card_of(prefix, "Push the warp core")
    ship = game.state.fleet(side)[0].id
    game.state = game.state.with_ship(replace(game.state.ship(ship), crew=(officer,)))
    me = game.state.side(side)
    game.state = game.state.with_side(side, replace(me, hand=(push,)))
    game.state = game.state.with_side(other(side), replace(game.state.side(other(side)), hand=()))
    assert [a.kind for a in card_options(game, side, (ship,), "engines")] == ["no_card", "card"]
    assert [a.kind for a in crew_options(game, (ship,), "engines")] == ["no_crew", "crew_ability"]
    game.players = (Script(test_card=f"play {COMMAND_CARDS[push].name} (+3)",
                           crew_ability=f"discard {COMMAND_CARDS[officer].name} from {ship} (+2)"),) * 2
    served = rating(game.state.ship(ship), "engines")
    assert served is not None
    dice(game, 1)
    system_test(game, side, (ship,), "engines", 20, "an engines test")
    tested = next(e for e in reversed(game.events) if isinstance(e, fe.Tested))
    assert tested.rating == served and tested.modifiers == 3 + 2 and tested.total == served + 5 + 1
    assert officer not in game.state.ship(ship).crew and officer in game.state.side(side).command_discard
    assert len(game.state.side(side).hand) == 1  # the card played drew one; the discard drew none


def test_no_hand_limit() -> None:
    """Summary, "Command Cards": "You may play any number of Command Cards, Play 1, draw 1 ... Every
    time you play or discard a Command Card, draw another card": no hand limit is printed, and
    none is kept; the hand holds 4 from setup ("Draw four Command cards") and grows past it when a
    prisoner freed goes back to its owner's hand."""
    game = started()
    side = game.state.first
    me = game.state.side(side)
    assert len(me.hand) == 4
    extra = next(c for c in me.command_deck if COMMAND_CARDS[c].kind == "crew")
    enemy = game.state.fleet(other(side))[0]
    game.state = game.state.with_ship(replace(enemy, prisoners=(extra,)))
    game.state = game.state.with_side(side, replace(me, command_deck=tuple(c for c in me.command_deck if c != extra)))
    after = fold(game.state, fe.CrewRemoved(turn=1, ship=enemy.id, card=extra, to_hand=True))
    assert len(after.side(side).hand) == 5


def test_only_ships_with_sensors_rating_1_or_more_scan_or_search() -> None:
    """Summary, "6. Scan Actions": "Only ships with Sensors rating I can attempt a Scan". The "I" is
    the extraction's 1 (as in "Choose I player", "I full turn", "Roll I die"): a ship with a
    sensors rating of 1 or more scans and searches; one whose sensors are Disabled (red alert) does
    neither."""
    game = started()
    explore_all(game)
    side = game.state.first
    ship = game.state.fleet(side)[0]
    loc = ship.location
    assert loc is not None
    near = adjacent(loc)[0]
    game.state = game.state.with_location(replace(game.state.location(near), explored=False))
    scans = [a for a in turn_options(game.state, side) if a.kind == "scan" and a.ships == (ship.id,)]
    assert scans and (ship.rating("sensors") or 0) >= 1
    red = next(i for i, d in enumerate(ship.card.dial[2]) if d.rating("sensors") is None)
    game.state = game.state.with_ship(replace(ship, alert=2, setting=red))
    assert game.state.ship(ship.id).rating("sensors") is None
    assert not [a for a in turn_options(game.state, side) if a.kind in ("scan", "search") and ship.id in a.ships]


def test_the_second_player_still_wins_at_once() -> None:
    """The second player's win is not delayed ("As soon as this condition is met, that player wins")."""
    game = started()
    second = other(game.state.first)
    game.emit(fe.ScoredVp(turn=1, side=second, amount=game.state.vp_target, why="arranged"))
    assert game.check_victory() and game.state.winner == second
    assert isinstance(game, Game)


def test_a_schema_2_file_reads_a_step_into_the_command_post_as_free() -> None:
    """tests/golden/fc-schema2-seed27.trek was written before issue 34 (event schema 2), when a step
    into the command post was charged the size of the tile left: it still opens and folds to its
    end, its event 230 (F1 into cp0) read as costing 0 through the schema 3 upgrade."""
    from pathlib import Path

    from engine.replay import codec_for_header, open_replay
    from engine.rulesets.fleet_captains.upgrades import event_v2

    assert event_v2({"type": "moved", "dest": "cp1", "cost": 2})["cost"] == 0
    assert event_v2({"type": "moved", "dest": "r1c1", "cost": 2})["cost"] == 2
    replay = open_replay(Path(__file__).parent / "golden" / "fc-schema2-seed27.trek")
    assert replay.header["event_schema"] == 2
    codec = codec_for_header(replay.header)
    final = replay.state_at(replay.event_count - 1, codec)
    assert replay.result is not None and final.phase == "over" and final.winner == replay.result["winner"]
    step = codec.decode_event(dict(list(replay.events())[230]))
    assert (step.dest, step.cost) == ("cp0", 0)

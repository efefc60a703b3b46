"""Fleet Captains: cargo and prisoners (summary, "7. Transporter Actions"), the redraft at muster
("B. Muster Fleets"), gathering cloak tokens on a reveal ("Sensor Echoes"), missions unique to a
ship ("Command Posts"), and the command card kinds ("Command Cards", "8. System Tests")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains import rng
from engine.rulesets.fleet_captains.ai import FleetAi
from engine.rulesets.fleet_captains.content import CARGO, COMMAND_CARDS, MISSIONS, SHIP_CLASSES, SHIP_MISSIONS
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.narrate import _LINES
from engine.rulesets.fleet_captains.options import BEAM_CREW, BEAM_GIVE_CARGO, BEAM_RESCUE, turn_options
from engine.rulesets.fleet_captains.players import Act, FirstOption, Offer
from engine.rulesets.fleet_captains.reducer import REDRAFTS
from engine.rulesets.fleet_captains.state import ShipState
from engine.rulesets.fleet_captains.systems import system_test
from engine.rulesets.fleet_captains.turn import _beam, carry_out, gather, move
from engine.rulesets.fleet_captains.upgrades import event_v1
from tests.fc_helpers import dice, explore_all, fold, place, started


def card_of(faction: str, name: str) -> str:
    return next(c.id for c in COMMAND_CARDS.values() if c.name == name and c.id.startswith(faction))


def give(game: Game, side: int, card: str) -> None:
    me = game.state.side(side)
    game.state = game.state.with_side(side, replace(me, hand=(*me.hand, card)))


# --- B. muster: the redraft ------------------------------------------------------------------------

def test_muster_a_deck_run_out_before_the_fleet_size_may_be_redrafted_or_kept() -> None:
    game = Game(4, (FleetAi(), FleetAi()), fleet_size=30)  # more than a deck holds: it always runs out
    game.setup()
    redrafts = [e for e in game.events if isinstance(e, fe.Redrafted)]
    assert [e.side for e in redrafts] == [0] * REDRAFTS + [1] * REDRAFTS  # the AI restarts a fleet 2+ short
    for e in redrafts:  # every ship card back in the fleet deck, shuffled again, drafted again from F1
        after = game.events[e.seq + 1]
        assert isinstance(after, fe.Shuffled) and after.pile == "fleet_deck" and after.side == e.side
        assert len(after.order) == 12
    kept = FirstOption()  # "keep" is the first option: the fleet stands as it is
    game = Game(4, (kept, kept), fleet_size=30)
    game.setup()
    assert not any(isinstance(e, fe.Redrafted) for e in game.events)
    assert any(isinstance(e, fe.Chosen) and e.kind == "redraft" for e in game.events)


def test_a_redraft_is_refused_when_the_fleet_size_is_met() -> None:
    game = Game(4, (FleetAi(), FleetAi()))
    game.emit(fe.GameStarted(factions=("Federation", "Klingon"), fleet_size=10))
    with pytest.raises(ValueError, match="no draft to restart"):
        fold(game.state, fe.Redrafted(side=0))  # the deck has not run out


# --- transporter actions: cargo and prisoners --------------------------------------------------------

def beam_game() -> tuple[Game, str, str, int]:
    game = started()
    explore_all(game)
    side = game.state.first
    mine, theirs = game.state.fleet(side)[0].id, game.state.fleet(1 - side)[0].id
    place(game, mine, "r2c2")
    place(game, theirs, "r2c2")
    return game, mine, theirs, side


def test_transporters_take_an_enemy_crew_member_prisoner_and_a_prisoner_serves_no_one() -> None:
    game, mine, theirs, side = beam_game()
    crew = next(c for c in game.state.side(1 - side).command_deck + game.state.side(1 - side).hand
                if COMMAND_CARDS[c].kind == "crew" and COMMAND_CARDS[c].system == "sensors")
    game.state = game.state.with_ship(replace(game.state.ship(theirs), crew=(crew,)))
    act = next(a for a in turn_options(game.state, side) if a.kind == "beam" and a.value == BEAM_CREW)
    before = game.state.ship(mine).rating("sensors")
    dice(game, 6, 1)  # sensors + 6 against shields + 1
    game.emit(fe.ActionTaken(turn=1, side=side, action="transporter", ships=(mine,)))
    _beam(game, side, act)
    assert game.state.ship(mine).prisoners == (crew,) and game.state.ship(theirs).crew == ()
    assert game.state.ship(mine).crew == () and game.state.ship(mine).rating("sensors") == before
    # the enemy frees the prisoner: back to its crew (or its hand when the place is taken)
    game.emit(fe.CrewRemoved(turn=1, ship=mine, card=crew, to_ship=theirs))
    assert game.state.ship(theirs).crew == (crew,)
    with pytest.raises(ValueError, match="as crew"):  # an enemy crew card never serves aboard
        fold(game.state, fe.CrewRemoved(turn=1, ship=theirs, card=crew, to_ship=mine))


def test_a_rescue_beams_a_prisoner_back_and_a_destroyed_ships_prisoners_and_cargo_are_discarded() -> None:
    game, mine, theirs, side = beam_game()
    crew = card_of(game.state.side(side).faction[:3].lower(), "Science officer")
    game.state = game.state.with_ship(replace(game.state.ship(theirs), prisoners=(crew,), cargo=("cgo-s1",)))
    act = next(a for a in turn_options(game.state, side) if a.kind == "beam" and a.value == BEAM_RESCUE)
    dice(game, 6, 1)
    _beam(game, side, act)
    assert game.state.ship(mine).crew == (crew,) and game.state.ship(theirs).prisoners == ()
    game.state = game.state.with_ship(replace(game.state.ship(theirs), prisoners=(crew,)))
    game.emit(fe.Damaged(turn=1, ship=theirs, amount=3))
    assert crew in game.state.side(side).command_discard  # to its owner's discard
    assert game.state.cargo_spent == ("cgo-s1",)


def test_cargo_from_an_encounter_transferred_between_friends_and_given_to_the_enemy() -> None:
    game, mine, theirs, side = beam_game()
    top = game.state.cargo[0]
    game.emit(fe.CargoMoved(turn=1, cargo=top, source="cargo", dest=mine))
    with pytest.raises(ValueError, match="not the top"):
        fold(game.state, fe.CargoMoved(turn=1, cargo=top, source="cargo", dest=mine))
    mate = game.state.fleet(side)[1].id
    place(game, mate, "r2c2")
    transfer = next(a for a in turn_options(game.state, side) if a.kind == "transfer" and a.target.startswith(top))
    carry_out(game, side, transfer)  # automatic: no test
    assert game.state.ship(mate).cargo == (top,) and game.state.ship(mine).cargo == ()
    unstable = "cgo-u1"
    game.state = game.state.with_ship(replace(game.state.ship(mine), cargo=(unstable,), acted=False))
    give_it = next(a for a in turn_options(game.state, side) if a.kind == "beam" and a.value == BEAM_GIVE_CARGO
                   and a.ships == (mine,))
    dice(game, 6, 1)
    _beam(game, side, give_it)
    assert game.state.ship(theirs).cargo == (unstable,)


def sensor_settings(ship: ShipState) -> tuple[tuple[int, int], tuple[int, int]]:
    """(alert, setting) of an uncloaked dial setting with the sensors Disabled, and of one with them active."""
    settings = [((a, i), d) for a, status in enumerate(ship.card.dial) for i, d in enumerate(status) if not d.cloak]
    disabled = next(at for at, d in settings if d.rating("sensors") is None)
    active = next(at for at, d in settings if (d.rating("sensors") or 0) >= 1)
    return disabled, active


def test_only_a_ship_with_active_sensors_transports_to_a_friend_or_an_enemy() -> None:
    """Summary, 7: "Only ships with Active Sensors may transport": a ship whose dial has its
    sensors Disabled neither transfers to a friendly ship nor beams to an enemy one."""
    game, mine, _, side = beam_game()
    mate = game.state.fleet(side)[1].id
    place(game, mate, "r2c2")
    ship = game.state.ship(mine)
    disabled, active = sensor_settings(ship)
    for (alert, setting), offered in ((active, True), (disabled, False)):
        game.state = game.state.with_ship(replace(ship, alert=alert, setting=setting, cargo=("cgo-s1",)))
        kinds = {a.kind for a in turn_options(game.state, side) if a.ships == (mine,)}
        assert ("transfer" in kinds, "beam" in kinds) == (offered, offered), (alert, setting)


def test_the_reducer_refuses_a_transfer_from_a_ship_whose_sensors_are_disabled() -> None:
    """Summary, 7 ("Only ships with Active Sensors may transport"), held by the reducer too: a forged
    log cannot move cargo or crew from a ship whose dial has its sensors Disabled."""
    from engine.rulesets.fleet_captains.reducer import apply

    game, mine, _, side = beam_game()
    mate = game.state.fleet(side)[1].id
    place(game, mate, "r2c2")
    ship = game.state.ship(mine)
    disabled, active = sensor_settings(ship)
    moved = fe.CargoMoved(seq=game.state.seq + 1, turn=game.turn, cargo="cgo-s1", source=mine, dest=mate,
                          why="transferred")
    for (alert, setting), allowed in ((active, True), (disabled, False)):
        state = game.state.with_ship(replace(ship, alert=alert, setting=setting, cargo=("cgo-s1",)))
        if allowed:
            assert apply(state, moved).ship(mate).cargo == ("cgo-s1",)
        else:
            with pytest.raises(ValueError, match="Disabled"):
                apply(state, moved)


def test_an_unstable_cargo_costs_one_on_shields_tests() -> None:
    game, mine, _, side = beam_game()
    game.state = game.state.with_ship(replace(game.state.ship(mine), cargo=("cgo-u1", "cgo-u2")))
    game.players = (FirstOption(), FirstOption())
    system_test(game, side, (mine,), "shields", 10, "a test")
    test = game.events[-1]
    assert isinstance(test, fe.Tested) and test.modifiers == -2


def test_a_delivery_mission_needs_its_cargo_aboard_and_spends_it() -> None:
    game, mine, theirs, side = beam_game()
    game.state = game.state.with_ship(replace(game.state.ship(theirs), location="cp1" if side == 0 else "cp0"))
    relief = next(m for m in MISSIONS.values() if m.cargo == "supplies")
    planet = next(p.id for p in game.state.locations if p.planet)
    place(game, mine, planet)
    me = game.state.side(side)
    game.state = game.state.with_side(side, replace(me, missions=(relief.id,)))
    assert not any(a.kind == "test" for a in turn_options(game.state, side))
    game.state = game.state.with_ship(replace(game.state.ship(mine), cargo=("cgo-s1",)))
    test = next(a for a in turn_options(game.state, side) if a.kind == "test" and a.target == relief.id)
    game.players = (FirstOption(), FirstOption())
    dice(game, 6)
    carry_out(game, side, test)
    assert relief.id in game.state.side(side).completed and game.state.ship(mine).cargo == ()
    assert game.state.cargo_spent == ("cgo-s1",)


# --- cloaking: gathering the other tokens on a reveal ------------------------------------------------

def test_a_revealed_ship_gathers_its_sides_echoes_and_the_reducer_allows_it_only_then() -> None:
    game = started()
    explore_all(game)
    klingon = next(i for i, s in enumerate(game.state.sides) if s.faction == "Klingon")
    a, b = [s.id for s in game.state.fleet(klingon) if s.card.cloaks and s.alert == 0][:2]
    place(game, a, "r2c2")
    place(game, b, "r3c3")
    game.emit(fe.Cloaked(turn=1, ship=a, setting=3, token="t1"))  # the cloak setting of normal alert
    game.emit(fe.Cloaked(turn=1, ship=b, setting=3, token="t2"))
    game.emit(fe.EchoDeployed(turn=1, side=klingon, location="r3c3", token="t3"))
    with pytest.raises(ValueError, match="just revealed"):
        fold(game.state, fe.TokenGathered(turn=1, token="t3", source="r3c3", dest="r2c2"))
    game.emit(fe.TokenRevealed(turn=1, token="t1", ship=a))
    game.emit(fe.PowerAdjusted(turn=1, ship=a, setting=0, free=True))
    gather(game, a)  # the AI brings the echo, and leaves the other cloaked ship on its course
    assert {t.id: t.location for t in game.state.tokens} == {"t2": "r3c3", "t3": "r2c2"}
    game.emit(fe.Rolled(turn=1, side=0, value=rng.d6(game.state.rng)[0]))
    with pytest.raises(ValueError, match="just revealed"):  # only at once
        fold(game.state, fe.TokenGathered(turn=1, token="t2", source="r3c3", dest="r2c2"))


# --- missions unique to a ship ---------------------------------------------------------------------

def test_a_ships_own_mission_steps_at_different_places_resets_at_the_command_post_and_completes() -> None:
    game = started()
    explore_all(game)
    side = game.state.first
    ship = game.state.fleet(side)[0]
    cls = next(c for c in SHIP_CLASSES.values() if c.mission and SHIP_MISSIONS[c.mission].goal == "test"
               and c.faction == game.state.side(side).faction)
    own = SHIP_MISSIONS[cls.mission or ""]
    game.state = game.state.with_ship(replace(ship, cls=cls.id, location="r1c1"))
    game.emit(fe.MissionProgress(turn=1, ship=ship.id, mission=own.id, location="r1c1"))
    with pytest.raises(ValueError, match="no new step"):
        fold(game.state, fe.MissionProgress(turn=1, ship=ship.id, mission=own.id, location="r1c1"))
    with pytest.raises(ValueError, match="not completed"):
        fold(game.state, fe.MissionCompleted(turn=1, side=side, card=own.id, ships=(ship.id,)))
    edge = f"r{0 if side == 0 else 4}c1"
    place(game, ship.id, edge)
    class Home:  # a seat that steps into its command post
        def choose(self, state: object, offer: Offer) -> tuple[int, str]:
            return next(i for i, a in enumerate(offer.options) if a.target.startswith("cp")), "home"

    game.players = (Home(), Home())
    game.state = game.state.with_ship(replace(game.state.ship(ship.id), moved=False))
    move(game, side, (ship.id,))
    assert isinstance(game.events[-2], fe.MissionReset) and game.state.ship(ship.id).progress == ()
    for loc in ("r1c1", "r2c2")[:own.count]:
        place(game, ship.id, loc)
        game.emit(fe.MissionProgress(turn=1, ship=ship.id, mission=own.id, location=loc))
    vp = game.state.side(side).vp
    game.emit(fe.MissionCompleted(turn=1, side=side, card=own.id, ships=(ship.id,)))
    assert game.state.side(side).vp == vp + own.vp and game.state.ship(ship.id).mission_done


def test_an_explorer_makes_a_step_of_its_own_mission_for_each_tile_it_turns_over() -> None:
    game = started()
    side = game.state.first
    ship = game.state.fleet(side)[0]
    cls = next(c for c in SHIP_CLASSES.values() if c.mission and SHIP_MISSIONS[c.mission].goal == "explore"
               and c.faction == game.state.side(side).faction)
    game.state = game.state.with_ship(replace(ship, cls=cls.id))
    game.players = (FirstOption(), FirstOption())
    move(game, side, (ship.id,))
    explored = [e.location for e in game.events if isinstance(e, fe.Explored)]
    steps = [e.location for e in game.events if isinstance(e, fe.MissionProgress)]
    assert explored and steps == explored


# --- command cards: hinder, trash, requirements, a second action -------------------------------------

def test_the_opponent_may_play_a_hinder_card_on_a_system_test() -> None:
    game = started()
    side = game.state.first
    enemy = game.state.side(1 - side).faction[:3].lower()
    hinder = card_of(enemy, "Diplomatic pressure")
    give(game, 1 - side, hinder)
    game.state = game.state.with_side(side, replace(game.state.side(side), hand=()))
    ship = game.state.fleet(side)[0].id
    system_test(game, side, (ship,), "sensors", 12, "a sensors test")
    test = game.events[-1]
    assert isinstance(test, fe.Tested) and test.modifiers == -COMMAND_CARDS[hinder].amount
    assert hinder not in game.state.side(1 - side).hand and hinder in game.state.side(1 - side).command_discard


def test_a_trash_card_leaves_the_game_and_a_required_crew_member_must_be_aboard() -> None:
    game = started()
    side = game.state.first
    mine = game.state.side(side).faction[:3].lower()
    theory, officer = card_of(mine, "Inspired theory"), card_of(mine, "Science officer")
    assert COMMAND_CARDS[theory].trash and COMMAND_CARDS[theory].requires == "officer"
    game.state = game.state.with_side(side, replace(game.state.side(side), hand=(theory,)))
    ship = game.state.fleet(side)[0].id
    from engine.rulesets.fleet_captains.systems import card_options
    assert [a.kind for a in card_options(game, side, (ship,), "sensors")] == ["no_card"]
    game.state = game.state.with_ship(replace(game.state.ship(ship), crew=(officer,)))
    assert any(a.target == theory for a in card_options(game, side, (ship,), "sensors"))
    system_test(game, side, (ship,), "sensors", 12, "a sensors test")
    assert theory in game.state.side(side).trash and theory not in game.state.side(side).command_discard


def test_a_second_action_card_lifts_a_ships_action_token() -> None:
    game = started()
    side = game.state.first
    ship = game.state.fleet(side)[0].id
    double = card_of(game.state.side(side).faction[:3].lower(), "Double shift")
    give(game, side, double)
    game.emit(fe.ActionTaken(turn=1, side=side, action="scan", ships=(ship,)))
    play = next(a for a in turn_options(game.state, side) if a.kind == "play" and a.target == double)
    carry_out(game, side, play)
    assert not game.state.ship(ship).acted and game.state.side(side).actions == 1
    with pytest.raises(ValueError, match="no action"):  # only after an action
        fold(game.state, fe.ExtraAction(turn=1, side=side, ship=ship))


# --- the event schema and the log --------------------------------------------------------------------

def test_schema_1_crew_beamed_across_factions_becomes_a_prisoner() -> None:
    raw = {"type": "crew_removed", "seq": 5, "turn": 3, "ship": "K2", "card": "fed-scie-1", "to_ship": "K1"}
    assert event_v1(raw) == {**raw, "prisoner": True}
    mates = {**raw, "card": "kli-scie-1"}
    assert event_v1(mates) == mates
    assert fe.event_from_dict(event_v1(raw)) == fe.CrewRemoved(seq=5, turn=3, ship="K2", card="fed-scie-1",
                                                                 to_ship="K1", prisoner=True)


def test_every_event_type_has_a_log_line_and_every_cargo_and_ship_mission_is_named() -> None:
    types = {m.model_fields["type"].default for m in fe.Event.__args__[0].__args__}  # type: ignore[attr-defined]
    assert types == set(_LINES)
    assert len({c.kind for c in CARGO.values()}) == 3
    assert all(c.mission in SHIP_MISSIONS for c in SHIP_CLASSES.values() if c.mission)
    assert Act("x").kind == "x"


def test_a_schema_1_file_of_the_first_edition_opens_and_folds_to_its_recorded_end() -> None:
    from pathlib import Path

    from engine.replay_timeline import load_timeline

    loaded = load_timeline(Path(__file__).parent / "golden" / "fc-schema1-seed5.trek")  # engine 0.6.0's own
    assert loaded.header["event_schema"] == 1
    final = loaded.timeline.final
    assert final.phase == "over" and [s.vp for s in final.sides] == loaded.replay.result["vp"]
    assert not final.cargo and all(m not in final.science for m in ("sci-13",))  # the first edition's decks

"""Fleet Captains turn steps, each as the summary (seeds/004) words it: evasion and breakaway,
combat cards, combined attacks and cooperative tests, scans and cloak searches, repairs, command
cards, missions. Dice are set through the generator's state; the seats follow a script."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import MISSIONS, TILES
from engine.rulesets.fleet_captains.game import Game
from engine.rulesets.fleet_captains.options import turn_options
from engine.rulesets.fleet_captains.players import Act
from engine.rulesets.fleet_captains.systems import combat
from engine.rulesets.fleet_captains.turn import carry_out, move
from tests.fc_helpers import Script, dice, explore_all, place, started

DEEP = next(k for k, t in TILES.items() if t.kind == "deep space" and t.size == 1)


def board(seed: int = 3) -> tuple[Game, int]:
    """A started game, every tile turned over, both hands and all crews empty (no card offers)."""
    game = started(seed)
    explore_all(game)
    for side in (0, 1):
        me = game.state.side(side)
        game.state = game.state.with_side(side, replace(me, hand=(), command_deck=(), command_discard=()))
    return game, game.state.first


def deep_space(game: Game, *locs: str) -> None:
    """These tiles made deep space of size 1 with no encounter (test arrangement)."""
    for loc in locs:
        game.state = game.state.with_location(replace(game.state.location(loc), tile=DEEP, explored=True))


def setting_with(game: Game, ship_id: str, **least: int) -> None:
    """Turn the ship's dial (normal alert) to a setting whose ratings reach ``least``."""
    ship = game.state.ship(ship_id)
    i = next(i for i, d in enumerate(ship.card.dial[0]) if not d.cloak
             and all((d.rating(k) or 0) >= v for k, v in least.items()))  # type: ignore[arg-type]
    game.state = game.state.with_ship(replace(ship, alert=0, setting=i))


def seats(game: Game, **picks: object) -> Script:
    script = Script(**picks)
    game.players = (script, script)
    return script


# --- movement: evasion and breakaway ---------------------------------------------------------------

def test_a_failed_evasion_stops_the_ship_in_that_location_with_no_free_attack() -> None:
    """Evasion: moving on through a location with an enemy; failing it, the ship must stop
    moving there, and the opponent does not gain a free attack."""
    game, side = board()
    deep_space(game, "r2c1", "r2c2", "r2c3")
    mover, enemy = game.state.fleet(side)[0].id, game.state.fleet(1 - side)[0].id
    place(game, mover, "r2c1")
    place(game, enemy, "r2c2")
    setting_with(game, mover, engines=2)
    script = seats(game, step=["to r2c2", "to r2c3"])
    dice(game, 1, 6)  # the mover's 1 + its size against the enemy's 6 + its size
    count = len(game.events)
    move(game, side, (mover,))
    tests = [e for e in game.events[count:] if isinstance(e, fe.Tested)]
    assert [t.kind for t in tests] == ["evasion"] and not tests[0].success
    assert game.state.ship(mover).location == "r2c2"
    end = game.events[-1]
    assert isinstance(end, fe.MoveEnded) and "evade" in end.why
    assert not any(o.kind == "free_attack" for o in script.asked)
    assert not any(isinstance(e, fe.Damaged) for e in game.events[count:])


def test_a_passed_evasion_moves_on() -> None:
    game, side = board()
    deep_space(game, "r2c1", "r2c2", "r2c3")
    mover, enemy = game.state.fleet(side)[0].id, game.state.fleet(1 - side)[0].id
    place(game, mover, "r2c1")
    place(game, enemy, "r2c2")
    setting_with(game, mover, engines=2)
    seats(game, step=["to r2c2", "to r2c3"])
    dice(game, 6, 1)
    move(game, side, (mover,))
    assert game.state.ship(mover).location == "r2c3"


def test_a_failed_breakaway_gives_one_enemy_ship_a_free_attack_and_the_move_goes_on() -> None:
    """Breakaway: starting the move in a location with an enemy; the opponent's higher result
    lets one enemy ship attack the moving ship before it completes its movement."""
    game, side = board()
    deep_space(game, "r2c2", "r2c3")
    mover = game.state.fleet(side)[0].id
    enemies = [s.id for s in game.state.fleet(1 - side)[:2]]
    place(game, mover, "r2c2")
    for e in enemies:
        place(game, e, "r2c2")
        setting_with(game, e, weapons=1)
    script = seats(game, step=["to r2c3"], free_attack=f"{enemies[1]} attacks {mover}")
    dice(game, 1, 6, 6, 1)  # breakaway 1 against 6; the attack's 6 against the shields' 1
    count = len(game.events)
    move(game, side, (mover,))
    tests = [e for e in game.events[count:] if isinstance(e, fe.Tested)]
    assert tests[0].kind == "breakaway" and not tests[0].success
    assert tests[0].target - 6 == sum(game.state.ship(e).card.size for e in enemies)  # all their uncloaked sizes
    offer = next(o for o in script.asked if o.kind == "free_attack")
    assert offer.side == 1 - side and {a.ships for a in offer.options if a.kind == "free_attack"} \
        == {(e,) for e in enemies}  # any one enemy ship of the location; one attack
    weapons = [t for t in tests if t.kind == "combat" and t.system == "weapons"]
    assert len(weapons) == 1 and weapons[0].ships == (enemies[1],) and weapons[0].side == 1 - side
    hit = [e for e in game.events[count:] if isinstance(e, fe.Damaged)]
    assert [h.ship for h in hit] == [mover]
    if not game.state.ship(mover).destroyed:  # before it completes its movement: then it moves on
        assert game.state.ship(mover).location == "r2c3"


# --- combat --------------------------------------------------------------------------------------------

def _fight(attacker_plays: bool) -> tuple[list[tuple[int, str]], Game]:
    game, side = board()
    a, d = game.state.fleet(side)[0].id, game.state.fleet(1 - side)[0].id
    place(game, a, "r2c2")
    place(game, d, "r2c2")
    setting_with(game, a, weapons=1)
    for s in (side, 1 - side):
        prefix = game.state.side(s).faction[:3].lower()
        me = game.state.side(s)
        game.state = game.state.with_side(s, replace(me, hand=(f"{prefix}-tact-1", f"{prefix}-tact-3")))
    asked: list[tuple[int, str]] = []

    class Cards:
        def choose(self, state: object, offer: object) -> tuple[int, str]:
            assert hasattr(offer, "kind") and hasattr(offer, "options") and hasattr(offer, "side")
            asked.append((offer.side, offer.kind))
            labels = [o.label for o in offer.options]
            play = offer.side != side or (attacker_plays and len(asked) == 1)
            pick = next((i for i, label in enumerate(labels) if label.startswith("play")), 0) if play else 0
            return pick, "scripted"

    game.players = (Cards(), Cards())
    dice(game, 3, 3)
    combat(game, side, (a,), d, "a test attack")
    return asked, game


def test_combat_cards_the_attacker_first_then_the_defender_and_the_attackers_second_chance() -> None:
    """Combat: each player may play 1 command card, the attacker first, then the defender; if the
    attacker played none and the defender did, the attacker has 1 more chance."""
    asked, game = _fight(attacker_plays=False)
    side = game.state.first
    assert asked == [(side, "combat_card"), (1 - side, "combat_card"), (side, "combat_card")]
    asked, game = _fight(attacker_plays=True)
    assert asked == [(side, "combat_card"), (1 - side, "combat_card")]  # no second chance after playing
    weapons = next(e for e in reversed(game.events) if isinstance(e, fe.Tested) and e.system == "weapons")
    shields = next(e for e in reversed(game.events) if isinstance(e, fe.Tested) and e.system == "shields")
    assert weapons.modifiers == 2 and shields.modifiers == 2  # Target their weapons, Reroute to shields


def test_a_combined_attack_sums_the_weapons_of_ships_in_one_location_each_taking_an_action() -> None:
    game, side = board()
    ships = [s.id for s in game.state.fleet(side)[:2]]
    target = game.state.fleet(1 - side)[0].id
    for s in ships:
        place(game, s, "r2c2")
        setting_with(game, s, weapons=1)
    place(game, target, "r2c2")
    seats(game)
    act = next(a for a in turn_options(game.state, side) if a.kind == "attack" and set(a.ships) == set(ships)
               and a.target == target)
    dice(game, 2, 2)
    carry_out(game, side, act)
    weapons = next(e for e in game.events if isinstance(e, fe.Tested) and e.system == "weapons")
    assert weapons.rating == sum(game.state.ship(s).rating("weapons") or 0 for s in ships)
    assert all(game.state.ship(s).acted for s in ships) and game.state.side(side).actions == 2


def test_a_cooperative_test_sums_the_ratings_of_the_ships_each_spending_an_action() -> None:
    game, side = board()
    mission = next(m for m in MISSIONS.values() if m.goal == "test" and m.where == "any" and m.cargo is None)
    me = game.state.side(side)
    game.state = game.state.with_side(side, replace(me, missions=(mission.id,)))
    ships = [s.id for s in game.state.fleet(side)[:2]]
    for s in ships:
        place(game, s, "r2c2")
    seats(game)
    act = next(a for a in turn_options(game.state, side) if a.kind == "test" and set(a.ships) == set(ships))
    dice(game, 1)
    carry_out(game, side, act)
    test = next(e for e in game.events if isinstance(e, fe.Tested) and e.kind == "system")
    assert mission.system is not None
    assert test.rating == sum(game.state.ship(s).rating(mission.system) or 0 for s in ships)
    assert test.target == mission.target and all(game.state.ship(s).acted for s in ships)


# --- the aggressor's VP, one mission per action, a new one drawn ----------------------------------------

def test_a_kill_scores_the_aggressor_1_vp_completes_one_mission_only_and_a_new_one_is_drawn() -> None:
    """Combat: a destroyed ship gives the aggressor +1 VP. Note on Missions: one mission at most
    with a given action, even if it could complete more; a completed one is replaced at once."""
    game, side = board()
    a, d = game.state.fleet(side)[0].id, game.state.fleet(1 - side)[0].id
    place(game, a, "r2c2")
    place(game, d, "r2c2", alert=2, setting=0)
    setting_with(game, a, weapons=1)
    me = game.state.side(side)
    game.state = game.state.with_side(side, replace(me, missions=("com-1", "com-6"),
                                                    mission_deck=("sci-1", *me.mission_deck)))
    seats(game)
    act = next(a2 for a2 in turn_options(game.state, side) if a2.kind == "attack" and a2.ships == (a,))
    dice(game, 6, 1)
    vp = game.state.side(side).vp
    carry_out(game, side, act)
    assert game.state.ship(d).destroyed
    scored = [e for e in game.events if isinstance(e, fe.ScoredVp) and e.side == side]
    completed = [e for e in game.events if isinstance(e, fe.MissionCompleted)]
    assert [e.amount for e in scored if "destroyed" in e.why] == [1]
    assert [e.card for e in completed] == ["com-1"]  # both Hunt an enemy cards fit; one is completed
    assert game.state.side(side).missions == ("com-6", "sci-1")  # and the top of the deck drawn at once
    assert game.state.side(side).vp == vp + 1 + MISSIONS["com-1"].vp


# --- scans and cloaks ----------------------------------------------------------------------------------

def test_a_scan_places_a_scan_token_on_an_adjacent_tile_and_exploring_it_discards_the_token() -> None:
    """Scan Location: look at an adjacent tile and place a scan token; Exploration: if there was
    a scan token on the location, discard it. Only ships with a sensors rating scan."""
    from engine.rulesets.fleet_captains.turn import explore

    game, side = board()
    ship = game.state.fleet(side)[0].id
    place(game, ship, "r2c2")
    game.state = game.state.with_location(replace(game.state.location("r2c3"), explored=False))
    setting_with(game, ship, sensors=1)
    seats(game)
    scan = next(a for a in turn_options(game.state, side) if a.kind == "scan" and a.ships == (ship,))
    assert scan.target == "r2c3"  # the one face-down tile next to it
    carry_out(game, side, scan)
    assert game.state.location("r2c3").scanned_by == (side,)
    assert not any(a.kind == "scan" for a in turn_options(game.state, side) if a.target == "r2c3")
    explore(game, side, (ship,), "r2c3")
    assert game.state.location("r2c3").scanned_by == () and game.state.location("r2c3").explored


def _klingon_cloaked(seed: int = 2) -> tuple[Game, int, str]:
    """A Klingon ship cloaked at r2c2 in its side's turn (a second action arranged for it)."""
    game, _ = board(seed)
    klingon = next(i for i, s in enumerate(game.state.sides) if s.faction == "Klingon")
    if game.state.first != klingon:
        game.emit(fe.TurnEnded(turn=1, side=game.state.first))
        game.emit(fe.TurnStarted(turn=2, side=klingon))
    ship = next(s for s in game.state.fleet(klingon) if s.card.cloaks).id
    place(game, ship, "r2c2")
    seats(game)
    carry_out(game, klingon, next(a for a in turn_options(game.state, klingon) if a.kind == "cloak"
                                  and a.ships == (ship,)))
    return game, klingon, ship


def _their_turn(game: Game, side: int) -> None:
    game.emit(fe.TurnEnded(turn=game.turn, side=game.state.active))
    game.emit(fe.TurnStarted(turn=game.turn + 1, side=side))


def test_searching_for_cloaked_ships_a_level_15_sensors_test_discards_an_echo_and_decloaks_a_ship() -> None:
    """Search for Cloaked Ships: a level 15 sensors test; success reveals the token: echoes are
    discarded, real ships must de-cloak (the owner picks any setting of its alert status)."""
    game, klingon, ship = _klingon_cloaked()
    game.state = game.state.with_ship(replace(game.state.ship(ship), acted=False))  # arranged: a second action
    carry_out(game, klingon, Act("echo", (ship,)))
    echo = next(t for t in game.state.tokens if t.ship is None)
    fed = 1 - klingon
    _their_turn(game, fed)
    searcher = next(s for s in game.state.fleet(fed) if any((d.sensors or 0) >= 9 for d in s.card.dial[0])).id
    place(game, searcher, "r2c1")  # adjacent: a search reaches the tokens here and next door
    setting_with(game, searcher, sensors=9)
    rating = game.state.ship(searcher).rating("sensors") or 0
    options = {a.target for a in turn_options(game.state, fed) if a.kind == "search" and a.ships == (searcher,)}
    real = game.state.token_of(ship)
    assert real is not None and options == {echo.id, real.id}
    dice(game, 1)  # a failed test reveals nothing
    carry_out(game, fed, Act("search", (searcher,), target=echo.id))
    test = next(e for e in reversed(game.events) if isinstance(e, fe.Tested))
    assert test.target == 15 and test.success == (rating + 1 >= 15)
    if not test.success:
        assert any(t.id == echo.id for t in game.state.tokens)
    game.state = game.state.with_ship(replace(game.state.ship(searcher), acted=False))
    dice(game, 6)
    carry_out(game, fed, Act("search", (searcher,), target=echo.id))
    assert not any(t.id == echo.id for t in game.state.tokens)  # the echo is discarded
    assert game.state.ship(ship).cloaked
    game.state = game.state.with_ship(replace(game.state.ship(searcher), acted=False))
    dice(game, 6)
    carry_out(game, fed, Act("search", (searcher,), target=real.id))
    revealed = game.state.ship(ship)
    assert not revealed.cloaked and revealed.location == "r2c2" and game.state.token_of(ship) is None
    assert not revealed.dial.cloak
    adjusted = next(e for e in reversed(game.events) if isinstance(e, fe.PowerAdjusted))
    assert adjusted.ship == ship and adjusted.free  # forced: not the ship's own power adjustment


def test_a_ship_that_decloaks_on_a_face_down_tile_explores_it_at_once() -> None:
    """Cloaking: if a ship becomes uncloaked in an unexplored location, it must immediately
    explore it."""
    game, klingon, ship = _klingon_cloaked()
    game.state = game.state.with_location(replace(game.state.location("r2c2"), explored=False))  # arranged
    _their_turn(game, 1 - klingon)
    _their_turn(game, klingon)
    decloak = next(a for a in turn_options(game.state, klingon) if a.kind == "power" and a.ships == (ship,))
    assert decloak.label.startswith("de-cloak")
    count = len(game.events)
    carry_out(game, klingon, decloak)
    kinds = [e.type for e in game.events[count:]]
    assert kinds[:3] == ["power_adjusted", "explored", "rolled"]
    assert game.state.location("r2c2").explored and not game.state.ship(ship).cloaked


# --- repairs -------------------------------------------------------------------------------------------

def test_repairs_only_at_the_own_command_post_or_installations_twice_at_a_post_or_starbase() -> None:
    """Repair: only at your command post or any friendly installation, the dial to the next best
    alert status; at a command post or starbase the ship may spend its movement on another."""
    game, side = board()
    ship = game.state.fleet(side)[0].id

    def repairs(loc: str, **where: object) -> set[int]:
        game.state = game.state.with_location(replace(game.state.location(loc), **where))  # type: ignore[arg-type]
        place(game, ship, loc, alert=2, setting=0, moved=False, acted=False)
        return {a.value for a in turn_options(game.state, side) if a.kind == "repair" and a.ships == (ship,)}

    assert repairs("r2c2") == set()
    assert repairs(f"cp{1 - side}") == set()
    assert repairs("r2c2", installation="outpost", installation_side=1 - side) == set()
    assert repairs("r2c2", installation="outpost", installation_side=side) == {1}
    assert repairs("r2c2", installation="colony", installation_side=side) == {1}
    assert repairs("r2c2", installation="starbase", installation_side=side) == {1, 2}
    assert repairs(f"cp{side}") == {1, 2}
    carry_out(game, side, Act("repair", (ship,), value=2))
    after = game.state.ship(ship)
    assert after.alert == 0 and after.moved and game.state.side(side).actions == 1  # one action, its move spent
    place(game, ship, f"cp{side}", alert=2, setting=0, moved=True, acted=False)
    assert {a.value for a in turn_options(game.state, side) if a.kind == "repair"} == {1}  # no move left to spend


# --- command cards ---------------------------------------------------------------------------------

def test_play_1_draw_1_discard_1_a_turn_and_the_deck_rebuilt_from_the_discards_not_the_trash() -> None:
    """Command Cards: every time you play or discard a card, draw another; discard 1 card each
    turn; an empty deck is rebuilt from the discarded (not trashed) cards."""
    game, side = board()
    prefix = game.state.side(side).faction[:3].lower()
    plan, summit, trade = f"{prefix}-secu-4", f"{prefix}-dipl-5", f"{prefix}-dipl-2"
    me = game.state.side(side)
    game.state = game.state.with_side(side, replace(me, hand=(plan, trade), command_deck=(summit,),
                                                    trash=(f"{prefix}-tact-2",)))
    seats(game)
    carry_out(game, side, next(a for a in turn_options(game.state, side) if a.kind == "play" and a.target == plan))
    me = game.state.side(side)
    assert me.hand == (trade, summit) and me.extra_actions == 1 and me.command_discard == (plan,)
    discard = next(a for a in turn_options(game.state, side) if a.kind == "discard" and a.target == trade)
    carry_out(game, side, discard)  # the deck is empty: the discards (not the trash) are shuffled into it
    me = game.state.side(side)
    assert me.hand[0] == summit and me.hand[1] in (plan, trade) and len(me.hand) == 2
    assert me.trash == (f"{prefix}-tact-2",) and f"{prefix}-tact-2" not in (*me.command_deck, *me.hand)
    assert any(isinstance(e, fe.Shuffled) and e.pile == "command_deck" for e in game.events[-4:])
    assert not any(a.kind == "discard" for a in turn_options(game.state, side))  # once a turn


# --- missions ------------------------------------------------------------------------------------------

def test_cycling_a_mission_once_a_turn_draws_from_the_deck_then_from_a_shared_deck() -> None:
    """Cycle a Mission Card: each turn discard 1 mission and draw 1 from your deck; if it has run
    out, select one from any of the three mission decks."""
    game, side = board()
    me = game.state.side(side)
    old, top = me.missions[0], me.mission_deck[0]
    seats(game)
    carry_out(game, side, next(a for a in turn_options(game.state, side) if a.kind == "cycle" and a.target == old))
    me = game.state.side(side)
    assert old in me.mission_discard and top in me.missions and old not in me.missions
    assert not any(a.kind == "cycle" for a in turn_options(game.state, side))
    _their_turn(game, 1 - side)
    _their_turn(game, side)
    game.state = game.state.with_side(side, replace(game.state.side(side), mission_deck=()))
    script = seats(game, mission_deck="draw from the influence missions")
    shared = game.state.influence[0]
    carry_out(game, side, next(a for a in turn_options(game.state, side) if a.kind == "cycle"))
    assert shared in game.state.side(side).missions
    assert next(o for o in script.asked if o.kind == "mission_deck").side == side


# --- the choices of a group ----------------------------------------------------------------------------

def test_any_group_of_ships_in_a_location_may_combine_an_attack_or_a_cooperative_test() -> None:
    """Combined attacks and cooperative tests: several ships of the same location, each taking an
    action: any of them, up to the actions left (not only one ship or the first ones ready)."""
    game, side = board()
    fleet = [s.id for s in game.state.fleet(side)[:3]]
    target = game.state.fleet(1 - side)[0].id
    for s in fleet:
        place(game, s, "r2c2")
        setting_with(game, s, weapons=1)
    place(game, target, "r2c2")
    mission = next(m for m in MISSIONS.values() if m.goal == "test" and m.where == "any" and m.cargo is None)
    assert mission.system is not None
    game.state = game.state.with_side(side, replace(game.state.side(side), missions=(mission.id,)))
    everyone = {g for n in (1, 2, 3) for g in combinations(fleet, n)}
    attacks = {a.ships for a in turn_options(game.state, side) if a.kind == "attack" and a.target == target}
    tests = {a.ships for a in turn_options(game.state, side) if a.kind == "test"}
    assert attacks == everyone and (fleet[1], fleet[2]) in attacks
    assert tests == {g for g in everyone if all(game.state.ship(s).rating(mission.system) is not None for s in g)}
    game.emit(fe.ActionTaken(turn=game.turn, side=side, action="reinforcement", ships=()))  # 2 actions left
    attacks = {a.ships for a in turn_options(game.state, side) if a.kind == "attack" and a.target == target}
    assert attacks == {g for g in everyone if len(g) <= 2}


def test_a_task_force_at_an_encounter_chooses_any_of_its_ships_or_all() -> None:
    """Task Forces: the active player may choose which ships are involved in the encounter (unless
    the card says all ships are affected)."""
    from engine.rulesets.fleet_captains.content import ENCOUNTERS
    from engine.rulesets.fleet_captains.turn import encounter

    game, side = board()
    fleet = tuple(s.id for s in game.state.fleet(side)[:3])
    for s in fleet:
        place(game, s, "r2c2")
    card = next(c for c in ENCOUNTERS.values() if not c.all_ships and c.system is not None)
    script = seats(game, encounter_ships=f"{fleet[1]}+{fleet[2]} meet it")
    encounter(game, side, fleet, "r2c2", card.id)
    offer = next(o for o in script.asked if o.kind == "encounter_ships")
    assert {a.ships for a in offer.options} == {g for n in (1, 2, 3) for g in combinations(fleet, n)}
    test = next(e for e in game.events if isinstance(e, fe.Tested))
    assert test.ships in ((fleet[1], fleet[2]), (fleet[1],), (fleet[2],))  # the ships chosen

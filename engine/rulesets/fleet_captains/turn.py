"""A turn as the summary gives it: the side picks, in any order, among its legal options
(``options.turn_options``) until it ends the turn; this module carries each pick out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import (
    CARGO,
    COMMAND_CARDS,
    ENCOUNTERS,
    MISSIONS,
    SCAN_TARGET,
    SHIP_MISSIONS,
    TILES,
)
from engine.rulesets.fleet_captains.missions import after_action, mission_test, ship_mission_step, ship_mission_test
from engine.rulesets.fleet_captains.options import (
    BEAM_CREW,
    BEAM_DISCARD,
    BEAM_GIVE_CARGO,
    BEAM_RESCUE,
    BEAM_TAKE_CARGO,
    groups,
    turn_options,
)
from engine.rulesets.fleet_captains.players import Act, Offer
from engine.rulesets.fleet_captains.reducer import PREFIX, step_cost
from engine.rulesets.fleet_captains.rules import enemies_at, other
from engine.rulesets.fleet_captains.state import adjacent
from engine.rulesets.fleet_captains.systems import combat, opposed_test, size_roll, system_test

if TYPE_CHECKING:  # the table the turn is played on; the game plays the turn (``Game.play``)
    from engine.rulesets.fleet_captains.game import Game

MAX_PICKS = 400  # a seat that never ends its turn is stopped (each pick changes the state or ends it)


def play_turn(game: Game, side: int) -> None:
    for _ in range(MAX_PICKS):
        if game.check_victory():
            return
        act = game.ask(Offer(side, "turn", turn_options(game.state, side)))
        if act.kind == "end":
            return
        carry_out(game, side, act)
    raise ValueError(f"side {side} made {MAX_PICKS} picks without ending its turn")


def carry_out(game: Game, side: int, act: Act) -> None:
    if act.kind == "move":
        move(game, side, act.ships)
    elif act.kind == "move_echo":
        move_echo(game, side, act.target)
    elif act.kind == "power":
        game.emit(fe.PowerAdjusted(turn=game.turn, ship=act.ships[0], setting=act.value))
        explore_if_needed(game, side, act.ships[0])
    elif act.kind in ("play", "crew"):
        play_command(game, side, act)
    elif act.kind == "discard":
        game.move_cards(side, "hand", "command_discard", (act.target,), "discarded", use="discard")
        game.draw_commands(side, 1, "discard 1, draw 1")
    elif act.kind == "cycle":
        game.move_cards(side, "missions", "mission_discard", (act.target,), "cycled", use="cycle")
        game.draw_mission(side, "cycle a mission")
    else:
        action(game, side, act)


# --- movement ---------------------------------------------------------------------------------------

def move(game: Game, side: int, ships: tuple[str, ...]) -> None:
    """One move: engines points (the slowest ship's); leaving the starting place past an enemy is a
    breakaway, leaving a later one an evasion; entering a face-down tile explores it."""
    state = game.state
    points = min(state.ship(s).rating("engines") or 0 for s in ships)
    game.emit(fe.MoveStarted(turn=game.turn, ships=ships, points=points))
    cloaked = state.ship(ships[0]).cloaked
    first = True
    while True:
        state = game.state
        ships = tuple(s for s in ships if not state.ship(s).destroyed)
        if not ships:
            return end_move(game, ships, "no ship of the move is left")
        here = state.where(state.ship(ships[0]))
        assert here is not None
        steps = [Act("step", ships, target=d, label=f"to {d}") for d in adjacent(here)
                 if step_cost(state, here, d) <= state.move_points and state.location(d).post_of in (None, side)]
        if not steps:
            return end_move(game, ships, "no movement points left")
        pick = game.ask(Offer(side, "step", (*steps, Act("stop", ships, label="stop here")), note=here))
        if pick.kind == "stop":
            return end_move(game, ships, "stopped")
        if not cloaked and enemies_at(state, here, side):
            passed = size_roll(game, side, ships, "breakaway" if first else "evasion")
            if not passed and first:
                free_attack(game, side, ships, here)
                if game.state.phase == "over":  # the free attack won the game
                    return
            elif not passed:
                return end_move(game, ships, "failed to evade: stops here")
            ships = tuple(s for s in ships if not game.state.ship(s).destroyed)
            if not ships:
                return end_move(game, ships, "no ship of the move is left")
        first = False
        game.emit(fe.Moved(turn=game.turn, ships=ships, source=here, dest=pick.target,
                           cost=step_cost(game.state, here, pick.target)))
        dest = game.state.location(pick.target)
        if dest.post_of == side:
            for ship in map(game.state.ship, ships):  # summary: missions unique to the ship reset
                if ship.progress and not ship.mission_done and ship.card.mission is not None:
                    game.emit(fe.MissionReset(turn=game.turn, ship=ship.id, mission=ship.card.mission))
            return end_move(game, ships, "entered the command post")
        if not dest.explored:
            if cloaked:
                return end_move(game, ships, "cloaked ships stop at an unexplored location")
            if explore(game, side, ships, dest.id):
                return end_move(game, ships, "an encounter ends the move")


def move_echo(game: Game, side: int, token_id: str) -> None:
    """A sensor echo moves as a cloaked ship would (no rolls; it stops at a face-down location), at
    the engines of the side's fastest cloaked ship."""
    points = max(s.rating("engines") or 0 for s in game.state.fleet(side) if s.cloaked)
    game.emit(fe.EchoMoveStarted(turn=game.turn, token=token_id, points=points))
    while True:
        state = game.state
        here = next(t.location for t in state.tokens if t.id == token_id)
        steps = [Act("echo_step", target=d, label=f"to {d}") for d in adjacent(here)
                 if step_cost(state, here, d) <= state.move_points and state.location(d).post_of in (None, side)]
        if not steps:
            return end_move(game, (token_id,), "no movement points left")
        pick = game.ask(Offer(side, "echo_step", (*steps, Act("stop", label="stop here")), note=here))
        if pick.kind == "stop":
            return end_move(game, (token_id,), "stopped")
        game.emit(fe.TokenMoved(turn=game.turn, token=token_id, source=here, dest=pick.target,
                                cost=step_cost(game.state, here, pick.target)))
        dest = game.state.location(pick.target)
        if not dest.explored or dest.post_of == side:
            return end_move(game, (token_id,), "an echo stops where a cloaked ship would")


def end_move(game: Game, ships: tuple[str, ...], why: str) -> None:
    """The move is over (``ships``: the ones still in it; the event names every ship that began it)."""
    game.emit(fe.MoveEnded(turn=game.turn, ships=game.state.moving, why=why))


def free_attack(game: Game, side: int, ships: tuple[str, ...], here: str) -> None:
    """A failed breakaway: one enemy ship may attack one of the moving ships, free."""
    enemy = other(side)
    options = [Act("free_attack", (e.id,), target=s, label=f"{e.id} attacks {s}")
               for e in enemies_at(game.state, here, side) if (e.rating("weapons") or 0) > 0 for s in ships]
    if not options:
        return
    pick = game.ask(Offer(enemy, "free_attack", (*options, Act("no_attack", label="no attack"))))
    if pick.kind == "free_attack":
        combat(game, enemy, pick.ships, pick.target, f"free attack on {pick.target} breaking away")
        game.check_victory()


def explore(game: Game, side: int, ships: tuple[str, ...], loc: str) -> bool:
    """Turn the tile over, roll for the encounter, resolve it. True when an encounter was drawn."""
    tile = game.state.location(loc).tile
    assert tile is not None
    game.emit(fe.Explored(turn=game.turn, location=loc, tile=tile))
    for ship in ships:  # a step of an explorer's own mission
        own = SHIP_MISSIONS.get(game.state.ship(ship).card.mission or "")
        if own is not None and own.goal == "explore":
            ship_mission_step(game, side, ship, loc)
    die = game.roll(side, f"encounter roll at {TILES[tile].name}")
    if die not in TILES[tile].encounter:
        return False
    if not game.state.encounter_deck:
        game.move_cards(None, "encounter_discard", "encounter_deck", game.state.encounter_discard, "rebuilt")
        game.shuffle("encounter_deck", None)
    card_id = game.state.encounter_deck[0]
    game.move_cards(None, "encounter_deck", "encounter_discard", (card_id,), f"encounter at {loc}")
    encounter(game, side, ships, loc, card_id)
    return True


def encounter(game: Game, side: int, ships: tuple[str, ...], loc: str, card_id: str) -> None:
    card = ENCOUNTERS[card_id]
    involved = ships
    if len(ships) > 1 and not card.all_ships:  # the active player chooses which ships: any of them, or all
        options = [Act("involve", g, label=f"{'+'.join(g)} meet it" if len(g) > 1 else f"{g[0]} meets it")
                   for g in groups(list(ships), len(ships) - 1)]
        involved = game.ask(Offer(side, "encounter_ships", (*options, Act("involve", ships, label="all meet it")),
                                  note=card.name)).ships
    label = f"{card.name} at {loc}"
    if card.effect in ("damage", "stop_all"):
        for ship in involved:
            failed = card.system is None or not system_test(game, side, (ship,), card.system, card.target, label,
                                                            "encounter")
            if failed and card.effect == "damage" and not game.state.ship(ship).destroyed:
                game.emit(fe.Damaged(turn=game.turn, ship=ship, amount=1, cause=label))
        return
    if card.system is not None and not system_test(game, side, involved, card.system, card.target, label,
                                                   "encounter"):
        return
    if card.effect == "vp":
        game.emit(fe.ScoredVp(turn=game.turn, side=side, amount=1, why=label))
    elif card.effect == "card":
        game.draw_commands(side, 1, label)
    elif card.effect == "influence":
        place = game.state.location(loc)
        if place.planet and place.influence_side in (None, side):
            add_influence(game, side, loc)
    elif card.effect == "cargo" and game.state.cargo:
        holder = involved[0] if len(involved) == 1 else game.ask(Offer(
            side, "cargo_ship", tuple(Act("hold", (s,), label=f"{s} takes it aboard") for s in involved))).ships[0]
        game.emit(fe.CargoMoved(turn=game.turn, cargo=game.state.cargo[0], source="cargo", dest=holder, why=label))


def explore_if_needed(game: Game, side: int, ship_id: str) -> None:
    """A ship that de-cloaks in an unexplored location explores it at once."""
    ship = game.state.ship(ship_id)
    if ship.location is not None and not game.state.location(ship.location).explored:
        explore(game, side, (ship_id,), ship.location)


# --- command cards ----------------------------------------------------------------------------------

def play_command(game: Game, side: int, act: Act) -> None:
    card = COMMAND_CARDS[act.target]
    if card.kind == "crew":
        ship = game.state.ship(act.ships[0])
        for old in ship.crew:
            if COMMAND_CARDS[old].crew == card.crew:
                game.emit(fe.CrewRemoved(turn=game.turn, ship=ship.id, card=old))
        game.emit(fe.CrewAssigned(turn=game.turn, ship=ship.id, card=card.id))
    else:
        game.move_cards(side, "hand", "trash" if card.trash else "command_discard", (card.id,),
                        f"played: {act.label}")
        if card.effect == "extra_action":
            game.emit(fe.ExtraAction(turn=game.turn, side=side))
        elif card.effect == "second_action":
            game.emit(fe.ExtraAction(turn=game.turn, side=side, ship=act.ships[0]))
        elif card.effect == "repair":
            ship = game.state.ship(act.ships[0])
            game.emit(fe.Repaired(turn=game.turn, ship=ship.id, setting=_same_setting(game, ship.id)))
        elif card.effect == "influence":
            add_influence(game, side, act.place)
    game.draw_commands(side, 1, "play 1, draw 1")


def _same_setting(game: Game, ship_id: str) -> int:
    """After a repair, the dial keeps the setting of the same name in the better alert status."""
    ship = game.state.ship(ship_id)
    better = ship.card.dial[ship.alert - 1]
    return next((i for i, s in enumerate(better) if s.label == ship.dial.label), 0)


# --- the three actions ------------------------------------------------------------------------------

def action(game: Game, side: int, act: Act) -> None:
    kinds = {"cloak": "cloaking", "echo": "cloaking", "attack": "combat", "influence": "influence",
             "build": "influence", "reinforce": "reinforcement", "repair": "repair", "scan": "scan",
             "search": "scan", "transfer": "transporter", "beam": "transporter", "test": "system_test",
             "ship_test": "system_test"}
    game.emit(fe.ActionTaken(turn=game.turn, side=side, action=kinds[act.kind], ships=act.ships))
    state = game.state
    if act.kind == "cloak":
        game.emit(fe.Cloaked(turn=game.turn, ship=act.ships[0], setting=act.value, token=f"t{state.tokens_made + 1}"))
    elif act.kind == "echo":
        where = state.where(state.ship(act.ships[0]))
        assert where is not None
        game.emit(fe.EchoDeployed(turn=game.turn, side=side, location=where, token=f"t{state.tokens_made + 1}"))
    elif act.kind == "attack":
        damage = combat(game, side, act.ships, act.target, f"{'+'.join(act.ships)} attack {act.target}")
        after_action(game, side, act, damage=damage, target=act.target)
    elif act.kind == "influence":
        _influence(game, side, act)
    elif act.kind == "build":
        _build(game, side, act)
    elif act.kind == "reinforce":
        made = state.side(side).ships_made
        game.emit(fe.Reinforced(turn=game.turn, side=side, card=act.target,
                                ship=f"{PREFIX[state.side(side).faction]}{made + 1}"))
    elif act.kind == "repair":
        game.emit(fe.Repaired(turn=game.turn, ship=act.ships[0], setting=_same_setting(game, act.ships[0])))
        if act.value == 2:
            game.emit(fe.Repaired(turn=game.turn, ship=act.ships[0], setting=_same_setting(game, act.ships[0]),
                                  movement=True))
    elif act.kind == "scan":
        game.emit(fe.Scanned(turn=game.turn, side=side, location=act.target))
    elif act.kind == "search":
        _search(game, side, act)
    elif act.kind == "transfer":
        card, mate = act.target.split(">")
        if card in CARGO:
            game.emit(fe.CargoMoved(turn=game.turn, cargo=card, source=act.ships[0], dest=mate, why="transferred"))
        else:
            game.emit(fe.CrewRemoved(turn=game.turn, ship=act.ships[0], card=card, to_ship=mate))
    elif act.kind == "beam":
        _beam(game, side, act)
    elif act.kind == "test":
        mission_test(game, side, act)
    elif act.kind == "ship_test":
        ship_mission_test(game, side, act)


def _influence(game: Game, side: int, act: Act) -> None:
    place = game.state.location(act.target)
    if act.value > 0:
        add_influence(game, side, place.id)
    else:
        game.emit(fe.InfluenceChanged(turn=game.turn, location=place.id, side=other(side), delta=-1))
    after_action(game, side, act)


def add_influence(game: Game, side: int, loc: str) -> None:
    """One influence token of ``side`` (an action, a command card or an encounter): placed where
    the enemy has an installation, it takes the installation (summary, 3: "It is possible to lose
    your Starbase if your enemy places at least 1 of their Influence Tokens in that location")."""
    game.emit(fe.InfluenceChanged(turn=game.turn, location=loc, side=side, delta=1))
    place = game.state.location(loc)
    if place.installation is not None and place.installation_side == other(side):
        lose_installation(game, loc)


def lose_installation(game: Game, loc: str) -> None:
    place = game.state.location(loc)
    assert place.installation is not None and place.installation_side is not None
    game.emit(fe.InstallationLost(turn=game.turn, location=loc, side=place.installation_side,
                                  kind=place.installation))
    if place.installation == "starbase":
        game.emit(fe.ScoredVp(turn=game.turn, side=place.installation_side, amount=-1, why=f"lost the starbase at "
                                                                                           f"{loc}"))


def _build(game: Game, side: int, act: Act) -> None:
    loc = game.state.ship(act.ships[0]).location
    assert loc is not None
    game.emit(fe.Installed(turn=game.turn, location=loc, side=side, kind=act.target))
    if act.target == "starbase":
        game.emit(fe.ScoredVp(turn=game.turn, side=side, amount=1, why=f"a starbase at {loc}"))
    after_action(game, side, act, built=act.target)


def _search(game: Game, side: int, act: Act) -> None:
    """Search for cloaked ships: a level 15 sensors test; success turns the token over."""
    token = next(t for t in game.state.tokens if t.id == act.target)
    if not system_test(game, side, act.ships, "sensors", SCAN_TARGET, f"search cloak token {token.id}", "scan"):
        return
    game.emit(fe.TokenRevealed(turn=game.turn, token=token.id, ship=token.ship))
    if token.ship is None:
        return
    ship = game.state.ship(token.ship)
    options = tuple(Act("decloak", (ship.id,), value=i, label=f"de-cloak {ship.id} to {s.label}")
                    for i, s in enumerate(ship.card.dial[ship.alert]) if not s.cloak)
    pick = game.ask(Offer(ship.side, "decloak", options))
    game.emit(fe.PowerAdjusted(turn=game.turn, ship=ship.id, setting=pick.value, free=True))
    gather(game, ship.id)
    explore_if_needed(game, ship.side, ship.id)


def gather(game: Game, ship_id: str) -> None:
    """Summary, "Sensor Echoes": a cloaked ship's position revealed, its side may move any of its
    other active cloak tokens to that location at once: one token at a time, until it stops."""
    ship = game.state.ship(ship_id)
    while True:
        tokens = [t for t in game.state.tokens if t.side == ship.side and t.location != ship.location]
        if not tokens:
            return
        options = (*(Act("gather", target=t.id, place=t.location, label=f"gather {t.id} from {t.location}")
                     for t in tokens), Act("stop", label="leave the other tokens where they are"))
        pick = game.ask(Offer(ship.side, "gather", options, note=ship_id))
        if pick.kind == "stop":
            return
        assert ship.location is not None
        game.emit(fe.TokenGathered(turn=game.turn, token=pick.target, source=pick.place, dest=ship.location))


def _beam(game: Game, side: int, act: Act) -> None:
    """Beam to or from an enemy ship: a sensors test against its shields (opposed); on a success,
    what the action set out to do (summary, 7 b)."""
    target = game.state.ship(act.target)
    margin = opposed_test(game, side, act.ships, "sensors", target.id, "shields",
                          f"{act.ships[0]} beams to {target.id}", "transporter")
    target, me = game.state.ship(act.target), game.state.ship(act.ships[0])
    if margin <= 0 or target.destroyed or me.destroyed:
        return
    if act.value == BEAM_CREW and act.place in target.crew:
        game.emit(fe.CrewRemoved(turn=game.turn, ship=target.id, card=act.place, to_ship=me.id, prisoner=True))
        after_action(game, side, act, prisoner=True)
    elif act.value == BEAM_TAKE_CARGO and act.place in target.cargo:
        game.emit(fe.CargoMoved(turn=game.turn, cargo=act.place, source=target.id, dest=me.id, why="beamed over"))
    elif act.value == BEAM_GIVE_CARGO and act.place in me.cargo:
        game.emit(fe.CargoMoved(turn=game.turn, cargo=act.place, source=me.id, dest=target.id, why="beamed over"))
    elif act.value == BEAM_RESCUE and act.place in target.prisoners:
        card = COMMAND_CARDS[act.place]
        free_slot = all(COMMAND_CARDS[c].crew != card.crew for c in me.crew)
        game.emit(fe.CrewRemoved(turn=game.turn, ship=target.id, card=act.place, to_ship=me.id if free_slot else None,
                                 to_hand=not free_slot))
    elif act.value == BEAM_DISCARD:
        _forced_discard(game, other(side), target.id)


def _forced_discard(game: Game, enemy: int, target_id: str) -> None:
    """The beamed ship's side discards one of its crew or (its choice) a card from its hand."""
    target = game.state.ship(target_id)
    options = [Act("lose_crew", (target.id,), target=c, label=f"discard {COMMAND_CARDS[c].name} from {target.id}")
               for c in target.crew]
    options += [Act("lose_card", target=c, label=f"discard {COMMAND_CARDS[c].name} from the hand")
                for c in dict.fromkeys(game.state.side(enemy).hand)]
    if not options:
        return
    pick = game.ask(Offer(enemy, "forced_discard", tuple(options)))
    if pick.kind == "lose_crew":
        game.emit(fe.CrewRemoved(turn=game.turn, ship=target.id, card=pick.target))
    else:
        game.move_cards(enemy, "hand", "command_discard", (pick.target,), "forced by a transporter raid")


def mission_name(mission_id: str) -> str:
    return MISSIONS[mission_id].name

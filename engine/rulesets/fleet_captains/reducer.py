"""The one reducer: ``apply(state, event)`` is the next state, or ValueError for an event the
rules do not allow in that state (a forged die, a card not in its pile, a move to a place that
is not adjacent...). Dice and shuffles are checked against the generator held in the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.rulesets.fleet_captains import aboard, cloak, rng
from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.aboard import remove_cards
from engine.rulesets.fleet_captains.cloak import step_cost as step_cost  # re-exported: the game and tests use it
from engine.rulesets.fleet_captains.content import (
    CARGO,
    EDITION_2,
    ENCOUNTERS,
    FLEET_DECKS,
    INSTALLATIONS,
    MISSIONS,
    SHIP_CLASSES,
    TILES,
    subdecks,
)
from engine.rulesets.fleet_captains.state import (
    FcState,
    LocationState,
    ShipState,
    SideState,
    adjacent,
    map_locations,
)

SIDE_PILES = ("command_deck", "hand", "command_discard", "trash", "mission_deck", "missions", "mission_discard",
              "completed", "fleet_deck", "draft_discard", "reinforcements")
SHARED_PILES = ("tiles", "encounter_deck", "encounter_discard", "science", "combat", "influence", "cargo",
                "cargo_spent")
DRAW_PILES = ("command_deck", "mission_deck", "fleet_deck", "tiles", "encounter_deck", "science", "combat",
              "influence", "cargo")
REDRAFTS = 3  # restarts of a draft at most (docs/rulings.md)
# events between a ship's reveal and its side gathering its other cloak tokens there
_REVEAL_KEEPS = frozenset(("token_revealed", "chosen", "power_adjusted", "token_gathered"))
PREFIX = {"Federation": "F", "Klingon": "K"}


def initial_state(seed: int) -> FcState:
    """Before setup: only the generator, from the game's seed."""
    return FcState(rng=rng.seeded(seed), seed=seed)


def apply(state: FcState, event: fe.Event) -> FcState:
    """The state after ``event``."""
    if event.seq != state.seq + 1:
        raise ValueError(f"event {event.seq} does not follow event {state.seq}")
    if state.phase == "over":
        raise ValueError(f"the game is over: no {event.type} after it")
    if event.type != "turn_started" and event.turn != state.turn:
        raise ValueError(f"a {event.type} of turn {event.turn} during turn {state.turn}")
    handler: Callable[[FcState, Any], FcState] = _HANDLERS[event.type]
    after = handler(state, event)
    if after.revealed and event.type not in _REVEAL_KEEPS:
        after = replace(after, revealed="")
    return replace(after, seq=event.seq)


# --- piles -------------------------------------------------------------------------------------------

def pile(state: FcState, name: str, side: int | None) -> tuple[str, ...]:
    """The cards of a pile: a side's own or a shared one."""
    if name in SHARED_PILES:
        cards: tuple[str, ...] = getattr(state, name)
        return cards
    if side is None:
        raise ValueError(f"the {name} pile belongs to a side: the event names none")
    found: tuple[str, ...] = getattr(state.side(side), name)
    return found


def with_pile(state: FcState, name: str, side: int | None, cards: tuple[str, ...]) -> FcState:
    change: dict[str, Any] = {name: cards}
    if name in SHARED_PILES:
        return replace(state, **change)
    assert side is not None
    return state.with_side(side, replace(state.side(side), **change))




def _game_started(state: FcState, e: fe.GameStarted) -> FcState:
    if state.sides:
        raise ValueError("the game has already started")
    if any(f not in FLEET_DECKS for f in e.factions) or e.factions[0] == e.factions[1]:
        raise ValueError(f"not two factions of the box: {e.factions}")
    sides = tuple(SideState(faction=f, fleet_size=e.fleet_size, fleet_deck=FLEET_DECKS[f]) for f in e.factions)

    def boxed(card: str) -> bool:
        return e.edition >= 2 or card not in EDITION_2

    by_type = {t: tuple(m.id for m in MISSIONS.values() if m.type == t and boxed(m.id))
               for t in ("science", "combat", "influence")}
    return replace(state, sides=sides, vp_target=e.fleet_size, tiles=tuple(TILES),
                   encounter_deck=tuple(filter(boxed, ENCOUNTERS)), science=by_type["science"],
                   combat=by_type["combat"], influence=by_type["influence"],
                   cargo=tuple(CARGO) if e.edition >= 2 else ())


def _shuffled(state: FcState, e: fe.Shuffled) -> FcState:
    cards = pile(state, e.pile, e.side)
    order, after = rng.shuffled(cards, state.rng)
    if order != e.order:
        raise ValueError(f"the {e.pile} pile was not shuffled as the seed shuffles it")
    return replace(with_pile(state, e.pile, e.side, order), rng=after)


def _map_laid(state: FcState, e: fe.MapLaid) -> FcState:
    places = map_locations()
    if state.locations or e.tiles != state.tiles[:len(places)]:
        raise ValueError("the map is laid once, from the top of the shuffled tiles")
    locations = (LocationState("cp0", None, True), *(LocationState(p, t) for p, t in zip(places, e.tiles, strict=True)),
                 LocationState("cp1", None, True))
    return replace(state, locations=locations, tiles=state.tiles[len(places):])


def _drafted(state: FcState, e: fe.Drafted) -> FcState:
    side = state.side(e.side)
    if not side.fleet_deck or side.fleet_deck[0] != e.card:
        raise ValueError(f"{e.card!r} is not the top card of the {side.faction} fleet deck")
    side = replace(side, fleet_deck=side.fleet_deck[1:])
    if e.ship is None:
        return state.with_side(e.side, replace(side, draft_discard=(*side.draft_discard, e.card)))
    state = _new_ship(state, e.side, side, e.card, e.ship)
    return state


def _redrafted(state: FcState, e: fe.Redrafted) -> FcState:
    """Restart the draft: the fleet's ship cards and the discarded ones go back to the fleet deck."""
    side = state.side(e.side)
    fleet = state.fleet(e.side)
    if state.phase != "setup" or side.fleet_deck or sum(s.card.size for s in fleet) >= side.fleet_size \
            or side.redrafts >= REDRAFTS or side.command_deck or side.subdecks:
        raise ValueError(f"side {e.side} has no draft to restart now")
    cards = (*(s.cls for s in fleet), *side.draft_discard)
    side = replace(side, fleet_deck=cards, draft_discard=(), ships_made=0, redrafts=side.redrafts + 1)
    return replace(state.with_side(e.side, side), ships=tuple(s for s in state.ships if s.side != e.side))


def _new_ship(state: FcState, side_no: int, side: SideState, card: str, ship_id: str, *,
              acted: bool = False) -> FcState:
    expected = f"{PREFIX[side.faction]}{side.ships_made + 1}"
    if ship_id != expected:
        raise ValueError(f"the next {side.faction} ship is {expected}, not {ship_id!r}")
    fleet = sum(s.card.size for s in state.fleet(side_no)) + SHIP_CLASSES[card].size
    if fleet > side.fleet_size:
        raise ValueError(f"{card} would take the fleet to size {fleet}, over the fleet size {side.fleet_size}")
    ship = ShipState(ship_id, card, side_no, f"cp{side_no}", moved=acted, acted=acted, adjusted=acted)
    return replace(state.with_side(side_no, replace(side, ships_made=side.ships_made + 1)),
                   ships=(*state.ships, ship))


def _chosen(state: FcState, e: fe.Chosen) -> FcState:
    if e.kind == "subdecks":  # the four subdecks become the command deck (shuffled next)
        side = state.side(e.side)
        names = tuple(e.choice.split(","))
        decks = subdecks(side.faction)
        if side.subdecks or len(names) != 4 or len(set(names)) != 4 or any(n not in decks for n in names):
            raise ValueError(f"not four {side.faction} subdecks: {e.choice!r}")
        cards = tuple(c for n in names for c in decks[n])
        return state.with_side(e.side, replace(side, subdecks=names, command_deck=cards))
    if e.kind == "first_player":
        first = {"side 0 goes first": 0, "side 1 goes first": 1}.get(e.choice)
        if first is None or state.turn:
            raise ValueError(f"not a first player: {e.choice!r}")
        return replace(state, first=first, active=first)
    return state


def _cards_moved(state: FcState, e: fe.CardsMoved) -> FcState:
    if e.use:
        flag = "discarded" if e.use == "discard" else "cycled"
        wanted = ("hand", "command_discard") if e.use == "discard" else ("missions", "mission_discard")
        if e.side != state.active or getattr(state.side(e.side), flag) or (e.source, e.dest) != wanted \
                or len(e.cards) != 1:
            raise ValueError(f"side {e.side} has no {e.use} left this turn")
        used: dict[str, Any] = {flag: True}
        state = state.with_side(e.side, replace(state.side(e.side), **used))
    source = pile(state, e.source, e.side)
    if e.source in DRAW_PILES and source[:len(e.cards)] != e.cards:
        raise ValueError(f"{', '.join(e.cards)} are not the top of the {e.source} pile")
    state = with_pile(state, e.source, e.side, remove_cards(source, e.cards, f"the {e.source} pile"))
    dest_side = e.dest_side if e.dest_side is not None else e.side
    return with_pile(state, e.dest, dest_side, (*pile(state, e.dest, dest_side), *e.cards))


def _table_rolled(state: FcState, e: fe.TableRolled) -> FcState:
    """A die rolled at the table: any face (the schema holds it to 1-6); the generator moves on."""
    _, after = rng.d6(state.rng)
    return replace(state, rng=after)


def _rolled(state: FcState, e: fe.Rolled) -> FcState:
    value, after = rng.d6(state.rng)
    if value != e.value:
        raise ValueError(f"the seed rolls {value} here, not {e.value}")
    return replace(state, rng=after)


def _same(state: FcState, e: Any) -> FcState:
    return state


def _turn_started(state: FcState, e: fe.TurnStarted) -> FcState:
    if e.turn != state.turn + 1 or (state.turn > 0 and e.side == state.active) or \
            (state.turn == 0 and e.side != state.first):
        raise ValueError(f"turn {e.turn} is not side {e.side}'s to start")
    ships = tuple(replace(s, moved=False, acted=False, adjusted=False) if s.side == e.side else s
                  for s in state.ships)
    side = replace(state.side(e.side), actions=0, extra_actions=0, discarded=False, cycled=False, echoes_moved=())
    return replace(state, turn=e.turn, active=e.side, phase="turn", ships=ships, last_turn=e.last,
                   moving=(), move_points=0, move_steps=0).with_side(e.side, side)


def _turn_ended(state: FcState, e: fe.TurnEnded) -> FcState:
    if e.side != state.active or state.moving:
        raise ValueError(f"side {e.side} cannot end this turn now")
    return state


def _active_ships(state: FcState, ids: tuple[str, ...]) -> tuple[ShipState, ...]:
    ships = tuple(state.ship(i) for i in ids)
    if not ships or len(set(ids)) != len(ids):
        raise ValueError("a move needs its ships, each once")
    for s in ships:
        if s.side != state.active or s.destroyed:
            raise ValueError(f"{s.id} is not a ship of the side whose turn it is")
    return ships


def _move_started(state: FcState, e: fe.MoveStarted) -> FcState:
    if state.moving:
        raise ValueError("a move is already under way")
    ships = _active_ships(state, e.ships)
    places = {state.where(s) for s in ships}
    if len(places) != 1 or any(s.moved for s in ships) or (len(ships) > 1 and any(s.cloaked for s in ships)):
        raise ValueError("a task force's ships start together, uncloaked, and have not moved this turn")
    engines = [s.rating("engines") or 0 for s in ships]
    if e.points != min(engines) or e.points < 1:
        raise ValueError(f"the move has {min(engines)} movement points (the slowest engines), not {e.points}")
    ships_now = tuple(replace(s, moved=True) if s.id in e.ships else s for s in state.ships)
    return replace(state, ships=ships_now, moving=e.ships, move_points=e.points, move_steps=0)




def _moved(state: FcState, e: fe.Moved) -> FcState:
    if not e.ships or e.ships != tuple(s for s in state.moving if not state.ship(s).destroyed):
        raise ValueError(f"{', '.join(e.ships)} are not the ships moving")
    ships = tuple(state.ship(i) for i in e.ships)
    if any(state.where(s) != e.source for s in ships) or e.dest not in adjacent(e.source):
        raise ValueError(f"{e.dest} is not next to where the ships are")
    post = state.location(e.dest).post_of
    if post is not None and post != state.active:
        raise ValueError("only a side's own ships enter its command post")
    cost = step_cost(state, e.source, e.dest)
    if e.cost != cost or cost > state.move_points:
        raise ValueError(f"leaving {e.source} for {e.dest} costs {cost} of {state.move_points} points left, "
                         f"not {e.cost}")
    after = replace(state, move_points=state.move_points - cost, move_steps=state.move_steps + 1)
    for s in ships:
        if s.cloaked:
            token = state.token_of(s.id)
            assert token is not None
            after = replace(after, tokens=tuple(replace(t, location=e.dest) if t.id == token.id else t
                                                for t in after.tokens))
        else:
            after = after.with_ship(replace(s, location=e.dest))
    return after


def _move_ended(state: FcState, e: fe.MoveEnded) -> FcState:
    if e.ships != state.moving:
        raise ValueError("no such move under way")
    return replace(state, moving=(), move_points=0, move_steps=0)


def _explored(state: FcState, e: fe.Explored) -> FcState:
    place = state.location(e.location)
    if place.explored or place.tile != e.tile:
        raise ValueError(f"{e.location} is not a face-down {e.tile}")
    return state.with_location(replace(place, explored=True, scanned_by=()))


def _damaged(state: FcState, e: fe.Damaged) -> FcState:
    ship = state.ship(e.ship)
    if ship.destroyed:
        raise ValueError(f"{ship.id} is already destroyed")
    alert = ship.alert + e.amount
    if alert <= 2:
        label = ship.dial.label
        settings = ship.card.dial[alert]
        setting = next((i for i, s in enumerate(settings) if s.label == label), 0)
        if ship.cloaked and not settings[setting].cloak:
            state = cloak.decloak(state, ship)
            ship = state.ship(e.ship)
        return state.with_ship(replace(ship, alert=alert, setting=setting))
    side = state.side(ship.side)  # its crew, cargo and prisoners are discarded
    side = replace(side, command_discard=(*side.command_discard, *ship.crew), lost_a_ship=True,
                   fleet_size=side.fleet_size + (0 if side.lost_a_ship else 1))
    state = replace(state, tokens=tuple(t for t in state.tokens if t.ship != ship.id),
                    cargo_spent=(*state.cargo_spent, *ship.cargo)).with_side(ship.side, side)
    if ship.prisoners:
        held = state.side(1 - ship.side)
        state = state.with_side(1 - ship.side, replace(held, command_discard=(*held.command_discard,
                                                                               *ship.prisoners)))
    return state.with_ship(replace(ship, destroyed=True, location=None, cloaked=False, crew=(), cargo=(),
                                   prisoners=(), progress=()))




def _scored(state: FcState, e: fe.ScoredVp) -> FcState:
    side = state.side(e.side)
    return state.with_side(e.side, replace(side, vp=max(0, side.vp + e.amount)))


def _power(state: FcState, e: fe.PowerAdjusted) -> FcState:
    ship = state.ship(e.ship)
    settings = ship.card.dial[ship.alert]
    if ship.destroyed or e.setting >= len(settings) or e.setting == ship.setting:
        raise ValueError(f"{ship.id} has no other setting {e.setting} in its alert status")
    if not e.free and (ship.side != state.active or ship.adjusted):
        raise ValueError(f"{ship.id} has no power adjustment left this turn")
    if settings[e.setting].cloak:
        raise ValueError("turning to the cloak setting is a cloaking action")
    if e.free and not ship.cloaked:
        raise ValueError("only a forced de-cloak is a free power adjustment")
    if ship.cloaked:
        state = cloak.decloak(state, ship)
        ship = state.ship(e.ship)
    return state.with_ship(replace(ship, setting=e.setting, adjusted=ship.adjusted or not e.free))














def _influence(state: FcState, e: fe.InfluenceChanged) -> FcState:
    place = state.location(e.location)
    if e.delta > 0:
        if not place.planet or place.influence_side not in (None, e.side):
            raise ValueError(f"no {e.side} influence can go on {e.location}")
        return state.with_location(replace(place, influence_side=e.side, influence=place.influence + 1))
    if place.influence_side != e.side or place.influence < 1:
        raise ValueError(f"{e.location} has no influence token of side {e.side}")
    left = place.influence - 1
    return state.with_location(replace(place, influence=left, influence_side=e.side if left else None))


def _installed(state: FcState, e: fe.Installed) -> FcState:
    place = state.location(e.location)
    needed, required = next((n, r) for k, n, r in INSTALLATIONS if k == e.kind)
    if not place.planet or place.influence_side != e.side or place.influence < needed \
            or place.installation != required or (required and place.installation_side != e.side):
        raise ValueError(f"a {e.kind} needs a planet, {needed} influence and {required or 'no installation'} there")
    return state.with_location(replace(place, installation=e.kind, installation_side=e.side))


def _lost(state: FcState, e: fe.InstallationLost) -> FcState:
    place = state.location(e.location)
    if place.installation != e.kind or place.installation_side != e.side:
        raise ValueError(f"{e.location} has no {e.kind} of side {e.side}")
    return state.with_location(replace(place, installation=None, installation_side=None))


def _reinforced(state: FcState, e: fe.Reinforced) -> FcState:
    side = state.side(e.side)
    left = remove_cards(side.reinforcements, (e.card,), "the reinforcement deck")
    return _new_ship(state, e.side, replace(side, reinforcements=left), e.card, e.ship, acted=True)


def _repaired(state: FcState, e: fe.Repaired) -> FcState:
    ship = state.ship(e.ship)
    if ship.destroyed or ship.alert == 0 or e.setting >= len(ship.card.dial[ship.alert - 1]):
        raise ValueError(f"{ship.id} has no better alert status to turn to")
    if ship.card.dial[ship.alert - 1][e.setting].cloak != ship.cloaked:
        raise ValueError("a repair does not cloak or de-cloak a ship")
    if e.movement:
        place = state.location(ship.location or "")
        if ship.moved or not (place.post_of == ship.side or (place.installation == "starbase"
                                                              and place.installation_side == ship.side)):
            raise ValueError(f"{ship.id} has no move to spend on a repair here")
    return state.with_ship(replace(ship, alert=ship.alert - 1, setting=e.setting, moved=ship.moved or e.movement))


def _scanned(state: FcState, e: fe.Scanned) -> FcState:
    place = state.location(e.location)
    if e.side in place.scanned_by:
        return state
    return state.with_location(replace(place, scanned_by=(*place.scanned_by, e.side)))


def _action(state: FcState, e: fe.ActionTaken) -> FcState:
    side = state.side(e.side)
    cost = max(1, len(e.ships))
    if e.side != state.active or side.actions + cost > 3 + side.extra_actions:
        raise ValueError(f"side {e.side} has no {cost} action(s) left this turn")
    for ship_id in e.ships:
        ship = state.ship(ship_id)
        if ship.side != e.side or ship.acted or ship.destroyed:
            raise ValueError(f"{ship_id} cannot take an action now")
        state = state.with_ship(replace(ship, acted=True))
    return state.with_side(e.side, replace(side, actions=side.actions + cost))










def _ended(state: FcState, e: fe.GameEnded) -> FcState:
    return replace(state, phase="over", winner=e.winner, reason=e.reason)


_HANDLERS: dict[str, Callable[[FcState, Any], FcState]] = {
    "game_started": _game_started, "shuffled": _shuffled, "map_laid": _map_laid, "drafted": _drafted,
    "chosen": _chosen, "cards_moved": _cards_moved, "rolled": _rolled, "table_rolled": _table_rolled, "tested": _same,
    "turn_started": _turn_started, "turn_ended": _turn_ended, "move_started": _move_started, "moved": _moved,
    "move_ended": _move_ended, "explored": _explored, "damaged": _damaged, "scored_vp": _scored,
    "power_adjusted": _power, "cloaked": cloak.cloaked, "echo_deployed": cloak.echo_deployed,
    "echo_move_started": cloak.echo_move_started, "token_moved": cloak.token_moved,
    "token_revealed": cloak.token_revealed, "influence_changed": _influence, "installed": _installed,
    "installation_lost": _lost, "reinforced": _reinforced, "repaired": _repaired, "scanned": _scanned,
    "action_taken": _action, "extra_action": aboard.extra_action, "crew_assigned": aboard.crew_assigned,
    "crew_removed": aboard.crew_removed, "mission_completed": aboard.mission_completed, "game_ended": _ended,
    "redrafted": _redrafted, "token_gathered": cloak.token_gathered, "cargo_moved": aboard.cargo_moved,
    "mission_progress": aboard.mission_progress, "mission_reset": aboard.mission_reset,
}

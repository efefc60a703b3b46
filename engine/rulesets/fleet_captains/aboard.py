"""The reducer's part for what ships carry and do on their own: crew, prisoners, cargo, a second
action, and missions (the face-up ones and the one unique to a ship). ``reducer.apply`` calls
these handlers; each returns the next state or refuses the event with a ValueError."""

from __future__ import annotations

from dataclasses import replace

from engine.rulesets.fleet_captains import events as fe
from engine.rulesets.fleet_captains.content import CARGO, COMMAND_CARDS, MISSIONS, SHIP_MISSIONS
from engine.rulesets.fleet_captains.state import FcState, ShipState


def remove_cards(cards: tuple[str, ...], taken: tuple[str, ...], where: str) -> tuple[str, ...]:
    """``cards`` without ``taken`` (each must be there)."""
    left = list(cards)
    for card in taken:
        if card not in left:
            raise ValueError(f"{card!r} is not in {where}")
        left.remove(card)
    return tuple(left)


def card_owner(state: FcState, card: str) -> int:
    """The side whose command deck a card comes from (its id starts with the faction's prefix)."""
    for i, side in enumerate(state.sides):
        if card.startswith(side.faction[:3].lower() + "-"):
            return i
    raise ValueError(f"{card!r} is no command card of this game's factions")


def _has_crew_type(ship: ShipState, card: str) -> bool:
    return any(COMMAND_CARDS[c].crew == COMMAND_CARDS[card].crew for c in ship.crew)


def crew_assigned(state: FcState, e: fe.CrewAssigned) -> FcState:
    ship = state.ship(e.ship)
    card = COMMAND_CARDS.get(e.card)
    if card is None or card.kind != "crew" or ship.destroyed:
        raise ValueError(f"{e.card!r} is no crew card for {ship.id}")
    if _has_crew_type(ship, e.card):
        raise ValueError(f"{ship.id} already has a {card.crew}")
    side = state.side(ship.side)
    side = replace(side, hand=remove_cards(side.hand, (e.card,), "the hand"))
    return state.with_side(ship.side, side).with_ship(replace(ship, crew=(*ship.crew, e.card)))


def crew_removed(state: FcState, e: fe.CrewRemoved) -> FcState:
    """A crew card leaves a ship's crew or its prisoners: discarded, beamed aboard another ship
    (as crew of its own side, or as a prisoner of the other), or freed to its owner's hand."""
    ship = state.ship(e.ship)
    if e.card in ship.crew:
        ship = replace(ship, crew=tuple(c for c in ship.crew if c != e.card))
    elif e.card in ship.prisoners:
        ship = replace(ship, prisoners=tuple(c for c in ship.prisoners if c != e.card))
    else:
        raise ValueError(f"{e.card!r} is not aboard {e.ship}")
    state = state.with_ship(ship)
    owner = card_owner(state, e.card)
    if e.to_ship is not None:
        if e.to_hand:
            raise ValueError("a crew card goes to one place")
        taker = state.ship(e.to_ship)
        # summary 7: only a ship with active sensors transports (the giver to a friend, the taker from a foe)
        _needs_transporter(taker if taker.side != ship.side or e.prisoner else ship)
        if taker.destroyed or taker.id == ship.id:
            raise ValueError(f"{taker.id} cannot take {e.card} aboard")
        if e.prisoner:
            if taker.side == owner:
                raise ValueError(f"{taker.id} holds no prisoner of its own side")
            return state.with_ship(replace(taker, prisoners=(*taker.prisoners, e.card)))
        if taker.side != owner or _has_crew_type(taker, e.card):
            raise ValueError(f"{taker.id} cannot take {e.card} aboard as crew")
        return state.with_ship(replace(taker, crew=(*taker.crew, e.card)))
    if e.prisoner:
        raise ValueError("a prisoner is held aboard a ship")
    side = state.side(owner)
    if e.to_hand:
        return state.with_side(owner, replace(side, hand=(*side.hand, e.card)))
    return state.with_side(owner, replace(side, command_discard=(*side.command_discard, e.card)))


def _needs_transporter(ship: ShipState) -> None:
    if ship.rating("sensors") is None:
        raise ValueError(f"{ship.id}'s sensors are Disabled: it cannot transport (summary 7)")


def cargo_moved(state: FcState, e: fe.CargoMoved) -> FcState:
    """A cargo token from the pile's top or a ship, to a ship or the spent pile."""
    if e.cargo not in CARGO:
        raise ValueError(f"{e.cargo!r} is no cargo token of the box")
    if e.source == "cargo":
        if state.cargo[:1] != (e.cargo,):
            raise ValueError(f"{e.cargo} is not the top of the cargo pile")
        state = replace(state, cargo=state.cargo[1:])
    else:
        ship = state.ship(e.source)
        if e.why == "transferred":
            _needs_transporter(ship)
        if e.cargo not in ship.cargo:
            raise ValueError(f"{e.cargo} is not aboard {ship.id}")
        state = state.with_ship(replace(ship, cargo=remove_cards(ship.cargo, (e.cargo,), f"{ship.id}'s hold")))
    if e.dest == "cargo_spent":
        return replace(state, cargo_spent=(*state.cargo_spent, e.cargo))
    taker = state.ship(e.dest)
    if taker.destroyed or taker.id == e.source:
        raise ValueError(f"{taker.id} cannot take cargo aboard")
    return state.with_ship(replace(taker, cargo=(*taker.cargo, e.cargo)))


def extra_action(state: FcState, e: fe.ExtraAction) -> FcState:
    side = state.side(e.side)
    if e.ship is None:
        return state.with_side(e.side, replace(side, extra_actions=side.extra_actions + 1))
    ship = state.ship(e.ship)
    if ship.side != e.side or e.side != state.active or not ship.acted or ship.destroyed:
        raise ValueError(f"{ship.id} has taken no action to take a second one after")
    return state.with_ship(replace(ship, acted=False))


def mission_progress(state: FcState, e: fe.MissionProgress) -> FcState:
    ship = state.ship(e.ship)
    if ship.card.mission != e.mission or ship.mission_done or ship.destroyed:
        raise ValueError(f"{e.mission!r} is not {ship.id}'s own mission to work on")
    if state.where(ship) != e.location or e.location in ship.progress:
        raise ValueError(f"{ship.id} makes no new step of {e.mission} at {e.location}")
    return state.with_ship(replace(ship, progress=(*ship.progress, e.location)))


def mission_reset(state: FcState, e: fe.MissionReset) -> FcState:
    ship = state.ship(e.ship)
    if ship.card.mission != e.mission or not ship.progress or ship.location != f"cp{ship.side}":
        raise ValueError(f"{ship.id} has no steps of {e.mission} to lose here")
    return state.with_ship(replace(ship, progress=()))


def mission_completed(state: FcState, e: fe.MissionCompleted) -> FcState:
    side = state.side(e.side)
    own = SHIP_MISSIONS.get(e.card)
    if own is not None:
        ship = state.ship(e.ships[0]) if len(e.ships) == 1 else None
        if ship is None or ship.side != e.side or ship.card.mission != e.card or ship.mission_done \
                or len(ship.progress) < own.count:
            raise ValueError(f"{e.card} is not completed by {', '.join(e.ships)}")
        state = state.with_ship(replace(ship, mission_done=True))
        return state.with_side(e.side, replace(side, vp=side.vp + own.vp))
    missions = remove_cards(side.missions, (e.card,), "the face-up missions")
    return state.with_side(e.side, replace(side, missions=missions, completed=(*side.completed, e.card),
                                           vp=side.vp + MISSIONS[e.card].vp))

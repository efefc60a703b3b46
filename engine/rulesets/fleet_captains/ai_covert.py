"""The AI's worth of the covert actions: searching for cloaked ships, sensor echoes and the
transporter (summary, 1, 6 b, 7), each with its reason in numbers.

A seat knows what the table shows: how many enemy ships are cloaked (their cloak tokens lie face
up on their cards) and how many tokens lie where, not which token is a ship.
"""

from __future__ import annotations

from engine.rulesets.fleet_captains.content import CARGO, COMMAND_CARDS, MISSIONS, System
from engine.rulesets.fleet_captains.options import (
    BEAM_CREW,
    BEAM_DISCARD,
    BEAM_GIVE_CARGO,
    BEAM_RESCUE,
    BEAM_TAKE_CARGO,
)
from engine.rulesets.fleet_captains.players import Act
from engine.rulesets.fleet_captains.rules import (
    distances,
    enemies_at,
    expected_damage,
    other,
    p_opposed,
    p_success,
    rating,
)
from engine.rulesets.fleet_captains.state import FcState, ShipState, adjacent

Scored = tuple[float, str]
SEARCH_TARGET = 15


def hand_bonus(state: FcState, side: int, system: str) -> int:
    """The best modifier card in the hand for a test of ``system`` (no requirement)."""
    kind = "combat" if system in ("weapons", "shields") else "ops"
    return max((COMMAND_CARDS[c].amount for c in state.side(side).hand
                if COMMAND_CARDS[c].kind == kind and COMMAND_CARDS[c].effect == "modifier"
                and COMMAND_CARDS[c].system == system and COMMAND_CARDS[c].requires is None), default=0)


SEARCHER_SENSORS = 10  # a ship whose best sensors reach this goes looking for cloak tokens


def tokens_near(state: FcState, ship: ShipState, steps: int = 2) -> frozenset[str]:
    """Where enemy cloak tokens lie within ``steps`` of a ship that has the sensors to search them
    (empty for any other ship)."""
    if ship.cloaked or ship.location is None or max((d.sensors or 0) for d in ship.card.dial[ship.alert]) \
            < SEARCHER_SENSORS:
        return frozenset()
    found = distances(ship.location, ship.side)
    return frozenset(t.location for t in state.tokens if t.side != ship.side and found.get(t.location, 99) <= steps)


def p_ship(state: FcState, side: int) -> float:
    """The chance that an enemy cloak token is a ship, as the table shows it: their cloaked ships
    over all their tokens."""
    enemy = other(side)
    tokens = sum(1 for t in state.tokens if t.side == enemy)
    cloaked = sum(1 for s in state.fleet(enemy) if s.cloaked)
    return cloaked / tokens if tokens else 0.0


def search(state: FcState, side: int, act: Act) -> Scored:
    """A search's worth: P(a sensors total of 15) times what a reveal gains: a ship must de-cloak
    (more when it lurks among our ships, most when a ready ship of ours could then attack it),
    an echo is discarded (their cover thinner). Each extra ship of a cooperative search costs."""
    token = next(t for t in state.tokens if t.id == act.target)
    searchers = [state.ship(s) for s in act.ships]
    p = p_success(sum(rating(s, "sensors") or 0 for s in searchers) + hand_bonus(state, side, "sensors"),
                  SEARCH_TARGET)
    real = p_ship(state, side)
    ours = {s.location for s in state.fleet(side) if not s.cloaked}
    lurking = token.location in ours or any(a in ours for a in adjacent(token.location))
    strikers = [s for s in state.fleet(side) if not s.acted and not s.cloaked and s.id not in act.ships
                and s.location == token.location and (rating(s, "weapons") or 0) > 0]
    ship_worth = 4.0 + (2.5 if lurking else 0.0) + (3.0 if strikers else 0.0)
    score = p * (real * ship_worth + (1 - real) * 1.5) - 1.5 * (len(act.ships) - 1)
    why = f"P(reveal) {p:.2f}; {real:.0%} of their tokens are ships"
    if strikers:
        why += f", {strikers[0].id} ready to attack it"
    elif lurking:
        why += ", it lurks by our ships"
    return score, why


def hide(state: FcState, ship: ShipState) -> Scored:
    """Cloaking where it stands: worth it when an enemy ship here or next door would do more damage
    to it (expected, its next turn) than it could do back; a cloaked ship cannot be attacked."""
    here = ship.location or ""
    threats = [s for s in state.fleet(other(ship.side)) if not s.cloaked and s.location in (here, *adjacent(here))
               and (rating(s, "weapons") or 0) > 0]
    if not threats:
        return -1.0, "no need to cloak"
    shields = rating(ship, "shields") or 0
    worst = max(threats, key=lambda s: expected_damage(rating(s, "weapons") or 0, shields))
    danger = expected_damage(rating(worst, "weapons") or 0, shields)
    back = max(expected_damage(rating(ship, "weapons") or 0, rating(s, "shields") or 0) for s in threats)
    if danger < 1.0 or back >= danger:
        return -1.0, f"no need to cloak: {worst.id}'s expected damage {danger:.2f}, ours {back:.2f}"
    return 3.0 + danger, f"cloaked out of reach of {worst.id} (expected damage {danger:.2f} on it, ours {back:.2f})"


def echo(state: FcState, ship: ShipState) -> Scored:
    """An echo's worth: the more enemy ships able to search the token (sensors 1+, here or next
    door), the more an echo dilutes their odds; a first echo is a decoy that stays on the board
    after the ship de-cloaks; a third or fourth adds little."""
    here = state.where(ship) or ""
    near = {here, *adjacent(here)}
    searchers = [s for s in state.fleet(other(ship.side)) if not s.cloaked and s.location in near
                 and (s.rating("sensors") or 0) >= 1]
    tokens = sum(1 for t in state.tokens if t.side == ship.side and t.location == here)
    if searchers:
        return 3.0 / tokens, f"{len(searchers)} enemy ship(s) could search here: an echo among {tokens} token(s)"
    if tokens == 1:  # echoes stay on the board after the ship de-cloaks: a decoy for their searches
        return 2.0, "a first echo: a decoy for their searches, left behind when it de-cloaks"
    return 0.2, f"{tokens} tokens here already"


def beam(state: FcState, side: int, ship: ShipState, act: Act) -> Scored:
    """A beam's worth: P(sensors beat shields) times what it takes or gives: a crew member taken
    prisoner is worth more the more it adds to their ship (and most for a prisoner mission)."""
    target = state.ship(act.target)
    p = p_opposed(rating(ship, "sensors") or 0, rating(target, "shields") or 0)
    prisoner_mission = any(MISSIONS[m].goal == "prisoner" for m in state.side(side).missions)
    if act.value == BEAM_CREW:
        card = COMMAND_CARDS[act.place]
        worth = 2.5 + 1.5 * card.amount + (5.0 if prisoner_mission else 0.0)
        what = f"{card.name} (+{card.amount} {card.system}) taken prisoner" + \
            (" for the mission" if prisoner_mission else "")
    elif act.value == BEAM_DISCARD:
        worth, what = 2.0 + 1.0 * bool(target.crew), "a crew member or card of theirs discarded"
    elif act.value == BEAM_RESCUE:
        worth, what = 3.0, "our crew member freed"
    elif act.value in (BEAM_TAKE_CARGO, BEAM_GIVE_CARGO):
        kind = CARGO[act.place].kind
        wanted = any(MISSIONS[m].cargo == kind for m in state.side(side).missions)
        taking = act.value == BEAM_TAKE_CARGO
        if (kind == "unstable") == taking:
            return -1.0, f"{'taking' if taking else 'giving'} the {kind} cargo helps no one"
        worth = 2.0 + (2.0 if wanted and taking else 0.0) + (1.0 if not taking else 0.0)
        what = f"{'their' if taking else 'our'} {CARGO[act.place].name}"
    else:
        return -1.0, ""
    return worth * p, f"P(beam) {p:.2f} for {what}"


def transfer(state: FcState, side: int, ship: ShipState, act: Act) -> Scored:
    """A transfer's worth: cargo a mission delivers handed to the mate with the better odds for its
    test; an unstable cargo off a ship in an enemy's reach; a crew member to the mate that tests
    its system for a mission while the giver does not."""
    card, mate_id = act.target.split(">")
    mate = state.ship(mate_id)
    if card in CARGO:
        kind = CARGO[card].kind
        if kind == "unstable":
            threatened = bool(enemies_at(state, ship.location or "", side))
            calm = not enemies_at(state, mate.location or "", side)
            return (2.0, f"the unstable {CARGO[card].name} off {ship.id} under fire") if threatened and calm \
                else (-1.0, "no need to move the unstable cargo")
        mission = next((MISSIONS[m] for m in state.side(side).missions if MISSIONS[m].cargo == kind), None)
        if mission is None or mission.system is None:
            return -1.0, "no mission wants the cargo"
        mine, theirs = _odds(state, ship, mission.system, mission.target), _odds(state, mate, mission.system,
                                                                                  mission.target)
        if theirs < max(0.34, mine + 0.15):
            return -1.0, f"{ship.id} delivers its {kind} as well as {mate.id} would"
        return 2.0 + 6.0 * (theirs - mine), f"the {kind} to {mate.id}: P(delivery) {theirs:.2f}, not {mine:.2f}, " \
                                             f"for {mission.name}"
    crew = COMMAND_CARDS[card]
    tests = [MISSIONS[m] for m in state.side(side).missions if MISSIONS[m].goal == "test"
             and MISSIONS[m].system == crew.system]
    if tests and crew.system is not None and (mate.rating(crew.system) or 0) > (ship.rating(crew.system) or 0) + 1:
        return 1.5, f"{crew.name} (+{crew.amount} {crew.system}) to {mate.id}, the better {crew.system} for " \
                    f"{tests[0].name}"
    return -1.0, "no transfer worth an action"


def _odds(state: FcState, ship: ShipState, system: System, target: int) -> float:
    value = rating(ship, system)
    return 0.0 if value is None else p_success(value + hand_bonus(state, ship.side, system), target)

"""The engine's AI seat: it scores every option of an offer and gives its reason in numbers.

A ship heads for the nearest place its first useful goal names: a repair spot when damaged, a
place where a face-up test mission is likely to succeed, an enemy ship to fight (a warship), a
planet to influence, or a face-down tile to explore. Actions are weighed by their odds (exact
over the d6s) and the VP at stake; the turn ends when nothing scores above zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from engine.rulesets.fleet_captains import ai_covert as covert
from engine.rulesets.fleet_captains.ai_covert import hand_bonus
from engine.rulesets.fleet_captains.content import (
    CARGO,
    COMMAND_CARDS,
    ENCOUNTERS,
    MISSIONS,
    SHIP_CLASSES,
    SHIP_MISSIONS,
    Mission,
    ShipMission,
)
from engine.rulesets.fleet_captains.players import Act, Offer
from engine.rulesets.fleet_captains.rules import (
    distances,
    enemies_at,
    expected_damage,
    mission_place,
    other,
    p_success,
    rating,
    repair_spot,
)
from engine.rulesets.fleet_captains.state import FcState, ShipState, adjacent

Scored = tuple[float, str]


class FleetAi:
    """A greedy seat for either side."""

    def choose(self, state: FcState, offer: Offer) -> tuple[int, str]:
        scored = [self.score(state, offer, act) for act in offer.options]
        best = max(range(len(scored)), key=lambda i: scored[i][0])  # the first of equals: deterministic
        return best, scored[best][1]

    def score(self, state: FcState, offer: Offer, act: Act) -> Scored:
        kind = offer.kind
        if kind == "subdecks":
            return act.value, f"subdecks for the fleet's missions ({offer.note})"
        if kind == "first_player":
            return (1.0 if act.value == offer.side else 0.0), "the first player reaches the VP target first"
        if kind == "mission_deck":
            return 0.0, "the first deck with cards"
        if kind == "step":
            return _step(state, offer, act)
        if kind == "echo_step":
            return _echo_step(state, offer, act)
        if kind in ("test_card", "combat_card", "crew_ability"):
            return _card(act)
        if kind == "free_attack":
            if act.kind == "no_attack":
                return 0.0, "no attack"
            e = expected_damage(rating(state.ship(act.ships[0]), "weapons") or 0,
                                rating(state.ship(act.target), "shields") or 0)
            return e, f"a free shot: expected damage {e:.2f}"
        if kind == "encounter_ships":
            card = ENCOUNTERS.get(offer.note, None)
            return (len(act.ships), "all the ships meet it together") if card is None else (0.0, "")
        if kind == "decloak":
            s = state.ship(act.ships[0])
            return float(s.card.dial[s.alert][act.value].shields or 0), "the best shields"
        if kind == "forced_discard":
            return (1.0 if act.kind == "lose_card" else 0.0), "a card from the hand rather than a crew member"
        if kind == "redraft":
            short = state.side(offer.side).fleet_size - act.value
            if act.kind == "redraft":
                return (1.0 if short >= 2 else -1.0), f"the fleet is {short} short of the fleet size"
            return 0.0, f"a fleet {short} short is close enough"
        if kind == "gather":
            return _gather(state, offer, act)
        if kind == "cargo_ship":
            return -float(len(state.ship(act.ships[0]).cargo)), "the emptiest hold"
        return _turn(state, offer.side, act)


def _gather(state: FcState, offer: Offer, act: Act) -> Scored:
    """After a reveal: an echo joins the revealed ship (two tokens to search there, a cover for its
    next cloak); a cloaked ship's token keeps its own course."""
    if act.kind == "stop":
        return 0.0, "the other tokens keep their courses"
    token = next(t for t in state.tokens if t.id == act.target)
    if token.ship is None:
        return 0.5, f"echo {token.id} covers the revealed {offer.note}"
    return -1.0, f"{token.ship} keeps its own course"


def _card(act: Act) -> Scored:
    if act.kind == "card":
        return float(act.value), f"+{act.value} on the test"
    if act.kind == "hinder":
        return float(act.value), f"-{act.value} on the opponent's test"
    if act.kind == "crew_ability":
        return act.value - 2.5, f"+{act.value}, losing the crew member"
    if act.kind == "no_crew":
        return 0.0, "no crew member worth losing"
    return 0.0, "no card worth playing"


# --- goals and movement -----------------------------------------------------------------------------

def goals(state: FcState, ship: ShipState) -> tuple[frozenset[str], str]:
    """The places the ship heads for, and why."""
    side = ship.side
    if ship.alert > 0:
        spots = frozenset(p.id for p in state.locations if repair_spot(state, side, p.id))
        return spots, "damaged: to a repair spot"
    own = SHIP_MISSIONS.get(ship.card.mission or "")
    if own is not None and not ship.mission_done:
        if own.goal == "explore":
            unexplored = frozenset(p.id for p in state.locations if not p.explored)
            if unexplored:
                return _worth_exploring(state, side, unexplored), f"exploring for its own mission {own.name}"
        elif _best(ship, own) >= 0.34:
            places = frozenset(p.id for p in state.locations if p.id not in ship.progress
                               and mission_place(state, own, p, side))
            if places:
                return places, f"for its own mission {own.name}"
    for mission in _missions(state, side):
        if mission.cargo is not None and any(CARGO[c].kind == mission.cargo for c in ship.cargo):
            places = frozenset(p.id for p in state.locations if mission_place(state, mission, p, side))
            if places:
                return places, f"delivering its {mission.cargo} for {mission.name}"
    for mission in _missions(state, side):
        if mission.goal == "test" and mission.system is not None and _best(ship, mission) >= 0.34:
            places = frozenset(p.id for p in state.locations if mission_place(state, mission, p, side))
            if places:
                return places, f"for the mission {mission.name}"
    lurking = covert.tokens_near(state, ship)
    if lurking:  # a ship with the sensors for a search closes on the enemy's cloak tokens nearby
        return lurking, "searching for a cloaked ship"
    if (ship.card.dial[0][1].weapons or 0) >= 9:
        targets = frozenset(s.location for s in state.fleet(other(side)) if not s.cloaked and s.location
                            and state.location(s.location).post_of is None)
        if targets:
            return targets, "hunting enemy ships"
    planets = frozenset(p.id for p in state.locations if p.planet and p.explored and p.influence_side in (None, side)
                        and (p.installation != "starbase") and not enemies_at(state, p.id, side))
    unexplored = frozenset(p.id for p in state.locations if not p.explored)
    if unexplored and (ship.id[-1] in "13579" or not planets):
        return _worth_exploring(state, side, unexplored), "exploring"
    return planets or unexplored, "to spread influence"


def _worth_exploring(state: FcState, side: int, unexplored: frozenset[str]) -> frozenset[str]:
    """Face-down tiles to head for, using what the side's scans showed: a scanned planet first;
    never a scanned tile without a planet that costs 2 or more to cross, while others are left."""
    scanned = [p for p in state.locations if p.id in unexplored and side in p.scanned_by]
    planets = frozenset(p.id for p in scanned if p.planet)
    if planets:
        return planets
    poor = frozenset(p.id for p in scanned if p.size >= 2)
    return (unexplored - poor) or unexplored


def _scan_note(state: FcState, side: int, loc: str) -> tuple[float, str]:
    """What the side's scan of a face-down tile says of stepping into it (0: nothing known)."""
    place = state.location(loc)
    if place.explored or side not in place.scanned_by:
        return 0.0, ""
    if place.planet:
        return 0.2, f"; scanned: a planet at {loc}"
    return (-0.3, f"; scanned: {loc} costs {place.size} to cross") if place.size >= 2 else (0.0, "")


def _best(ship: ShipState, mission: Mission | ShipMission) -> float:
    assert mission.system is not None
    best = max((s.rating(mission.system) or -99) for s in ship.card.dial[ship.alert] if not s.cloak)
    return p_success(best + 2, mission.target)


def _missions(state: FcState, side: int) -> Iterable[Mission]:
    return (MISSIONS[m] for m in state.side(side).missions)


def _distance(state: FcState, start: str, side: int, places: frozenset[str]) -> int:
    found = distances(start, side)
    return min((found[p] for p in places if p in found), default=99)


def _step(state: FcState, offer: Offer, act: Act) -> Scored:
    ship = state.ship(act.ships[0])
    places, why = goals(state, ship)
    here = offer.note
    now = _distance(state, here, offer.side, places)
    if act.kind == "stop":
        return 0.0, f"stops: {why}"
    then = _distance(state, act.target, offer.side, places)
    bonus, note = _scan_note(state, offer.side, act.target)
    return float(now - then) - 0.01 + bonus, f"{why} ({then} step{'' if then == 1 else 's'} to go{note})"


def _enemy_places(state: FcState, side: int) -> frozenset[str]:
    return frozenset(s.location for s in state.fleet(other(side)) if not s.cloaked and s.location
                     and state.location(s.location).post_of is None)


def _echo_step(state: FcState, offer: Offer, act: Act) -> Scored:
    """A sensor echo closes on the enemy, to draw their searches."""
    places = _enemy_places(state, offer.side)
    now = _distance(state, offer.note, offer.side, places)
    if act.kind == "stop":
        return (0.0 if now > 1 else 0.5), "the echo waits"
    then = _distance(state, act.target, offer.side, places)
    return float(now - then) - 0.01, f"the echo closes on the enemy ({then} steps)"


# --- a turn's options -------------------------------------------------------------------------------

def _turn(state: FcState, side: int, act: Act) -> Scored:
    kind = act.kind
    if kind == "end":
        return 0.0, "nothing left worth doing"
    ship = state.ship(act.ships[0]) if act.ships and kind not in ("play",) else None
    if kind == "move" and ship is not None:
        if len(act.ships) > 1:
            return _task_force(state, side, act)
        here = state.where(ship)
        places, why = goals(state, ship)
        if here is None or here in places:
            return 0.0, f"already there: {why}"
        return 4.0, why
    if kind == "power" and ship is not None:
        return _power(state, ship, act)
    if kind == "test":
        mission = MISSIONS[act.target]
        assert mission.system is not None
        total = sum(rating(state.ship(s), mission.system) or 0 for s in act.ships)
        p = p_success(total + hand_bonus(state, side, mission.system), mission.target)
        score = 10 * p * mission.vp - 1.5 * (len(act.ships) - 1)
        return (score if p >= 0.34 else -1.0), f"P(success) {p:.2f} for {mission.vp} VP ({mission.name})"
    if kind == "ship_test" and ship is not None:
        own = SHIP_MISSIONS[act.target]
        assert own.system is not None
        p = p_success((rating(ship, own.system) or 0) + hand_bonus(state, side, own.system), own.target)
        score = 10 * p * own.vp / (own.count - len(ship.progress))
        return (score if p >= 0.34 else -1.0), f"P(success) {p:.2f}: step {len(ship.progress) + 1} of " \
                                               f"{own.count} of {own.name} ({own.vp} VP)"
    if kind == "beam" and ship is not None:
        return covert.beam(state, side, ship, act)
    if kind == "transfer" and ship is not None:
        return covert.transfer(state, side, ship, act)
    if kind == "attack":
        target = state.ship(act.target)
        weapons = sum(rating(state.ship(s), "weapons") or 0 for s in act.ships)
        e = expected_damage(weapons, rating(target, "shields") or 0)
        missions = any(m.goal in ("destroy", "damage") for m in _missions(state, side))
        score = 6 * e + (2 if missions else 0) - 1.5 * (len(act.ships) - 1)
        return (score if e >= 0.4 else -1.0), f"expected damage {e:.2f} on {target.id}"
    if kind == "build":
        return (10.0 if act.target == "starbase" else 8.0), f"a {act.target}"
    if kind == "influence":
        place = state.location(act.target)
        if act.value < 0:  # worth it against a build to come or an installation, not as a tug of war
            if place.installation is not None or place.influence >= 2:
                return 5.0, f"weakens the enemy's hold on {place.id} ({place.influence} influence)"
            return 0.5, f"a lone enemy token at {place.id}"
        return (5.0 if place.influence < 3 else 0.5), f"influence {place.influence + 1} at {place.id}"
    if kind == "reinforce":
        return 7.0 * SHIP_CLASSES[act.target].size, "a bigger fleet"
    if kind == "repair" and ship is not None:
        return 9.0 + act.value, f"alert status back up from {ship.alert}"
    if kind == "cloak" and ship is not None:
        places, why = goals(state, ship)
        here = ship.location or ""
        far = _distance(state, here, side, places) >= 2
        threat = _distance(state, here, side, _enemy_places(state, side)) <= 2
        if far and (ship.alert > 0 or threat):
            return 3.5, f"cloaked on the way ({why}), the enemy close"
        if far and "hunting" in why:  # no breakaway or evasion on the way, unseen until it strikes
            return 3.0, f"a cloaked approach ({why})"
        return covert.hide(state, ship)
    if kind == "echo" and ship is not None:  # a cloaked ship can take no other action
        return covert.echo(state, ship)
    if kind == "move_echo":  # only when a step brings it closer to the enemy (its steps: _echo_step)
        here = next(t.location for t in state.tokens if t.id == act.target)
        places = _enemy_places(state, side)
        now = _distance(state, here, side, places)
        if now <= 1 or all(_distance(state, a, side, places) >= now for a in adjacent(here)):
            return -1.0, "the echo is as close to the enemy as it gets"
        return 0.8, "an echo on the move draws the enemy's scans"
    if kind == "search":
        return covert.search(state, side, act)
    if kind == "scan" and ship is not None:
        places, why = goals(state, ship)
        ahead = _distance(state, act.target, side, places) < _distance(state, ship.location or "", side, places)
        if ahead and "explor" in why:
            return 1.5, f"scan {act.target} on the way ({why}): its size and planet before entering"
        return 0.3, f"a look at {act.target}"
    if kind == "play":
        return _play(state, side, act)
    if kind == "crew" and ship is not None:
        card = COMMAND_CARDS[act.target]
        taken = any(COMMAND_CARDS[c].crew == card.crew for c in ship.crew)
        return (-1.0 if taken else 3.0), f"a {card.crew} aboard {ship.id}"
    if kind == "cycle":
        return _cycle(state, side, MISSIONS[act.target])
    return -1.0, "not worth it"


def _cycle(state: FcState, side: int, mission: Mission) -> Scored:
    """Cycle a face-up mission the fleet cannot complete as things stand."""
    fleet = state.fleet(side)
    if mission.cargo is not None and not any(CARGO[c].kind == mission.cargo for s in fleet for c in s.cargo):
        return 2.0, f"{mission.name}: no {mission.cargo} aboard"
    if mission.goal == "prisoner" and not any(s.crew for s in state.fleet(other(side))):
        return 2.0, f"{mission.name}: no enemy crew to take"
    if mission.goal == "test" and mission.system is not None and mission.cargo is None \
            and not any(_best(s, mission) >= 0.34 for s in fleet):
        return 1.5, f"{mission.name}: no ship is likely to pass its test"
    if mission.goal in ("build", "influence") and mission.target == 3:
        return 1.5, f"{mission.name} is far off"
    return -1.0, f"{mission.name} is within reach"


def _task_force(state: FcState, side: int, act: Act) -> Scored:
    """Ships that start together move as a task force when they head for the same places and no
    ship is slowed short of them: one breakaway or evasion roll with all their sizes, and they
    arrive together for a combined attack or a cooperative test."""
    ships = [state.ship(i) for i in act.ships]
    here = state.where(ships[0])
    places, why = goals(state, ships[0])
    if here is None or here in places or any(goals(state, s)[0] != places for s in ships[1:]):
        return -1.0, "the ships head different ways"
    engines = [s.rating("engines") or 0 for s in ships]
    if min(engines) < max(engines) and _distance(state, here, side, places) > min(engines):
        return -1.0, f"a task force would crawl at engines {min(engines)}"
    names = "+".join(act.ships)
    enemies = enemies_at(state, here, side)
    if enemies:
        mine, theirs = sum(s.card.size for s in ships), sum(s.card.size for s in enemies)
        return 5.0 + 0.1 * len(ships), f"task force {names} breaks away together: sizes {mine} against {theirs} " \
                                       f"({why})"
    if "hunting" in why or "mission" in why:
        return 4.5 + 0.1 * len(ships), f"task force {names}: arriving together for a combined action ({why})"
    return -1.0, "no need to move together"


def _power(state: FcState, ship: ShipState, act: Act) -> Scored:
    setting = ship.card.dial[ship.alert][act.value]
    here = state.where(ship)
    if ship.cloaked:
        places, why = goals(state, ship)
        hidden, danger = covert.hide(state, replace(ship, cloaked=False, location=here))
        if hidden > 0:  # the danger that made it cloak is still there
            return -1.0, f"stays cloaked: {danger}"
        return (5.0 if here in places else -1.0), f"de-cloaks: arrived ({why})"
    if not ship.moved or ship.acted or here is None:
        return -1.0, "keeps its engines for the move"
    if enemies_at(state, here, ship.side) or any(enemies_at(state, a, ship.side) for a in adjacent(here)):
        gain = (setting.weapons or 0) - (ship.dial.weapons or 0)
        return (gain - 0.5, "tactical: enemies near") if setting.label == "tactical" else (-1.0, "")
    if any(m.system == "sensors" and mission_place(state, m, state.location(here), ship.side)
           for m in _missions(state, ship.side)) or covert.tokens_near(state, ship, 1):
        gain = (setting.sensors or 0) - (ship.dial.sensors or 0)
        return gain - 0.5, "more sensors for the mission or the search here"
    return -1.0, "the dial is fine"


def _play(state: FcState, side: int, act: Act) -> Scored:
    card = COMMAND_CARDS[act.target]
    if card.effect == "repair":
        return 7.0, f"{card.name}: an alert status back"
    if card.effect == "influence":
        return 4.0, f"{card.name}: influence at {act.place}"
    ready = [s for s in state.fleet(side) if not s.acted and not s.cloaked]
    left = 3 + state.side(side).extra_actions - state.side(side).actions
    if card.effect == "extra_action":
        return (2.0 if len(ready) > left else -1.0), f"{len(ready)} ships ready for {left} actions"
    if card.effect == "second_action":
        ship = state.ship(act.ships[0])
        useful = ship.location is not None and (enemies_at(state, ship.location, side) or (repair_spot(
            state, side, ship.location) and ship.alert > 0))
        return (2.0 if useful and left > len(ready) else -1.0), \
            f"{ship.id} acts again: {left} actions for {len(ready)} ready ships"
    return -1.0, ""

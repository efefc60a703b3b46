"""The legal options of a turn (summary, "Playing the Game"): move each ship (or a task force),
one power adjustment per ship, command cards, discard and draw one, cycle a mission, three
actions (one per ship), and ending the turn."""

from __future__ import annotations

from itertools import combinations

from engine.rulesets.fleet_captains.content import (
    CARGO,
    COMMAND_CARDS,
    INSTALLATIONS,
    MISSIONS,
    SHIP_CLASSES,
    SHIP_MISSIONS,
    TILES,
)
from engine.rulesets.fleet_captains.players import Act
from engine.rulesets.fleet_captains.rules import enemies_at, fleet_total, mission_place, other, rating, repair_spot
from engine.rulesets.fleet_captains.state import FcState, ShipState, adjacent

END = Act("end", label="end the turn")
GROUP_LIMIT = 8  # ships of one side at one place considered for groupings (255 groups at most)


def groups(ids: list[str], most: int) -> list[tuple[str, ...]]:
    """Every group of 1 to ``most`` of the ships (a combined attack or cooperative test: summary,
    2 and 8, any ships of the location, each spending an action), singles first."""
    ids = ids[:GROUP_LIMIT]
    return [g for n in range(1, min(most, len(ids)) + 1) for g in combinations(ids, n)]


def turn_options(state: FcState, side: int) -> tuple[Act, ...]:
    out: list[Act] = [*moves(state, side), *powers(state, side), *cards(state, side)]
    me = state.side(side)
    if not me.discarded:
        out += [Act("discard", target=c, label=f"discard {COMMAND_CARDS[c].name} and draw")
                for c in dict.fromkeys(me.hand)]
    if not me.cycled:
        out += [Act("cycle", target=m, label=f"cycle the mission {MISSIONS[m].name} ({m})") for m in me.missions]
    if me.actions < 3 + me.extra_actions:
        out += actions(state, side, 3 + me.extra_actions - me.actions)
    out.append(END)
    return tuple(out)


def moves(state: FcState, side: int) -> list[Act]:
    """Each ship that has not moved, and each group of two or more that start together (a task force)."""
    ready = [s for s in state.fleet(side) if not s.moved and (s.rating("engines") or 0) >= 1]
    out = [Act("move", (s.id,), label=f"move {s.id}") for s in ready]
    by_place: dict[str, list[str]] = {}
    for s in ready:
        if not s.cloaked and s.location is not None:
            by_place.setdefault(s.location, []).append(s.id)
    for ids in by_place.values():
        if len(ids) > 1:
            out.append(Act("move", tuple(ids), label=f"move task force {'+'.join(ids)}"))
    if any(s.cloaked for s in state.fleet(side)):
        moved = state.side(side).echoes_moved
        out += [Act("move_echo", target=t.id, label=f"move sensor echo {t.id}") for t in state.tokens
                if t.side == side and t.ship is None and t.id not in moved]
    return out


def powers(state: FcState, side: int) -> list[Act]:
    out = []
    for s in state.fleet(side):
        if s.adjusted:
            continue
        for i, setting in enumerate(s.card.dial[s.alert]):
            if i != s.setting and not setting.cloak:
                verb = "de-cloak" if s.cloaked else "power"
                out.append(Act("power", (s.id,), value=i, label=f"{verb} {s.id} to {setting.label}"))
    return out


def cards(state: FcState, side: int) -> list[Act]:
    """Ops cards played on their own and crew cards to assign (play 1, draw 1)."""
    out: list[Act] = []
    for card_id in dict.fromkeys(state.side(side).hand):
        card = COMMAND_CARDS[card_id]
        if card.kind == "crew":
            for s in state.fleet(side):
                if not s.cloaked:
                    out.append(Act("crew", (s.id,), target=card_id, label=f"assign {card.name} to {s.id}"))
        elif card.effect == "extra_action":
            out.append(Act("play", target=card_id, label=f"play {card.name}: one more action"))
        elif card.effect == "second_action":
            for s in state.fleet(side):
                if s.acted and not s.cloaked:
                    out.append(Act("play", (s.id,), target=card_id, label=f"play {card.name}: {s.id} acts again"))
        elif card.effect == "repair":
            for s in state.fleet(side):
                if s.alert > 0 and not s.cloaked and s.location and not enemies_at(state, s.location, side):
                    out.append(Act("play", (s.id,), target=card_id, label=f"play {card.name} on {s.id}"))
        elif card.effect == "influence":
            for loc in influence_places(state, side):
                out.append(Act("play", target=card_id, place=loc, label=f"play {card.name} at {loc}"))
    return out


def influence_places(state: FcState, side: int) -> list[str]:
    """Explored planets with an uncloaked ship of the side, no uncloaked enemy, no enemy influence."""
    out = []
    for place in state.locations:
        if place.planet and place.explored and place.influence_side in (None, side) \
                and any(s.location == place.id and not s.cloaked for s in state.fleet(side)) \
                and not enemies_at(state, place.id, side):
            out.append(place.id)
    return out


def actions(state: FcState, side: int, left: int) -> list[Act]:
    out: list[Act] = []
    ready = [s for s in state.fleet(side) if not s.acted]
    for s in ready:
        out += _ship_actions(state, side, s)
    out += _attacks(state, side, ready, left)
    out += _searches(state, side, ready, left)
    out += _tests(state, side, ready, left)
    room = state.side(side).fleet_size - fleet_total(state, side)
    for card in dict.fromkeys(state.side(side).reinforcements):
        if SHIP_CLASSES[card].size <= room:
            out.append(Act("reinforce", target=card, label=f"reinforce with a {SHIP_CLASSES[card].name}"))
    return out


def _ship_actions(state: FcState, side: int, s: ShipState) -> list[Act]:
    if s.cloaked:
        return [Act("echo", (s.id,), label=f"{s.id} deploys a sensor echo")]
    out = []
    here = s.location
    assert here is not None
    cloak = next((i for i, x in enumerate(s.card.dial[s.alert]) if x.cloak), None)
    if cloak is not None:
        out.append(Act("cloak", (s.id,), value=cloak, label=f"{s.id} cloaks"))
    place = state.location(here)
    enemy_here = bool(enemies_at(state, here, side))
    if place.planet and place.explored and not enemy_here:
        if place.influence_side in (None, side):
            out.append(Act("influence", (s.id,), target=here, value=1, label=f"{s.id} exerts influence at {here}"))
        for kind, needed, required in INSTALLATIONS:
            if place.influence_side == side and place.influence >= needed and place.installation == required \
                    and (required is None or place.installation_side == side):
                out.append(Act("build", (s.id,), target=kind, label=f"{s.id} builds a {kind} at {here}"))
    if place.planet and place.influence_side == other(side) and not enemy_here:
        out.append(Act("influence", (s.id,), target=here, value=-1, label=f"{s.id} removes enemy influence at {here}"))
    if s.alert > 0 and repair_spot(state, side, here):
        out.append(Act("repair", (s.id,), value=1, label=f"{s.id} repairs at {here}"))
        twice = place.post_of == side or (place.installation == "starbase" and place.installation_side == side)
        if twice and s.alert == 2 and not s.moved:
            out.append(Act("repair", (s.id,), value=2, label=f"{s.id} repairs twice at {here}, spending its move"))
    if (s.rating("sensors") or 0) >= 1:
        for loc in adjacent(here):
            near = state.location(loc)
            if not near.explored and side not in near.scanned_by:
                out.append(Act("scan", (s.id,), target=loc, label=f"{s.id} scans {loc}"))
    out += _transporter(state, side, s, here)
    own = SHIP_MISSIONS.get(s.card.mission or "")
    if own is not None and own.goal == "test" and own.system is not None and not s.mission_done \
            and here not in s.progress and rating(s, own.system) is not None \
            and mission_place(state, own, place, side):
        out.append(Act("ship_test", (s.id,), target=own.id,
                       label=f"{s.id} tests {own.system} for its own mission {own.name} at {here}"))
    return out


BEAM_CREW, BEAM_DISCARD, BEAM_TAKE_CARGO, BEAM_RESCUE, BEAM_GIVE_CARGO = range(5)


def _transporter(state: FcState, side: int, s: ShipState, here: str) -> list[Act]:
    """Transporter actions (summary, 7): crew or cargo to a friendly ship here (automatic); with
    active sensors, a beam to an enemy ship here (sensors against shields) to take one crew member
    (a prisoner), cargo or prisoner, to make its side discard a crew member or a card, or to give
    it a cargo. Only a ship with active (not Disabled) sensors transports, to friend or foe."""
    out: list[Act] = []
    if s.rating("sensors") is None:
        return out
    for mate in state.fleet(side):
        if mate.id != s.id and not mate.cloaked and mate.location == here:
            for card in s.crew:
                if all(COMMAND_CARDS[c].crew != COMMAND_CARDS[card].crew for c in mate.crew):
                    out.append(Act("transfer", (s.id,), target=f"{card}>{mate.id}",
                                   label=f"{s.id} transfers {COMMAND_CARDS[card].name} to {mate.id}"))
            for cargo in dict.fromkeys(s.cargo):
                out.append(Act("transfer", (s.id,), target=f"{cargo}>{mate.id}",
                               label=f"{s.id} transfers {CARGO[cargo].name} ({cargo}) to {mate.id}"))
    for enemy in enemies_at(state, here, side):
        beam = f"{s.id} beams to {enemy.id}"
        out += [Act("beam", (s.id,), target=enemy.id, value=BEAM_CREW, place=c,
                    label=f"{beam}: take {COMMAND_CARDS[c].name} prisoner") for c in enemy.crew]
        if enemy.crew or state.side(other(side)).hand:
            out.append(Act("beam", (s.id,), target=enemy.id, value=BEAM_DISCARD,
                           label=f"{beam}: make its side discard"))
        out += [Act("beam", (s.id,), target=enemy.id, value=BEAM_TAKE_CARGO, place=c,
                    label=f"{beam}: take its {CARGO[c].name} ({c})") for c in dict.fromkeys(enemy.cargo)]
        out += [Act("beam", (s.id,), target=enemy.id, value=BEAM_RESCUE, place=c,
                    label=f"{beam}: free the prisoner {COMMAND_CARDS[c].name}") for c in enemy.prisoners]
        out += [Act("beam", (s.id,), target=enemy.id, value=BEAM_GIVE_CARGO, place=c,
                    label=f"{beam}: give it the {CARGO[c].name} ({c})") for c in dict.fromkeys(s.cargo)]
    return out


def _attacks(state: FcState, side: int, ready: list[ShipState], left: int) -> list[Act]:
    out = []
    by_place: dict[str, list[str]] = {}
    for s in ready:
        if not s.cloaked and s.location is not None and (s.rating("weapons") or 0) > 0:
            by_place.setdefault(s.location, []).append(s.id)
    for here, ids in by_place.items():
        for enemy in enemies_at(state, here, side):
            for group in groups(ids, left):
                out.append(Act("attack", group, target=enemy.id, label=f"{'+'.join(group)} attack {enemy.id}"))
    return out


def _searches(state: FcState, side: int, ready: list[ShipState], left: int) -> list[Act]:
    """Searches for cloaked ships (summary, 6 b): a level 15 sensors test on an enemy cloak token
    here or next door, by one ship with sensors 1 or more or cooperatively by any group of them
    in one location (8, "Coop tests"), each spending an action."""
    out = []
    by_place: dict[str, list[str]] = {}
    for s in ready:
        if not s.cloaked and s.location is not None and (s.rating("sensors") or 0) >= 1:
            by_place.setdefault(s.location, []).append(s.id)
    for here, ids in by_place.items():
        for t in state.tokens:
            if t.side != side and (t.location == here or t.location in adjacent(here)):
                for group in groups(ids, left):
                    who = f"{group[0]} searches" if len(group) == 1 else f"{'+'.join(group)} search"
                    out.append(Act("search", group, target=t.id, label=f"{who} cloak token {t.id} at {t.location}"))
    return out


def _tests(state: FcState, side: int, ready: list[ShipState], left: int) -> list[Act]:
    """System tests for face-up test missions, by one ship or any group of ready ones at a place
    (cooperative), as many as the actions left."""
    out = []
    for mission_id in state.side(side).missions:
        mission = MISSIONS[mission_id]
        if mission.goal != "test" or mission.system is None:
            continue
        by_place: dict[str, list[str]] = {}
        for s in ready:
            if not s.cloaked and s.location is not None and rating(s, mission.system) is not None \
                    and mission_place(state, mission, state.location(s.location), side):
                by_place.setdefault(s.location, []).append(s.id)
        for ids in by_place.values():
            tests = groups(ids, left)
            if mission.cargo is not None:  # the cargo it delivers is aboard a ship of the test
                tests = [g for g in tests if any(CARGO[c].kind == mission.cargo for i in g
                                                 for c in state.ship(i).cargo)]
            for group in tests:
                out.append(Act("test", group, target=mission_id,
                               label=f"{'+'.join(group)} test {mission.system} for {mission.name} ({mission_id})"))
    return out


def tile_name(state: FcState, loc: str) -> str:
    tile = state.location(loc).tile
    return "a command post" if tile is None else TILES[tile].name

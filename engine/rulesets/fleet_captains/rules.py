"""What the summary's rules say about a state: who is where, what a test needs, what damage a
combat does, where a mission can be completed. Pure functions, shared by the game and the AI."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cache
from typing import Final

from engine.rulesets.fleet_captains.content import COMMAND_CARDS, MISSIONS, ROWS, TILES, Mission, ShipMission, System
from engine.rulesets.fleet_captains.state import FcState, LocationState, ShipState, adjacent

HAZARDS: Final = ("ion storm", "subspace rift", "binary star")
TURN_LIMIT: Final = 80  # turns in all (40 a side): past it, the most VP wins (docs/rulings.md)


def other(side: int) -> int:
    return 1 - side


def ships_at(state: FcState, loc: str, side: int) -> tuple[ShipState, ...]:
    """The side's uncloaked ships at ``loc``."""
    return tuple(s for s in state.fleet(side) if not s.cloaked and s.location == loc)


def enemies_at(state: FcState, loc: str, side: int) -> tuple[ShipState, ...]:
    """The uncloaked enemy ships at ``loc`` (the ones that force breakaways and evasions)."""
    return ships_at(state, loc, other(side))


def crew_bonus(ship: ShipState, system: System) -> int:
    """What the crew aboard adds to a system while they serve."""
    return sum(COMMAND_CARDS[c].amount for c in ship.crew if COMMAND_CARDS[c].system == system)


def rating(ship: ShipState, system: System) -> int | None:
    """The system's rating for a test: the dial's, plus the crew's (None: Disabled)."""
    base = ship.rating(system)
    return None if base is None else base + crew_bonus(ship, system)


def p_success(rating_total: int, target: int) -> float:
    """P(d6 + rating >= target)."""
    return min(1.0, max(0.0, (7 - (target - rating_total)) / 6))


def damage_for(attack: int, shields: int) -> int:
    """Combat: exceeding the shields test is 1 damage, double it 2, triple it 3 (destroyed)."""
    if attack <= shields:
        return 0
    if attack >= 3 * shields:
        return 3
    return 2 if attack >= 2 * shields else 1


def expected_damage(attack_rating: int, shield_rating: int) -> float:
    return sum(damage_for(attack_rating + a, shield_rating + d) for a in range(1, 7) for d in range(1, 7)) / 36


def p_opposed(active: int, passive: int) -> float:
    """P(the active total beats the passive one): ties go to the passive side."""
    return sum(1 for a in range(1, 7) for d in range(1, 7) if active + a > passive + d) / 36


def repair_spot(state: FcState, side: int, loc: str | None) -> bool:
    """Repairs happen at the side's command post or at any of its installations."""
    if loc is None:
        return False
    place = state.location(loc)
    return place.post_of == side or (place.installation is not None and place.installation_side == side)


def mission_place(state: FcState, mission: Mission | ShipMission, place: LocationState, side: int) -> bool:
    """Whether a ``test`` mission can be attempted at ``place``."""
    if place.tile is None or not place.explored:
        return False
    kind = TILES[place.tile].kind
    where = mission.where
    if where == "planet":
        return place.planet
    if where == "nebula":
        return kind == "nebula"
    if where == "hazard":
        return kind in HAZARDS
    if where == "enemy_side":
        row = int(place.id[1:place.id.index("c")])
        return row >= ROWS - 2 if side == 0 else row <= 1
    if where == "own_influence":
        return place.influence_side == side and place.influence > 0
    if where == "unexplored_adjacent":
        return any(not state.location(a).explored for a in adjacent(place.id))
    return True


def influence_spread(state: FcState, side: int) -> int:
    return sum(1 for p in state.locations if p.influence_side == side and p.influence > 0)


@cache
def distances(start: str, side: int) -> dict[str, int]:
    """Steps from ``start`` to every location the side's ships may enter (breadth first; the
    map's shape is fixed, so this is worked out once per place and side). Do not mutate."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in adjacent(here):
            if nxt not in seen and nxt != f"cp{other(side)}":
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def missions_of(state: FcState, side: int) -> Iterable[Mission]:
    return (MISSIONS[m] for m in state.side(side).missions)


def fleet_total(state: FcState, side: int) -> int:
    return sum(s.card.size for s in state.fleet(side))

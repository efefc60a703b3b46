"""The budget of one FIRE WEAPONS action (guide, "Making an Attack" step 4, "Launching Projectiles"
step 1, "Weapons" points 1-3), shared by the engine, which refuses a seat's illegal choice, and the
reducer, which refuses an event that breaks it:

- each weapons power spent is unavailable for the rest of the action (at most the weapons power
  alert stat in all);
- the total reserve spent during the action cannot exceed the printed weapons power alert stat
  (nor the reserve the ship has);
- a weapon makes at most its number of attacks in an action, and at most each arc's number in that
  arc (a launcher: each end's number from that end);
- a beam spends power within its cost range, a launcher exactly its cost;
- the leading officer's Ordnance adds expertise dice to the action's first attack only.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rulesets.into_the_unknown.displays import OFFICERS
from engine.rulesets.into_the_unknown.state import ShipState, VolleyState


def limits(ship: ShipState, weapon: str) -> tuple[int, dict[str, int], int, int] | None:
    """(attacks per action, attacks per arc or end, least power, most power) of a beam or launcher."""
    for beam in ship.card.beams:
        if beam.name == weapon:
            return beam.max_attacks, dict(beam.arcs), beam.power_min, beam.power_max
    for launcher in ship.card.launchers:
        if launcher.name == weapon:
            return launcher.max_attacks, dict(launcher.ends), launcher.cost, launcher.cost
    return None


def open_places(ship: ShipState, volley: VolleyState, weapon: str) -> list[str]:
    """The arcs (or ends) the weapon may still attack in (from) during this action."""
    found = limits(ship, weapon)
    if found is None:
        return []
    most, places, _, _ = found
    made = [where for name, where in volley.attacks if name == weapon]
    if len(made) >= most:
        return []
    return [where for where, count in places.items() if made.count(where) < count]


def power_left(ship: ShipState, volley: VolleyState) -> tuple[int, int]:
    """The weapons power and the reserve this action may still spend."""
    weapons = ship.stats.weapons
    return max(0, weapons - volley.power), max(0, min(weapons - volley.reserve, ship.reserve))


def refusal(ship: ShipState, volley: VolleyState, weapon: str, where: str, power: int, reserve: int) -> str | None:
    """Why this attack cannot be the action's next (None: it can)."""
    found = limits(ship, weapon)
    if found is None:
        return f"{ship.name} has no weapon {weapon!r}"
    most, places, least, top = found
    if where not in places:
        return f"{weapon} cannot attack in (or from) the {where}"
    made = [w for name, w in volley.attacks if name == weapon]
    if len(made) >= most:
        return f"{weapon} makes at most {most} attacks in an action"
    if made.count(where) >= places[where]:
        return f"{weapon} makes at most {places[where]} attacks in (or from) the {where} in an action"
    if not least <= power + reserve <= top:
        return f"{weapon} takes {least}-{top} power, not {power + reserve}"
    weapons, allowed = power_left(ship, volley)
    if power > weapons:
        return f"{ship.name} has {weapons} weapons power left in this action, not {power}"
    if reserve > allowed:
        return (f"{ship.name} may spend {allowed} more reserve in this action (in all at most its weapons "
                f"power stat, {ship.stats.weapons}), not {reserve}")
    return None


def beam_leader(ship: ShipState, volley: VolleyState) -> str | None:
    """The officer who leads the action's next beam attack: the action's leader leads its first beam
    attack only (guide, attack example step 9: "Talak'talan cannot lead another beam attack"); a later
    beam attack of the action is made with no officer leading it (no Relentless, no Ordnance)."""
    beams = {w.name for w in ship.card.beams}
    if any(name in beams for name, _ in volley.attacks):
        return None
    return volley.leader


def ordnance(volley: VolleyState) -> int:
    """The expertise dice the leader's Ordnance adds to the next attack: on the first one only."""
    if volley.attacks or volley.leader is None:
        return 0
    return OFFICERS[volley.leader].skill("Ordnance")


def after(volley: VolleyState, weapon: str, where: str, power: int, reserve: int) -> VolleyState:
    return volley.model_copy(update={"power": volley.power + power, "reserve": volley.reserve + reserve,
                                     "attacks": (*volley.attacks, (weapon, where))})


def plan_refusal(ship: ShipState, planned: Sequence[tuple[str, str, int, int]]) -> str | None:
    """Why a seat's whole FIRE WEAPONS choice, as (weapon, arc or end, weapons power, reserve) per
    attack or launch in order, breaks the action's budget (None: it does not)."""
    volley = VolleyState(ship=ship.id)
    weapons = ship.stats.weapons
    if sum(p for _, _, p, _ in planned) > weapons:
        return f"{ship.name} has {weapons} weapons power for the action, not {sum(p for _, _, p, _ in planned)}"
    if sum(r for _, _, _, r in planned) > min(weapons, ship.reserve):
        return (f"{ship.name} may spend at most {min(weapons, ship.reserve)} reserve in the action (its weapons "
                f"power stat, {weapons}, and its reserve, {ship.reserve})")
    for name, where, power, reserve in planned:
        why = refusal(ship, volley, name, where, power, reserve)
        if why is not None:
            return why
        volley = after(volley, name, where, power, reserve)
    return None

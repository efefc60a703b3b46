"""A Fleet Captains video's title and end cards (the ruleset's ``cards``), from the header and the
final state: the fleet size and the ships that served (each ship card with its size), then the
VP each side scored and how each ship ended."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.fleet_captains.content import ALERTS
from engine.rulesets.fleet_captains.state import FcState, ShipState
from engine.view import CardView, FleetCardView, ShipLineView


def _line(ship: ShipState, end: bool) -> ShipLineView:
    status = ""
    if end:
        status = "destroyed" if ship.destroyed else (f"{ALERTS[ship.alert]} alert" + (", cloaked" if ship.cloaked
                                                                                      else ""))
    return ShipLineView(name=f"{ship.card.name} {ship.id}", points=ship.card.size, status=status,
                        gone=end and ship.destroyed)


MAX_LINES = 6  # a card has room for six ship lines a fleet


def _lines(ships: list[ShipState], end: bool) -> tuple[ShipLineView, ...]:
    """Up to six lines, ships still in play first; past six, the rest summed up on the last line."""
    ordered = sorted(ships, key=lambda s: s.destroyed) if end else ships
    if len(ordered) <= MAX_LINES:
        return tuple(_line(s, end) for s in ordered)
    rest = ordered[MAX_LINES - 1:]
    lost = sum(s.destroyed for s in rest)
    more = ShipLineView(name=f"and {len(rest)} more", points=sum(s.card.size for s in rest),
                        status=f"{lost} destroyed" if end and lost else "")
    return (*(_line(s, end) for s in ordered[:MAX_LINES - 1]), more)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def cards(header: Mapping[str, Any], final: FcState, truncated: bool, fallback: str) -> tuple[CardView, CardView]:
    seed = header.get("seed")
    fleets = []
    ends = []
    for i, side in enumerate(final.sides):
        ships = [s for s in final.ships if s.side == i]
        served = f"{_plural(len(ships), 'ship')} served"
        fleets.append(FleetCardView(i, side.faction, final.vp_target, "fleet size", served, _lines(ships, False)))
        lost = sum(s.destroyed for s in ships)
        summary = f"{_plural(len(side.completed), 'mission')} completed, {_plural(lost, 'ship')} lost"
        ends.append(FleetCardView(i, side.faction, side.vp, "VP", summary, _lines(ships, True)))
    title = CardView(kicker="STAR TREK: FLEET CAPTAINS", title=str(header.get("scenario_name") or fallback),
                     subtitle=f"{final.vp_target} VP to win", fleets=tuple(fleets), footer=f"seed {seed}")
    if truncated or final.phase != "over":
        verdict = "the replay stops before the end"
    else:
        verdict = "a draw" if final.winner is None else f"{final.sides[final.winner].faction} win"
    end = CardView(kicker="THE GAME ENDS", title=verdict, subtitle=final.reason, fleets=tuple(ends),
                   footer=f"turn {final.turn}", headline_side=final.winner)
    return title, end

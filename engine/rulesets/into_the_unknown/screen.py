"""An Into the Unknown video's title and end cards (the ruleset's ``cards``), from the header and the
final state: the mission and each fleet's ships (their class and captain), then each side's score
(victory points less negative ones), its directive and how each ship ended."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.into_the_unknown.displays import OFFICERS
from engine.rulesets.into_the_unknown.mission import NAME, TITLE, tie_rule
from engine.rulesets.into_the_unknown.state import ItuState, ShipState
from engine.view import CardView, FleetCardView, ShipLineView

COMPLICATIONS = {"outpost_ambush": "Outpost Ambush", "rescue_op": "Rescue Op"}


def _captain(ship: ShipState) -> str:
    at_chair = [o for o in ship.officers if o.station == "captains_chair"]
    return OFFICERS[at_chair[0].key].name if at_chair else ""


def _line(ship: ShipState, end: bool) -> ShipLineView:
    status = ""
    if end:
        status = "destroyed" if ship.destroyed else (
            f"hull {ship.hull_value}/{ship.card.hull_dial[0].value}, {ship.card.hull_dial[ship.hull].status} damage, "
            f"{ship.stats.colour} alert")
    return ShipLineView(name=ship.name, class_name=ship.card.class_name, captain=_captain(ship), status=status,
                        gone=end and ship.destroyed)


def cards(header: Mapping[str, Any], final: ItuState, truncated: bool, fallback: str) -> tuple[CardView, CardView]:
    title_fleets, end_fleets = [], []
    for side, faction in enumerate(final.sides):
        ships = [s for s in final.ships if s.side == side]
        names = faction.title() if faction else f"Side {side + 1}"
        served = f"{len(ships)} ship" + ("" if len(ships) == 1 else "s")
        title_fleets.append(FleetCardView(side, names, None, "", served, tuple(_line(s, False) for s in ships)))
        summary = (f"{final.victory_points[side]} VP, {final.negative_points[side]} negative; "
                   f"directive {final.directives[side].upper()}")
        end_fleets.append(FleetCardView(side, names, final.score(side), "score", summary,
                                        tuple(_line(s, True) for s in ships)))
    mission = TITLE if final.mission in ("", NAME) else final.mission or fallback
    title = CardView(kicker="STAR TREK: INTO THE UNKNOWN", title=mission, subtitle="the learning mission",
                     fleets=tuple(title_fleets), footer=f"seed {header.get('seed')}")
    if truncated or not final.over:
        verdict = "the replay stops before the end"
    else:
        verdict = "a draw" if final.winner is None else f"{final.sides[final.winner].title()} wins"
    complication = COMPLICATIONS.get(final.complication or "", "")
    subtitle = f"complication: {complication}" if complication else "the overture did not end"
    if final.over and not truncated and final.winner is not None and final.score(0) == final.score(1):
        # a tie: the score says nothing of who won, the mission's rule does (it read "Dominion wins" over 5-5)
        verdict += " the tie"
        subtitle = f"{final.score(0)} to {final.score(1)}: {tie_rule(final.complication)[1]}; {subtitle}"
    end = CardView(kicker="THE GAME ENDS", title=verdict,
                   subtitle=subtitle,
                   fleets=tuple(end_fleets), footer=f"round {final.round}", headline_side=final.winner)
    return title, end

"""Cloaked Mines (3076): a Minefield Token placed in the Planning Phase (window ``planning``, once
every dial is set) within Range 2 of the card's ship and not within Range 2 of an enemy ship; an
enemy ship whose maneuver comes within Range 1 of it is attacked (``abilities/mines``: 3 attack
dice, no defense dice), one die fewer when that ship performs a Scan action at once -- its seat's
choice (``Player.use_ability`` with the card's offer; ``action_performed`` "scan" and its token).

The places offered: eight bearings from the ship (fore, fore-starboard, ... port, fore-port), the
token touching-close ("-1", its edge 10 mm from the base) or out at Range 2 ("-2", its edge 190 mm
from the base), each one not within Range 2 of an enemy ship (rulings.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

from shapely.geometry import Point

from engine.geometry.shapes import base_polygon
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import Table, _seat, candidates
from engine.rulesets.attack_wing.actions import ActionOption
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, decide_ability
from engine.rulesets.attack_wing.state import GameState, Mine, ShipState

BEARINGS: Final = ("fore", "fore-starboard", "starboard", "aft-starboard", "aft", "aft-port", "port", "fore-port")
FAR_MM: Final = 190.0  # "-2": the token's edge this far from the base (inside Range 2)


def spot(ship: ShipState, name: str) -> tuple[float, float]:
    """The token's centre for a place name ("fore-1", "aft-port-2")."""
    bearing, band = name.rsplit("-", 1)
    angle = math.radians(ship.pose.heading + 45.0 * BEARINGS.index(bearing))
    d = P.base_half(ship.base) + (P.MINE_GAP_MM if band == "1" else FAR_MM) + P.MINE_RADIUS_MM
    return ship.pose.x + d * math.sin(angle), ship.pose.y + d * math.cos(angle)


def spots(state: GameState, ship: ShipState) -> list[str]:
    """The places the token may go: none within Range 2 of an enemy ship."""
    edge = P.RANGE_BAND_EDGES_MM[1]
    out = []
    for name in (f"{b}-{n}" for n in ("1", "2") for b in BEARINGS):
        disc = Point(*spot(ship, name)).buffer(P.MINE_RADIUS_MM, 32)
        if all(base_polygon(e.pose, P.base_half(e.base)).distance(disc) > edge for e in state.enemies(ship)):
            out.append(name)
    return out


def _default(state: GameState, ship: ShipState, allowed: list[str]) -> AbilityUse | None:
    """The policy: the place nearest the nearest enemy, when one is within 400 mm of it (the
    ships close on each other); else keep the card for a later round."""
    enemies = state.enemies(ship)
    if not allowed or not enemies:
        return None
    best = min((math.dist(spot(ship, s), (e.pose.x, e.pose.y)), s, e.name) for s in allowed for e in enemies)
    if best[0] > 400.0:
        return None
    return AbilityUse(choice=best[1], reason=f"{best[1]}: nearest {best[2]} ({best[0]:.0f} mm), on its way in")


def plan_drop(t: Any, ships: Sequence[ShipState]) -> None:
    """Offer each ship's Cloaked Mines, once every dial is set (ascending Captain Skill)."""
    table: Table = t
    for ship in ships:
        for found in list(candidates(table.state, table.state.ship(ship.id), "planning", None)):
            _, card_id, card, index, ability = found
            if ability.effect.kind != "mine":
                continue
            state = table.state
            owner = state.ship(ship.id)
            allowed = spots(state, owner)
            if not allowed:
                continue
            offer = AbilityOffer(owner.id, card_id, card.name, index, "planning", ability.summary,
                                 ability.cost.words(), actions=tuple(ActionOption(s) for s in allowed),
                                 default=_default(state, owner, allowed))
            use = decide_ability(_seat(table, owner.side), state, owner, offer)
            if use is None or use.choice is None:
                continue
            x, y = spot(owner, use.choice)
            table.emit(ev.AbilityUsed, ship=owner.id, card=card_id, card_name=card.name, ability=index,
                       window="planning", choice=use.choice, discard=True, summary=ability.summary, reason=use.reason)
            table.emit(ev.MinePlaced, ship=owner.id, card=card_id, mine=f"M{len(table.state.mines) + 1}",
                       x=round(x, 3), y=round(y, 3))


def can_scan(ship: ShipState) -> bool:
    """The ship may perform a Scan action now: on its Action Bar, not under auxiliary power, not
    performed already this round."""
    return "scan" in ship.actions and not ship.aux_power and "scan" not in ship.actions_done


def scan_first(t: Any, mine: Mine, ship_id: str) -> int:
    """The attacked ship's seat may have it perform a Scan action at once: 1 die fewer, else 0."""
    table: Table = t
    ship = table.state.ship(ship_id)
    if not can_scan(ship):
        return 0
    card = CARDS[mine.card]
    index = next(i for i, a in enumerate(card.abilities) if a.effect.kind == "mine")
    offer = AbilityOffer(ship.id, mine.card, card.name, index, "mines", "a Scan action at once: the minefield rolls "
                         "one attack die fewer", "a Scan action (this round's)", mine.ship,
                         actions=(ActionOption("scan"),),
                         default=AbilityUse(choice="scan", reason="one attack die fewer, and a scan token"))
    use = decide_ability(_seat(table, ship.side), table.state, ship, offer)
    if use is None:
        return 0
    table.emit(ev.ActionPerformed, ship=ship.id, action="scan", reason=f"{card.name} {mine.id}: one attack die fewer")
    table.emit(ev.TokensChanged, ship=ship.id, token="scan", delta=1, cause=card.name)
    return 1

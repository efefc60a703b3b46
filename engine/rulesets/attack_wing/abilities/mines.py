"""Minefield Tokens (Antimatter Mines 3007; tournament rulings 41-46).

As the ship's turn to attack comes (window ``mines``) its seat may, instead of declaring an
attack, discard the card and place a Minefield Token in its rear firing arc at Range 1: behind its
base, or on a ship there (``Player.use_ability``: the offer's options are "behind" and the ships it
may drop it on). ``ability_used`` names the card (discarded; the ship's attack of the round), then
``mine_placed`` puts the token in the play area, where it stays for the game. A ship it is placed
on, and any ship whose maneuver (template or final base) enters it afterwards, is attacked: the
card's attack dice (``mine_triggered``), no defense dice, no card or token modifies them (ruling 41,
43); the hits and crits damage it as normal. A ship already on the token when its maneuver starts
leaves it unharmed (as an obstacle; rulings.md).
"""

from __future__ import annotations

import math
from typing import Any, Final

from shapely.geometry import Point

from engine.geometry.pose import Pose
from engine.geometry.shapes import Obstacle, base_polygon
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import params as P
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.cloaked_mines import scan_first
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import Table, _seat, candidates
from engine.rulesets.attack_wing.actions import ActionOption
from engine.rulesets.attack_wing.maneuvers import Maneuver, template_outline
from engine.rulesets.attack_wing.measure import arc_check
from engine.rulesets.attack_wing.odds import attack_odds, odds_for
from engine.rulesets.attack_wing.players import AbilityOffer, AbilityUse, decide_ability
from engine.rulesets.attack_wing.state import GameState, Mine, ShipState

RADIUS_MM: Final = P.MINE_RADIUS_MM  # a round token 50 mm across (the rules print no size: rulings.md)
GAP_MM: Final = P.MINE_GAP_MM  # "behind": the token's edge this far behind the base's rear edge
BEHIND: Final = "behind"


def behind(ship: ShipState) -> tuple[float, float]:
    """The centre of a token dropped straight behind the ship, in its rear arc at Range 1."""
    d = P.base_half(ship.base) + GAP_MM + RADIUS_MM
    h = math.radians(ship.pose.heading)
    return ship.pose.x - d * math.sin(h), ship.pose.y - d * math.cos(h)


def drop_targets(state: GameState, ship: ShipState) -> list[str]:
    """The ships it may drop the token on: in its rear arc (the back 90 degrees where the ship
    prints none) at Range 1."""
    arc = ship.rear_arc or 90.0
    return [s.id for s in state.in_play() if s.id != ship.id
            and (c := arc_check(rules.placed(ship), rules.placed(s), arc, rear=True)).in_arc and c.band == 1]


def _dice(card_id: str) -> int:
    return next(a.effect.amount for a in CARDS[card_id].abilities if a.effect.kind == "mine")


def _mine_worth(n: int) -> float:
    """The expected damage of ``n`` attack dice against no defense dice (exact odds)."""
    return attack_odds(n, 0).expected_damage


def _default(state: GameState, ship: ShipState, card_id: str, targets: list[str]) -> AbilityUse | None:
    """The policy: drop it on the enemy it hurts most when that expects more damage than the ship's
    best attack; else behind the ship, with an enemy close behind that may fly into it and no
    attack to make."""
    n = _dice(card_id)
    attacks = [odds_for(ship, state.ship(o.defender), o.weapon, o.band, False).expected_damage
               for o in rules.attack_options(state, ship)]
    best = max(attacks, default=0.0)
    enemies = [t for t in targets if state.ship(t).side != ship.side]
    if enemies and _mine_worth(n) > best:
        target = max(enemies, key=lambda t: (state.ship(t).cost, t))
        return AbilityUse(choice=target, reason=f"{n} attack dice at {state.ship(target).name}, no defense dice: "
                                                f"{_mine_worth(n):.2f} expected damage, more than its best attack "
                                                f"({best:.2f})")
    # with no attack to give up, behind the ship where an enemy flies towards it (the token within
    # Range 3 in its forward arc): it may enter it, or must steer round it (a judgement of the AI's;
    # with an attack to make, the attack is worth more than a chance of the enemy's entering it)
    x, y = behind(ship)
    chasing = [s for s in state.enemies(ship) if _heading_into(s, x, y)]
    if chasing and not attacks:
        return AbilityUse(choice=BEHIND, reason=f"no attack to make; {chasing[0].name} flies towards it and may "
                                                f"enter the minefield ({_mine_worth(n):.2f} expected damage)")
    return None


def _heading_into(ship: ShipState, x: float, y: float) -> bool:
    """The point (a token's centre) lies within Range 3 of the ship, in its forward arc."""
    dx, dy = x - ship.pose.x, y - ship.pose.y
    if math.hypot(dx, dy) > P.RANGE_BAND_EDGES_MM[-1] + P.base_half(ship.base):
        return False
    bearing = math.degrees(math.atan2(dx, dy))  # clockwise from north, as a heading
    off = (bearing - ship.pose.heading + 180.0) % 360.0 - 180.0
    return abs(off) <= (ship.front_arc or 90.0) / 2


def drop(t: Any, ship_id: str) -> bool:
    """The ship's turn to attack: offer its mines; True when the seat placed them (its attack)."""
    table: Table = t
    state = table.state
    ship = state.ship(ship_id)
    for found in list(candidates(state, ship, "mines", None)):
        _, card_id, card, index, ability = found
        if ability.effect.kind != "mine":
            continue
        targets = drop_targets(state, ship)
        options = (ActionOption(BEHIND), *(ActionOption(s) for s in targets))
        offer = AbilityOffer(ship.id, card_id, card.name, index, "mines", ability.summary, ability.cost.words(),
                             actions=options, default=_default(state, ship, card_id, targets))
        use = decide_ability(_seat(table, ship.side), state, ship, offer)
        if use is None or use.choice is None:
            continue
        on = None if use.choice == BEHIND else use.choice
        x, y = behind(ship) if on is None else (state.ship(on).pose.x, state.ship(on).pose.y)
        mine = f"M{len(state.mines) + 1}"
        table.emit(ev.AbilityUsed, ship=ship.id, card=card_id, card_name=card.name, ability=index, window="mines",
                   subject=on, choice=use.choice, discard=True, summary=ability.summary, reason=use.reason)
        table.emit(ev.MinePlaced, ship=ship.id, card=card_id, mine=mine, x=round(x, 3), y=round(y, 3))
        if on is not None:
            explode(t, table.state.mines[-1], on)
        return True
    return False


def explode(t: Any, mine: Mine, ship_id: str) -> None:
    """The minefield attacks the ship: the card's dice, no defense dice; hits and crits damage it."""
    table: Table = t
    name = CARDS[mine.card].name
    n = _dice(mine.card)
    if _effect(mine).token == "scan":  # Cloaked Mines: one die fewer if the ship scans at once
        n -= scan_first(t, mine, ship_id)
    faces, draws = table.dice.roll(table.state, "attack", n, table.state.ship(ship_id), "mine")
    table.emit(ev.MineTriggered, ship=ship_id, mine=mine.id, card_name=name, faces=tuple(faces), draws=draws)
    table.suffer(ship_id, sum(f == "hit" for f in faces), sum(f == "crit" for f in faces), cause=f"{name} {mine.id}")


def _effect(mine: Mine) -> Any:
    return next(a.effect for a in CARDS[mine.card].abilities if a.effect.kind == "mine")


def trigger_mm(mine: Mine) -> float:
    """How near the token a ship must come: onto it, or within the card's range band of it (Cloaked
    Mines: Range 1)."""
    reach = _effect(mine).reach
    return P.RANGE_BAND_EDGES_MM[max(reach) - 1] if reach else 0.0


def _touching(shape: Any, mine: Mine) -> bool:
    return bool(shape.distance(Point(mine.x, mine.y).buffer(RADIUS_MM, 32)) <= trigger_mm(mine) + 1e-9)


def entered(state: GameState, ship: ShipState, start: Pose, maneuver: Maneuver, end: Pose) -> list[Mine]:
    """The minefields the ship's maneuver enters: its template or final base on the token (or within
    the card's range of it), where its base was not as the maneuver began; a card for enemy ships
    only (Cloaked Mines) spares its own side. Of two such minefields of one card whose areas
    overlap, only the first (tournament ruling 46)."""
    half = P.base_half(ship.base)
    reach = 600.0  # no maneuver and range band reach this far: the tokens far away need no shapes
    near = [m for m in state.mines if math.dist((m.x, m.y), (start.x, start.y)) < reach
            and not (_effect(m).targets == "enemy" and state.ship(m.ship).side == ship.side)]
    if not near:
        return []
    first, last = base_polygon(start, half), base_polygon(end, half)
    template = template_outline(start, maneuver, ship.base)
    found: list[Mine] = []
    for m in near:
        if _touching(first, m) or not (_touching(last, m) or (template is not None and _touching(template, m))):
            continue
        if any(f.card == m.card and math.dist((f.x, f.y), (m.x, m.y)) < 2 * (RADIUS_MM + trigger_mm(m))
               for f in found if trigger_mm(m)):
            continue  # ruling 46: overlapping trigger areas of one kind of minefield attack once
        found.append(m)
    return found


def after_maneuver(t: Any, ship_id: str, start: Pose, maneuver: Maneuver) -> None:
    """Each minefield the maneuver entered attacks the ship."""
    table: Table = t
    ship = table.state.ship(ship_id)
    for mine in entered(table.state, ship, start, maneuver, ship.pose):
        if not table.state.ship(ship_id).in_play:
            return
        explode(t, mine, ship_id)


def expected(mine: Mine) -> float:
    """The damage a ship entering the minefield expects (for the AI's maneuvers)."""
    return _mine_worth(_dice(mine.card))


def obstacles(state: GameState) -> tuple[Obstacle, ...]:
    """The minefields as obstacles for the line of fire: they obstruct it as an obstacle does
    (tournament ruling 44), and do nothing else an obstacle does."""
    return tuple(Obstacle(tuple((round(m.x + RADIUS_MM * math.cos(2 * math.pi * k / 24), 3),
                                 round(m.y + RADIUS_MM * math.sin(2 * math.pi * k / 24), 3)) for k in range(24)),
                          f"minefield {m.id}") for m in state.mines)

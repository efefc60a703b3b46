"""What the rollouts' numbers are read with: the turning points (where a side's win probability
moved most, and the event between the two points that explains it in words) and each ship's and
side's luck against the exact odds recorded before every roll."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.analysis import sidecar

TURNING_POINTS = 5  # the most a file lists
MIN_CHANGE = 0.05  # a smaller move is the rollouts' noise, not a turning point


def a_percentile(pct: float) -> str:
    """"a 4th percentile", "an 87th percentile" (1st to 99th: a roll is never all or none of the odds)."""
    n = max(1, min(99, round(pct * 100)))
    return f"{'an' if str(n).startswith('8') or n in (11, 18) else 'a'} {ordinal(n)} percentile"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _ships(header: Mapping[str, Any]) -> dict[str, tuple[int, str]]:
    """Each ship's id: its side and name, from the header's fleets."""
    out: dict[str, tuple[int, str]] = {}
    for side, fleet in enumerate(header.get("fleets") or []):
        for ship in fleet.get("ships") or [] if isinstance(fleet, dict) else []:
            if isinstance(ship, dict) and isinstance(ship.get("id"), str):
                out[ship["id"]] = (side, str(ship.get("name") or ship["id"]))
    return out


def why(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], lo: int, hi: int) -> tuple[int, str]:
    """The event in (lo, hi] that best explains the move, and its words: a ship destroyed, else the
    attack whose roll was furthest from average, else a bump, else the last maneuver."""
    ships = _ships(header)

    def name(ship: Any) -> str:
        return f"{ship} {ships[ship][1]}" if ship in ships else str(ship)

    span = [(i, events[i]) for i in range(lo + 1, hi + 1)]
    said: list[tuple[int, str]] = []
    destroyed = [(i, e) for i, e in span if e.get("type") == "ship_destroyed"]
    for i, e in destroyed:
        said.append((i, f"{name(e.get('ship'))} {'fled' if e.get('fled') else 'destroyed'} ({e.get('cause')})"))
    attacks = [(i, e) for i, e in span if e.get("type") == "attack_resolved" and e.get("percentile") is not None]
    if attacks:
        i, e = max(attacks, key=lambda a: abs(float(a[1]["percentile"]) - 0.5))
        pct = float(e["percentile"])
        damage = int(e.get("hits") or 0) + int(e.get("crits") or 0)
        if pct >= 0.5:
            said.append((i, f"{a_percentile(pct)} attack roll by "
                            f"{name(e.get('ship'))} on {name(e.get('defender'))} ({damage} damage)"))
        else:
            said.append((i, f"{a_percentile(1 - pct)} defence roll by "
                            f"{name(e.get('defender'))} against {name(e.get('ship'))} ({damage} damage)"))
    bumps = [(i, e) for i, e in span if e.get("type") == "ship_moved" and e.get("bumped")]
    for i, e in bumps[:1]:
        said.append((i, f"{name(e.get('ship'))} bumped into {', '.join(name(b) for b in e['bumped'])}"))
    if not said:
        moves = [(i, e) for i, e in span if e.get("type") == "maneuver_revealed"]
        for i, e in moves[-1:]:
            said.append((i, f"{name(e.get('ship'))}'s {e.get('speed')} {e.get('kind')} ({e.get('colour')})"))
    if not said:
        return hi, "no attack, loss, bump or maneuver between the two points"
    return said[0][0], "; ".join(text for _, text in said)


Why = Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]], int, int], tuple[int, str]]


def last_event(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], lo: int, hi: int) -> tuple[int, str]:
    """A game without its own words for a move: the last event between the two points, by its type."""
    return hi, f"after {str(events[hi].get('type', 'an event')).replace('_', ' ')} (event {hi})"


def turning_points(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], points: Sequence[sidecar.Point],
                   sides: Sequence[str], seat: str | None = None, explain: Why | None = None
                   ) -> list[sidecar.TurningPoint]:
    """The moves of a side's win probability between consecutive points, largest first (at most
    ``TURNING_POINTS``, each at least ``MIN_CHANGE``), listed in the game's order."""
    moves = []
    for before, after in itertools.pairwise(points):
        if after.event != before.event and before.rollouts and after.rollouts:
            for side, name in enumerate(sides):
                if seat is not None and name != seat:
                    continue
                change = after.win[name] - before.win[name]
                moves.append((abs(change), -before.event, side, before, after, change))
    picked: list[sidecar.TurningPoint] = []
    taken: set[int] = set()
    for size, _, side, before, after, change in sorted(moves, key=lambda m: (-m[0], m[1], m[2])):
        if size < MIN_CHANGE or len(picked) >= TURNING_POINTS:
            break
        if before.event in taken:  # two sides' moves at one step: the larger says it
            continue
        taken.add(before.event)
        at, words = (explain or last_event)(header, events, before.event, after.event)
        name = sides[side]
        if not beyond_noise(before, after, name):
            words += f" (within the noise of {before.rollouts} rollouts a point: more --rollouts would tell)"
        picked.append(sidecar.TurningPoint(event=at, round=after.round, side=name, before=before.win[name],
                                           after=after.win[name], change=round(change, 6), why=words))
    return sorted(picked, key=lambda t: t.event)


def beyond_noise(before: sidecar.Point, after: sidecar.Point, side: str) -> bool:
    """Whether ``side``'s win probability moved between the two points by more than their rollouts'
    chance could (a two-sided test of two proportions at 95%: |z| > 1.96 with the pooled estimate)."""
    n1, n2 = before.rollouts, after.rollouts
    p1, p2 = before.win[side], after.win[side]
    pooled = (p1 * n1 + p2 * n2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return (spread > 0 and abs(p2 - p1) / spread > 1.96) or (spread == 0 and p1 != p2)


@dataclass
class _Tally:
    attacks: int = 0
    expected: float = 0.0
    actual: int = 0
    percentiles: list[float] = field(default_factory=list)


def luck(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], sides: Sequence[str]
         ) -> dict[str, Any]:
    """Each ship's and side's attacks against the odds recorded before each roll (``AttackOdds``):
    the damage expected, the damage dealt (uncanceled hits and crits) and the mean percentile."""
    from engine.rulesets.attack_wing.luck import damage_percentile  # (the replay's luck report's rule)

    ships = _ships(header)
    tally: dict[str, _Tally] = {}
    pending: dict[str, Mapping[str, Any]] = {}
    last: tuple[str, Mapping[str, Any], Mapping[str, Any]] | None = None
    added = 0

    def count() -> None:
        if last is not None:
            ship, odds, resolved = last
            total = int(resolved["hits"]) + int(resolved["crits"]) + added
            t = tally.setdefault(ship, _Tally())
            t.actual += total
            pct = resolved.get("percentile") if not added else damage_percentile(odds["damage"], total)
            if pct is not None:
                t.percentiles.append(float(pct))

    for e in events:
        kind = e.get("type")
        if kind == "ability_used":
            if last is not None and e.get("window") == "damage" and int(e.get("amount") or 0) > 0 \
                    and e.get("ship") == last[0]:
                added += int(e["amount"])
        elif kind in ("game_started", "attack_odds", "attack_resolved"):
            count()
            last, added = None, 0
            if kind == "attack_odds":
                pending[str(e["ship"])] = e
            elif kind == "attack_resolved" and e.get("ship") in pending:
                odds = pending.pop(str(e["ship"]))
                t = tally.setdefault(str(e["ship"]), _Tally())
                t.attacks += 1
                t.expected += float(odds["expected"])
                last = (str(e["ship"]), odds, e)
    count()

    def entry(side: str, t: _Tally, ship: str | None = None, name: str | None = None) -> sidecar.Luck:
        pcts = t.percentiles
        return sidecar.Luck(side=side, ship=ship, name=name, attacks=t.attacks, expected_damage=round(t.expected, 4),
                            actual_damage=t.actual, luck=round(t.actual - t.expected, 4),
                            mean_percentile=round(sum(pcts) / len(pcts), 4) if pcts else None)

    per_ship = []
    per_side = {i: _Tally() for i in range(len(sides))}
    for ship in sorted(tally):
        side, ship_name = ships.get(ship, (-1, ship))
        t = tally[ship]
        per_ship.append(entry(sides[side] if 0 <= side < len(sides) else "?", t, ship, ship_name))
        if side in per_side:
            s = per_side[side]
            s.attacks, s.expected, s.actual = s.attacks + t.attacks, s.expected + t.expected, s.actual + t.actual
            s.percentiles.extend(t.percentiles)
    return {"sides": [entry(sides[i], per_side[i]) for i in per_side], "ships": per_ship}

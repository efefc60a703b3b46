"""Attack Wing's decisions graded: each dial the file's seats set, against the best few others on the
dial, each played on by the same rollouts (the same seeds: common random numbers).

A decision is taken in the Planning Phase: the fork is the event before the round's dials are
recorded, every dial there is the AI's except the graded ship's, which is forced to the maneuver
tried. The alternatives are the AI's own next best by its planning score. ``loss`` is the best
alternative's win probability less the chosen one's for the deciding side, with a 95% interval
(Newcombe's hybrid Wilson interval of a difference, which ignores that the rollouts are paired and
so is wider than it need be); the choice is a mistake only when that whole interval is above zero.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.analysis import sidecar
from engine.analysis.rollout import Winner, rollout_seed

MAX_ALTERNATIVES = 8


class _Probed(Exception):
    """The ranking of a decision's options is known: the probe's game stops there."""

    def __init__(self, ranked: list[tuple[str, int]]) -> None:
        self.ranked = ranked


class _Forcing:
    """A seat whose one dial (``ship`` in ``round``) is forced to ``maneuver``, or (no maneuver) whose
    options for it are ranked by the AI's planning score and handed back as ``_Probed``."""

    def __init__(self, seat: Any, ai: Any, ship: str, round_: int, maneuver: tuple[str, int] | None) -> None:
        self.seat, self.ai, self.ship, self.round, self.maneuver, self.used = seat, ai, ship, round_, maneuver, False

    def plan(self, state: Any, ship: Any, options: list[tuple[Any, str]]) -> tuple[Any, str]:
        if ship.id != self.ship or state.round != self.round or self.used:
            return self.seat.plan(state, ship, options)  # type: ignore[no-any-return]
        self.used = True
        if self.maneuver is None:
            raise _Probed(ranked(self.ai, state, ship, options))
        for m, _ in options:
            if (m.kind, m.speed) == self.maneuver:
                return m, "an alternative tried by the analysis"
        raise ValueError(f"{self.maneuver} is not on {ship.id}'s dial")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.seat, name)


def ranked(ai: Any, state: Any, ship: Any, options: list[tuple[Any, str]]) -> list[tuple[str, int]]:
    """The ship's options, the AI's planning score's best first (the dial's order where it cannot
    score them all)."""
    legal = [(m, c) for m, c in options if not (ship.aux_power and c == "red")] or options
    try:
        ends, offense, threat, targets = ai._plan_ships(state, [ship])[ship.id]
        if len(ends) != len(legal):
            raise ValueError("not the dial the AI plans")
        scores = [ai._score(state, ship, m, c, end, offense[i], threat[i], targets[i]).score
                  for i, ((m, c), end) in enumerate(zip(legal, ends, strict=True))]
    except (AttributeError, ValueError):
        scores = [-float(i) for i in range(len(legal))]
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    return [(legal[i][0].kind, legal[i][0].speed) for i in order]


def decisions(events: Sequence[Mapping[str, Any]], sides_of: Mapping[str, int], only: int | None
              ) -> list[tuple[int, int, str, int, tuple[str, int]]]:
    """Each dial set in the file: (its event, the fork before its round's dials, ship, round, (kind, speed))."""
    out = []
    fork = -1
    for i, e in enumerate(events):
        if e.get("type") != "dial_set":
            continue
        if i == 0 or events[i - 1].get("type") != "dial_set":
            fork = i - 1
        ship = str(e.get("ship"))
        if only is None or sides_of.get(ship) == only:
            out.append((i, fork, ship, int(e.get("round") or 0), (str(e.get("kind")), int(e.get("speed") or 0))))
    return out


def grade(header: Mapping[str, Any], recorded: Sequence[Mapping[str, Any]], event: int, fork: int, ship: str,
          round_: int, chosen: tuple[str, int], seed: int, rollouts: int, alternatives: int
          ) -> tuple[int, list[tuple[tuple[str, int], list[Winner]]]]:
    """A worker's task: the chosen dial and the best ``alternatives`` others, each with its rollouts'
    winners (rollout i of each has the same seed)."""
    from engine.rulesets.attack_wing.rollout import continuation

    def wrap_with(maneuver: tuple[str, int] | None) -> Any:
        return lambda seat, ai: _Forcing(seat, ai, ship, round_, maneuver)

    try:
        continuation(header, recorded, fork, rollout_seed(seed, fork, 0), wrap_with(None))
        order: list[tuple[str, int]] = []
    except _Probed as probed:
        order = probed.ranked
    tried = [chosen, *[m for m in order if m != chosen][:alternatives]]
    out = []
    for maneuver in tried:
        winners: list[Winner] = []
        for i in range(rollouts):
            state = continuation(header, recorded, fork, rollout_seed(seed, event, i), wrap_with(maneuver)).state
            winners.append(None if state.result is None else state.result.winner)
        out.append((maneuver, winners))
    return event, out


def difference(k1: int, k2: int, n: int) -> tuple[float, float]:
    """Newcombe's 95% interval of p1 - p2 from two Wilson intervals (k1 and k2 of n each)."""
    p1, p2 = k1 / n, k2 / n
    l1, u1 = sidecar.wilson(k1, n)
    l2, u2 = sidecar.wilson(k2, n)
    d = p1 - p2
    return (max(-1.0, round(d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), 6)),
            min(1.0, round(d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2), 6)))


def label(maneuver: tuple[str, int]) -> str:
    kind, speed = maneuver
    return f"{abs(speed)} full-astern" if speed < 0 else f"{speed} {kind.replace('_', ' ')}"


def decision(event: int, round_: int, ship: str, side: int, sides: Sequence[str],
             tried: list[tuple[tuple[str, int], list[Winner]]]) -> sidecar.Decision:
    """The graded decision from its tried maneuvers' winners (the chosen one first)."""
    wins = [(m, sum(1 for w in ws if w == side), len(ws)) for m, ws in tried]
    chosen, k_chosen, n = wins[0]
    best, k_best, _ = max(wins, key=lambda w: (w[1], w is wins[0]))  # a tie keeps the chosen one
    lo, hi = difference(k_best, k_chosen, n) if n else (0.0, 0.0)
    return sidecar.Decision(
        event=event, round=round_, seat=sides[side], ship=ship, chosen=label(chosen), best=label(best),
        loss=round((k_best - k_chosen) / n, 6) if n else 0.0, interval=(lo, hi), mistake=lo > 0,
        alternatives=[sidecar.Alternative(maneuver=label(m), win=round(k / n, 6) if n else 0.0,
                                          interval=sidecar.wilson(k, n)) for m, k, n in wins])

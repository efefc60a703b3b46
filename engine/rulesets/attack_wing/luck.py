"""Luck over a game: each side's damage against the damage expected before each roll.

Read from the odds recorded in the log (``AttackOdds``) and what each attack did, so `trek replay
info` and the batch rows report it without the rules, the geometry or the odds' own arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.rulesets.attack_wing import events as ev


@dataclass
class SideLuck:
    """One side's attacks in a game: damage expected before each roll against damage rolled."""

    side: int
    attacks: int = 0
    expected: float = 0.0
    actual: int = 0
    percentiles: list[float] = field(default_factory=list)

    @property
    def mean_percentile(self) -> float | None:
        return sum(self.percentiles) / len(self.percentiles) if self.percentiles else None

    def as_json(self) -> dict[str, Any]:
        return {"side": self.side, "attacks": self.attacks, "expected_damage": round(self.expected, 4),
                "actual_damage": self.actual, "luck": round(self.actual - self.expected, 4),
                "mean_percentile": None if self.mean_percentile is None else round(self.mean_percentile, 4)}


def luck(events: Iterable[Any], joins: Callable[[Any], Iterable[ev.ShipSetup]] | None = None) -> list[SideLuck] | None:
    """Each side's luck over a game's events (typed Attack Wing events), from the odds recorded
    before every roll and what the attack did; None when the log has no odds (an older file).
    ``joins`` gives the ships an event brings into play after the game started, with their sides
    (Alliance's Enemy AI reinforcements); the rest come from ``GameStarted``.

    An attack's damage is its uncanceled results plus what the attacker's card added to them in the
    damage step (``AbilityUsed`` of the attacking ship in the "damage" window with an amount: Quantum
    Torpedoes' extra hit; not a defender's card there, as Riker's return fire at the attacker), which
    the recorded odds count and ``AttackResolved`` (emitted before that step) does not; for such an
    attack the percentile is worked out again from the recorded distribution of its damage."""
    sides: dict[str, int] = {}
    out = [SideLuck(0), SideLuck(1)]
    pending: dict[str, ev.AttackOdds] = {}
    # the last attack resolved (its side's luck, its odds, its result) and the damage its damage step
    # added: every "damage" window comes after its attack's AttackResolved and before the next
    # attack's odds, whatever else the log holds between (the batch rows read only LUCK.reads)
    last: tuple[SideLuck, ev.AttackOdds, ev.AttackResolved] | None = None
    added = 0
    seen = False

    def count() -> None:
        if last is not None:
            s, odds, resolved = last
            total = resolved.hits + resolved.crits + added
            s.actual += total
            pct = resolved.percentile if not added else damage_percentile(odds.damage, total)
            if pct is not None:
                s.percentiles.append(pct)

    for e in events:
        if isinstance(e, ev.AbilityUsed):
            # the attacker's own card adds to its attack (Quantum Torpedoes); a defender's card in
            # the same step deals damage of its own to the attacker (William T. Riker's return fire)
            if last is not None and adds_to_attack(e, last[2].ship):
                added += e.amount
        elif isinstance(e, ev.GameStarted | ev.AttackOdds | ev.AttackResolved):
            count()
            last, added = None, 0
            if isinstance(e, ev.GameStarted):
                sides = {s.id: s.side for s in e.ships}
            elif isinstance(e, ev.AttackOdds):
                seen = True
                pending[e.ship] = e
            elif e.ship in pending and e.ship in sides:
                s = out[sides[e.ship]]
                odds = pending.pop(e.ship)
                s.attacks += 1
                s.expected += odds.expected
                last = (s, odds, e)
        elif joins is not None:
            sides.update((ship.id, ship.side) for ship in joins(e))
    count()
    return out if seen else None


def adds_to_attack(event: Any, attacker: str) -> bool:
    """Whether ``event`` is the attacker's own card adding damage to its attack in the damage step
    (Quantum Torpedoes' extra hit), not a defender's card there dealing its own (Riker's return fire)."""
    return isinstance(event, ev.AbilityUsed) and event.window == "damage" and event.amount > 0 \
        and event.ship == attacker


def damage_percentile(damage: Sequence[float], total: int) -> float | None:
    """The mid-rank percentile of ``total`` damage in a recorded distribution (P(d) for d = 0, 1, ...):
    as ``Odds.percentile``, from the event's rounded probabilities."""
    if not damage:
        return None
    whole = sum(damage)
    below = sum(p for d, p in enumerate(damage) if d < total)
    equal = damage[total] if total < len(damage) else 0.0
    return round((2 * below + equal) / (2 * whole), 6)

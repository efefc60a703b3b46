"""Boarding parties and saboteurs: an "Action:" that discards upgrades of another ship (the
``discard_upgrade`` effect; the seat picks the ship and the cards, ``card_discarded`` events).
The Jem'Hadar-only purchase of Toman'Torax is fleet building."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation


def _not_cloaked(sit: Situation) -> bool:
    return not sit.owner.cloaked


def _boarding(count: int, words: str) -> tuple[Ability, ...]:
    """Klag's pattern: not cloaked, disable every remaining shield and discard this card; at a ship at
    Range 1-2, not cloaked and with no active shields: discard ``count`` of its crew upgrades."""
    return (Ability("action", Effect("discard_upgrade", count, targets="ships", reach=(1, 2), pick=True,
                                     upgrades=("crew",), exposed=True),
                    f"Action: his ship not cloaked: at a ship at Range 1-2, not cloaked and with no active shields, "
                    f"discard {words} of its crew upgrades", Cost(discard=True, shields=-1),
                    Condition(check=_not_cloaked)),)


CARDS: tuple[Card, ...] = (
    Card(("3009",), "Klag", "crew", _boarding(1, "one")),
    Card(("3015",), "Bochra", "crew", _boarding(1, "one")),
    Card(("3022",), "Follower of Khan", "crew", _boarding(1, "one")),
    Card(("3038",), "Parem", "crew", _boarding(1, "one")),
    Card(("3043",), "Korax", "crew", _boarding(2, "two")),
    Card(("3084",), "Toman'Torax", "crew", (
        Ability("action", Effect("discard_upgrade", targets="ships", reach=(1,), pick=True, upgrades=("crew",)),
                "Action: at a ship at Range 1 (cloaked or shielded too): discard one of its crew upgrades",
                Cost(discard=True)),), note="only a Jem'Hadar ship may buy it: fleet building"),
    Card(("3042",), "Sabotage", "talent", (
        Ability("action", Effect("discard_upgrade", targets="ships", reach=(1, 2), pick=True,
                                 upgrades=("weapon", "tech"), exposed=True),
                "Action: at a ship at Range 1-2, not cloaked and with no active shields: discard one of its "
                "weapon or tech upgrades", Cost(discard=True)),)),
)

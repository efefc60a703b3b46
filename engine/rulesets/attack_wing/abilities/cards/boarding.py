"""Cards that act on another ship's cards, or pay with their own ship's. Boarding parties and
saboteurs: an "Action:" that discards upgrades of another ship (the ``discard_upgrade`` effect; the
seat picks the ship and the cards, ``card_discarded`` events) or disables them all (Klingon
Boarding Party); the cards that resist an enemy crew card's discard or disable (Kira Nerys, Stex:
the ``resist`` window). Hikaru Sulu (2046) and Alidar Jarok (3121) pay with one of their own ship's
upgrades (``Cost.own``). The Jem'Hadar-only purchase of Toman'Torax and Kira's faction-penalty
waiver are fleet building."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards.common import not_at_each_other
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


def _resist(name: str) -> tuple[Ability, ...]:
    return (Ability("resist", Effect("resist", 2, "defense"), f"an enemy crew card would discard or disable upgrades "
                    f"of {name}'s ship: 2 defense dice; an evade result and its effect on the ship is ignored",
                    optional=False),)


CARDS: tuple[Card, ...] = (
    Card(("3048",), "Klingon Boarding Party", "crew", (
        Ability("action", Effect("disable_upgrade", 0, targets="ships", reach=(1, 2), pick=True,
                                 tokens=("battle_stations",), exposed=True),
                "Action: its ship not cloaked: at a ship at Range 1-2, not cloaked and with no active shields, "
                "disable every upgrade and remove every battle stations token", Cost(discard=True, shields=-1),
                Condition(check=_not_cloaked)),)),
    Card(("2030",), "Kira Nerys", "captain", _resist("Kira Nerys"),
         note="no faction penalty on a Federation ship: fleet building"),
    Card(("3075",), "Stex", "crew", _resist("Stex")),
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
    Card(("2046",), "Hikaru Sulu", "captain", (
        Ability("action", Effect("drop_lock", targets="enemy", pick=True, locking=True),
                "Action: an enemy ship holding a target lock on his ship loses it", Cost(own="crew")),)),
    Card(("3121",), "Alidar Jarok", "captain", not_at_each_other(
        "Action: a ship at Range 1-2 and his ship may not attack each other this round", (1, 2),
        Cost(own="talent", own_discard=True))),
    Card(("2034",), "Weyoun", "captain", (
        Ability("resist", Effect("protect", upgrades=("crew",)), "an enemy card would discard or disable crew "
                "upgrades of his ship: disable Weyoun to spare one of them for the round", Cost(disable=True)),)),
    Card(("3025",), "Cheat Death", "talent", (
        Ability("destroyed", Effect("survive"), "its ship just destroyed: discard this card; damage cards are "
                "removed, face up first, until the damage is one less than the Hull Value, and the rest flipped "
                "face down", Cost(discard=True)),)),
    Card(("3018",), "I Stab at Thee", "talent", (
        Ability("destroyed", Effect("blast", 3), "its ship just destroyed: 3 attack dice, whose hits and crits "
                "damage every other ship within Range 1 of it, no defense dice", optional=False),)),
    Card(("3124",), "Ultritium Explosives", "tech", (
        Ability("action", Effect("inflict", targets="ships", reach=(1, 2), pick=True, exposed=True),
                "Action: its ship not cloaked: at a ship at Range 1-2, not cloaked and with no active shields, "
                "1 critical damage", Cost(discard=True, shields=-1, own="crew", own_discard=True),
                Condition(check=_not_cloaked)),)),
)

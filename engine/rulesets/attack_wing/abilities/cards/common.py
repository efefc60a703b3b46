"""Building blocks the card modules share: the usual conditions, "this round" riders (an "Action:"
card marks ships for the round and its riders read the mark), and "any number of dice"."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.model import Ability, Condition, Cost, Effect, Situation

if TYPE_CHECKING:
    from engine.rulesets.attack_wing.state import ShipState

ANY = 99  # "any number of your dice": a reroll offer of every die it may touch, the seat picks
ATTACKING = Condition(role="attacker")
DEFENDING = Condition(role="defender")
MARKED_ATTACKING = Condition(role="attacker", scope="marked")
MARKED_DEFENDING = Condition(role="defender", scope="marked")
RANGES = (1, 2, 3)


def by_owner(sit: Situation) -> bool:
    """The attack is made by the card's ship."""
    return sit.attack is not None and sit.attack.attacker.id == sit.owner.id


def at_owner(sit: Situation) -> bool:
    """The attack is made against the card's ship."""
    return sit.attack is not None and sit.attack.defender.id == sit.owner.id


def is_owner(sit: Situation) -> bool:
    """The ship the rider acts on is the card's own ship (not another ship it marked)."""
    return sit.subject.id == sit.owner.id


def this_round(summary: str, cost: Cost | None = None, **effect: object) -> Ability:
    """An "Action:" that marks ships for the round (the card's own ship unless ``effect`` says whom)."""
    return Ability("action", Effect("mark", **effect), summary, cost or Cost())  # type: ignore[arg-type]


def target_ship(summary: str, reach: tuple[int, ...], cost: Cost | None = None, targets: str = "ships",
                **effect: object) -> Ability:
    """An "Action:" that marks one ship the seat picks within ``reach`` for the round."""
    return this_round(summary, cost, targets=targets, reach=reach, pick=True, **effect)


def attack_rider(amount: int, summary: str, role: str = "attacker", check: Callable[[Situation], bool] | None = None,
                 **condition: object) -> Ability:
    """A standing change to the attack dice this round: of the marked ship attacking (``role``
    "attacker") or of the ship attacking the marked one ("defender")."""
    return Ability("attack_dice", Effect("attack_dice", amount), summary,
                   condition=Condition(role=role, scope="marked", check=check, **condition),  # type: ignore[arg-type]
                   optional=False)


def defense_rider(amount: int, summary: str, role: str = "defender", check: Callable[[Situation], bool] | None = None,
                  **condition: object) -> Ability:
    """A standing change to the defense dice of the marked ship this round (``amount`` 0: none at all)."""
    effect = Effect("no_dice", dice="defense") if amount == 0 else Effect("defense_dice", amount, "defense")
    return Ability("defense_dice", effect, summary,
                   condition=Condition(role=role, scope="marked", check=check, **condition),  # type: ignore[arg-type]
                   optional=False)


def no_free(summary: str, *actions: str) -> Ability:
    """This round the card's ship may not perform these actions as free actions (none named: any)."""
    return Ability("free_action", Effect("forbid_action", actions=actions), summary,
                   condition=Condition(scope="marked", check=is_owner), optional=False)


def dice(kind: str, amount: int, summary: str, condition: Condition, cost: Cost | None = None,
         optional: bool = True) -> Ability:
    """A change to how many ``kind`` dice are rolled in this attack (steps 3 and 5)."""
    window = "attack_dice" if kind == "attack" else "defense_dice"
    return Ability(window, Effect(window, amount, "attack" if kind == "attack" else "defense"),  # type: ignore[arg-type]
                   summary, cost or Cost(), condition, optional)


# --- cards that count something (upgrades of a type, damage cards, friendly ships) -----------------

@functools.cache
def _upgrade_cards() -> dict[str, tuple[str, str]]:
    """Catalog upgrade id -> (type, faction)."""
    from engine.catalog import load_catalog  # the catalog is static data, read once
    return {u.id: (u.type, u.faction) for u in load_catalog().upgrades()}


@functools.cache
def _captain_factions() -> dict[str, str]:
    from engine.catalog import load_catalog
    return {c.id: c.faction for c in load_catalog().captains()}


def upgrades(ship: ShipState, kind: str | None = None, ready: bool = False) -> int:
    """The upgrades (of type ``kind``) deployed to the ship: not discarded, and not disabled when
    ``ready``."""
    index = _upgrade_cards()
    return sum(1 for c in ship.cards if c in index and (kind is None or index[c][0] == kind)
               and c not in ship.cards_discarded and not (ready and c in ship.cards_disabled))


def has_faction(ship: ShipState, faction: str, upgrades_too: bool = True) -> bool:
    """The ship is of the faction, or has a captain (or an upgrade) of it (Enemy of the Empire, Klaang)."""
    index, captains = _upgrade_cards(), _captain_factions()
    return ship.faction == faction or any(captains.get(c) == faction
                                          or (upgrades_too and index.get(c, ("", ""))[1] == faction)
                                          for c in ship.cards)


def weapon_faction(sit: Situation) -> str | None:
    """The faction of the weapon upgrade fired in this attack (None: the primary weapon)."""
    weapon = None if sit.attack is None else sit.attack.weapon
    return None if weapon is None else _upgrade_cards().get(weapon.upgrade_id, ("", ""))[1]


def per_count(count: Callable[[Situation], int], most: int, make: Callable[[int, Condition], Ability],
              condition: Condition) -> tuple[Ability, ...]:
    """One ability for each count 1..``most`` of something (``most``: that many or more): the card's
    "+1 for each ..., max N", as abilities of which exactly one holds at a time."""
    first = condition.check

    def exactly(n: int) -> Callable[[Situation], bool]:
        return lambda sit: (first is None or first(sit)) and (count(sit) >= n if n == most else count(sit) == n)
    return tuple(make(n, replace(condition, check=exactly(n))) for n in range(1, most + 1))


BAR_ACTIONS = ("evasive_maneuvers", "target_lock", "scan", "battle_stations", "cloak", "sensor_echo")


def free(summary: str, actions: tuple[str, ...] = BAR_ACTIONS, cost: Cost | None = None,
         check: Callable[[Situation], bool] | None = None) -> Ability:
    """A free action from the ship's Action Bar, after its Perform Action step (rulings.md)."""
    return Ability("free_action", Effect("free_action", actions=actions, bar_only=True), summary,
                   cost or Cost(), Condition(check=check))


def behind_target(sit: Situation) -> bool:
    """The card's ship is outside the defender's forward firing arc."""
    from engine.rulesets.attack_wing.measure import arc_check

    attack = sit.attack
    if attack is None:
        return False
    defender = sit.state.ship(attack.defender.id)
    return not arc_check(rules.placed(defender), rules.placed(sit.owner), defender.front_arc or 90.0).in_arc


def green(sit: Situation) -> bool:
    """The card's ship revealed a green maneuver this round."""
    return sit.owner.revealed is not None and sit.owner.revealed[2] == "green"


def not_at_each_other(summary: str, reach: tuple[int, ...], cost: Cost) -> tuple[Ability, ...]:
    """An Action: a ship within ``reach`` and the card's ship may not attack each other this round."""
    return (target_ship(summary, reach, cost),
            Ability("declare_target", Effect("cannot_attack", targets="pair"),
                    "the marked ship and the card's ship do not attack each other", optional=False))

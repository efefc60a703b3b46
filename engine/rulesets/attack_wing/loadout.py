"""From catalog cards to a ship entering the game: stats, captain skill, dial, weapons.

Secondary weapons: the data carries attack and range only; how each printing fires (its arcs,
target lock and cost) is ``weapon_table.WEAPONS``, read once from its card's text
(scripts/make_weapon_table.py; rulings.md "Secondary weapons"). A weapon upgrade the table does not
know fires from the front arc and is disabled after firing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.catalog import Admiral, Captain, Catalog, Ship, Upgrade
from engine.rulesets.attack_wing.abilities.printed import SHIP_WEAPONS, prints_ability
from engine.rulesets.attack_wing.events import ShipSetup, WeaponSetup
from engine.rulesets.attack_wing.rules import is_squadron
from engine.rulesets.attack_wing.weapon_table import WEAPONS, Cost, Lock

# a weapon upgrade the table does not know (a catalog newer than the table): the rulebook's default
UNKNOWN_WEAPON: Final[tuple[tuple[str, ...], Lock, Cost, int]] = (("front",), "none", "disable", 0)


def weapon_setup(upgrade: Upgrade) -> WeaponSetup | None:
    """The weapon an upgrade gives, or None when it has no attack and range to fire with."""
    if upgrade.type != "weapon" or upgrade.attack is None or upgrade.range is None or upgrade.attack <= 0:
        return None
    arcs, lock, _, time = WEAPONS.get(upgrade.id, UNKNOWN_WEAPON)
    return WeaponSetup(upgrade_id=upgrade.id, name=upgrade.name, attack=upgrade.attack,
                       range_min=upgrade.range.min, range_max=upgrade.range.max, arcs=arcs,
                       needs_target_lock=lock != "none", time=time)


def weapon_cost(upgrade_id: str) -> Cost:
    """What firing the weapon costs its card: disabled, discarded, or Time Tokens placed on it."""
    return WEAPONS.get(upgrade_id, UNKNOWN_WEAPON)[2]


def spends_lock(upgrade_id: str) -> bool:
    """Whether firing the weapon spends the target lock on the defender (not only asks for one)."""
    return WEAPONS.get(upgrade_id, UNKNOWN_WEAPON)[1] == "spend"


def squadron_tokens(ship: Ship) -> int:
    """An Attack Squadron's stack of Attack Squadron Tokens (tournament "Attack Squadrons"): "Each
    Squadron will have the 4 ASTs stacked on it ... if a Squadron is unique, place a 5th AST on top".
    Its Hull Value in the game is the stack: one token lost per point of hull damage (rulings.md)."""
    return 5 if ship.unique else 4


def ship_setup(catalog: Catalog, ship_ref: str, side: int, ship: Ship, captain: Captain | None,
               upgrades: Sequence[Upgrade], cost: int, admiral: Admiral | None = None) -> ShipSetup:
    """The numbers a ship plays with. ``cost`` is its fleet points (ship, captain, upgrades); a
    face-up ``admiral``'s card is among its cards (its skill modifier is the fleet's to add), and the
    ship card itself, last, when it prints an ability (``abilities.printed``)."""
    cls = catalog.class_of(ship)
    weapons = tuple(w for w in (weapon_setup(u) for u in upgrades) if w is not None)
    if ship.id in SHIP_WEAPONS:  # the ship card's own weapon (the Enterprise-D's fire in any direction)
        name, attack, low, high, arcs = SHIP_WEAPONS[ship.id]
        weapons += (WeaponSetup(upgrade_id=ship.id, name=name, attack=attack, range_min=low, range_max=high,
                                arcs=arcs, needs_target_lock=False),)
    return ShipSetup(
        id=ship_ref, side=side, name=ship.name, ship_id=ship.id, class_name=cls.name, faction=ship.faction,
        base=cls.base_size, captain=captain.name if captain else "(no captain)",
        skill=captain.skill if captain else 1, attack=ship.attack, agility=ship.agility,
        hull=squadron_tokens(ship) if is_squadron(cls.name) else ship.hull,
        shields=ship.shields, cost=cost, actions=tuple(ship.actions), front_arc=cls.front_arc,
        rear_arc=cls.rear_arc, has_360_arc=cls.has_360_arc,
        dial=tuple((m.kind, m.speed, m.colour) for m in cls.maneuvers), weapons=weapons,
        upgrades=tuple(u.name for u in upgrades),
        cards=tuple([*([captain.id] if captain else []), *([admiral.id] if admiral else []),
                     *(u.id for u in upgrades), *([ship.id] if prints_ability(ship) else [])]),
    )

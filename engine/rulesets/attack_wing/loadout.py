"""From catalog cards to a ship entering the game: stats, captain skill, dial, weapons.

Secondary weapons: the data carries attack and range only, so their rules come from this
table, in the project's words (rulings.md "Secondary weapons"). A weapon upgrade with
numbers and no entry here fires from the front arc and is disabled after firing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.catalog import Admiral, Captain, Catalog, Ship, Upgrade
from engine.rulesets.attack_wing.abilities.printed import SHIP_WEAPONS, prints_ability
from engine.rulesets.attack_wing.events import ShipSetup, WeaponSetup
from engine.rulesets.attack_wing.rules import is_squadron


@dataclass(frozen=True, slots=True)
class WeaponRule:
    arcs: tuple[str, ...]
    needs_target_lock: bool


TORPEDO: Final = WeaponRule(("front", "rear"), True)
SUPPORTED_WEAPONS: Final[dict[str, WeaponRule]] = {
    # "Spend your target lock on the defender and disable this card; fire from the front or rear arc."
    "Photon Torpedoes": TORPEDO,
    "Quantum Torpedoes": TORPEDO,
    "Photonic Torpedoes": TORPEDO,
    "Xindi Torpedoes": TORPEDO,
    "Concussive Charges": TORPEDO,
    "Photon Torpedoes (Reman Bonus)": TORPEDO,
    "Photon Torpedoes (Prometheus Bonus)": TORPEDO,
    "Photonic Weapon": TORPEDO,
    "Plasma Torpedoes": TORPEDO,
    "Chroniton Torpedoes": TORPEDO,
    # "Spend your target lock on the defender and disable this card; fire from the front arc."
    "Photon Torpedoes (Vor'cha Bonus)": WeaponRule(("front",), True),
    "Photon Torpedoes (Negh'Var Bonus)": WeaponRule(("front",), True),
    "Nuclear Missiles": WeaponRule(("front",), True),
    "Enhanced Weaponry": WeaponRule(("front",), True),
    "Energy Blast": WeaponRule(("front",), True),
    "Tricobalt Warhead": WeaponRule(("front",), True),
    # "Disable this card; fire from the front arc."
    "Forward Weapons Grid": WeaponRule(("front",), False),
    "Phaser Strike": WeaponRule(("front",), False),
    "Phased Polaron Beam": WeaponRule(("front",), False),
    # "Disable this card; fire from the rear arc."
    "Aft Weapons Array": WeaponRule(("rear",), False),
    "Aft Particle Beam": WeaponRule(("rear",), False),
    "Aft Phaser Emitter": WeaponRule(("rear",), False),
    "Aft Phase Cannon": WeaponRule(("rear",), False),
    # "Disable this card; fire from the front or rear arc."
    "Plasma Cannons": WeaponRule(("front", "rear"), False),
    # "Disable this card; fire in any direction."
    "Dorsal Weapons Array": WeaponRule(("any",), False),
    "Rotating Emitters": WeaponRule(("any",), False),
}
DEFAULT_RULE: Final = WeaponRule(("front",), False)
# weapons whose card places Time Tokens on it to fire, instead of disabling it (how many), by id
TIME_TOKENS: Final[dict[str, int]] = {
    "advanced_weaponry_72025": 3, "aft_photon_torpedoes_72225p": 3, "aft_torpedo_launcher_72018": 3,
    "concussive_charges_72009": 3, "disruptor_banks_72328": 3, "high_yield_photon_torpedoes_72320p": 3,
    "improved_phasers_72350": 2, "particle_cannon_array_72025": 2, "photon_torpedoes_72005p": 3,
    "photon_torpedoes_72008": 3, "photon_torpedoes_72009": 3, "photon_torpedoes_72010": 3,
    "photon_torpedoes_72014": 3, "photon_torpedoes_72334": 3, "photonic_charges_72018": 3,
    "photonic_missiles_72014": 3, "plasma_torpedoes_72010": 3, "plasma_torpedoes_72333": 3,
    "pulse_phased_weapons_72226p": 3, "quantum_torpedoes_72008": 3, "quantum_torpedoes_72022": 3,
    "torpedo_strike_72019": 3, "xindi_torpedoes_72335": 3, "xindi_torpedoes_72338": 3, "xindi_torpedoes_72341": 3,
}


def weapon_setup(upgrade: Upgrade) -> WeaponSetup | None:
    """The weapon an upgrade gives, or None when it has no attack and range to fire with."""
    if upgrade.type != "weapon" or upgrade.attack is None or upgrade.range is None or upgrade.attack <= 0:
        return None
    rule = SUPPORTED_WEAPONS.get(upgrade.name, DEFAULT_RULE)
    return WeaponSetup(upgrade_id=upgrade.id, name=upgrade.name, attack=upgrade.attack,
                       range_min=upgrade.range.min, range_max=upgrade.range.max, arcs=rule.arcs,
                       needs_target_lock=rule.needs_target_lock, time=TIME_TOKENS.get(upgrade.id, 0))


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

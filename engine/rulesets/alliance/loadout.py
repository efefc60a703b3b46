"""Enemy Loadout cards: Captain Skill, elite abilities, ID tokens and shields.

Every Enemy AI ship is dealt one of its type's Loadout cards, standard or Elite side up as the
mission's Enemy Ships table says. The standard sides are alike (Captain Skill 1, no ability);
the Elite sides have Captain Skill 4 and differ. The rulebook text shows two Elite abilities of
the Jem'Hadar Attack Ship's six cards; the other four are ours (rulings.md "Alliance").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from engine.catalog import Catalog
from engine.rulesets.alliance.logic import LogicCard
from engine.rulesets.alliance.state import ENEMY
from engine.rulesets.attack_wing.events import ShipSetup
from engine.rulesets.attack_wing.state import ShipState

STANDARD_SKILL: Final = 1
ELITE_SKILL: Final = 4
LOADOUTS_PER_TYPE: Final = 6

Ability = Literal["", "unshielded_fury", "reinforced_shields", "armoured_hull", "desperate_evasion",
                  "target_weak_point", "gunnery_drills"]


@dataclass(frozen=True, slots=True)
class EliteAbility:
    key: Ability
    title: str
    text: str
    source: str  # "rulebook" or "ours"
    shields: int = 0  # added to the printed Shield Value
    hull: int = 0  # added to the printed Hull Value


ELITE_ABILITIES: Final[tuple[EliteAbility, ...]] = (
    EliteAbility("unshielded_fury", "Unshielded Fury",
                 "When attacking: if this ship has no Active Shields, roll +1 attack die.", "rulebook"),
    EliteAbility("reinforced_shields", "Reinforced Shields",
                 "This ship's Shield Value is its printed Shield Value +3.", "rulebook", shields=3),
    EliteAbility("armoured_hull", "Armoured Hull", "This ship's Hull Value is its printed Hull Value +1.", "ours",
                 hull=1),
    EliteAbility("desperate_evasion", "Desperate Evasion",
                 "When defending: if this ship has no Active Shields, roll +1 defense die.", "ours"),
    EliteAbility("target_weak_point", "Target Weak Point",
                 "When attacking a ship that has no Active Shields, roll +1 attack die.", "ours"),
    EliteAbility("gunnery_drills", "Gunnery Drills",
                 "When attacking: you may reroll 1 blank attack die.", "ours"),
)
ABILITIES: Final = {a.key: a for a in ELITE_ABILITIES}


def elite_ability(card: int) -> EliteAbility:
    """The Elite side of loadout card ``card`` (1 to 6)."""
    return ELITE_ABILITIES[(card - 1) % len(ELITE_ABILITIES)]


def enemy_ship_setup(catalog: Catalog, logic: LogicCard, ship_ref: str, number: int, card: int, elite: bool
                     ) -> ShipSetup:
    """An Enemy AI ship as it enters the game: the Logic card's stats, its Loadout card's Captain
    Skill and stat changes, the catalog class's dial (for colours), arcs and base."""
    cls = catalog.ship_class(logic.ship_class)
    ship = catalog.ship(logic.catalog_ship)
    ability = elite_ability(card) if elite else None
    side = "Elite" if elite else "standard"
    return ShipSetup(
        id=ship_ref, side=ENEMY, name=f"{logic.name} #{number}", ship_id=ship.id, class_name=cls.name,
        faction=logic.faction, base=cls.base_size, captain=f"Loadout {card}/{LOADOUTS_PER_TYPE} ({side})",
        skill=ELITE_SKILL if elite else STANDARD_SKILL, attack=logic.attack, agility=logic.agility,
        hull=logic.hull + (ability.hull if ability else 0),
        shields=logic.shields + (ability.shields if ability else 0), cost=0,
        actions=("evasive_maneuvers", "scan", "battle_stations"), front_arc=cls.front_arc, rear_arc=cls.rear_arc,
        has_360_arc=cls.has_360_arc, dial=tuple((m.kind, m.speed, m.colour) for m in cls.maneuvers),
        upgrades=(f"Enemy Logic: {logic.key}", *([f"Elite: {ability.title}"] if ability else [])),
    )


# --- abilities in combat ---------------------------------------------------------------------------

def attack_bonus(ability: str, attacker: ShipState, defender: ShipState) -> tuple[int, str]:
    """Extra attack dice an Elite ability gives the attacker."""
    if ability == "unshielded_fury" and attacker.shields == 0:
        return 1, "Unshielded Fury +1"
    if ability == "target_weak_point" and defender.shields == 0:
        return 1, "Target Weak Point +1"
    return 0, ""


def defense_bonus(ability: str, defender: ShipState) -> tuple[int, str]:
    if ability == "desperate_evasion" and defender.shields == 0:
        return 1, "Desperate Evasion +1"
    return 0, ""


def blank_rerolls(ability: str) -> int:
    """Attack dice an ability may reroll while blank (policy step B)."""
    return 1 if ability == "gunnery_drills" else 0

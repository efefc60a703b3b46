"""The AI's scale for card abilities (``advice``): what an attack die, a defense die, a token, a
shield and a point of expected damage are worth against the rulebook's actions, and the exact-odds
helpers every part of the advice reads (an enemy's best attack at a ship, the ship's own)."""

from __future__ import annotations

from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.model import Cost
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState

DIE_VALUE = 0.8  # an attack die this round for a ship with something to shoot
ENEMY_DIE_VALUE = 0.2  # an enemy's extra attack die at this ship (it may be destroyed before it fires)
DEFENSE_DIE = 0.25  # times the fire the ship is under: one more defense die (the AI's Evasive Maneuvers)
BATTLE_STATIONS_ATTACK = 1.1  # a battle stations token to a ship with a target (its results become hits)
CRIT_OVER_HIT = 0.3  # one of those results a critical hit instead
AUX_POWER = 0.5  # an auxiliary power token: next round's red maneuvers are barred
TOKEN_VALUE = 0.5  # an evade, scan or battle stations token a card places beside a ship
SHIELD_COST = 0.3  # an active shield disabled to pay for a card
MUON_REMOVAL = 1.7  # the AI's action removing its own Muon Token (its later maneuvers cost hull)
OWN_SHIP_LOST = 10.0  # an effect that would destroy a ship of ours: never worth it (a judgement of the AI's)
DAMAGE_VALUE = 1.6  # a point of expected damage dealt or spared (an attack die, DIE_VALUE, adds about half)


def _threat_to(state: GameState, enemy: ShipState, ship: ShipState) -> float:
    """The enemy's dice at ``ship`` when it can attack it now (0 otherwise)."""
    return float(enemy.attack) if any(o.defender == ship.id for o in rules.attack_options(state, enemy)) else 0.0


def _expected(state: GameState, attacker: ShipState, option: AttackOption, extra: int = 0) -> float:
    """The exact expected damage of one attack option (the ships' tokens as they stand)."""
    return odds_for(attacker, state.ship(option.defender), option.weapon, option.band, False,
                    extra_attack=extra).expected_damage


def _best_at(state: GameState, enemy: ShipState, ship: ShipState, extra: int = 0) -> tuple[float, float]:
    """(the expected damage of the enemy's best attack on ``ship`` now, the chance it picks
    ``ship``: one over the ships it may attack); (0, 0) when it cannot attack it."""
    options = rules.attack_options(state, enemy)
    at = [o for o in options if o.defender == ship.id]
    if not at:
        return 0.0, 0.0
    return max(_expected(state, enemy, o, extra) for o in at), 1.0 / len({o.defender for o in options})


def _own_attack(state: GameState, ship: ShipState) -> float:
    """The expected damage of the ship's best attack now (0: nothing to shoot)."""
    return max((_expected(state, ship, o) for o in rules.attack_options(state, ship)), default=0.0)


def _cost(cost: Cost) -> float:
    return (0.3 if cost.discard else 0.1 if cost.disable else 0.0) + (AUX_POWER if cost.aux_power else 0.0) \
        + ((0.4 if cost.own_discard else 0.2) if cost.own else 0.0) \
        + (0.4 if cost.token else 0.0) + (0.2 if cost.limit == "game" else 0.0) + 0.1 * cost.time \
        + SHIELD_COST * max(cost.shields, 0)


TOKEN_WORTH = {"battle_stations": 0.8, "evade": 0.7, "scan": 0.5, "target_lock": 0.9}  # to the ship holding it
SHIELD_VALUE = 0.9  # a shield repaired (about a hit it will stop; more under fire)


def _fire_at(state: GameState, ship: ShipState) -> float:
    """The expected damage the enemies' attacks this round deal the ship: each one's best attack at
    it (exact odds) times the chance it picks it."""
    total = 0.0
    for enemy in state.enemies(ship):
        damage, chance = _best_at(state, enemy, ship)
        total += damage * chance
    return total


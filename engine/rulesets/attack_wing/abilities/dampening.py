"""The Energy Dampening Token (Energy Dissipator 3059; the token's reference card).

The Dissipator's attack that hits deals no damage: the ship it hits receives the token (an
``ability_used`` of the card in the ``damage`` window, then ``tokens_changed`` "dampening"), at once
disables every remaining active shield and loses its cloak token; the card marks its own ship, which
may then attack the same ship at once with another weapon (window ``extra_attack``). While a ship
has the token it makes no attack and its disabled shields are not raised in the End Phase; in the
next Planning Phase its seat sets no dial of its own: the ship performs a white 1 straight, after
which every token is removed (``tokens_changed``) and it acts and attacks as normal.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing import rules
from engine.rulesets.attack_wing.abilities.model import AttackContext
from engine.rulesets.attack_wing.abilities.registry import CARDS
from engine.rulesets.attack_wing.abilities.windows import Table, _used, candidates
from engine.rulesets.attack_wing.maneuvers import Maneuver
from engine.rulesets.attack_wing.odds import odds_for
from engine.rulesets.attack_wing.rules import AttackOption
from engine.rulesets.attack_wing.state import GameState, ShipState

TOKEN = "Energy Dampening Token"
MANEUVER = Maneuver("straight", 1)  # "as if it were assigned a White 1 straight"


def dampens(t: Any, attack: AttackContext, results: int) -> bool:
    """After the compare step: the attack's weapon card turns a hit into the token (no damage)."""
    table: Table = t
    if not results:
        return False
    for found in list(candidates(table.state, table.state.ship(attack.attacker.id), "damage", attack)):
        owner, _, card, _, ability = found
        if ability.effect.kind != "dampen":
            continue
        defender = table.state.ship(attack.defender.id)
        _used(table, found, "damage", None, defender.id, marks=(owner.id,))
        table.emit(ev.TokensChanged, ship=defender.id, token="dampening", delta=1, cause=card.name)
        if defender.shields:
            table.emit(ev.ShieldsChanged, ship=defender.id, active=0,
                       disabled=defender.shields + defender.shields_disabled, cause=TOKEN)
        if defender.cloak != "none":
            table.emit(ev.CloakChanged, ship=defender.id, cloak="none", cause=TOKEN)
        return True
    return False


def after_maneuver(t: Any, ship_id: str) -> None:
    """The ship's white 1 straight made: every token comes off (it acts and attacks as normal)."""
    table: Table = t
    ship = table.state.ship(ship_id)
    if ship.dampening:
        table.emit(ev.TokensChanged, ship=ship_id, token="dampening", delta=-ship.dampening,
                   cause=f"{TOKEN}: its maneuver made")


def worth(state: GameState, ship: ShipState, option: AttackOption) -> tuple[float, str]:
    """For the AI's choice of attack: the Dissipator's own expected damage is none; with the chance
    it hits, the best attack of another weapon at the ship then unshielded (exact odds), and the
    ship's own attack lost when it has not attacked yet."""
    weapon = option.weapon
    if weapon is None or not any(a.effect.kind == "dampen" for a in getattr(CARDS.get(weapon.upgrade_id),
                                                                             "abilities", ())):
        return 0.0, ""
    defender = state.ship(option.defender)
    odds = odds_for(ship, defender, weapon, option.band, False)
    bare = defender.__class__(**{**{f: getattr(defender, f) for f in defender.__dataclass_fields__},
                                 "shields": 0, "shields_disabled": defender.shields + defender.shields_disabled,
                                 "cloak": "none"})
    follow = max((odds_for(ship, bare, o.weapon, o.band, False).expected_damage
                  for o in rules.attack_options(state, ship)
                  if o.defender == defender.id and (o.weapon is None or o.weapon.upgrade_id != weapon.upgrade_id)),
                 default=0.0)
    silenced = 0.0 if defender.attacked else 0.5 * defender.attack
    value = odds.p_damage * (follow + silenced) - odds.expected_damage
    return value, (f"Energy Dampening Token {odds.p_damage:.0%} likely: then {follow:.2f} expected damage with another "
                   f"weapon at it unshielded" + (", and it does not attack" if silenced else ""))

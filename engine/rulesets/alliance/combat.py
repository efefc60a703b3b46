"""Combat steps 3 to 8 in an Alliance mission, with the Enemy AI's dice policy.

Rulebook "Combat Phase: Enemy AI ships", in its lettered steps:

Modify attack dice (maximize hits and crits, at the first opportunity):
  A. a target lock on the defender: spend it to reroll every blank (and every battle stations
     result when the ship has no battle stations token, since those count as blanks);
  B. abilities that reroll attack dice still blank (an Elite loadout's Gunnery Drills);
  C. a battle stations token: spend it to turn every battle stations result into a hit.
Modify defense dice (spend only when it saves damage):
  A. abilities that reroll blank defense dice (none in our cards);
  B. uncanceled hits or crits and at least one battle stations result: spend a battle stations
     token to turn every battle stations result into an evade;
  C. still uncanceled hits or crits: spend an evade token to add an evade.

Player ships follow the same policy (the Attack Wing engine's, rulings.md "Dice spending
policy"); Elite loadout abilities add dice here. The events are Attack Wing's.
"""

from __future__ import annotations

from engine.rulesets.attack_wing import combat as aw_combat
from engine.rulesets.attack_wing.rules import AttackOption

Table = aw_combat.Table


def resolve_attack(t: Table, option: AttackOption, line: tuple[tuple[float, float], tuple[float, float]],
                   obstructed: bool, reason: str, *, attack_bonus: tuple[int, str] = (0, ""),
                   defense_bonus: tuple[int, str] = (0, ""), blank_rerolls: int = 0) -> None:
    """Steps 3 to 8 of one declared attack (the attacker is ``t.state.active``): the Attack Wing
    combat steps, with the Elite loadouts' extra dice and Gunnery Drills' blank rerolls."""
    aw_combat.resolve_attack(t, option, line, obstructed, reason, attack_bonus=attack_bonus,
                             defense_bonus=defense_bonus, blank_rerolls=(blank_rerolls, "Gunnery Drills"))

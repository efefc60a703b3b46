"""Weapon upgrades. How a weapon fires (arcs, the target lock it spends, disabled after firing) is
``loadout``'s weapon table; these are the weapon texts beyond that."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Effect

_THIS = Condition(role="attacker", weapon="this")
_BS_TO_CRIT = Ability("modify_attack", Effect("convert", 1, "attack", ("battle_stations",), "crit"),
                      "one battle stations result becomes a critical hit", condition=_THIS)


def _bonus_die(classes: tuple[str, ...]) -> Ability:
    return Ability("attack_dice", Effect("attack_dice", 1), f"+1 attack die fired from a {' or '.join(classes)}",
                   condition=Condition(role="attacker", weapon="this", classes=classes), optional=False)


CARDS: tuple[Card, ...] = (
    Card(("3006", "3024", "3036", "3045", "3073"), "Photon Torpedoes", "weapon", (_BS_TO_CRIT,)),
    Card(("3058", "photon_torpedoes_3rd_wing_attack_ship"), "Photon Torpedoes", "weapon", (),
         note="fires by the weapon table alone"),
    Card(("photon_torpedoes_71524",), "Photon Torpedoes", "weapon", (_bonus_die(("Jem'Hadar Battle Cruiser",)),)),
    Card(("3010",), "Photon Torpedoes (Vor'cha Bonus)", "weapon", (_bonus_die(("Vor'cha Class",)),)),
    Card(("3051",), "Photon Torpedoes (Negh'Var Bonus)", "weapon", (_bonus_die(("Negh'var Class",)),)),
    Card(("3067", "quantum_torpedoes_71510b"), "Quantum Torpedoes", "weapon", (
        Ability("damage", Effect("add_damage", 1), "an attack that hits deals one more hit",
                condition=Condition(role="attacker", weapon="this", hit=True), optional=False),)),
    Card(("3016", "plasma_torpedoes_71278"), "Plasma Torpedoes", "weapon", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "reroll every blank once",
                condition=_THIS),)),
    Card(("3081", "phased_polaron_beam_71279"), "Phased Polaron Beam", "weapon", (
        Ability("damage", Effect("ignore_shields"), "its damage goes past the defender's shields to the hull",
                condition=_THIS, optional=False),),
        note="its +5 cost on a non-Jem'Hadar ship is fleet building"),
    Card(("3078",), "Nuclear Missiles", "weapon", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("blank",)), "reroll one blank once",
                condition=_THIS),)),
    Card(("3103",), "Additional Weapons Array", "weapon", (_BS_TO_CRIT,)),
    Card(("3096",), "Enhanced Weaponry", "weapon", (_bonus_die(("Cardassian Keldon Class",)),)),
)

"""Weapon upgrades. How a weapon fires (arcs, the target lock it spends, disabled after firing) is
``loadout``'s weapon table; these are the weapon texts beyond that."""

from __future__ import annotations

from engine.rulesets.attack_wing.abilities.cards.common import ANY
from engine.rulesets.attack_wing.abilities.model import Ability, Card, Condition, Cost, Effect, Situation

_THIS = Condition(role="attacker", weapon="this")
_BS_TO_CRIT = Ability("modify_attack", Effect("convert", 1, "attack", ("battle_stations",), "crit"),
                      "one battle stations result becomes a critical hit", condition=_THIS)


def _bonus_die(classes: tuple[str, ...], amount: int = 1) -> Ability:
    return Ability("attack_dice", Effect("attack_dice", amount),
                   f"+{amount} attack di{'e' if amount == 1 else 'ce'} fired from a {' or '.join(classes)}",
                   condition=Condition(role="attacker", weapon="this", classes=classes), optional=False)


def _primary(summary: str, amount: int = 1, **condition: object) -> Ability:
    """A standing +``amount`` attack dice to the ship's primary weapon attacks."""
    return Ability("attack_dice", Effect("attack_dice", amount), summary,
                   condition=Condition(role="attacker", weapon="primary", **condition),  # type: ignore[arg-type]
                   optional=False)


def _unshielded(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.defender.shields == 0


def _photonic_charges(sit: Situation) -> bool:
    return sit.attack is not None and sit.attack.weapon is not None and sit.attack.weapon.name == "Photonic Charges"


CARDS: tuple[Card, ...] = (
    Card(("3006", "3024", "3036", "3045", "3073", "photon_torpedoes_71528",
          "photon_torpedoes_71796", "photon_torpedoes_71806"), "Photon Torpedoes", "weapon", (_BS_TO_CRIT,)),
    Card(("3058", "photon_torpedoes_3rd_wing_attack_ship", "photon_torpedoes_71646a", "photon_torpedoes_i_k_s_b_moth",
          "photon_torpedoes_u_s_s_yaeger"), "Photon Torpedoes", "weapon", (),
         note="fires by the weapon table alone"),
    Card(("photon_torpedoes_71524",), "Photon Torpedoes", "weapon", (_bonus_die(("Jem'Hadar Battle Cruiser",)),)),
    Card(("3010",), "Photon Torpedoes (Vor'cha Bonus)", "weapon", (_bonus_die(("Vor'cha Class",)),)),
    Card(("3051",), "Photon Torpedoes (Negh'Var Bonus)", "weapon", (_bonus_die(("Negh'var Class",)),)),
    Card(("3067", "quantum_torpedoes_71510b"), "Quantum Torpedoes", "weapon", (
        Ability("damage", Effect("add_damage", 1), "an attack that hits deals one more hit",
                condition=Condition(role="attacker", weapon="this", hit=True), optional=False),)),
    Card(("3016", "plasma_torpedoes_71278", "plasma_torpedoes_opwebprize"), "Plasma Torpedoes", "weapon", (
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
    Card(("photon_torpedoes_71531",), "Photon Torpedoes", "weapon", (_bonus_die(("Sovereign Class",)),)),
    Card(("photon_torpedoes_71802",), "Photon Torpedoes (Prometheus Bonus)", "weapon",
         (_bonus_die(("Prometheus Class",)),)),
    Card(("photon_torpedoes_71279",), "Photon Torpedoes", "weapon", (_bonus_die(("Jem'Hadar Battleship",), 2),)),
    Card(("photon_torpedoes_71533",), "Photon Torpedoes (Reman Bonus)", "weapon",
         (_bonus_die(("Reman Warbird",), 2),)),
    Card(("energy_blast_71281",), "Energy Blast", "weapon", (_bonus_die(("Species 8472 Bioship",), 2),)),
    Card(("photonic_weapon_71446",), "Photonic Weapon", "weapon", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("blank",)), "reroll one blank", condition=_THIS),)),
    Card(("photonic_weapon_71646e",), "Photonic Weapon", "weapon", (
        Ability("modify_attack", Effect("reroll", 0, "attack", ("blank",)), "reroll every blank once",
                condition=_THIS),)),
    Card(("type_8_phaser_array_71998p",), "Type 8 Phaser Array", "weapon",
         (_primary("+1 attack die to primary weapon attacks"),),
         note="only a ship of primary weapon 3 or less may take it: fleet building"),
    Card(("additional_phaser_array_72000p",), "Additional Phaser Array", "weapon",
         (_primary("+1 attack die to primary weapon attacks from the forward arc", front_arc=True),),
         note="only a D'deridex class may take it: fleet building"),
    Card(("phaser_array_retrofit_71996",), "Phaser Array Retrofit", "weapon", (
        _primary("+1 attack die to primary weapon attacks at Range 3", bands=(3,)),
        Ability("defense_dice", Effect("defense_dice", -1, "defense"), "the defender of its primary weapon "
                "attack at Range 3 rolls 1 defense die less",
                condition=Condition(role="attacker", weapon="primary", bands=(3,)), optional=False))),
    Card(("charging_weapons_72315p",), "Charging Weapons", "weapon", (
        Ability("modify_attack", Effect("reroll", 1, "attack", ("blank",)), "attacking with the primary weapon: "
                "disable to reroll one blank", Cost(disable=True), Condition(role="attacker", weapon="primary")),)),
    Card(("photonic_torpedoes_71526", "photonic_torpedoes_71800"), "Photonic Torpedoes", "weapon", (),
         note="fires by the weapon table alone"),
    Card(("aft_particle_beam_71446", "aft_particle_beam_72221i"), "Aft Particle Beam", "weapon", (),
         note="fires by the weapon table alone"),
    Card(("hypothermic_charge_71534",), "Hypothermic Charge", "weapon", (
        Ability("damage", Effect("ignore_shields"), "its damage goes past the defender's shields to the hull",
                condition=_THIS, optional=False),
        Ability("modify_attack", Effect("reroll", ANY, "attack"), "against a ship with no active shields: reroll "
                "any number of the attack dice", condition=Condition(role="attacker", weapon="this",
                                                                     check=_unshielded))),
        note="only a Vidiian ship may take it: fleet building"),
    Card(("magnetometric_guided_charge_71525",), "Magnetometric Guided Charge", "weapon", (
        _BS_TO_CRIT,
        Ability("defense_dice", Effect("no_dice", dice="defense"), "the defender rolls no defense dice",
                condition=_THIS, optional=False)),
        note="only a Borg ship may take it: fleet building"),
    Card(("dual_phaser_banks_72002p",), "Dual Phaser Banks", "weapon", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking with the primary weapon: disable for +1 attack "
                "die", Cost(disable=True), Condition(role="attacker", weapon="primary")),),
        note="Federation only, its +3 cost off a Constitution class and one per ship are fleet building"),
    Card(("tactical_station_71510",), "Tactical Station", "weapon", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking: disable for +1 attack die", Cost(disable=True),
                Condition(role="attacker")),
        Ability("attack_dice", Effect("attack_dice", 2), "attacking: discard for +2 attack dice", Cost(discard=True),
                Condition(role="attacker"))),
        note="its extra weapon slot is fleet building; \"until the End Phase\" is the ship's one attack a round"),
    Card(("variable_yield_charges_72018",), "Variable Yield Charges", "weapon", (
        Ability("attack_dice", Effect("attack_dice", 1), "attacking with Photonic Charges: disable for +1 attack "
                "die and an auxiliary power token", Cost(disable=True, aux_power=True),
                Condition(role="attacker", check=_photonic_charges)),)),
    Card(("all_power_to_phasers_72317p",), "All Power to Phasers", "weapon", (
        Ability("attack_dice", Effect("attack_dice", 2), "attacking with the primary weapon: discard this card and "
                "disable every remaining active shield for +2 attack dice", Cost(discard=True, shields=-1),
                Condition(role="attacker", weapon="primary")),)),
    Card(("3097", "dorsal_weapons_array_71646b"), "Dorsal Weapons Array", "weapon", (),
         note="fires by the weapon table alone"),
    Card(("plasma_torpedoes_i_r_w_vorta_vor",), "Plasma Torpedoes", "weapon", (),
         note="fires by the weapon table alone (this printing rerolls no blanks)"),
    Card(("aft_phaser_emitter_71529",), "Aft Phaser Emitter", "weapon", (), note="fires by the weapon table alone"),
    Card(("aft_phase_cannon_71526",), "Aft Phase Cannon", "weapon", (), note="fires by the weapon table alone"),
    Card(("plasma_cannons_71800",), "Plasma Cannons", "weapon", (), note="fires by the weapon table alone"),
    Card(("rotating_emitters_72360",), "Rotating Emitters", "weapon", (),
         note="fires by the weapon table alone; only a Xindi weapon ship may take it: fleet building"),
    Card(("tricobalt_warhead_71795",), "Tricobalt Warhead", "weapon", (),
         note="fires by the weapon table alone; its +5 cost on a non-Tholian ship is fleet building"),
    Card(("chroniton_torpedoes_71799",), "Chroniton Torpedoes", "weapon", (
        Ability("damage", Effect("ignore_shields"), "its damage goes past the defender's shields to the hull",
                condition=_THIS, optional=False),),
        note="its cost off a Krenim ship is fleet building"),
)

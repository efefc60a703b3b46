"""How each printed secondary weapon fires: written by scripts/make_weapon_table.py, do not edit.

By card id: (arcs, target lock, cost, Time Tokens). Arcs: ``front``, ``rear``, ``any`` (in any direction),
``outside_front`` (at a ship not in the forward firing arc). Target lock on the defender: ``spend`` it to
fire, ``hold`` it (fire only with one, not spent), ``none``. Cost: ``disable`` the card, ``discard`` it, or
``time``: place that many Time Tokens on it (it is not disabled).
"""

from __future__ import annotations

from typing import Final, Literal

Lock = Literal["spend", "hold", "none"]
Cost = Literal["disable", "discard", "time"]

WEAPONS: Final[dict[str, tuple[tuple[str, ...], Lock, Cost, int]]] = {
    '3006': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    '3010': (('front',), 'spend', 'disable', 0),  # Photon Torpedoes (Vor'cha Bonus)
    '3016': (('front', 'rear'), 'spend', 'disable', 0),  # Plasma Torpedoes
    '3024': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    '3036': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    '3045': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    '3046': (('front',), 'none', 'disable', 0),  # Magnetic Pulse
    '3051': (('front',), 'spend', 'disable', 0),  # Photon Torpedoes (Negh'Var Bonus)
    '3054': (('front',), 'none', 'disable', 0),  # Forward Weapons Grid
    '3058': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    '3059': (('front',), 'none', 'disable', 0),  # Energy Dissipator
    '3063': (('front',), 'none', 'disable', 0),  # Missile Launchers
    '3067': (('front', 'rear'), 'spend', 'disable', 0),  # Quantum Torpedoes
    '3073': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    '3078': (('front',), 'spend', 'disable', 0),  # Nuclear Missiles
    '3081': (('front',), 'none', 'disable', 0),  # Phased Polaron Beam
    '3085': (('front', 'rear'), 'spend', 'disable', 0),  # Concussive Charges
    '3087': (('front',), 'none', 'discard', 0),  # Barrage of Fire
    '3096': (('front',), 'spend', 'disable', 0),  # Enhanced Weaponry
    '3097': (('any',), 'none', 'disable', 0),  # Dorsal Weapons Array
    '3103': (('front',), 'none', 'disable', 0),  # Additional Weapons Array
    '3136': (('front',), 'spend', 'discard', 0),  # Secondary Torpedo Launcher
    'advanced_weaponry_72025': (('front',), 'spend', 'time', 3),  # Advanced Weaponry
    'aft_disruptor_emitters_72221a': (('outside_front',), 'none', 'disable', 0),  # Aft Disruptor Emitters
    'aft_particle_beam_71446': (('rear',), 'none', 'disable', 0),  # Aft Particle Beam
    'aft_particle_beam_72221i': (('rear',), 'none', 'disable', 0),  # Aft Particle Beam
    'aft_phase_cannon_71526': (('rear',), 'none', 'disable', 0),  # Aft Phase Cannon
    'aft_phaser_emitter_71529': (('rear',), 'none', 'disable', 0),  # Aft Phaser Emitter
    'aft_photon_torpedoes_72225p': (('outside_front',), 'spend', 'time', 3),  # Aft Photon Torpedoes
    'aft_torpedo_launcher_72018': (('outside_front',), 'spend', 'time', 3),  # Aft Torpedo Launcher
    'aft_weapons_array_71798': (('outside_front',), 'none', 'disable', 0),  # Aft Weapons Array
    'aft_weapons_array_72221c': (('outside_front',), 'none', 'disable', 0),  # Aft Weapons Array
    'ambush_attack_71999p': (('front',), 'none', 'discard', 0),  # Ambush Attack
    'anti_matter_warhead_72022': (('front',), 'spend', 'discard', 0),  # Matter-Antimatter Warhead
    'biogenic_weapon_71510b': (('front',), 'spend', 'discard', 0),  # Biogenic Charge
    'biological_weapon_72012': (('front',), 'none', 'discard', 0),  # Biological Weapon
    'borg_missile_71444': (('front',), 'none', 'disable', 0),  # Borg Missile
    'chroniton_torpedoes_71799': (('front', 'rear'), 'spend', 'disable', 0),  # Chroniton Torpedoes
    'concussive_charges_72009': (('front', 'rear'), 'spend', 'time', 3),  # Concussive Charges
    'cutting_beam_71283': (('front',), 'none', 'disable', 0),  # Cutting Beam
    'disruptor_banks_72328': (('front',), 'none', 'time', 3),  # Disruptor Banks
    'disruptor_beams_71794': (('front',), 'none', 'disable', 0),  # Disruptor Beams
    'disruptor_cannon_72946': (('front',), 'spend', 'discard', 0),  # Disruptor Cannon
    'disruptor_pulse_71794': (('front',), 'none', 'disable', 0),  # Disruptor Pulse
    'dorsal_weapons_array_71646b': (('any',), 'none', 'disable', 0),  # Dorsal Weapons Array
    'energy_blast_71281': (('front',), 'spend', 'disable', 0),  # Energy Blast
    'energy_blast_72012': (('front',), 'spend', 'discard', 0),  # Energy Blast
    'energy_focusing_ship_71281': (('front',), 'none', 'discard', 0),  # Energy Focusing Ship
    'fire_all_weapons_71510b': (('front', 'rear'), 'spend', 'disable', 0),  # Fire All Weapons
    'flanking_attack_72010': (('front',), 'none', 'discard', 0),  # Flanking Attack
    'focused_particle_beam_gavroche': (('front',), 'none', 'disable', 0),  # Focused Particle Beam
    'forward_weapons_array_71522': (('front',), 'none', 'discard', 0),  # Forward Weapons Array
    'forward_weapons_grid_71646b': (('front',), 'none', 'disable', 0),  # Forward Weapons Grid
    'full_assault_71444': (('front',), 'none', 'disable', 0),  # Full Assault
    'grappler_71534': (('front',), 'none', 'disable', 0),  # Grappler
    'heavy_graviton_beam_72326': (('front',), 'none', 'discard', 0),  # Heavy Graviton Beam
    'high_yield_photon_torpedoes_72320p': (('front',), 'spend', 'time', 3),  # High Yield Photon Torpedoes
    'hypothermic_charge_71534': (('front',), 'none', 'disable', 0),  # Hypothermic Charge
    'improved_phasers_72350': (('front',), 'none', 'time', 2),  # Improved Phasers
    'magnetometric_guided_charge_71525': (('front',), 'none', 'disable', 0),  # Magnetometric Guided Charge
    'main_batteries_72321p': (('front',), 'none', 'time', 2),  # Main Batteries
    'multi_vector_assault_mode_71802': (('any',), 'spend', 'disable', 0),  # Multi-Vector Assault Mode
    'particle_beam_weapon_71646c': (('front', 'rear'), 'none', 'disable', 0),  # Particle Beam Weapon
    'particle_beam_weapon_71793': (('front', 'rear'), 'none', 'disable', 0),  # Particle Beam Weapon
    'particle_cannon_array_72025': (('front',), 'none', 'time', 2),  # Particle Cannon Array
    'phased_polaron_beam_71279': (('front',), 'none', 'disable', 0),  # Phased Polaron Beam
    'phaser_barrage_71796': (('front',), 'none', 'disable', 0),  # Phaser Barrage
    'phaser_strike_71445': (('front',), 'none', 'disable', 0),  # Phaser Strike
    'phaser_strike_72221g': (('front',), 'none', 'disable', 0),  # Phaser Strike
    'photon_torpedoes_3rd_wing_attack_ship': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71279': (('front',), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71522': (('front',), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71524': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71528': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71531': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71533': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes (Reman Bonus)
    'photon_torpedoes_71535': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes (Negh'Var Bonus)
    'photon_torpedoes_71646a': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71796': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_71802': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes (Prometheus Bonus)
    'photon_torpedoes_71806': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_72005p': (('front',), 'spend', 'time', 3),  # Photon Torpedoes
    'photon_torpedoes_72008': (('front', 'rear'), 'spend', 'time', 3),  # Photon Torpedoes
    'photon_torpedoes_72009': (('front', 'rear'), 'spend', 'time', 3),  # Photon Torpedoes
    'photon_torpedoes_72010': (('front', 'rear'), 'spend', 'time', 3),  # Photon Torpedoes
    'photon_torpedoes_72014': (('front', 'rear'), 'spend', 'time', 3),  # Photon Torpedoes
    'photon_torpedoes_72334': (('front',), 'spend', 'time', 3),  # Photon Torpedoes (Vor'cha Bonus)
    'photon_torpedoes_72938': (('front',), 'hold', 'time', 2),  # Photon Torpedoes
    'photon_torpedoes_i_k_s_b_moth': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photon_torpedoes_u_s_s_yaeger': (('front', 'rear'), 'spend', 'disable', 0),  # Photon Torpedoes
    'photonic_charges_71282': (('front',), 'none', 'disable', 0),  # Photonic Charges
    'photonic_charges_71646c': (('front',), 'none', 'disable', 0),  # Photonic Charges
    'photonic_charges_72018': (('front',), 'none', 'time', 3),  # Photonic Charges
    'photonic_charges_72221h': (('front',), 'none', 'disable', 0),  # Photonic Charges
    'photonic_missiles_72014': (('front', 'rear'), 'spend', 'time', 3),  # Photonic Missiles
    'photonic_torpedoes_71526': (('front', 'rear'), 'spend', 'disable', 0),  # Photonic Torpedoes
    'photonic_torpedoes_71800': (('front', 'rear'), 'spend', 'disable', 0),  # Photonic Torpedoes
    'photonic_weapon_71446': (('front', 'rear'), 'spend', 'disable', 0),  # Photonic Weapon
    'photonic_weapon_71646e': (('front', 'rear'), 'spend', 'disable', 0),  # Photonic Weapon
    'plasma_cannons_71800': (('front', 'rear'), 'none', 'disable', 0),  # Plasma Cannons
    'plasma_pulse_72937': (('front',), 'none', 'discard', 0),  # Plasma Pulse
    'plasma_torpedoes_71278': (('front', 'rear'), 'spend', 'disable', 0),  # Plasma Torpedoes
    'plasma_torpedoes_72010': (('front', 'rear'), 'spend', 'time', 3),  # Plasma Torpedoes
    'plasma_torpedoes_72333': (('front', 'rear'), 'spend', 'time', 3),  # Plasma Torpedoes
    'plasma_torpedoes_i_r_w_vorta_vor': (('front', 'rear'), 'spend', 'disable', 0),  # Plasma Torpedoes
    'plasma_torpedoes_opwebprize': (('front', 'rear'), 'spend', 'disable', 0),  # Plasma Torpedoes
    'plasma_wave_72022': (('front',), 'none', 'discard', 0),  # Plasma Wave
    'plasma_wave_72937': (('front',), 'none', 'time', 2),  # Plasma Wave
    'proton_beam_71646d': (('front',), 'none', 'disable', 0),  # Proton beam
    'prototype_weapon_72004p': (('front',), 'none', 'discard', 0),  # Prototype Weapon
    'pulse_firing_particle_cannon_72003p': (('front',), 'none', 'disable', 0),  # Pulse-Firing Particle Cannon
    'pulse_firing_particle_cannon_72341': (('front',), 'none', 'disable', 0),  # Pulse-Firing Particle Cannon
    'pulse_phased_weapons_72226p': (('front',), 'none', 'time', 3),  # Pulse Phased Weapons
    'quantum_torpedoes_71510b': (('front', 'rear'), 'spend', 'disable', 0),  # Quantum Torpedoes
    'quantum_torpedoes_72008': (('front', 'rear'), 'spend', 'time', 3),  # Quantum Torpedoes
    'quantum_torpedoes_72022': (('front', 'rear'), 'spend', 'time', 3),  # Quantum Torpedoes
    'quantum_torpedoes_72937': (('front',), 'spend', 'time', 2),  # Quantum Torpedoes
    'rotating_emitters_72360': (('any',), 'none', 'disable', 0),  # Rotating Emitters
    'strafing_attack_71804': (('front',), 'none', 'discard', 0),  # Strafing Attack
    'subnucleonic_beam_71808': (('front',), 'none', 'disable', 0),  # Subnucleonic Beam
    'targeted_phaser_strike_71797': (('front',), 'none', 'disable', 0),  # Targeted Phaser Strike
    'tellarite_disruptor_banks_72939': (('front',), 'none', 'time', 3),  # Tellarite Disruptor Banks
    'temporal_incursion_71799': (('front',), 'spend', 'discard', 0),  # Temporal Incursion
    'thalaron_weapon_71533': (('front',), 'none', 'discard', 0),  # Thalaron Weapon
    'thalmerite_explosive_72221e': (('front',), 'none', 'discard', 0),  # Thalmerite Explosive
    'thoron_shock_emitter_72022': (('front',), 'spend', 'discard', 0),  # Thoron Shock Emitter
    'thoron_shock_emitter_72937': (('front',), 'none', 'discard', 0),  # Thoron Shock Emitter
    'transphasic_torpedoes_71280': (('front', 'rear'), 'spend', 'discard', 0),  # Transphasic Torpedoes
    'tricobalt_device_72001p': (('front',), 'spend', 'discard', 0),  # Tricobalt Device
    'tricobalt_warhead_71795': (('front',), 'spend', 'disable', 0),  # Tricobalt Warhead
    'volley_of_torpedoes_71524': (('front', 'rear'), 'spend', 'discard', 0),  # Volley of Torpedoes
    'weapon_ports_72221j': (('front',), 'none', 'disable', 0),  # Weapon Ports
    'xindi_torpedoes_72335': (('front',), 'spend', 'time', 3),  # Xindi Torpedoes
    'xindi_torpedoes_72338': (('front',), 'spend', 'time', 3),  # Xindi Torpedoes
    'xindi_torpedoes_72341': (('front',), 'spend', 'time', 3),  # Xindi Torpedoes
}

"""Which ship cards print an ability of their own (Space Dock's ability table: every unique ship
does, and these non-unique ones; a generic "Federation Starship" prints none)."""

from __future__ import annotations

from engine.catalog.models import Ship

# the non-unique ship cards that print an ability (ids from shared/data/spacedock/abilities.tsv)
NON_UNIQUE_PRINTED = frozenset({
    "assimilation_target_prime_71510b", "borg_starship_71525", "dominion_attack_fighters_71754",
    "dominion_starship_72022", "dominion_starship_72937", "federation_attack_squadron_71753",
    "federation_starship_72014", "i_k_s_toh_kaht_72221e", "i_r_w_terix_72000p", "i_s_s_avenger_71800",
    "i_s_s_defiant_71529", "i_s_s_enterprise_71796", "kyana_prime_71799", "prakesh_71646b",
    "regent_s_flagship_71535", "romulan_attack_fighters_72019", "romulan_starship_71536",
    "romulan_starship_72939", "u_s_s_enterprise_d_71510b", "u_s_s_pasteur_71807",
})


def prints_ability(ship: Ship) -> bool:
    """The ship card prints an ability of its own."""
    return ship.unique or ship.id in NON_UNIQUE_PRINTED

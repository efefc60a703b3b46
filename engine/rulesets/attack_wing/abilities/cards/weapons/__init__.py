"""Weapon upgrade cards, by mechanism: ``combat`` (the attack's dice and steps, the secondary
weapons' own dice), ``divided`` (an attack divided or followed up)."""

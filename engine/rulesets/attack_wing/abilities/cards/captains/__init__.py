"""Captain cards, by mechanism: ``combat`` (the attack's dice and steps), ``actions`` (an "Action:" or a
free action, and the other windows around them)."""

"""Crew cards, by mechanism: ``combat`` (the attack's dice and steps), ``actions`` (an "Action:" or a free
action), ``granted_actions`` (actions in other forms)."""

"""Ship cards' own abilities (the ship card's catalog id among its ship's cards), by mechanism: ``combat``
(the attack's dice and steps), ``actions`` (an "Action:", a free action, and the windows around the
ship's maneuver and cloak), ``twin_attack`` (The Koranak)."""

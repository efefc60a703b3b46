"""The bundled scenarios, missions, lessons, fleets and notation examples, as package data
(found with importlib.resources, so an installed wheel has them as a checkout does)."""

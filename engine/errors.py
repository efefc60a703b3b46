"""Errors the engine raises for bad input; all subclass ValueError with a clear message."""


class TrekError(ValueError):
    """Base class for every user-facing error of the engine."""


class CatalogError(TrekError):
    """A look-up in the ship catalog failed (unknown or ambiguous name, bad id)."""


class GeometryError(TrekError):
    """A maneuver, pose or measurement request is malformed or not possible."""


class IllegalEvent(TrekError):
    """An event that cannot happen in the state it is applied to (a corrupt or forged log)."""


class IllegalDecision(TrekError):
    """A player (AI, notation file, test) chose something the rules did not offer."""

"""The studio's assets in models/: which model a ship uses, how big it is, and loading them.

Ship models come in *families* (one silhouette each, built by ``models/build_models.py``):
the Federation classes players know by their saucer and nacelle proportions (Galaxy, Sovereign,
Excelsior, Constitution, Intrepid, Miranda, Nebula, Defiant; the other Federation classes share
one model), the Klingon bird-of-prey apart from the Klingon cruisers, and one per other faction
or hull (Romulan warbird, Jem'Hadar, Cardassian, Borg cube and sphere, a station, a generic
dart). The class name picks the family, so an assimilated B'Rel still looks Klingon; the faction
is the fallback for classes the table does not name. The *size class* scales the model:

- a ship on the large (80 mm) base: ``"huge"``, twice the medium model (Borg Cube, Nor Class);
- otherwise by printed hull: 1-3 ``"small"`` (Defiant, Bird-of-Prey, Jem'Hadar attack ship),
  4 ``"medium"`` (Constitution, Galor, Intrepid), 5 and more ``"large"`` (Galaxy, Sovereign,
  Vor'cha, D'deridex).

Models are in millimetres, nose along +Y, starboard +X, up +Z, with the origin where the peg
meets the hull; a medium model is about ``MODEL_LENGTH_MM`` long.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Final

MODELS_DIR: Final = Path(str(files("trek_models")))  # models/ in a checkout, package data in a wheel

FAMILIES: Final = ("galaxy", "sovereign", "excelsior", "constitution", "intrepid", "miranda", "nebula",
                   "defiant", "federation", "klingon_bird", "klingon", "romulan", "dominion", "cardassian",
                   "borg_cube", "borg_sphere", "station", "generic")

MODEL_LENGTH_MM: Final = 36.0
SIZE_SCALE: Final[dict[str, float]] = {"small": 0.8, "medium": 1.0, "large": 1.2, "huge": 2.0}

# Height of the model's attachment point above the table (top of the peg), by base size.
PEG_HEIGHT_MM: Final[dict[str, float]] = {"small": 30.0, "large": 40.0}
BASE_THICKNESS_MM: Final = 2.5
BASE_HALF_MM: Final[dict[str, float]] = {"small": 20.0, "large": 40.0}  # half a base's side (the rules' size)

MAT_TEXTURE: Final = "mat_starfield.png"

# Class-name keywords, checked in order (the first family whose keyword is in the name wins).
_CLASS_KEYWORDS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("station", ("nor class", "space station")),
    ("borg_sphere", ("borg sphere", "octahedron")),
    ("borg_cube", ("cube", "borg type")),
    ("dominion", ("jem'hadar", "breen", "hideki")),
    ("cardassian", ("cardassian", "galor", "keldon")),
    ("romulan", ("romulan", "d'deridex", "reman", "valdore", "scorpion")),
    ("klingon_bird", ("klingon bird", "b'rel", "k'vort")),
    ("klingon", ("klingon", "d7 class", "k't'inga", "negh'var", "raptor", "vor'cha")),
    ("galaxy", ("galaxy",)),
    ("sovereign", ("sovereign",)),
    ("excelsior", ("excelsior",)),
    ("constitution", ("constitution",)),
    ("intrepid", ("intrepid",)),
    ("miranda", ("miranda", "saber")),
    ("nebula", ("nebula",)),
    ("defiant", ("defiant",)),
    ("federation", ("akira", "prometheus", "nova class", "oberth", "constellation", "nx class", "aerie",
                    "olympic", "dauntless")),
)
_FACTION_FAMILY: Final[dict[str, str]] = {
    "federation": "federation", "mirror universe": "federation", "klingon": "klingon",
    "romulan": "romulan", "dominion": "dominion", "borg": "borg_cube",
}


def ship_family(class_name: str, faction: str = "") -> str:
    """The model family for a ship class (by class name, else by faction, else ``generic``)."""
    name = class_name.lower()
    for family, keywords in _CLASS_KEYWORDS:
        if any(k in name for k in keywords):
            return family
    return _FACTION_FAMILY.get(faction.lower(), "generic")


def size_class(hull_max: int, base_size: str = "small") -> str:
    """``small``/``medium``/``large`` by printed hull, or ``huge`` on the large base."""
    if base_size == "large":
        return "huge"
    if hull_max <= 3:
        return "small"
    return "medium" if hull_max == 4 else "large"


def model_scale(hull_max: int, base_size: str = "small") -> float:
    return SIZE_SCALE[size_class(hull_max, base_size)]


def ship_model_path(family: str) -> Path:
    return MODELS_DIR / f"ship_{family}.egg"


def base_model_path(base_size: str) -> Path:
    return MODELS_DIR / f"base_{base_size}.egg"
